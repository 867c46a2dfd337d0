import Foundation
@testable import ScrimCore
@testable import ScrimRender
import Testing

/// A window of an iPhone SE with a card (a label in it) over a gradient.
private func window(cardY: Double = 100, extra: Bool = false) -> Window {
    let application = Application(device: .iPhoneSE)
    let window = application.window
    let gradient = GradientView(frame: Rect(x: 0, y: 0, width: 375, height: 200))
    gradient.colors = [.black, .white]
    window.addSubview(gradient)
    if extra {
        let badge = View(frame: Rect(x: 5, y: 5, width: 10, height: 10))
        badge.name = "badge"
        window.addSubview(badge)
    }
    let card = View(frame: Rect(x: 20, y: cardY, width: 200, height: 80))
    card.name = "card"
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    card.cornerRadius = 8
    card.borderWidth = 1
    card.shadowOpacity = 0.5
    let label = Label(frame: Rect(x: 10, y: 10, width: 180, height: 30))
    label.text = "Hello & <welcome>"
    card.addSubview(label)
    window.addSubview(card)
    return window
}

@Suite("snapshots of frames")
struct SnapshotTests {
    @Test("a frame's description names each view's geometry, looks and content, defaults left out")
    func description() throws {
        let described = FrameDescription.of(window())
        guard case .object(let root) = described, case .array(let views)? = root["subviews"],
              case .object(let card) = views[1], case .array(let inside)? = card["subviews"],
              case .object(let label) = inside[0], case .object(let gradient) = views[0] else {
            Issue.record("unexpected shape: \(described.json)")
            return
        }
        #expect(root["view"] == .string("window") && root["alpha"] == nil && root["transform"] == nil)
        #expect(card.keys.sorted() == ["backgroundColor", "border", "cornerRadius", "frame", "shadow", "subviews", "view"])
        #expect(card["border"] == .object(["width": .number(1), "color": .string("#000000ff")]))
        #expect(card["shadow"]?.json == ##"{"color":"#000000ff","offset":[0,-3],"opacity":0.5,"radius":3}"##)
        #expect(label["text"]?.json.hasPrefix(##"{"color":"#000000ff","font":{"size":17,"weight":"regular"},"lines":[[0,"##) == true)
        #expect(gradient["gradient"]?.json == ##"{"end":[0.5,1],"start":[0.5,0],"stops":[[0,"#000000ff"],[1,"#ffffffff"]],"type":"axial"}"##)
    }

    @Test("a snapshot file is an SVG whose metadata gives back the description, one view a line")
    func roundTrip() throws {
        let window = window()
        let scene = SceneBuilder().scene(of: window)
        let description = FrameDescription.of(window)
        let text = SnapshotFile.text(scene: scene, description: description)
        #expect(text.hasPrefix(scene.svg.prefix { $0 != "\n" } + "\n<metadata id=\"scrim-snapshot\">\n{\"view\":\"window\""))
        #expect(text.contains("\n  {\"view\":\"card\","))
        #expect(text.contains(#""lines":[[0,"#) && text.contains("Hello &amp; &lt;welcome&gt;"))
        #expect(try SnapshotFile.description(in: text) == SnapshotFile.rounded(description))
        #expect(text.replacingOccurrences(of: SnapshotFile.open, with: "").replacingOccurrences(of: SnapshotFile.close, with: "")
            .contains(scene.svg.dropFirst(scene.svg.firstIndex(of: "\n")!.utf16Offset(in: scene.svg) + 1).prefix(200)))
    }

    @Test("a change of how the frame is written is not a difference; a change on screen is")
    func comparison() throws {
        let text = SnapshotFile.text(scene: SceneBuilder().scene(of: window()), description: FrameDescription.of(window()))
        // The drawing rewritten — attributes reordered, whitespace added — with the same description.
        let reformatted = text.replacingOccurrences(of: "<rect width=", with: "<rect  data-x=\"1\" width=")
        #expect(reformatted != text)
        let stored = try SnapshotFile.description(in: reformatted)
        #expect(FrameComparison.differences(expected: stored, actual: FrameDescription.of(window()), tolerance: 0.01).isEmpty)
        #expect(FrameComparison.differences(expected: stored, actual: FrameDescription.of(window(cardY: 100.005)), tolerance: 0.01).isEmpty)

        let moved = FrameComparison.differences(expected: stored, actual: FrameDescription.of(window(cardY: 130)), tolerance: 0.01)
        #expect(moved.map(\.description) == ["window › card: frame expected [20,100,200,80], got [20,130,200,80]"])

        // A view added before the others is one difference, not one for every sibling after it.
        let added = FrameComparison.differences(expected: stored, actual: FrameDescription.of(window(extra: true)), tolerance: 0.01)
        #expect(added.map(\.description) == ["window › badge: a view the snapshot does not have"])
        let removed = FrameComparison.differences(expected: FrameDescription.of(window(extra: true)), actual: stored, tolerance: 0.01)
        #expect(removed.map(\.description) == ["window › badge: missing"])
    }

    @Test("the deepest view tree reads back; a malformed description is refused with its line")
    func malformed() throws {
        let application = Application(device: .iPhoneSE)
        var parent: View = application.window
        for _ in 1..<View.deepestTree {
            let child = View(frame: Rect(x: 1, y: 1, width: 10, height: 10))
            parent.addSubview(child)
            parent = child
        }
        let deep = FrameDescription.of(application.window)
        let text = SnapshotFile.text(scene: SceneBuilder().scene(of: application.window), description: deep)
        #expect(try SnapshotFile.description(in: text) == deep)

        func refusal(_ metadata: String) -> String {
            do {
                _ = try SnapshotFile.description(in: "<svg>\n" + SnapshotFile.open + metadata + SnapshotFile.close + "</svg>\n")
                return "read"
            } catch {
                return error.message
            }
        }
        #expect(refusal("{\"view\":\"window\"}\n    {\"view\":\"a\"}\n") == "line 2 of its description: out of place (one window first, each view one level below its superview)")
        #expect(refusal("{\"view\":\"window\"}\n{\"view\":\"again\"}\n") == "line 2 of its description: out of place (one window first, each view one level below its superview)")
        #expect(refusal("{\"view\":\"window\"}\n  [1, 2]\n") == "line 2 of its description: not a JSON object")
        #expect(refusal(" {\"view\":\"window\"}\n") == "line 1 of its description: out of place (one window first, each view one level below its superview)")
        #expect(refusal("") == "its description is empty")
        #expect(throws: SnapshotFileError(message: "not a Scrim snapshot (no <metadata id=\"scrim-snapshot\">)")) {
            try SnapshotFile.description(in: "<svg></svg>")
        }
    }
}

@Suite("snapshot files from elsewhere")
struct SnapshotFileBoundsTests {
    func read(_ metadata: String, largest: Int = .max) -> String {
        do {
            _ = try SnapshotFile.description(in: "<svg>\n<metadata id=\"scrim-snapshot\">" + metadata + "</metadata>\n</svg>\n", largest: largest)
            return "read"
        } catch {
            return error.message
        }
    }

    @Test("deeper than a view tree, larger than the bound: refused before they are read whole")
    func bounds() {
        let deep = (0..<3000).map { String(repeating: "  ", count: $0) + "{\"view\":\"v\"}" }.joined(separator: "\n")
        #expect(read("\n" + deep + "\n") == "line 257 of its description: deeper than a view tree can be (256 levels)")
        #expect(read("\n" + String(repeating: "{\"view\":\"window\"}", count: 1) + String(repeating: " ", count: 2 << 20) + "\n",
                     largest: 1 << 20) == "its description is larger than 1 MB; not one Scrim wrote")
    }

    @Test("more views than a snapshot holds")
    func views() {
        let lines = ["{\"view\":\"window\"}"] + Array(repeating: "  {\"view\":\"v\"}", count: 50_000)
        #expect(read("\n" + lines.joined(separator: "\n") + "\n") == "line 50001 of its description: more views than a snapshot holds (50000)")
    }

    @Test("line ends of either kind, and an empty description on one line")
    func lineEnds() {
        #expect(read("\r\n{\"view\":\"window\"}\r\n  {\"view\":\"a\"}\r\n") == "read")
        #expect(read("") == "its description is empty")
    }
}
