import CLua
import LuaBridge
import ScrimCore
import ScrimLua

/// A lifecycle event delivered to a plugin's Lua hook, against the floor of any call into Lua
/// — a raw `lua_pcall` of an empty function through the C API, in the same Lua state — and
/// against a native Swift observer of the same event.
enum HookDispatch {
    static func run(_ harness: Harness) throws -> [Finding] {
        let folder = try ScratchFolder()
        try folder.write("hooked.lua", """
            return scrim.plugin { name = "hooked", hooks = { didReceiveMemoryWarning = function(vc) end } }
            """)
        let runtime = try Runtime(configuration: .init(pluginPaths: [folder.path]))
        _ = try runtime.loadPlugin("hooked")
        let controller = ViewController(runtime.application, name: "probe")
        let event = TraceEvent(seq: 0, time: 0, event: "didReceiveMemoryWarning", controller: "probe")
        let batch = 1_000

        let hooks: [LifecycleObserver] = [runtime.plugins]
        let lua = try harness.nanoseconds("Lua hook", batch: batch) { deliver(batch, to: hooks, controller, event) }

        let L = runtime.lua.L
        guard luaL_loadstring(L, "return function() end") == LUA_OK, scrim_pcall(L, 0, 1, 0) == LUA_OK else {
            throw BenchmarkError("cannot make the empty Lua function")
        }
        let empty = luaL_ref(L, scrim_registryindex())
        defer { luaL_unref(L, scrim_registryindex(), empty) }
        let floor = try harness.nanoseconds("raw lua_pcall", batch: batch) {
            for _ in 0..<batch {
                lua_rawgeti(L, scrim_registryindex(), lua_Integer(empty))
                if scrim_pcall(L, 0, 0, 0) != LUA_OK { scrim_pop(L, 1) }
            }
        }

        let observers: [LifecycleObserver] = [CountingObserver()]
        let native = try harness.nanoseconds("Swift observer", batch: batch) { deliver(batch, to: observers, controller, event) }
        return [
            .cost("hook-dispatch", "hook dispatch: event to a Lua hook", lua, unit: "ns",
                  against: "raw lua_pcall", floor, target: 2),
            .cost("hook-dispatch.native", "hook dispatch vs a native observer", lua, unit: "ns",
                  against: "Swift observer", native),
        ]
    }
}

/// Tells `observers` of the event `count` times, as the dispatcher does (`LifecycleDispatcher.deliver`):
/// the event and the controller are the caller's, lent for the calls.
@inline(never)
private func deliver(_ count: Int, to observers: [LifecycleObserver], _ controller: ViewController, _ event: TraceEvent) {
    for _ in 0..<count {
        for observer in observers { observer.controller(controller, didHandle: .didReceiveMemoryWarning, event: event) }
    }
}

/// A native observer that counts what it sees.
private final class CountingObserver: LifecycleObserver {
    var count = 0
    func controller(_ controller: ViewController, didHandle callback: LifecycleCallback, event: TraceEvent) {
        count += 1
    }
}
