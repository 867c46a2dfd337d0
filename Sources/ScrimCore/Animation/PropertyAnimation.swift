/// One property of one view animating: its value through a group's progress, as segments
/// (a plain animation has one from 0 to 1; keyframes and delayed animator blocks have others).
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
    let segments: [Segment]
    /// Additive animations add `value - to` to the model; others replace the model value.
    let additive: Bool
    unowned let group: AnimationGroup

    /// The animated value at group progress `progress`: held at a segment's end until the
    /// next begins; past 1 (a spring's overshoot) the segment that ends at 1 extrapolates.
    func value(at progress: Double) -> SIMD8<Double> {
        guard let first = segments.first else { return to }
        if progress <= first.start { return first.from }
        var value = first.from
        for index in segments.indices {
            let segment = segments[index]
            if progress < segment.start { return value }
            let local = segment.length > 0 ? (progress - segment.start) / segment.length : 1
            let endsAtOne = segment.start + segment.length >= 1 - 1e-12
            if local <= 1 || (endsAtOne && index == segments.count - 1) {
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
