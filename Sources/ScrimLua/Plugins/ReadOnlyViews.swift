import CLua
import LuaBridge

/// Read-only views: how a table that more than one plugin reaches is handed to them
/// (docs/plugins.md, "Shared tables").
///
/// A view is an empty table whose metatable — out of every script's reach — reads through to
/// the table it shows (tables inside it come out as views too) and refuses every write. An
/// empty table is the only kind stock Lua cannot write past: assignment, `table.insert` and the
/// other library writers, and a chunk loaded with the view as its environment all reach
/// `__newindex`; `setmetatable` meets a protected metatable; `rawset` is the sandbox's, which
/// refuses views; `rawget`, `next` and `getmetatable` find nothing to hand out. The host's raw
/// lookups (`LuaState.lookupKey`) see through a view to its table, under `LuaState.viewKey`.
///
/// Run once per state with `(viewKey)`; returns `{ view, overlay, realOf, refusal }`.
enum ReadOnlyViews {
    static let chunkName = "=[scrim views]"

    static let source = String(decoding: PackageResources.read_only_views_lua, as: UTF8.self)
}

extension LuaState {
    /// Replaces the value at `index` with the table it is a read-only view of, if it is one.
    func unwrapView(at index: Int32) {
        let slot = lua_absindex(L, index)
        guard lua_type(L, slot) == LUA_TTABLE, lua_getmetatable(L, slot) != 0 else { return }
        if lua_rawgetp(L, -1, viewKey) == LUA_TTABLE {
            scrim_replace(L, slot)
            scrim_pop(L, 1)
        } else {
            scrim_pop(L, 2)
        }
    }
}

extension Runtime {
    /// Pushes the table `ref` holds as scripts get it back from an object's property: a
    /// read-only view named `name` in errors (a delegate that more than one plugin can reach is
    /// nobody's to change).
    func pushReadOnly(_ ref: LuaRef, name: String) {
        internals.push()
        lua.rawField("view", of: -1)
        scrim_remove(lua.L, -2)
        ref.push()
        lua.push(name)
        if lua.enter(nargs: 2, nresults: 1) != nil { ref.push() }
    }
}
