/// A font's `cmap`: which glyph draws each Unicode scalar.
///
/// Reads one subtable, chosen as text renderers do: the full-repertoire Windows table (3, 10),
/// then the Basic Multilingual Plane one (3, 1), then a Unicode-platform one (0, *). Only
/// formats 4 (segments over the BMP) and 12 (groups over all planes) are read: together they
/// are what every TrueType and OpenType font carries for Unicode text.
///
/// Format 4's glyph array is read at look-up, through checked reads of the subtable's bytes, so
/// a font whose segments claim more than the file holds maps those scalars to glyph 0 instead
/// of trapping or being expanded into memory.
struct CharacterMap: Sendable {
    private enum Table: Sendable {
        /// Format 4: parallel arrays of the segments, sorted by `ends`, and the subtable's bytes
        /// (the glyph array is addressed relative to `rangeOffsetsStart` in them).
        case segments(ends: [UInt16], starts: [UInt16], deltas: [UInt16], rangeOffsets: [UInt16],
                      rangeOffsetsStart: Int, bytes: [UInt8])
        /// Format 12: groups of consecutive scalars drawn by consecutive glyphs, sorted by start.
        case groups([Group])
    }

    struct Group: Sendable {
        let first: UInt32
        let last: UInt32
        let firstGlyph: UInt32
    }

    private let table: Table

    /// Reads the preferred Unicode subtable of the `cmap` table at `cmap`.
    init(font: FontBytes, cmap: FontTable) throws(FontError) {
        let base = cmap.offset
        let count = Int(try font.require(font.uint16(at: base + 2), "cmap table is truncated"))
        // The records worth reading, best first: rank 0 is (3, 10), 1 is (3, 1), 2 is (0, *).
        var candidates: [(rank: Int, offset: Int)] = []
        for index in 0..<count {
            let record = base + 4 + index * 8
            guard let platform = font.uint16(at: record), let encoding = font.uint16(at: record + 2),
                  let offset = font.uint32(at: record + 4)
            else { throw font.error("cmap table is truncated (encoding record \(index) of \(count))") }
            let rank: Int
            switch (platform, encoding) {
            case (3, 10): rank = 0
            case (3, 1): rank = 1
            // Among Unicode-platform tables, the later encodings cover more (4 and 6: all planes).
            case (0, _): rank = 2 + (6 - Int(min(encoding, 6)))
            default: continue
            }
            candidates.append((rank, base + Int(offset)))
        }
        candidates.sort { $0.rank < $1.rank }
        for candidate in candidates {
            // Formats other than 4 and 12 (say, 14's variation sequences at (0, 5)) are skipped.
            if let table = try Self.read(font: font, at: candidate.offset, tableEnd: cmap.offset + cmap.length) {
                self.table = table
                return
            }
        }
        throw font.error("cmap table has no Unicode subtable of format 4 or 12")
    }

    /// The subtable at `offset`, or nil if its format is not one this map reads.
    private static func read(font: FontBytes, at offset: Int, tableEnd: Int) throws(FontError) -> Table? {
        guard let format = font.uint16(at: offset) else {
            throw font.error("cmap subtable at offset \(offset) lies outside the file")
        }
        switch format {
        case 4: return try readSegments(font: font, at: offset, tableEnd: tableEnd)
        case 12: return try readGroups(font: font, at: offset)
        default: return nil
        }
    }

    private static func readSegments(font: FontBytes, at offset: Int, tableEnd: Int) throws(FontError) -> Table {
        let doubled = Int(try font.require(font.uint16(at: offset + 6), "cmap format 4 subtable is truncated"))
        let segmentCount = doubled / 2
        // The four arrays and the pad between the first two.
        let arraysEnd = offset + 16 + 8 * segmentCount
        guard segmentCount > 0, font.contains(offset: offset, length: arraysEnd - offset) else {
            throw font.error("cmap format 4 subtable is truncated (\(segmentCount) segments)")
        }
        // The glyph array runs to the end of the cmap table (the subtable's own 16-bit length
        // wraps in large fonts), never past the end of the file.
        let length = max(min(tableEnd, font.count), arraysEnd) - offset
        func array(_ start: Int) -> [UInt16] {
            (0..<segmentCount).map { font.uint16(at: start + 2 * $0) ?? 0 }
        }
        let endsStart = offset + 14
        let startsStart = endsStart + doubled + 2
        let deltasStart = startsStart + doubled
        let rangeOffsetsStart = deltasStart + doubled
        return .segments(ends: array(endsStart), starts: array(startsStart), deltas: array(deltasStart),
                         rangeOffsets: array(rangeOffsetsStart), rangeOffsetsStart: rangeOffsetsStart - offset,
                         bytes: Array(font.bytes[offset..<(offset + length)]))
    }

    private static func readGroups(font: FontBytes, at offset: Int) throws(FontError) -> Table {
        let count = Int(try font.require(font.uint32(at: offset + 12), "cmap format 12 subtable is truncated"))
        guard count <= (font.count - offset - 16) / 12 else {
            throw font.error("cmap format 12 subtable is truncated (\(count) groups)")
        }
        var groups: [Group] = []
        groups.reserveCapacity(count)
        for index in 0..<count {
            let group = offset + 16 + 12 * index
            guard let first = font.uint32(at: group), let last = font.uint32(at: group + 4),
                  let glyph = font.uint32(at: group + 8)
            else { throw font.error("cmap format 12 subtable is truncated (group \(index))") }
            if first <= last { groups.append(Group(first: first, last: last, firstGlyph: glyph)) }
        }
        groups.sort { $0.first < $1.first }
        return .groups(groups)
    }

    /// The glyph drawing `scalar`, or 0 (the missing glyph) if the font has none.
    func glyph(for scalar: Unicode.Scalar) -> Int {
        let code = scalar.value
        switch table {
        case let .segments(ends, starts, deltas, rangeOffsets, rangeOffsetsStart, bytes):
            guard code <= 0xFFFF else { return 0 }
            let character = UInt16(code)
            // The first segment whose end is at or past the scalar.
            var low = 0, high = ends.count
            while low < high {
                let middle = (low + high) / 2
                if ends[middle] < character { low = middle + 1 } else { high = middle }
            }
            guard low < ends.count, starts[low] <= character else { return 0 }
            if rangeOffsets[low] == 0 { return Int(character &+ deltas[low]) }
            // The glyph array entry, addressed from this segment's own rangeOffset field.
            let entry = rangeOffsetsStart + 2 * low + Int(rangeOffsets[low]) + 2 * Int(character - starts[low])
            guard entry >= 0, entry + 1 < bytes.count else { return 0 }
            let glyph = UInt16(bytes[entry]) << 8 | UInt16(bytes[entry + 1])
            return glyph == 0 ? 0 : Int(glyph &+ deltas[low])
        case let .groups(groups):
            // The last group starting at or before the scalar.
            var low = 0, high = groups.count
            while low < high {
                let middle = (low + high) / 2
                if groups[middle].first <= code { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return 0 }
            let group = groups[low - 1]
            guard code <= group.last else { return 0 }
            let glyph = UInt64(group.firstGlyph) + UInt64(code - group.first)
            return glyph <= UInt64(UInt16.max) ? Int(glyph) : 0
        }
    }
}
