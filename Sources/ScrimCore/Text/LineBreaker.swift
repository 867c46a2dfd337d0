/// Breaks text into lines no wider than a limit, as a label wraps it: at hard line breaks, then
/// greedily between words (or characters).
///
/// Works in one pass over the text: each character is measured once, in whole font units, so
/// a line's width is an exact sum and taking a wrapped word's width off a line is a
/// subtraction, not a second measurement. Breaks fall between `Character`s (grapheme clusters),
/// so a combining mark stays with its base; widths are the sums of the scalars' advances.
struct LineBreaker {
    let text: String
    let face: FontFace
    /// The widest a line may be, in font units; nil for no limit (lines end at hard breaks only).
    let limit: Int?
    /// Whether lines break between words (`byWordWrapping` and the others) or wherever the width
    /// ends (`byCharWrapping`).
    let breaksWords: Bool

    /// One line: the text it shows and how wide that is.
    struct Line: Hashable {
        /// Where the line's text starts and ends. A line ends at its last word: the spaces it
        /// wrapped at hang past its end and count for nothing, as in UIKit, and so do spaces
        /// ending a paragraph. Leading spaces are kept (a line that is nothing but spaces is
        /// empty), and are never a place to break.
        var start: String.Index
        var end: String.Index
        /// The width of `start..<end` in font units.
        var units: Int
        /// The end of the paragraph holding the line: the next hard line break, or the text's end.
        var paragraphEnd: String.Index
    }

    /// Calls `body` with each line in order, until it returns false. Text with no characters
    /// still has one (empty) line: a caller that wants none for empty text says so itself.
    func forEachLine(_ body: (Line) -> Bool) {
        var paragraphStart = text.startIndex
        while true {
            let (paragraphEnd, next) = Self.paragraph(in: text, from: paragraphStart)
            guard wrap(paragraphStart..<paragraphEnd, body) else { return }
            guard let next else { return }
            paragraphStart = next
        }
    }

    /// The end of the paragraph starting at `start` (the next hard line break) and where the next
    /// one starts, nil if this one ends the text.
    ///
    /// Hard breaks are the scalars a `Character` counts as newlines: LF, VT, FF, CR (CR LF is one
    /// break), NEL, and the line and paragraph separators. Each is a grapheme cluster of its own,
    /// so scanning the UTF-8 bytes finds them on character boundaries.
    static func paragraph(in text: String, from start: String.Index) -> (end: String.Index, next: String.Index?) {
        let utf8 = text.utf8
        var index = start
        while index < utf8.endIndex {
            let byte = utf8[index]
            let after = utf8.index(after: index)
            switch byte {
            case 0x0A, 0x0B, 0x0C:
                return (index, after)
            case 0x0D:
                if after < utf8.endIndex, utf8[after] == 0x0A { return (index, utf8.index(after: after)) }
                return (index, after)
            case 0xC2:   // NEL, U+0085: C2 85
                if after < utf8.endIndex, utf8[after] == 0x85 { return (index, utf8.index(after: after)) }
            case 0xE2:   // U+2028 and U+2029: E2 80 A8 and E2 80 A9
                if after < utf8.endIndex, utf8[after] == 0x80 {
                    let third = utf8.index(after: after)
                    if third < utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        return (index, utf8.index(after: third))
                    }
                }
            default:
                break
            }
            index = after
        }
        return (utf8.endIndex, nil)
    }

    /// Wraps one paragraph, calling `body` with its lines; false if `body` asked to stop.
    private func wrap(_ paragraph: Range<String.Index>, _ body: (Line) -> Bool) -> Bool {
        var lineStart = paragraph.lowerBound
        /// The width from `lineStart` to `index`, trailing spaces included.
        var lineUnits = 0
        /// Whether the line holds anything but leading spaces: a line breaks after a word only.
        var hasContent = false
        /// The last place the line can break at: the end of the words before a run of spaces,
        /// their width, and where the next word starts and the line's width up to there.
        var breakEnd: String.Index?
        var breakUnits = 0
        var breakNext = lineStart
        var unitsAtBreakNext = 0
        var inSpaces = false

        var index = paragraph.lowerBound
        while index < paragraph.upperBound {
            let (next, units, isSpace) = measure(at: index, end: paragraph.upperBound)
            if isSpace {
                // Spaces never wrap: they hang past the width at the end of the line.
                if hasContent, !inSpaces {
                    breakEnd = index
                    breakUnits = lineUnits
                    inSpaces = true
                }
                lineUnits += units
                if inSpaces {
                    breakNext = next
                    unitsAtBreakNext = lineUnits
                }
                index = next
                continue
            }
            if let limit, lineUnits + units > limit, hasContent {
                // Words break at the last space; characters at the spaces just before this one.
                if let end = breakEnd, breaksWords || (inSpaces && breakNext == index) {
                    guard body(Line(start: lineStart, end: end, units: breakUnits, paragraphEnd: paragraph.upperBound))
                    else { return false }
                    lineStart = breakNext
                    lineUnits -= unitsAtBreakNext
                    hasContent = breakNext < index
                    breakEnd = nil
                    inSpaces = false
                    continue   // this character again, on the new line: it may still not fit
                }
                // No space to break at (a word wider than the line), or character wrapping. A
                // line holds at least one character after its leading spaces, however wide.
                guard body(Line(start: lineStart, end: index, units: lineUnits, paragraphEnd: paragraph.upperBound))
                else { return false }
                lineStart = index
                lineUnits = 0
                breakEnd = nil
            }
            inSpaces = false
            hasContent = true
            lineUnits += units
            index = next
        }
        // A paragraph's last line ends at its last word too: trailing spaces draw nothing.
        if !hasContent { return body(Line(start: lineStart, end: lineStart, units: 0, paragraphEnd: paragraph.upperBound)) }
        if inSpaces, let end = breakEnd {
            return body(Line(start: lineStart, end: end, units: breakUnits, paragraphEnd: paragraph.upperBound))
        }
        return body(Line(start: lineStart, end: paragraph.upperBound, units: lineUnits, paragraphEnd: paragraph.upperBound))
    }

    /// The character at `index`: where the next one starts, its width in font units, and
    /// whether it is a space a line can break at (a space or a tab; a no-break space is not).
    @inline(__always)
    private func measure(at index: String.Index, end: String.Index) -> (next: String.Index, units: Int, isSpace: Bool) {
        Self.measure(text, face: face, at: index, end: end)
    }

    /// `measure(at:end:)` for any text: the layout's truncation walks characters the same way.
    @inline(__always)
    static func measure(_ text: String, face: FontFace, at index: String.Index, end: String.Index)
        -> (next: String.Index, units: Int, isSpace: Bool)
    {
        let utf8 = text.utf8
        let byte = utf8[index]
        let after = utf8.index(after: index)
        // An ASCII byte followed by another (or by the end) is a character of its own: only
        // CR LF joins two ASCII bytes, and hard breaks never reach here.
        if byte < 0x80, after == end || utf8[after] < 0x80 {
            return (after, Int(face.units(of: Unicode.Scalar(byte))), byte == 0x20 || byte == 0x09)
        }
        let next = min(text.index(after: index), end)
        var units = 0
        for scalar in text.unicodeScalars[index..<next] { units += Int(face.units(of: scalar)) }
        return (next, units, false)
    }

    /// The character before `index` (which is past `start`): where it starts, its width, and
    /// whether it is a breaking space. For walking back from a paragraph's end.
    static func measure(_ text: String, face: FontFace, before index: String.Index, start: String.Index)
        -> (previous: String.Index, units: Int, isSpace: Bool)
    {
        let previous = max(text.index(before: index), start)
        var units = 0
        for scalar in text.unicodeScalars[previous..<index] { units += Int(face.units(of: scalar)) }
        let isSpace = text.utf8.index(after: previous) == index && (text.utf8[previous] == 0x20 || text.utf8[previous] == 0x09)
        return (previous, units, isSpace)
    }
}
