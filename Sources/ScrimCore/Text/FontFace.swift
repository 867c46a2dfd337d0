import Foundation

/// One font file's metrics: what laying out text needs, read from the file's bytes.
///
/// Reads the tables that size text — `head` (units per em), `hhea` (ascender, descender, line
/// gap), `hmtx` (advance widths), `cmap` (which glyph draws a scalar) — and, where present, `OS/2`
/// (cap and x heights) and `name` (the family). Glyph outlines are never read, so TrueType
/// (`glyf`) and OpenType (`CFF `) files are read alike.
///
/// Widths are the sums of the glyphs' advances, without kerning or shaping: the SVG asks its
/// renderer not to kern either (`font-kerning: none`), so a line measured here is the line drawn.
///
/// Immutable, and shared between threads by `FontLibrary`. Two faces are equal when they are the
/// same object: the library loads each file once per process.
public final class FontFace: Sendable, Hashable, CustomStringConvertible {
    /// The file the face was read from.
    public let path: String
    /// The design grid's size: every metric below is in these units (2048 in DejaVu Sans).
    public let unitsPerEm: Int
    /// Distance from the baseline up to the top of the line, in font units (`hhea`).
    public let ascender: Int
    /// Distance from the baseline down to the bottom of the line, in font units: negative, as
    /// the font stores it (`hhea`).
    public let descender: Int
    /// Extra space between lines, in font units (`hhea`).
    public let lineGap: Int
    /// The height of capital letters, in font units, if the font says (`OS/2` version 2 on).
    public let capHeight: Int?
    /// The height of lowercase letters, in font units, if the font says (`OS/2` version 2 on).
    public let xHeight: Int?
    /// The face's weight class, 100…900 as in CSS, if the font says (`OS/2`).
    public let weightClass: Int?
    /// The family name (`name` ID 16, else 1), if the font says.
    public let familyName: String?

    /// Advance widths by glyph, in font units; glyphs past the end use the last (`hmtx`).
    private let advances: [Int32]
    /// The advances of the ASCII scalars, looked up once: most text is mostly ASCII.
    private let asciiAdvances: [Int32]
    private let characterMap: CharacterMap

    /// Reads the face in the file at `path`, which must be a regular file (a directory or a
    /// device is a mistake in the search path, and reading a pipe could block forever).
    public convenience init(contentsOfFile path: String) throws(FontError) {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard let type else { throw FontError("\(path): no such font file") }
        guard type == .typeRegular else {
            throw FontError("\(path): not a font file (\(type == .typeDirectory ? "a directory" : "not a regular file"))")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FontError("\(path): cannot read the font file (\(error.localizedDescription))")
        }
        try self.init(data: [UInt8](data), path: path)
    }

    /// Reads the face in `data`, the bytes of a TrueType or OpenType file; `path` names it in
    /// errors. Throws a `FontError` for a file that is not one, or is cut short.
    public init(data: [UInt8], path: String) throws(FontError) {
        let font = FontBytes(bytes: data, path: path)
        let tables = try Self.tableDirectory(font)
        func table(_ tag: String) throws(FontError) -> FontTable {
            guard let table = tables[tag] else { throw font.error("not a usable font (no '\(tag)' table)") }
            return table
        }

        let head = try table("head")
        guard font.uint32(at: head.offset + 12) == 0x5F0F_3CF5,
              let unitsPerEm = font.uint16(at: head.offset + 18), (16...16384).contains(unitsPerEm)
        else { throw font.error("not a usable font (bad 'head' table)") }
        self.unitsPerEm = Int(unitsPerEm)

        let hhea = try table("hhea")
        guard hhea.length >= 36, let ascender = font.int16(at: hhea.offset + 4),
              let descender = font.int16(at: hhea.offset + 6), let lineGap = font.int16(at: hhea.offset + 8),
              let metricCount = font.uint16(at: hhea.offset + 34), metricCount > 0
        else { throw font.error("not a usable font (bad 'hhea' table)") }
        self.ascender = Int(ascender)
        // Some fonts store the descender positive; it is a distance below the baseline either way.
        self.descender = -abs(Int(descender))
        self.lineGap = max(0, Int(lineGap))

        let hmtx = try table("hmtx")
        guard Int(metricCount) * 4 <= hmtx.length else {
            throw font.error("not a usable font ('hmtx' table holds fewer than the \(metricCount) metrics 'hhea' counts)")
        }
        let advances = (0..<Int(metricCount)).map { Int32(font.uint16(at: hmtx.offset + 4 * $0) ?? 0) }
        let characterMap = try CharacterMap(font: font, cmap: try table("cmap"))
        self.advances = advances
        self.characterMap = characterMap
        let space = Self.advance(ofGlyph: characterMap.glyph(for: " "), in: advances)
        asciiAdvances = (0..<128).map { value in
            switch value {
            case 0x09: space
            case 0..<0x20, 0x7F: 0
            default: Self.advance(ofGlyph: characterMap.glyph(for: Unicode.Scalar(UInt8(value))), in: advances)
            }
        }

        if let os2 = tables["OS/2"], let version = font.uint16(at: os2.offset) {
            weightClass = font.uint16(at: os2.offset + 4).map(Int.init)
            if version >= 2, let x = font.int16(at: os2.offset + 86), let cap = font.int16(at: os2.offset + 88) {
                xHeight = Int(x)
                capHeight = Int(cap)
            } else {
                xHeight = nil
                capHeight = nil
            }
        } else {
            weightClass = nil
            xHeight = nil
            capHeight = nil
        }
        familyName = tables["name"].flatMap { Self.familyName(font, name: $0) }
        self.path = path
    }

    /// The tables by tag, each checked to lie inside the file.
    private static func tableDirectory(_ font: FontBytes) throws(FontError) -> [String: FontTable] {
        guard let version = font.uint32(at: 0), let count = font.uint16(at: 4) else {
            throw font.error("not a TrueType font (\(font.count) bytes, too short for a table directory)")
        }
        switch version {
        case 0x0001_0000, 0x7472_7565 /* 'true' */, 0x4F54_544F /* 'OTTO' */: break
        case 0x7474_6366 /* 'ttcf' */: throw font.error("a font collection (.ttc), not a single font")
        case 0x774F_4646 /* 'wOFF' */, 0x774F_4632 /* 'wOF2' */: throw font.error("a compressed web font (WOFF), not a TrueType font")
        default: throw font.error("not a TrueType font (bad table directory)")
        }
        guard font.contains(offset: 12, length: 16 * Int(count)) else {
            throw font.error("not a TrueType font (bad table directory: \(count) tables, file cut short)")
        }
        var tables: [String: FontTable] = [:]
        for index in 0..<Int(count) {
            let record = 12 + 16 * index
            guard let offset = font.uint32(at: record + 8), let length = font.uint32(at: record + 12) else {
                throw font.error("not a TrueType font (bad table directory)")
            }
            let tag = String(decoding: font.bytes[record..<(record + 4)], as: UTF8.self)
            guard font.contains(offset: Int(offset), length: Int(length)) else {
                throw font.error("not a TrueType font (table '\(tag)' lies outside the file: truncated?)")
            }
            tables[tag] = FontTable(offset: Int(offset), length: Int(length))
        }
        return tables
    }

    /// The family name from the `name` table: the typographic family (ID 16) if there is one,
    /// else the family (ID 1); Windows Unicode records (UTF-16BE) first, then Mac Roman ones.
    private static func familyName(_ font: FontBytes, name: FontTable) -> String? {
        guard let count = font.uint16(at: name.offset + 2), let storage = font.uint16(at: name.offset + 4) else {
            return nil
        }
        var found: [Int: String] = [:]   // by preference: lower is better
        for index in 0..<Int(count) {
            let record = name.offset + 6 + 12 * index
            guard let platform = font.uint16(at: record), let encoding = font.uint16(at: record + 2),
                  let nameID = font.uint16(at: record + 6), let length = font.uint16(at: record + 8),
                  let offset = font.uint16(at: record + 10)
            else { break }
            guard nameID == 16 || nameID == 1 else { continue }
            let start = name.offset + Int(storage) + Int(offset)
            guard font.contains(offset: start, length: Int(length)) else { continue }
            let bytes = font.bytes[start..<(start + Int(length))]
            let text: String
            let rank: Int
            switch (platform, encoding) {
            case (3, 1), (3, 10), (0, _):
                let units = stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map {
                    UInt16(font.bytes[$0]) << 8 | UInt16(font.bytes[$0 + 1])
                }
                text = String(decoding: units, as: UTF16.self)
                rank = 0
            case (1, 0):
                // Mac Roman: the ASCII half is all a family name needs in practice.
                text = String(decoding: bytes.map { $0 < 0x80 ? $0 : 0x3F }, as: UTF8.self)
                rank = 1
            default: continue
            }
            let key = (nameID == 16 ? 0 : 2) + rank
            if !text.isEmpty, found[key] == nil { found[key] = text }
        }
        return found.min { $0.key < $1.key }?.value
    }

    /// The glyph drawing `scalar`: 0, the missing glyph, if the font has none.
    public func glyph(for scalar: Unicode.Scalar) -> Int {
        characterMap.glyph(for: scalar)
    }

    /// A glyph's advance width in font units.
    public func advance(ofGlyph glyph: Int) -> Int {
        Int(Self.advance(ofGlyph: glyph, in: advances))
    }

    /// `advances` holds at least one metric (the initializer checks), and glyphs past its end
    /// share its last advance, as `hmtx` has it.
    private static func advance(ofGlyph glyph: Int, in advances: [Int32]) -> Int32 {
        guard let last = advances.last else { return 0 }
        return glyph >= 0 && glyph < advances.count ? advances[glyph] : last
    }

    /// How far `scalar` moves the pen, in font units; a scalar the font lacks is drawn as the
    /// missing glyph (0), and moves the pen by its advance. Control characters draw nothing and
    /// advance 0 (a browser draws none), except a tab, which advances as a space: a label has no
    /// tab stops.
    public func advance(of scalar: Unicode.Scalar) -> Int {
        Int(units(of: scalar))
    }

    /// `advance(of:)` without the conversion, for the layout's inner loop.
    @inline(__always)
    func units(of scalar: Unicode.Scalar) -> Int32 {
        let value = scalar.value
        if value < 128 { return asciiAdvances[Int(value)] }
        if value < 0xA0 { return 0 }   // the C1 controls
        return Self.advance(ofGlyph: characterMap.glyph(for: scalar), in: advances)
    }

    /// The width of `text` in font units: the sum of its scalars' advances.
    func units<S: StringProtocol>(of text: S) -> Int {
        var total = 0
        for scalar in text.unicodeScalars { total += Int(units(of: scalar)) }
        return total
    }

    /// Points per font unit at `size` points.
    public func scale(size: Double) -> Double { size / Double(unitsPerEm) }

    /// The width of `text` at `size` points: its advances summed, without kerning (see above).
    public func width<S: StringProtocol>(of text: S, size: Double) -> Double {
        Double(units(of: text)) * scale(size: size)
    }

    /// Distance from the baseline up to the top of a line, in points.
    public func ascender(size: Double) -> Double { Double(ascender) * scale(size: size) }

    /// Distance from the baseline down to the bottom of a line, in points: positive.
    public func descender(size: Double) -> Double { Double(-descender) * scale(size: size) }

    /// The height of a line, in points: ascender, descender and line gap, as `UIFont.lineHeight`.
    public func lineHeight(size: Double) -> Double {
        Double(ascender - descender + lineGap) * scale(size: size)
    }

    public static func == (left: FontFace, right: FontFace) -> Bool { left === right }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public var description: String {
        "FontFace(\(familyName ?? "?"), \(path), \(unitsPerEm) units per em)"
    }
}
