--[[
circular-reveal — the presented view is revealed by a circle growing from a point (a tapped
button, say) until it covers the whole view; dismissal shrinks the circle back into the point.

  local reveal = plugin "circular-reveal"
  compose.modalPresentationStyle = "overFullScreen"
  compose.transitioningDelegate = reveal.delegate{ sourceView = fab }        -- from its centre
  reveal.delegate{ origin = point(340, 780), duration = 0.5, color = "#007aff" }

The circle is a mask approximated the way a renderer without masks can draw it: a square view
that clips its subviews, with a corner radius of half its side. Its bounds origin moves with its
size so that the view inside stays put while the circle grows around it.

Options: `origin` (a point in the container) or `sourceView` (a view, or a function returning
one: its centre), else the container's centre; `duration` (0.4 s); `curve` ("easeInOut");
`color` (the circle's own colour behind the view, none by default).
]]

local Reveal = scrim.Animator:extend("CircularReveal")

function Reveal:init(options, presenting)
  self.options = options or {}
  self.presenting = presenting ~= false
  self.duration = self.options.duration or 0.4
end

function Reveal:transitionDuration()
  return self.duration
end

--- Where the circle is centred, in the container's coordinates.
function Reveal:origin(container)
  local options = self.options
  if options.origin then return options.origin end
  local source = options.sourceView
  if type(source) == "function" then source = source() end
  if source and source.window then
    local f = source:convert(source.bounds, container)
    return point(f.x + f.width / 2, f.y + f.height / 2)
  end
  local b = container.bounds
  return point(b.width / 2, b.height / 2)
end

--- The radius that reaches every corner of `frame` from `origin`.
local function coveringRadius(origin, frame)
  local radius = 0
  for _, x in ipairs { frame.x, frame.x + frame.width } do
    for _, y in ipairs { frame.y, frame.y + frame.height } do
      radius = math.max(radius, math.sqrt((x - origin.x) ^ 2 + (y - origin.y) ^ 2))
    end
  end
  return radius
end

--- Makes `mask` a circle of `radius` around `origin`, its bounds in the container's coordinates.
local function circle(mask, origin, radius)
  mask.bounds = rect(origin.x - radius, origin.y - radius, 2 * radius, 2 * radius)
  mask.center = origin
  mask.cornerRadius = radius
end

function Reveal:animateTransition(ctx)
  local container = ctx.containerView
  local key = self.presenting and "to" or "from"
  local vc, view = ctx:viewController(key), ctx:view(key)
  local frame = self.presenting and ctx:finalFrame(vc) or view.frame
  local origin = self:origin(container)
  local full = coveringRadius(origin, frame)

  local mask = View{ name = "reveal mask", clipsToBounds = true, backgroundColor = self.options.color }
  circle(mask, origin, self.presenting and 0 or full)
  container:addSubview(mask)
  -- A plain holder the size of the container carries the view: the view may resize with its
  -- superview (a presented view does), and the mask's size changes; the holder's does not.
  local holder = View{ name = "reveal content", frame = container.bounds }
  mask:addSubview(holder)
  view.frame = frame
  holder:addSubview(view)

  animate({ duration = self.duration, curve = self.options.curve or "easeInOut" }, function()
    circle(mask, origin, self.presenting and full or 0)
  end, function()
    local completed = not ctx.transitionWasCancelled
    -- The view leaves the holder for the container, where it keeps its frame: the mask's
    -- bounds origin made both coordinate spaces the same.
    if self.presenting == completed then container:addSubview(view) end
    mask:removeFromSuperview()
    ctx:completeTransition(completed)
  end)
end

--- A transitioning delegate revealing from `options`' origin.
local function delegate(options)
  options = options or {}
  return {
    animationControllerForPresented = function() return Reveal.new(options, true) end,
    animationControllerForDismissed = function() return Reveal.new(options, false) end,
  }
end

--- `scrim check` runs this: the circle grows from a point until the view is whole.
local function selfTest()
  local root = ViewController{ name = "root" }
  window.rootViewController = root
  step()
  local vc = ViewController{ name = "revealed", modalPresentationStyle = "overFullScreen" }
  vc.transitioningDelegate = plugin("circular-reveal").delegate{ origin = point(50, 50) }
  root:present(vc, true)
  step()
  local mask = vc.view.superview.superview
  assert(mask.name == "reveal mask" and mask.presentation.bounds.width == 0, "the circle starts as a point")
  run(0.5)
  assert(vc.view.superview.name == "container" and mask.superview == nil, "the view is whole, the mask gone")
end

return scrim.plugin {
  name = "circular-reveal",
  version = "1.0",
  animator = Reveal,
  coveringRadius = coveringRadius,
  delegate = delegate,
  transitioningDelegate = delegate(),
  selfTest = selfTest,
}
