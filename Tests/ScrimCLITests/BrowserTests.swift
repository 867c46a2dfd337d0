import Foundation
import Testing

/// Headless Chromium (Debian's `chromium`), which `make test` installs.
enum Chromium {
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    static let missing = "Chromium is not installed here (make test installs Debian's chromium; the install failed or was skipped)"

    /// Runs Chromium headless on `page` and returns its standard output.
    @discardableResult
    static func run(_ arguments: [String], page: URL, fragment: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path!)
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
                             "--no-first-run", "--force-device-scale-factor=1", "--user-data-dir=\(profile.path)"]
            + arguments + [page.absoluteString + "#" + fragment]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A screenshot of `page` opened at `fragment`, 1200×1000 CSS pixels.
    static func screenshot(of page: URL, at fragment: String, to file: URL) throws -> PNGImage {
        try run(["--window-size=1200,1000", "--screenshot=\(file.path)"], page: page, fragment: fragment)
        return try PNGImage(contentsOf: file)
    }
}

@Suite("The rendered demo in a real browser", .enabled(if: Chromium.path != nil, Comment(rawValue: Chromium.missing)))
struct BrowserTests {
    /// Where a point of the window is in a screenshot: the stage's padding (16) and the
    /// device's bezel (12) at one pixel per point.
    private func pixel(_ image: PNGImage, _ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) {
        image[x + 28, y + 28]
    }

    private func brightness(_ colour: (red: Int, green: Int, blue: Int)) -> Int {
        colour.red + colour.green + colour.blue
    }

    @Test("the half sheet: the presenter where it will be at the start, the sheet there at rest, the scrim darkening the rest")
    func halfSheetFrames() throws {
        let scratch = Scratch()
        let page = scratch.url.appendingPathComponent("demo.html")
        let result = try Scrim.run(["render", "Scripts/demo.lua", "--out", page.path])
        #expect(result.status == 0, "\(result.stderr)")

        let start = try Chromium.screenshot(of: page, at: "frame=0", to: scratch.url.appendingPathComponent("start.png"))
        let rest = try Chromium.screenshot(of: page, at: "t=0.55", to: scratch.url.appendingPathComponent("rest.png"))
        #expect(start.width == 1200 && start.height == 1000)

        // In the sheet's area (the lower half of an 852-point screen): the inbox's grey at the
        // start, the sheet's white at rest.
        let inboxGrey = (red: 0xf2, green: 0xf2, blue: 0xf7)
        #expect(pixel(start, 196, 640) == inboxGrey)
        #expect(pixel(rest, 196, 640) == (red: 255, green: 255, blue: 255))
        // Above it, the scrim (black at 40 %) darkens the inbox to about 60 % of its grey.
        let dimmed = pixel(rest, 8, 300)
        #expect(pixel(start, 8, 300) == inboxGrey)
        #expect(abs(dimmed.red - 0xf2 * 6 / 10) <= 2 && abs(dimmed.blue - 0xf7 * 6 / 10) <= 2, "dimmed to \(dimmed)")
        #expect(brightness(dimmed) < brightness(inboxGrey) * 2 / 3)
    }

    @Test("the scrubber opens at the frame the address asks for and shows its number and time")
    func scrubberPosition() throws {
        let scratch = Scratch()
        let page = scratch.url.appendingPathComponent("demo.html")
        #expect(try Scrim.run(["render", "Scripts/demo.lua", "--out", page.path]).status == 0)
        let dom = try Chromium.run(["--dump-dom"], page: page, fragment: "t=0.55")
        #expect(dom.contains("<div id=\"position\">frame 32 of "))
        #expect(dom.contains(" · 0.550 s</div>"))
        #expect(dom.contains("<g id=\"v"), "the stage holds the frame's SVG")
    }
}
