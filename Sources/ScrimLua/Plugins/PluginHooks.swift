import CLua
import LuaBridge
import ScrimCore

extension PluginManager: LifecycleObserver {
    /// Runs each loaded plugin's hook for the callback (`hooks.viewDidAppear(vc, animated)` …),
    /// in load order. Hooks are looked up at each event, so one set from the REPL runs at the
    /// next; the keys are Lua strings made once, so a delivery hashes and allocates nothing.
    public func controller(_ controller: ViewController, didHandle callback: LifecycleCallback, event: TraceEvent) {
        guard !exportsReferences.isEmpty else { return }
        // Nothing on the way is retained: the runtime and its state outlive the delivery.
        _ = runtimeReference?.withValue { runtime in
            Unmanaged.passUnretained(runtime.lua)._withUnsafeGuaranteedRef { lua in
                deliver(callback, to: controller, event: event, runtime: runtime, lua: lua)
            }
        }
    }

    private func deliver(_ callback: LifecycleCallback, to controller: ViewController, event: TraceEvent,
                         runtime: Runtime, lua: LuaState) {
        let L = lua.L
        let registry = scrim_registryindex()
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let hooks = runtime.lifecycleKeys.hooks, name = runtime.lifecycleKeys.name(of: callback)
        // Each plugin's hook is entered through the one message handler, pushed once.
        let handler = lua.pushMessageHandler()
        for (index, exports) in exportsReferences.enumerated() {
            if index > 0 { lua_settop(L, handler) }
            guard lua_rawgeti(L, registry, lua_Integer(exports)) == LUA_TTABLE else { continue }
            lua.push(hooks)
            guard lua_rawget(L, -2) == LUA_TTABLE else { continue }
            lua.push(name)
            guard lua_rawget(L, -2) == LUA_TFUNCTION else { continue }
            lua.push(object: controller)
            let count = runtime.pushArguments(for: callback)
            if let error = lua.enter(nargs: 1 + count, nresults: 0, handler: handler) {
                reportFailure(error, ofHookFor: event, plugin: index, controller: controller, runtime: runtime)
            }
        }
    }

    /// Apart from the delivery, so that the delivery does not read the plugins' list, which
    /// is checked for exclusive access at run time, on every event.
    @inline(never)
    private func reportFailure(_ error: LuaError, ofHookFor event: TraceEvent, plugin index: Int,
                               controller: ViewController, runtime: Runtime) {
        runtime.reportScriptError(error, controller: controller,
                                  callback: "hook \(event.event) of plugin '\(loaded[index].name)'")
    }
}
