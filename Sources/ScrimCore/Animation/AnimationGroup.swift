/// The animations started together — by one `animate` call, or by one property animator —
/// sharing a progress that advances with the clock.
public class AnimationGroup {
    /// Eased progress: 0 at the start, 1 at the end (a spring may overshoot in between).
    /// Read by every animation of the group on every frame: a whole read or write, unchecked.
    @exclusivity(unchecked) public internal(set) var progress: Double = 0
    /// How many of the group's property animations are still attached to views (counted in
    /// `ledger`).
    var liveAnimations = 0 {
        didSet { ledger?.animationsChanged(by: liveAnimations - oldValue) }
    }
    /// Set when one of its animations was removed before the end (superseded or set directly).
    var wasInterrupted = false
    /// Set by `advance` when the group has reached its end.
    var isAtEnd = false
    /// Whether the engine runs the group: from `register` until it ends or is removed. Only
    /// then may animations join it — the engine keeps them only while it runs their group,
    /// which they hold unretained.
    var isRunByEngine = false
    /// The values and keyframes of its animations that do not hold their own (see
    /// `PropertyAnimation.track`), their keyframes counted in `ledger` while the group lives.
    /// Read on every frame and only appended to: not checked for exclusive access.
    @exclusivity(unchecked) private(set) var tracks: [Track] = []
    var ledger: AnimationLedger?
    private var heldSegments = 0

    init() {}

    deinit {
        ledger?.release(segments: heldSegments)
        ledger?.animationsChanged(by: -liveAnimations)
    }

    /// What an animation of more than two numbers, or with keyframes, keeps in its group.
    struct Track {
        var from: SIMD8<Double>
        var to: SIMD8<Double>
        var keyframes: [PropertyAnimation.Segment]
    }

    /// Keeps `track` for one of its animations; returns where it is.
    func keep(_ track: Track) -> Int {
        tracks.append(track)
        heldSegments += track.keyframes.count
        ledger?.hold(segments: track.keyframes.count)
        return tracks.count - 1
    }

    /// Whether a group without animations left has ended (true, except for animators).
    var endsWhenEmpty: Bool { true }

    /// Whether the engine should remove the group this frame.
    var hasEnded: Bool { isAtEnd || (endsWhenEmpty && liveAnimations == 0) }

    /// Moves `progress` to clock time `time`; sets `isAtEnd` when done.
    func advance(to time: Double) {}

    /// Called when the engine attaches one of the group's animations to `view`.
    func didAdd(_ animation: PropertyAnimation, to view: View) {}

    /// Runs after the group left the engine (reached its end, or lost all its animations).
    func didFinish() {}
}

/// The group of an `animate` call: a delay, a duration and a curve from its start time — on the
/// clock, or on an interactive transition's driver.
final class TimedAnimationGroup: AnimationGroup {
    let beginTime: Double
    let duration: Double
    let curve: TimingCurve
    let completion: ((Bool) -> Void)?
    let driver: AnimationDriver?
    /// For driven groups: what to restore if the drive returns to the start.
    private var records: [(view: View, key: AnimatableKey, from: SIMD8<Double>)] = []

    init(beginTime: Double, duration: Double, curve: TimingCurve, driver: AnimationDriver?,
         completion: ((Bool) -> Void)?) {
        self.beginTime = beginTime
        self.duration = duration
        self.curve = curve
        self.driver = driver
        self.completion = completion
    }

    override func advance(to clockTime: Double) {
        if let driver, driver.hasReturnedToStart {
            progress = 0
            isAtEnd = true
            return
        }
        let time = driver?.time ?? clockTime
        let elapsed = time - beginTime
        // A microsecond of tolerance keeps a duration that is a whole number of frames from
        // slipping a frame on rounding.
        if elapsed >= duration - 1e-6 {
            progress = 1
            isAtEnd = true
        } else {
            progress = elapsed <= 0 ? 0 : curve.progress(at: elapsed / duration, duration: duration)
        }
    }

    override func didAdd(_ animation: PropertyAnimation, to view: View) {
        if driver != nil { records.append((view, animation.key, animation.from)) }
    }

    override func didFinish() {
        if let driver, driver.hasReturnedToStart {
            for record in records {
                record.view.model.setComponents(record.from, for: record.key)
                record.view.updatePresentation()
            }
        }
        completion?(!wasInterrupted)
    }
}
