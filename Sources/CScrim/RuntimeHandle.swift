import ScrimCore
import ScrimLua

/// What a `scrim_runtime *` points at: the runtime's thread, and the trace callback's observation.
final class RuntimeHandle {
    let thread: RuntimeThread
    /// Stops the runtime's work from any thread (`scrim_cancel`), while its thread is busy.
    let canceller: LuaState.Canceller
    /// Used on the runtime's thread only.
    var traceObservation: TraceObservation?

    init(thread: RuntimeThread) {
        self.thread = thread
        canceller = thread.sync { $0.lua.canceller }
    }

    static func from(_ pointer: OpaquePointer?) -> RuntimeHandle? {
        pointer.map { Unmanaged<RuntimeHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}
