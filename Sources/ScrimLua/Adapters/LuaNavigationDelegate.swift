import LuaBridge
import CLua
import ScrimCore

/// A Lua table acting as a navigation controller's delegate: `animationController(nav,
/// operation, from, to)` returns an animator table or nil, `interactionController(nav,
/// animator)` an interaction controller or nil.
final class LuaNavigationDelegate: NavigationControllerDelegate {
    private unowned let runtime: Runtime
    let table: LuaRef
    let traceName: String

    init(runtime: Runtime, table: LuaRef, traceName: String) {
        self.runtime = runtime
        self.table = table
        self.traceName = traceName
    }

    private func pushTable() -> Bool {
        table.push()
        return true
    }

    var animationController: ((NavigationController, NavigationOperation, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard runtime.hasMethod("animationController", table: pushTable, unlessFrom: nil) else { return nil }
        return { [self] nav, operation, from, to in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard runtime.callMethod("animationController", table: pushTable, self: { table.push() }, arguments: {
                lua.push(object: nav)
                lua.push(operation.rawValue)
                lua.push(object: from)
                lua.push(object: to)
                return 4
            }, nresults: 1, controller: to), lua_type(lua.L, -1) == LUA_TTABLE else { return nil }
            return LuaAnimator(runtime: runtime, table: LuaRef(popping: lua), traceName: traceName)
        }
    }

    var interactionController: ((NavigationController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard runtime.hasMethod("interactionController", table: pushTable, unlessFrom: nil) else { return nil }
        return { [self] nav, animator in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard runtime.callMethod("interactionController", table: pushTable, self: { table.push() }, arguments: {
                lua.push(object: nav)
                runtime.pushAnimatorArgument(animator)
                return 2
            }, nresults: 1, controller: nav.topViewController) else { return nil }
            return runtime.popInteractionController(tracedAs: traceName)
        }
    }
}
