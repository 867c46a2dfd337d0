import LuaBridge
import CLua
import ScrimCore

/// A Lua table acting as a tab bar controller's delegate: `shouldSelect(tabs, vc)`,
/// `didSelect(tabs, vc)`, `animationController(tabs, from, to)`, `interactionController(tabs, animator)`.
final class LuaTabBarDelegate: TabBarControllerDelegate {
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

    private func call(_ method: String, _ controller: ViewController?, _ arguments: [AnyObject?]) -> Bool {
        runtime.callMethod(method, table: pushTable, self: { table.push() }, arguments: { [runtime] in
            for argument in arguments { runtime.lua.push(object: argument) }
            return Int32(arguments.count)
        }, nresults: 1, controller: controller)
    }

    private func implements(_ method: String) -> Bool { runtime.hasMethod(method, table: pushTable, unlessFrom: nil) }

    var shouldSelect: ((TabBarController, ViewController) -> Bool)? {
        guard implements("shouldSelect") else { return nil }
        return { [self] tabs, vc in
            let top = runtime.lua.top
            defer { runtime.lua.top = top }
            guard call("shouldSelect", vc, [tabs, vc]) else { return true }
            return lua_toboolean(runtime.lua.L, -1) != 0
        }
    }

    var didSelect: ((TabBarController, ViewController) -> Void)? {
        guard implements("didSelect") else { return nil }
        return { [self] tabs, vc in
            let top = runtime.lua.top
            defer { runtime.lua.top = top }
            _ = call("didSelect", vc, [tabs, vc])
        }
    }

    var animationController: ((TabBarController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard implements("animationController") else { return nil }
        return { [self] tabs, from, to in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard call("animationController", to, [tabs, from, to]), lua_type(lua.L, -1) == LUA_TTABLE else { return nil }
            return LuaAnimator(runtime: runtime, table: LuaRef(popping: lua), traceName: traceName)
        }
    }

    var interactionController: ((TabBarController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionController") else { return nil }
        return { [self] tabs, animator in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard runtime.callMethod("interactionController", table: pushTable, self: { table.push() }, arguments: {
                lua.push(object: tabs)
                runtime.pushAnimatorArgument(animator)
                return 2
            }, nresults: 1, controller: tabs.selectedViewController) else { return nil }
            return runtime.popInteractionController(tracedAs: traceName)
        }
    }
}
