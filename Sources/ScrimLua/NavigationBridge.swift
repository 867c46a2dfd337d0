import CLua
import ScrimCore

/// A Lua table acting as a navigation controller's delegate: `animationController(nav,
/// operation, from, to)` returns an animator table or nil, `interactionController(nav,
/// animator)` an interaction controller or nil.
final class LuaNavigationDelegate: NavigationControllerDelegate {
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

    var animationController: ((NavigationController, NavigationOperation, ViewController, ViewController) -> AnimatedTransitioning?)? {
        guard runtime.hasMethod("animationController", table: pushTable, unlessFrom: nil) else { return nil }
        return { [self] nav, operation, from, to in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard runtime.callMethod("animationController", table: pushTable, self: { table.push() }, arguments: {
                lua.push(object: nav)
                lua.push(operation.rawValue)
                lua.push(object: from)
                lua.push(object: to)
                return 4
            }, nresults: 1, controller: to), lua_type(lua.L, -1) == LUA_TTABLE else { return nil }
            return LuaAnimator(runtime: runtime, table: LuaRef(popping: lua), traceName: traceName)
        }
    }

    var interactionController: ((NavigationController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        guard runtime.hasMethod("interactionController", table: pushTable, unlessFrom: nil) else { return nil }
        return { [self] nav, animator in
            let lua = runtime.lua!
            let top = lua.top
            defer { lua.top = top }
            guard runtime.callMethod("interactionController", table: pushTable, self: { table.push() }, arguments: {
                lua.push(object: nav)
                runtime.pushAnimatorArgument(animator)
                return 2
            }, nresults: 1, controller: nav.topViewController) else { return nil }
            return runtime.popInteractionController(tracedAs: traceName)
        }
    }
}

extension Runtime {
    /// `NavigationController{name=, root=, …}` and its surface.
    func defineNavigationSurface() {
        let cls = navigationControllerClass
        cls.inherit(from: viewControllerBridge)
        cls.property("viewControllers", get: { nav, call in call.state.push(objects: nav.viewControllers) },
                     set: { nav, call, i in
                         let controllers = try Runtime.controllers(call, at: i)
                         do { try nav.setViewControllers(controllers, animated: false) } catch { throw LuaRaise("\(error)") }
                     })
        cls.property("topViewController", get: { nav, call in call.state.push(object: nav.topViewController) })
        cls.property("visibleViewController", get: { nav, call in call.state.push(object: nav.visibleViewController) })
        cls.property("navigationBar", get: { nav, call in call.state.push(object: nav.navigationBar) })
        cls.property("contentView", get: { nav, call in call.state.push(object: nav.contentView) })
        cls.property("interactivePopGestureRecognizer", get: { nav, call in
            call.state.push(object: nav.interactivePopGestureRecognizer)
        })
        cls.property("delegate", get: { [unowned self] nav, call in
            guard let delegate = nav.delegate as? LuaNavigationDelegate else { return lua_pushnil(call.L) }
            pushReadOnly(delegate.table, name: "the delegate of '\(nav.name)'")
        }, set: { [unowned self] nav, call, i in
            if call.isNil(i) {
                nav.delegate = nil
                return
            }
            try call.table(i)
            lua.unwrapView(at: i)
            let owner = plugins.loaded.first { plugin in
                plugin.exports.push()
                lua.rawField("navigationDelegate", of: -1)
                defer { scrim_pop(call.L, 2) }
                return lua_rawequal(call.L, -1, i) != 0
            }?.name ?? plugins.plugin(definingTableAt: i)?.name ?? "script"
            lua_pushvalue(call.L, i)
            nav.delegate = LuaNavigationDelegate(runtime: self, table: LuaRef(popping: lua), traceName: "lua:\(owner)")
        })
        cls.method("push") { nav, call in
            let controller = try call.object(2, ViewController.self, expected: "ViewController")
            do { try nav.push(controller, animated: try call.bool(3, default: true)) } catch { throw LuaRaise("\(error)") }
            return 0
        }
        cls.method("pop") { nav, call in
            call.state.push(object: nav.pop(animated: try call.bool(2, default: true)))
            return 1
        }
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

extension Runtime {
    /// `TabBarController{name=, viewControllers={…}, selectedIndex=}`: `selectedIndex` is 1-based
    /// in Lua, as Lua indexes. `tabs:select(i)` is the user's tap (the delegate asked and told);
    /// setting `selectedIndex` or `selectedViewController` is code (the delegate is not).
    func defineTabBarSurface() {
        let cls = tabBarControllerClass
        cls.inherit(from: viewControllerBridge)
        cls.property("viewControllers", get: { tabs, call in call.state.push(objects: tabs.viewControllers) },
                     set: { tabs, call, i in
                         let controllers = try Runtime.controllers(call, at: i)
                         do { try tabs.setViewControllers(controllers) } catch { throw LuaRaise("\(error)") }
                     })
        cls.property("selectedIndex", get: { tabs, call in call.state.push(number: Double(tabs.selectedIndex + 1)) },
                     set: { tabs, call, i in
                         let index = try call.integer(i)
                         guard tabs.viewControllers.indices.contains(index - 1) else {
                             throw call.argumentError(i, "no tab \(index) (there are \(tabs.viewControllers.count))")
                         }
                         tabs.selectedIndex = index - 1
                     })
        cls.property("selectedViewController", get: { tabs, call in call.state.push(object: tabs.selectedViewController) },
                     set: { tabs, call, i in
                         let controller = try call.object(i, ViewController.self, expected: "ViewController")
                         guard tabs.viewControllers.contains(where: { $0 === controller }) else {
                             throw call.argumentError(i, "'\(controller.name)' is not one of the tabs")
                         }
                         tabs.selectedViewController = controller
                     })
        cls.property("tabBar", get: { tabs, call in call.state.push(object: tabs.tabBar) })
        cls.property("contentView", get: { tabs, call in call.state.push(object: tabs.contentView) })
        cls.property("delegate", get: { [unowned self] tabs, call in
            guard let delegate = tabs.delegate as? LuaTabBarDelegate else { return lua_pushnil(call.L) }
            pushReadOnly(delegate.table, name: "the delegate of '\(tabs.name)'")
        }, set: { [unowned self] tabs, call, i in
            if call.isNil(i) {
                tabs.delegate = nil
                return
            }
            try call.table(i)
            lua.unwrapView(at: i)
            let owner = plugins.plugin(definingTableAt: i)?.name ?? "script"
            lua_pushvalue(call.L, i)
            tabs.delegate = LuaTabBarDelegate(runtime: self, table: LuaRef(popping: lua), traceName: "lua:\(owner)")
        })
        cls.method("select") { tabs, call in
            lua_pushboolean(call.L, tabs.select(try call.integer(2) - 1) ? 1 : 0)
            return 1
        }
        let bar = tabBarClass
        bar.inherit(from: viewClass)
        bar.property("itemTitles", get: { bar, call in call.state.push(strings: bar.itemTitles) })
        bar.property("selectedIndex", get: { bar, call in call.state.push(number: Double(bar.selectedIndex + 1)) })
    }

    func makeTabBarController(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        call.state.rawField("name", of: 1)
        let name = try call.optionalName(-1)
        scrim_pop(call.L, 1)
        let tabs = TabBarController(application, name: name)
        // The tabs first: `selectedIndex` and the rest refer to them.
        call.state.rawField("viewControllers", of: 1)
        if !call.isNil(-1) {
            let field = LuaCall(L: call.L, state: call.state, functionName: "viewControllers",
                                role: .field(constructor: "TabBarController"))
            do { try tabs.setViewControllers(try Runtime.controllers(field, at: lua_gettop(call.L))) } catch let error as ContainmentError {
                throw LuaRaise("\(error)")
            }
        }
        scrim_pop(call.L, 1)
        let copy = call.pushFields(of: 1, excluding: ["name", "viewControllers"])
        try applyProperties(at: copy, to: tabs, using: tabBarControllerClass, constructor: "TabBarController", call)
        call.state.push(object: tabs)
        return 1
    }
}
