import Foundation

/// A number as SVG attributes write it: at most three decimals, no trailing zeros, never `-0`,
/// so that the same scene always gives the same bytes.
func svgNumber(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    // Past 10^15 thousandths are beyond a double's precision, and multiplying by 1000 would
    // overflow near the largest: such a number is written whole, in digits, as SVG's grammar
    // allows (not `inf`, not `1e+20`, never ending in a bare point).
    guard abs(value) < 1e15 else { return String(format: "%.0f", value) }
    let rounded = (value * 1000).rounded() / 1000
    if rounded == rounded.rounded(), abs(rounded) < 1e15 {
        let integer = Int64(rounded)
        return integer == 0 ? "0" : String(integer)
    }
    var text = String(rounded)
    if text.contains("e") {
        text = String(format: "%.3f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
    }
    return text
}

/// `text` escaped for XML character data and attribute values. Characters XML cannot hold at
/// all (control characters other than tab, line feed and carriage return; U+FFFE, U+FFFF) are
/// left out, so that no text a script sets can make a document unreadable. With
/// `keepingWhitespace`, tabs and line breaks are written as references, which an attribute's
/// value keeps (a parser turns them into spaces otherwise).
public func xmlEscaped(_ text: String, keepingWhitespace: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case _ where keepingWhitespace && (scalar == "\t" || scalar == "\n" || scalar == "\r"): out += "&#\(scalar.value);"
        case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
        case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: continue
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
