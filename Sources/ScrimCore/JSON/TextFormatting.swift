import Foundation

// How the trace, descriptions and JSON values write numbers and strings: the same text on every
// run.

/// Formats a number the way the trace and descriptions do: integers without a fraction,
/// others with at most six decimals and no trailing zeros. Deterministic across runs.
public func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    // Past 1e15 six decimals mean nothing, and scaling by 1e6 would overflow to inf near 1e308
    // (an invalid JSON number in the trace): whole digits, or past 2^63 the shortest form
    // that reads back ("1e+308").
    if abs(value) >= 1e15 { return abs(value) < 0x1p63 ? String(Int64(value)) : "\(value)" }
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        return String(Int64(rounded))
    }
    var text = String(format: "%.6f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
}

/// `value` with six decimals, exactly as `%.6f` writes it, in integer arithmetic (formatting
/// with `String(format:)` took most of the time of writing a trace line). Values whose digits
/// integers cannot settle — a tie at the sixth decimal, or too large — go to `String(format:)`.
func sixDecimals(_ value: Double) -> String {
    var line = JSONLineBuffer(capacity: 24)
    line.append(sixDecimals: value)
    return line.string
}

/// `value` as a JSON string literal.
public func jsonString(_ value: String) -> String {
    // Most names need no escaping: quote them whole.
    if !value.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) {
        return "\"" + value + "\""
    }
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

/// A number as a JSON value writes it: whole numbers without a fraction, others in the shortest
/// form that reads back exactly, non-finite ones as `null`.
func jsonNumber(_ value: Double) -> String {
    guard value.isFinite else { return "null" }
    if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
    return "\(value)"
}
