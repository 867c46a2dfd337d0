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
    /// The event name (UIKit's Swift name, flattened; see `TraceEventName`).
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
        var line = "{\"seq\":"
        line.reserveCapacity(96)
        line += String(seq)
        line += ",\"t\":"
        line += sixDecimals(time)
        line += ",\"event\":"
        line += jsonString(event)
        line += ",\"vc\":"
        line += controller.map(jsonString) ?? "null"
        line += ",\"args\":{"
        for (index, (key, value)) in args.enumerated() {
            if index > 0 { line += "," }
            line += jsonString(key)
            line += ":"
            line += value.json
        }
        line += "}"
        if let by { line += ",\"by\":\(jsonString(by))" }
        line += "}"
        return line
    }

    public var description: String { jsonLine }

    /// About what the event takes in memory: its strings, and a fixed part for the rest.
    var estimatedSize: Int {
        args.reduce(96 + event.utf8.count + (controller?.utf8.count ?? 0) + (by?.utf8.count ?? 0)) { size, arg in
            guard case .string(let text) = arg.1 else { return size + 32 + arg.0.utf8.count }
            return size + 32 + arg.0.utf8.count + text.utf8.count
        }
    }

    public static func == (lhs: TraceEvent, rhs: TraceEvent) -> Bool { lhs.jsonLine == rhs.jsonLine }
    public func hash(into hasher: inout Hasher) { hasher.combine(jsonLine) }
}
