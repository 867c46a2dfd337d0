import CLua

extension PluginManager {
    /// The plugin whose code made the Lua table at `index` — the one whose files define the
    /// table's functions — so that a delegate a plugin builds on request
    /// (`plugin("zoom").delegate{…}`) is traced as `lua:<plugin>` like its exported ones.
    /// Nil for tables a script made.
    func plugin(definingTableAt index: Int32) -> Plugin? {
        guard let lua = runtime?.lua else { return nil }
        let L = lua.L
        let table = lua_absindex(L, index)
        var sources: Set<String> = []
        lua_pushnil(L)
        while lua_next(L, table) != 0 {
            if lua_type(L, -1) == LUA_TFUNCTION, lua_iscfunction(L, -1) == 0 {
                var info = lua_Debug()
                lua_pushvalue(L, -1)
                if lua_getinfo(L, ">S", &info) != 0, let source = info.source {
                    let name = String(cString: source)
                    if name.hasPrefix("@") { sources.insert(PluginManager.displayPath(String(name.dropFirst()))) }
                }
            }
            scrim_pop(L, 1)
        }
        guard !sources.isEmpty else { return nil }
        return loaded.first { plugin in
            ([plugin.path] + plugin.watchedFiles).contains { sources.contains(PluginManager.displayPath($0)) }
        }
    }
}
