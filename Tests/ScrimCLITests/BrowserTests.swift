import Foundation
import ScrimCore
import ScrimRender
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
        let result = try Scrim.run(["render", "Scripts/demo.lua", "--out", page.path, "--time-limit", "60"])
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
        #expect(try Scrim.run(["render", "Scripts/demo.lua", "--out", page.path, "--time-limit", "60"]).status == 0)
        let dom = try Chromium.run(["--dump-dom"], page: page, fragment: "t=0.55")
        #expect(dom.contains("<div id=\"position\">frame 32 of "))
        #expect(dom.contains(" · 0.550 s</div>"))
        #expect(dom.contains("<g id=\"v"), "the stage holds the frame's SVG")
    }
}

@Suite("The player's controls in a real browser", .enabled(if: Chromium.path != nil, Comment(rawValue: Chromium.missing)))
struct PlayerControlTests {
    /// A page of ten frames (a square moving right) with a `scriptError` at 0.067 s (frame 3), and `script`
    /// run after the player starts; returns the DOM once Chromium has run it.
    private func dom(after script: String, at fragment: String = "", virtualTime: Int? = nil) throws -> String {
        let application = Application(device: .iPhoneSE)
        let square = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        application.window.addSubview(square)
        let recorder = FrameRecorder(application: application)
        for frame in 0..<10 {
            if frame == 4 { application.dispatcher.record("scriptError", controller: "root", args: [("message", .string("boom"))]) }
            square.center.x += 10
            application.step()
        }
        let page = PlayerPage.html(for: recorder.finish(), title: "ten frames", extraScript: script)
        let scratch = Scratch()
        let file = scratch.url.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: file)
        let budget = virtualTime.map { ["--virtual-time-budget=\($0)"] } ?? []
        return try withExtendedLifetime(scratch) {
            try Chromium.run(["--dump-dom"] + budget, page: file, fragment: fragment)
        }
    }

    @Test("keys step through frames; a timeline event jumps to its frame and is picked out in the list")
    func keysAndTimeline() throws {
        let dom = try dom(after: """
            var seen = [];
            function key(name, shift) {
              document.dispatchEvent(new KeyboardEvent("keydown", { key: name, shiftKey: !!shift }));
              seen.push(scrimPlayer.frame);
            }
            key("ArrowRight"); key("ArrowRight"); key("ArrowLeft"); key("End"); key("Home"); key("ArrowRight", true);
            document.querySelector(".runtime .tick").click();
            seen.push(scrimPlayer.frame);
            document.body.dataset.seen = seen.join(",");
            // Space on the focused play button is the button's own (one click), not a second toggle.
            var button = document.getElementById("play");
            button.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
            document.body.dataset.button = button.textContent;
            """, at: "frame=0")
        #expect(dom.contains("data-seen=\"1,2,1,9,0,9,3\""))
        #expect(dom.contains("data-button=\"▶ Play\""))
        #expect(dom.contains("<div id=\"position\">frame 3 of 9 · 0.067 s</div>"))
        #expect(dom.contains("<li data-index=\"0\" class=\"selected\">0.067  scriptError root message=\"boom\"</li>"))
        #expect(dom.contains("<g id=\"v1\" transform=\"translate(40 0)\">"), "frame 3 shows the square 40 points along")
    }

    /// The DOM after playing from frame 0 at `speed` for 300 ms of the browser's virtual time.
    private func played(at speed: String) throws -> String {
        // Headless Chromium draws no frames, so animation frames come from timers on its virtual clock.
        try dom(after: """
            window.requestAnimationFrame = function (callback) {
              return setTimeout(function () { callback(performance.now()); }, 16);
            };
            document.getElementById("speed").value = "\(speed)";
            document.getElementById("speed").dispatchEvent(new Event("change"));
            scrimPlayer.play();
            """, at: "frame=0", virtualTime: 300)
    }

    @Test("play runs the frames at the chosen speed and stops at the last")
    func play() throws {
        // 0.167 s of frames: 300 ms at 2× plays them all and pauses; at 0.25× it is still going.
        let fast = try played(at: "2")
        #expect(fast.contains("<div id=\"position\">frame 9 of 9 · 0.167 s</div>"))
        #expect(fast.contains("<button id=\"play\" type=\"button\">▶ Play</button>"))
        let slow = try played(at: "0.25")
        #expect(!slow.contains("<div id=\"position\">frame 0 of") && !slow.contains("<div id=\"position\">frame 9 of"))
        #expect(slow.contains("<button id=\"play\" type=\"button\">❚❚ Pause</button>"))
    }

    @Test("the page puts each frame together into exactly the SVG that Scene.svg writes")
    func framesMatchTheSVGFiles() throws {
        // Views that move, fade, clip, go, come back in a new place and change order.
        let application = Application(device: .iPhoneSE)
        let card = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        card.clipsToBounds = true
        card.cornerRadius = 8
        let photo = View(frame: Rect(x: 10, y: 10, width: 200, height: 50))
        photo.backgroundColor = .black
        let badge = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
        card.addSubview(photo)
        application.window.addSubview(card)
        let recorder = FrameRecorder(application: application, labels: true)
        try application.animate(duration: 0.1, curve: .linear) { card.alpha = 0.5; card.transform = AffineTransform(rotationAngle: 0.3) }
        application.step(frames: 3)
        application.window.addSubview(badge)
        application.step()
        badge.removeFromSuperview()
        application.step()
        card.insertSubview(badge, at: 0)
        application.step()
        application.window.insertSubview(badge, at: 0)
        photo.isHidden = true
        application.step(frames: 2)
        let recording = recorder.finish()
        let expected = "[" + recording.frames.map { jsonString($0.scene.svg) }.joined(separator: ",") + "]"
        let page = PlayerPage.html(for: recording, title: "changes", extraScript: """
            var expected = \(expected.replacingOccurrences(of: "</", with: "<\\/")), wrong = [];
            for (var i = 0; i < expected.length; i++) if (scrimPlayer.svg(i) !== expected[i]) wrong.push(i);
            document.body.dataset.wrong = wrong.length ? wrong.join(",") : "none";
            document.body.dataset.count = String(scrimPlayer.count);
            """)
        let scratch = Scratch()
        let file = scratch.url.appendingPathComponent("page.html")
        try Data(page.utf8).write(to: file)
        let dom = try Chromium.run(["--dump-dom"], page: file, fragment: "")
        #expect(recording.frames.count == 8)
        #expect(dom.contains("data-wrong=\"none\" data-count=\"8\""))
    }
}
