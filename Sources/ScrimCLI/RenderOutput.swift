import ArgumentParser
import Foundation
import ScrimRender

/// Where `scrim render` writes: a page, a folder of SVG files, or one SVG file.
enum RenderOutput {
    case page(URL)
    case folder(URL)
    case svg(URL)

    init(path: String) throws {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            self = .folder(url)
        } else if ["html", "htm"].contains(url.pathExtension.lowercased()) {
            self = .page(url)
        } else if url.pathExtension.lowercased() == "svg" {
            self = .svg(url)
        } else {
            throw ValidationError("--out \(path): expected FILE.html, FILE.svg, or a folder ending in /")
        }
        if case .folder = self { return }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--out \(path): no such folder \(url.deletingLastPathComponent().relativePath)")
        }
    }

    /// Writes `recording` and prints a summary line on standard error.
    func write(_ recording: Recording, title: String, labels: Bool, progress: ProgressLine) throws {
        let frames = recording.frames.count, counted = RenderOutput.count(frames, "frame")
        let span = String(format: "%.3f–%.3f s", recording.frames.first?.time ?? 0, recording.frames.last?.time ?? 0)
        let summary: String
        do {
            switch self {
            case .page(let url):
                let bytes = Data(PlayerPage.html(for: recording, title: title, showsLabels: labels).utf8)
                try bytes.write(to: url)
                summary = "\(url.relativePath): \(counted) (\(span) at \(recording.fps) fps), \(RenderOutput.size(bytes.count))"
            case .folder(let url):
                try FrameFolder.write(recording, title: title, to: url) { written in
                    progress.update("writing \(url.relativePath): \(written) of \(frames) frames")
                }
                progress.finish()
                summary = "\(url.relativePath)/: \(RenderOutput.count(frames, "SVG file")) (\(span) at \(recording.fps) fps) and index.html"
            case .svg(let url):
                let last = recording.frames[recording.frames.count - 1]
                try Data(last.scene.svg.utf8).write(to: url)
                summary = "\(url.relativePath): the frame at \(String(format: "%.3f", last.time)) s"
            }
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
        FileHandle.standardError.write(Data("scrim: wrote \(summary)\n".utf8))
    }

    var path: String {
        switch self {
        case .page(let url), .folder(let url), .svg(let url): return url.relativePath
        }
    }

    /// `1 frame`, `2 frames`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `18 kB`, `1.3 MB`.
    private static func size(_ count: Int) -> String {
        count < 1 << 20 ? "\(count / 1024 + 1) kB" : String(format: "%.1f MB", Double(count) / Double(1 << 20))
    }
}
