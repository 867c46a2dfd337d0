/// `UIViewControllerContextTransitioning`: what an animator needs to perform a transition,
/// and how it reports the end.
public final class TransitionContext {
    public enum Key: String, Sendable { case from, to }

    /// Strong: a context kept by an animator's completion block stays usable after the
    /// transition ends (the transition lets go of its context then).
    let transition: ControllerTransition
    /// As in UIKit, the identity unless the interface rotates.
    public let targetTransform = AffineTransform.identity

    init(transition: ControllerTransition) {
        self.transition = transition
    }

    public var containerView: View { transition.containerView }
    public var isAnimated: Bool { transition.animated }
    public var isInteractive: Bool { transition.isInteractive }
    public var transitionWasCancelled: Bool { transition.wasCancelled }
    /// Whether `completeTransition` has been called (not in UIKit's protocol; hosts recovering
    /// from a failed animator ask it).
    public var hasCompleted: Bool { transition.isCompletionRequested }

    public var presentationStyle: ModalPresentationStyle { transition.style }

    /// The controller the transition's events are about, the trace's `vc`: the presented one
    /// (for a dismissal too), or a container's incoming child. Not in UIKit: for hosts that
    /// report a failure of the transition's animator or interaction about it.
    public var tracedController: ViewController { transition.subject }

    public func viewController(forKey key: Key) -> ViewController {
        transition.viewController(forKey: key)
    }

    /// The view that moves for `key`: the presented view, or the presenter's view when it
    /// takes part (full-screen styles); nil otherwise, as in UIKit.
    public func view(forKey key: Key) -> View? {
        transition.view(forKey: key)
    }

    /// `view(forKey:)` when it is known without asking anyone — a presented view once fixed,
    /// a container's child's view — else nil (outside), and `view(forKey:)` asks. Not in UIKit:
    /// for bridges, which may answer it where calling out is not allowed.
    public func knownView(forKey key: Key) -> View?? {
        transition.knownView(forKey: key)
    }

    public func initialFrame(for controller: ViewController) -> Rect {
        transition.frame(for: controller, final: false)
    }

    public func finalFrame(for controller: ViewController) -> Rect {
        transition.frame(for: controller, final: true)
    }

    /// Reports interactive progress (0…1): traced, and seen by the coordinator.
    public func updateInteractiveTransition(_ percent: Double) {
        transition.updateInteraction(percent)
    }

    public func pauseInteractiveTransition() {
        transition.recordInteraction(.pauseInteractiveTransition)
    }

    /// The user let go toward the end: the transition stops being interactive.
    public func finishInteractiveTransition() {
        transition.endInteraction(cancelled: false)
    }

    /// The user let go toward the start: `transitionWasCancelled` becomes true.
    public func cancelInteractiveTransition() {
        transition.endInteraction(cancelled: true)
    }

    /// Ends the transition: `true` when it completed, `false` when it was cancelled. Calls
    /// after the first are ignored.
    public func completeTransition(_ didComplete: Bool) {
        transition.complete(didComplete)
    }
}
