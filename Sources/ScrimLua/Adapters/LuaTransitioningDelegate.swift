import CLua
import LuaBridge
import ScrimCore

/// A Lua table acting as a transitioning delegate; a failing method is treated as returning nil.
final class LuaTransitioningDelegate: LuaTableAdapter, TransitioningDelegate {
    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        guard implements("presentationController") else { return nil }
        return { [self] presented, presenting, source in
            return runtime.lua.balanced { _ in
                guard call("presentationController", controller: presented, objects: [presented, presenting, source]),
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
                reportReturned(refusal, by: "presentationController", controller: presented)
                return nil
            }
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
        return { [self] animator in returnedInteractionController("interactionControllerForPresentation", container: nil, controller: nil, animator: animator) }
    }

    var interactionControllerForDismissal: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionControllerForDismissal") else { return nil }
        return { [self] animator in returnedInteractionController("interactionControllerForDismissal", container: nil, controller: nil, animator: animator) }
    }

    private func animator(from method: String, controller: ViewController, _ arguments: [AnyObject?]) -> AnimatedTransitioning? {
        returnedAnimator(method, controller: controller) {
            for argument in arguments { runtime.lua.push(object: argument) }
            return Int32(arguments.count)
        }
    }
}
