import Dispatch
import Foundation
import ScrimLua

/// How `scrim serve` and `scrim run --listen` keep a runtime answering its control socket.
enum Serving {
    /// Listens at `path`, or says why it cannot.
    static func listen(_ runtime: Runtime, at path: String) throws -> ControlServer {
        do {
            return try runtime.listen(path: path)
        } catch {
            throw CLIError("scrim: \(error.description)")
        }
    }

    /// Serves `runtime` on this thread until SIGINT or SIGTERM, then stops `server` (removing its
    /// socket). A second signal while the runtime is busy (a chunk that never ends) removes the
    /// socket and exits at once with status 130.
    static func serveUntilSignalled(_ runtime: Runtime, server: ControlServer) {
        let stop = StopRequest()
        let mailbox = runtime.mailbox
        let path = server.path
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                if stop.signalled() > 1 {
                    unlink(path)
                    _exit(130)
                }
                mailbox.post { stop.isRequested = true }
            }
            source.resume()
            return source
        }
        runtime.serve(until: { stop.isRequested })
        for source in sources { source.cancel() }
        server.stop()
        FileHandle.standardError.write(Data("scrim: stopped listening on \(path)\n".utf8))
    }
}

/// A stop asked for by a signal: counted on the signal queue, acted on by the runtime's thread.
private final class StopRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var signals = 0
    /// Set on the runtime's thread.
    var isRequested = false

    /// Counts a signal; returns how many have come.
    func signalled() -> Int {
        lock.lock()
        defer { lock.unlock() }
        signals += 1
        return signals
    }
}
