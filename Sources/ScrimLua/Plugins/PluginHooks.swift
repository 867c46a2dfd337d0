import CLua
import LuaBridge
import ScrimCore

extension PluginManager: LifecycleObserver {
    /// Runs each loaded plugin's hook for the callback (`hooks.viewDidAppear(vc, animated)` …),
    /// in load order. Hooks are looked up at each event, so one set from the REPL runs at the
    /// next; the keys are Lua strings made once, so a delivery hashes and allocates nothing.
    public func controller(_ controller: ViewController, didHandle callback: LifecycleCallback, event: TraceEvent) {
        guard !loaded.isEmpty, let runtime, let lua = runtime.lua else { return }
        let L = lua.L
        let registry = scrim_registryindex()
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        for plugin in loaded {
            lua_settop(L, top)
            guard lua_rawgeti(L, registry, lua_Integer(plugin.exports.ref)) == LUA_TTABLE else { continue }
            lua.push(runtime.lifecycleKeys.hooks)
            guard lua_rawget(L, -2) == LUA_TTABLE else { continue }
            lua.push(runtime.lifecycleKeys.name(of: callback))
            guard lua_rawget(L, -2) == LUA_TFUNCTION else { continue }
            lua.push(object: controller)
            let count = runtime.pushArguments(for: callback)
            if let error = lua.enter(nargs: 1 + count, nresults: 0) {
                runtime.reportScriptError(error, controller: controller, callback: "hook \(event.event) of plugin '\(plugin.name)'")
            }
        }
    }
}
