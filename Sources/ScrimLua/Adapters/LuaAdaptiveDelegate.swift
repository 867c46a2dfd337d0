import CLua
import LuaBridge
import ScrimCore

/// A Lua table acting as a presentation controller's adaptive delegate:
/// `adaptivePresentationStyle(pc, traits)` returns a style name or `"none"` (keep the style),
/// `viewControllerForAdaptivePresentationStyle(pc, style)` a controller or nil,
/// `willPresentWithAdaptiveStyle(pc, style or nil, coordinator)`, and the user-dismissal
/// methods `presentationControllerShouldDismiss(pc)` (false refuses), `…WillDismiss(pc)`,
/// `…DidDismiss(pc)`, `…DidAttemptToDismiss(pc)`.
final class LuaAdaptiveDelegate: LuaTableAdapter, AdaptivePresentationControllerDelegate {
    private func call(_ method: String, _ pc: PresentationController, nresults: Int32, _ push: @escaping () -> Int32) -> Bool {
        call(method, controller: pc.presentedViewController, nresults: nresults, arguments: { [runtime] in
            runtime.lua.push(object: pc)
            return 1 + push()
        })
    }

    var adaptivePresentationStyle: ((PresentationController, TraitCollection) -> ModalPresentationStyle?)? {
        guard implements("adaptivePresentationStyle") else { return nil }
        return { [self] pc, traits in
            return runtime.lua.balanced { lua in
                guard call("adaptivePresentationStyle", pc, nresults: 1, { lua.push(traits); return 1 }),
                      let name = lua.string(at: -1), name != "none" else { return nil }
                guard let style = ModalPresentationStyle(rawValue: name) else {
                    reportReturned("adaptivePresentationStyle returned '\(name)', not a style or \"none\"",
                                   by: "adaptivePresentationStyle", controller: pc.presentedViewController)
                    return nil
                }
                return style
            }
        }
    }

    var viewControllerForAdaptivePresentationStyle: ((PresentationController, ModalPresentationStyle) -> ViewController?)? {
        guard implements("viewControllerForAdaptivePresentationStyle") else { return nil }
        return { [self] pc, style in
            return runtime.lua.balanced { lua in
                guard call("viewControllerForAdaptivePresentationStyle", pc, nresults: 1, {
                    lua.push(style.rawValue)
                    return 1
                }), lua_type(lua.L, -1) != LUA_TNIL else { return nil }
                guard let controller = (try? lua.object(at: -1)) as? ViewController else {
                    let message = "viewControllerForAdaptivePresentationStyle returned \(lua.typeName(at: -1)), not a ViewController or nil"
                    reportReturned(message, by: "viewControllerForAdaptivePresentationStyle", controller: pc.presentedViewController)
                    return nil
                }
                return controller
            }
        }
    }

    var presentationControllerShouldDismiss: ((PresentationController) -> Bool)? {
        guard implements("presentationControllerShouldDismiss") else { return nil }
        return { [self] pc in
            return runtime.lua.balanced { lua in
                guard call("presentationControllerShouldDismiss", pc, nresults: 1, { 0 }) else { return true }
                return lua_toboolean(lua.L, -1) != 0
            }
        }
    }

    var presentationControllerWillDismiss: ((PresentationController) -> Void)? { notification("presentationControllerWillDismiss") }
    var presentationControllerDidDismiss: ((PresentationController) -> Void)? { notification("presentationControllerDidDismiss") }
    var presentationControllerDidAttemptToDismiss: ((PresentationController) -> Void)? {
        notification("presentationControllerDidAttemptToDismiss")
    }

    private func notification(_ method: String) -> ((PresentationController) -> Void)? {
        guard implements(method) else { return nil }
        return { [self] pc in
            runtime.lua.balanced { _ in
                _ = call(method, pc, nresults: 0) { 0 }
            }
        }
    }

    var willPresentWithAdaptiveStyle: ((PresentationController, ModalPresentationStyle?, TransitionCoordinator?) -> Void)? {
        guard implements("willPresentWithAdaptiveStyle") else { return nil }
        return { [self] pc, style, coordinator in
            runtime.lua.balanced { lua in
                _ = call("willPresentWithAdaptiveStyle", pc, nresults: 0) {
                    if let style { lua.push(style.rawValue) } else { lua_pushnil(lua.L) }
                    lua.push(object: coordinator)
                    return 2
                }
            }
        }
    }
}
