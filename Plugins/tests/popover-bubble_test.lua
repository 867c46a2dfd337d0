-- Tests of the popover-bubble plugin (Plugins/popover-bubble.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("popover-bubble").selfTest() end)

test("on an iPad the bubble points up at its button", function()
  window:setDevice("iPad Air")
  local button = View{ name = "button", frame = rect(600, 40, 44, 44), backgroundColor = "#007aff", cornerRadius = 8 }
  local root = ViewController{ name = "root", viewDidLoad = function(self)
    self.view.backgroundColor = "#ffffff"
    self.view:addSubview(button)
  end }
  window.rootViewController = root
  step()
  local menu = ViewController{ name = "menu", modalPresentationStyle = "custom", preferredContentSize = size(250, 180),
    viewDidLoad = function(self) self.view.backgroundColor = "#f2f2f7" end }
  menu.transitioningDelegate = plugin("popover-bubble").delegate{ sourceView = button }
  root:present(menu, true)
  run(0.5)
  expect(menu.presentationController.arrowDirection):toBe("up")
  expect(menu.view.frame):toBeCloseTo(rect(menu.view.frame.x, 94, 250, 180))
  expect(frame()):toMatchSnapshot("popover-bubble-shown")
end)
