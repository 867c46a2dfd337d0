-- slide: a panel presented in from the left, a push from the right, a tab switch in both
-- directions. Run: scrim run Scripts/slide.lua

local slide = plugin "slide"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-24s x %7.1f  y %7.1f", scrim.now(), label, f.x, f.y))
end

local inbox = ViewController{ name = "inbox", title = "Inbox" }
local nav = NavigationController{ name = "nav", root = inbox }
nav.delegate = slide.navigationDelegate{ edge = "right" }
local settings = ViewController{ name = "settings", title = "Settings" }
local tabs = TabBarController{ name = "tabs", viewControllers = { nav, settings } }
tabs.delegate = slide.tabBarDelegate{}
window.rootViewController = tabs
step()

print("-- a side panel slides in from the left over the screen, and back out")
local panel = ViewController{ name = "panel", modalPresentationStyle = "overFullScreen" }
panel.transitioningDelegate = slide.delegate{ edge = "left", duration = 0.3 }
tabs:present(panel, true)
step()
report("panel, first frame", panel.view)
run(0.15)
report("panel, half-way", panel.view)
run(0.2)
report("panel, presented", panel.view)
panel:dismiss(true)
run(0.4)
print("panel in the window:", panel.view.window ~= nil)

print("-- push from the right; the inbox moves a third of the way left")
local message = ViewController{ name = "message", title = "Message" }
nav:push(message, true)
step(2)
report("message, first frame", message.view)
run(0.15)
report("message, half-way", message.view)
report("inbox, half-way", inbox.view)
run(0.3)
report("message, pushed", message.view)

print("-- switch to the later tab (in from the right), then back (in from the left)")
tabs.selectedIndex = 2
step(2)
run(0.15)
report("settings, half-way", settings.view)
run(0.3)
tabs.selectedIndex = 1
step(2)
run(0.15)
report("nav, half-way back", nav.view)
run(0.3)
print("selected:", tabs.selectedViewController.name)
