import Foundation
import ScrimLua

/// Serves a runtime on the thread that owns it: runs the work other threads post to its
/// `mailbox` (control-socket requests, calls through `RuntimeThread`), reloads plugins whose
/// files changed while they are watched, and on a clock that moves by itself runs frames as they
/// come due, sleeping in between. It keeps the runtime's control sockets (`listen`) and answers
/// control lines for an in-process client (`answerControlLine`). Made, used and released on the
/// runtime's thread; releasing it stops its sockets.
public final class RuntimeLoop {
    /// The runtime served.
    public let host: ControlHost
    /// Work posted from other threads, run by `serve` and `serveOnce`.
    public let mailbox = RuntimeMailbox()
    /// The control sockets it listens on.
    private var servers: [ControlServer] = []
    /// The in-process client of `answerControlLine`, made on first use.
    private lazy var inProcessControl = ControlService(host: host) { [unowned self] _, line in
        controlNotificationHandler(line)
    }
    /// Where `answerControlLine`'s notifications (trace subscriptions) go.
    public var controlNotificationHandler: (String) -> Void = { _ in }

    public init(_ host: ControlHost) {
        self.host = host
    }

    deinit {
        for server in servers { server.stop() }
    }

    /// Serves until `done()` is true (asked after each round).
    public func serve(until done: () -> Bool) {
        while !done() { serveOnce() }
    }

    /// One round of `serve`: sleeps until there is work — a posted job, a changed plugin file, a
    /// frame due, or one of `descriptors` readable — then does the runtime's part of it. A host
    /// with input of its own (the REPL) passes its descriptor and handles it after. Returns the
    /// names of the plugins it reloaded or tried to.
    @discardableResult
    public func serveOnce(alsoWaitingOn descriptors: [Int32] = []) -> [String] {
        let plugins = host.plugins
        var polled = ([mailbox.wakeDescriptor] + descriptors + [plugins.watchDescriptor].compactMap { $0 })
            .map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var timeout = host.secondsUntilFrameDue
        if let settle = plugins.secondsUntilChangesSettle { timeout = min(timeout ?? settle, settle) }
        _ = poll(&polled, nfds_t(polled.count), timeout.map(Self.pollMilliseconds) ?? -1)
        mailbox.runPending()
        let reloaded = plugins.reloadChangedPlugins()
        if let due = host.secondsUntilFrameDue, due <= 0 { host.runDueFrame() }
        return reloaded
    }

    /// `seconds` for `poll`, at most a minute: a timer days away (a huge transition watchdog)
    /// is waited for a minute at a time.
    private static func pollMilliseconds(_ seconds: Double) -> Int32 {
        seconds > 0 ? Int32((min(seconds, 60) * 1000).rounded(.up)) : 0
    }

    /// Listens for control-socket clients at `path` (see `ControlServer`) until the returned
    /// server is stopped or the loop goes. Requests are answered while this thread serves the
    /// runtime; once it has worked `busyAfter` seconds on one, others are told it is busy. With
    /// every place taken, a client idle `evictIdleAfter` seconds gives its place to a new one.
    /// `maximumMessageBytes` must be positive, and both times finite and not negative.
    @discardableResult
    public func listen(path: String, maximumMessageBytes: Int = 1 << 20, busyAfter: Double = 0.1,
                       evictIdleAfter: Double = 30) throws(ControlSocketError) -> ControlServer {
        guard maximumMessageBytes > 0 else {
            throw ControlSocketError("\(path): maximumMessageBytes must be positive, not \(maximumMessageBytes)")
        }
        for (name, seconds) in [("busyAfter", busyAfter), ("evictIdleAfter", evictIdleAfter)]
        where !seconds.isFinite || seconds < 0 {
            throw ControlSocketError("\(path): \(name) must be a finite number of seconds, not negative; got \(seconds)")
        }
        let server = try ControlServer(path: path, host: host, mailbox: mailbox, maximumMessageBytes: maximumMessageBytes,
                                       busyAfter: busyAfter, evictableAfter: evictIdleAfter)
        servers.append(server)
        return server
    }

    /// Answers one line of the control protocol (JSON-RPC 2.0, as on the control socket) for
    /// one in-process client: for hosts with a transport of their own. Returns the response
    /// line, or nil for a line of notifications only; notifications to the client (a trace
    /// subscription's events) go to `controlNotificationHandler`.
    public func answerControlLine(_ line: String) -> String? {
        inProcessControl.answer(line, from: 0)
    }
}
