-- checkerboard: push a photo screen over a list, tile by tile, and pop back.
-- Run: scrim run Scripts/checkerboard.lua

local checkerboard = plugin "checkerboard"

local list = ViewController{ name = "list", title = "Photos",
  viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
local photo = ViewController{ name = "photo", title = "Photo",
  viewDidLoad = function(self)
    self.view.backgroundColor = "#000000"
    self.view:addSubview(View{ name = "image", frame = rect(0, 200, 393, 300), backgroundColor = "#ff9500" })
  end }
local nav = NavigationController{ name = "nav", root = list }
-- The plugin's navigationDelegate would do; this one keeps the animator to look at its tiles.
local animator
nav.delegate = {
  animationController = function(_, _, operation)
    animator = checkerboard.animator.new({ columns = 5, rows = 8 }, operation)
    return animator
  end,
}
window.rootViewController = nav
step()

local function folded(board)
  local old, new = 0, 0
  for i, tile in ipairs(board.subviews) do
    if tile.presentation.transform.a < 0.01 then
      if i % 2 == 1 then old = old + 1 else new = new + 1 end
    end
  end
  return string.format("%d of %d old tiles folded, %d of %d new still folded", old, #board.subviews // 2,
    new, #board.subviews // 2)
end

print("-- push: the tiles turn over from the top-left corner")
nav:push(photo, true)
step()
for _ = 1, 4 do
  run(0.2)
  print(string.format("[%5.3f] %s", scrim.now(), animator.board and folded(animator.board) or "done"))
end
print("top:", nav.topViewController.name, "photo hidden:", photo.view.hidden)

print("-- pop: from the bottom-right corner")
nav:pop(true)
run(1)
print("top:", nav.topViewController.name)
