import Foundation
@testable import ScrimCore
import Testing

/// Layouts in DejaVuSans.ttf at 17 points, UILabel's default font. A font unit is 17/2048 of a
/// point, so every width and position below is exact in binary floating point. The expected
/// lines and widths were computed apart from Scrim, by a greedy word wrap in Python over the
/// advances fontTools reads (see FontFaceTests): at 100 points a line holds 12047 units, the
/// ellipsis is 2048 units (17 points), and a line is 2384 units (19.7890625 points) tall, its
/// baseline 1901 units (15.77978515625 points) below its top.
@Suite struct TextLayoutTests {
    static let sentence = "The quick brown fox jumps over the lazy dog"
    static let lineHeight = 19.7890625
    static let ascender = 15.77978515625

    private func face() throws -> FontFace {
        try FontLibrary.shared.face(named: "DejaVuSans.ttf")
    }

    private func layout(_ text: String, lines: Int = 1, mode: LineBreakMode = .byTruncatingTail,
                        alignment: TextAlignment = .natural, in bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 100))
        throws -> TextLayout
    {
        TextLayout(text: text, face: try face(), numberOfLines: lines, lineBreakMode: mode,
                   textAlignment: alignment, bounds: bounds)
    }

    // MARK: Wrapping

    @Test func wrapsASentenceBetweenWords() throws {
        let layout = try layout(Self.sentence, lines: 0)
        #expect(layout.lines.map(\.text) == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
        #expect(layout.lines.map(\.width)
            == [82.50146484375, 84.70947265625, 95.01904296875, 67.42724609375, 31.98291015625])
        #expect(layout.size == Size(width: 95.01904296875, height: 5 * Self.lineHeight))
        #expect(!layout.isTruncated)
    }

    @Test func theSpacesALineWrapsAtHangPastItsEnd() throws {
        let layout = try layout("Hello    world   ", lines: 0, in: Rect(x: 0, y: 0, width: 50, height: 100))
        #expect(layout.lines.map(\.text) == ["Hello", "world"])
        #expect(layout.lines.map(\.width) == [43.08935546875, 46.80810546875])
        // Right-aligned, the words end at the edge; the spaces do not push them in.
        let right = try self.layout("Hello    world   ", lines: 0, alignment: .right, in: Rect(x: 0, y: 0, width: 50, height: 100))
        #expect(right.lines.map(\.origin.x) == [6.91064453125, 3.19189453125])   // 50 less each width
    }

    @Test func aWordWiderThanALineBreaksBetweenCharacters() throws {
        let layout = try layout("Supercalifragilistic", lines: 0, in: Rect(x: 0, y: 0, width: 40, height: 200))
        #expect(layout.lines.map(\.text) == ["Sup", "erca", "lifra", "gilis", "tic"])
        #expect(layout.lines.allSatisfy { $0.width <= 40 })
    }

    @Test func characterWrappingBreaksWhereTheWidthEnds() throws {
        let layout = try layout(Self.sentence, lines: 2, mode: .byCharWrapping)
        #expect(layout.lines.map(\.text) == ["The quick b", "rown fox ju"])
        #expect(layout.lines.map(\.width) == [98.6962890625, 94.81982421875])
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        // Five é, each an e and U+0301: 10.458984375 points, two to a line would be too wide.
        let text = String(repeating: "e\u{301}", count: 5)
        let layout = try layout(text, lines: 0, mode: .byCharWrapping, in: Rect(x: 0, y: 0, width: 20, height: 200))
        #expect(layout.lines.map(\.text) == Array(repeating: "e\u{301}", count: 5))
        #expect(layout.lines.allSatisfy { $0.width == 10.458984375 })
    }

    @Test func hardLineBreaksEndLines() throws {
        let layout = try layout("Hello\nWorld", lines: 0)
        #expect(layout.lines.map(\.text) == ["Hello", "World"])
        #expect(try self.layout("a\r\nb\rc\u{2028}d", lines: 0).lines.map(\.text) == ["a", "b", "c", "d"])
        // A trailing newline starts an empty last line, as in UILabel.
        #expect(try self.layout("Hello\n", lines: 0).lines.map(\.text) == ["Hello", ""])
        #expect(try self.layout("\n", lines: 0).lines.map(\.text) == ["", ""])
    }

    // MARK: Truncation

    @Test func eachModeEndsTheLastLineItsWay() throws {
        func lastLine(_ mode: LineBreakMode) throws -> (String, Double) {
            let layout = try self.layout(Self.sentence, lines: 2, mode: mode)
            #expect(layout.lines.count == 2)
            #expect(layout.lines[0].text == (mode == .byCharWrapping ? "The quick b" : "The quick"))
            #expect(layout.isTruncated)
            return (layout.lines[1].text, layout.lines[1].width)
        }
        #expect(try lastLine(.byTruncatingTail) == ("brown fo\u{2026}", 91.64892578125))
        #expect(try lastLine(.byTruncatingHead) == ("\u{2026}lazy dog", 88.51123046875))
        #expect(try lastLine(.byTruncatingMiddle) == ("bro\u{2026}y dog", 92.62841796875))
        // The wrapping modes and clipping show the last line as it wrapped, without an ellipsis.
        #expect(try lastLine(.byWordWrapping) == ("brown fox", 84.70947265625))
        #expect(try lastLine(.byClipping) == ("brown fox", 84.70947265625))
        #expect(try lastLine(.byCharWrapping) == ("rown fox ju", 94.81982421875))
    }

    @Test func aSingleLineThatDoesNotFitIsTruncated() throws {
        // 60 points hold 7228 units; "Hello…" needs 7239.
        let bounds = Rect(x: 0, y: 0, width: 60, height: 30)
        #expect(try layout("Hello world", in: bounds).lines.map(\.text) == ["Hell\u{2026}"])
        #expect(try layout("Hello world", in: bounds).lines[0].width == 49.6884765625)
        #expect(try layout("Hello world", mode: .byTruncatingHead, in: bounds).lines.map(\.text) == ["\u{2026}orld"])
        #expect(try layout("Hello world", mode: .byWordWrapping, in: bounds).lines.map(\.text) == ["Hello"])
        #expect(try layout("Hello world", mode: .byClipping, in: bounds).lines.map(\.text) == ["Hello"])
        #expect(try layout("Hello world", in: bounds).lines.allSatisfy { $0.width <= 60 })
    }

    @Test func cutParagraphsAreMarkedAfterTheLastLine() throws {
        // The first paragraph fits: what is cut comes after it, so every truncating mode puts
        // the ellipsis at the end.
        for mode in [LineBreakMode.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle] {
            let layout = try layout("Hello\nWorld", mode: mode)
            #expect(layout.lines.map(\.text) == ["Hello\u{2026}"], "\(mode)")
            #expect(layout.lines[0].width == 60.08935546875)
        }
        #expect(try layout("Hello\nWorld", mode: .byWordWrapping).lines.map(\.text) == ["Hello"])
        // Cutting only a blank line is no cut to mark.
        #expect(try layout("Hello\n").lines.map(\.text) == ["Hello"])
    }

    @Test func aBoxNarrowerThanTheEllipsisShowsAnEmptyLine() throws {
        let layout = try layout("Hello world", in: Rect(x: 0, y: 0, width: 10, height: 30))
        #expect(layout.lines.map(\.text) == [""])
        #expect(layout.isTruncated)
    }

    @Test func numberOfLinesLimitsTheLines() throws {
        // One line: the start of the sentence and an ellipsis, the space before it dropped.
        let single = try layout(Self.sentence, lines: 1)
        #expect(single.lines.map(\.text) == ["The quick\u{2026}"])
        #expect(single.lines[0].width == 99.50146484375)
        for limit in 1...6 {
            let layout = try layout(Self.sentence, lines: limit, in: Rect(x: 0, y: 0, width: 100, height: 1000))
            #expect(layout.lines.count == min(limit, 5), "numberOfLines \(limit)")
            #expect(layout.isTruncated == (limit < 5))
        }
        // Below zero counts as zero: no limit.
        #expect(try layout(Self.sentence, lines: -1).lines.count == 5)
    }

    @Test func withoutALimitTheLinesThatFitTheHeightAreShown() throws {
        // 60 points hold three lines of 19.7890625; the third ends the text.
        let bounds = Rect(x: 0, y: 0, width: 100, height: 60)
        let tail = try layout(Self.sentence, lines: 0, in: bounds)
        #expect(tail.lines.map(\.text) == ["The quick", "brown fox", "jumps ov\u{2026}"])
        #expect(tail.lines[2].width == 94.57080078125)
        let wrapped = try layout(Self.sentence, lines: 0, mode: .byWordWrapping, in: bounds)
        #expect(wrapped.lines.map(\.text) == ["The quick", "brown fox", "jumps over"])
        // A box shorter than a line still shows the first, centred (and cut by the label).
        let short = try layout(Self.sentence, lines: 0, in: Rect(x: 0, y: 0, width: 100, height: 5))
        #expect(short.lines.count == 1)
        #expect(short.lines[0].origin.y == (5 - Self.lineHeight) / 2 + Self.ascender)
        // A box exactly as tall as the lines holds them all.
        let exact = try layout(Self.sentence, lines: 0, in: Rect(x: 0, y: 0, width: 100, height: 5 * Self.lineHeight))
        #expect(exact.lines.count == 5 && !exact.isTruncated)
    }

    // MARK: Placement

    @Test func theBlockIsCentredVertically() throws {
        let layout = try layout(Self.sentence, lines: 2)
        let top = (100 - 2 * Self.lineHeight) / 2
        #expect(layout.lines.map(\.origin.y) == [top + Self.ascender, top + Self.ascender + Self.lineHeight])
        #expect(layout.lines.map(\.origin.y) == [45.99072265625, 65.77978515625])
        let moved = layout.placed(in: Rect(x: 0, y: 50, width: 100, height: 100))
        #expect(moved.lines.map(\.origin.y) == [95.99072265625, 115.77978515625])
        #expect(moved.lines.map(\.text) == layout.lines.map(\.text))
    }

    @Test func alignmentPlacesEachLineAcross() throws {
        let bounds = Rect(x: 10, y: 20, width: 100, height: 100)
        func xs(_ alignment: TextAlignment) throws -> [Double] {
            try layout("Hello\nWorld", lines: 0, alignment: alignment, in: bounds).lines.map(\.origin.x)
        }
        // "Hello" is 43.08935546875 points wide, "World" 49.71337890625.
        #expect(try xs(.left) == [10, 10])
        #expect(try xs(.natural) == [10, 10])
        #expect(try xs(.justified) == [10, 10])
        #expect(try xs(.center) == [38.455322265625, 35.143310546875])
        #expect(try xs(.right) == [66.91064453125, 60.28662109375])
    }

    // MARK: Sizing

    @Test func sizeThatFitsWrapsAtTheWidth() throws {
        let layout = try layout(Self.sentence, lines: 0)
        #expect(layout.sizeThatFits(Size(width: 100, height: 0)) == Size(width: 95.01904296875, height: 5 * Self.lineHeight))
        // A height holding three lines: the third is truncated, "jumps ov…".
        #expect(layout.sizeThatFits(Size(width: 100, height: 3 * Self.lineHeight))
            == Size(width: 94.57080078125, height: 3 * Self.lineHeight))
        let twoLines = try self.layout(Self.sentence, lines: 2)
        #expect(twoLines.sizeThatFits(Size(width: 100, height: 0)) == Size(width: 91.64892578125, height: 2 * Self.lineHeight))
    }

    @Test func intrinsicContentSizeIsTheUnwrappedText() throws {
        #expect(try layout("Hello world").intrinsicContentSize == Size(width: 95.30126953125, height: Self.lineHeight))
        #expect(try layout("Hello world").sizeThatFits(.zero) == Size(width: 95.30126953125, height: Self.lineHeight))
        #expect(try layout("Hello\nWorld", lines: 0).intrinsicContentSize == Size(width: 49.71337890625, height: 2 * Self.lineHeight))
        #expect(try layout("Hello\nWorld", lines: 1).intrinsicContentSize == Size(width: 60.08935546875, height: Self.lineHeight))
    }

    @Test func textLaidOutInTheSizeItNeedsIsNotTruncated() throws {
        let sized = try layout(Self.sentence, lines: 0)
        let size = sized.sizeThatFits(Size(width: 100, height: 0))
        let fitted = sized.placed(in: Rect(origin: .zero, size: size))
        #expect(fitted.lines.map(\.text) == sized.lines.map(\.text))
        #expect(!fitted.isTruncated)
        let natural = try layout(Self.sentence)
        let oneLine = natural.placed(in: Rect(origin: .zero, size: natural.intrinsicContentSize))
        #expect(oneLine.lines.map(\.text) == [Self.sentence] && !oneLine.isTruncated)
    }

    // MARK: Odd input

    @Test func emptyTextHasNoLines() throws {
        let layout = try layout("", lines: 0)
        #expect(layout.lines.isEmpty)
        #expect(layout.size == .zero)
        #expect(layout.intrinsicContentSize == .zero)
        #expect(layout.sizeThatFits(Size(width: 100, height: 100)) == .zero)
    }

    @Test func aBoxWithNoUsableWidthOrHeightHasNoLines() throws {
        for width in [0, -10, .nan, .infinity] as [Double] {
            let layout = try layout(Self.sentence, lines: 0, in: Rect(x: 0, y: 0, width: width, height: 100))
            #expect(layout.lines.isEmpty, "width \(width)")
            // Sizing with such a width sets no limit: the text's natural size.
            #expect(layout.sizeThatFits(Size(width: width, height: 0)) == Size(width: 383.25537109375, height: Self.lineHeight))
        }
        for height in [0, .nan, -.infinity] as [Double] {
            #expect(try layout(Self.sentence, in: Rect(x: 0, y: 0, width: 100, height: height)).lines.isEmpty)
        }
        #expect(try layout(Self.sentence, in: Rect(x: .nan, y: 0, width: 100, height: 100)).lines.isEmpty)
    }

    @Test func oddFontSizesLayOutNothingAndNeverTrap() throws {
        for size in [0, -17, .nan, .infinity] as [Double] {
            let layout = TextLayout(text: Self.sentence, font: Font(size: size), face: try face(), numberOfLines: 0,
                                    bounds: Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(layout.lines.isEmpty, "size \(size)")
            #expect(layout.intrinsicContentSize == .zero)
        }
        // Far too large or small: a few lines or one, never a trap.
        for size in [1e300, 1e-300] {
            let layout = TextLayout(text: Self.sentence, font: Font(size: size), face: try face(), numberOfLines: 0,
                                    bounds: Rect(x: 0, y: 0, width: 100, height: 100))
            #expect(layout.lines.count == 1, "size \(size)")
        }
        #expect(try layout(Self.sentence, lines: 0, in: Rect(x: 0, y: 0, width: 1e300, height: 100)).lines.count == 1)
    }

    @Test func oddUnicodeIsMeasuredAndKept() throws {
        let text = "\u{FFFF}\u{10FFFF}\u{0}\u{7}\u{1F600}\u{1F1EB}\u{1F1F7} \u{301}x"
        let layout = try layout(text, lines: 0)
        #expect(layout.lines.map(\.text).joined() == text)
        #expect(layout.lines.allSatisfy { $0.width.isFinite })
    }

    /// A megabyte of text, in paragraphs and as one word: laid out, sized and truncated as a
    /// short text is (no more than `mostLines` lines in any of them).
    @Test func aMegabyteOfTextLaysOutAsShortTextDoes() throws {
        let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit", "café", "naïve"]
        var text = ""
        var index = 0
        while text.utf8.count < 1_000_000 {
            text += words[index % words.count]
            text += index % 97 == 96 ? "\n" : " "
            index += 1
        }
        let layout = try layout(text, lines: 0, in: Rect(x: 0, y: 0, width: 300, height: 1000))
        // 1000 points hold 50 lines of 19.7890625.
        #expect(layout.lines.count == 50 && layout.isTruncated)
        let size = layout.sizeThatFits(Size(width: 300, height: 0))
        #expect(size.width <= 300 && size.height > 1000)
        let natural = layout.intrinsicContentSize
        #expect(index / 97 + 1 > TextLayout.mostLines)
        #expect(natural.height == Double(TextLayout.mostLines) * Self.lineHeight)
        // One word of a million characters, each line a few of them.
        let word = String(repeating: "x", count: 1_000_000)
        let narrow = try self.layout(word, lines: 0)
        #expect(narrow.sizeThatFits(Size(width: 100, height: 0)).width <= 100)
        #expect(try self.layout(word, lines: 3, mode: .byTruncatingMiddle).lines.count == 3)
    }

    @Test func layoutsAreValues() throws {
        let one = try layout(Self.sentence, lines: 2)
        let two = try layout(Self.sentence, lines: 2)
        #expect(one == two)
        #expect(one.hashValue == two.hashValue)
        #expect(one != one.placed(in: Rect(x: 0, y: 1, width: 100, height: 100)))
    }

    @Test func theLibraryFindsTheFontsFace() throws {
        let layout = try TextLayout(text: "Hello", font: .systemFont(ofSize: 17, weight: .bold), bounds: Rect(x: 0, y: 0, width: 100, height: 30))
        #expect(layout.face.path.hasSuffix("DejaVuSans-Bold.ttf"))
        // "Hello" in Bold: H 1714 + e 1389 + l 702 + l 702 + o 1407 = 5914 units (fontTools).
        #expect(layout.lines.map(\.width) == [Double(5914) * 17 / 2048])
    }

    /// A tall, narrow label of long text wrapped a line per character: millions of lines laid
    /// out and drawn, where a screen shows a few dozen. No layout holds more than `mostLines`.
    @Test func noLayoutHoldsMoreThanMostLines() throws {
        let text = String(repeating: "x", count: 100_000)
        let tall = Rect(x: 0, y: 0, width: 1, height: 1e12)
        for mode in [LineBreakMode.byCharWrapping, .byTruncatingTail, .byClipping] {
            let layout = try layout(text, lines: 0, mode: mode, in: tall)
            #expect(layout.lines.count == TextLayout.mostLines)
            #expect(layout.isTruncated)
        }
        #expect(try layout(text, lines: 0, mode: .byCharWrapping, in: tall).sizeThatFits(Size(width: 1, height: 0)).height
                == Double(TextLayout.mostLines) * Self.lineHeight)
    }
}
