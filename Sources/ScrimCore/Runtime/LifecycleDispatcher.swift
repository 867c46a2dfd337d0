/// Receives every lifecycle callback after the controller has handled it (plugin hooks, loggers).
public protocol LifecycleObserver: AnyObject {
    func controller(_ controller: ViewController, didHandle callback: LifecycleCallback, event: TraceEvent)
}

/// Receives every trace event as it is recorded (trace files, sockets, test recorders).
public protocol TraceSink: AnyObject {
    func write(_ event: TraceEvent)
}

/// The one path of every callback the runtime makes: it records the trace event, runs the
/// callback, then tells the observers.
public final class LifecycleDispatcher {
    /// The events recorded since the start or the last `clear()`, the oldest forgotten past
    /// `retention`.
    public private(set) var events: [TraceEvent] = []
    /// Whether `events` keeps what is recorded; sinks see every event either way.
    // The fields every event reads are `@exclusivity(unchecked)`: each access is a read or a
    // whole write that completes before any call out (the loops run over copies), so the
    // dynamic checks, a measurable part of recording an event, guard nothing.
    @exclusivity(unchecked) public var keepsEvents = true
    /// About how many bytes the kept events may take (nil: no bound). A long-lived runtime (a
    /// REPL, a preview, a host) records events for as long as it runs, and plugins can make
    /// many: past it, the oldest quarter is forgotten. Sinks (trace files, subscribers) see
    /// every event either way.
    public var retention: Int? = LifecycleDispatcher.standardRetention
    public static let standardRetention = 64 << 20
    /// How many events were forgotten to stay within `retention`.
    public private(set) var forgottenCount = 0
    private var keptBytes = 0
    /// The `seq` the next event will have.
    @exclusivity(unchecked) public private(set) var nextSeq = 0
    @exclusivity(unchecked) private var sinks: [TraceSink] = []
    @exclusivity(unchecked) private var observers: [LifecycleObserver] = []
    private let now: () -> Double

    init(now: @escaping () -> Double) {
        self.now = now
    }

    /// Records an event and hands it to the sinks.
    @discardableResult
    public func record(_ event: String, controller: String?, args: [(String, TraceValue)] = [],
                       by: String? = nil) -> TraceEvent {
        let entry = TraceEvent(seq: nextSeq, time: now(), event: event, controller: controller,
                               args: args, by: by)
        nextSeq += 1
        if keepsEvents { keep(entry) }
        for sink in sinks { sink.write(entry) }
        return entry
    }

    @discardableResult
    public func record(_ event: TraceEventName, controller: String?, args: [(String, TraceValue)] = [],
                       by: String? = nil) -> TraceEvent {
        record(event.rawValue, controller: controller, args: args, by: by)
    }

    /// Delivers a lifecycle callback to `controller`: trace, the controller's override, observers.
    func deliver(_ callback: LifecycleCallback, to controller: ViewController) {
        let entry = record(callback.event, controller: controller.name, args: callback.traceArgs)
        callback.invoke(on: controller)
        for observer in observers { observer.controller(controller, didHandle: callback, event: entry) }
    }

    private func keep(_ entry: TraceEvent) {
        events.append(entry)
        keptBytes += entry.estimatedSize
        guard let retention, keptBytes > retention else { return }
        var count = 0
        while count < events.count - 1, keptBytes > retention / 4 * 3 {
            keptBytes -= events[count].estimatedSize
            count += 1
        }
        events.removeFirst(count)
        forgottenCount += count
    }

    /// Forgets the recorded events; `seq` goes on counting.
    public func clear() {
        events.removeAll()
        keptBytes = 0
    }

    public func addSink(_ sink: TraceSink) { sinks.append(sink) }
    public func removeSink(_ sink: TraceSink) { sinks.removeAll { $0 === sink } }
    public func addObserver(_ observer: LifecycleObserver) { observers.append(observer) }
    public func removeObserver(_ observer: LifecycleObserver) { observers.removeAll { $0 === observer } }
}
