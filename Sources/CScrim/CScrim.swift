import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

// The C ABI of include/scrim.h. Every function checks its arguments, runs on the runtime's
// thread through `RuntimeThread.sync`, and reports failure by status and `scrim_last_error`.
// Nothing here throws across the C boundary.

private let ok: Int32 = 0
private let argumentError: Int32 = 1
private let luaError: Int32 = 2
private let socketError: Int32 = 3
private let cancelledError: Int32 = 4

@_cdecl("scrim_version")
public func scrim_version() -> UnsafePointer<CChar> {
    UnsafePointer(versionString)
}

nonisolated(unsafe) private let versionString: UnsafeMutablePointer<CChar> = strdup(Runtime.version)!

@_cdecl("scrim_create")
public func scrim_create(_ options: UnsafePointer<CChar>?, _ runtime: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guard let runtime else { return LastError.set("scrim_create: runtime must not be NULL", argumentError) }
    runtime.pointee = nil
    let configuration: Runtime.Configuration
    do throws(ConfigurationError) {
        configuration = try Runtime.Configuration(json: options.map { String(cString: $0) })
    } catch {
        return LastError.set("scrim_create: \(error)", argumentError)
    }
    do throws(ConfigurationError) {
        let handle = RuntimeHandle(thread: try RuntimeThread(configuration: configuration))
        runtime.pointee = RuntimeHandle.publish(handle)
        return LastError.set("", ok)
    } catch {
        return LastError.set(error.description, argumentError)
    }
}

@_cdecl("scrim_destroy")
public func scrim_destroy(_ runtime: OpaquePointer?) {
    guard let runtime else { return }
    guard let handle = RuntimeHandle.retire(runtime) else {
        _ = LastError.set("scrim_destroy: \(RuntimeHandle.refusal(runtime))", argumentError)
        return
    }
    // From the runtime's own thread the trace callback is kept: nothing is undone.
    guard !handle.thread.isCurrent, handle.thread.syncUnlessCircular({ _ in handle.traceObservation = nil }) != nil,
          handle.thread.stop() else {
        RuntimeHandle.restore(handle, as: runtime)
        _ = LastError.set("scrim_destroy: \(circular): it must wait for the runtime's thread to end", argumentError)
        return
    }
    _ = LastError.set("", ok)
}

/// Why a call cannot wait for a runtime's thread.
private let circular = "the runtime's thread is running this call's caller (a trace callback, its own or one that "
    + "another runtime's callback is waiting for) or has been stopped"

@_cdecl("scrim_load_plugin")
public func scrim_load_plugin(_ runtime: OpaquePointer?, _ nameOrPath: UnsafePointer<CChar>?) -> Int32 {
    call("scrim_load_plugin", runtime, nameOrPath) { runtime, target in
        do { try runtime.loadPlugin(target) } catch { return (luaError, "\(error)") }
        return succeeded
    }
}

@_cdecl("scrim_reload_plugin")
public func scrim_reload_plugin(_ runtime: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    call("scrim_reload_plugin", runtime, name) { runtime, name in
        do { try runtime.reload(name) } catch { return (luaError, "\(error)") }
        return succeeded
    }
}

@_cdecl("scrim_run_script")
public func scrim_run_script(_ runtime: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    call("scrim_run_script", runtime, path) { runtime, path in
        do { try runtime.runScript(at: path) } catch { return (luaError, "\(error)") }
        return succeeded
    }
}

@_cdecl("scrim_eval")
public func scrim_eval(_ runtime: OpaquePointer?, _ code: UnsafePointer<CChar>?,
                       _ result: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    result?.pointee = nil
    return call("scrim_eval", runtime, code) { runtime, code in
        let evaluation = runtime.evaluate(code)
        result?.pointee = strdup(evaluation.json.json)
        if let error = evaluation.error { return (luaError, "\(error)") }
        return succeeded
    }
}

@_cdecl("scrim_tick")
public func scrim_tick(_ runtime: OpaquePointer?, _ frames: Int32) -> Int32 {
    call("scrim_tick", runtime) { runtime in
        if let refusal = runtime.refusalOfFrames(Int(frames)) { return (argumentError, "scrim_tick: \(refusal), got \(frames)") }
        return runtime.tick(frames: Int(frames)) ? succeeded : cancelled("scrim_tick", at: runtime.now)
    }
}

@_cdecl("scrim_advance")
public func scrim_advance(_ runtime: OpaquePointer?, _ seconds: Double) -> Int32 {
    call("scrim_advance", runtime) { runtime in
        if let refusal = runtime.refusalOfSeconds(seconds) {
            return (argumentError, "scrim_advance: \(refusal), got \(formatNumber(seconds))")
        }
        return runtime.advance(seconds: seconds) ? succeeded : cancelled("scrim_advance", at: runtime.now)
    }
}

private func cancelled(_ function: String, at time: Double) -> Outcome {
    (cancelledError, "\(function): cancelled: the frames stopped at t=\(formatNumber(time))")
}

@_cdecl("scrim_cancel")
public func scrim_cancel(_ runtime: OpaquePointer?) -> Int32 {
    guard let handle = RuntimeHandle.from(runtime) else { return LastError.set("scrim_cancel: \(RuntimeHandle.refusal(runtime))", argumentError) }
    handle.canceller.cancel()
    return LastError.set("", ok)
}

@_cdecl("scrim_now")
public func scrim_now(_ runtime: OpaquePointer?) -> Double {
    guard let handle = RuntimeHandle.from(runtime) else { return 0 }
    return handle.thread.syncUnlessCircular { $0.now } ?? 0
}

@_cdecl("scrim_trace")
public func scrim_trace(_ runtime: OpaquePointer?, _ since: Int64, _ lines: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                        _ nextSeq: UnsafeMutablePointer<Int64>?) -> Int32 {
    guard let lines else { return LastError.set("scrim_trace: jsonl must not be NULL", argumentError) }
    lines.pointee = nil
    return call("scrim_trace", runtime) { runtime in
        lines.pointee = strdup(runtime.traceJSONLines(since: Int(max(0, since))))
        nextSeq?.pointee = Int64(runtime.application.dispatcher.nextSeq)
        return succeeded
    }
}

@_cdecl("scrim_tree")
public func scrim_tree(_ runtime: OpaquePointer?, _ json: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let json else { return LastError.set("scrim_tree: json must not be NULL", argumentError) }
    json.pointee = nil
    return call("scrim_tree", runtime) { runtime in
        json.pointee = strdup(runtime.tree.json)
        return succeeded
    }
}

@_cdecl("scrim_set_trace_callback")
public func scrim_set_trace_callback(_ runtime: OpaquePointer?,
                                     _ callback: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> Void)?,
                                     _ context: UnsafeMutableRawPointer?) -> Int32 {
    let target = UncheckedContext(pointer: context)
    return call("scrim_set_trace_callback", runtime) { runtime, handle in
        handle.traceObservation = callback.map { callback in
            runtime.observeTrace { event in event.jsonLine.withCString { callback($0, target.pointer) } }
        }
        return succeeded
    }
}

@_cdecl("scrim_listen")
public func scrim_listen(_ runtime: OpaquePointer?, _ path: UnsafePointer<CChar>?) -> Int32 {
    guard let path else { return LastError.set("scrim_listen: the string argument must not be NULL", argumentError) }
    let text = String(cString: path)
    return call("scrim_listen", runtime) { _, handle in
        do { try handle.thread.loop!.listen(path: text) } catch { return (socketError, "\(error)") }
        return succeeded
    }
}

@_cdecl("scrim_last_error")
public func scrim_last_error() -> UnsafePointer<CChar> {
    LastError.current
}

@_cdecl("scrim_free")
public func scrim_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

// MARK: Checks

/// A status, and the message `scrim_last_error` gives for it.
private typealias Outcome = (status: Int32, message: String)
private let succeeded: Outcome = (ok, "")

/// Runs `body` on the runtime's thread once `runtime` is known to be a live handle, and records
/// its outcome for the calling thread.
private func call(_ function: String, _ runtime: OpaquePointer?, _ body: (Runtime, RuntimeHandle) -> Outcome) -> Int32 {
    guard let handle = RuntimeHandle.from(runtime) else { return LastError.set("\(function): \(RuntimeHandle.refusal(runtime))", argumentError) }
    guard let outcome = handle.thread.syncUnlessCircular({ body($0, handle) }) else {
        return LastError.set("\(function): \(circular): the call would wait for ever", argumentError)
    }
    return LastError.set(outcome.message, outcome.status)
}

private func call(_ function: String, _ runtime: OpaquePointer?, _ body: (Runtime) -> Outcome) -> Int32 {
    call(function, runtime) { runtime, _ in body(runtime) }
}

/// As `call`, with a string argument that must not be NULL.
private func call(_ function: String, _ runtime: OpaquePointer?, _ argument: UnsafePointer<CChar>?,
                  _ body: (Runtime, String) -> Outcome) -> Int32 {
    guard let argument else { return LastError.set("\(function): the string argument must not be NULL", argumentError) }
    let text = String(cString: argument)
    return call(function, runtime) { body($0, text) }
}

/// The host's context pointer, handed back to its callback on the runtime's thread.
private struct UncheckedContext: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
}
