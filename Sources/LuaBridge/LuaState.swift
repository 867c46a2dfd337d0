import CLua
import CLuaBridge
import Foundation

/// A native function callable from Lua. It returns its number of results, pushed on the
/// stack, or throws; a thrown error becomes a Lua error raised from C after it returns.
public typealias NativeFunction = (LuaCall) throws -> Int32

/// Owns a `lua_State`. Every call into Lua goes through `protectedCall`, so a Lua error
/// never unwinds through Swift frames; native functions are entered through a C trampoline
/// that raises their errors only after they return.
public final class LuaState {
    /// The running thread: the main thread, or while a native function runs, the thread
    /// (coroutine) that called it. Every helper works on this one.
    @inlinable package var L: OpaquePointer {
        get { thread.pointee }
        set { thread.pointee = newValue }
    }
    /// Where `L` is kept: behind a pointer, not in a stored property, because code in other
    /// modules reads it on every call into Lua, and there Swift checks each read of a stored
    /// property for exclusive access at run time, `@exclusivity(unchecked)` notwithstanding
    /// (seen in the release build's code).
    @usableFromInline let thread: UnsafeMutablePointer<OpaquePointer>
    private let mainThread: OpaquePointer
    //
    // `@exclusivity(unchecked)` on what every call between Lua and native code reads in this
    // module: each access is a whole read or write, or an in-place change that calls out to
    // nothing that could reach the same property, so the dynamic check (a thread-local access
    // set, some hundred instructions) guards against nothing.
    @exclusivity(unchecked) private var natives: [(name: String, body: NativeFunction)] = []
    /// Bridged classes, most specific first (see `register`).
    @usableFromInline @exclusivity(unchecked) package var classes: [BridgedClassEntry] = []
    /// Dynamic types pushed so far, with their class and protocols (`kind(of:)`).
    @usableFromInline @exclusivity(unchecked) package var boundKinds: [ObjectIdentifier: BoundKind] = [:]
    /// Their members by number, for the C dispatch (`BoundClass`); freed after the state closes.
    @usableFromInline var boundClasses: [BoundClass] = []
    /// The userdata slots of anchored objects that hold their userdata, at the index of their
    /// registry reference (nil at the others'): one word per live controller made from Lua,
    /// kept to what the collection sentinel needs. Each slot's class tag tells its class, and so
    /// its `isOnlyHeldByLua`.
    package var strongAnchors: [UnsafeMutableRawPointer?] = []
    /// The address of the collection sentinel now armed (`armCollectionSentinel`).
    package var armedSentinel: UnsafeRawPointer?
    /// True while `lua_close` runs finalizers: nothing is resurrected then.
    @usableFromInline @exclusivity(unchecked) package var isClosing = false
    /// The registry reference of the identity table (objects to their userdata), once made.
    @usableFromInline @exclusivity(unchecked) package var objectsTable = scrim_noref()
    /// The registry reference of the table of companions kept alive by userdata (`LuaCompanion.swift`).
    package var companionsTable = scrim_noref()
    package let lifetime = Lifetime()

    /// The allocator's counters and the limits' turns (see `LuaLimits`, `Limits.c`); outlives the state.
    @usableFromInline package let limitsRecord: OpaquePointer
    /// Native objects whose userdata went while native code holds them: they still weigh.
    @usableFromInline package let lingeringNatives: LingeringNatives

    public init(limits: LuaLimits = .standard) {
        guard let record = scrim_limits_new(), let state = scrim_limits_newstate(record) else {
            fatalError("Lua could not allocate its state")
        }
        limitsRecord = record
        lingeringNatives = LingeringNatives(record: record)
        canceller = Canceller(record)
        thread = .allocate(capacity: 1)
        thread.initialize(to: state)
        mainThread = state
        self.limits = limits
        scrim_limits_set_reclaimer(record, { context in
            Unmanaged<LingeringNatives>.fromOpaque(context!).takeUnretainedValue().sweep()
        }, Unmanaged.passUnretained(lingeringNatives).toOpaque())
        luaL_openlibs(L)
        // `error(message, level)` skips Scrim's own chunks, which every chunk after this one
        // takes as its `error`: a message is located at the user's line, not a wrapper's.
        scrim_open_located_error(L)
        scrim_extraspace(L).pointee = Unmanaged.passUnretained(self).toOpaque()
        neutraliseKnownBugs()
        installBudgetedLibrary()
        armCollectionSentinel()
        // The state's own set-up runs unlimited: a budget of one instruction or a cap of one
        // byte would stop it, and leave the state half made.
        applyLimits()
    }

    deinit {
        scrim_limits_set_reclaimer(limitsRecord, nil, nil)
        isClosing = true
        lifetime.hasEnded = true
        lua_close(mainThread)
        boundClasses.removeAll()
        canceller.invalidate()
        lingeringNatives.close()
        scrim_limits_free(limitsRecord)
        thread.deallocate()
    }

    // MARK: Limits

    /// The instruction budget of a callback and the memory cap; changeable at any time.
    public var limits: LuaLimits {
        didSet { applyLimits() }
    }

    private func applyLimits() {
        scrim_limits_set(limitsRecord, Int64(limits.instructionBudget ?? 0), limits.memoryCap ?? 0,
                         limits.timeLimit.map { Int64(($0 * 1e9).rounded()) } ?? 0)
    }

    /// Bytes Lua holds now, and the most it has held.
    public var memoryUsed: Int {
        lingeringNatives.sweep()
        return scrim_limits_memory_used(limitsRecord)
    }
    public var memoryPeak: Int { scrim_limits_memory_peak(limitsRecord) }

    /// The gate: every entry from the host into plugin or user code calls the function below its
    /// `nargs` arguments through here. Each entry is a turn, held to the instruction budget and
    /// the watchdog; one made from inside another is a turn of its own, while the outer one
    /// waits, its watchdog's clock running, and pays `LuaLimits.entryCost`; the memory cap
    /// applies while their Lua code runs; errors come back through the message handler. On
    /// success the results stay on the stack.
    public func enter(nargs: Int32, nresults: Int32) -> LuaError? {
        var entry = scrim_entry()
        let status = scrim_enter(L, limitsRecord, nargs, nresults, &entry)
        defer { scrim_leave(limitsRecord, &entry) }
        guard status != LUA_OK else { return nil }
        return popError(status: status, entry: entry)
    }

    /// `enter`, through the message handler already at stack index `handler`
    /// (`pushMessageHandler`), below the function: for a host that enters Lua several times in
    /// a row, as a delivery to every plugin's hook does.
    public func enter(nargs: Int32, nresults: Int32, handler: Int32) -> LuaError? {
        var entry = scrim_entry()
        let status = scrim_enter_handled(L, limitsRecord, handler, nargs, nresults, &entry)
        defer { scrim_leave(limitsRecord, &entry) }
        guard status != LUA_OK else { return nil }
        return popError(status: status, entry: entry)
    }

    /// Pushes the message handler every entry goes through (`enter(nargs:nresults:handler:)`);
    /// returns its stack index.
    public func pushMessageHandler() -> Int32 {
        scrim_pushmsgh(L)
        return lua_gettop(L)
    }

    @inline(never)
    private func popError(status: Int32, entry: scrim_entry) -> LuaError {
        let error = readError(at: -1, status: status, capped: entry.capped != 0)
        scrim_pop(L, 1)
        return error
    }

    /// Runs frames for the turn in flight — run from Lua — as that turn's work, whole: the
    /// watchdog's time covers their native work and the callbacks they make (each also a turn
    /// of its own, with its own limit, while the asking turn's clock runs on). `charge` charges
    /// the turn `units` instructions, returning false once the frames must stop (the budget
    /// spent, the time up, a cancel); the turn then fails at its next instruction, with the
    /// reason. With no turn in flight, the host's own frames, only a cancel stops them.
    package func chargingTurn<Result>(_ body: (_ charge: (Int) -> Bool) throws -> Result) rethrows -> Result {
        guard scrim_limits_turn_in_flight(limitsRecord) != 0 else { return try suspendingTurn(body) }
        return try body { units in scrim_turn_charge(limitsRecord, Int64(units)) == SCRIM_STOP_NONE }
    }

    /// Runs host work that must not run inside a turn, with the turn in flight, if any,
    /// suspended (its clock runs on), and `charge` charges it `units` instructions, returning
    /// false once it must stop (its budget spent, its time up, or cancelled). The turn then fails
    /// at its next instruction, with the reason.
    package func suspendingTurn<Result>(_ body: (_ charge: (Int) -> Bool) throws -> Result) rethrows -> Result {
        var saved = scrim_turn_state()
        scrim_turn_suspend(limitsRecord, &saved)
        defer { scrim_turn_resume(limitsRecord, &saved) }
        return try body { units in
            scrim_turn_charge_suspended(limitsRecord, &saved, Int64(units)) == SCRIM_STOP_NONE
        }
    }

    /// Runs host work that enters Lua code through entries of its own — a frame the host runs,
    /// the descriptions of an evaluation's results — as one unit with a clock (with a turn in
    /// flight, as that turn's work). Once the unit has run longer than the time limit, what it
    /// enters begins stopped, so a chain of callbacks each within its own limit cannot hold the
    /// host past it; a cancel stops it too.
    package func hostUnit<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        var unit = scrim_turn_state()
        scrim_host_unit_begin(limitsRecord, &unit)
        defer { scrim_host_unit_end(limitsRecord, &unit) }
        return try body()
    }

    /// How many cancels came (`canceller`, Ctrl-C), ever: work made of many entries compares
    /// it to stop the rest once one came.
    package var cancelCount: UInt { scrim_limits_cancels(limitsRecord) }

    /// Stops the turn in flight, from any thread, as Ctrl-C does: its code fails with
    /// `interrupted!`, and frames it runs stop. Valid as long as it is held (a no-op once the
    /// state is gone).
    public let canceller: Canceller

    public final class Canceller: @unchecked Sendable {
        private let lock = NSLock()
        private var record: OpaquePointer?

        init(_ record: OpaquePointer) { self.record = record }

        public func cancel() {
            lock.withLock { if let record { scrim_turn_cancel(record) } }
        }

        func invalidate() {
            lock.withLock { record = nil }
        }
    }

    /// The `LuaState` that owns `L` (any of its threads).
    package static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(scrim_extraspace(L).pointee!).takeUnretainedValue()
    }

    /// A key unique to this state, for `lua_rawgetp`/`lua_rawsetp` in the registry.
    @usableFromInline package var registryKey: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    // MARK: Native functions

    /// Pushes a Lua function that runs `body`. `name` is used in error messages.
    public func pushFunction(_ name: String, _ body: @escaping NativeFunction) {
        natives.append((name, body))
        lua_pushinteger(L, lua_Integer(natives.count - 1))
        scrim_pushnative(L, nativeEntry, 1)
    }

    /// Sets `table[name]` (table at `index`) to a native function.
    public func setFunction(_ name: String, in index: Int32, qualifiedName: String? = nil,
                            _ body: @escaping NativeFunction) {
        let table = lua_absindex(L, index)
        pushFunction(qualifiedName ?? name, body)
        lua_setfield(L, table, name)
    }

    fileprivate func callNative(_ L: OpaquePointer, index: Int) -> Int32 {
        // The index is the closure's upvalue: a plugin granted `debug` can change it.
        guard natives.indices.contains(index) else {
            push("not a native function of this state (its upvalue was changed)")
            return SCRIM_RAISE
        }
        let native = natives[index]
        return host(L, name: native.name, native.body)
    }

    /// Runs native code called from Lua on thread `L`: `body` gets the call, and what it throws
    /// becomes the error the C side raises once the Swift frames have returned.
    @inline(__always)
    func host(_ L: OpaquePointer, name: String, role: LuaCall.Role = .function,
              _ body: (LuaCall) throws -> Int32) -> Int32 {
        host(L, callee: .named(name, role), body)
    }

    @inline(__always)
    func host(_ L: OpaquePointer, callee: LuaCall.Callee, _ body: (LuaCall) throws -> Int32) -> Int32 {
        let caller = self.L
        self.L = L
        defer { self.L = caller }
        do {
            return try body(LuaCall(L: L, state: self, callee: callee))
        } catch {
            return raise(error)
        }
    }

    /// Pushes what `error` says for the C side to raise, and the code that tells it how.
    private func raise(_ error: Error) -> Int32 {
        switch error {
        case let raise as LuaRaise:
            push(raise.message)
            return SCRIM_RAISE
        case let error as LuaError:
            // An error located in other Lua code (a plugin file) keeps its location; one
            // without gets the calling line.
            push(error.description)
            return error.location == nil ? SCRIM_RAISE : SCRIM_RAISE_RAW
        default:
            push("\(error)")
            return SCRIM_RAISE
        }
    }

    // MARK: Protected calls

    /// Calls the function below its `nargs` arguments on the stack, protected, outside the
    /// limits: for the host's own code as a state is made (the prelude, the sandbox). Plugin and
    /// user code goes through the gate, `enter`. On success the results stay on the stack; on
    /// error nothing does and the error is returned.
    @discardableResult
    package func protectedCall(nargs: Int32, nresults: Int32) -> LuaError? {
        // Made from inside a turn (the sandbox is installed as the first plugin loads), host
        // code is no part of it: the turn waits, as for frames.
        suspendingTurn { _ in unlimitedCall(nargs: nargs, nresults: nresults) }
    }

    private func unlimitedCall(nargs: Int32, nresults: Int32) -> LuaError? {
        let base = lua_gettop(L) - nargs
        scrim_pushmsgh(L)
        scrim_insert(L, base)
        let status = scrim_pcall(L, nargs, nresults, base)
        // What follows is the host's, outside any protected call: an allocation refused for the
        // cap here would be an unprotected error (the caller restores the cap as it was).
        let capped = scrim_limits_enforce(limitsRecord, 0) != 0
        scrim_remove(L, base)
        guard status != LUA_OK else { return nil }
        let error = readError(at: -1, status: status, capped: capped)
        scrim_pop(L, 1)
        return error
    }

    /// Loads `source` as a text chunk named `chunkName` (`@path` for files) and runs it through
    /// the gate with `nresults` results left on the stack.
    public func run(source: String, chunkName: String, nresults: Int32 = 0) -> LuaError? {
        if let error = load(source: source, chunkName: chunkName) { return error }
        return enter(nargs: 0, nresults: nresults)
    }

    /// Loads `source` as a text chunk and pushes it as a function, or returns the syntax error.
    public func load(source: String, chunkName: String) -> LuaError? {
        let length = source.utf8.count
        let status = source.withCString { text in
            scrim_load_text(L, text, length, chunkName, "t")
        }
        return loadError(status, chunkName: chunkName)
    }

    /// Loads the file at `path` as a text chunk named `@displayName` (default: the path),
    /// pushing it as a function.
    public func loadFile(_ path: String, displayName: String? = nil) -> LuaError? {
        guard let data = FileManager.default.contents(atPath: path) else {
            return LuaError(message: "cannot open \(path)")
        }
        return load(fileContents: data, chunkName: "@" + (displayName ?? path))
    }

    /// A file's bytes as Lua reads a chunk from them (luaL_loadfilex): without a UTF-8
    /// byte-order mark, and without a first line starting with `#` (its line break kept, so line
    /// numbers hold).
    package static func chunk(ofFile data: Data) -> Data {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.first == UInt8(ascii: "#") { bytes = bytes[(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex)...] }
        return Data(bytes)
    }

    /// Loads a file's bytes as a text chunk (see `chunk(ofFile:)`), pushing it as a function.
    package func load(fileContents data: Data, chunkName: String) -> LuaError? {
        load(chunk: LuaState.chunk(ofFile: data), chunkName: chunkName)
    }

    /// Loads bytes as a text chunk, pushing it as a function.
    package func load(chunk data: Data, chunkName: String) -> LuaError? {
        var bytes = data[...]
        if bytes.isEmpty { bytes = Data([0x20])[...] }
        let status = bytes.withUnsafeBytes { buffer in
            scrim_load_text(L, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, chunkName, "t")
        }
        return loadError(status, chunkName: chunkName)
    }

    /// What a load with `status` failed with, its message taken off the stack (and bounded: a
    /// syntax error quotes the token it met, which may be a string of any length); nil for none.
    func loadError(_ status: Int32, chunkName: String) -> LuaError? {
        guard status != LUA_OK else { return nil }
        scrim_bound_message(L)
        let message = string(at: -1) ?? "cannot load \(chunkName)"
        scrim_pop(L, 1)
        return LuaError(message: message, location: LuaState.location(in: message))
    }

    /// The error a protected call left at `index`; `capped`: whether the memory cap held in it.
    private func readError(at index: Int32, status: Int32, capped: Bool) -> LuaError {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else {
            // The message handler itself failed (LUA_ERRERR), or memory ran out: Lua raises that
            // without a handler, so the cap noted where the code was when it refused.
            var text = string(at: table) ?? (status == LUA_ERRMEM ? "not enough memory" : "error in error handling")
            var location: String?
            if status == LUA_ERRMEM {
                var place = [CChar](repeating: 0, count: 160)
                scrim_limits_take_refused_where(limitsRecord, &place, place.count)
                location = place[0] == 0 ? nil : String(cString: place)
                if capped {
                    scrim_limits_push_cap_error(L, limitsRecord)
                    text = string(at: -1) ?? text
                    scrim_pop(L, 1)
                }
            }
            return LuaError(message: location.map { "\($0): \(text)" } ?? text, location: location)
        }
        lua_getfield(L, table, "message")
        let message = string(at: -1) ?? "unknown error"
        lua_getfield(L, table, "where")
        // A message that starts with `file:line:` says where the error was raised (it honours
        // `error`'s level); otherwise the first Lua frame from the error's point does.
        let location = LuaState.location(in: message) ?? string(at: -1)
        lua_getfield(L, table, "traceback")
        let traceback = string(at: -1) ?? ""
        scrim_pop(L, 3)
        return LuaError(message: message, location: location, traceback: traceback)
    }

    /// The `file:line` a Lua message starts with, if any (syntax errors carry one).
    package static func location(in message: String) -> String? {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, Int(parts[1]) != nil else { return nil }
        return "\(parts[0]):\(parts[1])"
    }

    // MARK: Stack helpers (never raise)

    public var top: Int32 {
        get { lua_gettop(L) }
        set { lua_settop(L, newValue) }
    }

    /// Runs `body` and puts the stack back as it was, whatever `body` left on it.
    @inlinable
    public func balanced<Result>(_ body: (LuaState) throws -> Result) rethrows -> Result {
        let mark = top
        defer { top = mark }
        return try body(self)
    }

    /// The string at `index` without converting numbers in place; nil for other types.
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = scrim_tostring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Pushes `number`, as a Lua integer when it is a whole number (so it prints as `12`, not `12.0`).
    public func push(number: Double) { LuaState.push(number: number, on: L) }

    /// `push(number:)` on thread `L`.
    @inlinable
    public static func push(number: Double, on L: OpaquePointer) { scrim_push_number(L, number) }

    public func push(_ string: String) {
        let length = string.utf8.count
        _ = string.withCString { lua_pushlstring(L, $0, length) }
    }

    /// Pushes `value[key]` of the table at `index` without metamethods. A key written in the
    /// code keeps its address, which Lua's cache of C strings finds without hashing it.
    public func rawField(_ key: StaticString, of index: Int32) {
        let table = lua_absindex(L, index)
        if key.hasPointerRepresentation {
            lua_pushstring(L, UnsafeRawPointer(key.utf8Start).assumingMemoryBound(to: CChar.self))
        } else {
            push(key.description)
        }
        lua_rawget(L, table)
    }

    /// Pushes `value[key]` of the table at `index` without metamethods.
    public func rawField(_ key: String, of index: Int32) {
        let table = lua_absindex(L, index)
        lua_pushstring(L, key)
        lua_rawget(L, table)
    }
}

/// The entry of every native function: upvalue 2 is the function's index in its state.
private let nativeEntry: scrim_native_fn = { L in
    guard let L else { return 0 }
    let index = Int(scrim_tointeger(L, scrim_upvalueindex(2), nil))
    return LuaState.owner(of: L).callNative(L, index: index)
}
