import Foundation

/// Runs `operation` to its end and returns its result, blocking the calling thread: how the
/// CLI's synchronous commands (on the main thread, outside Swift's task pool) use async APIs.
func blocking<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) throws -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await operation()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}

private final class Outcome<Value>: @unchecked Sendable {
    var result: Result<Value, Error>?
}
