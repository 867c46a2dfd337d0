/// Malformed JSON: what was expected, and where.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// A recursive-descent JSON parser (RFC 8259) over UTF-8 bytes.
struct JSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    mutating func document() throws(JSONParseError) -> JSONValue {
        let value = try value()
        skipWhitespace()
        if position < bytes.count { throw error("unexpected text after the value") }
        return value
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw error("unexpected end of input, a value expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(bytes[position])))', a value expected")
        }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var fields: [String: JSONValue] = [:]
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { position += 1; return .object(fields) }
        while true {
            skipWhitespace()
            guard peek(UInt8(ascii: "\"")) else { throw error("a string key expected") }
            let key = try string()
            skipWhitespace()
            guard peek(UInt8(ascii: ":")) else { throw error("':' expected after key \(jsonString(key))") }
            position += 1
            fields[key] = try value()
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "}")) { position += 1; return .object(fields) }
            throw error("',' or '}' expected in object")
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { position += 1; return .array(values) }
        while true {
            values.append(try value())
            skipWhitespace()
            if peek(UInt8(ascii: ",")) { position += 1; continue }
            if peek(UInt8(ascii: "]")) { position += 1; return .array(values) }
            throw error("',' or ']' expected in array")
        }
    }

    /// A string's bytes are gathered, escapes encoded into them, and decoded once at the end:
    /// appending to a `String` piece by piece reserved exactly what each piece needed, and a
    /// string of many escapes took quadratic time.
    private mutating func string() throws(JSONParseError) -> String {
        position += 1
        var out: [UInt8] = []
        func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { out.append($0) }
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): append(try unicodeEscape())
                default:
                    position -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))'")
                }
            case 0..<0x20:
                throw error("control character in string")
            default:
                out.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    /// After `\u`: four hex digits, or a surrogate pair written as two escapes.
    private mutating func unicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first), bytes[position...].starts(with: Array("\\u".utf8)) {
            position += 2
            let second = try hex4()
            if (0xDC00..<0xE000).contains(second),
               let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) {
                return scalar
            }
        }
        guard let scalar = Unicode.Scalar(first) else { throw error("invalid \\u escape (a lone surrogate)") }
        return scalar
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count,
              let value = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)
        else { throw error("four hex digits expected after \\u") }
        position += 4
        return value
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if peek(UInt8(ascii: "-")) { position += 1 }
        let integer = position
        guard digits() > 0 else { throw error("digits expected in number") }
        if bytes[integer] == UInt8(ascii: "0"), position - integer > 1 {
            position = integer
            throw error("leading zeros are not allowed in numbers")
        }
        if peek(UInt8(ascii: ".")) {
            position += 1
            guard digits() > 0 else { throw error("digits expected after '.'") }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            position += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { position += 1 }
            guard digits() > 0 else { throw error("digits expected in exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            position = start
            throw error("invalid number")
        }
        return value
    }

    private mutating func literal(_ word: String) throws(JSONParseError) {
        guard bytes[position...].starts(with: Array(word.utf8)) else { throw error("invalid literal, '\(word)' expected") }
        position += word.utf8.count
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > 500 { throw error("nested more than 500 deep") }
    }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    /// An error at the current position, with 1-based line and column (in characters).
    private func error(_ message: String) -> JSONParseError {
        let before = bytes[..<min(position, bytes.count)]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let column = String(decoding: bytes[lineStart..<min(position, bytes.count)], as: UTF8.self).count + 1
        return JSONParseError(line: line, column: column, message: message)
    }
}
