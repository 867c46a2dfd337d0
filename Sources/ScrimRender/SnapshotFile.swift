import Foundation
import ScrimCore

/// Why a snapshot file could not be read.
public struct SnapshotFileError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// A frame kept as a snapshot: an SVG that any browser shows, whose `<metadata>` holds the
/// frame's `FrameDescription`, one view to a line — a JSON object without its subviews,
/// indented two spaces for each level below the window — so that a change reviews as a short
/// diff, and reading it back never nests deeper than a view's own properties. Tests compare
/// the description, never the picture: a change in how frames are written is not a change of
/// the frame.
public enum SnapshotFile {
    static let open = "<metadata id=\"scrim-snapshot\">\n"
    static let close = "</metadata>\n"
    public static let openTag = "<metadata id=\"scrim-snapshot\">"
    public static let closeTag = "</metadata>"
    /// The most views a description read back holds.
    public static let mostViews = 50_000

    /// The snapshot file of a frame: its SVG, with `description` in its metadata.
    public static func text(scene: Scene, description: JSONValue) -> String {
        let svg = scene.svg
        // The document's first line is the `<svg>` element's start tag.
        guard let end = svg.firstIndex(of: "\n") else { return svg }
        var lines = ""
        write(description, depth: 0, into: &lines)
        return String(svg[...end]) + open + escaped(lines) + close + String(svg[svg.index(after: end)...])
    }

    /// The description a snapshot file holds, of at most `largest` bytes and as deep as a view
    /// tree can be (`View.deepestTree`).
    public static func description(in text: String, largest: Int = .max) throws(SnapshotFileError) -> JSONValue {
        guard let start = text.range(of: openTag), let end = text.range(of: closeTag, range: start.upperBound..<text.endIndex) else {
            throw SnapshotFileError(message: "not a Scrim snapshot (no <metadata id=\"scrim-snapshot\">)")
        }
        guard text.utf8.distance(from: start.upperBound.samePosition(in: text.utf8) ?? text.utf8.startIndex,
                                 to: end.lowerBound.samePosition(in: text.utf8) ?? text.utf8.endIndex) <= largest else {
            throw SnapshotFileError(message: "its description is larger than \(largest >> 20) MB; not one Scrim wrote")
        }
        let body = xmlUnescaped(String(text[start.upperBound..<end.lowerBound]))
        // The views whose subviews are still being read, the window first; a line's
        // indentation says how many views are above it.
        var stack: [(fields: [String: JSONValue], subviews: [JSONValue])] = []
        func finish() -> JSONValue {
            var (fields, subviews) = stack.removeLast()
            if !subviews.isEmpty { fields["subviews"] = .array(subviews) }
            return .object(fields)
        }
        // Lines end in LF or CRLF (a checkout may have turned one into the other).
        for (number, line) in body.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let place = "line \(number + 1) of its description"
            let spaces = line.prefix { $0 == " " }.count
            let depth = spaces / 2
            guard number < mostViews else {
                throw SnapshotFileError(message: "\(place): more views than a snapshot holds (\(mostViews))")
            }
            guard depth < View.deepestTree else {
                throw SnapshotFileError(message: "\(place): deeper than a view tree can be (\(View.deepestTree) levels)")
            }
            guard spaces % 2 == 0, number == 0 ? depth == 0 : (1...stack.count).contains(depth) else {
                throw SnapshotFileError(message: "\(place): out of place (one window first, each view one level below its superview)")
            }
            guard case .object(let fields)? = try? JSONValue(parsing: String(line.dropFirst(spaces))) else {
                throw SnapshotFileError(message: "\(place): not a JSON object")
            }
            while stack.count > depth {
                let view = finish()
                stack[stack.count - 1].subviews.append(view)
            }
            stack.append((fields, []))
        }
        guard !stack.isEmpty else { throw SnapshotFileError(message: "its description is empty") }
        while stack.count > 1 {
            let view = finish()
            stack[stack.count - 1].subviews.append(view)
        }
        return finish()
    }

    /// Appends `view` and its subviews, one line each.
    static func write(_ view: JSONValue, depth: Int, into out: inout String) {
        guard case .object(var fields) = view else { return out += view.json + "\n" }
        let subviews = fields.removeValue(forKey: "subviews")
        out += String(repeating: "  ", count: depth) + "{"
        var parts: [String] = []
        if let label = fields.removeValue(forKey: "view") { parts.append("\"view\":" + label.json) }
        for key in fields.keys.sorted() { parts.append(jsonString(key) + ":" + rounded(fields[key]!).json) }
        out += parts.joined(separator: ",") + "}\n"
        if case .array(let views)? = subviews {
            for subview in views { write(subview, depth: depth + 1, into: &out) }
        }
    }

    /// JSON text as an element's text: only what would end it or start markup escaped, so the
    /// JSON's quotes stay readable; the two characters XML cannot hold, which JSON writes raw,
    /// written as JSON escapes.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\u{FFFE}", with: "\\ufffe").replacingOccurrences(of: "\u{FFFF}", with: "\\uffff")
    }

    /// Numbers to a millionth, as they are written: a difference of rounding between two
    /// machines does not show as a change of the file.
    static func rounded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let x) where x.isFinite && abs(x) < 1e9: return .number((x * 1e6).rounded() / 1e6)
        case .array(let values): return .array(values.map(rounded))
        case .object(let fields): return .object(fields.mapValues(rounded))
        default: return value
        }
    }

    /// Text `escaped` (or `xmlEscaped`) made, read back.
    static func xmlUnescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}
