import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// `ViewController`'s Lua surface (UIKit's names). Fields that are not native properties
    /// live on the Lua instance table of controllers made from Lua.
    func defineViewControllerClass() {
        let cls = viewControllerClass
        cls.keepsLuaFields = true
        cls.property("name", get: { vc, call in call.state.push(vc.name) })
        cls.property("view", get: { vc, call in
            if vc.isInLoadViewWithoutView {
                throw LuaRaise("'\(vc.name)'.view is read inside its own loadView, before loadView set it")
            }
            call.state.push(object: vc.view)
        }, set: { vc, call, i in
            let view = try call.optionalObject(i, View.self, expected: "View")
            if let view, let refusal = vc.refusalOfView(view) { throw call.argumentError(i, refusal) }
            vc.view = view
        })
        cls.property("viewIfLoaded", { $0.viewIfLoaded })
        cls.property("isViewLoaded", { $0.isViewLoaded })
        cls.property("parent", { $0.parent })
        cls.property("children", get: { vc, call in call.state.push(objects: vc.children) })
        cls.property("navigationController", { $0.navigationController })
        cls.property("tabBarController", { $0.tabBarController })
        cls.property("splitViewController", { $0.splitViewController })
        cls.property("title", get: { vc, call in
            if let title = vc.title { call.state.push(title) } else { lua_pushnil(call.L) }
        }, set: { vc, call, i in
            vc.title = try call.optionalName(i)
            Runtime.chargeName(vc.title, of: vc, as: .title, call)
        })
        cls.property("preferredContentSize", get: { vc, call in call.state.push(vc.preferredContentSize) },
                     set: { vc, call, i in vc.preferredContentSize = try call.size(i) })
        cls.property("restorationIdentifier", get: { vc, call in
            if let identifier = vc.restorationIdentifier { call.state.push(identifier) } else { lua_pushnil(call.L) }
        }, set: { vc, call, i in
            vc.restorationIdentifier = try call.optionalName(i)
            Runtime.chargeName(vc.restorationIdentifier, of: vc, as: .restorationIdentifier, call)
        })
        cls.property("shouldAutomaticallyForwardAppearanceMethods", get: { vc, call in
            lua_pushboolean(call.L, vc.shouldAutomaticallyForwardAppearanceMethods ? 1 : 0)
        }, set: { vc, call, i in vc.automaticallyForwardsAppearance = try call.bool(i, default: true) })
        cls.property("traitCollection", get: { vc, call in call.state.push(vc.traitCollection) })
        cls.property("appearanceState", get: { vc, call in call.state.push(vc.appearanceState.rawValue) })

        cls.property("preferredStatusBarStyle", get: { vc, call in call.state.push(vc.preferredStatusBarStyle.rawValue) },
                     set: { vc, call, i in
                         let name = try call.string(i)
                         guard let style = StatusBarStyle(rawValue: name) else {
                             throw call.argumentError(i, "status bar styles are \"default\", \"lightContent\" and \"darkContent\"")
                         }
                         vc.statusBarStyle = style
                     })
        cls.property("prefersStatusBarHidden", get: { vc, call in lua_pushboolean(call.L, vc.prefersStatusBarHidden ? 1 : 0) },
                     set: { vc, call, i in vc.statusBarHidden = try call.bool(i, default: false) })
        cls.method("addChildController") { vc, call in
            let child = try call.object(2, ViewController.self, expected: "ViewController")
            let view = try call.optionalObject(3, View.self, expected: "View")
            do { try vc.addChildController(child, in: view) } catch { throw LuaRaise("\(error)") }
            return 0
        }
        cls.method("removeChildController") { vc, call in
            let child = try call.object(2, ViewController.self, expected: "ViewController")
            if let container = child.listingContainer {
                throw LuaRaise("\(ContainmentError.listedByContainer(child: child.name, container: container.name))")
            }
            vc.removeChildController(child)
            return 0
        }
        cls.action("loadViewIfNeeded") { $0.loadViewIfNeeded() }
        cls.method("addChild") { vc, call in
            let child = try call.object(2, ViewController.self, expected: "ViewController")
            do { try vc.addChild(child) } catch { throw LuaRaise("\(error)") }
            return 0
        }
        cls.method("removeFromParent") { vc, _ in
            if let container = vc.listingContainer {
                throw LuaRaise("\(ContainmentError.listedByContainer(child: vc.name, container: container.name))")
            }
            vc.removeFromParent()
            return 0
        }
        cls.method("willMove") { vc, call in
            vc.willMove(toParent: try call.optionalObject(2, ViewController.self, expected: "ViewController"))
            return 0
        }
        cls.method("didMove") { vc, call in
            vc.didMove(toParent: try call.optionalObject(2, ViewController.self, expected: "ViewController"))
            return 0
        }
        cls.method("beginAppearanceTransition") { vc, call in
            guard lua_type(call.L, 2) == LUA_TBOOLEAN else { throw call.typeError(2, expected: "boolean") }
            vc.beginAppearanceTransition(lua_toboolean(call.L, 2) != 0, animated: try call.bool(3, default: false))
            return 0
        }
        cls.action("endAppearanceTransition") { $0.endAppearanceTransition() }
        cls.method("transition") { [unowned self] vc, call in
            let from = try call.object(2, ViewController.self, expected: "ViewController")
            let to = try call.object(3, ViewController.self, expected: "ViewController")
            let duration = try call.optionalNumber(4) ?? 0
            let animations = try call.optionalFunction(5)
            let completion = try call.optionalFunction(6)
            do {
                try vc.transition(from: from, to: to, duration: duration, animations: animations.map { block in {
                    block.push()
                    self.callLua(nargs: 0, controller: to, callback: "transition animations")
                } }, completion: completion.map { block in { finished in
                    block.push()
                    lua_pushboolean(self.lua.L, finished ? 1 : 0)
                    self.callLua(nargs: 1, controller: to, callback: "transition completion")
                } })
            } catch {
                throw LuaRaise("\(error)")
            }
            return 0
        }
    }

    /// `scrim.ViewController`'s defaults for every lifecycle method, so `Class.super.viewDidLoad(self)`
    /// works; `loadView` makes the default view.
    func installViewControllerDefaults() {
        luaViewControllerBase.push()
        let classIndex = lua.top
        for event in Runtime.viewControllerCallbacks {
            lua.setFunction(event.rawValue, in: classIndex, qualifiedName: "ViewController:\(event.rawValue)") { call in
                let vc = try call.object(1, ViewController.self, expected: "ViewController")
                if event == .loadView { vc.view = vc.makeDefaultView() }
                return 0
            }
        }
        scrim_pop(lua.L, 1)
    }

    static let viewControllerCallbacks: [TraceEventName] = [
        .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
        .viewDidDisappear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .willMoveToParent,
        .didMoveToParent, .traitCollectionDidChange, .willTransitionToTraitCollection, .viewWillTransitionToSize,
        .didReceiveMemoryWarning, .encodeRestorableState, .decodeRestorableState, .applicationFinishedRestoringState,
    ]

    /// Whether the function at `index` is `scrim.ViewController`'s default for the method
    /// whose name `key` holds.
    func isDefaultViewControllerMethod(_ key: LuaKey, at index: Int32) -> Bool {
        let function = lua_absindex(lua.L, index)
        luaViewControllerBase.push()
        lua.push(key)
        lua_rawget(lua.L, -2)
        defer { scrim_pop(lua.L, 2) }
        return lua_rawequal(lua.L, -1, function) != 0
    }

    /// Pushes the Lua arguments of `callback` after the controller: `animated`, the parent,
    /// the previous traits, the new size. Returns how many.
    func pushArguments(for callback: LifecycleCallback) -> Int32 {
        switch callback {
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
             .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            lua_pushboolean(lua.L, animated ? 1 : 0)
            return 1
        case .willMoveToParent(let parent), .didMoveToParent(let parent):
            lua.push(object: parent)
            return 1
        case .traitCollectionDidChange(let previous, _):
            if let previous { lua.push(previous) } else { lua_pushnil(lua.L) }
            return 1
        case .willTransitionToTraitCollection(let traits, let coordinator):
            lua.push(traits)
            lua.push(object: coordinator)
            return 2
        case .viewWillTransitionToSize(let size, let coordinator):
            lua.push(size)
            lua.push(object: coordinator)
            return 2
        case .encodeRestorableState(let coder), .decodeRestorableState(let coder):
            lua.push(object: coder)
            return 1
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning,
             .applicationFinishedRestoringState:
            return 0
        }
    }

    /// `native.newViewController(class, name)`: a Lua-backed controller whose instance table
    /// (its userdata's user value) has `class` as metatable.
    func makeViewController(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        let name = try call.optionalName(2)
        call.state.rawField("__name", of: 1)
        // A class's name names each of its controllers (`Card#3`) for their life: at most a
        // name's length, as `extend` checks, whoever set it.
        if lua_type(call.L, -1) == LUA_TSTRING, lua_rawlen(call.L, -1) > LuaCall.longestName {
            throw LuaRaise("class name of \(lua_rawlen(call.L, -1)) bytes is longer than \(LuaCall.longestName)")
        }
        let typeName = call.state.string(at: -1) ?? "ViewController"
        scrim_pop(call.L, 1)
        let weight = application.nameCountersWeight
        let controller = LuaViewController(runtime: self, name: name, typeName: typeName)
        // Given, or made of the class's name (`Card#3`): either is the controller's for its life.
        Runtime.chargeName(controller.name, of: controller, as: .name, call)
        // A class name the application has not seen is kept for its life, to number the
        // controllers of that class: it weighs as long as the application does.
        if application.nameCountersWeight != weight {
            call.state.lingeringNatives.charge(application.nameCountersWeight, to: application, for: .typeNames)
        }
        call.state.pushWithInstanceTable(controller, classAt: 1)
        return 1
    }
}
