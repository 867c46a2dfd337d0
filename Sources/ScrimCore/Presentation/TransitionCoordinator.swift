/// What a coordinator coordinates: a presentation or dismissal, or a size change.
protocol CoordinatedTransition: AnyObject {
    var animated: Bool { get }
    var isInteractive: Bool { get }
    var wasCancelled: Bool { get }
    var duration: Double { get }
    var percentComplete: Double { get }
    var style: ModalPresentationStyle { get }
    var containerView: View! { get }
    var hasEnded: Bool { get }
    /// Nil for a size change whose window has no root.
    func coordinatedController(forKey key: TransitionContext.Key) -> ViewController?
    func view(forKey key: TransitionContext.Key) -> View?
    func runAlongside(_ animation: @escaping (TransitionCoordinator) -> Void, in coordinator: TransitionCoordinator)
}

/// `UIViewControllerTransitionCoordinator`: lets the controllers taking part in a transition —
/// a presentation, a dismissal or a size change — animate alongside it and learn when it
/// ends. Blocks receive the coordinator as their context.
public final class TransitionCoordinator {
    /// Strong, as for the context: the transition lets go of its coordinator when it ends.
    let transition: CoordinatedTransition
    var alongside: [(animation: ((TransitionCoordinator) -> Void)?, completion: ((TransitionCoordinator) -> Void)?)] = []
    var interactionHandlers: [(TransitionCoordinator) -> Void] = []
    var hasStartedAnimations = false

    init(transition: CoordinatedTransition) {
        self.transition = transition
    }

    public var isAnimated: Bool { transition.animated }
    public var isInteractive: Bool { transition.isInteractive }
    public var isCancelled: Bool { transition.wasCancelled }
    public var transitionDuration: Double { transition.duration }
    public var percentComplete: Double { transition.percentComplete }
    public var completionVelocity: Double { 1 }
    public var presentationStyle: ModalPresentationStyle { transition.style }
    public var containerView: View { transition.containerView }

    /// UIKit's `viewController(forKey:)`: nil when there is none (a size change of a window
    /// without a root).
    public func viewController(forKey key: TransitionContext.Key) -> ViewController? {
        transition.coordinatedController(forKey: key)
    }

    public func view(forKey key: TransitionContext.Key) -> View? {
        transition.view(forKey: key)
    }

    /// Runs `animation` in an animation block with the transition's duration and curve when
    /// the transition's animations start (at once if they have), and `completion` after it
    /// ends. Returns false when the transition has already ended.
    @discardableResult
    public func animate(alongsideTransition animation: ((TransitionCoordinator) -> Void)?,
                        completion: ((TransitionCoordinator) -> Void)? = nil) -> Bool {
        guard !transition.hasEnded else { return false }
        alongside.append((animation, completion))
        if hasStartedAnimations, let animation { transition.runAlongside(animation, in: self) }
        return true
    }

    /// `animate(alongsideTransitionIn:animation:completion:)`: the same, for a view outside the
    /// container (Scrim animates any view, so the view only documents intent).
    @discardableResult
    public func animate(alongsideTransitionIn view: View?, animation: ((TransitionCoordinator) -> Void)?,
                        completion: ((TransitionCoordinator) -> Void)? = nil) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// How many alongside animations and interaction handlers wait.
    public var alongsideCount: Int { alongside.count }
    public var interactionHandlerCount: Int { interactionHandlers.count }

    /// Calls `handler` when an interactive transition stops being driven by the user.
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionCoordinator) -> Void) {
        interactionHandlers.append(handler)
    }

    /// Runs the alongside animations queued so far (the transition's animations start).
    func startAnimations() {
        hasStartedAnimations = true
        for block in alongside { if let animation = block.animation { transition.runAlongside(animation, in: self) } }
    }

    func runCompletions() {
        let blocks = alongside
        alongside.removeAll()
        for block in blocks { block.completion?(self) }
    }
}
