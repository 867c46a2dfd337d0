/// What the running animations of an application keep, counted all together: property
/// animations (one per property of a view an animation changes) and their keyframes (each a
/// segment of one property of one view). An animation may run for any length of time and a
/// callback may start the next one, so without a bound a script could make the host keep
/// animations without end: past `mostAnimations`, `animate` is refused and other animations
/// (a property animator's) leave their properties at their new values unanimated; past
/// `mostSegments`, `addKeyframe` is refused.
final class AnimationLedger {
    /// About 25 MB of animations, and 14 MB of keyframes.
    static let mostAnimations = 50_000
    static let mostSegments = 100_000
    private(set) var animations = 0
    private(set) var segments = 0

    func animationsChanged(by count: Int) { animations += count }
    func hold(segments count: Int) { segments += count }
    func release(segments count: Int) { segments -= count }

    /// Whether `count` more animations, or segments, may be kept.
    func fits(animations count: Int) -> Bool { animations + count <= Self.mostAnimations }
    func fits(segments count: Int) -> Bool { segments + count <= Self.mostSegments }
}
