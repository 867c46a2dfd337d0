import ScrimCore

/// Writes hostile control-socket lines (JSON-RPC 2.0, as `Runtime.answerControlLine` takes
/// them) for every method of the protocol: right parameters or hostile ones (NaN-like numbers,
/// huge and negative values, wrong types, paths out of the sandbox), unknown methods, odd ids,
/// notifications, and batches of them. An `eval` or a `repl` line carries a statement of a
/// hostile program (`ProgramGenerator`), so Lua also comes in through the socket.
struct ControlLineGenerator {
    private var random: SeededRandom
    private var programs: ProgramGenerator

    init(surface: LuaSurface, seed: UInt64) {
        random = SeededRandom(seed: seed ^ 0x5EED_C0DE)
        programs = ProgramGenerator(surface: surface, seed: seed ^ 0xC0FFEE)
    }

    /// `count` lines.
    mutating func lines(_ count: Int) -> [String] {
        (0..<count).map { _ in random.below(8) == 0 ? batch() : request() }
    }

    private mutating func batch() -> String {
        "[" + (0..<random.below(5)).map { _ in request() }.joined(separator: ",") + "]"
    }

    private mutating func request() -> String {
        let (method, params) = call()
        var fields = [#""jsonrpc":"2.0""#, #""method":"# + quote(method)]
        if let params { fields.append(#""params":"# + params) }
        switch random.below(6) {
        case 0: break   // a notification
        case 1: fields.append(#""id":"# + random.pick(["null", "1e308", "-1", #""x""#, "{}", "[1]", "9007199254740993"]))
        default: fields.append(#""id":"# + String(random.below(1000)))
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    private mutating func call() -> (String, String?) {
        switch random.below(15) {
        case 0, 1: return ("eval", object(["code": quote(programs.statementText()), "chunkName": maybe(string())]))
        case 2: return ("loadPlugin", object([random.pick(["name", "path"]): string()]))
        case 3: return ("reload", object(["name": maybe(string())]))
        case 4: return ("plugins", nil)
        case 5: return ("tree", nil)
        case 6: return ("trace", object(["since": maybe(number())]))
        case 7: return ("tick", object(["frames": maybe(number())]))
        case 8: return ("advance", object(["seconds": number()]))
        case 9: return ("cancel", nil)
        case 10: return (random.pick(["subscribe", "unsubscribe"]), nil)
        case 11: return ("repl", object(["line": quote(random.pick([":step 3", ":reload", ":tree", ":trace 5", "for i = 1, 10 do", "end", ":quit",
                                                                      ":step 999999999", programs.statementText()]))]))
        case 12: return ("repl", object(["cancel": "true"]))
        case 13: return ("complete", object(["text": string()]))
        default: return (random.pick(["", "nope", "eval ", "__index", "tick\u{0}"]), random.pick([nil, "[]", "1", #""x""#, "{}"]))
        }
    }

    /// An object of the fields whose value is not nil; sometimes the wrong type altogether.
    private mutating func object(_ fields: [String: String?]) -> String {
        if random.below(10) == 0 { return random.pick(["[]", "null", "42", #""params""#]) }
        let entries = fields.keys.sorted().compactMap { key in fields[key]!.map { quote(key) + ":" + $0 } }
        return "{" + entries.joined(separator: ",") + "}"
    }

    private mutating func maybe(_ value: String) -> String? { random.below(3) == 0 ? nil : value }

    private mutating func number() -> String {
        random.pick(["0", "1", "-1", "2", "60", "0.5", "1e308", "-1e308", "3600", "3601", "216000", "216001", "1e15",
                     "9007199254740993", #""5""#, "null", "true", "[]"])
    }

    private mutating func string() -> String {
        random.pick([quote(""), quote("half-sheet"), quote("../../etc/passwd"), quote("/tmp"), quote("x.lua"),
                     quote(String(repeating: "a", count: 5000)), quote("\u{7}\u{1}"), "42", "null", "{}"])
    }

    private func quote(_ text: String) -> String { JSONValue.string(text).json }
}
