--[[
half-sheet — a sheet over the lower half of the screen, with a dimming scrim behind it.

  local sheet = plugin "half-sheet"
  picker.modalPresentationStyle = "custom"
  picker.transitioningDelegate = sheet.transitioningDelegate
  picker.transitioningDelegate = sheet.delegate{ detents = { "medium" }, dismissThreshold = 0.3 }

- A tap on the scrim dismisses the sheet; so does a drag down on the sheet — interactively: the
  sheet follows the finger, and on release it goes on out past `dismissThreshold` of its
  height (0.5) or on a downward flick faster than `flickVelocity` (1000 points/s), and comes
  back otherwise. Both go through `attemptUserDismissal`, so `isModalInPresentation` refuses.
- Detents: "medium" (the lower half) and "large" (all but the top `largeTopInset`, 60 points).
  Dragging up from medium goes to large; dragging down from large goes back to medium; a drag
  down at the smallest detent dismisses. `pc:setDetent("large", animated)` changes it from code,
  `pc.detent` tells which it is. The first of `detents` is where the sheet starts.
]]

local DragToDismiss = require "library.drag-to-dismiss"

local defaults = { detents = { "medium", "large" }, dismissThreshold = 0.5, flickVelocity = 1000,
                   largeTopInset = 60, dimColor = "#00000066", duration = 0.35 }

local function option(options, key)
  if options[key] == nil then return defaults[key] end
  return options[key]
end

local HalfSheet = scrim.PresentationController:extend("HalfSheet")

function HalfSheet:init(_, _, options)   -- (presented, presenting, options)
  options = options or {}
  self.options = options
  self.detents = option(options, "detents")
  for _, detent in ipairs(self.detents) do
    assert(detent == "medium" or detent == "large",
      "half-sheet: detents are \"medium\" and \"large\", not " .. tostring(detent))
  end
  self.detent = self.detents[1]
  self.largeTopInset = option(options, "largeTopInset")
end

--- The sheet's frame at `detent` in the container.
function HalfSheet:frameAt(detent)
  local b = self.containerView.bounds
  local top = detent == "large" and self.largeTopInset or b.height / 2
  return rect(0, top, b.width, b.height - top)
end

function HalfSheet:frameOfPresentedViewInContainerView()
  return self:frameAt(self.detent)
end

function HalfSheet:hasDetent(detent)
  for _, d in ipairs(self.detents) do
    if d == detent then return true end
  end
  return false
end

--- Moves the sheet to `detent`, with a spring unless `animated` is false.
function HalfSheet:setDetent(detent, animated)
  assert(self:hasDetent(detent), "half-sheet: no detent " .. tostring(detent))
  self.detent = detent
  local view, frame = self.presentedViewController.view, self:frameAt(detent)
  if animated == false then
    view.frame = frame
  else
    animate({ spring = { dampingRatio = 1, response = 0.4 } }, function() view.frame = frame end)
  end
end

function HalfSheet:presentationTransitionWillBegin()
  local container = self.containerView
  self.dim = View{ name = "scrim", frame = container.bounds, alpha = 0,
                   backgroundColor = option(self.options, "dimColor") }
  self.dim:addGestureRecognizer(TapGestureRecognizer{ name = "tap to dismiss", handler = function()
    self:attemptUserDismissal(true)
  end })
  container:insertSubview(self.dim, 1)
  self.presentedViewController.transitionCoordinator:animateAlongside(function() self.dim.alpha = 1 end)
end

-- The scrim's tap handler reaches this controller, and through it the scrim: a view kept
-- after it leaves would keep the handler, this controller and the presented one alive.
function HalfSheet:removeScrim()
  self.dim:removeFromSuperview()
  self.dim = nil
end

function HalfSheet:presentationTransitionDidEnd(completed)
  if not completed then
    self:removeScrim()
    return
  end
  self.drag = DragToDismiss.new(self, {
    threshold = option(self.options, "dismissThreshold"),
    flickVelocity = option(self.options, "flickVelocity"),
    shouldBegin = function(translation) return self:dragDismisses(translation) end,
  })
  if #self.detents > 1 then
    self.resize = PanGestureRecognizer{ name = "resize", handler = function(g) self:handleResize(g) end }
    self.presentedViewController.view:addGestureRecognizer(self.resize)
  end
end

--- Whether a drag that began with `translation` dismisses: down, at the smallest detent.
--- Any other drag moves the sheet between detents.
function HalfSheet:dragDismisses(translation)
  local smallest = self:hasDetent("medium") and "medium" or "large"
  return translation.y > 0 and self.detent == smallest
end

--- A drag that moves the sheet between detents: it follows the finger, then settles on the
--- detent it is nearer to, or the one a flick points at.
function HalfSheet:handleResize(g)
  local view = self.presentedViewController.view
  if g.state == "began" then
    self.resizing = not self:dragDismisses(g:translation(nil))
    self.startTop = view.frame.y
  end
  if not self.resizing then return end
  local large, medium = self:frameAt("large"), self:frameAt("medium")
  local top = math.max(large.y, math.min(medium.y, self.startTop + g:translation(nil).y))
  if g.state == "changed" then
    view.frame = rect(0, top, large.width, self.containerView.bounds.height - top)
  elseif g.state == "ended" or g.state == "cancelled" then
    self.resizing = false
    local velocity = g:velocity(nil).y
    local flickVelocity = option(self.options, "flickVelocity")
    local nearer = (top - large.y) < (medium.y - top) and "large" or "medium"
    if velocity <= -flickVelocity then nearer = "large" elseif velocity >= flickVelocity then nearer = "medium" end
    self:setDetent(nearer, true)
  end
end

function HalfSheet:dismissalTransitionWillBegin()
  self.presentedViewController.transitionCoordinator:animateAlongside(function() self.dim.alpha = 0 end)
end

function HalfSheet:dismissalTransitionDidEnd(completed)
  if completed then
    self:removeScrim()
    self.drag:detach()
    if self.resize then
      self.presentedViewController.view:removeGestureRecognizer(self.resize)
      self.resize = nil
    end
  end
end

--- Slides the sheet up from below the screen, and back down.
local SheetAnimator = scrim.Animator:extend("HalfSheetAnimator")

function SheetAnimator:init(duration, interaction)
  self.duration = duration
  self.interaction = interaction
end

function SheetAnimator:transitionDuration()
  return self.duration
end

function SheetAnimator:animateTransition(ctx)
  local presenting = ctx:viewController("to").isBeingPresented
  local vc = ctx:viewController(presenting and "to" or "from")
  local view = ctx:view(presenting and "to" or "from")
  local shown = presenting and ctx:finalFrame(vc) or view.frame
  local below = rect(shown.x, ctx.containerView.bounds.height, shown.width, shown.height)
  if presenting then
    view.frame = below
    ctx.containerView:addSubview(view)
  end
  -- Linear while a finger drives it, so the sheet stays under the finger.
  local curve = ctx.isInteractive and "linear" or "easeOut"
  animate({ duration = self.duration, curve = curve }, function()
    view.frame = presenting and shown or below
  end, function()
    ctx:completeTransition(not ctx.transitionWasCancelled)
  end)
end

--- A transitioning delegate with these options (see the top of the file).
local function delegate(options)
  options = options or {}
  local duration = option(options, "duration")
  return {
    presentationController = function(_, presented, presenting)
      return HalfSheet.new(presented, presenting, options)
    end,
    animationControllerForPresented = function()
      return SheetAnimator.new(duration)
    end,
    animationControllerForDismissed = function(_, dismissed)
      return SheetAnimator.new(duration, DragToDismiss.interactionFor(dismissed))
    end,
    interactionControllerForDismissal = DragToDismiss.interactionControllerForDismissal,
  }
end

--- `scrim check` runs this: the sheet covers the lower half, and a flick down dismisses it.
local function selfTest()
  local root = ViewController{ name = "root" }
  window.rootViewController = root
  step()
  local sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
  sheet.transitioningDelegate = plugin("half-sheet").transitioningDelegate
  root:present(sheet, true)
  run(0.5)
  local height = window.size.height
  assert(sheet.view.frame.y == height / 2, "the sheet covers the lower half")
  window:pan{ from = point(100, height * 0.6), to = point(100, height * 0.7), duration = 0.05 }
  run(1)
  assert(root.presentedViewController == nil, "a flick dismisses the sheet")
end

return scrim.plugin {
  name = "half-sheet",
  version = "1.0",
  presentationController = HalfSheet,
  animator = SheetAnimator,
  delegate = delegate,
  transitioningDelegate = delegate(),
  selfTest = selfTest,
}
