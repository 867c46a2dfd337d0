import CLua

/// A Lua string made once and kept in the registry, for keys that hot paths look up on every
/// call (`__index`, a callback's name): pushing one is an array read, where pushing a Swift
/// string would convert and hash it each time.
public struct LuaKey {
    @usableFromInline let ref: Int32
}

extension LuaState {
    /// Makes `name` a `LuaKey` of this state.
    package func intern(_ name: String) -> LuaKey {
        push(name)
        return LuaKey(ref: luaL_ref(L, scrim_registryindex()))
    }

    /// Pushes the string `key` holds.
    @inlinable
    public func push(_ key: LuaKey) { lua_rawgeti(L, scrim_registryindex(), lua_Integer(key.ref)) }

    /// The key under which the metatable of a read-only view (a proxy table that reads through
    /// to another) holds the table it shows: a light userdata no script can make. Raw lookups
    /// (`lookupKey`) see through such a view.
    package var viewKey: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 0x5C41_4D00)! }

    /// `lookup(_:inInstance:)` for the key on top of the stack, which it pops: the instance at
    /// `index` is replaced with `instance[key]`, found through its class chain without running
    /// metamethods.
    package func lookupKey(inInstance index: Int32) {
        let slot = lua_absindex(L, index)
        let key = lua_gettop(L)
        lua_pushvalue(L, slot)
        for _ in 0..<64 {
            guard lua_type(L, -1) == LUA_TTABLE else { break }
            lua_pushvalue(L, key)
            if lua_rawget(L, -2) != LUA_TNIL {
                scrim_replace(L, slot)
                lua_settop(L, key - 1)
                return
            }
            scrim_pop(L, 1)
            guard lua_getmetatable(L, -1) != 0 else { break }
            push(indexKey)
            // A read-only view's `__index` is a function: its table is under `viewKey`.
            if lua_rawget(L, -2) != LUA_TTABLE, lua_rawgetp(L, -2, viewKey) == LUA_TTABLE {
                scrim_remove(L, -2)
            }
            scrim_remove(L, -2)
            scrim_remove(L, -2)
        }
        lua_pushnil(L)
        scrim_replace(L, slot)
        lua_settop(L, key - 1)
    }
}
