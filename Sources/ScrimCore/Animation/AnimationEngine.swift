/// Runs the animations of an application: once per frame it advances every group, removes
/// the animations of groups that ended, recomputes what animating views show, then calls the
/// completions of the groups that ended, oldest first.
///
/// The per-frame work allocates nothing: groups and views live in arrays that are edited in place.
public final class AnimationEngine: FrameObserver {
    private let runLoop: RunLoop
    private let clock: Clock
    private var groups: [AnimationGroup] = []
    private var animatedViews: [View] = []
    private var ended: [AnimationGroup] = []
    private var isObservingFrames = false
    /// Drivers of interactive transitions, advanced before the groups each frame.
    private var drivers: [AnimationDriver] = []
    /// The driver whose time the animations started now will follow.
    var currentDriver: AnimationDriver?
    /// The animations and keyframes the groups keep, all together.
    let ledger = AnimationLedger()

    init(runLoop: RunLoop, clock: Clock) {
        self.runLoop = runLoop
        self.clock = clock
    }

    /// Whether any animation group is running or waiting for its completion.
    public var isAnimating: Bool { !groups.isEmpty }

    func register(_ group: AnimationGroup) {
        if group.ledger == nil { group.ledger = ledger }
        group.isRunByEngine = true
        groups.append(group)
        observeFrames()
    }

    func add(_ animation: PropertyAnimation, to view: View) {
        if view.animations.isEmpty { animatedViews.append(view) }
        view.animations.append(animation)
        animation.group.liveAnimations += 1
        animation.group.didAdd(animation, to: view)
        view.updatePresentation()
        observeFrames()
    }

    /// Brings `group` to `time` and what its views show with it, now rather than next frame.
    func refresh(_ group: AnimationGroup) {
        group.advance(to: clock.now)
        for view in animatedViews where view.animations.contains(where: { $0.group === group }) {
            view.updatePresentation()
        }
    }

    /// Runs `body` with animations started in it driven by `driver`.
    func driving(with driver: AnimationDriver, _ body: () -> Void) {
        if !drivers.contains(where: { $0 === driver }) { drivers.append(driver) }
        let outer = currentDriver
        currentDriver = driver
        body()
        currentDriver = outer
        observeFrames()
    }

    /// Stops advancing `driver` (its transition ended).
    func release(_ driver: AnimationDriver) {
        drivers.removeAll { $0 === driver }
    }

    /// Brings every driven group to its driver's time and what its views show, now.
    func refreshDriven() {
        for view in animatedViews where view.animations.contains(where: { ($0.group as? TimedAnimationGroup)?.driver != nil }) {
            for animation in view.animations { animation.group.advance(to: clock.now) }
            view.updatePresentation()
        }
    }

    /// Brings property animators' groups to the current time and what their views show.
    func refreshAnimators() {
        for group in groups where group is AnimatorGroup { refresh(group) }
    }

    public func frame(at time: Double) {
        for driver in drivers { driver.advance(to: time) }
        for group in groups {
            group.advance(to: time)
            if group.hasEnded { ended.append(group) }
        }
        let anyEnded = !ended.isEmpty
        // Whether a view is left with no animation, to be let go below: a second pass over every
        // animated view, each frame, would cost as much again in memory traffic.
        var anyDone = false
        for index in animatedViews.indices {
            // Lent by the array, not retained: the loop calls nothing that changes it.
            Unmanaged.passUnretained(animatedViews[index])._withUnsafeGuaranteedRef { view in
                if anyEnded {
                    view.animations.removeAll { animation in
                        guard animation.group.hasEnded else { return false }
                        animation.group.liveAnimations -= 1
                        return true
                    }
                }
                view.advancePresentation()
                if view.animations.isEmpty { anyDone = true }
            }
        }
        if anyDone { animatedViews.removeAll { $0.animations.isEmpty } }
        guard !ended.isEmpty else { return }
        for group in ended { group.isRunByEngine = false }
        groups.removeAll { $0.hasEnded }
        let finishing = ended
        ended.removeAll(keepingCapacity: true)
        for group in finishing { group.didFinish() }
        if groups.isEmpty && animatedViews.isEmpty && drivers.isEmpty { stopObservingFrames() }
    }

    /// Removes `group` and its animations at once, without a completion (stopped animators).
    func remove(_ group: AnimationGroup) {
        group.isRunByEngine = false
        groups.removeAll { $0 === group }
        for view in animatedViews where view.animations.contains(where: { $0.group === group }) {
            view.animations.removeAll { $0.group === group }
            view.updatePresentation()
        }
        group.liveAnimations = 0
        animatedViews.removeAll { $0.animations.isEmpty }
    }

    private func observeFrames() {
        guard !isObservingFrames else { return }
        isObservingFrames = true
        runLoop.addFrameObserver(self)
    }

    private func stopObservingFrames() {
        isObservingFrames = false
        runLoop.removeFrameObserver(self)
    }
}
