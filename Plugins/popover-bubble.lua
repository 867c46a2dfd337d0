--[[
popover-bubble — a popover-style bubble anchored to a rectangle in a source view, with an arrow
pointing at it: below the anchor when it fits, else above. A tap outside the bubble dismisses
it. In compact width (phones) it adapts to a sheet through the presentation controller's
adaptive delegate, as UIKit's popovers do; a delegate of your own can say otherwise.

  local bubble = plugin "popover-bubble"
  menu.preferredContentSize = size(250, 180)
  menu.modalPresentationStyle = "custom"
  menu.transitioningDelegate = bubble.delegate{ sourceView = button }          -- its bounds
  bubble.delegate{ sourceView = toolbar, sourceRect = rect(10, 0, 44, 44) }

Options: `sourceView` (required: a view or a function returning one), `sourceRect` (in the
source view; its bounds by default), `arrowSize` (10 points), `margin` (10 points kept from the
container's edges), `compactStyle` ("pageSheet"; "none" keeps the bubble in compact width too).
The bubble is the presented controller's `preferredContentSize`, 280 × 200 when unset.
]]

local BubbleLayout = {}

--- The bubble's frame, arrow direction and arrow tip for `anchor` (in the container).
function BubbleLayout.place(bounds, anchor, contentSize, arrow, margin)
  local width = math.min(contentSize.width, bounds.width - 2 * margin)
  local height = contentSize.height
  local x = anchor.x + anchor.width / 2 - width / 2
  x = math.max(margin, math.min(bounds.width - margin - width, x))
  local below = anchor.y + anchor.height + arrow
  local tipX = anchor.x + anchor.width / 2
  if below + height <= bounds.height - margin then
    return rect(x, below, width, height), "up", point(tipX, anchor.y + anchor.height)
  end
  local above = math.max(margin, anchor.y - arrow - height)
  return rect(x, above, width, math.min(height, anchor.y - arrow - above)), "down", point(tipX, anchor.y)
end

local Bubble = scrim.PresentationController:extend("PopoverBubble")

Bubble.shouldRemovePresentersView = false

function Bubble:init(_, _, options)   -- (presented, presenting, options)
  self.options = options
  local compactStyle = options.compactStyle or "pageSheet"
  -- UIKit asks the adaptive delegate of a custom presentation how to adapt, too.
  self.delegate = {
    adaptivePresentationStyle = function(_, _, traits)
      if traits.horizontalSizeClass == "compact" then return compactStyle end
      return "none"
    end,
  }
end

--- The anchor rectangle in the container's coordinates.
function Bubble:anchor()
  local source = self.options.sourceView
  if type(source) == "function" then source = source() end
  assert(source, "popover-bubble: the delegate needs a sourceView")
  return source:convert(self.options.sourceRect or source.bounds, self.containerView)
end

function Bubble:layout()
  local vc = self.presentedViewController
  local content = vc.preferredContentSize
  if content.width == 0 or content.height == 0 then content = size(280, 200) end
  local frame, direction, tip = BubbleLayout.place(self.containerView.bounds, self:anchor(), content,
    self.options.arrowSize or 10, self.options.margin or 10)
  self.arrowDirection, self.tip = direction, tip
  return frame
end

function Bubble:frameOfPresentedViewInContainerView()
  return self:layout()
end

function Bubble:presentationTransitionWillBegin()
  local container, frame = self.containerView, self:layout()
  local presented = self.presentedViewController.view
  presented.cornerRadius = 13
  -- The soft shadow UIKit's popovers cast, around the bubble.
  presented.shadowOpacity, presented.shadowRadius, presented.shadowOffset = 0.2, 16, size(0, 4)
  -- Taps outside the bubble dismiss it; the catcher is clear, so nothing dims.
  self.outside = View{ name = "outside", frame = container.bounds }
  self.outside:addGestureRecognizer(TapGestureRecognizer{ name = "tap outside", handler = function()
    self:attemptUserDismissal(true)
  end })
  container:addSubview(self.outside)
  -- The arrow: a square turned 45°, half of it showing at the bubble's edge.
  local side = (self.options.arrowSize or 10) * math.sqrt(2)
  local edgeY = self.arrowDirection == "up" and frame.y or frame.y + frame.height
  self.arrow = View{ name = "arrow", frame = rect(self.tip.x - side / 2, edgeY - side / 2, side, side),
                     backgroundColor = presented.backgroundColor or "#ffffff", alpha = 0 }
  self.arrow.transform = scrim.transform.rotation(math.pi / 4)
  container:addSubview(self.arrow)
  self.presentedViewController.transitionCoordinator:animateAlongside(function() self.arrow.alpha = 1 end)
end

function Bubble:presentationTransitionDidEnd(completed)
  if not completed then
    self.outside:removeFromSuperview()
    self.arrow:removeFromSuperview()
  end
end

function Bubble:dismissalTransitionWillBegin()
  self.presentedViewController.transitionCoordinator:animateAlongside(function() self.arrow.alpha = 0 end)
end

function Bubble:dismissalTransitionDidEnd(completed)
  if completed then
    self.outside:removeFromSuperview()
    self.arrow:removeFromSuperview()
  end
end

--- Grows the bubble out of its arrow's tip while fading it in; shrinks it back on dismissal.
local Grow = scrim.Animator:extend("PopoverBubbleGrow")

function Grow:init(presenting)
  self.presenting = presenting
end

function Grow:transitionDuration()
  return 0.25
end

function Grow:animateTransition(ctx)
  local key = self.presenting and "to" or "from"
  local vc, view = ctx:viewController(key), ctx:view(key)
  local pc = vc.presentationController
  local frame = self.presenting and ctx:finalFrame(vc) or view.frame
  local centre = point(frame.x + frame.width / 2, frame.y + frame.height / 2)
  local small = scrim.transform.translation(pc.tip.x - centre.x, pc.tip.y - centre.y):scaledBy(0.01, 0.01)
  if self.presenting then
    view.frame = frame
    view.transform, view.alpha = small, 0
    ctx.containerView:addSubview(view)
  end
  animate({ duration = 0.25, curve = "easeOut" }, function()
    view.transform = self.presenting and scrim.transform.identity or small
    view.alpha = self.presenting and 1 or 0
  end, function()
    local completed = not ctx.transitionWasCancelled
    if not self.presenting then view.transform, view.alpha = scrim.transform.identity, 1 end
    ctx:completeTransition(completed)
  end)
end

--- A transitioning delegate anchoring the bubble as `options` say.
local function delegate(options)
  assert(type(options) == "table" and options.sourceView,
    "popover-bubble: delegate{ sourceView = … } needs a sourceView")
  local function isBubble(vc)
    return Bubble:isInstance(vc.presentationController)
  end
  return {
    presentationController = function(_, presented, presenting)
      return Bubble.new(presented, presenting, options)
    end,
    -- Adapted to a sheet, the sheet's own animation runs.
    animationControllerForPresented = function(_, presented)
      if isBubble(presented) then return Grow.new(true) end
    end,
    animationControllerForDismissed = function(_, dismissed)
      if isBubble(dismissed) then return Grow.new(false) end
    end,
  }
end

--- `scrim check` runs this: a bubble under its button on an iPad, a sheet on an iPhone.
local function selfTest()
  window:setDevice("iPad Air")
  local button = View{ frame = rect(600, 40, 44, 44) }
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view:addSubview(button) end }
  window.rootViewController = root
  step()
  local menu = ViewController{ name = "menu", modalPresentationStyle = "custom",
                               preferredContentSize = size(250, 180) }
  menu.transitioningDelegate = plugin("popover-bubble").delegate{ sourceView = button }
  root:present(menu, true)
  run(0.5)
  assert(menu.view.frame.y == 94 and menu.presentationController.arrowDirection == "up",
    "the bubble is under the button")
  window:tap(point(100, 900))
  run(0.5)
  assert(root.presentedViewController == nil, "a tap outside dismisses the bubble")
  window:setDevice("iPhone 15")
  step()
  root:present(menu, true)
  run(0.7)
  assert(menu.view.frame.width == window.size.width, "in compact width the bubble is a sheet")
end

return scrim.plugin {
  name = "popover-bubble",
  version = "1.0",
  presentationController = Bubble,
  animator = Grow,
  place = BubbleLayout.place,
  delegate = delegate,
  selfTest = selfTest,
}
