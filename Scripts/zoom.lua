-- zoom: a photo grows out of its thumbnail, a drag that lets it grow back, a drag that shrinks
-- it into the thumbnail. Run: scrim run Scripts/zoom.lua

local zoom = plugin "zoom"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-28s %6.1f %6.1f %6.1f x %6.1f  radius %4.1f", scrim.now(), label,
    f.x, f.y, f.width, f.height, view.presentation.cornerRadius))
end

local thumbnail
local grid = ViewController{ name = "grid", viewDidLoad = function(self)
  thumbnail = View{ name = "thumbnail", frame = rect(20, 120, 100, 100), backgroundColor = "#5ac8fa",
                    cornerRadius = 12 }
  self.view:addSubview(thumbnail)
end }
window.rootViewController = grid
step()

local photo = ViewController{ name = "photo", modalPresentationStyle = "custom",
  viewDidLoad = function(self) self.view.backgroundColor = "#5ac8fa" end }
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
