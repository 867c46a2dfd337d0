import Foundation
import ScrimCore

/// A recording as a folder of SVG files, one per frame (`frame-00000.svg` …), and an
/// `index.html` that lists each frame with its time and the trace events it shows.
public enum FrameFolder {
    /// The file name of frame `index`.
    public static func fileName(ofFrame index: Int) -> String {
        "frame-" + String(repeating: "0", count: max(0, 5 - String(index).count)) + String(index) + ".svg"
    }

    /// Writes `recording` into `folder`, creating it; existing frame files are replaced.
    /// `progress` is told after each file with the number written.
    public static func write(_ recording: Recording, title: String, to folder: URL,
                             progress: (Int) -> Void = { _ in }) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, frame) in recording.frames.enumerated() {
            try Data(frame.scene.svg.utf8).write(to: folder.appendingPathComponent(fileName(ofFrame: index)))
            progress(index + 1)
        }
        try Data(index(of: recording, title: title).utf8).write(to: folder.appendingPathComponent("index.html"))
    }

    static func index(of recording: Recording, title: String) -> String {
        var eventsByFrame: [Int: [TraceEvent]] = [:]
        for event in recording.events { eventsByFrame[recording.frameIndex(of: event), default: []].append(event) }
        var rows = ""
        for (index, frame) in recording.frames.enumerated() {
            let name = fileName(ofFrame: index)
            let events = (eventsByFrame[index] ?? []).map { event in
                xmlEscaped(event.event + (event.controller.map { " " + $0 } ?? ""))
            }.joined(separator: "<br>")
            rows += "<tr><td><a href=\"\(name)\">\(index)</a></td><td>\(String(format: "%.3f", frame.time))</td><td>\(events)</td></tr>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head><meta charset="utf-8"><meta name="generator" content="scrim render"><title>\(xmlEscaped(title)) · frames</title>
            <style>body{font:13px system-ui,sans-serif;margin:16px}td{padding:2px 12px 2px 0;vertical-align:top}\
            td:nth-child(3){font:12px ui-monospace,monospace}th{text-align:left}</style></head>
            <body>
            <h1>\(xmlEscaped(title))</h1>
            <p>\(recording.frames.count) frames at \(recording.fps) fps, one SVG file each.</p>
            <table>
            <tr><th>frame</th><th>time (s)</th><th>events</th></tr>
            \(rows)</table>
            </body>
            </html>

            """
    }
}
