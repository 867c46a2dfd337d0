-- circular-reveal: a compose screen revealed from a floating button, and hidden back into it.
-- Run: scrim run Scripts/circular-reveal.lua

local reveal = plugin "circular-reveal"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-22s circle %6.1f %6.1f %6.1f x %6.1f  radius %6.1f", scrim.now(), label,
    f.x, f.y, f.width, f.height, view.presentation.cornerRadius))
end

local fab
local inbox = ViewController{ name = "inbox", viewDidLoad = function(self)
  fab = View{ name = "compose button", frame = rect(313, 752, 56, 56), backgroundColor = "#007aff", cornerRadius = 28 }
  self.view:addSubview(fab)
end }
window.rootViewController = inbox
step()

local compose = ViewController{ name = "compose", modalPresentationStyle = "overFullScreen",
  viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
compose.transitioningDelegate = reveal.delegate{ sourceView = function() return fab end }

print("-- reveal from the button")
inbox:present(compose, true)
step()
local mask = compose.view.superview.superview
report("first frame", mask)
run(0.2)
report("half-way", mask)
run(0.25)
print("compose in the container, mask gone:", compose.view.superview.name, mask.superview == nil)
print("compose frame:", compose.view.frame)

print("-- hide back into the button")
compose:dismiss(true)
step()
mask = compose.view.superview.superview
run(0.2)
report("half-way", mask)
run(0.25)
print("presented:", inbox.presentedViewController ~= nil)
