import LuaBridge
import ScrimCore
import ScrimLua

/// The runtime as the control layer's host: most of `ControlHost` is the runtime's public API
/// as it is; the rest reads it from the application and the Lua state.
extension Runtime: ControlHost {
    public var canceller: LuaState.Canceller { lua.canceller }
    public var cancelCount: UInt { lua.cancelCount }
    public var switchableClock: SwitchableClock? { application.clock as? SwitchableClock }
    public var nextSeq: Int { application.dispatcher.nextSeq }
    public var hierarchyDescription: String { application.window.hierarchyDescription }

    public func tickInterruptibly(frames: Int) -> Bool {
        lua.interruptibly { tick(frames: frames) }
    }

    public func makeTestRuntime() -> Runtime {
        let fresh = Runtime(clock: VirtualClock(fps: 60), device: application.window.device,
                            pluginPaths: plugins.searchPaths, limits: lua.limits)
        fresh.plugins.copyGrants(from: plugins)
        return fresh
    }
}
