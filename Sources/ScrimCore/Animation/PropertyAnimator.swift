/// `UIViewPropertyAnimator`: animations that can be started, paused, scrubbed, reversed,
/// continued with new timing, stopped and finished at a chosen end.
///
/// States follow UIKit: **inactive** (nothing applied yet; the animation blocks run when the
/// animator becomes active), **active** (running or paused) and **stopped** (the properties
/// hold their values until `finishAnimation(at:)`). Calls UIKit forbids throw an
/// `AnimationError` instead of raising an exception.
///
/// `fractionComplete` is the animator's progress: what the curve has reached while running;
/// while paused, setting it moves the views there directly (through the curve when
/// `scrubsLinearly` is false). Resuming, reversing and continuing re-time the rest of the way
/// from the current progress, so nothing jumps.
public final class PropertyAnimator {
    public enum State: String, Sendable { case inactive, active, stopped }
    public enum Position: String, Sendable { case end, start, current }

    private let engine: AnimationEngine
    private let clock: Clock
    public let duration: Double
    public private(set) var curve: TimingCurve
    public private(set) var state: State = .inactive
    public private(set) var isRunning = false
    public private(set) var isReversed = false
    public var scrubsLinearly = true
    public var pausesOnCompletion = false
    public var isInterruptible = true

    private let group: AnimatorGroup
    /// The interactive transition's driver the animator was started under, if any: its time
    /// then follows the driver instead of the clock.
    private var driver: AnimationDriver?
    private var endPosition: Position?
    private var pending: [(animations: () -> Void, delayFactor: Double)] = []
    private var completions: [(Position) -> Void] = []
    /// The animator itself while active or stopped: as in UIKit, a running animator lives until
    /// it finishes even when nobody else holds it, so its completions run.
    private var keptAlive: PropertyAnimator?
    /// The running stretch of progress: from `start` to `target` over `length` seconds from `begin`.
    private var segment = (begin: 0.0, length: 0.0, start: 0.0, target: 1.0, curve: TimingCurve.linear)

    /// An animator of `duration` seconds (a spring's settling time when nil) along `curve`.
    public init(_ application: Application, duration: Double? = nil, curve: TimingCurve = .easeInOut) throws(AnimationError) {
        guard let resolved = duration ?? curve.naturalDuration else {
            throw AnimationError("a property animator needs a duration (only a spring has one of its own)")
        }
        guard resolved.isFinite, resolved >= 0 else {
            throw AnimationError("duration must be a finite number of seconds >= 0, got \(resolved)")
        }
        try curve.validate()
        engine = application.animationEngine
        clock = application.clock
        self.duration = resolved
        self.curve = curve
        group = AnimatorGroup()
        group.animator = self
    }

    /// Progress from 0 (start) to 1 (end).
    public var fractionComplete: Double { group.progress }

    // MARK: Animations and completions

    /// Adds animations: run when the animator becomes active, or now if it is; then they run
    /// over the remaining progress, after `delayFactor` of it.
    public func addAnimations(_ animations: @escaping () -> Void, delayFactor: Double = 0) throws(AnimationError) {
        guard state != .stopped else { throw AnimationError("cannot add animations to a stopped animator") }
        guard (0...1).contains(delayFactor) else {
            throw AnimationError("delayFactor must lie in 0…1, got \(delayFactor)")
        }
        if state == .inactive {
            pending.append((animations, delayFactor))
        } else {
            let progress = group.progress
            run(animations, from: progress + delayFactor * (1 - progress))
        }
    }

    /// How many completions, and animation blocks not yet run, the animator holds.
    public var completionCount: Int { completions.count }
    public var pendingAnimationCount: Int { pending.count }

    /// Adds a block called with the position the animator finished at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    /// Starts, or resumes a paused animator, after `delay` seconds.
    public func startAnimation(afterDelay delay: Double = 0) throws(AnimationError) {
        guard state != .stopped else { throw AnimationError("cannot start a stopped animator; finish it first") }
        guard delay.isFinite, delay >= 0 else { throw AnimationError("delay must be >= 0, got \(delay)") }
        if state == .inactive { activate() }
        // A block that stopped its own animator as it became active ended it.
        guard state == .active, !isRunning else { return }
        driver = engine.currentDriver ?? driver
        run(over: curve, factor: 1, delay: delay)
    }

    public func pauseAnimation() throws(AnimationError) {
        guard isInterruptible else { throw AnimationError("cannot pause an animator that is not interruptible") }
        guard state != .stopped else { throw AnimationError("cannot pause a stopped animator") }
        if state == .inactive { activate() }
        guard state == .active else { return }
        freeze()
    }

    /// Sets `fractionComplete`; only while inactive (which pauses it) or paused.
    public func setFractionComplete(_ fraction: Double) throws(AnimationError) {
        guard isInterruptible else { throw AnimationError("cannot scrub an animator that is not interruptible") }
        guard state != .stopped else { throw AnimationError("cannot set fractionComplete of a stopped animator") }
        guard !isRunning else {
            throw AnimationError("cannot set fractionComplete while the animator runs; pause it first")
        }
        guard fraction.isFinite else { throw AnimationError("fractionComplete must be a number in 0…1") }
        if state == .inactive { activate() }
        guard state == .active else { return }
        let clamped = min(max(fraction, 0), 1)
        group.progress = scrubsLinearly ? clamped : curve.progress(at: clamped, duration: duration)
        engine.refresh(group)
    }

    /// Reverses the direction; a running animator turns around where it is.
    public func setReversed(_ reversed: Bool) throws(AnimationError) {
        guard state != .stopped else { throw AnimationError("cannot reverse a stopped animator") }
        guard reversed != isReversed else { return }
        guard isInterruptible || !isRunning else {
            throw AnimationError("cannot reverse a running animator that is not interruptible")
        }
        let wasRunning = isRunning
        if wasRunning { group.advance(to: clock.now) }
        isReversed = reversed
        if wasRunning { run(over: segment.curve, factor: 1, delay: 0) }
    }

    /// Resumes a paused animator with new timing (nil keeps the curve) over the remaining
    /// duration times `durationFactor`.
    public func continueAnimation(curve newCurve: TimingCurve?, durationFactor: Double = 1) throws(AnimationError) {
        guard state == .active, !isRunning else { throw AnimationError("continueAnimation needs a paused animator") }
        guard durationFactor.isFinite, durationFactor >= 0 else {
            throw AnimationError("durationFactor must be >= 0, got \(durationFactor)")
        }
        if let newCurve {
            try newCurve.validate()
            curve = newCurve
        }
        run(over: curve, factor: durationFactor, delay: 0)
    }

    /// Stops where the views are: they keep their on-screen values. Without finishing, the
    /// animator becomes inactive and no completion runs; otherwise it is stopped until
    /// `finishAnimation(at:)`.
    public func stopAnimation(withoutFinishing: Bool) throws(AnimationError) {
        guard isInterruptible else { throw AnimationError("cannot stop an animator that is not interruptible") }
        guard state == .active else { throw AnimationError("stopAnimation needs an active animator") }
        group.advance(to: clock.now)
        for record in group.records {
            record.view.model.setComponents(record.view.presentation.components(record.key), for: record.key)
        }
        engine.remove(group)
        isRunning = false
        if withoutFinishing {
            state = .inactive
            keptAlive = nil
            completions.removeAll()
            group.records.removeAll()
        } else {
            state = .stopped
        }
    }

    /// Finishes a stopped animator: the properties take their end, start or current values
    /// and the completions run with `position`.
    public func finishAnimation(at position: Position) throws(AnimationError) {
        guard state == .stopped else {
            throw AnimationError("finishAnimation needs a stopped animator; call stopAnimation(false) first")
        }
        finish(at: position)
    }

    // MARK: Internals

    private func activate() {
        state = .active
        keptAlive = self
        group.progress = isReversed ? 1 : 0
        group.isAtEnd = false
        engine.register(group)
        let blocks = pending
        pending.removeAll()
        for block in blocks { run(block.animations, from: block.delayFactor) }
    }

    /// Runs `animations` in a transaction whose animations span progress `start`…1.
    private func run(_ animations: () -> Void, from start: Double) {
        let transaction = AnimationTransaction(group: group, start: min(max(start, 0), 1))
        transaction.capture(animations)
        transaction.commit(to: engine)
    }

    /// Runs from the current progress to the end in the current direction.
    private func run(over curve: TimingCurve, factor: Double, delay: Double) {
        let start = group.progress
        let target: Double = isReversed ? 0 : 1
        segment = ((driver?.time ?? clock.now) + delay, duration * abs(target - start) * factor, start, target, curve)
        isRunning = true
    }

    private func freeze() {
        if isRunning { group.advance(to: clock.now) }
        isRunning = false
        engine.refresh(group)
    }

    /// The progress at `time` while running; reaching the target ends or pauses the animator.
    fileprivate func progress(at clockTime: Double) {
        guard isRunning else { return }
        if let driver, driver.hasReturnedToStart {
            group.progress = 0
            endPosition = .start
            group.isAtEnd = true
            return
        }
        let elapsed = (driver?.time ?? clockTime) - segment.begin
        guard elapsed > 0 else {
            group.progress = segment.start
            return
        }
        if elapsed >= segment.length - 1e-6 {
            group.progress = segment.target
            if pausesOnCompletion {
                isRunning = false
            } else {
                group.isAtEnd = true
            }
            return
        }
        let eased = segment.curve.progress(at: elapsed / segment.length, duration: segment.length)
        group.progress = segment.start + (segment.target - segment.start) * eased
    }

    /// The engine removed the group at its end.
    fileprivate func reachedEnd() {
        finish(at: endPosition ?? (segment.target == 1 ? .end : .start))
        endPosition = nil
        driver = nil
    }

    private func finish(at position: Position) {
        for record in group.records {
            switch position {
            case .end: record.view.model.setComponents(record.to, for: record.key)
            case .start: record.view.model.setComponents(record.from, for: record.key)
            case .current: break
            }
            record.view.updatePresentation()
        }
        group.records.removeAll()
        state = .inactive
        isRunning = false
        let blocks = completions
        completions.removeAll()
        withExtendedLifetime(keptAlive) {
            keptAlive = nil
            for completion in blocks { completion(position) }
        }
    }
}

/// A property animator's group: its progress is the animator's.
final class AnimatorGroup: AnimationGroup {
    weak var animator: PropertyAnimator?
    /// Every property the animator animates, with its values before and after.
    var records: [(view: View, key: AnimatableKey, from: SIMD8<Double>, to: SIMD8<Double>)] = []

    override var endsWhenEmpty: Bool { false }

    override func advance(to time: Double) {
        animator?.progress(at: time)
    }

    override func didAdd(_ animation: PropertyAnimation, to view: View) {
        records.append((view, animation.key, animation.from, animation.to))
    }

    override func didFinish() {
        animator?.reachedEnd()
    }
}
