--[[
card-stack — Apple-Music-style cards: the presented controller slides up as a card with rounded
corners, leaving a strip of what is behind at the top, while the presenter shrinks back into
the stack, its corners rounded, and darkens. Cards stack: a card can present another card.
A drag down on a card dismisses it interactively (past `dismissThreshold`, 0.4 of its height,
or with a flick); a tap on the strip above it dismisses it too.

  local cards = plugin "card-stack"
  player.modalPresentationStyle = "custom"
  player.transitioningDelegate = cards.transitioningDelegate
  cards.delegate{ topInset = 64, scale = 0.9, cornerRadius = 12 }

Options: `topInset` (54 points left above the card), `scale` (0.92, the presenter's size
behind), `cornerRadius` (10), `dimAlpha` (0.3), `duration` (0.45 s), `dismissThreshold`,
`flickVelocity`. The slide is the `slide` plugin's animator, from the bottom edge.
]]

local DragToDismiss = require "library.drag-to-dismiss"
local slide = plugin "slide"

local defaults = { topInset = 54, scale = 0.92, cornerRadius = 10, dimAlpha = 0.3, duration = 0.45,
                   dismissThreshold = 0.4, flickVelocity = 1000 }

local CardStack = scrim.PresentationController:extend("CardStack")

-- The presenter stays on screen, behind the card.
CardStack.shouldRemovePresentersView = false

function CardStack:init(_, _, options)   -- (presented, presenting, options)
  self.options = setmetatable(options or {}, { __index = defaults })
end

function CardStack:frameOfPresentedViewInContainerView()
  local b = self.containerView.bounds
  local top = self.options.topInset
  return rect(0, top, b.width, b.height - top)
end

--- The view behind the card: the presenter's own, or for a card on a card, the lower card.
function CardStack:behind()
  return self.presentingViewController.view
end

function CardStack:presentationTransitionWillBegin()
  local options = self.options
  self.dim = View{ name = "card dim", frame = self.containerView.bounds, backgroundColor = "#000000", alpha = 0 }
  self.dim:addGestureRecognizer(TapGestureRecognizer{ name = "tap to dismiss", handler = function()
    self:attemptUserDismissal(true)
  end })
  self.containerView:insertSubview(self.dim, 1)
  local card = self.presentedViewController.view
  card.cornerRadius = options.cornerRadius
  -- A card casts a faint shadow up onto the one behind it.
  card.shadowOpacity, card.shadowRadius, card.shadowOffset = 0.15, 10, size(0, -2)
  local behind = self:behind()
  self.behindRadius = behind.cornerRadius
  self.presentedViewController.transitionCoordinator:animateAlongside(function()
    behind.transform = scrim.transform.scale(options.scale)
    behind.cornerRadius = options.cornerRadius
    self.dim.alpha = options.dimAlpha
  end)
end

function CardStack:presentationTransitionDidEnd(completed)
  if not completed then
    self.dim:removeFromSuperview()
    return
  end
  self.drag = DragToDismiss.new(self, {
    threshold = self.options.dismissThreshold,
    flickVelocity = self.options.flickVelocity,
  })
end

function CardStack:dismissalTransitionWillBegin()
  local behind = self:behind()
  self.presentedViewController.transitionCoordinator:animateAlongside(function()
    behind.transform = scrim.transform.identity
    behind.cornerRadius = self.behindRadius
    self.dim.alpha = 0
  end)
end

function CardStack:dismissalTransitionDidEnd(completed)
  if completed then
    self.dim:removeFromSuperview()
    self.drag:detach()
  end
end

--- A transitioning delegate with these options.
local function delegate(options)
  options = setmetatable(options or {}, { __index = defaults })
  return {
    presentationController = function(_, presented, presenting)
      return CardStack.new(presented, presenting, options)
    end,
    animationControllerForPresented = function()
      return slide.animator{ edge = "bottom", duration = options.duration, curve = "easeOut" }
    end,
    animationControllerForDismissed = function(_, dismissed)
      local animator = slide.animator{ edge = "bottom", duration = options.duration, curve = "easeOut",
                                       reversing = true }
      animator.interaction = DragToDismiss.interactionFor(dismissed)
      return animator
    end,
    interactionControllerForDismissal = DragToDismiss.interactionControllerForDismissal,
  }
end

--- `scrim check` runs this: the presenter shrinks behind the card, and comes back.
local function selfTest()
  local root = ViewController{ name = "root" }
  window.rootViewController = root
  step()
  local card = ViewController{ name = "card", modalPresentationStyle = "custom" }
  card.transitioningDelegate = plugin("card-stack").transitioningDelegate
  root:present(card, true)
  run(0.6)
  assert(math.abs(root.view.transform.a - 0.92) < 1e-9, "the presenter shrinks behind the card")
  assert(card.view.frame.y == 54, "the card leaves a strip above it")
  card:dismiss(true)
  run(0.6)
  assert(root.view.transform:isIdentity() and root.presentedViewController == nil, "the presenter is back")
end

return scrim.plugin {
  name = "card-stack",
  version = "1.0",
  presentationController = CardStack,
  delegate = delegate,
  transitioningDelegate = delegate(),
  selfTest = selfTest,
}
