import CLua
import ScrimCore

/// Keys that lifecycle delivery looks up on every callback — each callback's name, `__index`,
/// `hooks` — made once as Lua strings and kept in the registry. Pushing one is an array read;
/// pushing a Swift string would convert and hash it each time.
extension LuaState {
    private static let fixedKeys = ["__index", "hooks"]

    func makeKeys() {
        for key in LuaState.fixedKeys + LifecycleCallback.eventsByOrdinal.map(\.rawValue) {
            push(key)
            keyRefs.append(luaL_ref(L, scrim_registryindex()))
        }
    }

    /// Pushes `"__index"`.
    func pushIndexKey() { lua_rawgeti(L, scrim_registryindex(), lua_Integer(keyRefs[0])) }
    /// Pushes `"hooks"`.
    func pushHooksKey() { lua_rawgeti(L, scrim_registryindex(), lua_Integer(keyRefs[1])) }
    /// Pushes the name of `callback`'s event (`"viewDidAppear"` …).
    func pushName(of callback: LifecycleCallback) {
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(keyRefs[LuaState.fixedKeys.count + callback.ordinal]))
    }

    /// `lookup(_:inInstance:)` for the key on top of the stack, which it pops: the instance at
    /// `index` is replaced with `instance[key]`, found through its class chain without running
    /// metamethods.
    func lookupKey(inInstance index: Int32) {
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
            pushIndexKey()
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
