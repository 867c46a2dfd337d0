import Foundation

/// The sizes PNG, JPEG and SVG files give in their headers, read with every offset checked:
/// a cut or garbled file gives nil, never a trap.
enum ImageHeader {
    /// A PNG's size: the signature, then the `IHDR` chunk's width and height.
    static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 24, Array(bytes[0..<8]) == signature, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return (Int(bigEndian32(bytes, 16)), Int(bigEndian32(bytes, 20)))
    }

    /// A JPEG's size: the segments after the start-of-image marker, walked by their lengths,
    /// up to the first start-of-frame (baseline, progressive or any other coding).
    static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }   // fill bytes before a marker
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard index + 9 <= bytes.count else { return nil }
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// An SVG's size: the root `<svg>` element's `width` and `height` (plain numbers or `px`),
    /// or its `viewBox`'s, rounded up to whole pixels.
    static func svg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let head = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        guard let open = head.range(of: "<svg"), let close = head[open.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = head[open.upperBound..<close]
        func attribute(_ name: String) -> String? {
            for quote in ["\"", "'"] {
                guard let start = tag.range(of: " \(name)=\(quote)") ?? tag.range(of: "\n\(name)=\(quote)"),
                      let end = tag[start.upperBound...].firstIndex(of: Character(quote)) else { continue }
                return String(tag[start.upperBound..<end])
            }
            return nil
        }
        func length(_ text: String?) -> Double? {
            guard var text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.hasSuffix("px") { text.removeLast(2) }
            guard let value = Double(text), value.isFinite, value > 0 else { return nil }
            return value
        }
        var width = length(attribute("width")), height = length(attribute("height"))
        if width == nil || height == nil, let box = attribute("viewBox") {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if numbers.count == 4, numbers[2].isFinite, numbers[3].isFinite, numbers[2] > 0, numbers[3] > 0 {
                width = width ?? numbers[2]
                height = height ?? numbers[3]
            }
        }
        guard let width, let height, width < 1e6, height < 1e6 else { return nil }
        return (Int(width.rounded(.up)), Int(height.rounded(.up)))
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
