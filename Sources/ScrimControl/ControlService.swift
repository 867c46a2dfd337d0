import Foundation
import LuaBridge
import ScrimCore
import ScrimLua

/// The runtime's side of the control socket: answers each request line on the runtime's
/// thread, and keeps what belongs to a client (its REPL session, its trace subscription) until
/// the client goes.
///
/// Methods (named parameters; results are objects unless said):
/// - `eval {code, chunkName?}` → `{output, results, descriptions}` (`Runtime.evaluate`)
/// - `loadPlugin {name | path}` → `{name, version, path}`
/// - `reload {name?}` → `{reloaded: [names]}`; without a name, every loaded plugin
/// - `plugins` → `[{name, version, path, reloadCount}]`
/// - `tree` → the hierarchy snapshot (`Window.hierarchySnapshot`)
/// - `trace {since?}` → `{events: [trace events], next, more?}`: events whose `seq` ≥ `since`,
///   up to 8 MB of them; `next` is the `seq` to ask from next time (the next event's, or with
///   `more: true` the first left out)
/// - `tick {frames?}` / `advance {seconds}` → `{t}`; cancelled (`cancel`), an error with the
///   clock time reached
/// - `cancel` → `{cancelled}`: stops the request the runtime is running for any client (an
///   `eval` fails with `interrupted!`, frames stop); answered on the server's own thread, so at
///   once (`ControlServer`)
/// - `subscribe` → `{next}`: from then on, every trace event arrives as a `trace` notification;
///   `unsubscribe` → `{}`
/// - `repl {line}` → `{output, prompt, quit}`: a line for this client's REPL session
///   (`ReplSession`, with its meta-commands); `repl {cancel: true}` drops an unfinished chunk;
///   `complete {text}` → `{names, replacing}`
final class ControlService {
    private let host: ControlHost
    /// Sends a line to a client (through the server's outbox); callable on the runtime's thread.
    private let send: (Int, String) -> Void
    private var sessions: [Int: ReplSession] = [:]
    private var subscriptions: [Int: TraceObservation] = [:]

    init(host: ControlHost, send: @escaping (Int, String) -> Void) {
        self.host = host
        self.send = send
    }

    /// The longest answer a client is sent: it is kept whole until the client reads it.
    static let longestAnswer = ControlServer.maximumPendingOutput

    /// Answers one line from `client`: the response line, or nil when it held only notifications.
    /// A batch is answered request by request until a cancel comes (`LuaState.Canceller`, the
    /// `cancel` method, Ctrl-C); the requests after it are answered as cancelled, unrun.
    func answer(_ line: String, from client: Int) -> String? {
        switch begin(line, from: client) {
        case .answered(let response):
            return response
        case .batch(let batch):
            while !batch.isDone { answerNext(of: batch, from: client) }
            return batch.response
        }
    }

    /// A line's answer, or a batch to answer one request at a time (`answerNext`), so that a
    /// server can let other clients take turns between its requests.
    enum Beginning {
        case answered(String?)
        case batch(Batch)
    }

    /// A batch being answered: its requests, the responses so far, and the cancels when it began.
    final class Batch {
        fileprivate let entries: [Result<ControlMessage.Request, ControlFailure>]
        fileprivate var next = 0
        fileprivate var responses: [String] = []
        fileprivate var room = ControlService.longestAnswer
        fileprivate let cancels: UInt?

        fileprivate init(_ entries: [Result<ControlMessage.Request, ControlFailure>], cancels: UInt?) {
            self.entries = entries
            self.cancels = cancels
        }

        var isDone: Bool { next == entries.count }
        /// The batch's response line, once done (nil when it held only notifications).
        var response: String? { responses.isEmpty ? nil : "[" + responses.joined(separator: ",") + "]" }
    }

    /// Answers `line` if it is one request; a batch is returned to be answered request by request.
    func begin(_ line: String, from client: Int) -> Beginning {
        switch ControlMessage.parse(line) {
        case .single(let entry):
            return .answered(answer(entry, from: client).map { Self.bounded($0, id: Self.id(of: entry), room: Self.longestAnswer) })
        case .batch(let entries):
            return .batch(Batch(entries, cancels: host.cancelCount))
        }
    }

    /// Answers the next request of `batch`; once a cancel has come since it began, the rest are
    /// answered as cancelled, unrun.
    func answerNext(of batch: Batch, from client: Int) {
        guard !batch.isDone else { return }
        let entry = batch.entries[batch.next]
        batch.next += 1
        let response: String?
        if case .success(let request) = entry, host.cancelCount != batch.cancels {
            response = request.id.map { ControlMessage.response(id: $0, failure: Self.batchCancelled) }
        } else {
            response = answer(entry, from: client)
        }
        guard let response else { return }
        let kept = Self.bounded(response, id: Self.id(of: entry), room: batch.room)
        batch.room -= kept.utf8.count + 1
        batch.responses.append(kept)
    }

    private static let batchCancelled = ControlFailure(
        code: ControlFailure.cancelled, message: "cancelled: a cancel came before this request of the batch ran")

    private static func id(of entry: Result<ControlMessage.Request, ControlFailure>) -> JSONValue? {
        switch entry {
        case .success(let request): request.id
        case .failure(let failure): failure.id
        }
    }

    /// `response`, or an error in its place when it is longer than `room` bytes.
    private static func bounded(_ response: String, id: JSONValue?, room: Int) -> String {
        let length = response.utf8.count
        guard length > room else { return response }
        let megabytes = String(format: "%.1f", Double(length) / Double(1 << 20))
        return ControlMessage.response(id: id, failure: ControlFailure(
            code: ControlFailure.tooLarge,
            message: "too large: the answer is \(megabytes) MB, more than the \(longestAnswer >> 20) MB a client is sent at once"))
    }

    private static func framesCancelled(at time: Double) -> ControlFailure {
        ControlFailure(code: ControlFailure.cancelled, message: "cancelled: the frames stopped at t=\(formatNumber(time))",
                       data: .object(["t": .number((time * 1e6).rounded() / 1e6)]))
    }

    /// Forgets what belonged to `client`, which has gone.
    func forget(_ client: Int) {
        sessions[client] = nil
        subscriptions.removeValue(forKey: client)?.cancel()
    }

    private func answer(_ entry: Result<ControlMessage.Request, ControlFailure>, from client: Int) -> String? {
        let request: ControlMessage.Request
        switch entry {
        case .failure(let failure): return ControlMessage.response(id: failure.id, failure: failure)
        case .success(let parsed): request = parsed
        }
        let result: Result<String, ControlFailure>
        do {
            result = .success(try perform(request, for: client))
        } catch let failure as ControlFailure {
            result = .failure(failure)
        } catch {
            result = .failure(ControlFailure(code: -32603, message: "Internal error: \(error)"))
        }
        guard let id = request.id else { return nil }
        switch result {
        case .success(let json): return ControlMessage.response(id: id, resultJSON: json)
        case .failure(let failure): return ControlMessage.response(id: id, failure: failure)
        }
    }

    /// Runs a request; returns its result as JSON text.
    private func perform(_ request: ControlMessage.Request, for client: Int) throws -> String {
        let params = Parameters(request.params)
        switch request.method {
        case "eval":
            let evaluation = host.evaluate(try params.string("code"), chunkName: try params.optionalString("chunkName") ?? "=eval")
            if let error = evaluation.error { throw ControlFailure.script(error, output: evaluation.output) }
            return evaluation.json.json
        case "loadPlugin":
            let target: String
            switch (try params.optionalString("name"), try params.optionalString("path")) {
            case (let name?, nil): target = name
            case (nil, let path?): target = path.contains("/") ? path : "./" + path
            default: throw ControlFailure.params("give 'name' or 'path'")
            }
            do { return Self.describe(try host.loadPlugin(target)).json } catch { throw ControlFailure.script(error) }
        case "reload":
            let names = try params.optionalString("name").map { [$0] } ?? host.plugins.loaded.map(\.name)
            for name in names {
                do { try host.reload(name) } catch { throw ControlFailure.script(error) }
            }
            return JSONValue.object(["reloaded": .array(names.map { .string($0) })]).json
        case "plugins":
            return JSONValue.array(host.plugins.loaded.map(Self.describe)).json
        case "tree":
            return host.tree.json
        case "trace":
            return Self.tracePage(host.trace(since: try params.optionalInteger("since", atLeast: 0) ?? 0),
                                  next: host.nextSeq)
        case "tick":
            let frames = try params.optionalInteger("frames", atLeast: 0) ?? 1
            if let refusal = host.refusalOfFrames(frames) { throw ControlFailure.params(refusal) }
            guard host.tick(frames: frames) else { throw Self.framesCancelled(at: host.now) }
            return JSONValue.object(["t": .number((host.now * 1e6).rounded() / 1e6)]).json
        case "advance":
            let seconds = try params.number("seconds")
            if let refusal = host.refusalOfSeconds(seconds) { throw ControlFailure.params(refusal) }
            guard host.advance(seconds: seconds) else { throw Self.framesCancelled(at: host.now) }
            return JSONValue.object(["t": .number((host.now * 1e6).rounded() / 1e6)]).json
        case "subscribe":
            if subscriptions[client] == nil {
                subscriptions[client] = host.observeTrace { [send] event in
                    send(client, ControlMessage.notification(method: "trace", paramsJSON: event.jsonLine))
                }
            }
            return JSONValue.object(["next": .number(Double(host.nextSeq))]).json
        case "unsubscribe":
            subscriptions.removeValue(forKey: client)?.cancel()
            return "{}"
        case "repl":
            let session = self.session(for: client)
            if request.params["cancel"] == .bool(true) {
                session.cancelPending()
                return JSONValue.object(["output": .string(""), "prompt": .string(session.prompt), "quit": .bool(false)]).json
            }
            let line = try params.string("line")
            let output = host.capturingOutput { session.submit(line) }
            return JSONValue.object([
                "output": .string(output), "prompt": .string(session.prompt), "quit": .bool(session.wantsQuit),
            ]).json
        case "complete":
            let (names, replacing) = session(for: client).completions(for: try params.string("text"))
            return JSONValue.object([
                "names": .array(names.map { .string($0) }), "replacing": .number(Double(replacing)),
            ]).json
        default:
            throw ControlFailure(code: ControlFailure.methodNotFound, message: "Method not found: '\(request.method)'")
        }
    }

    /// The most event text one `trace` answer holds (at least one event): a long trace comes
    /// in pages.
    static let longestTracePage = 8 << 20

    /// `{events, next}` for `events`, as many as `longestTracePage` takes; when some are left,
    /// `next` is the first of them and `more` is true, else `next` is `nextSeq`.
    private static func tracePage(_ events: ArraySlice<TraceEvent>, next nextSeq: Int) -> String {
        var lines: [String] = []
        var bytes = 0
        var next = nextSeq
        for event in events {
            let line = event.jsonLine
            if !lines.isEmpty, bytes + line.utf8.count > longestTracePage {
                next = event.seq
                break
            }
            bytes += line.utf8.count + 1
            lines.append(line)
        }
        let more = next == nextSeq ? "" : ",\"more\":true"
        return "{\"events\":[\(lines.joined(separator: ","))],\"next\":\(next)\(more)}"
    }

    /// This client's REPL session; its output goes where the runtime prints, which `repl` collects.
    private func session(for client: Int) -> ReplSession {
        if let session = sessions[client] { return session }
        let session = ReplSession(runtime: host, clock: host.switchableClock) { [host] line in
            host.printOutput(line)
        }
        sessions[client] = session
        return session
    }

    private static func describe(_ plugin: Plugin) -> JSONValue {
        .object(["name": .string(plugin.name), "version": plugin.version.map { .string($0) } ?? .null,
                 "path": .string(plugin.path), "reloadCount": .number(Double(plugin.reloadCount))])
    }
}

/// A request's named parameters, read with checks that answer `Invalid params`.
private struct Parameters {
    let fields: [String: JSONValue]
    init(_ fields: [String: JSONValue]) { self.fields = fields }

    func string(_ name: String) throws(ControlFailure) -> String {
        guard let value = try optionalString(name) else { throw ControlFailure.params("'\(name)' is required (a string)") }
        return value
    }

    func optionalString(_ name: String) throws(ControlFailure) -> String? {
        switch fields[name] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw ControlFailure.params("'\(name)' must be a string")
        }
    }

    func number(_ name: String) throws(ControlFailure) -> Double {
        guard case .number(let value)? = fields[name] else { throw ControlFailure.params("'\(name)' is required (a number)") }
        return value
    }

    func optionalInteger(_ name: String, atLeast minimum: Int) throws(ControlFailure) -> Int? {
        switch fields[name] {
        case nil, .null?: return nil
        case .number(let value)? where value == value.rounded() && value >= Double(minimum) && value < 1e15:
            return Int(value)
        default: throw ControlFailure.params("'\(name)' must be a whole number >= \(minimum)")
        }
    }
}
