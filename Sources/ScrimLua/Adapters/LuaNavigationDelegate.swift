import LuaBridge
import ScrimCore

/// A Lua table acting as a navigation controller's delegate: `animationController(nav,
/// operation, from, to)` returns an animator table or nil, `interactionController(nav,
/// animator)` an interaction controller or nil.
final class LuaNavigationDelegate: LuaTableAdapter, NavigationControllerDelegate {
    var animationController: ((NavigationController, NavigationOperation, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard implements("animationController") else { return nil }
        return { [self] nav, operation, from, to in
            returnedAnimator("animationController", controller: to) {
                runtime.lua.push(object: nav)
                runtime.lua.push(operation.rawValue)
                runtime.lua.push(object: from)
                runtime.lua.push(object: to)
                return 4
            }
        }
    }

    var interactionController: ((NavigationController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionController") else { return nil }
        return { [self] nav, animator in
            returnedInteractionController("interactionController", container: nav, controller: nav.topViewController,
                                          animator: animator)
        }
    }
}
