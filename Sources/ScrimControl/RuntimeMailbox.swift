import Foundation

/// Work handed to a runtime from other threads: any thread posts a job, the runtime's own
/// thread runs it (`RuntimeLoop.serve`, or `runPending` from the host's loop). Jobs run in the
/// order they were posted. `wakeDescriptor` is readable while jobs wait, for a host's `poll`.
public final class RuntimeMailbox: @unchecked Sendable {
    /// Readable while jobs wait.
    public let wakeDescriptor: Int32
    private let wakeWriter: Int32
    private let lock = NSLock()
    private var jobs: [() -> Void] = []

    init() {
        var ends: [Int32] = [0, 0]
        if pipe(&ends) != 0 { fatalError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        wakeDescriptor = ends[0]
        wakeWriter = ends[1]
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Queues `job` for the runtime's thread. Callable from any thread.
    public func post(_ job: @escaping () -> Void) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    /// Runs the jobs waiting now, oldest first, and returns how many ran. On the runtime's thread.
    @discardableResult
    public func runPending() -> Int {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &drained, drained.count) > 0 {}
        lock.lock()
        let waiting = jobs
        jobs.removeAll()
        lock.unlock()
        for job in waiting { job() }
        return waiting.count
    }
}
