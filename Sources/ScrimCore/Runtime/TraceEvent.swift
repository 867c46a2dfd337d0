import Foundation

/// A value in a trace event's `args`.
public enum TraceValue: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)

    public var description: String { json }

    /// The value as JSON text.
    public var json: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return value.isFinite ? formatNumber(value) : "null"
        case .string(let value): return jsonString(value)
        }
    }
}

/// One event of the trace: a callback the runtime made, or something the runtime did.
///
/// Serialized as one JSON line with keys in the fixed order `seq`, `t`, `event`, `vc`, `args`,
/// then `by` when present — the contract scripts and tools read.
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// Position in the runtime's trace, from 0.
    public var seq: Int
    /// Clock time in seconds.
    public var time: Double
    /// The event name (UIKit's Swift name, flattened; see `LifecycleEvent`).
    public var event: String
    /// The name of the view controller the event is about, or nil.
    public var controller: String?
    /// The event's arguments, in the order the runtime gives them.
    public var args: [(String, TraceValue)]
    /// Who handled the event (`lua:<plugin>`, `native:<Type>`), when known.
    public var by: String?

    public init(seq: Int, time: Double, event: String, controller: String?,
                args: [(String, TraceValue)] = [], by: String? = nil) {
        self.seq = seq
        self.time = time
        self.event = event
        self.controller = controller
        self.args = args
        self.by = by
    }

    /// The argument named `key`, if present.
    public subscript(arg key: String) -> TraceValue? {
        args.first { $0.0 == key }?.1
    }

    /// The event as one line of JSON (no trailing newline).
    public var jsonLine: String {
        var line = "{\"seq\":\(seq),\"t\":\(String(format: "%.6f", time)),\"event\":\(jsonString(event)),\"vc\":"
        line += controller.map(jsonString) ?? "null"
        line += ",\"args\":{"
        line += args.map { "\(jsonString($0.0)):\($0.1.json)" }.joined(separator: ",")
        line += "}"
        if let by { line += ",\"by\":\(jsonString(by))" }
        line += "}"
        return line
    }

    public var description: String { jsonLine }

    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool { lhs.jsonLine == rhs.jsonLine }
    public func hash(into hasher: inout Hasher) { hasher.combine(jsonLine) }
}

/// `value` as a JSON string literal.
public func jsonString(_ value: String) -> String {
    var out = "\""
    for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
