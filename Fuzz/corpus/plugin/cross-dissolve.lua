--[[
cross-dissolve — the "hello world" of custom transitions: the incoming view fades in over the
outgoing one. One animator serves presentations, dismissals, navigation pushes and pops, and
tab switches, because a transition context looks the same to it in every case.

  local fade = plugin "cross-dissolve"
  sheet.modalPresentationStyle = "overFullScreen"
  sheet.transitioningDelegate = fade.transitioningDelegate
  nav.delegate = fade.navigationDelegate          -- push and pop
  tabs.delegate = fade.tabBarDelegate             -- tab switches
  fade.animator{ duration = 0.5 }                 -- the class: an animator of your own timing

Read this file first when you write a transition: everything an animator must do is here.
]]

local CrossDissolve = scrim.Animator:extend("CrossDissolve")

--- options: `duration` (0.35 s), `curve` ("easeInOut").
function CrossDissolve:init(options)
  options = options or {}
  self.duration = options.duration or 0.35
  self.curve = options.curve or "easeInOut"
end

function CrossDissolve:transitionDuration()
  return self.duration
end

function CrossDissolve:animateTransition(ctx)
  -- The incoming view is ours to put into the container, at the frame the context asks for.
  -- It is nil when the incoming controller's view does not take part (a dismissal over a
  -- presenter that never left the screen).
  local incoming = ctx:view("to")
  local outgoing = ctx:view("from")
  if incoming then
    incoming.frame = ctx:finalFrame(ctx:viewController("to"))
    incoming.alpha = 0
    ctx.containerView:addSubview(incoming)
  end
  -- Over a presenter that stays on screen the outgoing view fades; otherwise the incoming
  -- view covers it and it can stay as it is.
  local fadesOut = outgoing and not incoming
  animate({ duration = self.duration, curve = self.curve }, function()
    if incoming then incoming.alpha = 1 end
    if fadesOut then outgoing.alpha = 0 end
  end, function()
    local completed = not ctx.transitionWasCancelled
    -- A view that stays (or comes back after a cancel) must look as it did before.
    if fadesOut then outgoing.alpha = 1 end
    if incoming and not completed then incoming.alpha = 1 end
    ctx:completeTransition(completed)
  end)
end

local function animator()
  return CrossDissolve.new()
end

--- `scrim check` runs this: a card fades in over the screen, then out.
local function selfTest()
  local root = ViewController{ name = "root" }
  window.rootViewController = root
  step()
  local card = ViewController{ name = "card", modalPresentationStyle = "overFullScreen" }
  card.transitioningDelegate = plugin("cross-dissolve").transitioningDelegate
  root:present(card, true)
  step()
  assert(card.view.presentation.alpha == 0, "the card starts transparent")
  run(0.4)
  assert(card.view.presentation.alpha == 1, "the card ends opaque")
  card:dismiss(true)
  run(0.4)
  assert(root.presentedViewController == nil and card.view.window == nil, "the card is gone")
end

return scrim.plugin {
  name = "cross-dissolve",
  version = "1.0",
  animator = CrossDissolve,
  transitioningDelegate = {
    animationControllerForPresented = function() return animator() end,
    animationControllerForDismissed = function() return animator() end,
  },
  navigationDelegate = {
    animationController = function() return animator() end,
  },
  tabBarDelegate = {
    animationController = function() return animator() end,
  },
  selfTest = selfTest,
}
