/// `UIViewControllerTransitioningDelegate`. Each method is optional, as in UIKit: a member that
/// is nil is a method the delegate does not implement, so it is neither called nor traced.
public protocol TransitioningDelegate: AnyObject {
    /// Who handles the calls, for the trace's `by` (`native:<Type>`, `lua:<plugin>`).
    var traceName: String { get }
    var presentationController: ((_ presented: ViewController, _ presenting: ViewController?,
                                  _ source: ViewController) -> PresentationController?)? { get }
    var animationControllerForPresented: ((_ presented: ViewController, _ presenting: ViewController,
                                           _ source: ViewController) -> AnimatedTransitioning?)? { get }
    var animationControllerForDismissed: ((_ dismissed: ViewController) -> AnimatedTransitioning?)? { get }
    var interactionControllerForPresentation: ((_ animator: AnimatedTransitioning) -> InteractiveTransitioning?)? { get }
    var interactionControllerForDismissal: ((_ animator: AnimatedTransitioning) -> InteractiveTransitioning?)? { get }
}

extension TransitioningDelegate {
    public var traceName: String { "native:\(type(of: self))" }
    public var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? { nil }
    public var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? { nil }
    public var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? { nil }
    public var interactionControllerForPresentation: ((AnimatedTransitioning) -> InteractiveTransitioning?)? { nil }
    public var interactionControllerForDismissal: ((AnimatedTransitioning) -> InteractiveTransitioning?)? { nil }
}

/// `UIViewControllerAnimatedTransitioning`: performs a transition's animations and calls
/// `completeTransition` on the context when done. `animationEnded` and `interruptibleAnimator`
/// are optional (nil: not implemented). An interruptible animator — the same property animator
/// for every call within a transition — is what a percent-driven interaction then scrubs,
/// continues and reverses.
public protocol AnimatedTransitioning: AnyObject {
    var traceName: String { get }
    func transitionDuration(using context: TransitionContext) -> Double
    func animateTransition(using context: TransitionContext)
    var animationEnded: ((_ transitionCompleted: Bool) -> Void)? { get }
    var interruptibleAnimator: ((_ context: TransitionContext) -> PropertyAnimator?)? { get }
}

extension AnimatedTransitioning {
    public var traceName: String { "native:\(type(of: self))" }
    public var animationEnded: ((Bool) -> Void)? { nil }
    public var interruptibleAnimator: ((TransitionContext) -> PropertyAnimator?)? { nil }
}

/// `UIViewControllerInteractiveTransitioning`: drives a transition interactively.
public protocol InteractiveTransitioning: AnyObject {
    var traceName: String { get }
    func startInteractiveTransition(_ context: TransitionContext)
}

extension InteractiveTransitioning {
    public var traceName: String { "native:\(type(of: self))" }
}
