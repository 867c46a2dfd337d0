import LuaBridge

/// The names of the methods the runtime looks up on Lua objects — a presentation controller's
/// `frameOfPresentedViewInContainerView`, an animator's `animateTransition`, the hooks it checks
/// for — each interned on first use: a lookup then pushes a registry slot, where pushing a
/// Swift string converts it and hashes it in Lua on every call. The names are the runtime's
/// own, a fixed set, so the table stays small.
final class MethodKeys {
    /// Read and written whole, never across a call out (a name is interned before it is
    /// stored): not checked for exclusive access, a check that cost more than the lookup.
    @exclusivity(unchecked) private var keys: [Name: LuaKey] = [:]

    /// The key of `name` in `lua`.
    func key(_ name: String, in lua: LuaState) -> LuaKey {
        if let key = keys[Name(name)] { return key }
        let key = lua.intern(name)
        keys[Name(name)] = key
        return key
    }

    /// A name hashed by its length alone, which tells most of the runtime's method names
    /// apart, for a fraction of hashing every byte; names of one length are told apart by
    /// comparing them.
    private struct Name: Hashable {
        let name: String
        init(_ name: String) { self.name = name }

        func hash(into hasher: inout Hasher) {
            hasher.combine(name.utf8.count)
        }
    }
}
