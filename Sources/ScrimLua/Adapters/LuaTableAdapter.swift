import CLua
import LuaBridge
import ScrimCore

/// What every adapter of a Lua table shares: a Swift protocol (an animator, a delegate, an
/// interaction controller) implemented by calling the methods of a table, in one runtime, traced
/// by one name (`by: "lua:<plugin>"`). A method is implemented when the table (or its class) has
/// a function of that name at the time of the call, so a plugin that gains or loses one is
/// followed; a failing method is reported as a `scriptError` and the adapter falls back.
class LuaTableAdapter {
    unowned let runtime: Runtime
    let table: LuaRef
    let traceName: String

    init(runtime: Runtime, table: LuaRef, traceName: String) {
        self.runtime = runtime
        self.table = table
        self.traceName = traceName
    }

    /// Whether the table has a function `method` now, other than the one the class `base`
    /// defines (a default that stands for "not implemented").
    final func implements(_ method: String, unlessFrom base: LuaRef? = nil) -> Bool {
        runtime.hasMethod(method, table: pushTable, unlessFrom: base)
    }

    /// Calls the table's `method` with the table as `self` and what `arguments` pushes (returning
    /// how many), a failure reported about `controller`. Returns false, with nothing on the
    /// stack, when there is no such function or it failed; otherwise leaves `nresults` results.
    final func call(_ method: String, controller: ViewController?, nresults: Int32 = 0,
                    arguments: () -> Int32 = { 0 }) -> Bool {
        runtime.callMethod(method, table: pushTable, self: { table.push() }, arguments: arguments, nresults: nresults,
                           controller: controller)
    }

    /// Reports that `method` returned what it may not, located where the table's method is defined.
    final func reportReturned(_ message: String, by method: String, controller: ViewController?) {
        runtime.reportReturned(message, by: method, table: pushTable, controller: controller)
    }

    /// `call` with bridged objects (nil as nil) as the arguments, leaving one result.
    final func call(_ method: String, controller: ViewController?, objects: [AnyObject?]) -> Bool {
        call(method, controller: controller, nresults: 1) {
            for object in objects { runtime.lua.push(object: object) }
            return Int32(objects.count)
        }
    }

    /// The animator table on top of the stack, popped, as an adapter traced by this one's name.
    final func popAnimator() -> LuaAnimator {
        LuaAnimator(runtime: runtime, table: LuaRef(popping: runtime.lua), traceName: traceName)
    }

    /// Calls `method` for an animator: the table it returns, as an animator traced by this
    /// adapter's name, or nil (anything else but nil, or a table without an `animateTransition`
    /// function, is a `scriptError`, and the transition takes the built-in animation).
    final func returnedAnimator(_ method: String, controller: ViewController?, arguments: () -> Int32) -> AnimatedTransitioning? {
        runtime.lua.balanced { lua in
            guard call(method, controller: controller, nresults: 1, arguments: arguments) else { return nil }
            guard lua_type(lua.L, -1) == LUA_TTABLE else {
                if lua_type(lua.L, -1) != LUA_TNIL {
                    reportReturned("\(method) must return an animator table or nil, got \(lua.typeName(at: -1))",
                                   by: method, controller: controller)
                }
                return nil
            }
            let animator = popAnimator()
            guard animator.implements("animateTransition") else {
                reportReturned("\(method) must return an animator, a table with an animateTransition function; "
                               + "this one has none", by: method, controller: controller)
                return nil
            }
            return animator
        }
    }

    /// Calls `method` with `container` (when given) and the transition's animator, for an
    /// interaction controller: a percent-driven interaction, a table with
    /// `startInteractiveTransition`, or nil (not interactive; anything else but nil is a
    /// `scriptError`).
    final func returnedInteractionController(_ method: String, container: ViewController?, controller: ViewController?,
                                             animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        runtime.lua.balanced { lua in
            guard call(method, controller: controller, nresults: 1, arguments: {
                if let container { lua.push(object: container) }
                runtime.pushAnimatorArgument(animator)
                return container == nil ? 1 : 2
            }) else { return nil }
            if let interaction = runtime.popInteractionController(tracedAs: traceName) { return interaction }
            if lua_type(lua.L, -1) != LUA_TNIL {
                reportReturned("\(method) must return an interaction controller or nil, got \(lua.typeName(at: -1))",
                               by: method, controller: controller)
            }
            return nil
        }
    }

    private func pushTable() -> Bool {
        table.push()
        return true
    }
}

extension Runtime {
    /// The table a script sets as a delegate at `index`, with the name its adapter is traced by:
    /// `lua:<plugin>` for the plugin that exports it as `field` (when given) or whose code made
    /// it, else `lua:script` (with `traced: false`, for an adapter whose calls are not traced,
    /// no name is looked for). Nil for nil; an error for what is not a table. A read-only view
    /// stands for the table it shows.
    func adapterTable(_ call: LuaCall, at index: Int32, exportedAs field: String? = nil,
                      traced: Bool = true) throws -> (table: LuaRef, traceName: String)? {
        if call.isNil(index) { return nil }
        try call.table(index)
        lua.unwrapView(at: index)
        guard traced else {
            lua_pushvalue(call.L, index)
            return (LuaRef(popping: lua), "")
        }
        let exporter = field.flatMap { field in plugins.loaded.first { plugin in
            plugin.exports.push()
            lua.rawField(field, of: -1)
            defer { scrim_pop(call.L, 2) }
            return lua_rawequal(call.L, -1, index) != 0
        } }
        let owner = exporter?.name ?? plugins.plugin(definingTableAt: index)?.name ?? "script"
        lua_pushvalue(call.L, index)
        return (LuaRef(popping: lua), "lua:\(owner)")
    }

    /// Pushes the table of `adapter` as scripts read a delegate back: read-only, named `name` in
    /// errors; nil when the delegate is not a Lua table's.
    func pushAdapterTable(_ adapter: LuaTableAdapter?, name: String) {
        guard let adapter else { return lua_pushnil(lua.L) }
        pushReadOnly(adapter.table, name: name)
    }
}
