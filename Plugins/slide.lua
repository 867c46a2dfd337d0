--[[
slide — the incoming view slides in from an edge; going back, it slides out the way it came.
Parameterised by the edge, for presentations, navigation pushes and pops, and tab switches.

  local slide = plugin "slide"
  sheet.modalPresentationStyle = "overFullScreen"
  sheet.transitioningDelegate = slide.delegate{ edge = "bottom" }   -- present up, dismiss down
  nav.delegate = slide.navigationDelegate{ edge = "right" }         -- push in from the right
  tabs.delegate = slide.tabBarDelegate{}                            -- the later tab from the right
  slide.animator{ edge = "left", duration = 0.3 }                   -- the class itself

Options: `edge` ("left", "right", "top" or "bottom"), `duration` (0.35 s), `curve`
("easeInOut"), `parallax` (how far the covered view moves along, as a fraction of its size;
0.3 for navigation and tabs, 0 for presentations).
]]

local opposite = { left = "right", right = "left", top = "bottom", bottom = "top" }

--- `frame` moved off the container's `bounds` past `edge`.
local function offscreen(frame, bounds, edge, fraction)
  fraction = fraction or 1
  local dx, dy = 0, 0
  if edge == "left" then dx = -(frame.x + frame.width - bounds.x)
  elseif edge == "right" then dx = bounds.x + bounds.width - frame.x
  elseif edge == "top" then dy = -(frame.y + frame.height - bounds.y)
  else dy = bounds.y + bounds.height - frame.y end
  return rect(frame.x + dx * fraction, frame.y + dy * fraction, frame.width, frame.height)
end

local Slide = scrim.Animator:extend("Slide")

function Slide:init(options)
  options = options or {}
  assert(options.edge == nil or opposite[options.edge],
    "slide: edge must be \"left\", \"right\", \"top\" or \"bottom\"")
  self.edge = options.edge or "right"
  self.duration = options.duration or 0.35
  self.curve = options.curve or "easeInOut"
  self.parallax = options.parallax or 0
  -- A reversing slide (a dismissal, a pop) moves the outgoing view out through `edge`.
  self.reversing = options.reversing or false
end

function Slide:transitionDuration()
  return self.duration
end

function Slide:animateTransition(ctx)
  local bounds = ctx.containerView.bounds
  local incoming, outgoing = ctx:view("to"), ctx:view("from")
  local incomingEnd = incoming and ctx:finalFrame(ctx:viewController("to"))
  local outgoingStart = outgoing and ctx:initialFrame(ctx:viewController("from"))
  if incoming and incomingEnd.width == 0 then incomingEnd = bounds end
  if outgoing and outgoingStart.width == 0 then outgoingStart = outgoing.frame end

  local incomingStart, outgoingEnd
  if self.reversing then
    -- The outgoing view leaves through the edge; the incoming one comes back from the parallax offset.
    outgoingEnd = outgoing and offscreen(outgoingStart, bounds, self.edge)
    incomingStart = incoming and offscreen(incomingEnd, bounds, opposite[self.edge], self.parallax)
  else
    incomingStart = incoming and offscreen(incomingEnd, bounds, self.edge)
    outgoingEnd = outgoing and offscreen(outgoingStart, bounds, opposite[self.edge], self.parallax)
  end

  if incoming then
    incoming.frame = incomingStart
    if self.reversing and outgoing and outgoing.superview == ctx.containerView then
      ctx.containerView:insertSubview(incoming, 1)           -- behind the leaving view
    else
      ctx.containerView:addSubview(incoming)
    end
  end
  animate({ duration = self.duration, curve = ctx.isInteractive and "linear" or self.curve }, function()
    if incoming then incoming.frame = incomingEnd end
    if outgoing then outgoing.frame = outgoingEnd end
  end, function()
    local completed = not ctx.transitionWasCancelled
    if outgoing and (not completed or outgoing.superview ~= nil) then
      -- The outgoing view stays (a cancel) or may be shown again (a covered view): put it back.
      outgoing.frame = outgoingStart
    end
    ctx:completeTransition(completed)
  end)
end

--- A transitioning delegate: presents in from `edge`, dismisses out through it.
local function delegate(options)
  options = options or {}
  local edge = options.edge or "bottom"
  local function with(reversing)
    return { edge = edge, duration = options.duration, curve = options.curve,
             parallax = options.parallax or 0, reversing = reversing }
  end
  return {
    animationControllerForPresented = function() return Slide.new(with(false)) end,
    animationControllerForDismissed = function() return Slide.new(with(true)) end,
  }
end

--- A navigation controller delegate: pushes in from `edge`, pops out through it.
local function navigationDelegate(options)
  options = options or {}
  return {
    animationController = function(_, _, operation)
      return Slide.new { edge = options.edge or "right", duration = options.duration, curve = options.curve,
                         parallax = options.parallax or 0.3, reversing = operation == "pop" }
    end,
  }
end

--- A tab bar controller delegate: a later tab comes in from the right, an earlier one from the left.
local function tabBarDelegate(options)
  options = options or {}
  local function index(tabs, vc)
    for i, child in ipairs(tabs.viewControllers) do
      if child == vc then return i end
    end
    return 0
  end
  return {
    animationController = function(_, tabs, from, to)
      local forward = index(tabs, to) > index(tabs, from)
      return Slide.new { edge = forward and "right" or "left", duration = options.duration, curve = options.curve,
                         parallax = options.parallax or 0.3 }
    end,
  }
end

--- `scrim check` runs this: a panel slides in from the left and back out.
local function selfTest()
  local root = ViewController{ name = "root" }
  window.rootViewController = root
  step()
  local panel = ViewController{ name = "panel", modalPresentationStyle = "overFullScreen" }
  panel.transitioningDelegate = plugin("slide").delegate{ edge = "left" }
  root:present(panel, true)
  step()
  assert(panel.view.presentation.frame.x == -window.size.width, "the panel starts off the left edge")
  run(0.4)
  assert(panel.view.presentation.frame.x == 0, "the panel ends on screen")
  panel:dismiss(true)
  run(0.4)
  assert(root.presentedViewController == nil, "the panel is gone")
end

return scrim.plugin {
  name = "slide",
  version = "1.0",
  animator = Slide,
  offscreen = offscreen,
  delegate = delegate,
  navigationDelegate = navigationDelegate,
  tabBarDelegate = tabBarDelegate,
  transitioningDelegate = delegate(),
  selfTest = selfTest,
}
