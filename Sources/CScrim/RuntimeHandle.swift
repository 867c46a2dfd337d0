import Foundation
import LuaBridge
import ScrimControl
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

    /// The live handles by the value `scrim_create` gave for them. That value is a number that
    /// is never given twice, not an address: a pointer the host got elsewhere, or kept after
    /// destroying it, is refused rather than followed, even once another runtime is made.
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: [UInt: RuntimeHandle] = [:]
    nonisolated(unsafe) private static var made: UInt = 0

    /// The value that stands for `handle` until `retire`.
    static func publish(_ handle: RuntimeHandle) -> OpaquePointer {
        lock.withLock {
            made += 1
            live[made << 4] = handle
            return OpaquePointer(bitPattern: made << 4)!
        }
    }

    /// The live handle `pointer` stands for, or nil for NULL and for what is not one.
    static func from(_ pointer: OpaquePointer?) -> RuntimeHandle? {
        guard let pointer else { return nil }
        return lock.withLock { live[UInt(bitPattern: pointer)] }
    }

    /// Takes `pointer`'s handle out of the live ones; nil when it was not one.
    static func retire(_ pointer: OpaquePointer) -> RuntimeHandle? {
        lock.withLock { live.removeValue(forKey: UInt(bitPattern: pointer)) }
    }

    /// Puts back a handle `retire` took out, when the destroy could not go on.
    static func restore(_ handle: RuntimeHandle, as pointer: OpaquePointer) {
        lock.withLock { live[UInt(bitPattern: pointer)] = handle }
    }

    /// What a call says of a pointer `from` refused.
    static func refusal(_ pointer: OpaquePointer?) -> String {
        pointer == nil ? "runtime must not be NULL" : "runtime is not a live runtime (never made by scrim_create, or destroyed)"
    }
}
