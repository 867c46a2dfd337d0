import Foundation
import ScrimControl

/// How `scrim serve` and `scrim run --listen` keep a runtime answering its control socket.
enum Serving {
    /// Listens at `path`, or says why it cannot.
    static func listen(_ loop: RuntimeLoop, at path: String) throws -> ControlServer {
        do {
            return try loop.listen(path: path)
        } catch {
            throw CLIError("scrim: \(error.description)")
        }
    }

    /// Serves `loop`'s runtime on this thread until SIGINT or SIGTERM, then stops `server` (removing its
    /// socket). A second signal while the runtime is busy (a chunk that never ends) removes the
    /// socket and exits at once with status 130.
    static func serveUntilSignalled(_ loop: RuntimeLoop, server: ControlServer) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        StopSignal.writer = ends[1]
        StopSignal.socketPath = strdup(server.path)
        // A handler, not a dispatch source: whichever thread the signal reaches runs it.
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in StopSignal.received() }
        sigemptyset(&action.sa_mask)
        for number in [SIGINT, SIGTERM] { sigaction(number, &action, nil) }
        var byte: UInt8 = 0
        while read(ends[0], &byte, 1) <= 0 {
            loop.serveOnce(alsoWaitingOn: [ends[0]])
        }
        server.stop()
        try? FileHandle.standardError.write(contentsOf: Data("scrim: stopped listening on \(server.path)\n".utf8))
    }
}

/// What the signal handler may touch: only async-signal-safe calls on values set beforehand.
private enum StopSignal {
    nonisolated(unsafe) static var writer: Int32 = -1
    nonisolated(unsafe) static var socketPath: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var count: sig_atomic_t = 0

    static func received() {
        count += 1
        if count > 1 {
            if let socketPath { unlink(socketPath) }
            _exit(130)
        }
        var byte: UInt8 = 1
        _ = write(writer, &byte, 1)
    }
}
