/// A JSON value, the project's one: trace arguments, what a controller encodes as restorable
/// state and a saved state file holds, the control protocol's messages, evaluation results. Objects keep no key order; `json` writes keys sorted, so saving twice gives the
/// same text.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as compact JSON text, object keys sorted. Non-finite numbers become `null`.
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return jsonNumber(value)
        case .string(let value): return jsonString(value)
        case .array(let values): return "[" + values.map(\.json).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { jsonString($0) + ":" + fields[$0]!.json }.joined(separator: ",") + "}"
        }
    }

    /// Parses JSON text. Errors name the line and column.
    public init(parsing text: String) throws(JSONParseError) {
        var parser = JSONParser(text)
        self = try parser.document()
    }
}
