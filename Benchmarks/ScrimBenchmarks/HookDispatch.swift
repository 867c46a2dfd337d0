import CLua
import CLuaBridge
import LuaBridge
import ScrimCore
import ScrimLua

/// A lifecycle event delivered to a plugin's Lua hook, against the floor of any call into Lua
/// — a raw `lua_pcall` of an empty function through the C API, in the same Lua state — and
/// against a native Swift observer of the same event. Two more figures are floors of the
/// delivery itself: the same lookups and call written against the C API alone, with no limits,
/// and the same again entering Lua through the limits' gate, as every entry must.
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

        let direct = try deliveryThroughTheCAPI(runtime.lua, controller, batch: batch, limited: false, harness)
        let limited = try deliveryThroughTheCAPI(runtime.lua, controller, batch: batch, limited: true, harness)

        let observers: [LifecycleObserver] = [CountingObserver()]
        let native = try harness.nanoseconds("Swift observer", batch: batch) { deliver(batch, to: observers, controller, event) }
        return [
            .cost("hook-dispatch", "hook dispatch: event to a Lua hook", lua, unit: "ns",
                  against: "raw lua_pcall", floor, target: 2),
            .cost("hook-dispatch.native", "hook dispatch vs a native observer", lua, unit: "ns",
                  against: "Swift observer", native),
            .cost("hook-dispatch.c-api", "floor: the delivery through the C API alone", direct, unit: "ns",
                  against: "raw lua_pcall", floor),
            .cost("hook-dispatch.c-api-limits", "floor: the same through the limits' gate", limited, unit: "ns",
                  against: "raw lua_pcall", floor),
        ]
    }

    /// What a delivery must ask Lua, and nothing else: the hook found in a plugin's exports
    /// (`exports.hooks.didReceiveMemoryWarning`, the keys and the exports kept in the registry),
    /// the controller's userdata found in the identity table, a call through the message handler
    /// (pushed first, so that nothing moves it into place). `limited`: the call is an entry
    /// through the limits' gate (`scrim_enter_handled`, `scrim_leave`), as every entry into
    /// plugin code must be (docs/plugins.md, "Limits"), instead of a bare `lua_pcall`.
    private static func deliveryThroughTheCAPI(_ lua: LuaState, _ controller: ViewController, batch: Int,
                                               limited: Bool, _ harness: Harness) throws -> Double {
        let L = lua.L, registry = scrim_registryindex(), limits = lua.limitsRecord
        guard luaL_loadstring(L, "return { hooks = { didReceiveMemoryWarning = function(vc) end } }") == LUA_OK,
              scrim_pcall(L, 0, 1, 0) == LUA_OK else { throw BenchmarkError("cannot make the exports") }
        let exports = luaL_ref(L, registry)
        lua_pushstring(L, "hooks")
        let hooks = luaL_ref(L, registry)
        lua_pushstring(L, "didReceiveMemoryWarning")
        let name = luaL_ref(L, registry)
        lua.push(object: controller)
        let held = luaL_ref(L, registry)
        defer { for ref in [exports, hooks, name, held] { luaL_unref(L, registry, ref) } }
        let address = Unmanaged.passUnretained(controller).toOpaque(), objects = lua_Integer(lua.objectsTable)
        let label = limited ? "delivery through the C API and the limits" : "delivery through the C API"
        return try harness.nanoseconds(label, batch: batch) {
            for _ in 0..<batch {
                let top = lua_gettop(L)
                scrim_pushmsgh(L)
                lua_rawgeti(L, registry, lua_Integer(exports))
                lua_rawgeti(L, registry, lua_Integer(hooks))
                lua_rawget(L, -2)
                lua_rawgeti(L, registry, lua_Integer(name))
                lua_rawget(L, -2)
                lua_rawgeti(L, registry, objects)
                lua_rawgetp(L, -1, address)
                scrim_remove(L, -2)
                if limited {
                    var entry = scrim_entry()
                    _ = scrim_enter_handled(L, limits, top + 1, 1, 0, &entry)
                    scrim_leave(limits, &entry)
                } else {
                    _ = scrim_pcall(L, 1, 0, top + 1)
                }
                lua_settop(L, top)
            }
        }
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
