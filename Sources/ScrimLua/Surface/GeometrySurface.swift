import CLua
import LuaBridge
import ScrimCore

/// Geometry crosses into Lua as plain tables — `{x=,y=,width=,height=}`, `{width=,height=}`,
/// `{x=,y=}`, transforms as `{a=,b=,c=,d=,tx=,ty=}` — with shared metatables for printing;
/// colours as `#rrggbbaa` strings.
extension LuaState {
    static let rectMetatable = "scrim.Rect"
    static let sizeMetatable = "scrim.Size"
    static let pointMetatable = "scrim.Point"
    static let transformMetatable = "scrim.Transform"

    private func pushTable(_ fields: [(String, Double)], metatable: String) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            self.push(number: value)
            lua_setfield(L, -2, key)
        }
        luaL_setmetatable(L, metatable)
    }

    public func push(_ rect: Rect) {
        pushTable([("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)],
                  metatable: LuaState.rectMetatable)
    }

    public func push(_ size: Size) {
        pushTable([("width", size.width), ("height", size.height)], metatable: LuaState.sizeMetatable)
    }

    public func push(_ point: Point) {
        pushTable([("x", point.x), ("y", point.y)], metatable: LuaState.pointMetatable)
    }

    public func push(_ t: AffineTransform) {
        pushTable([("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)],
                  metatable: LuaState.transformMetatable)
    }

    public func push(_ color: Color?) {
        if let color { push(color.hexString) } else { lua_pushnil(L) }
    }

    /// The numbers in `keys` of the table at `index`, or a description of what is wrong.
    fileprivate func numbers(_ keys: [String], at index: Int32, kind: String) -> Result<[Double], LuaRaise> {
        guard lua_type(L, index) == LUA_TTABLE else {
            return .failure(LuaRaise("\(kind) expected, got \(typeName(at: index))"))
        }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        var table = lua_absindex(L, index)
        var values: [Double] = []
        for key in keys {
            rawField(key, of: table)
            if lua_type(L, -1) != LUA_TNUMBER, values.isEmpty, table <= top {
                // A read-only view of a geometry value (`scrim.transform.identity` in a plugin).
                lua_pushvalue(L, table)
                unwrapView(at: -1)
                table = lua_gettop(L)
                rawField(key, of: table)
            }
            guard lua_type(L, -1) == LUA_TNUMBER else {
                return .failure(LuaRaise("\(kind) expected, field '\(key)' is \(typeName(at: -1))"))
            }
            values.append(lua_tonumberx(L, -1, nil))
            scrim_pop(L, 1)
        }
        return .success(values)
    }
}

extension LuaCall {
    private func geometry(_ index: Int32, _ keys: [String], _ kind: String) throws -> [Double] {
        switch state.numbers(keys, at: index, kind: kind) {
        case .success(let values): return values
        case .failure(let problem): throw argumentError(index, problem.message)
        }
    }

    public func rect(_ index: Int32) throws -> Rect {
        let v = try geometry(index, ["x", "y", "width", "height"], "rect")
        return Rect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    public func size(_ index: Int32) throws -> Size {
        let v = try geometry(index, ["width", "height"], "size")
        return Size(width: v[0], height: v[1])
    }

    public func point(_ index: Int32) throws -> Point {
        let v = try geometry(index, ["x", "y"], "point")
        return Point(x: v[0], y: v[1])
    }

    public func transform(_ index: Int32) throws -> AffineTransform {
        let v = try geometry(index, ["a", "b", "c", "d", "tx", "ty"], "transform")
        return AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }

    /// A colour: `#rgb`, `#rrggbb`, `#rrggbbaa` or a name; nil clears it.
    public func color(_ index: Int32) throws -> Color? {
        if isNil(index) { return nil }
        let text = try string(index)
        guard let color = Color(parsing: text) else {
            throw argumentError(index, "colour expected as #rrggbb, #rrggbbaa or a name, got '\(text)'")
        }
        return color
    }
}

extension Rect: LuaPushable {
    public func push(to state: LuaState) { state.push(self) }
}

extension Size: LuaPushable {
    public func push(to state: LuaState) { state.push(self) }
}

extension Point: LuaPushable {
    public func push(to state: LuaState) { state.push(self) }
}
