import LuaBridge
import ScrimCore

/// The calls a host embedding Scrim makes: plugins, time, the trace and the hierarchy.
/// Like every call on a runtime, they belong to the thread that owns it (see `RuntimeThread`
/// for calling from other threads).
extension Runtime {
    // MARK: Plugins

    /// Loads the plugin `nameOrPath`: a name found along the plugin paths, or a path to a plugin
    /// file or folder (anything with a `/` or ending in `.lua`). Loading a loaded plugin returns it.
    @discardableResult
    public func loadPlugin(_ nameOrPath: String) throws(LuaError) -> Plugin {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".lua") { return try plugins.load(path: nameOrPath) }
        return try plugins.load(named: nameOrPath)
    }

    /// Reloads the plugin `name` from its files (docs/plugins.md, "Hot reload"); a failure keeps the old
    /// version live and is thrown.
    @discardableResult
    public func reload(_ name: String) throws(LuaError) -> Plugin {
        try plugins.reload(named: name)
    }

    // MARK: Time

    /// Clock seconds now.
    public var now: Double { application.clock.now }

    /// Runs `frames` run-loop turns, moving a virtual clock one frame before each. A cancel
    /// (`LuaState.canceller`, Ctrl-C) stops them; returns whether all ran.
    @discardableResult
    public func tick(frames: Int = 1) -> Bool {
        runFrames(frames)
    }

    /// Runs the frames in `seconds` of clock time, rounded to whole frames (none for NaN or
    /// less than half a frame); as `tick`.
    @discardableResult
    public func advance(seconds: Double) -> Bool {
        let frames = (seconds / application.clock.frameDuration).rounded()
        guard frames >= 1 else { return true }
        return runFrames(frames < 0x1p62 ? Int(frames) : 1 << 62)
    }

    /// The most frames one call may run — `run` and `step` from Lua, `tick` and `advance` from
    /// the socket and the C ABI, the REPL's `:step`: an hour of clock time (`LuaLimits.longestRun`).
    public var mostFramesPerCall: Int { Int(LuaLimits.longestRun / application.clock.frameDuration) }

    /// Why `frames` cannot be run in one call, or nil (the same rule for every caller).
    public func refusalOfFrames(_ frames: Int) -> String? {
        (0...mostFramesPerCall).contains(frames) ? nil : "frames must be from 0 to \(mostFramesPerCall)"
    }

    /// Why `seconds` of frames cannot be run in one call (NaN, negative, past an hour), or nil.
    public func refusalOfSeconds(_ seconds: Double) -> String? {
        seconds >= 0 && seconds <= LuaLimits.longestRun ? nil : "seconds must be from 0 to \(Int(LuaLimits.longestRun))"
    }

    /// Runs `frames` frames, whose callbacks are turns of their own. Run from Lua (`run`,
    /// `step`), the frames' native work is the asking turn's: it pays `LuaLimits.entryCost` for
    /// the call and `frameCost` for each frame, its clock runs (the watchdog's time covers a
    /// frame loop whose frames are costly), and the frames stop once it must stop (its budget
    /// spent, its time up, cancelled): it then fails with that at its next instruction. Run by
    /// the host, each frame is a unit (`LuaState.hostUnit`): its callbacks together get the
    /// time limit. A cancel stops them whoever asked.
    @discardableResult
    func runFrames(_ frames: Int) -> Bool {
        lua.chargingTurn { charge in
            guard charge(LuaLimits.entryCost) else { return false }
            for _ in 0..<max(0, frames) {
                lua.hostUnit { application.step(frames: 1) }
                guard charge(LuaLimits.frameCost) else { return false }
            }
            return true
        }
    }

    // MARK: Trace and hierarchy

    /// The recorded events whose `seq` is at least `since` (all of them for 0).
    public func trace(since: Int) -> ArraySlice<TraceEvent> {
        let events = application.dispatcher.events
        var low = 0, high = events.count
        while low < high {
            let middle = (low + high) / 2
            if events[middle].seq < since { low = middle + 1 } else { high = middle }
        }
        return events[low...]
    }

    /// The trace from `since` as JSON Lines, each line ending in a newline.
    public func traceJSONLines(since: Int = 0) -> String {
        trace(since: since).map { $0.jsonLine + "\n" }.joined()
    }

    /// The window's controllers and views as JSON (`Window.hierarchySnapshot`).
    public var tree: JSONValue { application.window.hierarchySnapshot }

    /// Calls `body` with every trace event as it is recorded, until the returned observation is
    /// cancelled or released.
    public func observeTrace(_ body: @escaping (TraceEvent) -> Void) -> TraceObservation {
        TraceObservation(dispatcher: application.dispatcher, body: body)
    }
}

/// A running trace observer (`Runtime.observeTrace`): it stops when cancelled or released.
public final class TraceObservation {
    private weak var dispatcher: LifecycleDispatcher?
    private let sink: Sink

    init(dispatcher: LifecycleDispatcher, body: @escaping (TraceEvent) -> Void) {
        self.dispatcher = dispatcher
        sink = Sink(body: body)
        dispatcher.addSink(sink)
    }

    deinit { cancel() }

    /// Stops the observation.
    public func cancel() {
        dispatcher?.removeSink(sink)
        dispatcher = nil
    }

    /// What the dispatcher holds, so that it does not keep the observation alive.
    private final class Sink: TraceSink {
        let body: (TraceEvent) -> Void
        init(body: @escaping (TraceEvent) -> Void) { self.body = body }
        func write(_ event: TraceEvent) { body(event) }
    }
}
