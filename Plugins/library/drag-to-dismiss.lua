--[[
library/drag-to-dismiss — a pan that dismisses a presented controller interactively, shared by
the half-sheet, card-stack and zoom plugins. A module, not a plugin: `require` it.

  local DragToDismiss = require "library.drag-to-dismiss"
  self.drag = DragToDismiss.new(self)          -- in the presentation controller, as `drag`
  -- in the transitioning delegate:
  animationControllerForDismissed = function(_, dismissed)
    local animator = MyAnimator.new()
    animator.interaction = DragToDismiss.interactionFor(dismissed)
    return animator
  end,
  interactionControllerForDismissal = DragToDismiss.interactionControllerForDismissal,

While the finger is down the dismissal follows it (a percent-driven interaction: the
animator's own animations are scrubbed); on release it finishes past `threshold` of
`distance` or on a downward flick faster than `flickVelocity`, and cancels otherwise (or on an
upward flick). The dismissal goes through `attemptUserDismissal`, so `isModalInPresentation`
and the adaptive delegate's `presentationControllerShouldDismiss` can refuse it.
]]

local DragToDismiss = scrim.Object:extend("DragToDismiss")

--- `pc`: the presentation controller. options: `view` (the presented view), `distance`
--- (a function giving the drag length of a full dismissal; the height of the view's bounds by default),
--- `threshold` (0.5), `flickVelocity` (1000 points per second), `shouldBegin(translation)`
--- (false lets the drag go to something else; by default only downward drags dismiss).
function DragToDismiss:init(pc, options)
  options = options or {}
  self.pc = pc
  self.view = options.view or pc.presentedViewController.view
  self.distance = options.distance or function() return self.view.bounds.height end
  self.threshold = options.threshold or 0.5
  self.flickVelocity = options.flickVelocity or 1000
  self.shouldBegin = options.shouldBegin or function(translation) return translation.y > 0 end
  self.interaction = nil
  self.recognizer = PanGestureRecognizer{ name = "drag to dismiss", handler = function(g) self:handle(g) end }
  self.view:addGestureRecognizer(self.recognizer)
end

--- How far the drag has gone, 0…1.
function DragToDismiss:progress(g)
  local distance = self.distance()
  if distance <= 0 then return 0 end
  return math.max(0, math.min(1, g:translation(nil).y / distance))
end

function DragToDismiss:handle(g)
  if g.state == "began" then
    if not self.shouldBegin(g:translation(nil)) then return end
    self.interaction = scrim.PercentDrivenInteractiveTransition.new()
    if not self.pc:attemptUserDismissal(true) then self.interaction = nil end
  elseif not self.interaction then
    return
  elseif g.state == "changed" then
    self.interaction:update(self:progress(g))
  elseif g.state == "ended" or g.state == "cancelled" then
    local interaction, velocity = self.interaction, g:velocity(nil).y
    self.interaction = nil
    local far = self:progress(g) >= self.threshold
    local flick = velocity >= self.flickVelocity
    local flickBack = velocity <= -self.flickVelocity
    if g.state == "ended" and (flick or (far and not flickBack)) then
      interaction:finish()
    else
      interaction:cancel()
    end
  end
end

--- The interaction of the drag that is dismissing `dismissed`, or nil when no drag is (a
--- dismissal from code, a tap): for `animationControllerForDismissed` to give its animator.
--- The presentation controller keeps its DragToDismiss as `drag`.
function DragToDismiss.interactionFor(dismissed)
  local pc = dismissed.presentationController
  local drag = pc and pc.drag
  return drag and drag.interaction
end

--- A transitioning delegate's `interactionControllerForDismissal`: the interaction the
--- animator carries.
function DragToDismiss.interactionControllerForDismissal(_, animator)
  return animator.interaction
end

--- Takes the recognizer off the view.
function DragToDismiss:detach()
  self.view:removeGestureRecognizer(self.recognizer)
  -- The recognizer holds its handler, which holds this table: let go of it, or neither goes.
  self.recognizer = nil
end

return DragToDismiss
