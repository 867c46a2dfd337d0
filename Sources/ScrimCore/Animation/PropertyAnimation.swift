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
    /// Keyframes, when there are any.
    let keyframes: [Segment]?
    /// Additive animations add `value - to` to the model; others replace the model value.
    let additive: Bool
    /// Unowned without checks: the engine removes every animation before it lets its group go,
    /// and the per-frame loop should not pay for reference counting.
    unowned(unsafe) let group: AnimationGroup

    /// The animated value at group progress `progress`. A plain animation extrapolates past 1
    /// (a spring's overshoot); keyframes hold each segment's end until the next begins.
    func value(at progress: Double) -> SIMD8<Double> {
        if keyframes == nil {
            if progress <= start { return from }
            let local = length > 0 ? (progress - start) / length : 1
            return from + (to - from) * local
        }
        let keyframes = self.keyframes!
        guard let first = keyframes.first else { return to }
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
    func apply(to current: SIMD8<Double>) -> SIMD8<Double> {
        let animated = value(at: group.progress)
        return additive ? current + (animated - to) : animated
    }
}
