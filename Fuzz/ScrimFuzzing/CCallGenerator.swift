/// Writes hostile C ABI programs from the declarations of `scrim.h` (`CHeader`): calls of every
/// function with values chosen by each parameter's C type and name — NULL, destroyed runtimes
/// and runtimes of another call's making, INT32_MIN, NaN, ±inf, 1e308, options that are not
/// JSON or set every limit to its edge, paths out of the folder, through dangling links and to
/// devices, Lua chunks of the hostile programs (`ProgramGenerator`) — and trace callbacks that
/// call back into the same runtime or another one, destroy them, or replace themselves
/// (re-entrancy). `$FOLDER` in a string stands for the fuzzer's folder of test files.
///
/// The same seed writes the same program.
public struct CCallGenerator {
    public let header: CHeader
    private var random: SeededRandom
    private var programs: ProgramGenerator
    /// How many runtime slots the program uses.
    public static let slots = 3
    /// The C types of parameters the generator writes values for; a parameter of another type
    /// is always NULL, and the tests name it.
    public static let parameterTypes: Set = ["scrim_runtime *", "scrim_runtime **", "char **", "int64_t *", "char *", "void *",
                                             "int32_t", "int64_t", "double", "scrim_trace_callback", "const char *"]

    public init(header: CHeader, surface: LuaSurface, seed: UInt64) {
        self.init(header: header, surface: surface, random: SeededRandom(seed: seed ^ 0xCAB1))
    }

    /// A generator whose choices come from `random` (libFuzzer's bytes, `SeededRandom(choices:)`).
    public init(header: CHeader, surface: LuaSurface, random: SeededRandom) {
        self.header = header
        self.random = random
        programs = ProgramGenerator(surface: surface, seed: random.derivedSeed)
    }

    /// A runtime in slot 1, with a root controller on screen, and limits small enough that no
    /// call runs long.
    public static let prelude = [
        #"scrim_create("{\"instructionBudget\":2000000,\"memoryCap\":67108864,\"timeLimit\":2}", &r1)"#,
        #"scrim_eval(r1, "window.rootViewController = ViewController{ name = \"root\" } step(1)", NULL)"#,
    ]

    /// `count` calls after the prelude.
    public mutating func program(calls count: Int) -> [String] {
        (0..<count).map { _ in
            var made = call(depth: 0)
            if random.below(12) == 0, ["scrim_cancel", "scrim_eval", "scrim_tick", "scrim_trace", "scrim_now", "scrim_advance"].contains(made.function) {
                made.isAsync = true
            }
            return made.text
        }
    }

    private mutating func call(depth: Int) -> CCall {
        var function = random.pick(header.functions)
        // Runtimes are costly to make: a few per program.
        if function.name == "scrim_create", random.below(3) != 0 { function = random.pick(header.functions) }
        return CCall(function.name, function.parameters.map { argument(for: $0, in: function.name, depth: depth) })
    }

    private mutating func argument(for parameter: CHeader.Parameter, in function: String, depth: Int) -> CCall.Argument {
        switch parameter.type {
        case "scrim_runtime *":
            return random.below(14) == 0 ? .null : .runtime(1 + random.below(Self.slots))
        case "scrim_runtime **":
            return random.below(10) == 0 ? .null : .runtimeSlot(1 + random.below(Self.slots))
        case "char **", "int64_t *":
            return random.below(6) == 0 ? .null : .outPlace
        case "char *":
            return random.below(2) == 0 ? .null : .latestOut
        case "void *":
            return .context
        case "int32_t":
            return .number(random.pick(["0", "1", "2", "60", "-1", "216000", "216001", "2147483647", "-2147483648"]))
        case "int64_t":
            return .number(random.pick(["0", "1", "5", "-1", "9007199254740992", "9223372036854775807", "-9223372036854775808"]))
        case "double":
            return .number(random.pick(["0", "1", "0.5", "-1", "3600", "3600.5", "nan", "inf", "-inf", "1e308", "-1e308", "1e-300", "5e-324"]))
        case "scrim_trace_callback":
            guard random.below(4) != 0, depth < 2 else { return .null }
            return .callback((0..<1 + random.below(2)).map { _ in call(depth: depth + 1) })
        case "const char *":
            return string(named: parameter.name, in: function)
        default:
            // Not one of `parameterTypes`.
            return .null
        }
    }

    private mutating func string(named name: String, in function: String) -> CCall.Argument {
        if random.below(20) == 0 { return .null }
        if random.below(25) == 0 { return .string([0xC3, 0x28, 0xFF, 0x41]) }
        let text: String
        switch (function, name) {
        case (_, "options_json"): text = options()
        case (_, "code"):
            text = random.below(4) == 0
                ? random.pick(["while true do end", "step(3)", "run(1e308)", "return window", "", "return ('x'):rep(1e9)",
                               "error(setmetatable({}, { __tostring = function() while true do end end }))",
                               "coroutine.wrap(function() step(1) end)()", "return " + String(repeating: "(", count: 300)])
                : programs.statementText()
        case ("scrim_listen", _):
            text = random.pick(["$FOLDER/socket-1", "$FOLDER/socket-2", "$FOLDER/scenario.lua", "$FOLDER/folder", "",
                                "$FOLDER/missing/socket", "/", "$FOLDER/" + String(repeating: "s", count: 200), "$FOLDER/dangling"])
        case ("scrim_run_script", _):
            text = random.pick(["$FOLDER/scenario.lua", "$FOLDER/loop.lua", "$FOLDER/error.lua", "$FOLDER/syntax.lua", "$FOLDER/folder",
                                "$FOLDER/dangling", "$FOLDER/missing.lua", "/dev/zero", "/dev/urandom", "", "/"])
        default:
            text = random.pick(["half-sheet", "card-stack", "$FOLDER/plugin.lua", "$FOLDER/syntax.lua", "$FOLDER/loop.lua",
                                "$FOLDER/folder", "$FOLDER/dangling", "../../etc/passwd", "/etc/passwd", "/dev/zero", "",
                                String(repeating: "p", count: 5000), "fuzz-plugin"])
        }
        return .string(Array(text.utf8))
    }

    /// `scrim_create`'s options: right, hostile, or not JSON at all. The limits are never all
    /// lifted: a host that lifts them has chosen to wait for what its scripts do.
    private mutating func options() -> String {
        if random.below(8) == 0 {
            return random.pick(["", "{", "[]", "\"x\"", "null", String(repeating: "[", count: 5000), "{\"fps\":60,\"fps\":1}"])
        }
        var fields = [#""instructionBudget":2000000"#, #""timeLimit":2"#, #""memoryCap":67108864"#]
        for _ in 0..<random.below(4) {
            fields.append(random.pick([
                #""clock":"real""#, #""clock":"virtual""#, #""clock":5"#, #""fps":0"#, #""fps":120"#, #""fps":1000"#, #""fps":1001"#,
                #""fps":1e308"#, #""fps":-1"#, #""fps":"60""#, #""device":"iPad Air""#, #""device":"nope""#,
                #""pluginPaths":["$FOLDER"]"#, #""pluginPaths":"x""#, #""pluginPaths":[1]"#, #""defaultPluginPaths":false"#,
                #""instructionBudget":1"#, #""instructionBudget":null"#, #""instructionBudget":-1"#, #""memoryCap":1"#,
                #""memoryCap":1e15"#, #""timeLimit":0.01"#, #""timeLimit":0"#, #""timeLimit":1e308"#, #""grants":{"fuzz-plugin":"io,os"}"#,
                #""grants":{"x":"everything"}"#, #""transitionWatchdog":0"#, #""transitionWatchdog":0.5"#, #""unknown":1"#,
            ]))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }
}
