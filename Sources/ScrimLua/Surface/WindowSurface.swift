import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// `window`'s Lua surface: a view plus `rootViewController`, `size`, `setSize`,
    /// `traitCollection`, `device` and `setDevice`.
    func defineWindowClass() {
        let cls = windowClass
        cls.inherit(from: viewClass)
        cls.property("rootViewController", get: { window, call in
            call.state.push(object: window.rootViewController)
        }, set: { window, call, i in
            let root = try call.optionalObject(i, ViewController.self, expected: "ViewController")
            if let root, let refusal = window.refusalOfRoot(root) { throw call.argumentError(i, refusal) }
            window.rootViewController = root
        })
        cls.property("size", get: { window, call in call.state.push(window.size) })
        cls.property("traitCollection", get: { window, call in call.state.push(window.traitCollection) })
        cls.property("device", get: { window, call in call.state.push(window.device.name) })
        cls.property("statusBarStyle", get: { window, call in
            call.state.push((window.application?.statusBarStyle ?? .default).rawValue)
        })
        cls.property("isStatusBarHidden", get: { window, call in
            lua_pushboolean(call.L, window.application?.isStatusBarHidden == true ? 1 : 0)
        })
        cls.method("performAccessibilityEscape") { window, call in
            lua_pushboolean(call.L, window.application?.performAccessibilityEscape() == true ? 1 : 0)
            return 1
        }
        cls.method("setSize") { window, call in
            let size: Size
            if lua_type(call.L, 2) == LUA_TTABLE {
                size = try call.size(2)
            } else {
                size = Size(width: try call.number(2), height: try call.number(3))
            }
            guard size.width > 0, size.height > 0, size.width.isFinite, size.height.isFinite else {
                throw call.argumentError(2, "size must be positive, got \(size)")
            }
            window.setSize(size)
            return 0
        }
        cls.method("setDevice") { window, call in
            let name = try call.string(2)
            guard let device = DevicePreset.named(name) else {
                let known = DevicePreset.all.map { "'\($0.name)'" }.joined(separator: ", ")
                throw call.argumentError(2, "unknown device '\(name)'; known: \(known)")
            }
            window.setDevice(device, landscape: try call.bool(3, default: false))
            return 0
        }
    }
}

extension LuaState {
    /// A trait collection as `{horizontalSizeClass=, verticalSizeClass=, displayScale=, userInterfaceIdiom=}`.
    public func push(_ traits: TraitCollection) {
        lua_createtable(L, 0, 4)
        push(traits.horizontalSizeClass.rawValue)
        lua_setfield(L, -2, "horizontalSizeClass")
        push(traits.verticalSizeClass.rawValue)
        lua_setfield(L, -2, "verticalSizeClass")
        self.push(number: traits.displayScale)
        lua_setfield(L, -2, "displayScale")
        push(traits.userInterfaceIdiom.rawValue)
        lua_setfield(L, -2, "userInterfaceIdiom")
    }
}
