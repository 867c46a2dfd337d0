import Foundation

/// What an interrupted `scrim render` cleans up while it writes. SIGINT and SIGTERM remove the
/// one file being made (`OutputFile`) — `unlink` is safe in a signal handler — and mark the
/// interruption: longer work checks `happened` between steps and unwinds, removing its own
/// temporary files, and then the process ends as the signal would have ended it. A second
/// signal ends it at once.
enum Interruption {
    /// The path to remove, as a C string the handler reads; and whether a signal came.
    private nonisolated(unsafe) static let pending = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
    private nonisolated(unsafe) static let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    /// The tool running now (`ExternalTool`), which a signal stops at once: a frame may take it
    /// a minute, and a signal sent to Scrim alone does not reach it.
    private nonisolated(unsafe) static let child = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
    private nonisolated(unsafe) static var installed = false

    /// Whether SIGINT or SIGTERM came since the handlers were installed.
    static var happened: Bool { installed && flag.pointee != 0 }

    /// Runs `body` with the handlers installed; after it, an interruption ends the process as
    /// the signal would have (status 128 + its number).
    static func handled<Value>(_ body: () throws -> Value) throws -> Value {
        if !installed {
            pending.initialize(to: nil)
            flag.initialize(to: 0)
            child.initialize(to: 0)
            installed = true
        }
        flag.pointee = 0
        for signal in [SIGINT, SIGTERM] {
            Foundation.signal(signal) { number in
                Interruption.flag.pointee = number
                if Interruption.child.pointee > 0 { kill(Interruption.child.pointee, SIGKILL) }
                if let path = Interruption.pending.pointee { unlink(path) }
                Foundation.signal(number, SIG_DFL)
            }
        }
        defer {
            for signal in [SIGINT, SIGTERM] { Foundation.signal(signal, SIG_DFL) }
            if flag.pointee != 0 { raise(flag.pointee) }
        }
        return try body()
    }

    /// Sets the tool a signal stops (nil: none).
    static func stopOnInterrupt(_ process: pid_t?) {
        guard installed else { return }
        child.pointee = process ?? 0
        if process != nil, flag.pointee != 0 { kill(child.pointee, SIGKILL) }
    }

    /// Sets the file a signal removes (nil: none).
    static func removeOnInterrupt(_ path: String?) {
        guard installed else { return }
        let old = pending.pointee
        pending.pointee = path.map { strdup($0) }
        free(old)
    }
}
