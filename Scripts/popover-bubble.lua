-- popover-bubble: a menu in a bubble under a toolbar button on an iPad, dismissed by a tap
-- outside; the same menu on an iPhone, where it adapts to a sheet.
-- Run: scrim run Scripts/popover-bubble.lua

local bubble = plugin "popover-bubble"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-24s %6.1f %6.1f %6.1f x %6.1f  alpha %.2f", scrim.now(), label,
    f.x, f.y, f.width, f.height, view.presentation.alpha))
end

local button
local editor = ViewController{ name = "editor", viewDidLoad = function(self)
  button = View{ name = "share button", frame = rect(600, 40, 44, 44) }
  self.view:addSubview(button)
end }

local function menu()
  local vc = ViewController{ name = "menu", modalPresentationStyle = "custom", preferredContentSize = size(250, 180),
    viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  vc.transitioningDelegate = bubble.delegate{ sourceView = function() return button end }
  return vc
end

print("-- on an iPad: a bubble under the button")
window:setDevice("iPad Air")
window.rootViewController = editor
step()
local shown = menu()
editor:present(shown, true)
step(8)
report("menu, growing", shown.view)
run(0.3)
report("menu, shown", shown.view)
print("arrow points", shown.presentationController.arrowDirection)
window:tap(point(100, 900))
run(0.4)
print("presented:", editor.presentedViewController ~= nil)

print("-- on an iPhone: compact width, so a sheet")
window:setDevice("iPhone 15")
button.frame = rect(300, 60, 44, 44)
step()
shown = menu()
editor:present(shown, true)
run(0.7)
report("menu, as a sheet", shown.view)
print("still a bubble:", bubble.presentationController:isInstance(shown.presentationController))
