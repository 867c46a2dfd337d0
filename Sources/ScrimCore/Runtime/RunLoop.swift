/// Something called once per frame while registered (animations, timers): `CADisplayLink`'s role.
public protocol FrameObserver: AnyObject {
    /// Called once per run-loop turn with the clock time of the turn.
    func frame(at time: Double)
}

/// The run loop of a runtime. A turn runs the blocks queued before it, the frame observers,
/// the due timers, then the layout pass; blocks queued during a turn run in the next one.
public final class RunLoop {
    private var queue: [() -> Void] = []
    private var timers: [(fire: Double, order: Int, block: () -> Void)] = []
    private var timerOrder = 0
    /// Held weakly: whoever registers an observer keeps it alive.
    private var frameObservers: [WeakFrameObserver] = []

    init() {}

    /// Queues `block` for the next turn (UIKit: `DispatchQueue.main.async`).
    public func perform(_ block: @escaping () -> Void) {
        queue.append(block)
    }

    /// Runs `block` in the first turn at or after clock time `time`.
    public func schedule(at time: Double, _ block: @escaping () -> Void) {
        timers.append((time, timerOrder, block))
        timerOrder += 1
    }

    /// How many timers wait (`schedule(at:_:)`).
    public var scheduledCount: Int { timers.count }

    public func addFrameObserver(_ observer: FrameObserver) {
        if !frameObservers.contains(where: { $0.value === observer }) { frameObservers.append(WeakFrameObserver(value: observer)) }
    }

    public func removeFrameObserver(_ observer: FrameObserver) {
        frameObservers.removeAll { $0.value === observer || $0.value == nil }
    }

    /// Whether anything is queued, scheduled or observing frames.
    public var hasPendingWork: Bool { !queue.isEmpty || !timers.isEmpty || !frameObservers.isEmpty }

    /// Whether the next turn has work at any time: queued blocks or frame observers.
    public var wantsNextFrame: Bool {
        frameObservers.removeAll { $0.value == nil }
        return !queue.isEmpty || !frameObservers.isEmpty
    }

    /// When the earliest timer fires, if any.
    var nextTimerFireTime: Double? { timers.map(\.fire).min() }

    /// Runs one turn: the blocks queued before it, then the frame observers (animations
    /// advance), then the due timers, which so see this frame's on-screen values.
    func runTurn(at time: Double) {
        let blocks = queue
        queue.removeAll()
        for block in blocks { block() }

        for observer in frameObservers { observer.value?.frame(at: time) }

        // A tolerance of a microsecond keeps a timer set for `t` from slipping a frame on rounding.
        let due = timers.filter { $0.fire <= time + 1e-6 }.sorted { ($0.fire, $0.order) < ($1.fire, $1.order) }
        if !due.isEmpty {
            let dueOrders = Set(due.map(\.order))
            timers.removeAll { dueOrders.contains($0.order) }
            for timer in due { timer.block() }
        }
    }
}

struct WeakFrameObserver {
    weak var value: FrameObserver?
}
