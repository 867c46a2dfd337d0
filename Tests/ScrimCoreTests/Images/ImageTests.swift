import Foundation
@testable import ScrimCore
import Testing

/// The smallest headers of each format, as their specifications lay them out.
enum ImageBytes {
    /// A PNG's signature and `IHDR` chunk for a picture of `width`×`height` (no pixels follow:
    /// Scrim reads the size, and embeds the bytes as they are).
    static func png(width: UInt32, height: UInt32) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8)
        for value in [width, height] { bytes += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return Data(bytes)
    }

    /// A JPEG's start, an APP0 segment, then a baseline start-of-frame of `width`×`height`.
    static func jpeg(width: UInt16, height: UInt16, frameMarker: UInt8 = 0xC0) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, frameMarker, 0, 17, 8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3]
        bytes += [UInt8](repeating: 0, count: 9) + [0xFF, 0xD9]
        return Data(bytes)
    }
}

@Suite struct ImageTests {
    @Test func sizesComeFromEachFormatsHeader() throws {
        let png = try Image(data: ImageBytes.png(width: 640, height: 480), name: "photo.png")
        #expect((png.format, png.pixelWidth, png.pixelHeight, png.size) == (.png, 640, 480, Size(width: 640, height: 480)))
        #expect(png.dataAddress.hasPrefix("data:image/png;base64,iVBORw0KGgo"))

        let progressive = try Image(data: ImageBytes.jpeg(width: 300, height: 200, frameMarker: 0xC2), name: "p.jpg")
        #expect((progressive.format, progressive.pixelWidth, progressive.pixelHeight) == (.jpeg, 300, 200))

        let svg = try Image(data: Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="24px" height='12.5'><rect/></svg>"#.utf8), name: "icon.svg")
        #expect((svg.format, svg.pixelWidth, svg.pixelHeight) == (.svg, 24, 13))
        let boxed = try Image(data: Data(#"<svg viewBox="0 0 100 50" xmlns="http://www.w3.org/2000/svg"/>"#.utf8), name: "box.svg")
        #expect((boxed.pixelWidth, boxed.pixelHeight) == (100, 50))
    }

    /// `UIImage(named:)`'s rule: the `@2x` file has twice the pixels for the same points.
    @Test func aScaleSuffixSetsPixelsPerPoint() throws {
        let retina = try Image(data: ImageBytes.png(width: 640, height: 480), name: "images/photo@2x.png")
        #expect(retina.scale == 2)
        #expect(retina.size == Size(width: 320, height: 240))
        #expect(try Image(data: ImageBytes.png(width: 300, height: 300), name: "a@3x.png").size == Size(width: 100, height: 100))
        #expect(try Image(data: ImageBytes.png(width: 2, height: 2), name: "dir@2x/a.png").scale == 1)
    }

    @Test func whatIsNotAPictureScrimCanSizeIsAnErrorNamingTheFile() throws {
        let cases: [(Data, String)] = [
            (Data("hello".utf8), "notes.txt: not a PNG, JPEG or SVG file with a size Scrim can read"),
            (Data(), "empty.png: not a PNG, JPEG or SVG file with a size Scrim can read"),
            (Data(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), "nosize.svg: not a PNG, JPEG or SVG file with a size Scrim can read"),
            (ImageBytes.png(width: 0, height: 10), "zero.png: a picture of 0×10 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (ImageBytes.png(width: 20_000, height: 10), "wide.png: a picture of 20000×10 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (ImageBytes.png(width: 5000, height: 5000), "bomb.png: a picture of 5000×5000 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (Data(count: Image.largestFile + 1), "huge.png: an image file is at most 7340032 bytes, this one has more"),
        ]
        for (data, message) in cases {
            let name = String(message.prefix { $0 != ":" })
            #expect(throws: ImageError(message)) { try Image(data: data, name: name) }
        }
    }

    /// The size checked is the size a renderer draws: the real root's, found past comments and
    /// processing instructions; a size in a style, entities, and images inside are refused.
    @Test func anSVGsSizeIsItsRootsAndTricksAreRefused() throws {
        let tricks: [(String, String)] = [
            (#"<!-- <svg width="10" height="10"> --><svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000"/>"#,
             "c.svg: a picture of 30000×30000 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (#"<?pi <svg width="10" height="10"?><svg xmlns="http://www.w3.org/2000/svg" width="5000" height="5000"/>"#,
             "c.svg: a picture of 5000×5000 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" style="width:30000px;height:30000px"/>"#,
             "c.svg: an SVG image gives its size in width and height (or a viewBox), not in a style"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="data:image/png;base64,AAAA"/></svg>"#,
             "c.svg: an SVG image may not hold images of its own (<image>, <feImage>, <foreignObject>)"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><s:image/></svg>"#,
             "c.svg: an SVG image may not hold images of its own (<image>, <feImage>, <foreignObject>)"),
            (#"<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">&a;</svg>"#,
             "c.svg: an SVG image may not declare entities (a doctype with an internal subset)"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="10"/>"#,
             "c.svg: a picture of 1000000000×10 pixels; a side is 1 to 16384 and the whole at most 16777216 pixels"),
            (#"<svg width="10" width="20" height="10"/>"#, "c.svg: not a PNG, JPEG or SVG file with a size Scrim can read"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="30" height="10"><text><xi:include href="data:text/plain,HI" parse="text"/></text></svg>"#,
             "c.svg: an SVG image may not include other documents (XInclude)"),
            (#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>svg { width : 30000px; height:30000px }</style></svg>"#,
             "c.svg: an SVG image gives its size in width and height (or a viewBox), not in a style"),
        ]
        for (text, message) in tricks {
            #expect(throws: ImageError(message), "\(text)") { try Image(data: Data(text.utf8), name: "c.svg") }
        }
        let editor = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- made by hand -->
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
            <svg
              xmlns="http://www.w3.org/2000/svg" width
                = '64' height="32px"><style>.a { stroke-width: 2; fill: #f00 }</style><rect width="64" height="32"/></svg>
            """#
        let fine = try Image(data: Data(editor.utf8), name: "editor.svg")
        #expect((fine.pixelWidth, fine.pixelHeight) == (64, 32))
    }

    /// Every cut of a PNG and a JPEG, and garbled bytes, give a size or an error, never a trap.
    @Test func cutAndGarbledHeadersNeverTrap() {
        for whole in [ImageBytes.png(width: 9, height: 9), ImageBytes.jpeg(width: 9, height: 9)] {
            for length in 0...whole.count {
                _ = try? Image(data: whole.prefix(length), name: "cut")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = [UInt8](ImageBytes.jpeg(width: 9, height: 9))
            bytes[Int.random(in: 2..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            _ = try? Image(data: Data(bytes), name: "garbled")
        }
    }

    @Test func contentModesPlaceContentAsUIKitDoes() {
        let bounds = Rect(x: 0, y: 0, width: 200, height: 100)
        let square = Size(width: 50, height: 50)
        let places: [ContentMode: Rect] = [
            .scaleToFill: bounds,
            .redraw: bounds,
            .scaleAspectFit: Rect(x: 50, y: 0, width: 100, height: 100),
            .scaleAspectFill: Rect(x: 0, y: -50, width: 200, height: 200),
            .center: Rect(x: 75, y: 25, width: 50, height: 50),
            .top: Rect(x: 75, y: 0, width: 50, height: 50),
            .bottom: Rect(x: 75, y: 50, width: 50, height: 50),
            .left: Rect(x: 0, y: 25, width: 50, height: 50),
            .right: Rect(x: 150, y: 25, width: 50, height: 50),
            .topLeft: Rect(x: 0, y: 0, width: 50, height: 50),
            .topRight: Rect(x: 150, y: 0, width: 50, height: 50),
            .bottomLeft: Rect(x: 0, y: 50, width: 50, height: 50),
            .bottomRight: Rect(x: 150, y: 50, width: 50, height: 50),
        ]
        #expect(places.count == ContentMode.allCases.count)
        for (mode, place) in places { #expect(mode.placement(of: square, in: bounds) == place, "\(mode)") }
        #expect(ContentMode.scaleAspectFit.placement(of: .zero, in: bounds) == nil)
        #expect(ContentMode.center.placement(of: square, in: Rect(x: .nan, y: 0, width: 1, height: 1)) == nil)
        #expect(ContentMode.center.placement(of: Size(width: .infinity, height: 1), in: bounds) == nil)
    }
}

/// `:tree` and the `tree` request say what each kind of content shows.
@Suite struct ContentDescriptionTests {
    @Test func treesNameTextImagesAndGradients() throws {
        let application = Application(device: .iPhoneSE)
        let label = Label(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        label.text = "A \"quoted\" title that runs on for well past forty characters"
        let photo = ImageView(image: try Image(data: ImageBytes.png(width: 4, height: 2), name: "images/photo@2x.png"))
        let gradient = GradientView(frame: .zero)
        gradient.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
        gradient.type = .radial
        for view in [label, photo, gradient] { application.window.addSubview(view) }
        let lines = application.window.hierarchyDescription.split(separator: "\n").suffix(3)
        #expect(Array(lines) == [
            #"   ├─ Label (0, 0, 100, 20) text "A \"quoted\" title that runs on for well p…""#,
            "   ├─ ImageView (0, 0, 2, 1) image images/photo@2x.png",
            "   └─ GradientView (0, 0, 0, 0) radial gradient #ff0000ff #0000ffff",
        ])
        guard case .object(let root) = application.window.hierarchySnapshot, case .object(let window)? = root["views"],
              case .array(let views)? = window["subviews"], case .object(let first) = views[0] else {
            Issue.record("no views in the snapshot")
            return
        }
        #expect(first["content"] == .string(#"text "A \"quoted\" title that runs on for well p…""#))
    }
}
