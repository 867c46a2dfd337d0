/// What every view-controller transition shares — a presentation or dismissal, a navigation
/// push or pop: the animator and interaction controller, the context and coordinator, the
/// driver of a percent-driven interaction, `completeTransition`, and the trace of the calls to
/// user objects (with `by`; the runtime's own animators are not traced). Subclasses say which
/// controllers and views take part and what ending means.
class ControllerTransition: CoordinatedTransition {
    /// The controller the trace's events are about: the presented or incoming one.
    var subject: ViewController
    let animated: Bool

    var animator: AnimatedTransitioning?
    var interaction: InteractiveTransitioning?
    /// Whether the animator and interaction controller are user objects (traced).
    var animatorIsTraced = false
    var interactionIsTraced = false
    /// Held until the transition ends, then let go (they hold the transition).
    var context: TransitionContext?
    var coordinator: TransitionCoordinator?
    var containerView: View!
    var isInteractive = false
    private(set) var wasCancelled = false
    /// The driver of a percent-driven interaction, released when the transition ends.
    var driver: AnimationDriver?
    var duration = 0.0
    var percentComplete = 0.0
    private(set) var hasEnded = false
    private var isStarting = false
    private var pendingCompletion: Bool?
    /// Whether `complete` was called (it may take effect once the start is done).
    var isCompletionRequested: Bool { hasEnded || pendingCompletion != nil }

    init(subject: ViewController, animated: Bool) {
        self.subject = subject
        self.animated = animated
    }

    var application: Application { subject.application }
    var dispatcher: LifecycleDispatcher { application.dispatcher }

    /// Records a call to a user object.
    func record(_ event: TraceEventName, _ args: [(String, TraceValue)] = [], by: String) {
        dispatcher.record(event, controller: subject.name, args: args, by: by)
    }

    // MARK: To override

    var style: ModalPresentationStyle { .fullScreen }
    func viewController(forKey key: TransitionContext.Key) -> ViewController { subject }
    func coordinatedController(forKey key: TransitionContext.Key) -> ViewController? { viewController(forKey: key) }
    func view(forKey key: TransitionContext.Key) -> View? { nil }
    /// `view(forKey:)` when giving it asks nobody (no presentation controller, no script), else
    /// nil: what `TransitionContext.knownView(forKey:)` answers.
    func knownView(forKey key: TransitionContext.Key) -> View?? { .some(view(forKey: key)) }
    func frame(for controller: ViewController, final: Bool) -> Rect { .zero }
    /// Without an animator: put the views where the transition leaves them.
    func placeWithoutAnimation() {}
    /// The transition's own ending, between `completeTransition` and the coordinator's completions.
    func end(_ didComplete: Bool) {}
    /// After the coordinator's completions: end hooks, completions, `animationEnded`.
    func didEnd(_ didComplete: Bool) {}

    // MARK: Running

    /// Makes the context and coordinator in `container`; call before anything asks for them.
    func prepare(in container: View) -> (TransitionContext, TransitionCoordinator) {
        containerView = container
        isInteractive = interaction != nil
        let context = TransitionContext(transition: self)
        let coordinator = TransitionCoordinator(transition: self)
        self.context = context
        self.coordinator = coordinator
        return (context, coordinator)
    }

    /// Runs `body` (the start of the transition); a `completeTransition` made during it takes
    /// effect once it is done.
    func starting(_ body: () -> Void) {
        isStarting = true
        if let watchdog = application.transitionWatchdog {
            application.runLoop.schedule(at: application.clock.now + watchdog) { [self] in
                guard !hasEnded else { return }
                dispatcher.record(.transitionTimedOut, controller: subject.name, args: [("after", .number(watchdog))])
                finish(false)
            }
        }
        body()
        isStarting = false
        if let didComplete = pendingCompletion { finish(didComplete) }
    }

    /// The animator (or the interaction controller), then the alongside animations; without
    /// an animator the views are placed and the transition completes in this turn.
    func runAnimations(_ context: TransitionContext, _ coordinator: TransitionCoordinator) {
        guard let animator else {
            placeWithoutAnimation()
            coordinator.startAnimations()
            pendingCompletion = pendingCompletion ?? true
            return
        }
        duration = animatorIsTraced ? tracedDuration(of: animator, context) : animator.transitionDuration(using: context)
        if let interaction {
            if interactionIsTraced { record(.startInteractiveTransition, by: interaction.traceName) }
            interaction.startInteractiveTransition(context)
            if let driver {
                application.animationEngine.driving(with: driver) { coordinator.startAnimations() }
            } else {
                coordinator.startAnimations()
            }
            // Once every animation has begun, alongside ones included (they begin at the
            // driver's time): what a gesture did before the start.
            (interaction as? PercentDrivenInteractiveTransition)?.applyCallsMadeBeforeStart()
        } else {
            if animatorIsTraced { record(.animateTransition, by: animator.traceName) }
            animator.animateTransition(using: context)
            coordinator.startAnimations()
        }
    }

    private func tracedDuration(of animator: AnimatedTransitioning, _ context: TransitionContext) -> Double {
        record(.transitionDuration, by: animator.traceName)
        let value = animator.transitionDuration(using: context)
        return value.isFinite && value >= 0 ? value : 0
    }

    /// Calls the animator's `animateTransition` for a percent-driven interaction.
    func runAnimatorForInteraction() {
        guard let animator, let context else { return }
        if animatorIsTraced { record(.animateTransition, by: animator.traceName) }
        animator.animateTransition(using: context)
    }

    /// Runs an alongside animation with the transition's duration (at once when not animated).
    func runAlongside(_ animation: @escaping (TransitionCoordinator) -> Void, in coordinator: TransitionCoordinator) {
        if animated, duration > 0 {
            try? application.animate(duration: duration, curve: .easeInOut) { animation(coordinator) }
        } else {
            animation(coordinator)
        }
    }

    // MARK: Interaction

    func updateInteraction(_ percent: Double) {
        percentComplete = percent
        recordInteraction(.updateInteractiveTransition, [("percent", .number(percent))])
    }

    /// Records an interaction event on behalf of the interaction controller.
    func recordInteraction(_ event: TraceEventName, _ args: [(String, TraceValue)] = []) {
        guard !hasEnded else { return }
        if interactionIsTraced, let interaction { record(event, args, by: interaction.traceName) }
    }

    func endInteraction(cancelled: Bool) {
        guard isInteractive, !hasEnded else { return }
        recordInteraction(cancelled ? .cancelInteractiveTransition : .finishInteractiveTransition)
        isInteractive = false
        if cancelled { wasCancelled = true }
        if let coordinator {
            for handler in coordinator.interactionHandlers { handler(coordinator) }
        }
    }

    // MARK: Ending

    /// `completeTransition`: the first call counts. One made while the transition is starting
    /// (an animator that completes at once) takes effect when the start is done.
    func complete(_ didComplete: Bool) {
        guard !hasEnded else { return }
        if isStarting {
            if pendingCompletion == nil { pendingCompletion = didComplete }
            return
        }
        finish(didComplete)
    }

    /// Ends a transition that cannot begin, before anything took part in it.
    func abandonBeforeStart() {
        hasEnded = true
        abandon()
    }

    /// Lets go of what holds this transition and what it holds, without ending it: for an
    /// application going away in the middle of it.
    func abandon() {
        (interaction as? PercentDrivenInteractiveTransition)?.transitionDidEnd()
        driver = nil
        context = nil
        coordinator = nil
        interaction = nil
        animator = nil
    }

    private func finish(_ didComplete: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        if animatorIsTraced, let animator {
            record(.completeTransition, [("didComplete", .bool(didComplete))], by: animator.traceName)
        }
        wasCancelled = !didComplete
        percentComplete = didComplete ? 1 : 0
        end(didComplete)
        coordinator?.runCompletions()
        didEnd(didComplete)
        if animatorIsTraced, let animator, let ended = animator.animationEnded {
            record(.animationEnded, [("completed", .bool(didComplete))], by: animator.traceName)
            ended(didComplete)
        }
        if let driver { application.animationEngine.release(driver) }
        driver = nil
        context = nil
        coordinator = nil
        // The interaction keeps the context, which keeps this transition: let both go, and
        // the animator too (a Lua animator may keep the context in a field).
        (interaction as? PercentDrivenInteractiveTransition)?.transitionDidEnd()
        interaction = nil
        animator = nil
    }
}

extension ControllerTransition {
    /// A container's switch from `from` to `to` takes over both controllers: their transition
    /// is this one, and their appearance follows it rather than their views until
    /// `endSwitchAppearances`.
    func beginSwitch(from: ViewController, to: ViewController) {
        from.activeTransition = self
        to.activeTransition = self
        from.externalAppearanceDrivers += 1
        to.externalAppearanceDrivers += 1
    }

    /// Ends the appearance cycles a container's switch from `from` to `to` began (views already
    /// in place) and gives appearance back to the views: completed, `from` has disappeared and
    /// `to` appeared; cancelled, `to` disappears again and `from` reappears, as in UIKit.
    func endSwitchAppearances(from: ViewController, to: ViewController, completed: Bool, animated: Bool) {
        if completed {
            from.endAppearance()
            // A container that stopped showing meanwhile turns `to` back instead (below).
            if to.parent?.letsChildrenAppear ?? true { to.endAppearance() }
        } else {
            to.changeAppearance(appearing: false, animated: animated)
            to.endAppearance()
            if from.parent?.letsChildrenAppear ?? true { from.changeAppearance(appearing: true, animated: animated) }
            from.isAppearingSent = true
            from.endAppearance()
        }
        from.externalAppearanceDrivers -= 1
        to.externalAppearanceDrivers -= 1
        from.followContainerAppearance()
        to.followContainerAppearance()
    }
}

extension ViewController {
    /// After a switch that drove this controller: if its container started or stopped showing
    /// meanwhile (a tab switch away from a navigation controller in the middle of a push, say),
    /// the controller follows it — its appearance turns, and ends now or with the container's.
    func followContainerAppearance() {
        guard let parent else { return }
        let shows = parent.letsChildrenAppear && viewIfLoaded?.window != nil
        let showing = appearanceState == .appearing || appearanceState == .appeared
        guard shows != showing else { return }
        changeAppearance(appearing: shows, animated: false)
        if shows { sendIsAppearing() }
        if parent.appearanceState == .appeared || parent.appearanceState == .disappeared { endAppearance() }
    }
}
