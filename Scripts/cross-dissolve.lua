-- cross-dissolve: a sheet fades in over the screen and out again, then a navigation push and
-- pop fade. Run: scrim run Scripts/cross-dissolve.lua

local fade = plugin "cross-dissolve"

local function report(label, view)
  print(string.format("[%5.3f] %-22s alpha %.2f", scrim.now(), label, view.presentation.alpha))
end

local home = ViewController{ name = "home" }
local nav = NavigationController{ name = "nav", root = home }
nav.delegate = fade.navigationDelegate
window.rootViewController = nav
step()

print("-- present over full screen with a cross-dissolve")
local card = ViewController{ name = "card", modalPresentationStyle = "overFullScreen",
  viewDidLoad = function(self) self.view.backgroundColor = "#ffcc00" end }
card.transitioningDelegate = fade.transitioningDelegate
home:present(card, true)
step()
report("card, first frame", card.view)
run(0.175)
report("card, half-way", card.view)
run(0.2)
report("card, presented", card.view)

print("-- dismiss")
card:dismiss(true)
run(0.2)
report("card, half-way out", card.view)
run(0.2)
print("card presented:", home.presentedViewController ~= nil)

print("-- push and pop fade too")
local detail = ViewController{ name = "detail" }
nav:push(detail, true)
step(2)
report("detail, pushing", detail.view)
run(0.4)
report("detail, pushed", detail.view)
nav:pop(true)
run(0.4)
print("top:", nav.topViewController.name)
