/// One property of one view animating: its value through its group's progress. A plain
/// animation runs from `from` to `to` over the part of the progress from `start` on;
/// keyframed ones have segments.
struct PropertyAnimation {
    struct Segment {
        /// Where in the group's progress the segment starts, and how much of it it takes.
        var start: Double
        var length: Double
        var from: SIMD8<Double>
        var to: SIMD8<Double>
    }

    let key: AnimatableKey
    /// The model value before the animation and after it.
    let from: SIMD8<Double>
    let to: SIMD8<Double>
    /// The part of the group's progress a plain animation runs in.
    let start: Double
    let length: Double
    /// Where the keyframes are in the group's `keyframeTracks`, or -1 without keyframes. Held
    /// there rather than here so that the animation copies without reference counting.
    let keyframeTrack: Int
    /// Additive animations add `value - to` to the model; others replace the model value.
    let additive: Bool
    /// Not retained: the engine removes every animation before it lets its group go, and the
    /// per-frame loop should not pay for reference counting (reading through `unowned(unsafe)`
    /// retains for the read; `progress` reads through `Unmanaged` and does not).
    private let groupReference: Unmanaged<AnimationGroup>
    var group: AnimationGroup { groupReference.takeUnretainedValue() }
    /// The group's progress now.
    @inline(__always)
    var progress: Double { groupReference._withUnsafeGuaranteedRef { $0.progress } }

    init(key: AnimatableKey, from: SIMD8<Double>, to: SIMD8<Double>, start: Double, length: Double,
         keyframes: [Segment]?, additive: Bool, group: AnimationGroup) {
        self.key = key
        self.from = from
        self.to = to
        self.start = start
        self.length = length
        self.additive = additive
        groupReference = Unmanaged.passUnretained(group)
        if let keyframes {
            keyframeTrack = group.keep(keyframes)
        } else {
            keyframeTrack = -1
        }
    }

    /// The animated value at group progress `progress`. A plain animation extrapolates past 1
    /// (a spring's overshoot); keyframes hold each segment's end until the next begins.
    @inline(__always)
    func value(at progress: Double) -> SIMD8<Double> {
        guard keyframeTrack >= 0 else {
            if progress <= start { return from }
            let local = length > 0 ? (progress - start) / length : 1
            return from + (to - from) * local
        }
        return groupReference._withUnsafeGuaranteedRef { Self.value(of: $0.keyframeTracks[keyframeTrack], at: progress, empty: to) }
    }

    /// The value of keyframed segments at `progress` (`empty` without any); apart, so that the
    /// common plain case stays small enough to inline into the per-frame loop.
    private static func value(of keyframes: [Segment], at progress: Double, empty: SIMD8<Double>) -> SIMD8<Double> {
        guard let first = keyframes.first else { return empty }
        if progress <= first.start { return first.from }
        var value = first.from
        for index in keyframes.indices {
            let segment = keyframes[index]
            if progress < segment.start { return value }
            let local = segment.length > 0 ? (progress - segment.start) / segment.length : 1
            let endsAtOne = segment.start + segment.length >= 1 - 1e-12
            if local <= 1 || (endsAtOne && index == keyframes.count - 1) {
                return segment.from + (segment.to - segment.from) * local
            }
            value = segment.to
        }
        return value
    }

    /// This animation's contribution to what is on screen, on top of `current`.
    @inline(__always)
    func apply(to current: SIMD8<Double>) -> SIMD8<Double> {
        let animated = value(at: progress)
        return additive ? current + (animated - to) : animated
    }
}
