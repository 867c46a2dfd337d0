import ArgumentParser
import Foundation
import ScrimRender

/// Where `scrim render` writes: a page, a folder of SVG files, one SVG file, or pictures made
/// from the frames (`RasterExport`): one PNG, an animated GIF, an MP4 video.
enum RenderOutput {
    case page(URL)
    case folder(URL)
    case svg(URL)
    case raster(URL, RasterExport.Kind)

    init(path: String) throws {
        var isDirectory: ObjCBool = false
        let url = URL(fileURLWithPath: path)
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
            self = .folder(url)
        } else if ["html", "htm"].contains(url.pathExtension.lowercased()) {
            self = .page(url)
        } else if url.pathExtension.lowercased() == "svg" {
            self = .svg(url)
        } else if let kind = RasterExport.Kind(rawValue: url.pathExtension.lowercased()) {
            self = .raster(url, kind)
        } else {
            throw ValidationError("--out \(path): expected FILE.html, FILE.svg, FILE.png, FILE.gif, FILE.mp4, or a folder ending in /")
        }
        if case .folder = self { return }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--out \(path): no such folder \(url.deletingLastPathComponent().relativePath)")
        }
    }

    /// Whether the output is one frame (an SVG or a PNG): the last recorded, or the one shown
    /// at `--at`.
    var isOneFrame: Bool {
        switch self {
        case .svg, .raster(_, .png): return true
        default: return false
        }
    }

    /// Whether the output is pictures made from the frames (PNG, GIF, MP4).
    var isRaster: Bool {
        if case .raster = self { return true }
        return false
    }

    /// Checks before any work that the file can be written (the folder exists and takes a new
    /// file, the path is not a folder), so a render is not lost at its end.
    func checkWritable() throws {
        switch self {
        case .page(let url), .svg(let url), .raster(let url, _): try OutputFile.checkWritable(url)
        case .folder: break
        }
    }

    /// Writes `recording` and prints a summary line on standard error; `raster` makes the
    /// pictures of a `.raster` output.
    func write(_ recording: Recording, title: String, labels: Bool, raster: RasterExport? = nil, progress: ProgressLine) throws {
        try Interruption.handled { try writeUninterrupted(recording, title: title, labels: labels, raster: raster, progress: progress) }
    }

    private func writeUninterrupted(_ recording: Recording, title: String, labels: Bool, raster: RasterExport?,
                                    progress: ProgressLine) throws {
        let frames = recording.frames.count, counted = RenderOutput.count(frames, "frame")
        let span = String(format: "%.3f–%.3f s", recording.frames.first?.time ?? 0, recording.frames.last?.time ?? 0)
        let summary: String
        do {
            switch self {
            case .page(let url):
                let bytes = Data(PlayerPage.html(for: recording, title: title, showsLabels: labels).utf8)
                try OutputFile.write(bytes, to: url)
                summary = "\(url.relativePath): \(counted) (\(span) at \(recording.fps) fps), \(RenderOutput.size(bytes.count))"
            case .folder(let url):
                try FrameFolder.write(recording, title: title, to: url) { written in
                    progress.update("writing \(url.relativePath): \(written) of \(frames) frames")
                }
                progress.finish()
                summary = "\(url.relativePath)/: \(RenderOutput.count(frames, "SVG file")) (\(span) at \(recording.fps) fps) and index.html"
            case .svg(let url):
                let last = recording.frames[recording.frames.count - 1]
                try OutputFile.write(Data(last.scene.svg.utf8), to: url)
                summary = "\(url.relativePath): the frame at \(String(format: "%.3f", last.time)) s"
            case .raster(let url, let kind):
                guard let raster else { throw CLIError("no pictures to make for \(path)") }
                var written: [RecordedFrame] = []
                try OutputFile(url).make { temporary in
                    written = try raster.write(recording.frames, fps: recording.fps, to: temporary, progress: progress)
                }
                let bytes = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
                let times = String(format: "%.3f–%.3f s", written.first?.time ?? 0, written.last?.time ?? 0)
                let step = raster.step(at: recording.fps)
                if kind == .png, let last = written.last {
                    summary = "\(url.relativePath): the frame at \(String(format: "%.3f", last.time)) s, \(RenderOutput.size(bytes))"
                } else if step > 1 {
                    let rate = String(format: "%g", Double(recording.fps) / Double(step))
                    summary = "\(url.relativePath): \(RenderOutput.count(written.count, "frame")) (\(times) at \(rate) fps: "
                        + "every \([2: "second", 3: "third"][step] ?? "\(step)th") frame of \(recording.fps) fps), \(RenderOutput.size(bytes))"
                } else {
                    summary = "\(url.relativePath): \(counted) (\(span) at \(recording.fps) fps), \(RenderOutput.size(bytes))"
                }
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError("cannot write \(path): \(error.localizedDescription)")
        }
        // A name with a line break in it would split the line: such a name is quoted, escaped.
        let line = summary.contains(where: \.isNewline) ? String(reflecting: summary) : summary
        try? FileHandle.standardError.write(contentsOf: Data("scrim: wrote \(line)\n".utf8))
    }

    var path: String {
        switch self {
        case .page(let url), .folder(let url), .svg(let url), .raster(let url, _): return url.relativePath
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
