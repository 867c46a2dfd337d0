-- card-stack: a player card slides up over the library, which shrinks behind it; a lyrics card
-- stacks on top; a drag dismisses the top card, a tap on the strip the other.
-- Run: scrim run Scripts/card-stack.lua

local cards = plugin "card-stack"

local function report(label, view)
  local f = view.presentation.frame
  print(string.format("[%5.3f] %-26s %6.1f %6.1f %6.1f x %6.1f  radius %4.1f", scrim.now(), label,
    f.x, f.y, f.width, f.height, view.presentation.cornerRadius))
end

local function card(name, colour)
  local vc = ViewController{ name = name, modalPresentationStyle = "custom",
    viewDidLoad = function(self) self.view.backgroundColor = colour end }
  vc.transitioningDelegate = cards.transitioningDelegate
  return vc
end

local library = ViewController{ name = "library",
  viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
window.rootViewController = library
step()

print("-- the player card slides up; the library shrinks behind it")
local player = card("player", "#fa2d48")
library:present(player, true)
run(0.2)
report("player, sliding up", player.view)
report("library, shrinking", library.view)
run(0.4)
report("player, presented", player.view)
report("library, behind", library.view)

print("-- a lyrics card on the player card")
local lyrics = card("lyrics", "#1c1c1e")
player:present(lyrics, true)
run(0.6)
report("lyrics", lyrics.view)
report("player, behind", player.view)

print("-- drag the lyrics card down and away")
window:pan{ from = point(196, 300), to = point(196, 700), duration = 0.4 }
run(1)
report("player, in front again", player.view)
print("player presents:", player.presentedViewController ~= nil)

print("-- tap the strip above the player card")
window:tap(point(196, 20))
run(0.6)
report("library, back", library.view)
print("library presents:", library.presentedViewController ~= nil)
