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
        var text = JSONLineBuffer(capacity: 24)
        text.append(self)
        return text.string
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
        var line = JSONLineBuffer()
        line.append(self)
        return line.string
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

extension JSONLineBuffer {
    /// `event` as one line of JSON (no trailing newline): the trace's contract.
    public mutating func append(_ event: TraceEvent) {
        append("{\"seq\":")
        append(integer: event.seq)
        append(",\"t\":")
        append(sixDecimals: event.time)
        append(",\"event\":")
        append(string: event.event)
        append(",\"vc\":")
        if let controller = event.controller { append(string: controller) } else { append("null") }
        append(",\"args\":{")
        for (index, (key, value)) in event.args.enumerated() {
            if index > 0 { append(byte: UInt8(ascii: ",")) }
            append(string: key)
            append(byte: UInt8(ascii: ":"))
            append(value)
        }
        append(byte: UInt8(ascii: "}"))
        if let by = event.by {
            append(",\"by\":")
            append(string: by)
        }
        append(byte: UInt8(ascii: "}"))
    }

    mutating func append(_ value: TraceValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let number): if number.isFinite { append(raw: formatNumber(number)) } else { append("null") }
        case .string(let text): append(string: text)
        }
    }
}
