import Foundation

/// A runtime on a thread of its own, for hosts that call from any thread (the C library, a
/// host's worker threads): `sync` runs a closure on the runtime's thread and waits for it, and
/// between calls the thread serves the runtime (`Runtime.serve`: control-socket requests,
/// plugin reloads, frames of a real clock). A call made on the runtime's own thread — from a
/// trace observer, say — runs at once.
public final class RuntimeThread: @unchecked Sendable {
    private let home: Home
    private var isStopped = false

    /// What the runtime's thread owns: the runtime, and whether it should stop serving it.
    private final class Home: @unchecked Sendable {
        var runtime: Runtime?
        var mailbox: RuntimeMailbox?
        var thread: Thread?
        var stopping = false
        let finished = DispatchSemaphore(value: 0)
    }

    /// Makes the runtime on a new thread, as `configuration` says.
    public init(configuration: Runtime.Configuration) throws(LuaError) {
        let home = Home()
        let made = DispatchSemaphore(value: 0)
        let failure = Box<LuaError>()
        // Handed to the new thread, which alone uses it (a custom clock included).
        let handed = Box<Runtime.Configuration>()
        handed.value = configuration
        let thread = Thread {
            do throws(LuaError) {
                let runtime = try Runtime(configuration: handed.value!)
                home.runtime = runtime
                home.mailbox = runtime.mailbox
                made.signal()
                runtime.serve(until: { home.stopping })
                home.runtime = nil
            } catch {
                failure.value = error
                made.signal()
            }
            home.finished.signal()
        }
        thread.name = "scrim runtime"
        thread.stackSize = 16 << 20
        home.thread = thread
        self.home = home
        thread.start()
        made.wait()
        if let error = failure.value {
            home.finished.wait()
            isStopped = true
            throw error
        }
    }

    deinit { stop() }

    /// Runs `body` with the runtime on its thread and returns what it returns.
    public func sync<Result>(_ body: (Runtime) throws -> Result) rethrows -> Result {
        precondition(!isStopped, "RuntimeThread.sync after stop")
        if Thread.current === home.thread, let runtime = home.runtime { return try body(runtime) }
        return try withoutActuallyEscaping(body) { body in
            let work = Box<(Runtime) throws -> Result>()
            work.value = body
            let outcome = Box<Swift.Result<Result, Error>>()
            let done = DispatchSemaphore(value: 0)
            home.mailbox!.post { [home] in
                outcome.value = Swift.Result { try work.value!(home.runtime!) }
                // `body` must not outlive this call: let go of it before the caller goes on.
                work.value = nil
                done.signal()
            }
            done.wait()
            return try outcome.value!.get()
        }
    }

    /// Ends the thread; the runtime is released on it. Call it from another thread once no other
    /// call is in flight; later calls to `sync` are a programming error.
    public func stop() {
        guard !isStopped else { return }
        precondition(Thread.current !== home.thread, "RuntimeThread.stop on the runtime's own thread would wait for itself")
        isStopped = true
        home.mailbox!.post { [home] in home.stopping = true }
        home.finished.wait()
    }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
