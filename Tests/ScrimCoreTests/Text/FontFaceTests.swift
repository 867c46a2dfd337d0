import Foundation
@testable import ScrimCore
import Testing

/// Metrics read from Debian's DejaVu Sans 2.37 (`fonts-dejavu-core`, ExtraLight from
/// `fonts-dejavu-extra`). The expected values were read independently of Scrim, twice: with
/// fontTools (`TTFont(path)['hmtx'][glyph]` through `getBestCmap()`), and with a reader in
/// Python's `struct` module walking the (3, 1) format 4 `cmap` and `hmtx` by hand:
///
/// | file | unitsPerEm | ascender | descender | lineGap | "M" | " " | "i" | "…" | missing | weight |
/// | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
/// | DejaVuSans.ttf | 2048 | 1901 | -483 | 0 | 1767 | 651 | 569 | 2048 | 1229 | 400 |
/// | DejaVuSans-Bold.ttf | 2048 | 1901 | -483 | 0 | 2038 | 713 | 702 | 2048 | 1229 | 700 |
/// | DejaVuSans-ExtraLight.ttf | 2048 | 1901 | -483 | 0 | 1767 | 651 | 569 | 2048 | 1229 | 200 |
///
/// In DejaVuSans.ttf "M" is glyph 48, "…" glyph 2825, U+0301 (combining acute) glyph 690 with
/// advance 0, and U+4E2D (中) has no glyph. Its `OS/2` table is version 1, so it gives no cap or
/// x height. ExtraLight's family (`name` ID 1) is "DejaVu Sans Light", its typographic family
/// (ID 16) "DejaVu Sans".
@Suite struct FontFaceTests {
    private func face(_ fileName: String = "DejaVuSans.ttf") throws -> FontFace {
        try FontLibrary.shared.face(named: fileName)
    }

    private func fontBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: try face().path)))
    }

    /// The error reading `bytes` as a font throws, or nil if they read.
    private func readingError(_ bytes: [UInt8], path: String) -> FontError? {
        do {
            _ = try FontFace(data: bytes, path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsTheBookFacesMetrics() throws {
        let face = try face()
        #expect(face.unitsPerEm == 2048)
        #expect(face.ascender == 1901)
        #expect(face.descender == -483)
        #expect(face.lineGap == 0)
        #expect(face.familyName == "DejaVu Sans")
        #expect(face.weightClass == 400)
        #expect(face.capHeight == nil && face.xHeight == nil)
    }

    @Test func readsAdvancesThroughTheCharacterMap() throws {
        let face = try face()
        #expect(face.glyph(for: "M") == 48)
        #expect(face.advance(of: "M" as Unicode.Scalar) == 1767)
        #expect(face.advance(of: " " as Unicode.Scalar) == 651)
        #expect(face.advance(of: "i" as Unicode.Scalar) == 569)
        #expect(face.glyph(for: "\u{2026}") == 2825)
        #expect(face.advance(of: "\u{2026}" as Unicode.Scalar) == 2048)
        #expect(face.glyph(for: "\u{301}") == 690)
        #expect(face.advance(of: "\u{301}" as Unicode.Scalar) == 0)
    }

    @Test func aMissingGlyphAdvancesAsGlyphZero() throws {
        let face = try face()
        #expect(face.glyph(for: "\u{4E2D}") == 0)
        #expect(face.advance(of: "\u{4E2D}" as Unicode.Scalar) == 1229)
        #expect(face.advance(ofGlyph: 0) == 1229)
        // Past the last glyph, as past the last long metric: the last advance.
        #expect(face.advance(ofGlyph: 1_000_000) == face.advance(ofGlyph: 6237))
    }

    @Test func controlCharactersAdvanceNothingAndATabAsASpace() throws {
        let face = try face()
        #expect(face.advance(of: "\t" as Unicode.Scalar) == 651)
        #expect(face.advance(of: "\u{0}" as Unicode.Scalar) == 0)
        #expect(face.advance(of: "\u{7}" as Unicode.Scalar) == 0)
        #expect(face.advance(of: "\u{85}" as Unicode.Scalar) == 0)
    }

    @Test func theOtherWeightsFaces() throws {
        let bold = try face("DejaVuSans-Bold.ttf")
        #expect(bold.advance(of: "M" as Unicode.Scalar) == 2038)
        #expect(bold.advance(of: " " as Unicode.Scalar) == 713)
        #expect(bold.advance(of: "i" as Unicode.Scalar) == 702)
        #expect(bold.weightClass == 700)
        #expect(bold.familyName == "DejaVu Sans")
        let light = try face("DejaVuSans-ExtraLight.ttf")
        #expect(light.advance(of: "M" as Unicode.Scalar) == 1767)
        #expect(light.weightClass == 200)
        // The typographic family (ID 16), not "DejaVu Sans Light" (ID 1): the name CSS matches.
        #expect(light.familyName == "DejaVu Sans")
    }

    @Test func widthsAndLineMetricsScaleWithTheSize() throws {
        let face = try face()
        // "Hello world": 11481 units; at 17 points, 11481 × 17 / 2048.
        #expect(face.width(of: "Hello world", size: 17) == 95.30126953125)
        #expect(face.width(of: "Hello world"[...], size: 2048) == 11481)
        #expect(face.width(of: "", size: 17) == 0)
        // A combining mark adds nothing: é as e + U+0301 is as wide as e (1260 units).
        #expect(face.width(of: "e\u{301}", size: 2048) == 1260)
        #expect(face.ascender(size: 17) == 15.77978515625)     // 1901 × 17 / 2048
        #expect(face.descender(size: 17) == 4.00927734375)     // 483 × 17 / 2048
        #expect(face.lineHeight(size: 17) == 19.7890625)       // (1901 + 483 + 0) × 17 / 2048
        #expect(face.lineHeight(size: 2048) == 2384)
    }

    @Test func aTruncatedFileIsAnErrorNamingIt() throws {
        let bytes = try fontBytes()
        for length in [0, 3, 11, 12, 100, 300, 4096, bytes.count / 2, bytes.count - 1] {
            let error = readingError(Array(bytes[0..<length]), path: "/tmp/cut.ttf")
            #expect(error?.description.hasPrefix("/tmp/cut.ttf: ") == true, "cut to \(length) bytes")
        }
        #expect(readingError(Array(bytes[0..<3]), path: "/tmp/cut.ttf")
            == FontError("/tmp/cut.ttf: not a TrueType font (3 bytes, too short for a table directory)"))
    }

    @Test func garbageIsNotAFont() {
        let garbage = [UInt8](repeating: 0xAB, count: 64)
        #expect(throws: FontError("/tmp/x.ttf: not a TrueType font (bad table directory)")) {
            _ = try FontFace(data: garbage, path: "/tmp/x.ttf")
        }
        #expect(throws: FontError("/tmp/x.ttc: a font collection (.ttc), not a single font")) {
            _ = try FontFace(data: Array("ttcf".utf8) + [UInt8](repeating: 0, count: 60), path: "/tmp/x.ttc")
        }
    }

    @Test func damagedBytesThrowOrMeasureButNeverTrap() throws {
        let original = try fontBytes()
        // A fixed generator, so that a failure repeats: damage the table directory and the
        // tables near the start (head, hhea, OS/2, cmap's records), or anywhere.
        var state: UInt64 = 0x5C41_0F0F
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var thrown = 0
        for round in 0..<200 {
            var bytes = original
            for _ in 0...random(8) {
                let span = round.isMultiple(of: 2) ? min(4096, bytes.count) : bytes.count
                bytes[random(span)] = UInt8(random(256))
            }
            do {
                let face = try FontFace(data: bytes, path: "/tmp/damaged.ttf")
                let layout = TextLayout(text: "Hello wörld \u{2026} \u{4E2D} \u{1F600}", face: face, numberOfLines: 0,
                                        bounds: Rect(x: 0, y: 0, width: 80, height: 200))
                _ = layout.lines
            } catch {
                #expect(error.description.hasPrefix("/tmp/damaged.ttf: "))
                thrown += 1
            }
        }
        #expect(thrown > 0)
    }

    @Test func unreadableFilesAreErrorsNamingThem() {
        #expect(throws: FontError("/nonexistent/x.ttf: no such font file")) {
            _ = try FontFace(contentsOfFile: "/nonexistent/x.ttf")
        }
        #expect(throws: FontError("/tmp: not a font file (a directory)")) {
            _ = try FontFace(contentsOfFile: "/tmp")
        }
    }

    @Test func facesAreEqualWhenTheyAreTheSameObject() throws {
        let face = try face()
        #expect(face == (try self.face()))
        let copy = try FontFace(contentsOfFile: face.path)
        #expect(copy != face)
        #expect(copy.advance(of: "M" as Unicode.Scalar) == face.advance(of: "M" as Unicode.Scalar))
    }
}
