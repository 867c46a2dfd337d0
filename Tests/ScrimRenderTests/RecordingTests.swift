import Foundation
import ScrimCore
@testable import ScrimRender
import Testing

@Suite("Recording frames and writing the player page")
struct RecordingTests {
    /// A window with one square that moves 10 points to the right each frame for three frames.
    private func record(span: ClosedRange<Double> = 0...Double.infinity) -> (Recording, View) {
        let application = Application(device: .iPhoneSE)
        let square = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        application.window.addSubview(square)
        let recorder = FrameRecorder(application: application, span: span)
        application.dispatcher.record("pluginLoaded", controller: nil)
        for _ in 0..<3 {
            square.center.x += 10
            application.step()
        }
        application.dispatcher.record("scriptError", controller: nil, args: [("message", .string("boom"))])
        return (recorder.finish(), square)
    }

    @Test("one frame per run-loop turn, at the turn's time, with what the screen showed")
    func framePerTurn() {
        let (recording, _) = record()
        #expect(recording.fps == 60)
        #expect(recording.frames.map { formatNumber($0.time) } == ["0.016667", "0.033333", "0.05"])
        #expect(recording.frames.map { $0.scene.nodes[1].open } == [
            "<g id=\"v1\" transform=\"translate(10 0)\">\n",
            "<g id=\"v1\" transform=\"translate(20 0)\">\n",
            "<g id=\"v1\" transform=\"translate(30 0)\">\n",
        ])
        #expect(recording.events.map(\.event) == ["pluginLoaded", "scriptError"])
        #expect(recording.events.map(recording.frameIndex(of:)) == [0, 2])
    }

    @Test("a span keeps the frames inside it and the events since the frame before it")
    func span() {
        let (recording, _) = record(span: 0.03...0.04)
        #expect(recording.frames.map { formatNumber($0.time) } == ["0.033333"])
        #expect(recording.events.isEmpty)
    }

    @Test("a run that never turns the run loop still gives one frame")
    func noTurns() {
        let application = Application(device: .iPhoneSE)
        let recording = FrameRecorder(application: application).finish()
        #expect(recording.frames.count == 1)
        #expect(recording.frames[0].time == 0)
    }

    @Test("the page stores the first frame whole and later frames as the nodes that changed")
    func differences() {
        let (recording, _) = record()
        let json = PlayerPage.dataJSON(for: recording, title: "moves")
        let frames = json.split(separator: "\n").filter { $0.hasPrefix("{\"t\"") || $0.contains("\"frames\":[{") }
        #expect(frames.count == 3)
        #expect(frames[0].contains("\"h\":") && frames[0].contains("\"o\":[0,1]"))
        #expect(frames[1] == #"{"t":0.033333,"n":[[1,0,"<g id=\"v1\" transform=\"translate(20 0)\">\n","</g>\n"]]},"#)
        #expect(json.contains(#"{"f":2,"e":{"seq":1,"t":0.050000,"event":"scriptError","vc":null,"args":{"message":"boom"}}}"#))
    }

    @Test("a view that goes is listed as gone, with the new painting order")
    func removal() {
        let application = Application(device: .iPhoneSE)
        let square = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        application.window.addSubview(square)
        let recorder = FrameRecorder(application: application)
        application.step()
        square.removeFromSuperview()
        application.step()
        let json = PlayerPage.dataJSON(for: recorder.finish(), title: "goes")
        #expect(json.contains(#"{"t":0.033333,"d":[1],"o":[0]}"#))
    }

    @Test("the page is self-contained: no address outside it, data that cannot close its script element")
    func selfContained() {
        let (recording, square) = record()
        square.name = "</script><script>alert(1)</script>"
        let page = PlayerPage.html(for: recording, title: "a </script> title")
        #expect(!page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "").contains("http"))
        #expect(!page.contains("src="))
        #expect(page.components(separatedBy: "</script>").count == 4)  // the data and the two scripts
        #expect(page.contains("<title>a &lt;/script&gt; title · Scrim</title>"))
    }

    @Test("placeholders are filled in one pass: a value that contains one stays as it is")
    func placeholders() {
        let (recording, _) = record()
        let page = PlayerPage.html(for: recording, title: "{{data}}")
        #expect(page.contains("<h1>{{data}}</h1>"))
    }

    @Test("a folder of SVG files: one per frame, named by frame number, and an index")
    func folder() throws {
        let (recording, _) = record()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-render-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var written: [Int] = []
        try FrameFolder.write(recording, title: "moves", to: folder) { written.append($0) }
        #expect(written == [1, 2, 3])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["frame-00000.svg", "frame-00001.svg", "frame-00002.svg", "index.html"])
        let second = try String(contentsOf: folder.appendingPathComponent("frame-00001.svg"), encoding: .utf8)
        #expect(second == recording.frames[1].scene.svg)
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<tr><td><a href=\"frame-00002.svg\">2</a></td><td>0.050</td><td>scriptError</td></tr>"))
    }
}
