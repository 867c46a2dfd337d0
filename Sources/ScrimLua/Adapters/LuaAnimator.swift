import CLua
import LuaBridge
import ScrimCore

/// A Lua table acting as an animator (`scrim.Animator:extend(…)` instances, or any table with
/// `animateTransition`). If `animateTransition` fails, the transition is completed so it does
/// not stay open: the presented view is put at its final frame and the transition finishes.
final class LuaAnimator: LuaTableAdapter, AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext) -> Double {
        return runtime.lua.balanced { _ in
            let controller = context.tracedController
            guard call("transitionDuration", controller: controller, nresults: 1, arguments: {
                runtime.lua.push(object: context)
                return 1
            }) else { return 0 }
            guard lua_type(runtime.lua.L, -1) == LUA_TNUMBER else {
                reportReturned("transitionDuration must return a number, got \(runtime.lua.typeName(at: -1))",
                               by: "transitionDuration", controller: controller)
                return 0
            }
            return lua_tonumberx(runtime.lua.L, -1, nil)
        }
    }

    func animateTransition(using context: TransitionContext) {
        runtime.lua.balanced { _ in
            let controller = context.tracedController
            let outer = runtime.transitionBeingAnimated
            runtime.transitionBeingAnimated = context
            defer { runtime.transitionBeingAnimated = outer }
            let succeeded = call("animateTransition", controller: controller, arguments: {
                runtime.lua.push(object: context)
                return 1
            })
            if !succeeded {
                context.finishAfterScriptFailure()
            }
        }
    }

    var interruptibleAnimator: ((TransitionContext) -> PropertyAnimator?)? {
        guard implements("interruptibleAnimator") else { return nil }
        return { [self] context in
            return runtime.lua.balanced { _ in
                guard call("interruptibleAnimator", controller: context.tracedController, nresults: 1, arguments: {
                    runtime.lua.push(object: context)
                    return 1
                }) else { return nil }
                return (try? runtime.lua.object(at: -1)) as? PropertyAnimator
            }
        }
    }

    var animationEnded: ((Bool) -> Void)? {
        guard implements("animationEnded", unlessFrom: runtime.luaAnimatorBase) else { return nil }
        return { [self] completed in
            runtime.lua.balanced { _ in
                _ = call("animationEnded", controller: nil, arguments: {
                    lua_pushboolean(runtime.lua.L, completed ? 1 : 0)
                    return 1
                })
            }
        }
    }
}
