import LuaBridge
import CLua
import ScrimCore

/// A Lua table acting as a transitioning delegate. A method is "implemented" when the table
/// (or its class) has a function of that name at the time of the call, so a plugin that
/// gains or loses one is followed; a failing method is reported and treated as returning nil.
final class LuaTransitioningDelegate: TransitioningDelegate {
    private unowned let runtime: Runtime
    let table: LuaRef
    let traceName: String

    init(runtime: Runtime, table: LuaRef, owner: String) {
        self.runtime = runtime
        self.table = table
        traceName = "lua:\(owner)"
    }

    private func implements(_ method: String) -> Bool {
        runtime.hasMethod(method, table: pushTable, unlessFrom: nil)
    }

    private func pushTable() -> Bool {
        table.push()
        return true
    }

    /// Calls `method` with `self` and the arguments; leaves its one result on the stack.
    private func call(_ method: String, controller: ViewController, _ arguments: [AnyObject?]) -> Bool {
        runtime.callMethod(method, table: pushTable, self: { table.push() }, arguments: {
            for argument in arguments { runtime.lua.push(object: argument) }
            return Int32(arguments.count)
        }, nresults: 1, controller: controller)
    }

    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        guard implements("presentationController") else { return nil }
        return { [self] presented, presenting, source in
            let top = runtime.lua.top
            defer { runtime.lua.top = top }
            guard call("presentationController", controller: presented, [presented, presenting, source]),
                  lua_type(runtime.lua.L, -1) != LUA_TNIL else { return nil }
            let refusal: String
            if let controller = (try? runtime.lua.object(at: -1)) as? LuaPresentationController {
                if controller.presentedViewControllerIfAlive === presented {
                    controller.luaTraceName = traceName
                    return controller
                }
                refusal = "presentationController returned a presentation controller of '\(controller.presentedViewControllerIfAlive?.name ?? "a released controller")', not of '\(presented.name)'"
            } else {
                refusal = "presentationController returned \(runtime.lua.typeName(at: -1)), not a PresentationController or nil"
            }
            runtime.reportScriptError(LuaError(message: refusal), controller: presented, callback: "presentationController")
            return nil
        }
    }

    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard implements("animationControllerForPresented") else { return nil }
        return { [self] presented, presenting, source in
            animator(from: "animationControllerForPresented", controller: presented, [presented, presenting, source])
        }
    }

    var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? {
        guard implements("animationControllerForDismissed") else { return nil }
        return { [self] dismissed in
            animator(from: "animationControllerForDismissed", controller: dismissed, [dismissed])
        }
    }

    var interactionControllerForPresentation: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionControllerForPresentation") else { return nil }
        return { [self] animator in interaction(from: "interactionControllerForPresentation", animator) }
    }

    var interactionControllerForDismissal: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionControllerForDismissal") else { return nil }
        return { [self] animator in interaction(from: "interactionControllerForDismissal", animator) }
    }

    /// An interaction controller from Lua: a percent-driven interaction, a table with
    /// `startInteractiveTransition`, or nil (not interactive).
    private func interaction(from method: String, _ animator: AnimatedTransitioning) -> InteractiveTransitioning? {
        let lua = runtime.lua!
        let top = lua.top
        defer { lua.top = top }
        guard runtime.callMethod(method, table: pushTable, self: { table.push() }, arguments: {
            runtime.pushAnimatorArgument(animator)
            return 1
        }, nresults: 1, controller: nil) else { return nil }
        return runtime.popInteractionController(tracedAs: traceName)
    }

    private func animator(from method: String, controller: ViewController, _ arguments: [AnyObject?]) -> AnimatedTransitioning? {
        let top = runtime.lua.top
        defer { runtime.lua.top = top }
        guard call(method, controller: controller, arguments) else { return nil }
        guard lua_type(runtime.lua.L, -1) == LUA_TTABLE else {
            if lua_type(runtime.lua.L, -1) != LUA_TNIL {
                runtime.reportScriptError(
                    LuaError(message: "\(method) must return an animator table or nil, got \(runtime.lua.typeName(at: -1))"),
                    controller: controller, callback: method)
            }
            return nil
        }
        return LuaAnimator(runtime: runtime, table: LuaRef(popping: runtime.lua), traceName: traceName)
    }
}
