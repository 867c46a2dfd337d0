-- Tests of the slide plugin (Plugins/slide.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("slide").selfTest() end)

describe("from each edge", function()
  for _, case in ipairs{ { "left", "x", -1 }, { "right", "x", 1 }, { "top", "y", -1 }, { "bottom", "y", 1 } } do
    local edge, axis, sign = case[1], case[2], case[3]
    test("the panel starts off the " .. edge .. " edge and ends on screen", function()
      local root = ViewController{ name = "root" }
      window.rootViewController = root
      step()
      local panel = ViewController{ name = "panel", modalPresentationStyle = "overFullScreen" }
      panel.transitioningDelegate = plugin("slide").delegate{ edge = edge }
      root:present(panel, true)
      step()
      local extent = axis == "x" and window.size.width or window.size.height
      expect(panel.view.presentation.frame[axis]):toBeCloseTo(sign * extent)
      run(0.4)
      expect(panel.view.presentation.frame[axis]):toBe(0)
    end)
  end
end)

test("half-way, the panel is half in", function()
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  window.rootViewController = root
  step()
  local panel = ViewController{ name = "panel", modalPresentationStyle = "overFullScreen",
    viewDidLoad = function(self) self.view.backgroundColor = "#5856d6" end }
  panel.transitioningDelegate = plugin("slide").delegate{ edge = "left" }
  root:present(panel, true)
  run(0.4)
  expect(frameAt(0.15)):toMatchSnapshot("slide-from-the-left")
end)
