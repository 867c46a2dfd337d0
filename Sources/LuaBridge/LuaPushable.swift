/// A value that a bound method returns to Lua as it is (`BridgedClass.method(_:returning:)`):
/// numbers, strings, booleans here; the modules that bind types of their own conform those.
public protocol LuaPushable {
    /// Pushes the value onto `state`'s stack.
    func push(to state: LuaState)
}

extension Double: LuaPushable {
    public func push(to state: LuaState) { state.push(number: self) }
}

extension String: LuaPushable {
    public func push(to state: LuaState) { state.push(self) }
}
