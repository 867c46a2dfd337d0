import CLua
import CLuaBridge
import CSandbox
import LuaBridge
import ScrimCore

extension Runtime {
    /// `View`'s Lua surface: UIKit's property and method names; `insertSubview` takes a
    /// 1-based index (1 is the back).
    func defineViewClass() {
        let cls = viewClass
        cls.property("name", get: { view, call in
            if let name = view.name { call.state.push(name) } else { lua_pushnil(call.L) }
        }, set: { view, call, i in
            view.name = try call.optionalName(i)
            Runtime.chargeName(view.name, of: view, as: .name, call)
        })
        cls.property("frame", get: { view, call in call.push(view.frame) },
                     set: { view, call, i in view.frame = try call.rect(i) })
        cls.property("bounds", get: { view, call in call.push(view.bounds) },
                     set: { view, call, i in view.bounds = try call.rect(i) })
        cls.property("center", get: { view, call in call.state.push(view.center) },
                     set: { view, call, i in view.center = try call.point(i) })
        cls.property("transform", get: { view, call in call.push(view.transform) },
                     set: { view, call, i in view.transform = try call.transform(i) })
        cls.property("alpha", number: { $0.alpha }, set: { $0.alpha = $1 })
        cls.property("backgroundColor", get: { view, call in call.state.push(view.backgroundColor) },
                     set: { view, call, i in view.backgroundColor = try call.color(i) })
        cls.property("cornerRadius", number: { $0.cornerRadius }, set: { $0.cornerRadius = $1 })
        cls.property("borderWidth", number: { $0.borderWidth }, set: { $0.borderWidth = $1 })
        cls.property("borderColor", get: { view, call in call.state.push(view.borderColor) },
                     set: { view, call, i in view.borderColor = try call.color(i) })
        cls.property("shadowColor", get: { view, call in call.state.push(view.shadowColor) },
                     set: { view, call, i in view.shadowColor = try call.color(i) })
        cls.property("shadowOpacity", number: { $0.shadowOpacity }, set: { $0.shadowOpacity = $1 })
        cls.property("shadowRadius", number: { $0.shadowRadius }, set: { $0.shadowRadius = $1 })
        cls.property("shadowOffset", get: { view, call in call.state.push(view.shadowOffset) },
                     set: { view, call, i in view.shadowOffset = try call.size(i) })
        // UIKit code reaches these through `view.layer`; a Scrim view is its own layer.
        cls.property("layer", get: { view, call in call.state.push(object: view) })
        let hidden: BridgedClass<View>.Getter = { view, call in lua_pushboolean(call.L, view.isHidden ? 1 : 0) }
        let setHidden: BridgedClass<View>.Setter = { view, call, i in view.isHidden = try call.bool(i, default: false) }
        cls.property("hidden", get: hidden, set: setHidden)
        cls.property("isHidden", get: hidden, set: setHidden)
        cls.property("clipsToBounds", { $0.clipsToBounds }, set: { $0.clipsToBounds = $1 }, nilMeans: false)
        cls.property("masksToBounds", { $0.clipsToBounds }, set: { $0.clipsToBounds = $1 }, nilMeans: false)
        cls.property("isUserInteractionEnabled", { $0.isUserInteractionEnabled }, set: { $0.isUserInteractionEnabled = $1 }, nilMeans: true)
        cls.property("presentation", get: { view, call in call.state.push(view.presentation) })
        cls.property("superview", { $0.superview })
        cls.property("subviews", get: { view, call in call.state.push(objects: view.subviews) })
        cls.property("window", { $0.window })

        cls.method("addSubview") { view, call in
            let subview = try call.object(2, View.self, expected: "View")
            try Runtime.checkInsertion(of: subview, into: view, call)
            view.addSubview(subview)
            return 0
        }
        cls.method("insertSubview") { view, call in
            let subview = try call.object(2, View.self, expected: "View")
            let position = try call.integer(3)
            guard position >= 1, position <= view.subviews.count + 1 else {
                throw call.argumentError(3, "index out of range: \(position) not in 1...\(view.subviews.count + 1)")
            }
            try Runtime.checkInsertion(of: subview, into: view, call)
            view.insertSubview(subview, at: position - 1)
            return 0
        }
        cls.action("removeFromSuperview") { $0.removeFromSuperview() }
        cls.action("bringSubviewToFront", taking: View.self, expected: "View") { $0.bringSubviewToFront($1) }
        cls.action("sendSubviewToBack", taking: View.self, expected: "View") { $0.sendSubviewToBack($1) }
        cls.method("isDescendant") { view, call in
            lua_pushboolean(call.L, view.isDescendant(of: try call.object(2, View.self, expected: "View")) ? 1 : 0)
            return 1
        }
        cls.action("setNeedsLayout") { $0.setNeedsLayout() }
        cls.action("layoutIfNeeded") { $0.layoutIfNeeded() }
        cls.method("convert") { view, call in
            let other = try call.optionalObject(3, View.self, expected: "View")
            if lua_type(call.L, 2) == LUA_TTABLE, call.state.hasField("width", at: 2) {
                call.state.push(view.convert(try call.rect(2), to: other))
            } else {
                call.state.push(view.convert(try call.point(2), to: other))
            }
            return 1
        }
        cls.method("snapshotView") { view, call in
            let snapshot = view.snapshotView(afterScreenUpdates: try call.bool(2, default: false))
            Runtime.chargeCopy(snapshot, call)
            call.state.push(object: snapshot)
            return 1
        }
        cls.method("resizableSnapshotView") { view, call in
            let rect = try call.rect(2)
            let snapshot = view.resizableSnapshotView(from: rect, afterScreenUpdates: try call.bool(3, default: false))
            Runtime.chargeCopy(snapshot, call)
            call.state.push(object: snapshot)
            return 1
        }
        cls.method("hitTest", returning: { view, call in view.hitTest(try call.point(2)) })
        defineViewGestureMethods()
    }

    /// UIKit raises for a view added inside itself; Scrim raises a Lua error instead.
    static func checkInsertion(of subview: View, into view: View, _ call: LuaCall) throws {
        if let refusal = view.refusalToAdd(subview) { throw call.argumentError(2, refusal) }
    }

    /// `View{frame=, backgroundColor=, alpha=, name=, …}`: a new view with those properties.
    func makeView(_ call: LuaCall) throws -> Int32 {
        try construct(View(), using: viewClass, constructor: "View", call)
    }

    /// What a view constructor (`View{…}`, `Label{…}` …) does: sets the fields of the optional
    /// table at 1 on `view` through `cls`'s setters, lets `finish` complete it, pushes it.
    func construct<Kind: View>(_ view: Kind, using cls: BridgedClass<Kind>, constructor: String, _ call: LuaCall,
                               finish: (Kind) -> Void = { _ in }) throws -> Int32 {
        if !call.isNil(1) {
            try call.table(1)
            try applyProperties(at: 1, to: view, using: cls, constructor: constructor, call)
        }
        finish(view)
        lua.push(object: view)
        return 1
    }

    /// Sets each field of the table at `index` through `cls`'s setters, in sorted key order.
    func applyProperties<Object: AnyObject>(at index: Int32, to object: Object, using cls: BridgedClass<Object>,
                                            constructor: String, _ call: LuaCall) throws {
        let table = lua_absindex(call.L, index)
        var keys: [String] = []
        lua_pushnil(call.L)
        while lua_next(call.L, table) != 0 {
            scrim_pop(call.L, 1)
            guard let key = call.state.string(at: -1), lua_type(call.L, -1) == LUA_TSTRING else {
                scrim_pop(call.L, 1)
                throw call.argumentError(1, "property names must be strings")
            }
            keys.append(key)
        }
        for key in keys.sorted() {
            guard let set = cls.setters[key] else {
                throw call.argumentError(1, cls.getters[key] == nil
                    ? "\(constructor) has no property '\(key)'" : "property '\(key)' is read-only")
            }
            call.state.rawField(key, of: table)
            defer { scrim_pop(call.L, 1) }
            let fieldCall = LuaCall(L: call.L, state: call.state, functionName: key, role: .field(constructor: constructor))
            try set(Unmanaged.passUnretained(object).toOpaque(), fieldCall, lua_gettop(call.L))
        }
    }
}

extension LuaState {
    /// What a view shows, as `{frame=, bounds=, center=, transform=, alpha=, backgroundColor=,
    /// cornerRadius=, borderWidth=, borderColor=, shadowColor=, shadowOpacity=, shadowRadius=,
    /// shadowOffset=}`: `v.presentation`, Core Animation's presentation layer.
    public func push(_ state: LayerState) {
        lua_createtable(L, 0, 13)
        push(state.frame)
        lua_setfield(L, -2, "frame")
        push(state.bounds)
        lua_setfield(L, -2, "bounds")
        push(state.center)
        lua_setfield(L, -2, "center")
        push(state.transform)
        lua_setfield(L, -2, "transform")
        push(number: state.alpha)
        lua_setfield(L, -2, "alpha")
        push(state.backgroundColor)
        lua_setfield(L, -2, "backgroundColor")
        push(number: state.cornerRadius)
        lua_setfield(L, -2, "cornerRadius")
        push(number: state.borderWidth)
        lua_setfield(L, -2, "borderWidth")
        push(state.borderColor)
        lua_setfield(L, -2, "borderColor")
        push(state.shadowColor)
        lua_setfield(L, -2, "shadowColor")
        push(number: state.shadowOpacity)
        lua_setfield(L, -2, "shadowOpacity")
        push(number: state.shadowRadius)
        lua_setfield(L, -2, "shadowRadius")
        push(state.shadowOffset)
        lua_setfield(L, -2, "shadowOffset")
    }
}

extension Runtime {
    /// A snapshot is a copy of a view's tree. Under its top view, which its userdata weighs,
    /// the copies weigh each for as long as it lives, wherever it goes — taken out into a tree
    /// of the script's, or dropped from the snapshot; a copied name, a copied label's text and
    /// a copied gradient's stops weigh with their view, as a script's own do.
    static func chargeCopy(_ snapshot: View, _ call: LuaCall) {
        let natives = call.state.lingeringNatives
        var waiting = [snapshot]
        while let view = waiting.popLast() {
            if view !== snapshot { natives.weigh(view) }
            chargeName(view.name, of: view, as: .name, call)
            if let label = view as? Label { natives.charge(label.text.utf8.count, to: label, for: .text) }
            if let gradient = view as? GradientView { chargeStops(of: gradient, call) }
            waiting += view.subviews
        }
    }
}
