-- half-sheet: present a sheet over the lower half; a drag that cancels, a drag up to the large
-- detent and back, a flick that dismisses; then a tap on the scrim.
-- Run: scrim run Scripts/half-sheet.lua

local halfSheet = plugin "half-sheet"

local function report(label, vc)
  local f = vc.view.presentation.frame
  print(string.format("[%5.3f] %-30s y %6.1f  height %6.1f", scrim.now(), label, f.y, f.height))
end

-- A map (Scripts/images/map.svg) under a sheet of places.
local home = ViewController{ name = "home", viewDidLoad = function(self)
  self.view.backgroundColor = "#f2efe9"
  self.view:addSubview(ImageView{ image = image("images/map.svg"), frame = self.view.bounds })
end }
window.rootViewController = home
step()

local function makeSheet()
  local sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom",
    viewDidLoad = function(self)
      self.view.backgroundColor = "#f2f2f7"
      self.view:addSubview(Label{ frame = rect(16, 20, 361, 30), text = "Nearby",
        font = { size = 22, weight = "bold" } })
      local places = { { "Harbour Café", "Coffee · 4 min walk" }, { "Lakeside Park", "Park · 9 min walk" },
                       { "City Library", "Library · 12 min walk" } }
      for i, place in ipairs(places) do
        local row = View{ frame = rect(16, 60 + (i - 1) * 64, 361, 56), backgroundColor = "#ffffff",
          cornerRadius = 10, shadowOpacity = 0.08, shadowRadius = 4, shadowOffset = size(0, 1) }
        row:addSubview(Label{ frame = rect(14, 8, 333, 22), text = place[1],
          font = { size = 17, weight = "semibold" } })
        row:addSubview(Label{ frame = rect(14, 30, 333, 18), text = place[2], font = { size = 14 },
          textColor = "#6c6c70" })
        self.view:addSubview(row)
      end
    end }
  sheet.transitioningDelegate = halfSheet.transitioningDelegate
  return sheet
end

print("-- present")
local sheet = makeSheet()
home:present(sheet, true, function() print("presented") end)
run(0.2)
report("sliding up", sheet)
run(0.3)
report("at the medium detent", sheet)

print("-- a short, slow drag down: the sheet follows, then comes back")
window:pan{ from = point(196, 500), to = point(196, 560), duration = 0.5 }
run(0.5)
report("released at 60 points", sheet)
run(0.5)
report("back", sheet)
print("still presented:", home.presentedViewController == sheet)

print("-- drag up: the large detent")
window:pan{ from = point(196, 500), to = point(196, 200), duration = 0.5 }
run(1.5)
report("large", sheet)
print("detent:", sheet.presentationController.detent)

print("-- drag down from large: back to medium")
window:pan{ from = point(196, 300), to = point(196, 500), duration = 0.5 }
run(1.5)
report("medium again", sheet)

print("-- a fast flick down, though short: dismissed")
window:pan{ from = point(196, 500), to = point(196, 580), duration = 0.05 }
run(1)
print("presented:", home.presentedViewController ~= nil)

print("-- present again; a tap on the scrim dismisses")
sheet = makeSheet()
home:present(sheet, true)
run(0.5)
window:tap(point(196, 100))
run(0.5)
print("presented:", home.presentedViewController ~= nil)
