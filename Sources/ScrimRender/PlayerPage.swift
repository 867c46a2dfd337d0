import Foundation
import ScrimCore

/// A recording as one self-contained HTML page: the frames, a player (play and pause, a
/// scrubber with frame number and time, speed from 0.25× to 2×, keyboard shortcuts) and the
/// trace as a timeline whose events jump to their frame. No network, no external assets.
///
/// Frames are stored as differences: each frame lists only the views whose SVG changed, the
/// views that went, and the painting order when it changed; a small script in the page puts
/// each frame's SVG together exactly as `Scene.svg` does. `#frame=N` or `#t=SECONDS` in the
/// page's address opens it at that frame.
public enum PlayerPage {
    /// The page for `recording`, titled `title`, with view names shown from the start when
    /// `showsLabels`. `extraScript` is JavaScript appended to the page (the live preview's
    /// reload hook); in it, `scrimPlayer.frame` is the frame shown, `scrimPlayer.show(n)`,
    /// `play()` and `pause()` drive the player, and `scrimPlayer.svg(n)` is frame `n`'s SVG.
    public static func html(for recording: Recording, title: String, showsLabels: Bool = false,
                            extraScript: String = "") -> String {
        let data = dataJSON(for: recording, title: title)
            .replacingOccurrences(of: "</", with: "<\\/")
        return PlayerTemplate.fill([
            "title": xmlEscaped(title), "data": data, "extraScript": extraScript,
            "stageClass": showsLabels ? "" : "hide-labels", "labelsChecked": showsLabels ? " checked" : "",
        ])
    }

    /// The page's data: `{"title", "fps", "tail", "images":{id: element}, "frames":[{"t","h"?,"u"?,"n"?,"d"?,"o"?}],
    /// "events":[{"f","e"}]}` — every image once, and each frame the ids of those it shows
    /// (`u`) when they changed.
    static func dataJSON(for recording: Recording, title: String) -> String {
        var images: [Int: String] = [:]
        for frame in recording.frames { images.merge(frame.scene.images) { first, _ in first } }
        var out = "{\"title\":\(jsonString(title)),\"fps\":\(recording.fps),\"tail\":\(jsonString(Scene.tail)),\"images\":{"
        out += images.keys.sorted().map { "\"\($0)\":\(jsonString(images[$0]!))" }.joined(separator: ",")
        out += "},\"frames\":["
        var previous: [Int: SceneNode] = [:]
        var previousOrder: [Int] = []
        var previousHead: String?
        var previousUsed: [Int] = []
        for (index, frame) in recording.frames.enumerated() {
            if index > 0 { out += ",\n" }
            out += "{\"t\":\(String(format: "%.6f", frame.time))"
            let scene = frame.scene
            if scene.head != previousHead {
                out += ",\"h\":\(jsonString(scene.head))"
                previousHead = scene.head
            }
            let used = scene.images.keys.sorted()
            if used != previousUsed {
                out += ",\"u\":[\(used.map(String.init).joined(separator: ","))]"
                previousUsed = used
            }
            var current: [Int: SceneNode] = [:]
            var changed: [SceneNode] = []
            for node in scene.nodes {
                current[node.id] = node
                if previous[node.id] != node { changed.append(node) }
            }
            if !changed.isEmpty {
                out += ",\"n\":[" + changed.map { node in
                    "[\(node.id),\(node.parent.map(String.init) ?? "null"),\(jsonString(node.open)),\(jsonString(node.close))]"
                }.joined(separator: ",") + "]"
            }
            let gone = previousOrder.filter { current[$0] == nil }
            if !gone.isEmpty { out += ",\"d\":[\(gone.map(String.init).joined(separator: ","))]" }
            let order = scene.nodes.map(\.id)
            if order != previousOrder { out += ",\"o\":[\(order.map(String.init).joined(separator: ","))]" }
            out += "}"
            previous = current
            previousOrder = order
        }
        out += "],\n\"events\":["
        out += recording.events.map { "{\"f\":\(recording.frameIndex(of: $0)),\"e\":\($0.jsonLine)}" }
            .joined(separator: ",\n")
        return out + "]}"
    }
}

extension PlayerPage {
    /// A page that shows why a render failed (the live preview's page until the next change).
    public static func failure(title: String, message: String, extraScript: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(xmlEscaped(title)) · failed · Scrim</title>
        <style>body{font:14px system-ui,sans-serif;margin:24px;color:#1c1c1e}\
        pre{font:13px ui-monospace,monospace;background:#fff0f0;border:1px solid #ffb3b3;border-radius:8px;\
        padding:12px;white-space:pre-wrap}</style></head>
        <body>
        <h1>\(xmlEscaped(title))</h1>
        <p>The scenario failed; the page reloads when a file changes.</p>
        <pre id="error">\(xmlEscaped(message))</pre>
        <script>\(extraScript)</script>
        </body>
        </html>

        """
    }
}
