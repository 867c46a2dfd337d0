import LuaBridge
import ScrimCore

/// The keys lifecycle delivery looks up on every callback — `hooks`, and each callback's name
/// (`"viewDidAppear"` …) — interned once, so a delivery hashes and allocates nothing.
struct LifecycleKeys {
    let hooks: LuaKey
    private let names: [LuaKey]

    init(_ lua: LuaState) {
        hooks = lua.intern("hooks")
        names = LifecycleCallback.eventsByOrdinal.map { lua.intern($0.rawValue) }
    }

    /// The name of `callback`'s event.
    func name(of callback: LifecycleCallback) -> LuaKey { names[callback.ordinal] }
}
