import LuaBridge
import ScrimCore
import ScrimLua

/// What the control layer — the socket's service, REPL sessions, the serving loop — asks of the
/// runtime it serves: Lua evaluation, plugins, time, the trace and the hierarchy, all in the
/// runtime's own public terms. `Runtime` is the host (`Runtime+ControlHost.swift`); every call
/// is made on the runtime's thread.
public protocol ControlHost: AnyObject {
    // MARK: Lua

    /// Runs `code` as the socket's `eval` does (`Runtime.evaluate`).
    func evaluate(_ code: String, chunkName: String) -> Evaluation
    /// Runs a chunk of REPL lines, Ctrl-C interrupting it (`Runtime.evaluateLines`).
    func evaluateLines(_ chunk: String, firstLine: Bool) -> LinesEvaluation
    /// Completions for the end of `text` (`Runtime.completions(for:)`).
    func completions(for text: String) -> (names: [String], replacing: Int)
    /// Runs `body` with what it prints collected and returned (`Runtime.capturingOutput`).
    func capturingOutput(_ body: () -> Void) -> String
    /// Where Lua's `print` writes.
    var printOutput: (String) -> Void { get }
    /// Stops the runtime's work in hand from any thread.
    var canceller: LuaState.Canceller { get }
    /// How many cancels have come, ever: a batch of requests stops once it changes.
    var cancelCount: UInt { get }

    // MARK: Plugins

    var plugins: PluginManager { get }
    /// A new runtime on a virtual clock, set up as this one is: its device, plugin paths,
    /// grants and limits, for a test to run in (`:test`).
    func makeTestRuntime() -> Runtime
    func loadPlugin(_ nameOrPath: String) throws(LuaError) -> Plugin
    func reload(_ name: String) throws(LuaError) -> Plugin

    // MARK: Time

    /// Clock seconds now.
    var now: Double { get }
    /// The clock, when it can switch between real and virtual time.
    var switchableClock: SwitchableClock? { get }
    var mostFramesPerCall: Int { get }
    func refusalOfFrames(_ frames: Int) -> String?
    func refusalOfSeconds(_ seconds: Double) -> String?
    /// Runs frames; false when a cancel stopped them.
    func tick(frames: Int) -> Bool
    func advance(seconds: Double) -> Bool
    /// Runs frames as `tick` does, Ctrl-C stopping them too.
    func tickInterruptibly(frames: Int) -> Bool
    /// Seconds until the next frame is due on a clock that moves by itself; nil otherwise, or
    /// when nothing is due.
    var secondsUntilFrameDue: Double? { get }
    /// Runs the frame that is due (`secondsUntilFrameDue` reached 0).
    func runDueFrame()

    // MARK: Trace and hierarchy

    func trace(since: Int) -> ArraySlice<TraceEvent>
    /// The `seq` the next trace event will get.
    var nextSeq: Int { get }
    func observeTrace(_ body: @escaping (TraceEvent) -> Void) -> TraceObservation
    /// The window's controllers and views as JSON.
    var tree: JSONValue { get }
    /// The window's controllers and views as indented text (`:tree`).
    var hierarchyDescription: String { get }
}
