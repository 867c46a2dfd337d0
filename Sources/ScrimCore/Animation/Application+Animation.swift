extension Application {
    /// `UIView.animate`: runs `animations`, and animates the changes it makes to views'
    /// animatable properties from their old values to the new ones, after `delay`, over
    /// `duration` (a spring's settling time when nil), following `curve`.
    ///
    /// A property that is already animating gets the new animation on top (additive), so the
    /// motion stays continuous; with `.beginFromCurrentState` the running animations of that
    /// property are replaced instead, and their completions get `finished == false`.
    /// `completion(finished)` runs in the frame the animations end (the next frame when
    /// nothing animates).
    public func animate(duration: Double? = nil, delay: Double = 0, curve: TimingCurve = .easeInOut,
                        options: AnimationOptions = [], animations: () -> Void,
                        completion: ((Bool) -> Void)? = nil) throws(AnimationError) {
        let group = try makeGroup(duration: duration, delay: delay, curve: curve, completion: completion)
        let transaction = AnimationTransaction(group: group, options: options)
        transaction.capture(animations)
        try checkRoom(for: transaction)
        animationEngine.register(group)
        transaction.commit(to: animationEngine)
    }

    /// `UIView.animateKeyframes`: `animations` calls `View.addKeyframe(withRelativeStartTime:
    /// relativeDuration:animations:)`; each keyframe animates its changes over its part of
    /// the duration, linearly, with `curve` applied to the whole.
    public func animateKeyframes(duration: Double, delay: Double = 0, curve: TimingCurve = .linear,
                                 options: AnimationOptions = [], animations: () -> Void,
                                 completion: ((Bool) -> Void)? = nil) throws(AnimationError) {
        let group = try makeGroup(duration: duration, delay: delay, curve: curve, completion: completion)
        let transaction = AnimationTransaction(group: group, options: options)
        transaction.acceptsKeyframes = true
        transaction.capture(animations)
        try checkRoom(for: transaction)
        animationEngine.register(group)
        transaction.commit(to: animationEngine)
    }

    /// Refuses an animation whose changes would take the running animations past the bound
    /// (`AnimationLedger`); its changes stay, unanimated.
    private func checkRoom(for transaction: AnimationTransaction) throws(AnimationError) {
        guard animationEngine.ledger.fits(animations: transaction.changeCount) else {
            throw AnimationError("at most \(AnimationLedger.mostAnimations) property animations can run at once")
        }
    }

    private func makeGroup(duration: Double?, delay: Double, curve: TimingCurve,
                           completion: ((Bool) -> Void)?) throws(AnimationError) -> TimedAnimationGroup {
        guard let resolved = duration ?? curve.naturalDuration else {
            throw AnimationError("an animation needs a duration (only a spring has one of its own)")
        }
        guard resolved.isFinite, resolved >= 0 else {
            throw AnimationError("duration must be a finite number of seconds >= 0, got \(resolved)")
        }
        guard delay.isFinite, delay >= 0 else {
            throw AnimationError("delay must be a finite number of seconds >= 0, got \(delay)")
        }
        try curve.validate()
        let driver = animationEngine.currentDriver
        let group = TimedAnimationGroup(beginTime: (driver?.time ?? clock.now) + delay, duration: resolved, curve: curve,
                                        driver: driver, completion: completion)
        group.ledger = animationEngine.ledger
        return group
    }
}

extension View {
    /// `UIView.addKeyframe`: inside an `animateKeyframes` block, animates the changes
    /// `animations` makes over `relativeDuration` of the whole, from `relativeStartTime`.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration length: Double,
                                   animations: () -> Void) throws(AnimationError) {
        guard let transaction = AnimationTransaction.current, transaction.acceptsKeyframes else {
            throw AnimationError("addKeyframe must be called inside an animateKeyframes block")
        }
        guard start >= 0, length >= 0, start + length <= 1 + 1e-9 else {
            throw AnimationError("a keyframe must lie within 0…1: start \(start), duration \(length)")
        }
        guard transaction.keyframeCount < AnimationTransaction.mostKeyframes else {
            throw AnimationError("an animation takes at most \(AnimationTransaction.mostKeyframes) keyframes")
        }
        guard transaction.group.ledger?.fits(segments: transaction.pendingSegments) ?? true else {
            throw AnimationError("at most \(AnimationLedger.mostSegments) keyframes (each of one property of one view) "
                                 + "can be kept by the animations running at once")
        }
        transaction.addKeyframe(start: start, length: length, animations)
    }
}

extension TimingCurve {
    /// Throws for parameters no curve can have.
    func validate() throws(AnimationError) {
        switch self {
        case .cubic(let x1, let y1, let x2, let y2):
            guard [x1, y1, x2, y2].allSatisfy(\.isFinite), (0...1).contains(x1), (0...1).contains(x2) else {
                throw AnimationError("a cubic curve's x1 and x2 must lie in 0…1, got {\(x1), \(y1), \(x2), \(y2)}")
            }
        case .spring(let spring):
            guard spring.mass > 0, spring.stiffness > 0, spring.damping > 0,
                  [spring.mass, spring.stiffness, spring.damping, spring.initialVelocity].allSatisfy(\.isFinite) else {
                throw AnimationError("a spring needs a positive mass, stiffness and damping")
            }
        case .linear, .easeIn, .easeOut, .easeInOut:
            break
        }
    }
}
