import CLua
import LuaBridge
import ScrimCore
import ScrimLua
import ScrimRender

/// One test file run in one fresh runtime: the test API installed (`testing.lua` and the
/// natives below), the file run to define its tests, then — when the runner asks — one of
/// them run, with every frame the runtime draws kept for `frameAt`, and the first script error
/// noted as it is recorded (a test's `trace.clear()` does not hide it).
final class TestSession: TraceSink {
    /// A test as the file defines it.
    struct Definition: Equatable {
        var name: String
        var line: Int
        var skipped: Bool
        var allowsScriptErrors: Bool
        /// Whether the frames it draws are kept for `frameAt` (`keepFrames`, true unless set).
        var keepsFrames: Bool
    }

    /// The most frames a test may hold from `frameAt` and `frame`, and their bytes.
    static let mostHeldFrames = 10_000

    let runtime: Runtime
    let file: String
    private let store: SnapshotStore
    private let history: FrameHistory
    private var held: [Int: TestFrame] = [:]
    private var heldBytes = 0
    private var nextToken = 1
    private(set) var definitions: [Definition] = []
    private var runTest: LuaRef?
    /// The test running, for the snapshots it names.
    private var current = ""
    private(set) var snapshotPage: String?
    /// The first `scriptError` recorded since the session began.
    private(set) var firstScriptError: ScriptErrorReport?
    /// The first expectation that failed, wherever it was raised: in the test's own code, in a
    /// callback the runtime caught it in, or inside a `pcall`.
    private(set) var firstExpectationFailure: TestFailure?

    init(runtime: Runtime, file: String, store: SnapshotStore) {
        self.runtime = runtime
        self.file = file
        self.store = store
        history = FrameHistory(window: runtime.application.window)
        runtime.application.addScreenObserver(history)
        runtime.application.dispatcher.addSink(self)
    }

    /// Lets the runtime go: the dispatcher holds its sinks strongly, so the session, a sink,
    /// would keep the runtime (and everything its tests made) alive for the rest of the run.
    func close() {
        runtime.application.removeScreenObserver(history)
        runtime.application.dispatcher.removeSink(self)
        runTest = nil
    }

    func write(_ event: TraceEvent) {
        if firstScriptError == nil { firstScriptError = ScriptErrorReport(event) }
    }

    /// Installs the test API and runs the file, which defines its tests.
    func load() throws(LuaError) {
        let lua = runtime.lua!
        let top = lua.top
        defer { lua.top = top }
        if let error = lua.load(source: TestSession.api, chunkName: "=[scrim testing]") { throw error }
        lua_createtable(lua.L, 0, 6)
        lua.setFunction("define", in: -1, qualifiedName: "test") { [unowned self] call in try define(call) }
        lua.setFunction("frameAt", in: -1, qualifiedName: "frameAt") { [unowned self] call in try frameAt(call) }
        lua.setFunction("frameNow", in: -1, qualifiedName: "frame") { [unowned self] call in try frameNow(call) }
        lua.setFunction("svg", in: -1, qualifiedName: "svg") { [unowned self] call in
            call.state.push(try heldFrame(call, 1).scene.svg)
            return 1
        }
        lua.setFunction("matchSnapshot", in: -1, qualifiedName: "toMatchSnapshot") { [unowned self] call in
            try matchSnapshot(call)
        }
        lua.setFunction("noteFailure", in: -1, qualifiedName: "expect") { [unowned self] call in
            if firstExpectationFailure == nil {
                firstExpectationFailure = TestFailure(message: try call.string(1), location: try call.optionalString(2))
            }
            return 0
        }
        if let error = lua.enter(nargs: 1, nresults: 1) { throw error }
        runTest = LuaRef(popping: lua)
        try runtime.runScript(at: file)
    }

    /// Runs the `index`th test defined (0-based), as the target of Ctrl-C when `interruptibly`;
    /// throws what failed it.
    func run(_ index: Int, interruptibly: Bool = false) throws(LuaError) {
        let lua = runtime.lua!
        current = definitions[index].name
        // A test sees the screen as it was when it began, at `frameAt` of that time; the file's
        // own code ran before without keeping frames.
        history.keep(history.capture(at: runtime.application.clock.now))
        history.isRecording = definitions[index].keepsFrames
        runTest!.push()
        lua_pushinteger(lua.L, lua_Integer(index + 1))
        let error = interruptibly ? lua.interruptibly { lua.enter(nargs: 1, nresults: 0) } : lua.enter(nargs: 1, nresults: 0)
        if let error { throw error }
    }

    // MARK: Natives

    private func define(_ call: LuaCall) throws -> Int32 {
        guard definitions.count < 100_000 else { throw LuaRaise("a test file defines at most 100000 tests") }
        definitions.append(Definition(name: try call.string(1), line: try call.integer(2),
                                      skipped: lua_toboolean(call.L, 3) != 0, allowsScriptErrors: lua_toboolean(call.L, 4) != 0,
                                      keepsFrames: lua_toboolean(call.L, 5) != 0))
        return 0
    }

    private func frameAt(_ call: LuaCall) throws -> Int32 {
        let time = try call.number(1)
        let now = runtime.application.clock.now
        guard time.isFinite, time >= 0 else {
            throw call.argumentError(1, "a time in seconds from 0 expected, got \(formatNumber(time))")
        }
        guard time <= now + 1e-6 else {
            throw call.argumentError(1, "the clock is at \(formatNumber(now)) s, before \(formatNumber(time)) s: run(…) past it first")
        }
        guard history.isRecording || time >= now - 1e-6 else {
            throw call.argumentError(1, "the test keeps no frames ({ keepFrames = false }): frame() or frameAt(now) only")
        }
        if !history.isRecording { return try frameNow(call) }
        guard let frame = history.latest(atOrBefore: time) else {
            let oldest = history.oldest.map(formatNumber) ?? "?"
            throw call.argumentError(1, "the frame at \(formatNumber(time)) s is no longer kept (frames kept take at most "
                + "\(FrameHistory.budget >> 20) MB; the oldest kept is at \(oldest) s): ask for it before running on")
        }
        return try hold(frame, call)
    }

    private func frameNow(_ call: LuaCall) throws -> Int32 {
        try hold(history.capture(at: runtime.application.clock.now), call)
    }

    private func hold(_ frame: TestFrame, _ call: LuaCall) throws -> Int32 {
        guard held.count < TestSession.mostHeldFrames, heldBytes + frame.bytes <= FrameHistory.budget else {
            throw LuaRaise("a test holds at most \(TestSession.mostHeldFrames) frames of at most \(FrameHistory.budget >> 20) MB in all")
        }
        let token = nextToken
        nextToken += 1
        held[token] = frame
        heldBytes += frame.bytes
        lua_pushinteger(call.L, lua_Integer(token))
        call.push(number: frame.time)
        return 2
    }

    private func heldFrame(_ call: LuaCall, _ index: Int32) throws -> TestFrame {
        guard let frame = held[try call.integer(index)] else { throw call.argumentError(index, "not a frame of this test") }
        return frame
    }

    private func matchSnapshot(_ call: LuaCall) throws -> Int32 {
        let frame = try heldFrame(call, 1)
        let name = try call.string(2)
        let tolerance = try call.number(3)
        do {
            let failure = try store.match(frame, name: name, tolerance: tolerance, test: TestIdentity(file: file, name: current)) {
                snapshotPage = $0
            }
            if let failure {
                call.state.push(failure)
                return 1
            }
            return 0
        } catch {
            call.state.push(error.message)
            return 1
        }
    }

    private static let api = String(decoding: PackageResources.testing_lua, as: UTF8.self)
}
