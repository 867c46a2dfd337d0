import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// The `StateCoder` class: `coder:encode(key, value)`, `coder:decode(key)`,
    /// `coder:containsValue(key)`, `coder.path`. Values are nil, booleans, finite numbers,
    /// strings, view controllers (saved as references to their restoration paths) and tables of
    /// these — arrays, or tables with string keys.
    func defineStateCoderSurface() {
        let cls = stateCoderClass
        cls.property("path", get: { coder, call in call.state.push(strings: coder.path) })
        cls.method("encode") { [unowned self] coder, call in
            let key = try call.string(2)
            let save = application.stateRestoration.saves
            if encodedState.save != save { encodedState = (save, 0) }
            var budget = EncodingBudget(values: Self.mostEncodedValues, bytes: Self.longestRestoredState - encodedState.bytes - key.utf8.count)
            let value = try stateValue(at: 3, call, budget: &budget)
            encodedState.bytes = Self.longestRestoredState - budget.bytes
            coder.encode(value, forKey: key)
            return 0
        }
        cls.method("decode") { [unowned self] coder, call in
            try push(coder.decodeValue(forKey: try call.string(2)) ?? .null, resolvingWith: coder)
            return 1
        }
        cls.method("containsValue") { coder, call in
            lua_pushboolean(call.L, coder.containsValue(forKey: try call.string(2)) ? 1 : 0)
            return 1
        }
    }

    /// The most values one `encode` takes: a table shared over and over is encoded once for
    /// each time it is reached.
    static let mostEncodedValues = 1_000_000

    /// What an `encode` may still take: values, and bytes of the save under way — a save's
    /// state, which the host keeps and writes out as JSON in native calls no hook reaches, takes
    /// at most what `restoreState` reads.
    struct EncodingBudget {
        var values: Int
        var bytes: Int

        /// Takes one value of `size` bytes; throws past either bound.
        mutating func take(_ size: Int, _ call: LuaCall) throws {
            values -= 1
            bytes -= size
            guard values >= 0 else {
                throw call.argumentError(3, "cannot encode more than \(Runtime.mostEncodedValues) values (a table reached over and over?)")
            }
            guard bytes >= 0 else {
                throw call.argumentError(3, "the saved state would pass the \(Runtime.longestRestoredState >> 20) MB restoreState reads")
            }
        }
    }

    /// The Lua value at `index` as a state value, taking at most `budget` values; errors name
    /// argument 3 of `call`.
    func stateValue(at index: Int32, _ call: LuaCall, depth: Int = 0, budget: inout EncodingBudget) throws -> JSONValue {
        let L = call.L
        let slot = lua_absindex(L, index)
        // A string's bytes; 8 for anything else (a key's are counted with its value).
        let keyBytes = depth > 0 && lua_type(L, slot - 1) == LUA_TSTRING ? Int(lua_rawlen(L, slot - 1)) : 0
        try budget.take(8 + keyBytes + (lua_type(L, slot) == LUA_TSTRING ? Int(lua_rawlen(L, slot)) : 0), call)
        switch lua_type(L, slot) {
        case LUA_TNIL, LUA_TNONE: return .null
        case LUA_TBOOLEAN: return .bool(lua_toboolean(L, slot) != 0)
        case LUA_TNUMBER:
            let number = lua_tonumberx(L, slot, nil)
            guard number.isFinite else { throw call.argumentError(3, "cannot encode \(formatNumber(number)): numbers must be finite") }
            return .number(number)
        case LUA_TSTRING: return .string(call.state.string(at: slot) ?? "")
        case LUA_TUSERDATA:
            guard let controller = try call.state.object(at: slot) as? ViewController else {
                throw call.argumentError(3, "cannot encode a \(call.state.typeName(at: slot)): only view controllers among objects")
            }
            return StateCoder.reference(to: controller)
        case LUA_TTABLE:
            guard depth < 100, lua_checkstack(L, 3) != 0 else {
                throw call.argumentError(3, "cannot encode tables nested over 100 deep (a cycle?)")
            }
            return try stateTable(at: slot, call, depth: depth, budget: &budget)
        default:
            throw call.argumentError(3, "cannot encode a \(call.state.typeName(at: slot))")
        }
    }

    /// A table as an array (keys 1…n) or an object (string keys).
    private func stateTable(at slot: Int32, _ call: LuaCall, depth: Int, budget: inout EncodingBudget) throws -> JSONValue {
        let L = call.L
        call.state.unwrapView(at: slot)   // a read-only view encodes as the table it shows
        let length = Int(lua_rawlen(L, slot))
        // `#t` is a border, not a count (51 keys can make it 2^50): the array's holes are values too.
        guard length <= budget.values else {
            throw call.argumentError(3, "cannot encode a table of length \(length) (more than \(Self.mostEncodedValues) values)")
        }
        var items = [JSONValue](repeating: .null, count: length)
        var fields: [String: JSONValue] = [:]
        lua_pushnil(L)
        while lua_next(L, slot) != 0 {
            defer { scrim_pop(L, 1) }
            let value = try stateValue(at: -1, call, depth: depth + 1, budget: &budget)
            if lua_type(L, -2) == LUA_TSTRING, let key = call.state.string(at: -2) {
                fields[key] = value
            } else if lua_isinteger(L, -2) != 0, case let position = Int(lua_tointegerx(L, -2, nil)), position >= 1, position <= length {
                items[position - 1] = value
            } else {
                throw call.argumentError(3, "cannot encode a table with keys that are neither 1…n nor strings")
            }
        }
        if fields.isEmpty { return .array(items) }
        guard length == 0 else {
            throw call.argumentError(3, "cannot encode a table that is both an array and has string keys")
        }
        return .object(fields)
    }

    /// Pushes `value` as Lua; references come back as the controllers restored at their paths
    /// (nil when not restored).
    func push(_ value: JSONValue, resolvingWith coder: StateCoder) throws {
        let L = lua.L
        guard lua_checkstack(L, 3) != 0 else { throw LuaRaise("cannot decode a value nested this deep") }
        switch value {
        case .null: lua_pushnil(L)
        case .bool(let flag): lua_pushboolean(L, flag ? 1 : 0)
        case .number(let number): lua.push(number: number)
        case .string(let text): lua.push(text)
        case .array(let items):
            lua_createtable(L, Int32(items.count), 0)
            for (offset, item) in items.enumerated() {
                try push(item, resolvingWith: coder)
                lua_rawseti(L, -2, lua_Integer(offset + 1))
            }
        case .object(let fields):
            if StateCoder.path(in: value) != nil {
                lua.push(object: coder.resolve(value))
                return
            }
            lua_createtable(L, 0, Int32(fields.count))
            for key in fields.keys.sorted() {
                try push(fields[key]!, resolvingWith: coder)
                lua_setfield(L, -2, key)
            }
        }
    }
}
