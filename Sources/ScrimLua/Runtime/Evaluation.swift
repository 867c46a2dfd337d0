import CLua
import LuaBridge
import ScrimCore

/// What a chunk run by `Runtime.evaluate` gave back: what it printed, its results, and the
/// error that stopped it, if one did.
public struct Evaluation {
    /// What the chunk printed — `print`, and the errors of callbacks it set off — one line per
    /// `print`, each ending in a newline.
    public var output: String
    /// The results as JSON: tables as arrays (keys 1…n) or objects, anything else that JSON
    /// cannot hold (a view, a function) as its `tostring`.
    public var results: [JSONValue]
    /// The results as `tostring` gives them, as the REPL prints them.
    public var descriptions: [String]
    /// The error that stopped the chunk (the output keeps what it printed before).
    public var error: LuaError?

    /// `{"output": …, "results": […], "descriptions": […]}`, with
    /// `"error": {"message": …, "where": …, "traceback": …}` when the chunk failed.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "output": .string(output),
            "results": .array(results),
            "descriptions": .array(descriptions.map { .string($0) }),
        ]
        if let error { fields["error"] = error.json }
        return .object(fields)
    }
}

extension LuaError {
    /// `{"message": …, "where": "file:line" or null, "traceback": …}`.
    public var json: JSONValue {
        .object(["message": .string(message), "where": location.map { .string($0) } ?? .null,
                 "traceback": .string(traceback)])
    }
}

/// What a chunk of REPL lines did (`Runtime.evaluateLines`).
public enum LinesEvaluation: Equatable {
    /// The chunk is not complete yet: it wants more lines.
    case incomplete
    /// The chunk does not compile.
    case syntaxError(LuaError)
    /// It ran and failed.
    case failed(LuaError)
    /// It ran: its results as `tostring` gives them (none for statements).
    case values([String])
}

extension Runtime {
    /// Runs a chunk of REPL lines as `lua5.4` does: a first line that is an expression gives its
    /// values; an unfinished chunk asks for more lines. Ctrl-C interrupts it.
    public func evaluateLines(_ chunk: String, firstLine: Bool) -> LinesEvaluation {
        let top = lua.top
        defer { lua.top = top }
        if !firstLine || lua.load(source: "return " + chunk, chunkName: "=stdin") != nil {
            lua.top = top
            if let error = lua.load(source: chunk, chunkName: "=stdin") {
                return error.message.hasSuffix("<eof>") ? .incomplete : .syntaxError(error)
            }
        }
        if let failure = lua.interruptibly({ lua.enter(nargs: 0, nresults: scrim_multret()) }) { return .failed(failure) }
        guard lua.top > top else { return .values([]) }
        return .values(lua.interruptibly { lua.hostUnit { (top + 1...lua.top).map { describe(at: $0) } } })
    }

    /// Runs `code` as the REPL does: first as an expression (`return <code>`), else as
    /// statements; collects what it prints and converts its results. Like a scenario's own
    /// code it runs without an instruction budget.
    public func evaluate(_ code: String, chunkName: String = "=eval") -> Evaluation {
        let top = lua.top
        defer { lua.top = top }
        var evaluation = Evaluation(output: "", results: [], descriptions: [], error: nil)
        evaluation.output = capturingOutput {
            if lua.load(source: "return " + code, chunkName: chunkName) != nil {
                lua.top = top
                if let error = lua.load(source: code, chunkName: chunkName) {
                    evaluation.error = error
                    return
                }
            }
            evaluation.error = lua.enter(nargs: 0, nresults: scrim_multret())
        }
        guard evaluation.error == nil, lua.top > top else { return evaluation }
        var allowance = ResultAllowance()
        lua.hostUnit {
            for index in top + 1...lua.top {
                evaluation.results.append(jsonValue(at: index, allowance: &allowance))
                evaluation.descriptions.append(describe(at: index, allowance: &allowance))
            }
        }
        return evaluation
    }

    /// Runs `body` with `print` and script-error reports collected into the returned text
    /// instead of going to the runtime's outputs; past `longestCapturedOutput` bytes the rest is
    /// dropped, with a line that says so.
    public func capturingOutput(_ body: () -> Void) -> String {
        var text = ""
        var full = false
        let collect: (String) -> Void = { line in
            guard !full else { return }
            if text.utf8.count + line.utf8.count + 1 > Self.longestCapturedOutput {
                full = true
                text += "[output past \(Self.longestCapturedOutput >> 20) MB dropped]\n"
            } else {
                text += line + "\n"
            }
        }
        let (savedPrint, savedErrors) = (printOutput, errorOutput)
        printOutput = collect
        errorOutput = collect
        defer { (printOutput, errorOutput) = (savedPrint, savedErrors) }
        body()
        return text
    }

    /// The most output an evaluation collects.
    public static let longestCapturedOutput = 16 << 20

    /// The most values an evaluation's results give as JSON (a table reached over and over counts
    /// each time), and the most bytes of text its results and descriptions take together: an
    /// answer is kept whole until it is sent.
    static let mostResultValues = 100_000
    static let mostResultBytes = 16 << 20

    /// What an evaluation's results may still take.
    struct ResultAllowance {
        var values = Runtime.mostResultValues
        var bytes = Runtime.mostResultBytes

        /// The string at `index` (a string or a number), or what stands for it past the bytes left.
        mutating func text(at index: Int32, in lua: LuaState) -> String {
            var length = 0
            _ = scrim_tostring(lua.L, index, &length)
            guard length <= bytes else {
                return "<\(length) bytes: past the \(Runtime.mostResultBytes >> 20) MB an evaluation gives back>"
            }
            bytes -= length
            return lua.string(at: index) ?? ""
        }
    }

    /// The Lua value at `index` as JSON, read without metamethods, within `allowance`; cycles,
    /// tables nested over 64 deep and what is past the allowance become strings.
    func jsonValue(at index: Int32, depth: Int = 0, visiting: Set<UnsafeRawPointer> = [], allowance: inout ResultAllowance) -> JSONValue {
        let L = lua.L
        let slot = lua_absindex(L, index)
        allowance.values -= 1
        guard allowance.values >= 0 else { return .string("<more than \(Self.mostResultValues) values>") }
        switch lua_type(L, slot) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, slot) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, slot, nil))
        case LUA_TSTRING: return .string(allowance.text(at: slot, in: lua))
        case LUA_TTABLE:
            guard let identity = lua_topointer(L, slot), !visiting.contains(identity) else { return .string("<cycle>") }
            guard depth < 64, lua_checkstack(L, 3) != 0 else { return .string("<nested too deep>") }
            return jsonTable(at: slot, depth: depth + 1, visiting: visiting.union([identity]), allowance: &allowance)
        default: return .string(describe(at: slot, allowance: &allowance))
        }
    }

    /// The value at `index` as `tostring` gives it, within `allowance`.
    func describe(at index: Int32, allowance: inout ResultAllowance) -> String {
        if let error = pushDescription(at: index) { return "<\(error.message)>" }
        defer { scrim_pop(lua.L, 1) }
        return allowance.text(at: -1, in: lua)
    }

    /// A table as an array when its keys are exactly 1…n, else as an object. The border `#t`
    /// is no count of entries (51 keys can make it 2^50), so only keys present are kept.
    private func jsonTable(at slot: Int32, depth: Int, visiting: Set<UnsafeRawPointer>, allowance: inout ResultAllowance) -> JSONValue {
        let L = lua.L
        let length = Int(lua_rawlen(L, slot))
        var items: [Int: JSONValue] = [:]
        var fields: [String: JSONValue] = [:]
        lua_pushnil(L)
        while lua_next(L, slot) != 0 {
            defer { scrim_pop(L, 1) }
            let value = jsonValue(at: -1, depth: depth, visiting: visiting, allowance: &allowance)
            if lua_isinteger(L, -2) != 0, case let position = Int(lua_tointegerx(L, -2, nil)), position >= 1, position <= length {
                items[position] = value
            } else {
                fields[key(at: -2, allowance: &allowance)] = value
            }
        }
        if fields.isEmpty && items.count == length { return .array((0..<length).map { items[$0 + 1]! }) }
        for (position, item) in items { fields[String(position)] = item }
        return .object(fields)
    }

    /// A table key as an object key: strings as they are, numbers as the trace writes them.
    private func key(at index: Int32, allowance: inout ResultAllowance) -> String {
        let L = lua.L
        switch lua_type(L, index) {
        case LUA_TSTRING: return allowance.text(at: index, in: lua)
        case LUA_TNUMBER: return formatNumber(lua_tonumberx(L, index, nil))
        default: return "<\(lua.typeName(at: index))>"
        }
    }
}
