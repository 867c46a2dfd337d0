/// Whether an object — a `Runtime`, a `LuaState` — is still alive, shared with the references
/// to it that must not keep it alive. `weak` would tell as much, but an object that is weakly
/// referenced counts its retains in a side table, Swift's slow path, and these objects are
/// retained on every call between Lua and native code.
public final class Lifetime {
    /// Set first thing in the object's `deinit`. Read on every call between Lua and native
    /// code, always as a whole: not checked for exclusive access.
    @exclusivity(unchecked) public package(set) var hasEnded = false

    public init() {}
}

/// A reference that does not keep its object alive and gives nil once the object's lifetime has
/// ended: `weak`, without the side table (see `Lifetime`).
public struct Unretained<Object: AnyObject> {
    @usableFromInline let object: Unmanaged<Object>
    @usableFromInline let lifetime: Lifetime

    @inlinable
    public init(_ object: Object, lifetime: Lifetime) {
        self.object = Unmanaged.passUnretained(object)
        self.lifetime = lifetime
    }

    /// The object, or nil once it has begun to go away.
    @inlinable
    public var value: Object? { lifetime.hasEnded ? nil : object.takeUnretainedValue() }

    /// Runs `body` with the object, unless it has begun to go away, without retaining it (as
    /// reading `value` does): for hot paths.
    @inlinable
    public func withValue<Result>(_ body: (Object) throws -> Result) rethrows -> Result? {
        lifetime.hasEnded ? nil : try object._withUnsafeGuaranteedRef(body)
    }
}
