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
    /// Additive animations add `value - to` to the model; others replace the model value.
    let additive: Bool
    /// Whether it runs through keyframes (in its group's track) rather than from `from` to `to`.
    private let isKeyframed: Bool
    /// Where its values (and keyframes) are in its group's `tracks`, or -1 when it holds them
    /// itself. Held there rather than here so that the animation copies without reference
    /// counting, and stays small.
    private let track: Int32
    /// The part of the group's progress a plain animation runs in.
    let start: Double
    let length: Double
    /// Not retained: the engine removes every animation before it lets its group go, and the
    /// per-frame loop should not pay for reference counting (reading through `unowned(unsafe)`
    /// retains for the read; `progress` reads through `Unmanaged` and does not).
    private let groupReference: Unmanaged<AnimationGroup>
    /// The model value before the animation and after it, for a plain animation of at most two
    /// numbers (a centre, an alpha, a corner radius: most animations); others keep theirs in
    /// their group's track. Each frame reads every animation of every animating view, so an
    /// animation is one cache line, 64 bytes, where eight lanes for each value took 192.
    private let narrowFrom: SIMD2<Double>
    private let narrowTo: SIMD2<Double>

    var group: AnimationGroup { groupReference.takeUnretainedValue() }
    /// The group's progress now.
    @inline(__always)
    var progress: Double { groupReference._withUnsafeGuaranteedRef { $0.progress } }

    /// The model value before the animation.
    var from: SIMD8<Double> {
        track < 0 ? Self.widen(narrowFrom) : groupReference._withUnsafeGuaranteedRef { $0.tracks[Int(track)].from }
    }

    /// The model value after the animation.
    @inline(__always)
    var to: SIMD8<Double> {
        track < 0 ? Self.widen(narrowTo) : groupReference._withUnsafeGuaranteedRef { $0.tracks[Int(track)].to }
    }

    @inline(__always)
    private static func widen(_ value: SIMD2<Double>) -> SIMD8<Double> {
        SIMD8(value[0], value[1], 0, 0, 0, 0, 0, 0)
    }

    init(key: AnimatableKey, from: SIMD8<Double>, to: SIMD8<Double>, start: Double, length: Double,
         keyframes: [Segment]?, additive: Bool, group: AnimationGroup) {
        self.key = key
        self.start = start
        self.length = length
        self.additive = additive
        groupReference = Unmanaged.passUnretained(group)
        isKeyframed = keyframes != nil
        if keyframes == nil && key.laneCount <= 2 {
            narrowFrom = SIMD2(from[0], from[1])
            narrowTo = SIMD2(to[0], to[1])
            track = -1
        } else {
            narrowFrom = .zero
            narrowTo = .zero
            track = Int32(group.keep(AnimationGroup.Track(from: from, to: to, keyframes: keyframes ?? [])))
        }
    }

    /// The animated value at group progress `progress`. A plain animation extrapolates past 1
    /// (a spring's overshoot); keyframes hold each segment's end until the next begins.
    @inline(__always)
    func value(at progress: Double) -> SIMD8<Double> {
        guard !isKeyframed else {
            return groupReference._withUnsafeGuaranteedRef {
                Self.value(of: $0.tracks[Int(track)].keyframes, at: progress, empty: to)
            }
        }
        guard track < 0 else {
            let from = from, to = to
            if progress <= start { return from }
            return from + (to - from) * local(progress)
        }
        if progress <= start { return Self.widen(narrowFrom) }
        return Self.widen(narrowFrom + (narrowTo - narrowFrom) * local(progress))
    }

    /// How far a plain animation is at group progress `progress`, past its `start`. An
    /// animation over the whole of its group's progress (most are) is as far as the group,
    /// exactly as the division would give, without the division's latency on every frame.
    @inline(__always)
    private func local(_ progress: Double) -> Double {
        if start == 0 && length == 1 { return progress }
        return length > 0 ? (progress - start) / length : 1
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

    /// Whether the animation is a plain one of at most two numbers, which `applyNarrow` gives
    /// in two lanes instead of eight (the other six are zero for such a property).
    @inline(__always)
    var isNarrow: Bool { track < 0 }

    /// `apply` for a narrow animation (`isNarrow`), in its two lanes: the same numbers.
    @inline(__always)
    func applyNarrow(to current: SIMD2<Double>) -> SIMD2<Double> {
        let progress = progress
        let animated = progress <= start ? narrowFrom : narrowFrom + (narrowTo - narrowFrom) * local(progress)
        return additive ? current + (animated - narrowTo) : animated
    }
}
