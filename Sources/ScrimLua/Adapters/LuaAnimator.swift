import LuaBridge
import CLua
import ScrimCore

/// A Lua table acting as an animator (`scrim.Animator:extend(…)` instances, or any table with
/// `animateTransition`). If `animateTransition` fails, the transition is completed so it does
/// not stay open: the presented view is put at its final frame and the transition finishes.
final class LuaAnimator: AnimatedTransitioning {
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

    func transitionDuration(using context: TransitionContext) -> Double {
        let top = runtime.lua.top
        defer { runtime.lua.top = top }
        let controller = context.viewController(forKey: .to)
        guard runtime.callMethod("transitionDuration", table: pushTable, self: { table.push() }, arguments: {
            runtime.lua.push(object: context)
            return 1
        }, nresults: 1, controller: controller) else { return 0 }
        guard lua_type(runtime.lua.L, -1) == LUA_TNUMBER else {
            runtime.reportScriptError(LuaError(message: "transitionDuration must return a number"),
                                      controller: controller, callback: "transitionDuration")
            return 0
        }
        return lua_tonumberx(runtime.lua.L, -1, nil)
    }

    func animateTransition(using context: TransitionContext) {
        let top = runtime.lua.top
        defer { runtime.lua.top = top }
        let controller = context.viewController(forKey: .to)
        let outer = runtime.transitionBeingAnimated
        runtime.transitionBeingAnimated = context
        defer { runtime.transitionBeingAnimated = outer }
        let succeeded = runtime.callMethod("animateTransition", table: pushTable, self: { table.push() }, arguments: {
            runtime.lua.push(object: context)
            return 1
        }, controller: controller)
        if !succeeded {
            context.finishAfterScriptFailure()
        }
    }

    var interruptibleAnimator: ((TransitionContext) -> PropertyAnimator?)? {
        guard runtime.hasMethod("interruptibleAnimator", table: pushTable, unlessFrom: nil) else { return nil }
        return { [self] context in
            let top = runtime.lua.top
            defer { runtime.lua.top = top }
            guard runtime.callMethod("interruptibleAnimator", table: pushTable, self: { table.push() }, arguments: {
                runtime.lua.push(object: context)
                return 1
            }, nresults: 1, controller: context.viewController(forKey: .to)) else { return nil }
            return (try? runtime.lua.object(at: -1)) as? PropertyAnimator
        }
    }

    var animationEnded: ((Bool) -> Void)? {
        guard runtime.hasMethod("animationEnded", table: pushTable, unlessFrom: runtime.luaAnimatorBase) else { return nil }
        return { [self] completed in
            let top = runtime.lua.top
            defer { runtime.lua.top = top }
            _ = runtime.callMethod("animationEnded", table: pushTable, self: { table.push() }, arguments: {
                lua_pushboolean(runtime.lua.L, completed ? 1 : 0)
                return 1
            }, controller: nil)
        }
    }
}
