-- zoom: a photo grows out of its thumbnail, a drag that lets it grow back, a drag that shrinks
-- it into the thumbnail. Run: scrim run Scripts/zoom.lua

local zoom = plugin "zoom"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-28s %6.1f %6.1f %6.1f x %6.1f  radius %4.1f", scrim.now(), label,
    f.x, f.y, f.width, f.height, view.presentation.cornerRadius))
end

-- A grid of photos (Scripts/images/*.svg); the first, the lake, is the one that zooms.
local photos = { "lake", "dunes", "city", "forest", "peaks", "harbor" }
local thumbnail
local grid = ViewController{ name = "grid", viewDidLoad = function(self)
  self.view.backgroundColor = "#ffffff"
  self.view:addSubview(Label{ frame = rect(20, 64, 353, 41), text = "Photos", font = { size = 34, weight = "bold" } })
  for i, name in ipairs(photos) do
    local cell = ImageView{ name = i == 1 and "thumbnail" or name, image = image("images/" .. name .. ".svg"),
      frame = rect(20 + (i - 1) % 3 * 120, 120 + (i - 1) // 3 * 120, 100, 100), contentMode = "scaleAspectFill",
      cornerRadius = 12, clipsToBounds = true }
    self.view:addSubview(cell)
    if i == 1 then thumbnail = cell end
  end
end }
window.rootViewController = grid
step()

local photo = ViewController{ name = "photo", modalPresentationStyle = "custom", viewDidLoad = function(self)
  local width = window.size.width
  self.view.backgroundColor = "#000000"
  self.view:addSubview(ImageView{ image = image("images/lake.svg"), frame = rect(0, 200, width, width * 2 / 3),
    contentMode = "scaleAspectFill", clipsToBounds = true })
  self.view:addSubview(Label{ frame = rect(20, 220 + width * 2 / 3, width - 40, 28), text = "Lake at dusk",
    font = { size = 22, weight = "semibold" }, textColor = "#ffffff" })
  self.view:addSubview(Label{ frame = rect(20, 252 + width * 2 / 3, width - 40, 44), numberOfLines = 2,
    text = "The last light over the water, the far shore already in shadow.", textColor = "#aeaeb2",
    font = { size = 15 } })
end }
photo.transitioningDelegate = zoom.delegate{ sourceView = function() return thumbnail end }

print("-- zoom in from the thumbnail")
grid:present(photo, true)
step()
report("photo, first frame", photo.view)
print("thumbnail hidden:", thumbnail.hidden)
run(0.1)
report("photo, growing", photo.view)
run(0.4)
report("photo, presented", photo.view)
print("thumbnail hidden:", thumbnail.hidden)

print("-- drag down a little: it shrinks with the finger, then grows back")
window:pan{ from = point(196, 300), to = point(196, 400), duration = 0.5 }
run(0.5)
report("photo, released", photo.view)
run(0.6)
report("photo, back", photo.view)

print("-- drag down further: it lands in the thumbnail")
window:pan{ from = point(196, 300), to = point(196, 700), duration = 0.5 }
run(0.5)
report("photo, released", photo.view)
run(0.6)
print("presented:", grid.presentedViewController ~= nil, "thumbnail hidden:", thumbnail.hidden)
