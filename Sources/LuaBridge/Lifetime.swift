/// Whether an object — a `Runtime`, a `LuaState` — is still alive, shared with the references
/// to it that must not keep it alive. `weak` would tell as much, but an object that is weakly
/// referenced counts its retains in a side table, Swift's slow path, and these objects are
/// retained on every call between Lua and native code.
@usableFromInline
package final class Lifetime {
    /// Set first thing in the object's `deinit`.
    @usableFromInline package var hasEnded = false

    package init() {}
}

/// A reference that does not keep its object alive and gives nil once the object's lifetime has
/// ended: `weak`, without the side table (see `Lifetime`).
package struct Unretained<Object: AnyObject> {
    @usableFromInline unowned(unsafe) let object: Object
    @usableFromInline let lifetime: Lifetime

    @inlinable
    package init(_ object: Object, lifetime: Lifetime) {
        self.object = object
        self.lifetime = lifetime
    }

    /// The object, or nil once it has begun to go away.
    @inlinable
    package var value: Object? { lifetime.hasEnded ? nil : object }
}
