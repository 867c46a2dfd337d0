/// `UIPercentDrivenInteractiveTransition`: makes an ordinary animator interactive. It runs the
/// animator's `animateTransition` with the animations it creates held on a driver, so
/// `update(_:)` scrubs them; `finish()` and `cancel()` let them run on to the end or back to
/// the start at `completionSpeed` along `completionCurve`, after which the animator's own
/// completion calls `completeTransition`. An animator written for the non-interactive case
/// becomes interactive without change. When the animator has an interruptible animator, that
/// property animator is paused, scrubbed, continued or reversed instead.
open class PercentDrivenInteractiveTransition: InteractiveTransitioning {
    /// How fast the rest runs after `finish` or `cancel`: 1 is the animator's own pace.
    public var completionSpeed = 1.0
    public var completionCurve: TimingCurve = .easeInOut
    /// When false the transition does not wait for updates: it runs on at once.
    public var wantsInteractiveStart = true
    public private(set) var percentComplete = 0.0
    private(set) var context: TransitionContext?
    /// Set when the transition it drove has ended: from then on every call does nothing.
    private var hasEnded = false
    /// A `finish` (true) or `cancel` (false) made before the transition started (a gesture
    /// that ends within the frame it began in): applied once it has (`applyCallsMadeBeforeStart`).
    private var endBeforeStart: Bool?
    private var driver: AnimationDriver?
    /// The animator's interruptible animator, when it has one: then it is what is scrubbed.
    private var propertyAnimator: PropertyAnimator?

    public init() {}

    open var traceName: String { "native:\(type(of: self))" }

    /// The transition's duration, once it has started.
    public var duration: Double { context?.transition.duration ?? 0 }

    public func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        let transition = context.transition
        let application = transition.application
        if let interruptible = transition.animator?.interruptibleAnimator, let animator = interruptible(context) {
            propertyAnimator = animator
            try? animator.pauseAnimation()
        } else {
            let driver = AnimationDriver(beginTime: application.clock.now)
            self.driver = driver
            transition.driver = driver
            application.animationEngine.driving(with: driver) {
                transition.runAnimatorForInteraction()
            }
        }
        if !wantsInteractiveStart { finish() }
    }

    /// Applies what was asked before the transition started — the last `update`, then a
    /// `finish` or `cancel` — once its animations have begun.
    func applyCallsMadeBeforeStart() {
        guard context != nil else { return }
        if percentComplete > 0 { update(percentComplete) }
        if let endBeforeStart { endBeforeStart ? finish() : cancel() }
    }

    /// Whether a call comes before the transition started; if so it is kept for the start.
    private func isBeforeStart(keeping end: Bool? = nil) -> Bool {
        guard context == nil, !hasEnded else { return false }
        if let end { endBeforeStart = end }
        return true
    }

    /// Moves the transition to `percent` (0…1) of the way.
    public func update(_ percent: Double) {
        if isBeforeStart() { percentComplete = min(max(percent, 0), 1) }
        guard let context, context.isInteractive else { return }
        percentComplete = min(max(percent, 0), 1)
        context.updateInteractiveTransition(percentComplete)
        if let propertyAnimator {
            try? propertyAnimator.setFractionComplete(percentComplete)
        } else if let driver {
            driver.scrub(to: percentComplete * duration)
            let engine = context.transition.application.animationEngine
            engine.refreshDriven()
            engine.refreshAnimators()
        }
    }

    public func pause() {
        context?.pauseInteractiveTransition()
        try? propertyAnimator?.pauseAnimation()
    }

    /// Lets the transition run to its end.
    public func finish() {
        if isBeforeStart(keeping: true) { return }
        guard let context, context.isInteractive else { return }
        context.finishInteractiveTransition()
        if let propertyAnimator {
            try? propertyAnimator.continueAnimation(curve: completionCurve, durationFactor: 1 / max(completionSpeed, 1e-6))
            return
        }
        guard let driver else { return }
        let remaining = (1 - percentComplete) * duration / max(completionSpeed, 1e-6)
        driver.run(to: duration, over: remaining, curve: completionCurve,
                   now: context.transition.application.clock.now) {}
    }

    /// Lets go of the ended transition's context; later calls do nothing.
    func transitionDidEnd() {
        hasEnded = true
        context = nil
        driver = nil
        propertyAnimator = nil
    }

    /// Lets the transition run back to its start; it then completes as cancelled.
    public func cancel() {
        if isBeforeStart(keeping: false) { return }
        guard let context, context.isInteractive else { return }
        context.cancelInteractiveTransition()
        if let propertyAnimator {
            try? propertyAnimator.setReversed(true)
            try? propertyAnimator.continueAnimation(curve: completionCurve, durationFactor: 1 / max(completionSpeed, 1e-6))
            return
        }
        guard let driver else { return }
        let remaining = percentComplete * duration / max(completionSpeed, 1e-6)
        driver.run(to: 0, over: remaining, curve: completionCurve,
                   now: context.transition.application.clock.now) {}
    }
}
