/// The keyframes that animations keep until they end, counted across an application: each is a
/// segment of one property of one view, held by its animation group. An animation may run for
/// any length of time and a callback may start the next one, so without a bound a script could
/// make the host keep keyframes without end; `addKeyframe` is refused once `mostSegments` are
/// kept.
final class KeyframeLedger {
    /// About 14 MB of segments.
    static let mostSegments = 100_000
    private(set) var segments = 0

    func hold(_ count: Int) { segments += count }
    func release(_ count: Int) { segments -= count }

    /// Whether `count` more segments may be kept.
    func fits(_ count: Int) -> Bool { segments + count <= Self.mostSegments }
}
