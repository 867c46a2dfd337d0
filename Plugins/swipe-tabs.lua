--[[
swipe-tabs — switch tabs by swiping across the screen: the next tab follows the finger in from
the side it is on, and on release the switch finishes past half the width or on a flick, and
cancels otherwise (the old tab stays selected). Selecting a tab from code or a tap slides too.

  local swipe = plugin "swipe-tabs"
  local swiping = swipe.install(tabs)                       -- sets tabs.delegate, adds the pan
  swipe.install(tabs, { threshold = 0.3, flickVelocity = 800, duration = 0.3 })
  swiping:uninstall()

A swipe to the left goes to the next tab, to the right to the previous one; past the first or
the last tab the swipe does nothing. The slide is the `slide` plugin's animator.
]]

local slide = plugin "slide"

local SwipeTabs = scrim.Object:extend("SwipeTabs")

function SwipeTabs:init(tabs, options)
  options = options or {}
  self.tabs = tabs
  self.threshold = options.threshold or 0.5
  self.flickVelocity = options.flickVelocity or 500
  self.duration = options.duration or 0.35
  self.interaction = nil
  tabs.delegate = {
    animationController = function(_, _, from, to)
      local forward = self:index(to) > self:index(from)
      return slide.animator{ edge = forward and "right" or "left", duration = self.duration, parallax = 0.3 }
    end,
    interactionController = function()
      return self.interaction
    end,
  }
  self.recognizer = PanGestureRecognizer{ name = "swipe tabs", handler = function(g) self:handle(g) end }
  tabs.view:addGestureRecognizer(self.recognizer)
end

--- The 1-based position of `vc` among the tabs.
function SwipeTabs:index(vc)
  for i, child in ipairs(self.tabs.viewControllers) do
    if child == vc then return i end
  end
  return 0
end

--- How far the swipe has gone toward its tab, 0…1.
function SwipeTabs:progress(g)
  local width = self.tabs.view.bounds.width
  return math.max(0, math.min(1, -self.direction * g:translation(nil).x / width))
end

function SwipeTabs:handle(g)
  local tabs = self.tabs
  if g.state == "began" then
    local dx = g:translation(nil).x
    self.direction = dx < 0 and 1 or -1            -- a swipe to the left goes forward
    local target = tabs.selectedIndex + self.direction
    if math.abs(dx) < math.abs(g:translation(nil).y) or target < 1 or target > #tabs.viewControllers then
      self.direction = nil
      return
    end
    self.interaction = scrim.PercentDrivenInteractiveTransition.new()
    tabs.selectedIndex = target
  elseif not self.interaction then
    return
  elseif g.state == "changed" then
    self.interaction:update(self:progress(g))
  elseif g.state == "ended" or g.state == "cancelled" then
    local interaction = self.interaction
    self.interaction = nil
    local velocity = -self.direction * g:velocity(nil).x
    if g.state == "ended" and (self:progress(g) >= self.threshold or velocity >= self.flickVelocity) then
      interaction:finish()
    else
      interaction:cancel()
    end
  end
end

--- Takes the pan off and the delegate away.
function SwipeTabs:uninstall()
  self.tabs.view:removeGestureRecognizer(self.recognizer)
  self.tabs.delegate = nil
end

--- `scrim check` runs this: a long swipe left selects the next tab.
local function selfTest()
  local tabs = TabBarController{ name = "tabs",
                                 viewControllers = { ViewController{ name = "a" }, ViewController{ name = "b" } } }
  window.rootViewController = tabs
  plugin("swipe-tabs").install(tabs)
  step()
  window:pan{ from = point(350, 400), to = point(50, 400), duration = 0.5 }
  run(1)
  assert(tabs.selectedIndex == 2, "the swipe selects the next tab")
end

return scrim.plugin {
  name = "swipe-tabs",
  version = "1.0",
  install = function(tabs, options) return SwipeTabs.new(tabs, options) end,
  SwipeTabs = SwipeTabs,
  selfTest = selfTest,
}
