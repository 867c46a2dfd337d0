import ScrimCore

extension TransitionContext {
    /// Ends a transition whose Lua animator failed before completing it: the incoming view is put
    /// where the transition ends and the transition completes, as if the animation had run.
    /// Nothing happens if it was already completed.
    func finishAfterScriptFailure() {
        guard !hasCompleted else { return }
        let to = viewController(forKey: .to)
        if let view = view(forKey: .to), to.isBeingPresented {
            view.frame = finalFrame(for: to)
            if view.superview == nil { containerView.addSubview(view) }
        }
        completeTransition(true)
    }
}
