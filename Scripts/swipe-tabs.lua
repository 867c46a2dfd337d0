-- swipe-tabs: swipe between three tabs; a short swipe that cancels, a long one, a flick back.
-- Run: scrim run Scripts/swipe-tabs.lua

local swipe = plugin "swipe-tabs"

local function tab(name, colour)
  return ViewController{ name = name, title = name,
    viewDidLoad = function(self) self.view.backgroundColor = colour end }
end
local tabs = TabBarController{ name = "tabs",
  viewControllers = { tab("home", "#ffffff"), tab("search", "#f2f2f7"), tab("library", "#e5e5ea") } }
window.rootViewController = tabs
swipe.install(tabs)
step()

local function report(label)
  local incoming = tabs.selectedViewController.view
  print(string.format("[%5.3f] %-34s selected %-8s x %7.1f", scrim.now(), label, tabs.selectedViewController.name,
    incoming.presentation.frame.x))
end

print("-- a short swipe left: search peeks in, then goes back")
window:pan{ from = point(300, 400), to = point(220, 400), duration = 0.5 }
run(0.5)
report("released a fifth of the way")
run(0.5)
report("cancelled")

print("-- a long swipe left: search")
window:pan{ from = point(350, 400), to = point(50, 400), duration = 0.5 }
run(0.5)
report("released three quarters of the way")
run(0.5)
report("switched")

print("-- a quick flick right: back home")
window:pan{ from = point(100, 400), to = point(160, 400), duration = 0.05 }
run(1)
report("flicked")

print("-- a tap on a tab slides as well")
tabs.selectedIndex = 3
run(0.2)
report("sliding in")
run(0.3)
report("selected")
