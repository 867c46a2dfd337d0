import CLua
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
    public private(set) var L: OpaquePointer
    private let mainThread: OpaquePointer
    private var natives: [(name: String, body: NativeFunction)] = []
    /// Bridged classes, most specific first (see `register`).
    var classes: [BridgedClassEntry] = []
    /// The userdata slots of anchored objects that hold their userdata, by registry reference.
    var strongAnchors: [Int32: (slot: UnsafeMutableRawPointer, entry: BridgedClassEntry)] = [:]
    /// True while `lua_close` runs finalizers: nothing is resurrected then.
    var isClosing = false
    /// The registry reference of the identity table (objects to their userdata), once made.
    var objectsTable = scrim_noref()
    /// The registry reference of the table of companions kept alive by userdata (`LuaCompanion.swift`).
    var companionsTable = scrim_noref()
    /// Registry references of the keys hot paths look up (see `LuaKeys.swift`).
    var keyRefs: [Int32] = []
    /// Ends as the state closes, for the references into it (see `LuaRef`).
    let lifetime = Lifetime()

    /// The allocator's counters and the limits (see `LuaLimits`); outlives the state.
    private let counters: UnsafeMutablePointer<scrim_limits>
    /// How deep in budgeted calls the state is; the budget runs from the outermost.
    private var budgetDepth = 0
    private var budgetThread: OpaquePointer?

    public init(limits: LuaLimits = .standard) {
        counters = .allocate(capacity: 1)
        counters.initialize(to: scrim_limits())
        guard let state = scrim_newstate(counters) else { fatalError("Lua could not allocate its state") }
        L = state
        mainThread = state
        self.limits = limits
        applyLimits()
        luaL_openlibs(L)
        scrim_extraspace(L).pointee = Unmanaged.passUnretained(self).toOpaque()
        neutraliseKnownBugs()
        makeKeys()
        armCollectionSentinel()
    }

    deinit {
        isClosing = true
        lifetime.hasEnded = true
        lua_close(mainThread)
        counters.deinitialize(count: 1)
        counters.deallocate()
    }

    // MARK: Limits

    /// The instruction budget of a callback and the memory cap; changeable at any time.
    public var limits: LuaLimits {
        didSet { applyLimits() }
    }

    private func applyLimits() {
        counters.pointee.instruction_budget = Int64(limits.instructionBudget ?? 0)
        counters.pointee.memory_cap = limits.memoryCap ?? 0
    }

    /// Bytes Lua holds now, and the most it has held.
    public var memoryUsed: Int { counters.pointee.memory_used }
    public var memoryPeak: Int { counters.pointee.memory_peak }

    /// `protectedCall` for a callback: the outermost one starts the instruction budget, and
    /// the memory cap applies while its Lua code runs.
    public func budgetedCall(nargs: Int32, nresults: Int32) -> LuaError? {
        let enforcing = counters.pointee.enforcing
        if budgetDepth == 0, limits.instructionBudget != nil {
            budgetThread = L
            scrim_budget_start(L, counters)
        }
        budgetDepth += 1
        counters.pointee.enforcing = limits.memoryCap == nil ? 0 : 1
        defer {
            counters.pointee.enforcing = enforcing
            budgetDepth -= 1
            if budgetDepth == 0, let thread = budgetThread {
                scrim_budget_stop(thread)
                budgetThread = nil
            }
        }
        return protectedCall(nargs: nargs, nresults: nresults)
    }

    /// The `LuaState` that owns `L` (any of its threads).
    static func owner(of L: OpaquePointer) -> LuaState {
        Unmanaged<LuaState>.fromOpaque(scrim_extraspace(L).pointee!).takeUnretainedValue()
    }

    /// A key unique to this state, for `lua_rawgetp`/`lua_rawsetp` in the registry.
    var registryKey: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

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
        let native = natives[index]
        let caller = self.L
        self.L = L
        defer { self.L = caller }
        do {
            return try native.body(LuaCall(L: L, state: self, functionName: native.name))
        } catch let raise as LuaRaise {
            push(raise.message)
            return SCRIM_RAISE
        } catch let error as LuaError {
            // An error located in other Lua code (a plugin file) keeps its location; one
            // without gets the calling line.
            push(error.description)
            return error.location == nil ? SCRIM_RAISE : SCRIM_RAISE_RAW
        } catch {
            push("\(error)")
            return SCRIM_RAISE
        }
    }

    // MARK: Protected calls

    /// Calls the function below its `nargs` arguments on the stack, protected. On success the
    /// results stay on the stack; on error nothing does and the error is returned.
    @discardableResult
    public func protectedCall(nargs: Int32, nresults: Int32) -> LuaError? {
        let base = lua_gettop(L) - nargs
        scrim_pushmsgh(L)
        scrim_insert(L, base)
        let status = scrim_pcall(L, nargs, nresults, base)
        scrim_remove(L, base)
        guard status != LUA_OK else { return nil }
        let error = readError(at: -1, status: status)
        scrim_pop(L, 1)
        return error
    }

    /// Loads `source` as a text chunk named `chunkName` (`@path` for files) and runs it with
    /// `nresults` results left on the stack.
    public func run(source: String, chunkName: String, nresults: Int32 = 0) -> LuaError? {
        if let error = load(source: source, chunkName: chunkName) { return error }
        return protectedCall(nargs: 0, nresults: nresults)
    }

    /// Loads `source` as a text chunk and pushes it as a function, or returns the syntax error.
    public func load(source: String, chunkName: String) -> LuaError? {
        let length = source.utf8.count
        let status = source.withCString { text in
            scrim_loadbuffer(L, text, length, chunkName, "t")
        }
        guard status != LUA_OK else { return nil }
        let message = string(at: -1) ?? "cannot load \(chunkName)"
        scrim_pop(L, 1)
        return LuaError(message: message, location: LuaState.location(in: message))
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
    static func chunk(ofFile data: Data) -> Data {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.first == UInt8(ascii: "#") { bytes = bytes[(bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex)...] }
        return Data(bytes)
    }

    /// Loads a file's bytes as a text chunk (see `chunk(ofFile:)`), pushing it as a function.
    func load(fileContents data: Data, chunkName: String) -> LuaError? {
        load(chunk: LuaState.chunk(ofFile: data), chunkName: chunkName)
    }

    /// Loads bytes as a text chunk, pushing it as a function.
    func load(chunk data: Data, chunkName: String) -> LuaError? {
        var bytes = data[...]
        if bytes.isEmpty { bytes = Data([0x20])[...] }
        let status = bytes.withUnsafeBytes { buffer in
            scrim_loadbuffer(L, buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count, chunkName, "t")
        }
        guard status != LUA_OK else { return nil }
        let message = string(at: -1) ?? "cannot load \(chunkName)"
        scrim_pop(L, 1)
        return LuaError(message: message, location: LuaState.location(in: message))
    }

    private func readError(at index: Int32, status: Int32) -> LuaError {
        let table = lua_absindex(L, index)
        guard lua_type(L, table) == LUA_TTABLE else {
            // The message handler itself failed (LUA_ERRERR) or memory ran out before it ran.
            var text = string(at: table) ?? (status == LUA_ERRMEM ? "not enough memory" : "error in error handling")
            if status == LUA_ERRMEM, let cap = limits.memoryCap, counters.pointee.enforcing != 0 {
                text += " (the runtime's Lua memory cap of \(LuaLimits.describe(bytes: cap)) is reached)"
            }
            return LuaError(message: text)
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
    static func location(in message: String) -> String? {
        let parts = message.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, Int(parts[1]) != nil else { return nil }
        return "\(parts[0]):\(parts[1])"
    }

    // MARK: Stack helpers (never raise)

    public var top: Int32 {
        get { lua_gettop(L) }
        set { lua_settop(L, newValue) }
    }

    /// The string at `index` without converting numbers in place; nil for other types.
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let bytes = scrim_tostring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    }

    /// Pushes `number`, as a Lua integer when it is a whole number (so it prints as `12`, not `12.0`).
    public func push(number: Double) {
        if number == number.rounded(), abs(number) < 9_007_199_254_740_992 {
            lua_pushinteger(L, lua_Integer(number))
        } else {
            lua_pushnumber(L, number)
        }
    }

    public func push(_ string: String) {
        let length = string.utf8.count
        _ = string.withCString { lua_pushlstring(L, $0, length) }
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
