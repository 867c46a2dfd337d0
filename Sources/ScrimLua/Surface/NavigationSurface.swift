import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// `NavigationController{name=, root=, …}` and its surface.
    func defineNavigationSurface() {
        let cls = navigationControllerClass
        cls.inherit(from: viewControllerClass)
        cls.property("viewControllers", get: { nav, call in call.state.push(objects: nav.viewControllers) },
                     set: { nav, call, i in
                         let controllers = try Runtime.controllers(call, at: i)
                         do { try nav.setViewControllers(controllers, animated: false) } catch { throw LuaRaise("\(error)") }
                     })
        cls.property("topViewController", { $0.topViewController })
        cls.property("visibleViewController", { $0.visibleViewController })
        cls.property("navigationBar", { $0.navigationBar })
        cls.property("contentView", { $0.contentView })
        cls.property("interactivePopGestureRecognizer", get: { nav, call in
            call.state.push(object: nav.interactivePopGestureRecognizer)
        })
        cls.property("delegate", get: { [unowned self] nav, call in
            pushAdapterTable(nav.delegate as? LuaNavigationDelegate, name: "the delegate of '\(nav.name)'")
        }, set: { [unowned self] nav, call, i in
            nav.delegate = try adapterTable(call, at: i, exportedAs: "navigationDelegate").map {
                LuaNavigationDelegate(runtime: self, table: $0.table, traceName: $0.traceName)
            }
        })
        cls.method("push") { nav, call in
            let controller = try call.object(2, ViewController.self, expected: "ViewController")
            do { try nav.push(controller, animated: try call.bool(3, default: true)) } catch { throw LuaRaise("\(error)") }
            return 0
        }
        cls.method("pop", returning: { nav, call in nav.pop(animated: try call.bool(2, default: true)) })
        cls.method("popTo") { nav, call in
            let controller = try call.object(2, ViewController.self, expected: "ViewController")
            call.state.push(objects: nav.popTo(controller, animated: try call.bool(3, default: true)))
            return 1
        }
        cls.method("popToRoot") { nav, call in
            call.state.push(objects: nav.popToRoot(animated: try call.bool(2, default: true)))
            return 1
        }
        cls.method("setViewControllers") { nav, call in
            let controllers = try Runtime.controllers(call, at: 2)
            do { try nav.setViewControllers(controllers, animated: try call.bool(3, default: true)) } catch {
                throw LuaRaise("\(error)")
            }
            return 0
        }

        let bar = navigationBarClass
        bar.inherit(from: viewClass)
        bar.property("title", get: { bar, call in
            if let title = bar.title { call.state.push(title) } else { lua_pushnil(call.L) }
        })
        bar.property("backItemTitle", get: { bar, call in
            if let title = bar.backItemTitle { call.state.push(title) } else { lua_pushnil(call.L) }
        })
    }

    /// `NavigationController{name=, root=, …}`: other fields are set as properties.
    func makeNavigationController(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        call.state.rawField("name", of: 1)
        let name = try call.optionalName(-1)
        scrim_pop(call.L, 1)
        call.state.rawField("root", of: 1)
        let root = try LuaCall(L: call.L, state: call.state, functionName: "root", role: .field(constructor: "NavigationController"))
            .optionalObject(-1, ViewController.self, expected: "ViewController")
        scrim_pop(call.L, 1)
        let nav = NavigationController(application, root: root, name: name)
        Runtime.chargeName(nav.name, of: nav, as: .name, call)
        if let root, nav.viewControllers.isEmpty {
            let refusal = nav.refusalToAddChild(root).map { "\($0)" } ?? "cannot use '\(root.name)' as the root"
            throw LuaRaise("bad field 'root' in 'NavigationController' (\(refusal))")
        }
        // The other fields are set as properties.
        let copy = call.pushFields(of: 1, excluding: ["name", "root"])
        try applyProperties(at: copy, to: nav, using: navigationControllerClass, constructor: "NavigationController", call)
        call.state.push(object: nav)
        return 1
    }

    static func controllers(_ call: LuaCall, at index: Int32) throws -> [ViewController] {
        try call.table(index)
        var controllers: [ViewController] = []
        for position in 0..<Int(lua_rawlen(call.L, index)) {
            lua_rawgeti(call.L, index, lua_Integer(position + 1))
            defer { scrim_pop(call.L, 1) }
            guard let controller = try call.state.object(at: -1) as? ViewController else {
                throw call.argumentError(index, "item \(position + 1) is not a ViewController")
            }
            controllers.append(controller)
        }
        return controllers
    }
}
