import CLua
import LuaBridge
import ScrimCore

/// Gesture recognizers and scripted touches from Lua.
extension Runtime {
    func defineGestureSurface() {
        let cls = gestureRecognizerClass
        cls.property("state", get: { g, call in call.state.push(g.state.rawValue) })
        cls.property("view", { $0.view })
        cls.property("isEnabled", { $0.isEnabled }, set: { $0.isEnabled = $1 }, nilMeans: true)
        cls.property("name", get: { g, call in
            if let name = g.name { call.state.push(name) } else { lua_pushnil(call.L) }
        }, set: { g, call, i in
            g.name = try call.optionalName(i)
            Runtime.chargeName(g.name, of: g, as: .name, call)
        })
        cls.property("handler", get: { _, call in lua_pushnil(call.L) }, set: { [unowned self] g, call, i in
            addHandler(try call.function(i), to: g)
        })
        cls.method("addTarget") { [unowned self] g, call in
            let handler = try call.function(2)
            try call.checkRoom(g.targetCount, for: "targets")
            addHandler(handler, to: g)
            return 0
        }
        cls.method("location", returning: { g, call in g.location(in: try call.optionalObject(2, View.self, expected: "View")) })
        for pan in [panGestureRecognizerClass] {
            pan.inherit(from: cls)
            pan.method("translation", returning: { p, call in p.translation(in: try call.optionalObject(2, View.self, expected: "View")) })
            pan.method("velocity", returning: { p, call in p.velocity(in: try call.optionalObject(2, View.self, expected: "View")) })
            pan.method("setTranslation") { p, call in
                p.setTranslation(try call.point(2), in: try call.optionalObject(3, View.self, expected: "View"))
                return 0
            }
        }
        tapGestureRecognizerClass.inherit(from: cls)
        let edge = screenEdgePanGestureRecognizerClass
        edge.inherit(from: panGestureRecognizerClass)
        edge.property("edges", get: { e, call in
            call.state.push(strings: Runtime.edgeNames.filter { e.edges.contains($0.1) }.map(\.0))
        }, set: { e, call, i in e.edges = try Runtime.edges(call, at: i) })

        windowClass.method("tap", returning: { window, call in window.tap(at: try call.point(2)) })
        windowClass.method("touchDown") { window, call in
            window.touchDown(at: try call.point(2))
            return 0
        }
        windowClass.method("touchMove") { window, call in
            window.touchMove(to: try call.point(2))
            return 0
        }
        windowClass.method("touchUp") { window, call in
            window.touchUp(at: try call.point(2))
            return 0
        }
        windowClass.method("pan") { window, call in
            try call.table(2)
            func field(_ key: String) -> Int32 {
                call.state.rawField(key, of: 2)
                return lua_gettop(call.L)
            }
            let fieldCall = { (key: String) in LuaCall(L: call.L, state: call.state, functionName: key, role: .field(constructor: "pan")) }
            let from = try fieldCall("from").point(field("from"))
            let to = try fieldCall("to").point(field("to"))
            let duration = try fieldCall("duration").optionalNumber(field("duration")) ?? 0.25
            let steps = try fieldCall("steps").optionalNumber(field("steps"))
            // A drag is a gesture, not a timer: an hour of moves at most (each one is scheduled now).
            guard duration > 0, duration <= 3600 else { throw call.argumentError(2, "duration must be > 0 and at most 3600 seconds") }
            if let steps, !(steps >= 1 && steps <= 216_000 && steps == steps.rounded()) {
                throw call.argumentError(2, "steps must be a whole number from 1 to 216000")
            }
            let frames = steps ?? (duration / (window.application?.clock.frameDuration ?? 1.0 / 60)).rounded()
            guard frames <= 216_000 else { throw call.argumentError(2, "a drag moves at most 216000 times (duration × frames per second)") }
            window.pan(from: from, to: to, duration: duration, steps: steps.map { Int($0) })
            return 0
        }
    }

    /// A view's gesture-recognizer methods; part of `View`'s surface (so windows and bars get them).
    func defineViewGestureMethods() {
        viewClass.action("addGestureRecognizer", taking: GestureRecognizer.self, expected: "GestureRecognizer") { $0.addGestureRecognizer($1) }
        viewClass.action("removeGestureRecognizer", taking: GestureRecognizer.self, expected: "GestureRecognizer") { $0.removeGestureRecognizer($1) }
        viewClass.property("gestureRecognizers", get: { view, call in call.state.push(objects: view.gestureRecognizers) })
    }

    private func addHandler(_ handler: LuaRef, to recognizer: GestureRecognizer) {
        recognizer.addTarget { [unowned self] g in
            handler.push()
            lua.push(object: g)
            callLua(nargs: 1, controller: g.view?.owningController, callback: "gesture handler")
        }
    }

    static let edgeNames: [(String, ScreenEdgePanGestureRecognizer.Edges)] = [
        ("top", .top), ("left", .left), ("bottom", .bottom), ("right", .right),
    ]

    static func edges(_ call: LuaCall, at index: Int32) throws -> ScreenEdgePanGestureRecognizer.Edges {
        try call.optionSet(at: index, names: edgeNames, refusal: "edges are \"top\", \"left\", \"bottom\" and \"right\"")
    }

    /// `TapGestureRecognizer{handler=, name=}` and the others: a recognizer with those properties.
    func makeGestureRecognizer<Recognizer: GestureRecognizer>(_ call: LuaCall, _ make: () -> Recognizer,
                                                             _ cls: BridgedClass<Recognizer>, _ constructor: String) throws -> Int32 {
        let recognizer = make()
        if !call.isNil(1) {
            try call.table(1)
            try applyProperties(at: 1, to: recognizer, using: cls, constructor: constructor, call)
        }
        call.state.push(object: recognizer)
        return 1
    }

    func installGestureConstructors(in scrim: Int32) {
        lua.setFunction("TapGestureRecognizer", in: scrim) { [unowned self] call in
            try makeGestureRecognizer(call, { TapGestureRecognizer() }, tapGestureRecognizerClass, "TapGestureRecognizer")
        }
        lua.setFunction("PanGestureRecognizer", in: scrim) { [unowned self] call in
            try makeGestureRecognizer(call, { PanGestureRecognizer() }, panGestureRecognizerClass, "PanGestureRecognizer")
        }
        lua.setFunction("ScreenEdgePanGestureRecognizer", in: scrim) { [unowned self] call in
            try makeGestureRecognizer(call, { ScreenEdgePanGestureRecognizer() }, screenEdgePanGestureRecognizerClass,
                                      "ScreenEdgePanGestureRecognizer")
        }
    }
}
