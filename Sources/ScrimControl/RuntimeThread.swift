import Foundation
import ScrimLua

/// A runtime on a thread of its own, for hosts that call from any thread (the C library, a
/// host's worker threads): `sync` runs a closure on the runtime's thread and waits for it, and
/// between calls the thread serves the runtime (`RuntimeLoop.serve`: control-socket requests,
/// plugin reloads, frames of a real clock). A call made on the runtime's own thread — from a
/// trace observer, say — runs at once.
public final class RuntimeThread: @unchecked Sendable {
    private let home: Home
    private var isStopped = false

    /// What the runtime's thread owns: the runtime, and whether it should stop serving it.
    private final class Home: @unchecked Sendable {
        var runtime: Runtime?
        var loop: RuntimeLoop?
        var mailbox: RuntimeMailbox?
        var thread: Thread?
        var stopping = false
        let finished = DispatchSemaphore(value: 0)
    }

    /// Makes the runtime on a new thread, as `configuration` says.
    public init(configuration: Runtime.Configuration) throws(ConfigurationError) {
        let home = Home()
        let made = DispatchSemaphore(value: 0)
        let failure = Box<ConfigurationError>()
        // Handed to the new thread, which alone uses it (a custom clock included).
        let handed = Box<Runtime.Configuration>()
        handed.value = configuration
        let thread = Thread {
            do throws(ConfigurationError) {
                let runtime = try Runtime(configuration: handed.value!)
                let loop = RuntimeLoop(runtime)
                home.runtime = runtime
                home.loop = loop
                home.mailbox = loop.mailbox
                made.signal()
                loop.serve(until: { home.stopping })
                home.loop = nil
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

    /// Runs `body` with the runtime on its thread and returns what it returns. Waiting for a
    /// runtime's thread that is itself waiting, through other runtimes' calls, for this one is a
    /// programming error (`syncUnlessCircular` refuses it instead).
    public func sync<Result>(_ body: (Runtime) throws -> Result) rethrows -> Result {
        guard case .done(let result) = try attempt(body) else {
            preconditionFailure("RuntimeThread.sync after stop, or while the runtime's thread waits for this one")
        }
        return result
    }

    /// As `sync`, or nil at once when the runtime's thread is waiting, through other runtimes'
    /// calls, for the calling thread (one runtime's trace observer calling into a second whose
    /// observer calls back into the first would otherwise wait for ever), or has been stopped.
    public func syncUnlessCircular<Result>(_ body: (Runtime) throws -> Result) rethrows -> Result? {
        guard case .done(let result) = try attempt(body) else { return nil }
        return result
    }

    /// The loop serving the runtime: on the runtime's thread (inside `sync`), else nil.
    public var loop: RuntimeLoop? { isCurrent ? home.loop : nil }

    /// Listens for control-socket clients at `path` on the runtime's thread (`RuntimeLoop.listen`).
    @discardableResult
    public func listen(path: String, maximumMessageBytes: Int = 1 << 20, busyAfter: Double = 0.1,
                       evictIdleAfter: Double = 30) throws(ControlSocketError) -> ControlServer {
        try sync { _ in
            Result { () throws(ControlSocketError) in
                try home.loop!.listen(path: path, maximumMessageBytes: maximumMessageBytes, busyAfter: busyAfter,
                                      evictIdleAfter: evictIdleAfter)
            }
        }.get()
    }

    /// Whether the calling thread is the runtime's own (a trace observer's calls run there).
    public var isCurrent: Bool { Thread.current === home.thread }

    private enum Attempt<Result> {
        case done(Result)
        case refused
    }

    /// Runs `body` at once on the runtime's own thread (while the runtime lives, even once
    /// `stop` has been asked: its thread ends after the work in hand), else through the mailbox.
    private func attempt<Result>(_ body: (Runtime) throws -> Result) rethrows -> Attempt<Result> {
        if isCurrent, let runtime = home.runtime { return .done(try body(runtime)) }
        guard !isStopped, Waits.begin(waitingFor: home.thread!) else { return .refused }
        defer { Waits.end() }
        return .done(try withoutActuallyEscaping(body) { body in
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
        })
    }

    /// Ends the thread; the runtime is released on it. Call it once no other call is in flight;
    /// later calls to `sync` are a programming error. Returns false, and stops nothing, when
    /// called on the runtime's own thread or when that thread is waiting for the caller: the
    /// wait for its end would never end.
    @discardableResult
    public func stop() -> Bool {
        guard !isStopped else { return true }
        guard !isCurrent, Waits.begin(waitingFor: home.thread!) else { return false }
        defer { Waits.end() }
        isStopped = true
        home.mailbox!.post { [home] in home.stopping = true }
        home.finished.wait()
        return true
    }
}

/// Which thread waits for which runtime's thread, so that a wait closing a circle is refused
/// rather than never ending.
private enum Waits {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var waitingFor: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// Records that the calling thread waits for `target`, unless `target` waits, directly or
    /// through others, for the calling thread; returns whether it recorded.
    static func begin(waitingFor target: Thread) -> Bool {
        let caller = ObjectIdentifier(Thread.current)
        lock.lock()
        defer { lock.unlock() }
        var next: ObjectIdentifier? = ObjectIdentifier(target)
        while let thread = next {
            if thread == caller { return false }
            next = waitingFor[thread]
        }
        waitingFor[caller] = ObjectIdentifier(target)
        return true
    }

    static func end() {
        let caller = ObjectIdentifier(Thread.current)
        lock.lock()
        waitingFor[caller] = nil
        lock.unlock()
    }
}

private final class Box<Value>: @unchecked Sendable {
    var value: Value?
}
