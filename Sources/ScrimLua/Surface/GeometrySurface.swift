import CLua
import CLuaBridge
#if canImport(Glibc)
import Glibc
#endif
import LuaBridge
import ScrimCore

/// Geometry crosses into Lua as plain tables — `{x=,y=,width=,height=}`, `{width=,height=}`,
/// `{x=,y=}`, transforms as `{a=,b=,c=,d=,tx=,ty=}` — with shared metatables for printing;
/// colours as `#rrggbbaa` strings.
/// A kind of geometry table: its fields, as C strings for `scrim_push_numbers` and
/// `scrim_to_numbers` (made once, for the life of the process), and its metatable.
/// Sendable: its pointers are to C strings made once and never written.
struct GeometryShape: @unchecked Sendable {
    let kind: String
    let names: [String]
    let keys: UnsafePointer<UnsafePointer<CChar>?>
    let metatable: UnsafePointer<CChar>

    init(_ kind: String, _ names: [String], metatable: String) {
        self.kind = kind
        self.names = names
        let keys = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: names.count)
        for (offset, name) in names.enumerated() { keys[offset] = UnsafePointer(strdup(name)) }
        self.keys = UnsafePointer(keys)
        self.metatable = UnsafePointer(strdup(metatable)!)
    }

    /// Pushes a table of `shape` with `values`, a tuple of as many doubles as it has fields.
    static func push<Values>(_ shape: GeometryShape, _ values: Values, on L: OpaquePointer) {
        withUnsafeBytes(of: values) { bytes in
            scrim_push_numbers(L, shape.keys, bytes.baseAddress!.assumingMemoryBound(to: Double.self),
                               Int32(shape.names.count), shape.metatable)
        }
    }

    static func push(_ rect: Rect, on L: OpaquePointer) { push(.rect, (rect.x, rect.y, rect.width, rect.height), on: L) }

    static func push(_ t: AffineTransform, on L: OpaquePointer) { push(.transform, (t.a, t.b, t.c, t.d, t.tx, t.ty), on: L) }

    static let rect = GeometryShape("rect", ["x", "y", "width", "height"], metatable: LuaState.rectMetatable)
    static let size = GeometryShape("size", ["width", "height"], metatable: LuaState.sizeMetatable)
    static let point = GeometryShape("point", ["x", "y"], metatable: LuaState.pointMetatable)
    static let transform = GeometryShape("transform", ["a", "b", "c", "d", "tx", "ty"], metatable: LuaState.transformMetatable)
}

extension LuaState {
    static let rectMetatable = "scrim.Rect"
    static let sizeMetatable = "scrim.Size"
    static let pointMetatable = "scrim.Point"
    static let transformMetatable = "scrim.Transform"

    public func push(_ rect: Rect) { GeometryShape.push(rect, on: L) }

    public func push(_ size: Size) { GeometryShape.push(.size, (size.width, size.height), on: L) }

    public func push(_ point: Point) { GeometryShape.push(.point, (point.x, point.y), on: L) }

    public func push(_ t: AffineTransform) { GeometryShape.push(t, on: L) }

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
    /// Pushes `rect` as `LuaState.push(_:)` does, without reading `state` (see `LuaCall.state`).
    func push(_ rect: Rect) { GeometryShape.push(rect, on: L) }

    func push(_ transform: AffineTransform) { GeometryShape.push(transform, on: L) }

    /// The fields of the `shape` table at `index`, read into `values` (a tuple of as many
    /// doubles): in one C call, or when that finds no plain table of numbers (a read-only view of
    /// one, a wrong value), by the full reading, which explains what is wrong.
    private func geometry<Values>(_ index: Int32, _ shape: GeometryShape, into values: inout Values) throws {
        let count = Int32(shape.names.count)
        let read = withUnsafeMutableBytes(of: &values) { bytes in
            scrim_to_numbers(L, index, shape.keys, bytes.baseAddress!.assumingMemoryBound(to: Double.self), count)
        }
        guard read >= 0 else { return }
        switch state.numbers(shape.names, at: index, kind: shape.kind) {
        case .success(let numbers):
            withUnsafeMutableBytes(of: &values) { bytes in
                for (offset, number) in numbers.enumerated() { bytes.storeBytes(of: number, toByteOffset: 8 * offset, as: Double.self) }
            }
        case .failure(let problem): throw argumentError(index, problem.message)
        }
    }

    public func rect(_ index: Int32) throws -> Rect {
        var v = (0.0, 0.0, 0.0, 0.0)
        try geometry(index, .rect, into: &v)
        return Rect(x: v.0, y: v.1, width: v.2, height: v.3)
    }

    public func size(_ index: Int32) throws -> Size {
        var v = (0.0, 0.0)
        try geometry(index, .size, into: &v)
        return Size(width: v.0, height: v.1)
    }

    public func point(_ index: Int32) throws -> Point {
        var v = (0.0, 0.0)
        try geometry(index, .point, into: &v)
        return Point(x: v.0, y: v.1)
    }

    public func transform(_ index: Int32) throws -> AffineTransform {
        var v = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        try geometry(index, .transform, into: &v)
        return AffineTransform(a: v.0, b: v.1, c: v.2, d: v.3, tx: v.4, ty: v.5)
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
