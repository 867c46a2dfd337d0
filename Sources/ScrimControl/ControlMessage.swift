import LuaBridge
import ScrimCore
import ScrimLua

/// The control protocol's messages: JSON-RPC 2.0, one message per line (a request, a
/// notification, or a batch of them), answered by one line (a response or a batch of them).
enum ControlMessage {
    /// A request (with an `id`) or a notification (without).
    struct Request {
        var id: JSONValue?
        var method: String
        /// The `params` object; `[:]` when absent.
        var params: [String: JSONValue]
    }

    /// A line as requests: one, or a batch; each entry a request or why it is not one.
    enum Parsed {
        case single(Result<Request, ControlFailure>)
        case batch([Result<Request, ControlFailure>])
    }

    static func parse(_ line: String) -> Parsed {
        let document: JSONValue
        do {
            document = try JSONValue(parsing: line)
        } catch {
            return .single(.failure(ControlFailure(code: ControlFailure.parseError, message: "Parse error: \(error)")))
        }
        if case .array(let entries) = document {
            guard !entries.isEmpty else {
                return .single(.failure(ControlFailure(code: ControlFailure.invalidRequest, message: "Invalid Request: an empty batch")))
            }
            return .batch(entries.map(request))
        }
        return .single(request(document))
    }

    private static func request(_ value: JSONValue) -> Result<Request, ControlFailure> {
        guard case .object(let fields) = value else {
            return .failure(.invalid("a request must be an object", id: nil))
        }
        var id: JSONValue?
        switch fields["id"] {
        case nil: id = nil
        case .string?, .number?, .null?: id = fields["id"]
        default: return .failure(.invalid("'id' must be a string, a number or null", id: nil))
        }
        guard fields["jsonrpc"] == .string("2.0") else {
            return .failure(.invalid("'jsonrpc' must be \"2.0\"", id: id))
        }
        guard case .string(let method)? = fields["method"] else {
            return .failure(.invalid("'method' must be a string", id: id))
        }
        switch fields["params"] {
        case nil: return .success(Request(id: id, method: method, params: [:]))
        case .object(let params)?: return .success(Request(id: id, method: method, params: params))
        default: return .failure(.invalid("'params' must be an object (Scrim's methods take named parameters)", id: id))
        }
    }

    /// A response carrying `result`, given as JSON text.
    static func response(id: JSONValue, resultJSON: String) -> String {
        "{\"jsonrpc\":\"2.0\",\"id\":\(id.json),\"result\":\(resultJSON)}"
    }

    /// An error response; `id` is null when the request's id could not be read.
    static func response(id: JSONValue?, failure: ControlFailure) -> String {
        var error = "{\"code\":\(failure.code),\"message\":\(jsonString(failure.message))"
        if let data = failure.data { error += ",\"data\":\(data.json)" }
        return "{\"jsonrpc\":\"2.0\",\"id\":\((id ?? .null).json),\"error\":\(error)}}"
    }

    /// A notification from the runtime (`trace`), its params given as JSON text.
    static func notification(method: String, paramsJSON: String) -> String {
        "{\"jsonrpc\":\"2.0\",\"method\":\(jsonString(method)),\"params\":\(paramsJSON)}"
    }
}

/// A request that failed: a JSON-RPC error code, a message, and optional data.
struct ControlFailure: Error {
    var code: Int
    var message: String
    var data: JSONValue?
    /// The request id to answer with, when known.
    var id: JSONValue?

    init(code: Int, message: String, data: JSONValue? = nil, id: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
        self.id = id
    }

    static let parseError = -32700
    static let invalidRequest = -32600
    static let methodNotFound = -32601
    static let invalidParams = -32602
    /// Lua code failed: a chunk, a plugin load or a reload (`data` has `where`, `traceback`).
    static let scriptFailed = 1
    /// The connection is refused or dropped (another user, too many clients).
    static let refused = 2
    /// The request was cancelled (`cancel`, Ctrl-C on `scrim repl --attach`).
    static let cancelled = 3
    /// The runtime is busy with another request, or the client has too many waiting: try again.
    static let busy = 4
    /// The answer is longer than a client is sent at once (`ControlService.longestAnswer`).
    static let tooLarge = 5

    static func invalid(_ reason: String, id: JSONValue?) -> ControlFailure {
        ControlFailure(code: invalidRequest, message: "Invalid Request: \(reason)", id: id)
    }

    static func params(_ reason: String) -> ControlFailure {
        ControlFailure(code: invalidParams, message: "Invalid params: \(reason)")
    }

    static func script(_ error: LuaError, output: String? = nil) -> ControlFailure {
        var data = error.json
        if let output, case .object(var fields) = data {
            fields["output"] = .string(output)
            data = .object(fields)
        }
        return ControlFailure(code: scriptFailed, message: error.description, data: data)
    }
}
