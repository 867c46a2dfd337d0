import ScrimCore
import ScrimLua

/// What a `scrim_runtime *` points at: the runtime's thread, and the trace callback's observation.
final class RuntimeHandle {
    let thread: RuntimeThread
    /// Used on the runtime's thread only.
    var traceObservation: TraceObservation?

    init(thread: RuntimeThread) { self.thread = thread }

    static func from(_ pointer: OpaquePointer?) -> RuntimeHandle? {
        pointer.map { Unmanaged<RuntimeHandle>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
    }
}
