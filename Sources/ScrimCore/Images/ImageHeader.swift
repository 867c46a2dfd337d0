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

    /// Why an SVG file cannot be an image, or its size: the root `<svg>` element's `width` and
    /// `height` (plain numbers or `px`), or its `viewBox`'s, rounded up to whole pixels — the
    /// size a renderer draws it at, so that the limits on pixels hold. The root is found as XML
    /// finds it, past the declaration, processing instructions, comments and a doctype (one
    /// with an internal subset, which could declare entities, is refused). A size given in a
    /// `style` is refused (a renderer would draw that size, not the one checked), and so are
    /// images inside the image (`<image>`, `<feImage>`, `<foreignObject>`): a few bytes of
    /// one can ask a renderer for gigabytes, and no limit here would see it.
    static func svg(_ bytes: [UInt8]) -> Result<(width: Int, height: Int), SVGProblem>? {
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = Substring(text)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.hasPrefix("<?") {
                guard let end = rest.range(of: "?>") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--") {
                guard let end = rest.range(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!DOCTYPE") {
                guard let end = rest.firstIndex(of: ">") else { return nil }
                if rest[..<end].contains("[") { return .failure(.declarations) }
                rest = rest[rest.index(after: end)...]
            } else {
                break
            }
        }
        guard rest.hasPrefix("<svg"), let after = rest.dropFirst(4).first, after.isWhitespace || after == ">" || after == "/" else { return nil }
        guard let attributes = rootAttributes(rest.dropFirst(4)) else { return nil }
        for name in ["<image", "<feImage", "<foreignObject", ":image", ":feImage", ":foreignObject"] where text.contains(name) {
            return .failure(.nestedImages)
        }
        if text.contains("http://www.w3.org/2001/XInclude") || text.contains(":include") || text.contains("<include") {
            return .failure(.inclusions)
        }
        if styleSetsSize(text) { return .failure(.styledSize) }
        if let style = attributes["style"], style.contains("width") || style.contains("height") { return .failure(.styledSize) }
        func length(_ text: String?) -> Double? {
            guard var text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.hasSuffix("px") { text.removeLast(2) }
            guard let value = Double(text), value.isFinite, value > 0 else { return nil }
            return value
        }
        var width = length(attributes["width"]), height = length(attributes["height"])
        if width == nil || height == nil, let box = attributes["viewBox"] {
            let numbers = box.split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline }).compactMap { Double($0) }
            if numbers.count == 4, numbers[2].isFinite, numbers[3].isFinite, numbers[2] > 0, numbers[3] > 0 {
                width = width ?? numbers[2]
                height = height ?? numbers[3]
            }
        }
        guard let width, let height else { return nil }
        return .success((Int(min(width, 1e9).rounded(.up)), Int(min(height, 1e9).rounded(.up))))
    }

    /// Why an SVG file is refused as an image.
    enum SVGProblem: Error {
        case declarations, styledSize, nestedImages, inclusions

        var message: String {
            switch self {
            case .declarations: "an SVG image may not declare entities (a doctype with an internal subset)"
            case .styledSize: "an SVG image gives its size in width and height (or a viewBox), not in a style"
            case .nestedImages: "an SVG image may not hold images of its own (<image>, <feImage>, <foreignObject>)"
            case .inclusions: "an SVG image may not include other documents (XInclude)"
            }
        }
    }

    /// Whether a `<style>` element sets a `width` or `height` (not `stroke-width` and the
    /// like), which a renderer could apply to the root and draw at a size no limit here sees.
    private static func styleSetsSize(_ text: String) -> Bool {
        var rest = Substring(text)
        while let open = rest.range(of: "<style") {
            let body = rest[open.upperBound...]
            let end = body.range(of: "</style")?.lowerBound ?? body.endIndex
            let css = body[..<end]
            for property in ["width", "height"] {
                var search = css[...]
                while let found = search.range(of: property) {
                    let before = found.lowerBound == css.startIndex ? " " : css[css.index(before: found.lowerBound)]
                    let after = css[found.upperBound...].drop(while: \.isWhitespace).first
                    if !(before.isLetter || before.isNumber || before == "-" || before == "_"), after == ":" { return true }
                    search = css[found.upperBound...]
                }
            }
            rest = body[end...]
        }
        return false
    }

    /// The attributes of the element whose name `tag` follows, up to its `>`: names to values,
    /// each value quoted with `"` or `'`; nil when the tag is not well formed.
    private static func rootAttributes(_ tag: Substring) -> [String: String]? {
        var attributes: [String: String] = [:]
        var rest = tag
        while true {
            rest = rest.drop(while: \.isWhitespace)
            guard let first = rest.first else { return nil }
            if first == ">" || rest.hasPrefix("/>") { return attributes }
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let name = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !name.isEmpty, !name.contains(where: { $0.isWhitespace || $0 == ">" || $0 == "<" }) else { return nil }
            rest = rest[rest.index(after: equals)...].drop(while: \.isWhitespace)
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return nil }
            if attributes[name] != nil { return nil }
            attributes[name] = String(rest[..<close])
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func bigEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
