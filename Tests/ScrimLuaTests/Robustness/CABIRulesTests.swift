import CScrim
import Foundation
import Testing

/// What a C host does wrong with a runtime costs it an error, not its process (each was found by
/// the C ABI fuzzer; before, the first two crashed the host, the third hung it and the last
/// aborted it): a runtime used after `scrim_destroy`, destroyed from inside its own trace
/// callback, two runtimes whose callbacks call each other, the smallest limits.
@Suite(.serialized) struct CABIRulesTests {
    private func make(_ options: String? = nil) throws -> OpaquePointer {
        var runtime: OpaquePointer?
        try #require(scrim_create(options, &runtime) == 0, "\(String(cString: scrim_last_error()))")
        return try #require(runtime)
    }

    private var lastError: String { String(cString: scrim_last_error()) }

    private func eval(_ runtime: OpaquePointer?, _ code: String) -> (status: Int32, answer: String) {
        var result: UnsafeMutablePointer<CChar>?
        let status = scrim_eval(runtime, code, &result)
        defer { scrim_free(result) }
        return (status, result.map { String(cString: $0) } ?? "")
    }

    @Test func aDestroyedRuntimeIsRefusedEvenOnceAnotherIsMade() throws {
        let first = try make()
        scrim_destroy(first)
        #expect(lastError == "")
        #expect(scrim_tick(first, 1) == 1)
        #expect(lastError == "scrim_tick: runtime is not a live runtime (never made by scrim_create, or destroyed)")
        let second = try make()
        #expect(second != first)
        scrim_destroy(first)
        #expect(lastError == "scrim_destroy: runtime is not a live runtime (never made by scrim_create, or destroyed)")
        #expect(eval(second, "return 1 + 1").answer.contains(#""results":[2]"#))
        #expect(scrim_advance(OpaquePointer(bitPattern: 0x1234), 1) == 1)
        #expect(scrim_now(first) == 0)
        scrim_destroy(second)
    }

    @Test func aRuntimeIsNotDestroyedFromInsideItsOwnCallback() throws {
        let runtime = try make()
        CallbackRecord.shared = CallbackRecord(target: runtime)
        #expect(scrim_set_trace_callback(runtime, { _, _ in
            guard let record = CallbackRecord.shared else { return }
            record.events += 1
            guard record.messages.isEmpty else { return }
            scrim_destroy(record.target)
            record.messages.append(String(cString: scrim_last_error()))
        }, nil) == 0)
        #expect(eval(runtime, "window.rootViewController = ViewController{ name = 'a' } step(1)").status == 0)
        // The callback stays set.
        #expect((CallbackRecord.shared?.events ?? 0) > 1)
        #expect(CallbackRecord.shared?.messages == [
            "scrim_destroy: the runtime's thread is running this call's caller (a trace callback, its own or one that another "
                + "runtime's callback is waiting for) or has been stopped: it must wait for the runtime's thread to end",
        ])
        #expect(eval(runtime, "return 1 + 1").answer.contains(#""results":[2]"#))
        scrim_destroy(runtime)
        #expect(lastError == "")
    }

    @Test func runtimesWhoseCallbacksCallEachOtherDoNotWaitForEachOther() throws {
        let first = try make()
        let second = try make()
        CallbackRecord.shared = CallbackRecord(target: second)
        CallbackRecord.other = CallbackRecord(target: first)
        // The first's callback makes events in the second, whose callback calls the first back.
        _ = scrim_set_trace_callback(first, { _, _ in
            guard let record = CallbackRecord.shared, record.messages.isEmpty else { return }
            record.messages.append("first")
            var result: UnsafeMutablePointer<CChar>?
            record.messages.append("\(scrim_eval(record.target, "window.rootViewController = ViewController{} step(1)", &result))")
            scrim_free(result)
        }, nil)
        _ = scrim_set_trace_callback(second, { _, _ in
            guard let record = CallbackRecord.other, record.messages.isEmpty else { return }
            record.messages.append("\(scrim_tick(record.target, 1)) \(String(cString: scrim_last_error()))")
        }, nil)
        #expect(eval(first, "window.rootViewController = ViewController{} step(1)").status == 0)
        #expect(CallbackRecord.shared?.messages == ["first", "0"])
        #expect(CallbackRecord.other?.messages == [
            "1 scrim_tick: the runtime's thread is running this call's caller (a trace callback, its own or one that another "
                + "runtime's callback is waiting for) or has been stopped: the call would wait for ever",
        ])
        scrim_destroy(first)
        scrim_destroy(second)
    }

    @Test func theSmallestLimitsStopScriptsNotTheRuntime() throws {
        let budget = try make(#"{"instructionBudget":1}"#)
        let stopped = eval(budget, "local n = 0 for i = 1, 1e6 do n = n + i end return n")
        #expect(stopped.status == 2)
        #expect(stopped.answer.contains("stopped: it ran past its budget of 1 Lua instructions"))
        #expect(scrim_load_plugin(budget, "half-sheet") == 2)
        #expect(lastError.contains("stopped: it ran past its budget of 1 Lua instructions"), "\(lastError)")
        scrim_destroy(budget)
        let cap = try make(#"{"memoryCap":1}"#)
        let refused = eval(cap, "return {}")
        #expect(refused.status == 2)
        #expect(refused.answer.contains("not enough memory"))
        scrim_destroy(cap)
    }
}

/// What a C callback (which captures nothing) reads and writes.
private final class CallbackRecord: @unchecked Sendable {
    nonisolated(unsafe) static var shared: CallbackRecord?
    nonisolated(unsafe) static var other: CallbackRecord?
    let target: OpaquePointer
    var messages: [String] = []
    var events = 0
    init(target: OpaquePointer) { self.target = target }
}
