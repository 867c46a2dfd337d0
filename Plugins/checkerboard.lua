--[[
checkerboard — a navigation push and pop built from a grid of snapshot tiles: each tile of the
outgoing screen folds away and the same tile of the incoming screen unfolds in its place, tile
after tile from one corner to the other (keyframes with staggered starts), as in Apple's
custom-transitions sample. A push sweeps from the top-left corner, a pop from the bottom-right.

  local checkerboard = plugin "checkerboard"
  nav.delegate = checkerboard.navigationDelegate
  nav.delegate = checkerboard.delegate{ columns = 4, rows = 6, duration = 1 }

Options: `columns` (5), `rows` (8), `duration` (0.8 s), `stagger` (0.5: the share of the
duration over which the tiles' starts spread). Each tile folds by scaling to nothing across its
width: the 3D flip drawn in 2D.
]]

local Checkerboard = scrim.Animator:extend("Checkerboard")

function Checkerboard:init(options, operation)
  options = options or {}
  self.columns = options.columns or 5
  self.rows = options.rows or 8
  self.duration = options.duration or 0.8
  self.stagger = options.stagger or 0.5
  self.operation = operation or "push"
  assert(self.columns >= 1 and self.rows >= 1, "checkerboard: columns and rows must be at least 1")
end

function Checkerboard:transitionDuration()
  return self.duration
end

--- When tile (column, row) starts, as a share of the duration: swept from one corner.
function Checkerboard:start(column, row)
  local steps = self.columns + self.rows - 2
  if steps == 0 then return 0 end
  local distance = column + row - 2
  if self.operation == "pop" then distance = steps - distance end
  return self.stagger * distance / steps
end

function Checkerboard:animateTransition(ctx)
  local container = ctx.containerView
  local fromVC, toVC = ctx:viewController("from"), ctx:viewController("to")
  local outgoing, incoming = ctx:view("from"), ctx:view("to")
  local frame = ctx:finalFrame(toVC)
  incoming.frame = frame
  incoming:layoutIfNeeded()
  container:addSubview(incoming)

  local board = View{ name = "checkerboard", frame = ctx:initialFrame(fromVC) }
  container:addSubview(board)
  local width, height = frame.width / self.columns, frame.height / self.rows
  local folded = scrim.transform.scale(0.001, 1)
  local tiles = {}
  for row = 1, self.rows do
    for column = 1, self.columns do
      local area = rect((column - 1) * width, (row - 1) * height, width, height)
      local old = outgoing:resizableSnapshotView(area, false)
      local new = incoming:resizableSnapshotView(area, true)
      old.frame, new.frame = area, area
      new.transform = folded
      board:addSubview(old)
      board:addSubview(new)
      tiles[#tiles + 1] = { old = old, new = new, start = self:start(column, row) }
    end
  end
  self.board = board
  -- Only the tiles show while they turn: both screens hide behind them (after their snapshots).
  outgoing.hidden, incoming.hidden = true, true

  local flip = 1 - self.stagger
  animateKeyframes({ duration = self.duration }, function()
    for _, tile in ipairs(tiles) do
      addKeyframe(tile.start, flip / 2, function() tile.old.transform = folded end)
      addKeyframe(tile.start + flip / 2, flip / 2, function() tile.new.transform = scrim.transform.identity end)
    end
  end, function()
    local completed = not ctx.transitionWasCancelled
    outgoing.hidden, incoming.hidden = false, false
    board:removeFromSuperview()
    self.board = nil
    ctx:completeTransition(completed)
  end)
end

--- A navigation controller delegate with these options, for push and pop.
local function delegate(options)
  return {
    animationController = function(_, _, operation) return Checkerboard.new(options, operation) end,
  }
end

--- `scrim check` runs this: a push hides both screens behind the tiles until they have turned.
local function selfTest()
  local list, photo = ViewController{ name = "list" }, ViewController{ name = "photo" }
  local nav = NavigationController{ name = "nav", root = list }
  nav.delegate = plugin("checkerboard").navigationDelegate
  window.rootViewController = nav
  step()
  nav:push(photo, true)
  run(0.4)
  assert(photo.view.hidden and list.view.hidden, "only the tiles show while they turn")
  assert(photo.view.superview.subviews[#photo.view.superview.subviews].name == "checkerboard",
    "the tiles turn over the screen")
  run(0.5)
  assert(not photo.view.hidden and nav.topViewController == photo, "the push ends with the photo shown")
end

return scrim.plugin {
  name = "checkerboard",
  version = "1.0",
  animator = Checkerboard,
  delegate = delegate,
  navigationDelegate = delegate(),
  selfTest = selfTest,
}
