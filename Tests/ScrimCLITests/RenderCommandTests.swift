import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite struct RenderCommandTests {
    static let scenario = """
        local root = ViewController{ name = "root", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
        window.rootViewController = root
        local card = View{ name = "card", frame = rect(0, 0, 100, 100), backgroundColor = "#ff9500" }
        root.view:addSubview(card)
        animate({ duration = 0.5, curve = "linear" }, function() card.center = point(250, 50) end)
        run(0.5)
        """

    @Test func aPageWithEveryFrameAndASummaryLine() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", Self.scenario)
        let result = try Scrim.run(["render", script, "--out", "page.html"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("scrim: wrote page.html: 30 frames (0.017–0.500 s at 60 fps), "))
        let page = try String(contentsOf: scratch.url.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.contains("<title>s.lua · Scrim</title>"))
        #expect(page.contains("<script type=\"application/json\" id=\"scrim-data\">{\"title\":"))
        #expect(page.components(separatedBy: "{\"t\":").count == 31)

        let again = try Scrim.run(["render", script, "--out", "again.html"], in: scratch.url)
        #expect(again.status == 0)
        #expect(try Data(contentsOf: scratch.url.appendingPathComponent("again.html")) == Data(page.utf8))
    }

    @Test func aSpanAFrameRateAFolderAndOneSVG() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", Self.scenario)
        let span = try Scrim.run(["render", script, "--out", "frames/", "--from", "0.1", "--to", "0.2"], in: scratch.url)
        #expect(span.status == 0, "\(span.stderr)")
        #expect(span.stderr == "scrim: wrote frames/: 7 SVG files (0.100–0.200 s at 60 fps) and index.html\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.url.appendingPathComponent("frames").path)
        #expect(files.sorted().first == "frame-00000.svg" && files.sorted().last == "index.html" && files.count == 8)
        // The first frame of the span, t = 0.1: the card a fifth of the way, 40 of 200 points.
        let first = try String(contentsOf: scratch.url.appendingPathComponent("frames/frame-00000.svg"), encoding: .utf8)
        #expect(first.contains("<g id=\"v2\" data-name=\"card\" transform=\"translate(40 0)\">"))

        let slow = try Scrim.run(["render", script, "--out", "last.svg", "--fps", "30"], in: scratch.url)
        #expect(slow.stderr == "scrim: wrote last.svg: the frame at 0.500 s\n")
        let last = try String(contentsOf: scratch.url.appendingPathComponent("last.svg"), encoding: .utf8)
        #expect(last.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"417\" height=\"876\""))
        #expect(last.contains("<g id=\"v2\" data-name=\"card\" transform=\"translate(200 0)\">"))
    }

    @Test func aSizeImitatesTheDeviceOfThatSizeAndLabelsNameViews() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "print(window.device, window.traitCollection.horizontalSizeClass); step()")
        let pad = try Scrim.run(["render", script, "--out", "pad.svg", "--size", "1180x820"], in: scratch.url)
        #expect(pad.stdout == "iPad Air\tregular\n")
        let svg = try String(contentsOf: scratch.url.appendingPathComponent("pad.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1204\" height=\"844\" viewBox=\"0 0 1204 844\" data-device=\"iPad Air\">"))

        let square = try Scrim.run(["render", script, "--out", "square.svg", "--size", "500x500", "--labels"], in: scratch.url)
        #expect(square.stdout == "iPhone 15\tcompact\n")
        let labelled = try String(contentsOf: scratch.url.appendingPathComponent("square.svg"), encoding: .utf8)
        #expect(labelled.contains("width=\"524\" height=\"524\""))
        #expect(labelled.contains("<text class=\"label\" x=\"3\" y=\"11\">window</text>"))
    }

    @Test func badInvocationsAndFailingScenariosExplainThemselves() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "step()\nerror('boom')")
        for (arguments, message) in [
            (["--out", "x.webp"], "--out x.webp: expected FILE.html, FILE.svg, FILE.png, FILE.gif, FILE.mp4, or a folder ending in /"),
            (["--out", "x.html", "--size", "big"], "--size big: expected WIDTHxHEIGHT in points, like 393x852"),
            (["--out", "x.html", "--from", "2", "--to", "1"], "--to 1.0 comes before --from 2.0"),
            (["--out", "x.html", "--port", "8080"], "--port needs --watch"),
            (["--out", "x.html", "--fps", "0"], "--fps must be between 1 and 1000, got 0"),
        ] {
            let result = try Scrim.run(["render", script] + arguments, in: scratch.url)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let failing = try Scrim.run(["render", script, "--out", "x.html"], in: scratch.url)
        #expect(failing.status == 1)
        #expect(failing.stderr == "\(script):2: boom\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("x.html").path))

        let missing = try Scrim.run(["render", "nothing.lua", "--out", "x.html"], in: scratch.url)
        #expect(missing.stderr == "nothing.lua: cannot read the scenario (no such file, or not readable)\n")
        let nowhere = try Scrim.run(["render", script, "--out", "no/such/x.html"], in: scratch.url)
        #expect(nowhere.status != 0)
        #expect(nowhere.stderr.contains("--out no/such/x.html: no such folder no/such"), "\(nowhere.stderr)")
    }
}

/// Fetches `url` and returns the body as text.
func fetch(_ url: String) async throws -> String {
    let (data, _) = try await URLSession.shared.data(from: URL(string: url)!)
    return String(decoding: data, as: UTF8.self)
}

@Suite struct PreviewCommandTests {
    @Test func thePageFollowsEveryChangeAndShowsErrors() async throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "window.rootViewController = ViewController{ name = 'first' }; step()")
        let preview = try LiveRepl([script], in: scratch.url, home: scratch.url, terminal: false, command: "preview")
        defer { if preview.process.isRunning { kill(preview.process.processIdentifier, SIGINT) } }
        preview.expect("scrim: previewing s.lua at http://127.0.0.1:")
        let port = try #require(Int(preview.transcript.prefix { $0.isNumber }))   // the line is written at once
        let url = "http://127.0.0.1:\(port)/"
        preview.expect("scrim: rendered 1 frame\n")
        preview.expect("watching")
        let first = try await fetch(url)
        #expect(first.contains("\"vc\":\"first\""))
        #expect(first.contains("new WebSocket(\"ws://\" + location.host + \"/live\")"))

        try "window.rootViewController = ViewController{ name = 'second' }; step(2)".write(toFile: script, atomically: true, encoding: .utf8)
        preview.expect("s.lua changed; rendering again")
        preview.expect("scrim: rendered 2 frames")
        #expect(try await fetch(url).contains("\"vc\":\"second\""))

        try "step()\nerror('broken')".write(toFile: script, atomically: true, encoding: .utf8)
        preview.expect("s.lua:2: broken")
        preview.expect("watching")
        let failure = try await fetch(url)
        #expect(failure.contains("<pre id=\"error\">\(script):2: broken</pre>"))
        kill(preview.process.processIdentifier, SIGINT)
        #expect(preview.waitForExit() == SIGINT)
    }

    @Test func renderWatchWritesTheFileAgainOnEachChange() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "step()")
        let watching = try LiveRepl([script, "--out", "page.html", "--watch"], in: scratch.url, home: scratch.url,
                                    terminal: false, command: "render")
        defer { if watching.process.isRunning { kill(watching.process.processIdentifier, SIGINT) } }
        watching.expect("scrim: wrote page.html: 1 frame (")
        watching.expect("watching")
        try "step(3)".write(toFile: script, atomically: true, encoding: .utf8)
        watching.expect("scrim: wrote page.html: 3 frames")
        let page = try String(contentsOf: scratch.url.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "{\"t\":").count == 4)
        kill(watching.process.processIdentifier, SIGINT)
        #expect(watching.waitForExit() == SIGINT)
    }
}
