import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// State restoration from Lua: `vc.restorationClass`, `scrim.saveState()`,
    /// `scrim.restoreState(json)`, `scrim.setRestorationDelegate(table)`, and Lua classes found
    /// by name when restoring (`scrim.classNamed`).
    func installRestorationSurface(in scrim: Int32) {
        lua.rawField("classNamed", of: scrim)
        classNamedFunction = LuaRef(popping: lua)
        application.stateRestoration.classResolver = { [unowned self] name in luaRestorationClass(named: name) }

        lua.setFunction("saveState", in: scrim) { [unowned self] call in
            try refuseReentry(call)
            call.state.push(application.stateRestoration.save())
            return 1
        }
        lua.setFunction("restoreState", in: scrim) { [unowned self] call in
            try refuseReentry(call)
            let json = try call.string(1)
            // Decoding is native work no hook reaches, and restoration state is small.
            guard json.utf8.count <= Self.longestRestoredState else {
                throw call.argumentError(1, "state of \(json.utf8.count) bytes is more than the \(Self.longestRestoredState >> 20) MB restoreState reads")
            }
            let result: StateRestoration.Result
            do { result = try application.stateRestoration.restore(json) } catch { throw LuaRaise("\(error)") }
            for controller in result.restored {
                Runtime.chargeName(controller.restorationIdentifier, of: controller, as: .restorationIdentifier, call)
            }
            lua_createtable(call.L, 0, 2)
            call.state.push(objects: result.restored)
            lua_setfield(call.L, -2, "restored")
            call.state.push(strings: result.skipped.map { $0.joined(separator: "/") })
            lua_setfield(call.L, -2, "skipped")
            return 1
        }
        lua.setFunction("setRestorationDelegate", in: scrim) { [unowned self] call in
            if call.isNil(1) {
                application.stateRestoration.delegate = nil
                return 0
            }
            try call.table(1)
            lua.unwrapView(at: 1)
            lua_pushvalue(call.L, 1)
            let table = LuaRef(popping: lua)
            application.stateRestoration.delegate = { [unowned self] path, coder in
                makeController(for: path, coder: coder, pushTable: { table.push(); return true }, self: { table.push() })
            }
            return 0
        }
    }

    /// The longest state `restoreState` decodes.
    static let longestRestoredState = 4 << 20

    /// State is not saved or restored from the callbacks of saving or restoring it (each would
    /// start the whole work again, and fail again, over and over).
    private func refuseReentry(_ call: LuaCall) throws {
        guard application.stateRestoration.isInProgress else { return }
        throw LuaRaise("'\(call.functionName)' cannot be called while state is being saved or restored (from a restoration callback)")
    }

    /// Pushes the Lua class most recently made with `name`; false (nothing pushed) when none.
    private func pushLuaClass(named name: String) -> Bool {
        classNamedFunction.push()
        lua.push(name)
        guard lua.enter(nargs: 1, nresults: 1) == nil else { return false }
        guard lua_type(lua.L, -1) == LUA_TTABLE else {
            scrim_pop(lua.L, 1)
            return false
        }
        return true
    }

    /// A restoration class backed by the Lua class named `name`, when it has
    /// `viewControllerWithRestorationIdentifierPath`. Each call finds the class again, so a
    /// reloaded class answers.
    private func luaRestorationClass(named name: String) -> RestorationClass? {
        let method = "viewControllerWithRestorationIdentifierPath"
        guard hasMethod(method, table: { pushLuaClass(named: name) }, unlessFrom: nil) else { return nil }
        return RestorationClass(name: name) { [unowned self] path, coder in
            makeController(for: path, coder: coder, pushTable: { pushLuaClass(named: name) },
                           self: { if !pushLuaClass(named: name) { lua_pushnil(lua.L) } })
        }
    }

    /// Calls `viewControllerWithRestorationIdentifierPath(self, path, coder)` on the table
    /// `pushTable` pushes; the controller it returns, or nil (also when it fails: a `scriptError`).
    private func makeController(for path: [String], coder: StateCoder, pushTable: () -> Bool,
                                self pushSelf: () -> Void) -> ViewController? {
        let top = lua.top
        defer { lua.top = top }
        guard callMethod("viewControllerWithRestorationIdentifierPath", table: pushTable, self: pushSelf, arguments: {
            lua.push(strings: path)
            lua.push(object: coder)
            return 2
        }, nresults: 1, controller: nil) else { return nil }
        return (try? lua.object(at: -1)) as? ViewController
    }
}

extension Runtime {
    /// `vc.restorationPath` and `vc.restorationClass`, of `ViewController`'s own class: defined
    /// after the classes of its subclasses took its members, so theirs have neither.
    func defineRestorationProperties() {
        viewControllerClass.property("restorationPath", get: { vc, call in
            guard let path = vc.restorationPath else { return lua_pushnil(call.L) }
            call.state.push(strings: path)
        })
        viewControllerClass.property("restorationClass", get: { [unowned self] vc, call in
            guard let name = vc.restorationClass?.name else { return lua_pushnil(call.L) }
            if pushLuaClass(named: name) {
                pushReadOnly(LuaRef(popping: lua), name: "class \(name)")
            } else {
                call.state.push(name)
            }
        }, set: { [unowned self] vc, call, i in
            if call.isNil(i) {
                vc.restorationClass = nil
                return
            }
            let name: String
            if lua_type(call.L, i) == LUA_TTABLE {
                lua.unwrapView(at: i)
                call.state.rawField("__name", of: i)
                defer { scrim_pop(call.L, 1) }
                guard let className = call.state.string(at: -1) else { throw call.argumentError(i, "a class (made with extend) expected") }
                name = className
            } else {
                name = try call.string(i)
            }
            guard let restorationClass = application.stateRestoration.restorationClass(named: name) else {
                throw call.argumentError(i, "class '\(name)' has no viewControllerWithRestorationIdentifierPath")
            }
            vc.restorationClass = restorationClass
        })
    }
}
