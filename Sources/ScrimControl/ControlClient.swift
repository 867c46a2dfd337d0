import Foundation
import LuaBridge
import ScrimCore

/// A client of a runtime's control socket (`scrim repl --attach` is one): sends a request,
/// waits for its answer, and hands the notifications that arrive meanwhile to `onNotification`.
/// Used from one thread.
public final class ControlClient {
    /// What went wrong with a call: the runtime's error answer (`code` as JSON-RPC gives it), or
    /// a broken connection (`code` nil).
    public struct Failure: Error, CustomStringConvertible {
        public var code: Int?
        public var message: String
        public var data: JSONValue?
        public var description: String { message }
    }

    /// The connected socket, for a host's `poll` (readable when a notification arrives).
    public let descriptor: Int32
    /// Called with each notification's method and params.
    public var onNotification: (String, JSONValue) -> Void = { _, _ in }
    /// While a call waits for its answer, `onInterrupt` is called each time `interruptCount`
    /// has changed (Ctrl-C, `LuaState.interruptSignals`): `scrim repl --attach` sends `cancel`.
    public var interruptCount: () -> Int = { 0 }
    public var onInterrupt: () -> Void = {}
    /// `interruptCount` as the call in progress last saw it.
    private var interruptsSeen = 0
    private var input: [UInt8] = []
    private var nextID = 1

    /// Connects to the runtime listening at `path`.
    public init(path: String) throws(ControlSocketError) {
        descriptor = try ControlSocket.connect(to: path)
    }

    deinit { close(descriptor) }

    /// Sends `method` with `params` and returns its result.
    public func call(_ method: String, _ params: [String: JSONValue] = [:]) throws(Failure) -> JSONValue {
        let id = nextID
        nextID += 1
        interruptsSeen = interruptCount()
        let request = JSONValue.object([
            "jsonrpc": .string("2.0"), "id": .number(Double(id)), "method": .string(method), "params": .object(params),
        ])
        try send(request.json)
        while true {
            let message = try readMessage()
            guard case .object(let fields) = message else { continue }
            if fields["id"] == nil, case .string(let name)? = fields["method"] {
                onNotification(name, fields["params"] ?? .null)
                continue
            }
            guard fields["id"] == .number(Double(id)) else { continue }
            if case .object(let error)? = fields["error"] {
                var code: Int?
                if case .number(let number)? = error["code"] { code = Int(exactly: number) }
                var text = "error"
                if case .string(let message)? = error["message"] { text = message }
                throw Failure(code: code, message: text, data: error["data"])
            }
            return fields["result"] ?? .null
        }
    }

    /// Sends `method` as a notification: no answer comes.
    public func notify(_ method: String, _ params: [String: JSONValue] = [:]) throws(Failure) {
        try send(JSONValue.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": .object(params)]).json)
    }

    /// Hands over the notifications that have arrived, without waiting.
    public func takeNotifications() throws(Failure) {
        while let message = try readMessage(waiting: false) {
            if case .object(let fields) = message, fields["id"] == nil, case .string(let name)? = fields["method"] {
                onNotification(name, fields["params"] ?? .null)
            }
        }
    }

    private func send(_ line: String) throws(Failure) {
        var bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else {
                if count < 0, errno == EINTR { continue }
                throw Failure(code: nil, message: "the runtime closed the connection")
            }
            sent += count
        }
    }

    private func readMessage() throws(Failure) -> JSONValue {
        // Waiting never returns nil.
        try readMessage(waiting: true)!
    }

    /// The next line as JSON; nil when `waiting` is false and no whole line has arrived.
    private func readMessage(waiting: Bool) throws(Failure) -> JSONValue? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let newline = input.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: input[..<newline], as: UTF8.self)
                input.removeSubrange(...newline)
                do {
                    return try JSONValue(parsing: line)
                } catch {
                    throw Failure(code: nil, message: "the runtime sent a line that is not JSON: \(error)")
                }
            }
            if waiting {
                // Woken every 0.1 s, or by the signal, to notice an interrupt however it fell.
                var readable = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&readable, 1, 100)
                if interruptCount() != interruptsSeen {
                    interruptsSeen = interruptCount()
                    onInterrupt()
                }
                if ready <= 0 { continue }
            }
            let count = recv(descriptor, &buffer, buffer.count, waiting ? 0 : Int32(MSG_DONTWAIT))
            if count < 0, errno == EINTR { continue }
            if count < 0, !waiting, errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            guard count > 0 else { throw Failure(code: nil, message: "the runtime closed the connection") }
            input.append(contentsOf: buffer[0..<count])
        }
    }
}
