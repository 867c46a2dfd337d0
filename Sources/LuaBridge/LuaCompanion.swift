import CLua

/// A native object that holds another only weakly, which scripts reaching the first expect
/// to stay alive: Lua keeps the companion alive as long as the object's userdata lives (in a
/// table with weak keys, so neither keeps the other from being collected once both are
/// unreachable).
package protocol LuaCompanioned: AnyObject {
    var luaCompanion: AnyObject? { get }
}

extension LuaState {
    /// Keeps `companion` alive while the userdata at `index` lives.
    package func keepAlive(_ companion: AnyObject, whileUserdataAt index: Int32) {
        let userdata = lua_absindex(L, index)
        if companionsTable == scrim_noref() { companionsTable = makeWeakTable(mode: "k") }
        lua_rawgeti(L, scrim_registryindex(), lua_Integer(companionsTable))
        lua_pushvalue(L, userdata)
        push(object: companion)
        lua_rawset(L, -3)
        scrim_pop(L, 1)
    }
}
