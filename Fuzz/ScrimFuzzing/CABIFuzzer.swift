import CScrim
import Foundation
import ScrimCore

/// Runs the C ABI programs of `CCallGenerator` through the functions of `scrim.h`, as a C host
/// calls them, and checks what every call must give whatever it is passed: a status the header
/// lists, a message from `scrim_last_error` exactly when it fails, strings handed back that are
/// the JSON the header promises, and trace callbacks given JSON lines. After the program every
/// runtime still live evaluates, draws its tree and reads its trace, and then is destroyed.
///
/// What a C host must not do — use a runtime while another thread destroys it, or free a
/// string twice — the fuzzer does not do either: it destroys only when no other call can be in
/// flight, and frees only what it was handed.
public final class CABIFuzzer: HostileFuzzer {
    public let header: CHeader
    public let surface: LuaSurface
    public let callCount: Int
    /// The folder of test files that `$FOLDER` stands for.
    private let folder: String

    public init(header: CHeader, surface: LuaSurface, calls: Int = 30) throws {
        self.header = header
        self.surface = surface
        callCount = calls
        folder = NSTemporaryDirectory() + "scrim-c-abi-\(getpid())"
        try Self.makeFolder(folder)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Scripts, a plugin, a folder and a dangling link for paths to point at.
    private static func makeFolder(_ folder: String) throws {
        let files = FileManager.default
        try? files.removeItem(atPath: folder)
        try files.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
        let contents = [
            "scenario.lua": "local c = ViewController{ name = 'scenario' } window.rootViewController = c step(2)",
            "loop.lua": "while true do end",
            "error.lua": "error('a scenario that fails')",
            "syntax.lua": "local = 1",
            "plugin.lua": "return scrim.plugin{ name = 'fuzz-plugin', transitioningDelegate = {} }",
        ]
        for (name, text) in contents { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        try files.createSymbolicLink(atPath: folder + "/dangling", withDestinationPath: folder + "/nowhere")
    }

    public var prelude: String { CCallGenerator.prelude.joined(separator: "\n") }

    /// The calls of `seed`'s program, after the prelude.
    public func statements(seed: UInt64) -> [String] {
        var generator = CCallGenerator(header: header, surface: surface, seed: seed)
        return generator.program(calls: callCount)
    }

    public func suffix(seed: UInt64) -> String { "" }

    /// The program whose choices `bytes` make (libFuzzer's input).
    public func source(choices bytes: [UInt8]) -> String {
        var generator = CCallGenerator(header: header, surface: surface, random: SeededRandom(choices: bytes))
        return program(generator.program(calls: callCount), seed: 0)
    }

    /// Runs `source`, one call per line; returns what broke, or nil.
    public func run(_ source: String) -> String? {
        let lines = source.split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("//") }
        var calls: [CCall] = []
        for line in lines {
            guard let call = CCall(parsing: line) else { return "the line '\(line)' is not a call" }
            calls.append(call)
        }
        let execution = Execution(fuzzer: self)
        execution.perform(calls)
        execution.finish()
        return execution.broken
    }

    func expand(_ bytes: [UInt8]) -> [UInt8] {
        guard let text = String(validating: bytes, as: UTF8.self), text.contains("$FOLDER") else { return bytes }
        return Array(text.replacingOccurrences(of: "$FOLDER", with: folder).utf8)
    }
}

/// One program's run: its runtimes, the strings it was handed, the callbacks it set.
final class Execution: @unchecked Sendable {
    let fuzzer: CABIFuzzer
    /// Guards everything below: a real clock's runtime calls its trace callback on its own thread.
    private let lock = NSRecursiveLock()
    private var runtimes: [Int: OpaquePointer] = [:]
    private var live: Set<Int> = []
    private var handedOut: [UnsafeMutablePointer<CChar>] = []
    /// Callbacks' plans, kept until every runtime is gone.
    private var plans: [CallbackPlan] = []
    private var pending: [Thread] = []
    private var asyncInFlight = 0
    private(set) var broken: String?

    init(fuzzer: CABIFuzzer) { self.fuzzer = fuzzer }

    func perform(_ calls: [CCall]) {
        var joinAfterNext: [DispatchSemaphore] = []
        for call in calls {
            let joining = joinAfterNext
            joinAfterNext = []
            if call.isAsync {
                let done = DispatchSemaphore(value: 0)
                locked { asyncInFlight += 1 }
                let thread = Thread { [self] in
                    perform(call, depth: 0)
                    locked { asyncInFlight -= 1 }
                    done.signal()
                }
                thread.start()
                joinAfterNext.append(done)
            } else {
                perform(call, depth: 0)
            }
            for done in joining { done.wait() }
            if locked({ broken != nil }) { break }
        }
        for done in joinAfterNext { done.wait() }
    }

    /// Every live runtime still evaluates, draws and reads its trace; then each is destroyed.
    func finish() {
        for slot in live.sorted() {
            guard broken == nil, let runtime = runtimes[slot] else { break }
            _ = scrim_set_trace_callback(runtime, nil, nil)
            var result: UnsafeMutablePointer<CChar>?
            let status = scrim_eval(runtime, "return 1 + 1", &result)
            let answer = take(result)
            // Options may have set a budget of one instruction or a cap of one byte.
            let limited = status == 2 && ["stopped: it ran past its budget", "not enough memory"].contains { (answer ?? "").contains($0) }
            if !limited, status != 0 || !(answer ?? "").contains(#""results":[2]"#) {
                fail("r\(slot) no longer evaluates 1 + 1: status \(status), \(answer ?? "nothing"), \(lastError)")
                break
            }
            var tree: UnsafeMutablePointer<CChar>?
            if scrim_tree(runtime, &tree) != 0 || (try? JSONValue(parsing: take(tree) ?? "")) == nil {
                fail("r\(slot)'s tree is not JSON: \(lastError)")
            }
            var lines: UnsafeMutablePointer<CChar>?
            var next: Int64 = 0
            if scrim_trace(runtime, 0, &lines, &next) != 0 { fail("r\(slot)'s trace cannot be read: \(lastError)") }
            let seqs = (take(lines) ?? "").split(separator: "\n").compactMap { line -> Double? in
                guard case .object(let event)? = try? JSONValue(parsing: String(line)), case .number(let seq)? = event["seq"] else { return nil }
                return seq
            }
            if let first = seqs.first, seqs.last! - first != Double(seqs.count - 1) { fail("r\(slot)'s trace has a gap") }
            if let last = seqs.last, Int64(last) + 1 != next { fail("r\(slot)'s next seq is \(next) after \(Int(last))") }
        }
        for runtime in displaced { _ = scrim_set_trace_callback(runtime, nil, nil) }
        for runtime in live.sorted().compactMap({ runtimes[$0] }) + displaced {
            scrim_destroy(runtime)
            if !lastError.isEmpty { fail("a runtime cannot be destroyed at the end: \(lastError)") }
        }
        live = []
        displaced = []
        for string in handedOut { scrim_free(string) }
        handedOut = []
    }

    private var lastError: String { String(cString: scrim_last_error()) }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func fail(_ what: String) {
        locked { if broken == nil { broken = what } }
    }

    /// A string handed back, read and freed.
    private func take(_ string: UnsafeMutablePointer<CChar>?) -> String? {
        guard let string else { return nil }
        defer { scrim_free(string) }
        return String(cString: string)
    }

    // MARK: Calls

    func perform(_ call: CCall, depth: Int) {
        let arguments = Arguments(call.arguments, execution: self)
        let function = call.function
        var out: UnsafeMutablePointer<CChar>?
        var number: Int64 = -7
        /// The status of a `scrim_status` function, checked against `scrim_last_error`.
        func check(_ status: Int32, handedBack: Bool = false, json: Bool = false) {
            let message = lastError
            if !(0...4).contains(status) { fail("\(call.text) returned \(status), which scrim.h does not list") }
            if (status == 0) != message.isEmpty { fail("\(call.text) returned \(status) with the message '\(message.prefix(200))'") }
            guard handedBack, let string = out else { return }
            let text = String(cString: string)
            if json, (try? JSONValue(parsing: text)) == nil { fail("\(call.text) handed back what is not JSON: \(text.prefix(200))") }
            if function == "scrim_trace", text.split(separator: "\n").contains(where: { (try? JSONValue(parsing: String($0))) == nil }) {
                fail("\(call.text) handed back a trace line that is not JSON")
            }
            locked { handedOut.append(string) }
        }
        switch function {
        case "scrim_version":
            if String(cString: scrim_version()).isEmpty { fail("scrim_version is empty") }
        case "scrim_last_error":
            _ = String(cString: scrim_last_error())
        case "scrim_create":
            var made: OpaquePointer?
            let slot = arguments.slot(1)
            let status = arguments.string(0) { options in
                slot == nil ? scrim_create(options, nil) : scrim_create(options, &made)
            }
            check(status)
            if let slot, let made {
                locked {
                    // The slot's earlier runtime stays live, to be destroyed at the end.
                    if live.contains(slot) { displaced.append(runtimes[slot]!) }
                    runtimes[slot] = made
                    live.insert(slot)
                    if arguments.mentions("real") { realClocks += 1 }
                }
            }
        case "scrim_destroy":
            guard canDestroy(depth: depth) else { return }
            let target = arguments.runtime(0)
            if depth == 0 { quiesce() }
            scrim_destroy(target)
            if let slot = arguments.runtimeSlotNumber(0), lastError.isEmpty { _ = locked { live.remove(slot) } }
        case "scrim_load_plugin":
            check(arguments.string(1) { scrim_load_plugin(arguments.runtime(0), $0) })
        case "scrim_reload_plugin":
            check(arguments.string(1) { scrim_reload_plugin(arguments.runtime(0), $0) })
        case "scrim_run_script":
            check(arguments.string(1) { scrim_run_script(arguments.runtime(0), $0) })
        case "scrim_eval":
            let status = arguments.string(1) { code in
                arguments.isNull(2) ? scrim_eval(arguments.runtime(0), code, nil) : scrim_eval(arguments.runtime(0), code, &out)
            }
            check(status, handedBack: true, json: true)
        case "scrim_tick":
            check(scrim_tick(arguments.runtime(0), arguments.int32(1)))
        case "scrim_advance":
            check(scrim_advance(arguments.runtime(0), arguments.double(1)))
        case "scrim_cancel":
            check(scrim_cancel(arguments.runtime(0)))
        case "scrim_now":
            let now = scrim_now(arguments.runtime(0))
            if !now.isFinite || now < 0 { fail("\(call.text) gave \(now)") }
        case "scrim_trace":
            let status: Int32
            switch (arguments.isNull(2), arguments.isNull(3)) {
            case (true, true): status = scrim_trace(arguments.runtime(0), arguments.int64(1), nil, nil)
            case (true, false): status = scrim_trace(arguments.runtime(0), arguments.int64(1), nil, &number)
            case (false, true): status = scrim_trace(arguments.runtime(0), arguments.int64(1), &out, nil)
            case (false, false): status = scrim_trace(arguments.runtime(0), arguments.int64(1), &out, &number)
            }
            check(status, handedBack: true)
        case "scrim_tree":
            check(arguments.isNull(1) ? scrim_tree(arguments.runtime(0), nil) : scrim_tree(arguments.runtime(0), &out), handedBack: true, json: true)
        case "scrim_set_trace_callback":
            guard case .callback(let calls) = call.arguments.count > 1 ? call.arguments[1] : .null else {
                return check(scrim_set_trace_callback(arguments.runtime(0), nil, nil))
            }
            let plan = CallbackPlan(calls: calls, execution: self, depth: depth + 1)
            locked { plans.append(plan) }
            check(scrim_set_trace_callback(arguments.runtime(0), traceCallback, Unmanaged.passUnretained(plan).toOpaque()))
        case "scrim_listen":
            check(arguments.string(1) { scrim_listen(arguments.runtime(0), $0) })
        case "scrim_free":
            if arguments.isNull(0) { scrim_free(nil) } else if let string = locked({ handedOut.popLast() }) { scrim_free(string) }
        default:
            fail("the fuzzer has no binding for \(function), which scrim.h declares")
        }
    }

    /// Runtimes a slot held before `scrim_create` put another in it, still live.
    private var displaced: [OpaquePointer] = []
    /// Runtimes made with a real clock, whose trace callbacks run on their own threads.
    private var realClocks = 0

    /// A host destroys a runtime only when no call on another thread may be using it (the
    /// header asks that): not while an `async` call runs, and from a trace callback only when no
    /// real clock's callback may be calling on a thread of its own.
    private func canDestroy(depth: Int) -> Bool { locked { asyncInFlight == 0 && (depth == 0 || realClocks == 0) } }

    /// Before the program's own thread destroys a runtime, no trace callback may run on a real
    /// clock's thread and call into it: the callbacks are cleared first.
    private func quiesce() {
        for runtime in locked({ live.compactMap { runtimes[$0] } + displaced }) { _ = scrim_set_trace_callback(runtime, nil, nil) }
    }

    fileprivate func runtime(slot: Int) -> OpaquePointer? { locked { runtimes[slot] } }
}

/// What a trace callback does: its calls, the first few times it is called.
final class CallbackPlan {
    let calls: [CCall]
    unowned let execution: Execution
    let depth: Int
    var invocations = 0

    init(calls: [CCall], execution: Execution, depth: Int) {
        self.calls = calls
        self.execution = execution
        self.depth = depth
    }
}

/// The C function handed to `scrim_set_trace_callback`.
private let traceCallback: @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void = { line, context in
    guard let context else { return }
    let plan = Unmanaged<CallbackPlan>.fromOpaque(context).takeUnretainedValue()
    guard let line, (try? JSONValue(parsing: String(cString: line))) != nil else {
        return plan.execution.fail("a trace callback was given what is not a JSON line")
    }
    plan.invocations += 1
    guard plan.invocations <= 3, plan.depth <= 2 else { return }
    for call in plan.calls { plan.execution.perform(call, depth: plan.depth) }
}

/// A call's arguments, turned into C values.
struct Arguments {
    let values: [CCall.Argument]
    let execution: Execution

    init(_ values: [CCall.Argument], execution: Execution) {
        self.values = values
        self.execution = execution
    }

    private func value(_ index: Int) -> CCall.Argument { index < values.count ? values[index] : .null }

    func isNull(_ index: Int) -> Bool { value(index) == .null }

    /// Whether any string argument contains `text`.
    func mentions(_ text: String) -> Bool {
        values.contains { if case .string(let bytes) = $0 { String(decoding: bytes, as: UTF8.self).contains(text) } else { false } }
    }

    func runtime(_ index: Int) -> OpaquePointer? {
        guard case .runtime(let slot) = value(index) else { return nil }
        return execution.runtime(slot: slot)
    }

    func runtimeSlotNumber(_ index: Int) -> Int? {
        guard case .runtime(let slot) = value(index) else { return nil }
        return slot
    }

    func slot(_ index: Int) -> Int? {
        guard case .runtimeSlot(let slot) = value(index) else { return nil }
        return slot
    }

    func int32(_ index: Int) -> Int32 {
        guard case .number(let text) = value(index) else { return 0 }
        return Int32(text) ?? 0
    }

    func int64(_ index: Int) -> Int64 {
        guard case .number(let text) = value(index) else { return 0 }
        return Int64(text) ?? 0
    }

    func double(_ index: Int) -> Double {
        guard case .number(let text) = value(index) else { return 0 }
        return Double(text) ?? 0
    }

    /// Calls `body` with the string at `index` as a C string (NULL when it is NULL).
    func string(_ index: Int, _ body: (UnsafePointer<CChar>?) -> Int32) -> Int32 {
        guard case .string(let bytes) = value(index) else { return body(nil) }
        let expanded = execution.fuzzer.expand(bytes)
        return (expanded.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
