import Foundation
import LuaBridge
import ScrimCore

/// A runtime's control socket (`RuntimeLoop.listen(path:)`): a Unix-domain socket, mode 0600, on
/// which clients of the same user speak JSON-RPC 2.0, one message per line (`ControlService`
/// lists the methods).
///
/// The socket is read and written on a thread of the server's own; each complete line is posted
/// to the runtime's mailbox and answered on the runtime's thread, in order per client, the
/// clients with requests waiting taking turns (a backlog of one does not hold up another). So the
/// runtime answers only while its thread serves it (`RuntimeLoop.serve`, `serveOnce`, or the host
/// running `mailbox.runPending()`).
///
/// Each client is bounded, and none can hold up the others: a line longer than
/// `maximumMessageBytes` is answered with an error and skipped; a line that is not JSON-RPC is
/// answered with an error; a client that closes mid-line loses that line. At most
/// `maximumWaitingLines` lines (`maximumWaitingBytes` bytes) of a client wait for the runtime;
/// more are answered with a `busy` error, and a client that goes on sending while refused is
/// dropped. One that does not read its answers is dropped once `maximumPendingOutput` bytes
/// wait for it. While the runtime has been busy with one request for longer than
/// `busyAfter` seconds, new requests are answered with a `busy` error at once, and `cancel` —
/// answered on this thread — stops that request (and the rest of its batch). An answer longer
/// than `maximumPendingOutput` is replaced by an error. None of it stops the runtime.
public final class ControlServer: @unchecked Sendable {
    /// Where the socket is.
    public let path: String
    /// The longest line a client may send.
    public let maximumMessageBytes: Int
    /// At most this many clients at once; when all are connected, a new one takes the place of
    /// the one idle longest if it has been idle `evictableAfter` seconds, else is answered with
    /// an error and closed.
    public static let maximumClients = 64
    public let evictableAfter: Double
    static let maximumPendingOutput = 16 << 20
    /// Lines and bytes of one client that may wait for the runtime, and bytes of all of them.
    static let maximumWaitingLines = 256
    static let maximumWaitingBytes = 8 << 20
    static let maximumWaitingBytesInAll = 32 << 20
    /// Answers waiting to be read, of all clients: past it, a client with more than
    /// `unreadBacklog` bytes unread is dropped rather than sent more.
    static let maximumPendingOutputInAll = 64 << 20
    static let unreadBacklog = 1 << 20
    /// Lines refused in a row before the client is dropped.
    static let maximumRefusedLines = 256
    /// How long the runtime works on one request before others are told it is busy.
    public let busyAfter: Double

    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let mailbox: RuntimeMailbox
    private let canceller: LuaState.Canceller
    /// Used on the runtime's thread only.
    /// Dropped as the server stops, on the runtime's thread: it holds the runtime.
    private var service: ControlService?
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var clients: [Int: Client] = [:]
    private var stopping = false
    private var nextClient = 1
    /// Bytes of lines posted to the runtime and not yet answered, of all clients.
    private var waitingBytes = 0
    /// The clients with something waiting, in the order of their turns.
    private var ready: [Int] = []

    /// Something a client sent, waiting for the runtime's thread: a request to answer, or the
    /// answer already made to a line that was not one (kept in order with the others).
    private enum Waiting {
        case request(String, bytes: Int)
        case reply(String)
        /// A batch under way: the rest of its requests, answered one per turn.
        case batch(ControlService.Batch)
    }
    /// The client whose request the runtime works on, and since when (uptime nanoseconds).
    private var inFlight: (client: Int, since: UInt64)?
    private let finished = DispatchSemaphore(value: 0)

    /// One connection. `input` and `discarding` belong to the server's thread; the rest is
    /// guarded by the server's lock.
    private final class Client {
        let descriptor: Int32
        var input: [UInt8] = []
        var discarding = false
        var output: [UInt8] = []
        /// How much of `output` is written already.
        var written = 0
        var dropped = false
        /// Lines posted to the runtime and not yet answered, and their bytes; lines refused in a row.
        var waitingLines = 0
        var waitingBytes = 0
        /// What it sent that waits for the runtime's thread, in order.
        var waiting: [Waiting] = []
        var refusedLines = 0
        /// When it last sent a line or was sent one (uptime nanoseconds).
        var lastActive = DispatchTime.now().uptimeNanoseconds
        init(descriptor: Int32) { self.descriptor = descriptor }
    }

    init(path: String, host: ControlHost, mailbox: RuntimeMailbox, maximumMessageBytes: Int, busyAfter: Double,
         evictableAfter: Double) throws(ControlSocketError) {
        self.path = path
        self.maximumMessageBytes = maximumMessageBytes
        self.busyAfter = busyAfter
        self.evictableAfter = evictableAfter
        self.mailbox = mailbox
        canceller = host.canceller
        listener = try ControlSocket.listen(at: path)
        var ends: [Int32] = [0, 0]
        _ = pipe(&ends)
        (wakeReader, wakeWriter) = (ends[0], ends[1])
        for descriptor in [listener, wakeReader, wakeWriter] { Self.makeNonBlocking(descriptor) }
        service = ControlService(host: host) { [weak self] client, line in self?.send(line, to: client) }
        let thread = Thread { [self] in
            serveSockets()
            finished.signal()
        }
        thread.name = "scrim control socket"
        thread.start()
    }

    deinit {
        stop()
        for descriptor in [wakeReader, wakeWriter] { close(descriptor) }
    }

    /// Stops listening: closes every connection and removes the socket file. On the runtime's thread.
    public func stop() {
        lock.lock()
        let wasStopping = stopping
        stopping = true
        lock.unlock()
        guard !wasStopping else { return }
        wake()
        finished.wait()
        close(listener)
        unlink(path)
        for client in clients.keys { service?.forget(client) }
        service = nil
        for client in clients.values { close(client.descriptor) }
        clients.removeAll()
    }

    /// How many requests of all clients wait for the runtime's thread now.
    public var waitingRequests: Int {
        lock.lock()
        defer { lock.unlock() }
        return clients.values.reduce(0) { $0 + $1.waitingLines }
    }

    /// The number of clients connected now.
    public var clientCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return clients.count
    }

    // MARK: The runtime's thread

    /// Queues `line` for `client`; drops a client that has let too much output wait, or a
    /// backlog while the answers of all clients together take too much.
    private func send(_ line: String, to client: Int) {
        lock.lock()
        if let connection = clients[client], !connection.dropped {
            connection.lastActive = DispatchTime.now().uptimeNanoseconds
            let unread = connection.output.count - connection.written
            if unread > Self.maximumPendingOutput || unread > Self.unreadBacklog
                && clients.values.reduce(line.utf8.count, { $0 + $1.output.count - $1.written }) > Self.maximumPendingOutputInAll {
                connection.dropped = true
            } else {
                connection.output.append(contentsOf: line.utf8)
                connection.output.append(UInt8(ascii: "\n"))
            }
        }
        lock.unlock()
        wake()
    }

    // MARK: The server's thread

    private func serveSockets() {
        while true {
            lock.lock()
            if stopping {
                lock.unlock()
                return
            }
            let watched = clients.map { id, client in
                (id, pollfd(fd: client.descriptor, events: Int16(POLLIN) | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
            }
            lock.unlock()
            var descriptors = [pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: listener, events: Int16(POLLIN), revents: 0)] + watched.map(\.1)
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { return }
            var byte = [UInt8](repeating: 0, count: 64)
            while read(wakeReader, &byte, byte.count) > 0 {}
            if descriptors[1].revents & Int16(POLLIN) != 0 { accept() }
            for (index, (id, _)) in watched.enumerated() {
                let events = descriptors[index + 2].revents
                var open = true
                if events & Int16(POLLOUT) != 0 { open = flush(id) }
                if open, events & Int16(POLLIN | POLLHUP | POLLERR) != 0 { open = receive(from: id) }
                lock.lock()
                let dropped = clients[id]?.dropped ?? false
                lock.unlock()
                // A dropped client gets what waits for it, as far as its socket takes it now.
                if open, dropped { _ = flush(id) }
                if !open || dropped { disconnect(id) }
            }
        }
    }

    private func accept() {
        let descriptor = Glibc.accept(listener, nil, nil)
        guard descriptor >= 0 else { return }
        Self.makeNonBlocking(descriptor)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var refusal: String?
        if let user = ControlSocket.peerUser(of: descriptor), user != geteuid() {
            refusal = "connection refused: uid \(user) is not the runtime's user"
        }
        lock.lock()
        if refusal == nil, clients.count >= Self.maximumClients, !evictIdlest() {
            refusal = "connection refused: \(Self.maximumClients) clients are connected already"
        }
        if let refusal {
            lock.unlock()
            let line = ControlMessage.response(id: nil, failure: ControlFailure(code: ControlFailure.refused, message: refusal)) + "\n"
            _ = line.withCString { Glibc.send(descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            close(descriptor)
            return
        }
        let id = nextClient
        nextClient += 1
        clients[id] = Client(descriptor: descriptor)
        lock.unlock()
    }

    /// Makes room for a client when every place is taken: the client idle longest goes, if it
    /// has been idle `evictableAfter` seconds and nothing of it waits for the runtime (leaked
    /// connections must not lock everyone out for good). Under `lock`.
    private func evictIdlest() -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        guard let (id, idlest) = clients.filter({ $0.value.waitingLines == 0 }).min(by: { $0.value.lastActive < $1.value.lastActive }),
              Double(now - idlest.lastActive) / 1e9 >= evictableAfter else { return false }
        clients[id] = nil
        let line = ControlMessage.response(id: nil, failure: ControlFailure(
            code: ControlFailure.refused,
            message: "dropped: \(Self.maximumClients) clients are connected, and this one was idle longest")) + "\n"
        _ = line.withCString { Glibc.send(idlest.descriptor, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        close(idlest.descriptor)
        mailbox.post { [weak self] in self?.service?.forget(id) }
        return true
    }

    /// Reads what the client sent and posts each complete line; false when the client has gone.
    private func receive(from id: Int) -> Bool {
        lock.lock()
        let client = clients[id]
        lock.unlock()
        guard let client else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(client.descriptor, &buffer, buffer.count)
            if count == 0 { return false }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            split(buffer[0..<count], from: id, into: client)
        }
    }

    /// Adds bytes to the client's input and posts its complete lines; skips over-long ones.
    private func split(_ bytes: ArraySlice<UInt8>, from id: Int, into client: Client) {
        var rest = bytes[...]
        while let newline = rest.firstIndex(of: UInt8(ascii: "\n")) {
            let piece = rest[rest.startIndex..<newline]
            rest = rest[(newline + 1)...]
            if client.discarding {
                client.discarding = false
                continue
            }
            if client.input.count + piece.count > maximumMessageBytes {
                client.input.removeAll()
                refuseLongLine(from: id)
                continue
            }
            client.input.append(contentsOf: piece)
            post(client.input, from: id)
            client.input.removeAll(keepingCapacity: client.input.count < 1 << 16)
        }
        guard !client.discarding else { return }
        if client.input.count + rest.count > maximumMessageBytes {
            client.input.removeAll()
            client.discarding = true
            refuseLongLine(from: id)
        } else {
            client.input.append(contentsOf: rest)
        }
    }

    private func post(_ line: [UInt8], from id: Int) {
        var text = line
        if text.last == UInt8(ascii: "\r") { text.removeLast() }
        guard text.contains(where: { ![UInt8(ascii: " "), UInt8(ascii: "\t")].contains($0) }) else { return }
        guard let decoded = String(validating: text, as: UTF8.self) else {
            let failure = ControlFailure(code: ControlFailure.parseError, message: "Parse error: the line is not UTF-8")
            enqueue(.reply(ControlMessage.response(id: nil, failure: failure)), from: id)
            return
        }
        let request = ControlMessage.parse(decoded)
        if case .single(.success(let cancel)) = request, cancel.method == "cancel" {
            lock.lock()
            let running = inFlight != nil
            lock.unlock()
            canceller.cancel()
            if let requestID = cancel.id {
                send(ControlMessage.response(id: requestID, resultJSON: JSONValue.object(["cancelled": .bool(running)]).json), to: id)
            }
            return
        }
        if let refusal = refusal(of: text.count, from: id) {
            var requestID: JSONValue?
            if case .single(.success(let single)) = request { requestID = single.id }
            if case .single(.success(let single)) = request, single.id == nil { return }
            send(ControlMessage.response(id: requestID, failure: ControlFailure(code: ControlFailure.busy, message: refusal)), to: id)
            return
        }
        enqueue(.request(decoded, bytes: text.count), from: id)
    }

    /// Queues what client `id` sent for the runtime's thread, which answers one item per job.
    private func enqueue(_ item: Waiting, from id: Int) {
        lock.lock()
        guard let client = clients[id] else {
            lock.unlock()
            return
        }
        if client.waiting.isEmpty { ready.append(id) }
        client.waiting.append(item)
        lock.unlock()
        mailbox.post { [weak self] in self?.answerNext() }
    }

    /// Why a line of `bytes` from client `id` is not posted now, or nil when it is (counted as
    /// waiting). A client refused too many times in a row is dropped.
    private func refusal(of bytes: Int, from id: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let client = clients[id] else { return "the client has gone" }
        client.lastActive = DispatchTime.now().uptimeNanoseconds
        var reason: String?
        if let inFlight, case let busyFor = Double(DispatchTime.now().uptimeNanoseconds - inFlight.since) / 1e9,
           busyFor >= busyAfter {
            reason = "busy: the runtime has been running a request for \(String(format: "%.1f", busyFor)) s; try again, or send 'cancel'"
        } else if client.waitingLines >= Self.maximumWaitingLines || client.waitingBytes + bytes > Self.maximumWaitingBytes {
            reason = "busy: \(client.waitingLines) requests of this client wait for the runtime already; read the answers before sending more"
        } else if waitingBytes + bytes > Self.maximumWaitingBytesInAll {
            reason = "busy: \(waitingBytes >> 20) MB of requests wait for the runtime; try again"
        }
        guard let reason else {
            client.waitingLines += 1
            client.waitingBytes += bytes
            waitingBytes += bytes
            client.refusedLines = 0
            return nil
        }
        client.refusedLines += 1
        if client.refusedLines > Self.maximumRefusedLines { client.dropped = true }
        return reason
    }

    /// On the runtime's thread: answers the first thing waiting of the client whose turn it is,
    /// then gives the turn to the next client, so that one client's backlog does not hold up the
    /// others (each client's answers stay in order). A request is marked as in flight while it
    /// runs. A client that has gone, or was dropped, is skipped with what it sent.
    private func answerNext() {
        lock.lock()
        var next: (id: Int, client: Client, item: Waiting)?
        while next == nil, !ready.isEmpty {
            let id = ready.removeFirst()
            guard let client = clients[id], !client.dropped, !client.waiting.isEmpty else { continue }
            next = (id, client, client.waiting.removeFirst())
            if !client.waiting.isEmpty { ready.append(id) }
        }
        guard let (id, client, item) = next else {
            lock.unlock()
            return
        }
        switch item {
        case .reply(let answer):
            lock.unlock()
            send(answer, to: id)
        case .request(let line, let bytes):
            client.waitingLines -= 1
            client.waitingBytes -= bytes
            waitingBytes -= bytes
            inFlight = (id, DispatchTime.now().uptimeNanoseconds)
            lock.unlock()
            let beginning = service?.begin(line, from: id) ?? .answered(nil)
            lock.lock()
            inFlight = nil
            lock.unlock()
            switch beginning {
            case .answered(let response): if let response { send(response, to: id) }
            case .batch(let batch): continueBatch(batch, of: id)
            }
        case .batch(let batch):
            lock.unlock()
            continueBatch(batch, of: id)
        }
    }

    /// Answers the next request of `batch`; while some remain, the batch waits at the front of
    /// the client's queue for the client's next turn.
    private func continueBatch(_ batch: ControlService.Batch, of id: Int) {
        lock.lock()
        inFlight = (id, DispatchTime.now().uptimeNanoseconds)
        lock.unlock()
        service?.answerNext(of: batch, from: id)
        lock.lock()
        inFlight = nil
        guard !batch.isDone, let client = clients[id] else {
            lock.unlock()
            if batch.isDone, let response = batch.response { send(response, to: id) }
            return
        }
        if client.waiting.isEmpty { ready.append(id) }
        client.waiting.insert(.batch(batch), at: 0)
        lock.unlock()
        mailbox.post { [weak self] in self?.answerNext() }
    }

    /// Answers an over-long line, in order with the client's other answers.
    private func refuseLongLine(from id: Int) {
        let failure = ControlFailure(code: ControlFailure.invalidRequest,
                                     message: "Invalid Request: a message longer than \(maximumMessageBytes) bytes")
        enqueue(.reply(ControlMessage.response(id: nil, failure: failure)), from: id)
    }

    /// Writes what waits for the client; false when it has gone.
    private func flush(_ id: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let client = clients[id] else { return false }
        while client.written < client.output.count {
            let count = client.output.withUnsafeBytes { bytes in
                // MSG_NOSIGNAL: a client gone mid-answer is an error here, not SIGPIPE for the process.
                Glibc.send(client.descriptor, bytes.baseAddress! + client.written, bytes.count - client.written, Int32(MSG_NOSIGNAL))
            }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            client.written += count
        }
        client.output.removeAll(keepingCapacity: client.output.count < 1 << 16)
        client.written = 0
        return true
    }

    private func disconnect(_ id: Int) {
        lock.lock()
        let client = clients.removeValue(forKey: id)
        // What it sent and was not answered never will be.
        waitingBytes -= client?.waitingBytes ?? 0
        lock.unlock()
        guard let client else { return }
        close(client.descriptor)
        mailbox.post { [weak self] in self?.service?.forget(id) }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    private static func makeNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }
}
