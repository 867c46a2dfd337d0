-- Tests of the circular-reveal plugin (Plugins/circular-reveal.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("circular-reveal").selfTest() end)

test("the circle grows from its origin until the view is whole", function()
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  window.rootViewController = root
  step()
  local vc = ViewController{ name = "revealed", modalPresentationStyle = "overFullScreen",
    viewDidLoad = function(self) self.view.backgroundColor = "#ff9500" end }
  vc.transitioningDelegate = plugin("circular-reveal").delegate{ origin = point(50, 50) }
  root:present(vc, true)
  run(0.5)
  expect(vc.view.superview.name):toBe("container")
  expect(frameAt(0.2)):toMatchSnapshot("circular-reveal-growing")
end)
