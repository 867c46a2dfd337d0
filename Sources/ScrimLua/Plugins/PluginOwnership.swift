import CLua
import LuaBridge

extension PluginManager {
    /// The plugin whose code made the Lua table at `index` — the one whose file defines the
    /// table's functions, else one that requires the module defining them — so that a delegate a plugin builds on request
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
        // A plugin's own file decides; a module several plugins require only when nothing else does.
        return loaded.first { sources.contains(PluginManager.displayPath($0.path)) }
            ?? loaded.first { $0.watchedFiles.contains { sources.contains(PluginManager.displayPath($0)) } }
    }
}
