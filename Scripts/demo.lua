-- Scrim's demo: a tour of the shipped plugins on one small app — a tab bar whose first tab is a
-- navigation stack. A half sheet is dragged (once not far enough, once away), a photo is pushed
-- with the checkerboard, and the tabs are switched with a swipe. Run it with `make demo` (or
-- `scrim run Scripts/demo.lua`); add `--trace -` for the JSON Lines trace of the same run.
-- Each plugin has a scenario of its own in Scripts/.

local halfSheet = plugin "half-sheet"
local checkerboard = plugin "checkerboard"
local swipeTabs = plugin "swipe-tabs"

local function say(format, ...)
  print(string.format("[%5.3f] " .. format, scrim.now(), ...))
end

local function top(view)
  return view.presentation.frame.y
end

-- The app: Inbox (a navigation stack) and Settings, in a tab bar.
local messages = {
  { "Maya Lindqvist", "Photos from Saturday", "9:41" },
  { "Build bot", "main passed: 671 tests", "9:12" },
  { "Jonas Weber", "Re: the half sheet feels slow on iPad", "Yesterday" },
  { "Priya Raman", "Lunch on Thursday?", "Tuesday" },
  { "Scrim releases", "0.9: labels, images and GIF export", "Monday" },
}
local inbox = ViewController{ name = "inbox", title = "Inbox", viewDidLoad = function(self)
  self.view.backgroundColor = "#f2f2f7"
  for i, message in ipairs(messages) do
    local row = View{ name = "message" .. i, frame = rect(16, 16 + (i - 1) * 60, 361, 52),
      backgroundColor = "#ffffff", cornerRadius = 10 }
    row:addSubview(Label{ frame = rect(12, 6, 250, 20), text = message[1],
      font = { size = 16, weight = "semibold" } })
    row:addSubview(Label{ frame = rect(12, 27, 337, 19), text = message[2], font = { size = 14 },
      textColor = "#6c6c70" })
    row:addSubview(Label{ frame = rect(262, 6, 87, 20), text = message[3], font = { size = 13 }, textColor = "#8e8e93",
      textAlignment = "right" })
    self.view:addSubview(row)
  end
end }
local nav = NavigationController{ name = "nav", root = inbox, title = "Inbox" }
nav.delegate = checkerboard.navigationDelegate
local settings = ViewController{ name = "settings", title = "Settings", viewDidLoad = function(self)
  self.view.backgroundColor = "#f2f2f7"
  local group = View{ frame = rect(16, 16, 361, 132), backgroundColor = "#ffffff", cornerRadius = 10 }
  for i, item in ipairs({ "Notifications", "Appearance", "Accounts" }) do
    group:addSubview(Label{ frame = rect(16, (i - 1) * 44, 329, 44), text = item })
  end
  self.view:addSubview(group)
end }
local tabs = TabBarController{ name = "tabs", viewControllers = { nav, settings } }
window.rootViewController = tabs
swipeTabs.install(tabs)
step()
say("the app is up: %s, showing %s", window.device, tabs.selectedViewController.name)

print("\n-- 1. half-sheet: a sheet over the lower half, with a dimming scrim")
local filters = ViewController{ name = "filters", modalPresentationStyle = "custom", viewDidLoad = function(self)
  self.view.backgroundColor = "#ffffff"
  self.view:addSubview(View{ name = "grabber", frame = rect(178.5, 5, 36, 5), backgroundColor = "#c7c7cc",
    cornerRadius = 2.5 })
  self.view:addSubview(Label{ frame = rect(16, 24, 361, 34), text = "Filters", font = { size = 22, weight = "bold" } })
  for i, item in ipairs({ "Unread only", "Flagged", "With attachments" }) do
    self.view:addSubview(Label{ frame = rect(16, 68 + (i - 1) * 40, 361, 40), text = item })
  end
end }
filters.transitioningDelegate = halfSheet.transitioningDelegate
inbox:present(filters, true, function() say("filters presented") end)
run(0.2)
say("sliding up: the sheet's top at %.1f, the scrim at alpha %.2f", top(filters.view),
  filters.presentationController.dim.presentation.alpha)
run(0.3)
say("at rest: the sheet's top at %.1f (half of %g)", top(filters.view), window.size.height)

print("\n-- a slow drag of 60 points: the sheet follows the finger, then goes back")
window:pan{ from = point(196, 500), to = point(196, 560), duration = 0.5 }
run(0.5)
say("released: the sheet's top at %.1f", top(filters.view))
run(0.5)
say("back at %.1f; still presented: %s", top(filters.view), tostring(filters.presentingViewController ~= nil))

print("\n-- a drag past half the sheet's height: dismissed")
window:pan{ from = point(196, 450), to = point(196, 700), duration = 0.6 }
run(0.6)
say("released: the sheet's top at %.1f", top(filters.view))
run(0.5)
say("still presented: %s", tostring(filters.presentingViewController ~= nil))

print("\n-- 2. checkerboard: a push turns the screen over tile by tile")
local photo = ViewController{ name = "photo", title = "Photo", viewDidLoad = function(self)
  self.view.backgroundColor = "#000000"
  self.view:addSubview(ImageView{ name = "image", image = image("images/harbor.svg"), frame = rect(0, 200, 393, 300),
    contentMode = "scaleAspectFill", clipsToBounds = true })
  self.view:addSubview(Label{ frame = rect(16, 516, 361, 28), text = "The harbour at noon", textColor = "#ffffff",
    font = { size = 20, weight = "semibold" } })
end }
nav:push(photo, true)
run(0.4)
local board = photo.view.superview.subviews[#photo.view.superview.subviews]
local folded, unfolded = 0, 0   -- each tile is an old snapshot and a new one, in turn
for i = 1, #board.subviews, 2 do
  if board.subviews[i].presentation.transform.a < 0.01 then folded = folded + 1 end
  if board.subviews[i + 1].presentation.transform.a > 0.999 then unfolded = unfolded + 1 end
end
say("half-way: %d of %d old tiles folded away, %d new ones unfolded", folded, #board.subviews // 2, unfolded)
run(0.5)
say("pushed: %s is on top", nav.topViewController.name)
nav:pop(true)
run(1)
say("popped: %s is on top", nav.topViewController.name)

print("\n-- 3. swipe-tabs: a swipe left brings Settings in from the right")
window:pan{ from = point(350, 400), to = point(100, 400), duration = 0.4 }
run(0.4)
say("released: settings at x %.1f", settings.view.presentation.frame.x)
run(0.5)
say("selected: %s", tabs.selectedViewController.name)

print("\n-- a flick right: back to the inbox")
window:pan{ from = point(100, 400), to = point(160, 400), duration = 0.05 }
run(1)
say("selected: %s", tabs.selectedViewController.name)

local events, errors = trace(), 0
for _, event in ipairs(events) do
  if event.event == "scriptError" then errors = errors + 1 end
end
print(string.format("\n-- %d trace events, %d script errors", #events, errors))
