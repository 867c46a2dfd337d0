import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// The most colours a gradient takes: more stops than a view has points to show them.
    static let gradientColorLimit = 256

    /// `GradientView`'s Lua surface: a view with `CAGradientLayer`'s properties.
    func defineGradientViewClass() {
        let cls = gradientViewClass
        cls.inherit(from: viewClass)
        cls.property("colors", get: { view, call in
            lua_createtable(call.L, Int32(view.colors.count), 0)
            for (index, color) in view.colors.enumerated() {
                call.state.push(color)
                lua_rawseti(call.L, -2, lua_Integer(index + 1))
            }
        }, set: { view, call, i in
            view.colors = try Runtime.list(call, at: i, of: "colour", expected: "#rrggbb, #rrggbbaa or a colour name",
                                           limit: Runtime.gradientColorLimit) { call, item in
                lua_type(call.L, item) == LUA_TSTRING ? call.state.string(at: item).flatMap(Color.init(parsing:)) : nil
            }
            Runtime.chargeStops(of: view, call)
        })
        cls.property("locations", get: { view, call in
            guard let locations = view.locations else { return lua_pushnil(call.L) }
            lua_createtable(call.L, Int32(locations.count), 0)
            for (index, location) in locations.enumerated() {
                call.state.push(number: location)
                lua_rawseti(call.L, -2, lua_Integer(index + 1))
            }
        }, set: { view, call, i in
            if call.isNil(i) { return view.locations = nil }
            view.locations = try Runtime.list(call, at: i, of: "location", expected: "number",
                                              limit: Runtime.gradientColorLimit) { call, item in
                lua_type(call.L, item) == LUA_TNUMBER ? lua_tonumberx(call.L, item, nil) : nil
            }
            Runtime.chargeStops(of: view, call)
        })
        cls.property("startPoint", get: { view, call in call.state.push(view.startPoint) },
                     set: { view, call, i in view.startPoint = try call.point(i) })
        cls.property("endPoint", get: { view, call in call.state.push(view.endPoint) },
                     set: { view, call, i in view.endPoint = try call.point(i) })
        cls.property("type", get: { view, call in call.state.push(view.type.rawValue) },
                     set: { view, call, i in view.type = try Runtime.enumValue(call, i, GradientView.GradientType.self) })
    }

    /// A gradient's colours and locations count toward the memory cap while it lives: a view
    /// costs Lua only its userdata, and these up to 20 KB more natively.
    static func chargeStops(of view: GradientView, _ call: LuaCall) {
        let bytes = view.colors.count * MemoryLayout<Color>.stride + (view.locations?.count ?? 0) * MemoryLayout<Double>.stride
        call.state.lingeringNatives.charge(bytes, to: view, for: .gradient)
    }

    /// `GradientView{colors=, locations=, startPoint=, endPoint=, type=, …}`: a gradient view
    /// with those properties and any of `View`'s.
    func makeGradientView(_ call: LuaCall) throws -> Int32 {
        try construct(GradientView(), using: gradientViewClass, constructor: "GradientView", call)
    }

    /// The items of the sequence at `index`, each read by `item` from the stack's top (nil when
    /// it is not one): at most `limit` of them, and an error that names the item that is wrong.
    static func list<Item>(_ call: LuaCall, at index: Int32, of noun: String, expected: String, limit: Int,
                           _ item: (LuaCall, Int32) -> Item?) throws -> [Item] {
        try call.table(index)
        let table = lua_absindex(call.L, index)
        let count = Int(lua_rawlen(call.L, table))
        guard count <= limit else { throw call.argumentError(index, "at most \(limit) \(noun)s, got \(count)") }
        var items: [Item] = []
        items.reserveCapacity(count)
        for position in 0..<count {
            lua_rawgeti(call.L, table, lua_Integer(position + 1))
            defer { scrim_pop(call.L, 1) }
            guard let value = item(call, lua_gettop(call.L)) else {
                let got = lua_type(call.L, -1) == LUA_TSTRING
                    ? "'\(call.state.string(at: -1).map { String($0.prefix(40)) } ?? "")'" : call.state.typeName(at: -1)
                throw call.argumentError(index, "\(noun) \(position + 1): \(expected) expected, got \(got)")
            }
            items.append(value)
        }
        return items
    }
}
