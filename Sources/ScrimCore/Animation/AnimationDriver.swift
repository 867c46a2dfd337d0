/// Drives the time of the animations started while it is current, instead of the clock: how
/// an interactive transition scrubs the animations its animator creates (Core Animation's
/// paused layer with a time offset). While driven, `elapsed` is set from outside; `run(to:)`
/// then lets it move on its own along a curve, frame by frame.
final class AnimationDriver {
    /// The clock time driving began; driven animations see `beginTime + elapsed`.
    let beginTime: Double
    private(set) var elapsed = 0.0
    /// Set once a cancelled drive has run back to the start: its animations end there.
    private(set) var hasReturnedToStart = false
    private var run: (from: Double, to: Double, start: Double, length: Double, curve: TimingCurve,
                      done: () -> Void)?

    init(beginTime: Double) {
        self.beginTime = beginTime
    }

    var time: Double { beginTime + elapsed }

    func scrub(to elapsed: Double) {
        run = nil
        self.elapsed = max(0, elapsed)
    }

    /// Moves `elapsed` to `target` over `length` seconds of clock time along `curve`, from the
    /// next frame; `done` runs when it gets there.
    func run(to target: Double, over length: Double, curve: TimingCurve, now: Double, done: @escaping () -> Void) {
        run = (elapsed, target, now, length, curve, done)
    }

    /// Advances a running drive to clock time `time`; called by the engine before the groups.
    func advance(to time: Double) {
        guard let current = run else { return }
        let fraction = current.length > 0 ? (time - current.start) / current.length : 1
        if fraction >= 1 - 1e-9 {
            elapsed = current.to
            run = nil
            if current.to <= 0 { hasReturnedToStart = true }
            current.done()
        } else {
            elapsed = current.from + (current.to - current.from) * current.curve.progress(at: fraction, duration: current.length)
        }
    }
}
