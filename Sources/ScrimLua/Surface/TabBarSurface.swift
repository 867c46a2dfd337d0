import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// `TabBarController{name=, viewControllers={…}, selectedIndex=}`: `selectedIndex` is 1-based
    /// in Lua, as Lua indexes. `tabs:select(i)` is the user's tap (the delegate asked and told);
    /// setting `selectedIndex` or `selectedViewController` is code (the delegate is not).
    func defineTabBarSurface() {
        let cls = tabBarControllerClass
        cls.inherit(from: viewControllerClass)
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
        cls.property("tabBar", { $0.tabBar })
        cls.property("contentView", { $0.contentView })
        cls.property("delegate", get: { [unowned self] tabs, call in
            pushAdapterTable(tabs.delegate as? LuaTabBarDelegate, name: "the delegate of '\(tabs.name)'")
        }, set: { [unowned self] tabs, call, i in
            tabs.delegate = try adapterTable(call, at: i).map {
                LuaTabBarDelegate(runtime: self, table: $0.table, traceName: $0.traceName)
            }
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
        Runtime.chargeName(tabs.name, of: tabs, as: .name, call)
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
