/// A font file's bytes, read big-endian with every read checked against the end.
///
/// A font file is data from outside: its offsets and counts are believed only as far as the
/// bytes go, so a truncated or garbage file ends in a `FontError`, never in a trap.
struct FontBytes {
    let bytes: [UInt8]
    /// The file's path, for the errors.
    let path: String

    var count: Int { bytes.count }

    /// Whether `length` bytes starting at `offset` lie inside the file.
    func contains(offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= bytes.count && length <= bytes.count - offset
    }

    func uint8(at offset: Int) -> UInt8? {
        contains(offset: offset, length: 1) ? bytes[offset] : nil
    }

    func uint16(at offset: Int) -> UInt16? {
        guard contains(offset: offset, length: 2) else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16? {
        uint16(at: offset).map { Int16(bitPattern: $0) }
    }

    func uint32(at offset: Int) -> UInt32? {
        guard contains(offset: offset, length: 4) else { return nil }
        return UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16
            | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// The error for this file: `"<path>: <problem>"`.
    func error(_ problem: String) -> FontError { FontError("\(path): \(problem)") }

    /// A read that must succeed: a missing value is the file's fault, described by `problem`.
    func require<T>(_ value: T?, _ problem: @autoclosure () -> String) throws(FontError) -> T {
        guard let value else { throw error(problem()) }
        return value
    }
}

/// Where one table lies in a font file.
struct FontTable {
    let offset: Int
    let length: Int
}
