import Foundation

/// JSON text appended as UTF-8 bytes to a buffer that is used again line after line: a trace
/// line is written without building a string for it or for any of its parts (that building was
/// most of what writing the trace cost).
///
/// Its own storage, not an array: appending to an array checks uniqueness and goes through
/// generic code on every call.
public struct JSONLineBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    public private(set) var count = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes so far.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// The bytes so far as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Empties the buffer, keeping its storage.
    public mutating func removeAll() { count = 0 }

    /// Makes room for `more` bytes.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(2 * capacity, count + more))
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = max(2 * capacity, count + more)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        reserve(bytes.count)
        (start + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    @inline(__always)
    mutating func append(byte: UInt8) {
        reserve(1)
        start[count] = byte
        count += 1
    }

    /// Text already in JSON form.
    mutating func append(raw text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// `value` in decimal digits.
    mutating func append(integer value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(digits: value.magnitude, atLeast: 1)
    }

    /// The digits of `value`, zero-padded to `width`.
    @inline(__always)
    private mutating func append(digits value: UInt, atLeast width: Int) {
        var length = 1, rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        length = max(length, width)
        reserve(length)
        var value = value
        for offset in stride(from: count + length - 1, through: count, by: -1) {
            start[offset] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
        count += length
    }

    /// `value` with six decimals, as `sixDecimals` writes it (exactly as `%.6f`).
    mutating func append(sixDecimals value: Double) {
        let scaled = value * 1_000_000
        guard scaled.magnitude < 1e12, (scaled - scaled.rounded(.down) - 0.5).magnitude > 1e-3 else {
            return append(raw: String(format: "%.6f", value))
        }
        let micros = UInt(Int64(scaled.rounded()).magnitude)
        if value.sign == .minus { append(byte: UInt8(ascii: "-")) }
        append(digits: micros / 1_000_000, atLeast: 1)
        append(byte: UInt8(ascii: "."))
        append(digits: micros % 1_000_000, atLeast: 6)
    }

    /// `value` as a JSON string literal, as `jsonString` writes it.
    mutating func append(string value: String) {
        var value = value
        let plain = value.withUTF8 { text in
            guard !text.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 }) else { return false }
            append(byte: 0x22)
            append(text)
            append(byte: 0x22)
            return true
        }
        if !plain { append(raw: jsonString(value)) }
    }
}
