/// A label's text laid out in its bounds: the lines `UILabel` draws, where it draws them.
///
/// The rules are `UILabel`'s:
/// - Lines end at hard line breaks, then wrap between words when the next word does not fit (a
///   word wider than a line breaks between characters); `byCharWrapping` wraps between
///   characters. The spaces a line wraps at hang past its end: they are not in its text and do
///   not count in its width; nor do the spaces ending a paragraph.
/// - A label shows at most `numberOfLines` lines (0: no limit), and no more than fit in its
///   bounds' height — but always the first: a label too short for one line draws it centred and
///   cut off, as UIKit does. A `numberOfLines` below 0 counts as 0. Whatever either says, no
///   layout holds more than `mostLines` lines: a screen shows far fewer, and a tall, narrow
///   label of long text would otherwise lay out (and draw) millions.
/// - When the text does not fit, the last line shown ends it, by `lineBreakMode`:
///   - `byTruncatingTail` keeps the start of the rest of that line's paragraph, then "…";
///     `byTruncatingHead` puts "…" and then the end of the paragraph; `byTruncatingMiddle` keeps
///     both ends, "…" between, each end given half the width. The text beside the ellipsis loses
///     the spaces next to it. When what is cut is only later paragraphs (the last line's paragraph
///     fits), every truncating mode shows the line with "…" after it, where the cut is. If not
///     even "…" fits the width, the line is empty.
///   - `byWordWrapping`, `byCharWrapping` and `byClipping` keep the last line as it wrapped and
///     cut the rest without an ellipsis: UIKit names these modes for what they do to every line,
///     and a label set to wrap shows its last line wrapped, not truncated.
/// - The block of lines is centred vertically in the bounds, each line placed across by
///   `textAlignment` within the bounds' width.
///
/// A line is as tall as the font's `lineHeight`; its baseline lies the font's ascender below the
/// line's top. Widths are sums of advance widths, without kerning (see `FontFace`), and are not
/// rounded to pixels.
///
/// Bounds with a width or height that is not a positive finite number, or a font size that is
/// not one, lay out no lines. Empty text has no lines.
public struct TextLayout: Hashable, Sendable {
    /// One line of the layout.
    public struct Line: Hashable, Sendable {
        /// What the line shows, with its ellipsis if it was truncated.
        public let text: String
        /// How wide `text` is, in points.
        public let width: Double
        /// Where the line's baseline starts: x after alignment, y the baseline, in the bounds'
        /// coordinate space.
        public let origin: Point

        public init(text: String, width: Double, origin: Point) {
            self.text = text
            self.width = width
            self.origin = origin
        }
    }

    public let text: String
    public let font: Font
    /// The face measuring `font`: the file whose advances laid the lines out.
    public let face: FontFace
    /// The most lines shown; 0 for no limit (as `UILabel.numberOfLines`).
    public let numberOfLines: Int
    public let lineBreakMode: LineBreakMode
    public let textAlignment: TextAlignment
    /// The rectangle the text is laid out in: the label's bounds.
    public let bounds: Rect

    /// The lines to draw, top to bottom.
    public let lines: [Line]
    /// The size of the block of lines: the widest line, and the lines' total height.
    public let size: Size
    /// Whether text was cut: it needed more lines than are shown (blank ones count too, though
    /// cutting only those puts no ellipsis).
    public let isTruncated: Bool

    /// The most lines a layout holds, whatever `numberOfLines` and the height allow; the text
    /// past them is cut as the line break mode says.
    public static let mostLines = 1_000

    /// The ellipsis truncation shows (U+2026, HORIZONTAL ELLIPSIS).
    public static let ellipsis = "\u{2026}"

    /// Lays `text` out in `bounds` with `face`, the face that draws `font`. The defaults are
    /// `UILabel`'s: one line, tail truncation, natural alignment.
    public init(text: String, font: Font = .labelDefault, face: FontFace, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byTruncatingTail, textAlignment: TextAlignment = .natural,
                bounds: Rect)
    {
        self.text = text
        self.font = font
        self.face = face
        self.numberOfLines = numberOfLines
        self.lineBreakMode = lineBreakMode
        self.textAlignment = textAlignment
        self.bounds = bounds

        let composer = Composer(text: text, face: face, size: font.size, numberOfLines: numberOfLines,
                                lineBreakMode: lineBreakMode)
        guard let composer, Self.isPositive(bounds.width), Self.isPositive(bounds.height),
              bounds.x.isFinite, bounds.y.isFinite
        else {
            lines = []
            size = .zero
            isTruncated = false
            return
        }
        let composed = composer.compose(width: bounds.width, height: bounds.height, keepsLines: true)
        let lineHeight = composer.lineHeight
        let blockHeight = Double(composed.lines.count) * lineHeight
        let top = bounds.y + (bounds.height - blockHeight) / 2
        let ascender = face.ascender(size: font.size)
        var lines: [Line] = []
        lines.reserveCapacity(composed.lines.count)
        var widest = 0.0
        for (row, line) in composed.lines.enumerated() {
            let width = Double(line.units) * composer.scale
            widest = max(widest, width)
            let x = bounds.x + textAlignment.offset(lineWidth: width, in: bounds.width)
            lines.append(Line(text: line.text, width: width,
                              origin: Point(x: x, y: top + ascender + Double(row) * lineHeight)))
        }
        self.lines = lines
        size = Size(width: widest, height: blockHeight)
        isTruncated = composed.isTruncated
    }

    /// Lays `text` out with the face that draws `font`, from `library`. Throws when the face's
    /// file is missing or bad.
    public init(text: String, font: Font = .labelDefault, numberOfLines: Int = 1,
                lineBreakMode: LineBreakMode = .byTruncatingTail, textAlignment: TextAlignment = .natural,
                bounds: Rect, library: FontLibrary = .shared) throws(FontError)
    {
        self.init(text: text, font: font, face: try library.face(for: font), numberOfLines: numberOfLines,
                  lineBreakMode: lineBreakMode, textAlignment: textAlignment, bounds: bounds)
    }

    /// The same text laid out in other bounds (a label's bounds changed).
    public func placed(in bounds: Rect) -> TextLayout {
        TextLayout(text: text, font: font, face: face, numberOfLines: numberOfLines,
                   lineBreakMode: lineBreakMode, textAlignment: textAlignment, bounds: bounds)
    }

    /// The height of one line, in points (`UIFont.lineHeight`).
    public var lineHeight: Double { face.lineHeight(size: font.size) }

    /// The size the text needs within `size`, as `UILabel.sizeThatFits(_:)`: lines wrap at
    /// `size.width` and number at most `numberOfLines`, and if `size.height` is a positive finite
    /// number, at most what fits in it (never fewer than one). A width or height of 0 (or one
    /// that is not a positive finite number) sets no limit, so `sizeThatFits(.zero)` is the
    /// text's natural size, as in UIKit. The width is the widest line, truncation included.
    public func sizeThatFits(_ size: Size) -> Size {
        guard let composer = Composer(text: text, face: face, size: font.size, numberOfLines: numberOfLines,
                                      lineBreakMode: lineBreakMode)
        else { return .zero }
        let width = Self.isPositive(size.width) ? size.width : .infinity
        let height = Self.isPositive(size.height) ? size.height : .infinity
        let composed = composer.compose(width: width, height: height, keepsLines: false)
        return Size(width: Double(composed.widestUnits) * composer.scale,
                    height: Double(composed.lineCount) * composer.lineHeight)
    }

    /// The text's natural size, as `UILabel.intrinsicContentSize`: its lines unwrapped, one per
    /// paragraph (up to `numberOfLines`, the last truncated if there are more).
    public var intrinsicContentSize: Size { sizeThatFits(.zero) }

    static func isPositive(_ value: Double) -> Bool { value > 0 && value.isFinite }
}

extension TextLayout {
    /// The lines for some width and height, before they are placed: the shared half of laying
    /// out and sizing.
    struct Composer {
        let text: String
        let face: FontFace
        let numberOfLines: Int
        let lineBreakMode: LineBreakMode
        /// Points per font unit.
        let scale: Double
        let lineHeight: Double

        /// Nil when nothing can be laid out: empty text, or a size that is not a positive
        /// finite number.
        init?(text: String, face: FontFace, size: Double, numberOfLines: Int, lineBreakMode: LineBreakMode) {
            guard !text.isEmpty, TextLayout.isPositive(size) else { return nil }
            let lineHeight = face.lineHeight(size: size)
            guard TextLayout.isPositive(lineHeight) else { return nil }
            self.text = text
            self.face = face
            self.numberOfLines = max(0, numberOfLines)
            self.lineBreakMode = lineBreakMode
            scale = face.scale(size: size)
            self.lineHeight = lineHeight
        }

        struct Composed {
            /// The lines, when kept: their text and width in font units.
            var lines: [(text: String, units: Int)] = []
            var lineCount = 0
            var widestUnits = 0
            var isTruncated = false
        }

        /// Breaks the text into lines at most `width` wide (positive; infinite for no limit),
        /// no more than `numberOfLines` and no more than fit in `height` (infinite for no limit),
        /// truncating the last. With `keepsLines` false only the count and widest line are kept,
        /// so sizing text of many lines does not build their strings.
        func compose(width: Double, height: Double, keepsLines: Bool) -> Composed {
            let limit = units(forWidth: width)
            var maxLines = min(numberOfLines == 0 ? Int.max : numberOfLines, TextLayout.mostLines)
            if height.isFinite {
                // A small allowance, so that a height computed as n line heights holds n lines.
                let fitting = (height / lineHeight + 1e-9).rounded(.down)
                maxLines = min(maxLines, fitting >= 1 ? (fitting < 1e15 ? Int(fitting) : Int.max) : 1)
            }
            let breaker = LineBreaker(text: text, face: face, limit: limit,
                                      breaksWords: lineBreakMode != .byCharWrapping)
            var composed = Composed()
            var last: LineBreaker.Line?
            breaker.forEachLine { line in
                if composed.lineCount == maxLines {
                    composed.isTruncated = true
                    return false
                }
                // Each line is kept once the next is known: the last may yet be truncated.
                if let previous = last { keep(previous, in: &composed, keepsLines: keepsLines) }
                last = line
                composed.lineCount += 1
                return true
            }
            guard var final = last else { return composed }
            var finalText: String?
            if composed.isTruncated, lineBreakMode.truncates {
                let truncation = truncate(final, limit: limit)
                final.units = truncation.units
                finalText = truncation.text
            }
            if keepsLines {
                composed.lines.append((finalText ?? String(text[final.start..<final.end]), final.units))
            }
            composed.widestUnits = max(composed.widestUnits, final.units)
            return composed
        }

        private func keep(_ line: LineBreaker.Line, in composed: inout Composed, keepsLines: Bool) {
            composed.widestUnits = max(composed.widestUnits, line.units)
            if keepsLines { composed.lines.append((String(text[line.start..<line.end]), line.units)) }
        }

        /// `width` in font units, rounded down, with an allowance so that a width computed from
        /// a line's units holds that line; nil when it is too wide to limit anything.
        func units(forWidth width: Double) -> Int? {
            let units = (width / scale + 1e-6).rounded(.down)
            return units.isFinite && units < 1e15 ? Int(max(0, units)) : nil
        }

        /// The last line shown, ended by the truncating line break mode: the rest of its
        /// paragraph shortened to fit `limit` with an ellipsis.
        func truncate(_ line: LineBreaker.Line, limit: Int?) -> (text: String, units: Int) {
            let ellipsis = face.units(of: TextLayout.ellipsis)
            let start = line.start
            // The rest of the paragraph, without the spaces ending it (they draw nothing).
            var end = line.paragraphEnd
            while end > start {
                let (previous, _, isSpace) = LineBreaker.measure(text, face: face, before: end, start: start)
                guard isSpace else { break }
                end = previous
            }
            let budget = limit.map { $0 - ellipsis } ?? Int.max
            if let limit, ellipsis > limit { return ("", 0) }
            // Whether the rest of the paragraph fits: measured only as far as the limit.
            var restUnits = 0
            var index = start
            var fits = true
            while index < end {
                let (next, units, _) = LineBreaker.measure(text, face: face, at: index, end: end)
                restUnits += units
                if let limit, restUnits > limit { fits = false; break }
                index = next
            }
            if fits {
                // Only later paragraphs are cut (or nothing but blank ones): the cut is after this
                // line, whatever the mode.
                let rest = text[start..<end]
                guard cutsVisibleText(after: line.paragraphEnd) else { return (String(rest), restUnits) }
                if restUnits <= budget { return (String(rest) + TextLayout.ellipsis, restUnits + ellipsis) }
                let head = prefix(from: start, to: end, budget: budget)
                return (String(text[start..<head.end]) + TextLayout.ellipsis, head.units + ellipsis)
            }
            switch lineBreakMode {
            case .byTruncatingHead:
                let tail = suffix(from: end, to: start, budget: budget)
                return (TextLayout.ellipsis + String(text[tail.start..<end]), ellipsis + tail.units)
            case .byTruncatingMiddle:
                let head = prefix(from: start, to: end, budget: budget / 2)
                let tail = suffix(from: end, to: head.end, budget: budget - head.units)
                return (String(text[start..<head.end]) + TextLayout.ellipsis + String(text[tail.start..<end]),
                        head.units + ellipsis + tail.units)
            default:
                let head = prefix(from: start, to: end, budget: budget)
                return (String(text[start..<head.end]) + TextLayout.ellipsis, head.units + ellipsis)
            }
        }

        /// The most characters from `start` that fit in `budget` units, less trailing spaces.
        private func prefix(from start: String.Index, to end: String.Index, budget: Int) -> (end: String.Index, units: Int) {
            var index = start, units = 0
            var contentEnd = start, contentUnits = 0
            while index < end {
                let (next, width, isSpace) = LineBreaker.measure(text, face: face, at: index, end: end)
                guard units + width <= budget else { break }
                units += width
                index = next
                if !isSpace { contentEnd = index; contentUnits = units }
            }
            return (contentEnd, contentUnits)
        }

        /// The most characters before `end`, back to `start`, that fit in `budget` units, less
        /// leading spaces.
        private func suffix(from end: String.Index, to start: String.Index, budget: Int) -> (start: String.Index, units: Int) {
            var index = end, units = 0
            var contentStart = end, contentUnits = 0
            while index > start {
                let (previous, width, isSpace) = LineBreaker.measure(text, face: face, before: index, start: start)
                guard units + width <= budget else { break }
                units += width
                index = previous
                if !isSpace { contentStart = index; contentUnits = units }
            }
            return (contentStart, contentUnits)
        }

        /// Whether anything but blank text follows `index`: cutting only blank lines (say, a
        /// trailing newline) is no cut an ellipsis should mark.
        private func cutsVisibleText(after index: String.Index) -> Bool {
            text.unicodeScalars[index...].contains { !$0.properties.isWhitespace }
        }
    }
}
