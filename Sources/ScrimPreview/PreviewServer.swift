import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

/// A web server on 127.0.0.1 that serves one page — the latest render — at `/`, and tells
/// every open copy of it to reload, over a WebSocket at `/live`, when a new one is published.
///
/// Start it with `start()`, which returns once it listens; publish pages from any task. Call
/// `start` and `stop` from one thread (they alone touch the server's task).
public final class PreviewServer: @unchecked Sendable {
    /// The port asked for; 0 lets the system choose a free one.
    public let requestedPort: Int
    private let state = PreviewState()
    private var task: Task<Void, Error>?

    public init(port: Int = 0) {
        requestedPort = port
    }

    /// The JavaScript a served page includes to reload itself when told, opening again at the
    /// frame its player showed.
    public static let reloadScript = """
        (function () {
          function connect() {
            var socket = new WebSocket("ws://" + location.host + "/live");
            socket.onmessage = function (message) {
              if (message.data !== "reload") return;
              if (window.scrimPlayer) location.hash = "frame=" + window.scrimPlayer.frame;
              location.reload();
            };
            socket.onclose = function () { setTimeout(connect, 1000); };
          }
          connect();
        })();
        """

    /// Starts listening on 127.0.0.1 and returns the port, or throws when it cannot (the port
    /// is taken, say).
    public func start() async throws -> Int {
        let bound = BoundPort()
        let state = self.state
        let router = Router()
        router.get("/") { _, _ -> Response in
            let page = await state.page
            return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: page)))
        }
        var logger = Logger(label: "scrim.preview")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade { request, _, _ in
                guard request.path == "/live" else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    let id = await state.add(outbound)
                    // The page sends nothing; the loop ends when it closes or the connection fails.
                    do { for try await _ in inbound {} } catch {}
                    await state.remove(id)
                }
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: requestedPort),
                                                    serverName: "scrim-preview"),
            onServerRunning: { channel in bound.finish(channel.localAddress?.port.map(Result.success)
                                                       ?? .failure(PreviewServerError("the server has no local address"))) },
            logger: logger
        )
        task = Task {
            do { try await app.run() } catch { bound.finish(.failure(error)) }
        }
        return try await bound.value
    }

    /// Serves `html` from now on and tells every open page to reload.
    public func publish(_ html: String) async {
        await state.publish(html)
    }

    /// How many pages are connected for reloads.
    public var connectedPages: Int {
        get async { await state.connectionCount }
    }

    /// Stops the server.
    public func stop() {
        task?.cancel()
        task = nil
    }

    deinit { task?.cancel() }
}

/// The page served and the pages listening, shared by the server's connections.
private actor PreviewState {
    var page = "<!DOCTYPE html><title>Scrim preview</title><p>Rendering…</p>"
    private var connections: [Int: WebSocketOutboundWriter] = [:]
    private var nextID = 0

    var connectionCount: Int { connections.count }

    func add(_ outbound: WebSocketOutboundWriter) -> Int {
        nextID += 1
        connections[nextID] = outbound
        return nextID
    }

    func remove(_ id: Int) { connections[id] = nil }

    func publish(_ html: String) async {
        page = html
        for outbound in connections.values {
            try? await outbound.write(.text("reload"))
        }
    }
}

/// The port the server bound (or why it did not), handed from its event loop to `start`.
private final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Int, Error>?
    private var waiter: CheckedContinuation<Int, Error>?

    func finish(_ value: Result<Int, Error>) {
        lock.lock()
        guard result == nil else { return lock.unlock() }
        result = value
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(with: value)
    }

    var value: Int {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let result {
                    lock.unlock()
                    continuation.resume(with: result)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        }
    }
}

/// Why the preview server could not start.
public struct PreviewServerError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
