import CZlib
import Foundation
import Testing

/// ffprobe, rsvg-convert and ffmpeg, which `make test` installs (Debian's ffmpeg, librsvg2-bin).
enum ExportTools {
    static func find(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static let available = find("rsvg-convert") != nil && find("ffmpeg") != nil && find("ffprobe") != nil
    static let missing = "rsvg-convert, ffmpeg or ffprobe is not installed here (make test installs librsvg2-bin and ffmpeg)"

    /// What ffprobe says of the first video stream of `file`: `key=value` lines.
    static func probe(_ file: URL) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: find("ffprobe")!)
        process.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0",
                             "-show_entries", "stream=codec_name,width,height,pix_fmt,nb_read_frames:format=duration",
                             "-of", "default=noprint_wrappers=1", file.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}

/// A PNG of one colour, `width`×`height`, as a real file with pixels (RGB, zlib-compressed).
func solidPNG(width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8) -> Data {
    func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc)
    }
    func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    var raw: [UInt8] = []
    for _ in 0..<height { raw += [0] + [UInt8](repeating: 0, count: width * 3).enumerated().map { [red, green, blue][$0.offset % 3] } }
    var compressed = [UInt8](repeating: 0, count: raw.count + 1024)
    var length = uLongf(compressed.count)
    _ = compressed.withUnsafeMutableBufferPointer { out in raw.withUnsafeBufferPointer { compress(out.baseAddress, &length, $0.baseAddress, uLong($0.count)) } }
    let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 2, 0, 0, 0]
    return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        + chunk("IDAT", Array(compressed.prefix(Int(length)))) + chunk("IEND", []))
}

@Suite("PNG, GIF and MP4 export", .enabled(if: ExportTools.available, Comment(rawValue: ExportTools.missing)))
struct ExportTests {
    /// A card with a border and a shadow and a bold title, a blue-to-green gradient and a red
    /// photo, on a white page.
    static let content = """
        window.rootViewController = ViewController{ viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
        step(1)
        local root = window.rootViewController.view
        local card = View{ frame = rect(20, 60, 200, 120), backgroundColor = "#ffffff", cornerRadius = 12, borderWidth = 4,
                           borderColor = "#ff0000", shadowOpacity = 0.5, shadowRadius = 6, shadowOffset = size(0, 8) }
        root:addSubview(card)
        card:addSubview(Label{ frame = rect(16, 12, 168, 30), text = "Scrim", font = { size = 24, weight = "bold" } })
        root:addSubview(GradientView{ frame = rect(20, 220, 200, 100), colors = { "#0000ff", "#00ff00" },
                                      startPoint = point(0, 0.5), endPoint = point(1, 0.5) })
        root:addSubview(ImageView{ image = image("red.png"), frame = rect(240, 220, 100, 100) })
        step(1)
        """

    /// The pixel of window point `(x, y)` in an exported frame: the device's bezel is 12 points.
    private func pixel(_ image: PNGImage, _ x: Int, _ y: Int) -> (red: Int, green: Int, blue: Int) { image[x + 12, y + 12] }

    private func scratchWithContent() -> Scratch {
        let scratch = Scratch()
        scratch.write("content.lua", Self.content)
        try! solidPNG(width: 4, height: 4, red: 255, green: 0, blue: 0).write(to: scratch.url.appendingPathComponent("red.png"))
        return scratch
    }

    /// Each kind of content of `content` where the SVG puts it, in a picture of the frame.
    private func expectContent(in image: PNGImage) {
        // The border, inside the card's left edge; the card's inside; the shadow below it.
        #expect(pixel(image, 22, 120) == (255, 0, 0))
        #expect(pixel(image, 120, 140) == (255, 255, 255))
        let shadow = pixel(image, 120, 186)
        #expect(shadow.red < 235 && shadow.red == shadow.blue, "\(shadow)")
        // The gradient from blue at its left to green at its right; the photo.
        let left = pixel(image, 22, 270), right = pixel(image, 218, 270)
        #expect(left.blue > 240 && left.green < 15 && right.green > 240 && right.blue < 15, "\(left) \(right)")
        #expect(pixel(image, 290, 270) == (255, 0, 0))
        // The title's glyphs: dark pixels where the text is, none past its end.
        var dark = 0, beyond = 0
        for y in 75..<100 {
            for x in 36..<200 where pixel(image, x, y).red < 100 { if x < 130 { dark += 1 } else { beyond += 1 } }
        }
        #expect(dark > 100 && beyond == 0, "\(dark) dark pixels in the title, \(beyond) past it")
    }

    @Test("a PNG shows each kind of content where the SVG puts it")
    func pngShowsContent() throws {
        let scratch = scratchWithContent()
        let result = try Scrim.run(["render", "content.lua", "--out", "frame.png"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("scrim: wrote frame.png: the frame at 0.033 s, "), "\(result.stderr)")
        let image = try PNGImage(contentsOf: scratch.url.appendingPathComponent("frame.png"))
        #expect((image.width, image.height) == (417, 876))
        expectContent(in: image)

        let twice = try Scrim.run(["render", "content.lua", "--out", "big.png", "--scale", "2"], in: scratch.url)
        #expect(twice.status == 0, "\(twice.stderr)")
        let big = try PNGImage(contentsOf: scratch.url.appendingPathComponent("big.png"))
        #expect((big.width, big.height) == (834, 1752))
    }

    /// The exported PNG and Chromium's drawing of the same SVG agree within a small tolerance:
    /// the renderers rasterise text and blur shadows in their own ways.
    @Test("Chromium draws each kind of content, and the exported PNG matches its rendering of the same SVG", .enabled(if: Chromium.path != nil, Comment(rawValue: Chromium.missing)))
    func pngMatchesChromium() throws {
        let scratch = scratchWithContent()
        #expect(try Scrim.run(["render", "content.lua", "--out", "frame.svg"], in: scratch.url).status == 0)
        #expect(try Scrim.run(["render", "content.lua", "--out", "frame.png"], in: scratch.url).status == 0)
        let exported = try PNGImage(contentsOf: scratch.url.appendingPathComponent("frame.png"))
        try Chromium.run(["--window-size=417,876", "--screenshot=\(scratch.url.appendingPathComponent("chromium.png").path)"],
                         page: scratch.url.appendingPathComponent("frame.svg"), fragment: "")
        let browser = try PNGImage(contentsOf: scratch.url.appendingPathComponent("chromium.png"))
        expectContent(in: browser)
        var total = 0, far = 0, count = 0
        for y in 12..<(876 - 12) {
            for x in 12..<(417 - 12) {
                let a = exported[x, y], b = browser[x, y]
                let difference = max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
                total += difference
                if difference > 64 { far += 1 }
                count += 1
            }
        }
        let mean = Double(total) / Double(count), farShare = Double(far) / Double(count)
        #expect(mean < 1.5 && farShare < 0.005, "mean difference \(mean), \(far) pixels of \(count) differ by more than 64")
    }

    @Test("a GIF and an MP4 hold every recorded frame at the clock's rate")
    func gifAndMP4() throws {
        let scratch = Scratch()
        scratch.write("s.lua", RenderCommandTests.scenario)
        let gif = try Scrim.run(["render", "s.lua", "--out", "move.gif"], in: scratch.url)
        #expect(gif.status == 0, "\(gif.stderr)")
        #expect(gif.stderr.hasPrefix("scrim: wrote move.gif: 15 frames (0.033–0.500 s at 30 fps: every second frame of 60 fps), "),
                "\(gif.stderr)")
        // A GIF plays at most 50 frames a second: every second frame of 60, at 30.
        let gifFields = try ExportTools.probe(scratch.url.appendingPathComponent("move.gif"))
        #expect(gifFields["codec_name"] == "gif" && gifFields["nb_read_frames"] == "15", "\(gifFields)")
        #expect(gifFields["width"] == "417" && gifFields["height"] == "876")
        #expect(abs((Double(gifFields["duration"] ?? "") ?? 0) - 0.5) < 0.02, "\(gifFields)")

        let mp4 = try Scrim.run(["render", "s.lua", "--out", "move.mp4", "--fps", "30"], in: scratch.url)
        #expect(mp4.status == 0, "\(mp4.stderr)")
        let fields = try ExportTools.probe(scratch.url.appendingPathComponent("move.mp4"))
        #expect(fields["codec_name"] == "h264" && fields["pix_fmt"] == "yuv420p" && fields["nb_read_frames"] == "15", "\(fields)")
        // yuv420p needs even sides: the odd width is padded by one.
        #expect(fields["width"] == "418" && fields["height"] == "876")
        #expect(abs((Double(fields["duration"] ?? "") ?? 0) - 0.5) < 0.02, "\(fields)")

        let span = try Scrim.run(["render", "s.lua", "--out", "part.gif", "--from", "0.1", "--to", "0.2"], in: scratch.url)
        #expect(try ExportTools.probe(scratch.url.appendingPathComponent("part.gif"))["nb_read_frames"] == "4", "\(span.stderr)")
    }

    /// An output is made beside its place and renamed into it: a symbolic link there is
    /// replaced, not followed (even one made while the scenario runs), and a FIFO there is
    /// replaced rather than opened, which would block the render.
    @Test("outputs replace links and FIFOs at their place rather than write through them")
    func outputsReplaceLinksAndFIFOs() throws {
        let scratch = Scratch()
        let victim = scratch.url.appendingPathComponent("victim.txt")
        try Data("keep".utf8).write(to: victim)
        scratch.write("s.lua", "step(1)")
        scratch.write("late.lua", "os.execute('ln -sf \(victim.path) late.png'); step(1)")
        for name in ["link.svg", "link.html", "link.png"] {
            try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent(name).path, withDestinationPath: victim.path)
        }
        mkfifo(scratch.url.appendingPathComponent("fifo.svg").path, 0o600)
        mkfifo(scratch.url.appendingPathComponent("fifo.png").path, 0o600)
        for (script, out) in [("s.lua", "link.svg"), ("s.lua", "link.html"), ("s.lua", "link.png"), ("late.lua", "late.png"),
                              ("s.lua", "fifo.svg"), ("s.lua", "fifo.png")] {
            let result = try Scrim.run(["render", script, "--out", out], in: scratch.url)
            #expect(result.status == 0, "\(out): \(result.stderr)")
            let type = try FileManager.default.attributesOfItem(atPath: scratch.url.appendingPathComponent(out).path)[.type]
            #expect(type as? FileAttributeType == .typeRegular, "\(out): \(String(describing: type))")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { $0.contains(".scrim-") }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// SIGINT while frames are drawn: the render ends as the signal ends it, leaving neither
    /// its frame folder nor a part of the output.
    @Test("an interrupted export leaves nothing behind")
    func interruptedExport() throws {
        let scratch = Scratch()
        scratch.write("long.lua", """
            local v = View{ frame = rect(0, 0, 100, 100), backgroundColor = "#ff0000" }
            window:addSubview(v)
            animate({ duration = 5 }, function() v.center = point(300, 600) end)
            run(5)
            """)
        // The render's own temporary folder (TMPDIR), apart from other tests' exports.
        let temporary = scratch.url.appendingPathComponent("tmp").path
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        func exportFolders() -> Set<String> {
            Set(((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("scrim-export-") })
        }
        let before = exportFolders()
        let process = Process()
        process.executableURL = Scrim.executable
        process.arguments = ["render", "long.lua", "--out", "long.gif"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary]) { $1 }
        process.currentDirectoryURL = scratch.url
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the drawing to begin (its folder appears), with a generous deadline.
        let deadline = Date().addingTimeInterval(120)
        while exportFolders().subtracting(before).isEmpty, process.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!exportFolders().subtracting(before).isEmpty, "the export never began")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT)
        #expect(exportFolders().subtracting(before).isEmpty)
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
        #expect(left == ["long.lua", "tmp"], "\(left)")
    }

    @Test("bad output options and missing tools are clear errors before anything runs")
    func errors() throws {
        let scratch = Scratch()
        scratch.write("s.lua", "print('ran'); step(1)")
        func failure(_ arguments: [String], environment: [String: String] = [:]) throws -> (Int32, String, String) {
            let result = try Scrim.run(["render", "s.lua"] + arguments, in: scratch.url, environment: environment)
            return (result.status, result.stdout, result.stderr)
        }
        let unknown = try failure(["--out", "movie.webm"])
        #expect(unknown.0 != 0 && unknown.2.contains("--out movie.webm: expected FILE.html, FILE.svg, FILE.png, FILE.gif, FILE.mp4, or a folder ending in /"))
        let at = try failure(["--out", "movie.gif", "--at", "0.2"])
        #expect(at.2.contains("--at picks one frame: use it with FILE.svg or FILE.png"))
        let scale = try failure(["--out", "page.html", "--scale", "2"])
        #expect(scale.2.contains("--scale sets pixels per point: use it with FILE.png, FILE.gif or FILE.mp4"))
        #expect(try failure(["--out", "x.png", "--scale", "9"]).2.contains("--scale must be between 1 and 4, got 9"))

        // A span with none of the run's frames in it is an error, not the screen as the run left it.
        scratch.write("short.lua", "step(3)")
        func spanFailure(_ arguments: [String]) throws -> String {
            try Scrim.run(["render", "short.lua"] + arguments, in: scratch.url).stderr
        }
        #expect(try spanFailure(["--out", "early.svg", "--at", "0.001"]) == "no frame was made up to 0.001 s: the scenario's frames run from 0.017 to 0.050 s\n")
        #expect(try spanFailure(["--out", "late.gif", "--from", "10"]) == "no frame was made from 10 s on: the scenario's frames run from 0.017 to 0.050 s\n")
        #expect(try spanFailure(["--out", "gap.html", "--from", "1", "--to", "2"]) == "no frame was made from 1 to 2 s: the scenario's frames run from 0.017 to 0.050 s\n")

        let proc = try failure(["--out", "/proc/scrim.png"])
        #expect(proc.0 == 1 && proc.1 == "" && proc.2.contains("cannot write /proc/scrim.png: No such file or directory"), "\(proc)")
        let folder = try failure(["--out", "x.svg/"])
        #expect(folder.0 == 0, "a folder ending in / is the folder output: \(folder)")

        let noTools = try failure(["--out", "x.mp4"], environment: ["PATH": "/nonexistent"])
        #expect(noTools.0 == 1 && noTools.1 == "", "the scenario must not run")
        #expect(noTools.2.contains("--out FILE.mp4 needs rsvg-convert, which is not on PATH: install Debian's librsvg2-bin (apt-get install librsvg2-bin)"), "\(noTools.2)")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x.mp4").path))
    }
}
