import LuaBridge

/// The names of the methods the runtime looks up on Lua objects — a presentation controller's
/// `frameOfPresentedViewInContainerView`, an animator's `animateTransition`, the hooks it checks
/// for — each interned on first use: a lookup then pushes a registry slot, where pushing a
/// Swift string converts it and hashes it in Lua on every call. The names are the runtime's
/// own, a fixed set, so the table stays small.
final class MethodKeys {
    /// The interned names by their length in bytes (modulo the number of shelves), which tells
    /// most of the runtime's method names apart; a shelf holds a few, told apart by comparing
    /// them — which for a name written as a literal at the call is a comparison of two words.
    /// Hashing a name, as a dictionary does, cost more than the lookup it saves.
    /// Read and written whole, never across a call out (a name is interned before it is
    /// stored): not checked for exclusive access.
    @exclusivity(unchecked) private var shelves = [[(name: String, key: LuaKey)]](repeating: [], count: 64)

    /// The key of `name` in `lua`.
    func key(_ name: String, in lua: LuaState) -> LuaKey {
        let shelf = name.utf8.count & 63
        for entry in shelves[shelf] where entry.name == name { return entry.key }
        let key = lua.intern(name)
        shelves[shelf].append((name, key))
        return key
    }
}
