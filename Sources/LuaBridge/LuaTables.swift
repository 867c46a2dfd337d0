import CLua

/// Tables made and read for native code: arrays of objects and strings, fields checked and
/// copied without metamethods.
extension LuaCall {
    /// Pushes a copy of the constructor table at `index` without the fields in `excluded` (those
    /// the constructor consumed itself) and returns the copy's index, for `applyProperties`.
    package func pushFields(of index: Int32, excluding excluded: Set<String>) -> Int32 {
        let table = lua_absindex(L, index)
        lua_createtable(L, 0, 0)
        let copy = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -2) != LUA_TSTRING || !excluded.contains(state.string(at: -2) ?? "") {
                lua_pushvalue(L, -2)
                lua_pushvalue(L, -2)
                lua_rawset(L, copy)
            }
            scrim_pop(L, 1)
        }
        return copy
    }

    /// The option set a table of names at `index` gives (`{ "top", "left" }`), each one of
    /// `names`; anything else raises `bad argument` with `refusal` ("edges are …").
    package func optionSet<Options: OptionSet>(at index: Int32, names: [(String, Options)], refusal: String) throws -> Options
        where Options.Element == Options {
        try table(index)
        var options: Options = []
        for position in 0..<Int(lua_rawlen(L, index)) {
            lua_rawgeti(L, index, lua_Integer(position + 1))
            defer { scrim_pop(L, 1) }
            guard let name = state.string(at: -1), let option = names.first(where: { $0.0 == name })?.1 else {
                throw argumentError(index, refusal)
            }
            options.insert(option)
        }
        return options
    }
}

extension LuaState {
    /// Pushes an array of bridged objects.
    public func push(objects: [AnyObject]) {
        lua_createtable(L, Int32(objects.count), 0)
        for (offset, object) in objects.enumerated() {
            push(object: object)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }

    /// Pushes an array of strings.
    public func push(strings: [String]) {
        lua_createtable(L, Int32(strings.count), 0)
        for (offset, string) in strings.enumerated() {
            push(string)
            lua_rawseti(L, -2, lua_Integer(offset + 1))
        }
    }

    /// Whether the table at `index` has a non-nil `key` (raw access).
    package func hasField(_ key: String, at index: Int32) -> Bool {
        rawField(key, of: index)
        defer { scrim_pop(L, 1) }
        return lua_type(L, -1) != LUA_TNIL
    }
}
