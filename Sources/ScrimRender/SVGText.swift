import Foundation

/// A number as SVG attributes write it: at most three decimals, no trailing zeros, never `-0`,
/// so that the same scene always gives the same bytes.
func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        let integer = Int64(rounded)
        return integer == 0 ? "0" : String(integer)
    }
    var text = String(rounded)
    if text.contains("e") {
        text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
    }
    return text
}

/// `text` escaped for XML character data and attribute values.
func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(character)
        }
    }
    return out
}
