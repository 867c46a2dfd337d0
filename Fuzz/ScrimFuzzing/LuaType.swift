/// A type as the LuaLS annotations write it (`number`, `View?`, `"push"|"pop"`, `Rect[]`,
/// `{ from: Point, duration: number? }`, `fun(self: View)`), reduced to what the fuzzer needs to
/// make a value of it.
public indirect enum LuaType: Sendable, Equatable, CustomStringConvertible {
    case any
    case number
    case integer
    case boolean
    case string
    case table
    case function
    /// A string literal: one value of an enumeration.
    case literal(String)
    /// A class or an alias, by name.
    case named(String)
    case array(LuaType)
    case record([LuaSurface.Member])
    case union([LuaType])
    case optional(LuaType)

    public var description: String {
        switch self {
        case .any: "any"
        case .number: "number"
        case .integer: "integer"
        case .boolean: "boolean"
        case .string: "string"
        case .table: "table"
        case .function: "function"
        case .literal(let text): "\"\(text)\""
        case .named(let name): name
        case .array(let element): "\(element)[]"
        case .record(let fields): "{ " + fields.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + " }"
        case .union(let members): members.map(\.description).joined(separator: "|")
        case .optional(let wrapped): "\(wrapped)?"
        }
    }

    /// Reads the type at the start of `text` (what follows it, a description, is left);
    /// `generics` gives the constraint of each generic name.
    static func parse(_ text: Substring, generics: [String: LuaType]) -> LuaType {
        var reader = TypeReader(text: Array(text.utf8), generics: generics)
        reader.skipSpaces()
        return reader.union(allowingSpaces: false)
    }
}

/// A recursive-descent reader over one annotation's type. At the top level a space ends the
/// type (a description follows); inside brackets spaces are allowed.
private struct TypeReader {
    let text: [UInt8]
    let generics: [String: LuaType]
    var position = 0

    init(text: [UInt8], generics: [String: LuaType]) {
        self.text = text
        self.generics = generics
    }

    private var current: UInt8? { position < text.count ? text[position] : nil }

    mutating func skipSpaces() {
        while current == UInt8(ascii: " ") || current == UInt8(ascii: "\t") { position += 1 }
    }

    private mutating func take(_ character: Character) -> Bool {
        guard current == character.asciiValue else { return false }
        position += 1
        return true
    }

    mutating func union(allowingSpaces: Bool) -> LuaType {
        var members = [postfixed(allowingSpaces: allowingSpaces)]
        while true {
            let mark = position
            if allowingSpaces { skipSpaces() }
            guard take("|") else {
                position = mark
                break
            }
            if allowingSpaces { skipSpaces() }
            members.append(postfixed(allowingSpaces: allowingSpaces))
        }
        return members.count == 1 ? members[0] : .union(members)
    }

    private mutating func postfixed(allowingSpaces: Bool) -> LuaType {
        var type = primary()
        while true {
            if current == UInt8(ascii: "["), position + 1 < text.count, text[position + 1] == UInt8(ascii: "]") {
                position += 2
                type = .array(type)
            } else if take("?") {
                type = .optional(type)
            } else {
                return type
            }
        }
    }

    private mutating func primary() -> LuaType {
        if take("\"") {
            let start = position
            while let character = current, character != UInt8(ascii: "\"") { position += 1 }
            let literal = String(decoding: text[start..<position], as: UTF8.self)
            _ = take("\"")
            return .literal(literal)
        }
        if take("(") {
            skipSpaces()
            let inner = union(allowingSpaces: true)
            skipSpaces()
            _ = take(")")
            return inner
        }
        if take("{") {
            return record()
        }
        let name = identifier()
        if name == "fun" {
            skipBalanced(open: "(", close: ")")
            // A return type: `fun(): T` (spaces allowed after the colon).
            let mark = position
            if take(":") {
                skipSpaces()
                _ = postfixed(allowingSpaces: true)
            } else {
                position = mark
            }
            return .function
        }
        if current == UInt8(ascii: "<") {
            skipBalanced(open: "<", close: ">")
            return .table
        }
        switch name {
        case "any", "": return .any
        case "number": return .number
        case "integer": return .integer
        case "boolean": return .boolean
        case "string": return .string
        case "table": return .table
        case "function": return .function
        case "nil": return .optional(.any)
        default: return generics[name] ?? .named(name)
        }
    }

    /// `{ name: type, other: type? }`; a field written `name?: type` is optional too.
    private mutating func record() -> LuaType {
        var fields: [LuaSurface.Member] = []
        while true {
            skipSpaces()
            if take("}") || current == nil { break }
            var name = identifier()
            if take("?") { name += "?" }
            skipSpaces()
            guard take(":") else { break }
            skipSpaces()
            var type = union(allowingSpaces: true)
            if name.hasSuffix("?") {
                name.removeLast()
                type = .optional(type)
            }
            fields.append(.init(name: name, type: type))
            skipSpaces()
            _ = take(",")
        }
        return .record(fields)
    }

    private mutating func identifier() -> String {
        let start = position
        while let character = current, character == UInt8(ascii: "_") || character == UInt8(ascii: ".")
                || (character >= UInt8(ascii: "a") && character <= UInt8(ascii: "z"))
                || (character >= UInt8(ascii: "A") && character <= UInt8(ascii: "Z"))
                || (character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9")) {
            position += 1
        }
        return String(decoding: text[start..<position], as: UTF8.self)
    }

    private mutating func skipBalanced(open: Character, close: Character) {
        guard take(open) else { return }
        var depth = 1
        while let character = current, depth > 0 {
            if character == open.asciiValue { depth += 1 }
            if character == close.asciiValue { depth -= 1 }
            position += 1
        }
    }
}
