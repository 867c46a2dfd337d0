import CLua
import LuaBridge
import Testing

private class Shape {
    var size = 1.0
}

private final class Square: Shape {}

@Suite struct BridgedClassTests {
    /// An inherited member wins over the child's own declaration, a number property's too: the C
    /// dispatch, which reads number properties directly, and the host then read the same member.
    @Test func anInheritedMemberReplacesTheChildsNumberProperty() throws {
        let lua = LuaState()
        let shape = BridgedClass<Shape>("Shape")
        shape.property("size", get: { object, call in call.push(number: object.size * 10) })
        let square = BridgedClass<Square>("Square")
        square.property("size", number: { $0.size }, set: { $0.size = $1 })
        square.inherit(from: shape)
        lua.register(square)
        lua.register(shape)
        let object = Square()
        lua.push(object: object)
        lua_setglobal(lua.L, "square")
        #expect(lua.run(source: "result = square.size", chunkName: "=test") == nil)
        lua_getglobal(lua.L, "result")
        #expect(lua_tonumberx(lua.L, -1, nil) == 10)
        lua_settop(lua.L, 0)
        // The parent declares no setter, so the child's stays, fast and slow path alike.
        #expect(lua.run(source: "square.size = 5", chunkName: "=test") == nil)
        #expect(object.size == 5)
        #expect(lua.run(source: "square.size = '5'", chunkName: "=test")?.description.contains("number expected") == true)
    }
}
