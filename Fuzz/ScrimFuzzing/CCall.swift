import ScrimCore

/// One call of a C ABI program, as a line of text a person can read and edit:
///
///     scrim_tick(r1, -2147483648)
///     async scrim_cancel(r2)
///     scrim_set_trace_callback(r1, callback{scrim_eval(r1, "step()", &out); scrim_destroy(r1)}, ctx)
///
/// `rN` is the runtime in slot N (also after it was destroyed), `&rN` the slot `scrim_create`
/// fills, `&out` a place for a string handed back, `out` the latest such string not yet freed,
/// `ctx` the callback's context, `bytes:…` a string that is not UTF-8 (hex). `async` runs the
/// call on a thread of its own, alongside the next line.
public struct CCall: Equatable, Sendable {
    public enum Argument: Equatable, Sendable {
        case null
        case runtime(Int)
        case runtimeSlot(Int)
        case outPlace
        case latestOut
        case context
        case number(String)
        case string([UInt8])
        case callback([CCall])
    }

    public var function: String
    public var arguments: [Argument]
    public var isAsync: Bool

    public init(_ function: String, _ arguments: [Argument], isAsync: Bool = false) {
        self.function = function
        self.arguments = arguments
        self.isAsync = isAsync
    }

    public var text: String {
        (isAsync ? "async " : "") + function + "(" + arguments.map(Self.text(of:)).joined(separator: ", ") + ")"
    }

    private static func text(of argument: Argument) -> String {
        switch argument {
        case .null: "NULL"
        case .runtime(let slot): "r\(slot)"
        case .runtimeSlot(let slot): "&r\(slot)"
        case .outPlace: "&out"
        case .latestOut: "out"
        case .context: "ctx"
        case .number(let text): text
        case .string(let bytes):
            if let text = String(validating: bytes, as: UTF8.self) { JSONValue.string(text).json }
            else { "bytes:" + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined() }
        case .callback(let calls): "callback{" + calls.map(\.text).joined(separator: "; ") + "}"
        }
    }

    /// Reads a line `text` wrote; nil for what is not one.
    public init?(parsing line: String) {
        var reader = Reader(bytes: Array(line.utf8))
        guard let call = reader.call(), reader.atEnd else { return nil }
        self = call
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0

        var atEnd: Bool {
            mutating get { skipSpaces(); return at == bytes.count }
        }

        mutating func skipSpaces() { while at < bytes.count, bytes[at] == UInt8(ascii: " ") { at += 1 } }

        mutating func word() -> String {
            skipSpaces()
            let start = at
            while at < bytes.count, bytes[at] == UInt8(ascii: "_") || bytes[at] == UInt8(ascii: "&") || bytes[at] == UInt8(ascii: ".")
                    || bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: ":")
                    || (bytes[at] >= 0x30 && bytes[at] <= 0x39) || (bytes[at] | 0x20 >= 0x61 && bytes[at] | 0x20 <= 0x7A) {
                at += 1
            }
            return String(decoding: bytes[start..<at], as: UTF8.self)
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpaces()
            guard at < bytes.count, bytes[at] == character.asciiValue! else { return false }
            at += 1
            return true
        }

        mutating func call() -> CCall? {
            var name = word()
            var isAsync = false
            if name == "async" {
                isAsync = true
                name = word()
            }
            guard name.hasPrefix("scrim_"), take("(") else { return nil }
            var arguments: [Argument] = []
            if take(")") { return CCall(name, arguments, isAsync: isAsync) }
            repeat {
                guard let argument = argument() else { return nil }
                arguments.append(argument)
            } while take(",")
            guard take(")") else { return nil }
            return CCall(name, arguments, isAsync: isAsync)
        }

        mutating func argument() -> Argument? {
            skipSpaces()
            if at < bytes.count, bytes[at] == UInt8(ascii: "\"") { return quoted() }
            let token = word()
            switch token {
            case "NULL": return .null
            case "&out": return .outPlace
            case "out": return .latestOut
            case "ctx": return .context
            case "callback":
                guard take("{") else { return nil }
                var calls: [CCall] = []
                if take("}") { return .callback(calls) }
                repeat {
                    guard let call = call() else { return nil }
                    calls.append(call)
                } while take(";")
                return take("}") ? .callback(calls) : nil
            default:
                if token.hasPrefix("&r"), let slot = Int(token.dropFirst(2)) { return .runtimeSlot(slot) }
                if token.hasPrefix("r"), let slot = Int(token.dropFirst()) { return .runtime(slot) }
                if token.hasPrefix("bytes:") {
                    let hex = Array(token.dropFirst(6))
                    guard hex.count % 2 == 0 else { return nil }
                    let values = stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(hex[$0..<$0 + 2]), radix: 16) }
                    return values.count * 2 == hex.count ? .string(values) : nil
                }
                return token.isEmpty ? nil : .number(token)
            }
        }

        mutating func quoted() -> Argument? {
            let start = at
            at += 1
            while at < bytes.count, bytes[at] != UInt8(ascii: "\"") { at += bytes[at] == UInt8(ascii: "\\") ? 2 : 1 }
            guard at < bytes.count else { return nil }
            at += 1
            guard case .string(let text)? = try? JSONValue(parsing: String(decoding: bytes[start..<at], as: UTF8.self)) else { return nil }
            return .string(Array(text.utf8))
        }
    }
}
