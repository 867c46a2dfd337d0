/// A native object that keeps Lua state of its own — its instance table, the user value of its
/// userdata — such as a controller made from Lua.
///
/// Such an object and its userdata may reference each other (a Lua override that captures the
/// controller), so neither side may simply own the other. Scrim uses toggle references: while
/// anything besides its userdata holds the object, the object holds its userdata strongly (a
/// registry reference); when the userdata is the only holder, that reference is dropped and
/// Lua's collector decides. A userdata about to be collected whose object is held again is
/// resurrected instead.
public protocol LuaAnchored: AnyObject {
    var luaAnchor: LuaAnchor { get }
}

/// How a `LuaAnchored` object holds its userdata.
public final class LuaAnchor {
    package enum State: Equatable {
        /// No userdata has been made yet.
        case none
        /// The object holds its userdata through registry reference `ref`.
        case strong(ref: Int32)
        /// Only Lua holds the userdata; when Lua lets go, the object goes with it.
        case weak
    }

    package var state: State = .none

    public init() {}
}
