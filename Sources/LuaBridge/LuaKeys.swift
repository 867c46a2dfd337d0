import CLua
import CLuaBridge

/// A Lua string made once and kept in the registry, for keys that hot paths look up on every
/// call (`__index`, a callback's name): pushing one is an array read, where pushing a Swift
/// string would convert and hash it each time.
public struct LuaKey {
    @usableFromInline let ref: Int32
}

extension LuaState {
    /// Makes `name` a `LuaKey` of this state.
    package func intern(_ name: String) -> LuaKey {
        push(name)
        return LuaKey(ref: luaL_ref(L, scrim_registryindex()))
    }

    /// Pushes the string `key` holds.
    @inlinable
    public func push(_ key: LuaKey) { lua_rawgeti(L, scrim_registryindex(), lua_Integer(key.ref)) }

    /// The key under which the metatable of a read-only view (a proxy table that reads through
    /// to another) holds the table it shows: a light userdata no script can make. Raw lookups
    /// (`lookupKey`) see through such a view.
    package var viewKey: UnsafeMutableRawPointer { scrim_view_key() }

    /// The key under which the metatable of a Lua class, or of a class's instances, holds the
    /// class it indexes through (its `__index` is that class's read-only view): raw lookups go
    /// there directly.
    package var superKey: UnsafeMutableRawPointer { scrim_super_key() }

    /// Pops the key on top of the stack and replaces the instance at `index` with
    /// `instance[key]`, found through its class chain (`__index` tables of metatables) without
    /// running metamethods (`scrim_lookup_field`).
    package func lookupKey(inInstance index: Int32) {
        let slot = lua_absindex(L, index)
        scrim_lookup_field(L, slot, -1)
        scrim_replace(L, slot)
        scrim_pop(L, 1)
    }

    /// Replaces the instance table on top of the stack with its function `key`, found through
    /// its class chain as `lookupKey` finds it, and returns true; returns false, leaving the
    /// table, when there is none or it is the function the class `base` holds under `key` (a
    /// default that stands for "not implemented"). One C call (`scrim_find_method`).
    package func replaceInstanceWithMethod(_ key: LuaKey, unlessFrom base: LuaRef?) -> Bool {
        scrim_find_method(L, -1, key.ref, base?.ref ?? 0) != 0
    }
}
