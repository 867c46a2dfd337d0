import CLua
import LuaBridge
import ScrimCore

/// A Lua table acting as a tab bar controller's delegate: `shouldSelect(tabs, vc)`,
/// `didSelect(tabs, vc)`, `animationController(tabs, from, to)`, `interactionController(tabs, animator)`.
final class LuaTabBarDelegate: LuaTableAdapter, TabBarControllerDelegate {
    var shouldSelect: ((TabBarController, ViewController) -> Bool)? {
        guard implements("shouldSelect") else { return nil }
        return { [self] tabs, vc in
            return runtime.lua.balanced { _ in
                guard call("shouldSelect", controller: vc, objects: [tabs, vc]) else { return true }
                return lua_toboolean(runtime.lua.L, -1) != 0
            }
        }
    }

    var didSelect: ((TabBarController, ViewController) -> Void)? {
        guard implements("didSelect") else { return nil }
        return { [self] tabs, vc in
            runtime.lua.balanced { _ in
                _ = call("didSelect", controller: vc, objects: [tabs, vc])
            }
        }
    }

    var animationController: ((TabBarController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard implements("animationController") else { return nil }
        return { [self] tabs, from, to in
            returnedAnimator("animationController", controller: to) {
                for object in [tabs, from, to] { runtime.lua.push(object: object) }
                return 3
            }
        }
    }

    var interactionController: ((TabBarController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard implements("interactionController") else { return nil }
        return { [self] tabs, animator in
            returnedInteractionController("interactionController", container: tabs, controller: tabs.selectedViewController,
                                          animator: animator)
        }
    }
}
