import Synchronization

/// Collects the property changes made inside an animation block and turns them into property
/// animations of one group when the block ends.
///
/// The open transaction is found through a task-local value, so a view need not know its
/// application; a runtime is confined to its thread, which is why it is marked Sendable.
final class AnimationTransaction: @unchecked Sendable {
    /// The transaction open on this task, if any. Every change of a view asks, and reading a
    /// task-local costs a lookup in the task's storage, so it is read only while some
    /// transaction is open, on any thread.
    static var current: AnimationTransaction? {
        openCount.load(ordering: .relaxed) == 0 ? nil : open
    }

    @TaskLocal private static var open: AnimationTransaction?
    /// How many transactions are open, on all threads.
    private static let openCount = Atomic<Int>(0)

    private struct ChangeKey: Hashable {
        let view: ObjectIdentifier
        let key: AnimatableKey
    }

    private struct Change {
        let view: View
        let key: AnimatableKey
        /// The model and on-screen values before the first change.
        let model: SIMD8<Double>
        let presentation: SIMD8<Double>
        var keyframes: [PropertyAnimation.Segment] = []
    }

    private struct Keyframe {
        let start: Double
        let length: Double
        /// The model values of the properties it changes, before it changed them.
        var before: [ChangeKey: SIMD8<Double>] = [:]
    }

    let group: AnimationGroup
    let options: AnimationOptions
    /// Whether `addKeyframe` may be called (inside `animateKeyframes`).
    var acceptsKeyframes = false
    /// Keyframes added so far (`addKeyframe`), and the most one animation takes: each is kept
    /// until the animation ends, so a loop adding them must meet an end.
    private(set) var keyframeCount = 0
    static let mostKeyframes = 10_000
    /// Segments the keyframes so far have recorded (one per property of a view they change),
    /// which the group keeps once committed (`AnimationLedger`).
    private(set) var pendingSegments = 0
    /// Where this transaction's animations start within the group's progress.
    let start: Double
    private var changes: [Change] = []
    /// The properties changed so far: at most one animation each.
    var changeCount: Int { changes.count }
    private var indexByKey: [ChangeKey: Int] = [:]
    private var keyframe: Keyframe?

    init(group: AnimationGroup, options: AnimationOptions = [], start: Double = 0) {
        self.group = group
        self.options = options
        self.start = start
    }

    /// Runs `body` with this transaction open.
    func capture(_ body: () -> Void) {
        AnimationTransaction.openCount.add(1, ordering: .relaxed)
        defer { AnimationTransaction.openCount.subtract(1, ordering: .relaxed) }
        AnimationTransaction.$open.withValue(self, operation: body)
    }

    /// Called by a view before `key` changes: remembers the values it had.
    func willChange(_ view: View, _ key: AnimatableKey) {
        let id = ChangeKey(view: ObjectIdentifier(view), key: key)
        if keyframe != nil, keyframe?.before[id] == nil {
            keyframe?.before[id] = view.model.components(key)
        }
        guard indexByKey[id] == nil else { return }
        indexByKey[id] = changes.count
        changes.append(Change(view: view, key: key, model: view.model.components(key),
                              presentation: view.presentation.components(key)))
    }

    /// Records the changes `body` makes as a keyframe over `length` of the progress from `start`.
    func addKeyframe(start: Double, length: Double, _ body: () -> Void) {
        keyframeCount += 1
        let outer = keyframe
        keyframe = Keyframe(start: start, length: length)
        body()
        let recorded = keyframe!
        keyframe = outer
        for (id, before) in recorded.before.sorted(by: { indexByKey[$0.key]! < indexByKey[$1.key]! }) {
            let index = indexByKey[id]!
            let after = changes[index].view.model.components(changes[index].key)
            changes[index].keyframes.append(.init(start: start, length: length, from: before, to: after))
            pendingSegments += 1
        }
    }

    /// Turns the recorded changes into animations attached to their views; returns how many.
    @discardableResult
    func commit(to engine: AnimationEngine) -> Int {
        // A block can stop the property animator it runs for: its changes then stay in the
        // model, unanimated, as the animator's own do.
        guard group.isRunByEngine else { return 0 }
        let replaces = options.contains(.beginFromCurrentState)
        var count = 0
        for change in changes {
            let view = change.view, key = change.key
            if replaces { view.removeAnimations(for: key) }
            let to = view.model.components(key)
            let from = replaces ? change.presentation : change.model
            var keyframes = change.keyframes.enumerated()
                .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
                .map(\.element)
            if replaces, !keyframes.isEmpty { keyframes[0].from = from }
            if key == .transform {
                for index in keyframes.indices {
                    keyframes[index].from = nearestRotation(keyframes[index].from, to: keyframes[index].to)
                }
            }
            let start = keyframes.first?.from ?? (key == .transform ? nearestRotation(from, to: to) : from)
            if keyframes.isEmpty ? start == to : !keyframes.contains(where: { $0.from != $0.to }) { continue }
            // Past the bound, a property takes its new value unanimated (`animate` refused first).
            guard engine.ledger.fits(animations: 1) else { continue }
            engine.add(PropertyAnimation(key: key, from: start, to: to, start: self.start, length: 1 - self.start,
                                         keyframes: keyframes.isEmpty ? nil : keyframes,
                                         additive: !replaces, group: group), to: view)
            count += 1
        }
        return count
    }

    /// `value` with its rotation moved by whole turns to within half a turn of `target`'s,
    /// so a rotation animates the short way round.
    private func nearestRotation(_ value: SIMD8<Double>, to target: SIMD8<Double>) -> SIMD8<Double> {
        var result = value
        let turn = 2 * Double.pi
        while result[2] - target[2] > .pi { result[2] -= turn }
        while result[2] - target[2] < -.pi { result[2] += turn }
        return result
    }
}
