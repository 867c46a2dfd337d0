import CLua
import LuaBridge
import ScrimCore

/// A Lua value passed through native code as a segue's sender.
final class LuaValueBox {
    let value: LuaRef
    init(_ value: LuaRef) { self.value = value }
}

extension Runtime {
    /// Segues from Lua: `vc:registerSegue{identifier=, kind=, destination=, action=, perform=}`,
    /// `vc:performSegue(identifier, sender)`, `vc:registerUnwindAction(action, fn)`.
    func defineSegueSurface() {
        let segue = segueClass
        segue.property("identifier", get: { s, call in call.state.push(s.identifier) })
        segue.property("source", { $0.source })
        segue.property("destination", { $0.destination })

        let cls = viewControllerClass
        cls.method("registerSegue") { [unowned self] vc, call in
            try call.table(2)
            func field(_ key: String) -> LuaCall {
                call.state.rawField(key, of: 2)
                return LuaCall(L: call.L, state: call.state, functionName: key, role: .field(constructor: "registerSegue"))
            }
            let identifier = try field("identifier").name(-1)
            let kindName = try field("kind").optionalString(-1) ?? "show"
            let destination = try field("destination").optionalFunction(-1)
            let action = try field("action").optionalName(-1)
            let perform = try field("perform").optionalFunction(-1)
            let kind: Segue.Kind
            switch kindName {
            case "show": kind = .show
            case "showDetail": kind = .showDetail
            case "present": kind = .present
            case "unwind":
                guard let action else { throw call.argumentError(2, "an unwind segue needs an 'action'") }
                kind = .unwind(action: action)
            case "custom":
                guard let perform else { throw call.argumentError(2, "a custom segue needs a 'perform' function") }
                nonisolated(unsafe) let block = perform
                nonisolated(unsafe) let runtime = self
                kind = .custom { segue in
                    block.push()
                    runtime.lua.push(object: segue)
                    runtime.callLua(nargs: 1, controller: segue.source, callback: "segue perform")
                }
            default:
                throw call.argumentError(2, "segue kinds are \"show\", \"showDetail\", \"present\", \"unwind\" and \"custom\"")
            }
            if case .unwind = kind {} else if destination == nil {
                throw call.argumentError(2, "field 'destination' must be a function making the destination controller")
            }
            if !vc.registeredSegueIdentifiers.contains(identifier) {
                try call.checkRoom(vc.registeredSegueIdentifiers.count, for: "segues")
            }
            // The controller keeps the closure: it holds the controller back without a count.
            vc.registerSegue(identifier, kind: kind) { [unowned self, unowned vc] in
                guard let destination else { return vc }
                let top = lua.top
                defer { lua.top = top }
                destination.push()
                guard callLua(nargs: 0, nresults: 1, controller: vc, callback: "segue destination"),
                      let made = (try? lua.object(at: -1)) as? ViewController else {
                    return ViewController(application, name: "\(identifier) (missing destination)")
                }
                return made
            }
            call.state.lingeringNatives.charge(Runtime.segueWeight(of: vc), to: vc, for: .segues)
            return 0
        }
        cls.method("performSegue") { vc, call in
            let identifier = try call.string(2)
            var sender: LuaValueBox?
            if !call.isNil(3) {
                lua_pushvalue(call.L, 3)
                sender = LuaValueBox(LuaRef(popping: call.state))
            }
            do { try vc.performSegue(withIdentifier: identifier, sender: sender) } catch { throw LuaRaise("\(error)") }
            return 0
        }
        cls.method("registerUnwindAction") { [unowned self] vc, call in
            let action = try call.name(2)
            let handler = try call.optionalFunction(3)
            if !vc.registeredUnwindActions.contains(action) {
                try call.checkRoom(vc.registeredUnwindActions.count, for: "unwind actions")
            }
            vc.registerUnwindAction(action) { [unowned self] segue in
                guard let handler else { return }
                handler.push()
                lua.push(object: segue.destination)
                lua.push(object: segue)
                callLua(nargs: 2, controller: segue.destination, callback: "unwind \(action)")
            }
            call.state.lingeringNatives.charge(Runtime.weight(of: vc.registeredUnwindActions), to: vc, for: .unwindActions)
            return 0
        }
    }

    /// What a list of names a controller keeps natively weighs: their bytes, and an entry's
    /// closure and bookkeeping.
    static func weight(of names: some Collection<String>) -> Int {
        names.reduce(0) { $0 + $1.utf8.count + 128 }
    }

    /// What a controller's segues weigh: their identifiers, and an unwind segue's action.
    static func segueWeight(of vc: ViewController) -> Int {
        vc.registeredSegueKinds.reduce(0) { total, segue in
            let identifier = weight(of: CollectionOfOne(segue.identifier))
            guard case .unwind(let action) = segue.kind else { return total + identifier }
            return total + identifier + weight(of: CollectionOfOne(action))
        }
    }

    /// Pushes a segue's sender as Lua sees it.
    func pushSender(_ sender: AnyObject?) {
        if let box = sender as? LuaValueBox { box.value.push() } else { lua.push(object: sender) }
    }
}
