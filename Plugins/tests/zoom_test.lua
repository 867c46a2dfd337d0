-- Tests of the zoom plugin (Plugins/zoom.lua): `scrim test Plugins/tests`.

local function zoomFrom(thumbnailFrame)
  local thumbnail = View{ name = "thumbnail", frame = thumbnailFrame, backgroundColor = "#ff2d55", cornerRadius = 6 }
  local root = ViewController{ name = "root", viewDidLoad = function(self)
    self.view.backgroundColor = "#ffffff"
    self.view:addSubview(thumbnail)
  end }
  window.rootViewController = root
  step()
  local photo = ViewController{ name = "photo", modalPresentationStyle = "custom",
    viewDidLoad = function(self) self.view.backgroundColor = "#1c1c1e" end }
  photo.transitioningDelegate = plugin("zoom").delegate{ sourceView = thumbnail }
  root:present(photo, true)
  return photo, thumbnail
end

test("passes its self-test", function() plugin("zoom").selfTest() end)

test("the photo grows from the thumbnail to the screen", function()
  local photo, thumbnail = zoomFrom(rect(20, 120, 100, 100))
  step()
  expect(photo.view.presentation.frame):toBeCloseTo(rect(20, 120, 100, 100), 0.01)
  expect(thumbnail.hidden):toBe(true)
  run(0.5)
  expect(photo.view.presentation.frame):toBeCloseTo(rect(0, 0, window.size.width, window.size.height))
  expect(thumbnail.hidden):toBe(false)
  expect(frameAt(0.2)):toMatchSnapshot("zoom-growing")
end)
