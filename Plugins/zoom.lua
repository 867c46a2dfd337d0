--[[
zoom — a shared-element zoom: the presented view grows out of a source view (a thumbnail, a
cell) to its full frame, and shrinks back into it on dismissal, as iOS 18's zoom transition and
Hero's match-move do. A drag down on the presented view shrinks it interactively: let go past
`dismissThreshold` (0.3 of the view's height) or flick, and it lands in the source; else it
grows back.

  local zoom = plugin "zoom"
  photo.modalPresentationStyle = "overFullScreen"
  photo.transitioningDelegate = zoom.delegate{ sourceView = thumbnail }
  zoom.delegate{ sourceView = function() return grid:cellFor(item) end }   -- found when needed

While the zoom runs the source view is hidden (the presented view stands in for it), and the
presented view takes the source's corner radius at the small end. Options: `sourceView` (a view
or a function returning one; without one the zoom starts from a point in the container's
centre), `duration` (0.4 s), `spring` (a critically damped spring of that duration unless
given), `dismissThreshold`, `flickVelocity` (1000 points/s).
]]

local DragToDismiss = require "library.drag-to-dismiss"

--- The transform that puts a view whose frame is `frame` (transform aside) onto `target`,
--- the anchor being the centre.
local function matching(frame, target)
  local dx = (target.x + target.width / 2) - (frame.x + frame.width / 2)
  local dy = (target.y + target.height / 2) - (frame.y + frame.height / 2)
  local sx = math.max(target.width / frame.width, 0.001)
  local sy = math.max(target.height / frame.height, 0.001)
  return scrim.transform.translation(dx, dy):scaledBy(sx, sy)
end

local Zoom = scrim.Animator:extend("Zoom")

function Zoom:init(options, presenting)
  self.options = options
  self.presenting = presenting
  self.duration = options.duration or 0.4
end

function Zoom:transitionDuration()
  return self.duration
end

--- The source view, and its frame in the container's coordinates.
function Zoom:source(container)
  local source = self.options.sourceView
  if type(source) == "function" then source = source() end
  if source and source.window then
    return source, source:convert(source.bounds, container)
  end
  local b = container.bounds
  return nil, rect(b.width / 2, b.height / 2, 0, 0)
end

function Zoom:animateTransition(ctx)
  local container = ctx.containerView
  local key = self.presenting and "to" or "from"
  local view, vc = ctx:view(key), ctx:viewController(key)
  local full = self.presenting and ctx:finalFrame(vc) or view.frame
  local source, small = self:source(container)
  local zoomedOut = matching(full, small)
  local radius = source and source.cornerRadius or 0
  local startRadius = view.cornerRadius

  if self.presenting then
    view.frame = full
    view.transform = zoomedOut
    view.cornerRadius = radius
    container:addSubview(view)
  end
  if source then source.hidden = true end
  -- Linear while a finger drives it, so the view stays under the finger; else a spring.
  local timing = ctx.isInteractive and { duration = self.duration, curve = "linear" }
    or { duration = self.duration, spring = self.options.spring or { dampingRatio = 1, response = self.duration / 2 } }
  animate(timing, function()
    view.transform = self.presenting and scrim.transform.identity or zoomedOut
    view.cornerRadius = self.presenting and startRadius or radius
  end, function()
    local completed = not ctx.transitionWasCancelled
    if source then source.hidden = false end
    if not self.presenting and not completed then
      -- Grown back: the view stays, as it was.
      view.transform = scrim.transform.identity
      view.cornerRadius = startRadius
    end
    ctx:completeTransition(completed)
  end)
end

--- The presentation controller only adds the drag that shrinks the view back.
local ZoomPresentation = scrim.PresentationController:extend("ZoomPresentation")

ZoomPresentation.shouldRemovePresentersView = false

function ZoomPresentation:init(_, _, options)   -- (presented, presenting, options)
  self.options = options
end

function ZoomPresentation:presentationTransitionDidEnd(completed)
  if completed then
    self.drag = DragToDismiss.new(self, {
      threshold = self.options.dismissThreshold or 0.3,
      flickVelocity = self.options.flickVelocity,
    })
  end
end

function ZoomPresentation:dismissalTransitionDidEnd(completed)
  if completed and self.drag then self.drag:detach() end
end

--- A transitioning delegate zooming from `options.sourceView`.
local function delegate(options)
  options = options or {}
  return {
    presentationController = function(_, presented, presenting)
      return ZoomPresentation.new(presented, presenting, options)
    end,
    animationControllerForPresented = function()
      return Zoom.new(options, true)
    end,
    animationControllerForDismissed = function(_, dismissed)
      local animator = Zoom.new(options, false)
      animator.interaction = DragToDismiss.interactionFor(dismissed)
      return animator
    end,
    interactionControllerForDismissal = DragToDismiss.interactionControllerForDismissal,
  }
end

--- `scrim check` runs this: the view grows out of a thumbnail to full screen.
local function selfTest()
  local thumbnail = View{ frame = rect(20, 120, 100, 100) }
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view:addSubview(thumbnail) end }
  window.rootViewController = root
  step()
  local photo = ViewController{ name = "photo", modalPresentationStyle = "custom" }
  photo.transitioningDelegate = plugin("zoom").delegate{ sourceView = thumbnail }
  root:present(photo, true)
  step()
  local start = photo.view.presentation.frame
  assert(math.abs(start.x - 20) < 0.01 and math.abs(start.width - 100) < 0.01, "the zoom starts on the thumbnail")
  assert(thumbnail.hidden, "the thumbnail hides while the zoom runs")
  run(0.5)
  assert(photo.view.presentation.frame.width == window.size.width and not thumbnail.hidden, "the zoom ends full screen")
end

return scrim.plugin {
  name = "zoom",
  version = "1.0",
  animator = Zoom,
  presentationController = ZoomPresentation,
  matching = matching,
  delegate = delegate,
  transitioningDelegate = delegate(),
  selfTest = selfTest,
}
