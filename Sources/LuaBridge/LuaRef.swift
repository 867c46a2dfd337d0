import CLua

/// A strong reference from Swift to a Lua value, held in the registry and released when
/// the reference goes away (or with the state).
public final class LuaRef {
    /// Not retained: the reference may outlive the state.
    private let state: Unretained<LuaState>
    /// The registry reference, for code that pushes it with `lua_rawgeti` itself.
    package let ref: Int32

    /// Pops the value on top of the stack and references it.
    public init(popping state: LuaState) {
        self.state = Unretained(state, lifetime: state.lifetime)
        ref = luaL_ref(state.L, scrim_registryindex())
    }

    /// Pushes the referenced value.
    public func push() {
        guard let state = state.value else { return }
        lua_rawgeti(state.L, scrim_registryindex(), lua_Integer(ref))
    }

    deinit {
        if let state = state.value { luaL_unref(state.L, scrim_registryindex(), ref) }
    }
}
