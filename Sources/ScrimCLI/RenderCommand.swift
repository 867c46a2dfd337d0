import ArgumentParser
import Foundation
import ScrimCore
import ScrimLua
import ScrimRender

/// `scrim render SCRIPT --out FILE.html`: records every frame of a scenario and writes a page
/// to scrub through, one SVG per frame, or a single SVG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Record every frame of a scenario as a self-contained HTML player, or as SVG.",
        discussion: """
            --out FILE.html writes one page with the frames, a player (play/pause, scrubber, speed, \
            keys: space, ←/→) and the trace as a timeline; open it in any browser, offline. \
            --out DIR/ writes frame-00000.svg … and an index.html; --out FILE.svg writes the last \
            recorded frame. Views are drawn from their on-screen (presentation) values. With \
            --watch, the output is written again whenever the scenario or a plugin changes, and a \
            page on 127.0.0.1 shows the latest render and reloads itself.
            """
    )

    @Argument(help: "The scenario script (a Lua file).")
    var script: String

    @Option(help: ArgumentHelp("FILE.html, FILE.svg, or a folder ending in / for one SVG per frame.", valueName: "path"))
    var out: String

    @OptionGroup var options: RuntimeOptions

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Int = 60

    @Option(help: ArgumentHelp("Record from this clock time on, in seconds.", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("Record up to this clock time, in seconds.", valueName: "seconds"))
    var to: Double?

    @Option(help: ArgumentHelp("The window's size in points, like 820x1180; a shipped device of that size is imitated, else an iPhone 15's traits apply.", valueName: "WxH"))
    var size: String?

    @Flag(help: "Label named views with their names (in the page, the names checkbox starts on).")
    var labels = false

    @Flag(help: "Render again whenever the scenario or a plugin changes, and serve a live page on 127.0.0.1.")
    var watch = false

    @Option(help: ArgumentHelp("The live page's port with --watch (default: a free one).", valueName: "port"))
    var port: Int?

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if let from, from < 0 || !from.isFinite { throw ValidationError("--from must be a time in seconds, 0 or more") }
        if let to, to < 0 || !to.isFinite { throw ValidationError("--to must be a time in seconds, 0 or more") }
        if let from, let to, to < from { throw ValidationError("--to \(to) comes before --from \(from)") }
        if let size, ScenarioRecording.parseSize(size) == nil {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, like 393x852")
        }
        if port != nil, !watch { throw ValidationError("--port needs --watch") }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        _ = try RenderOutput(path: out)
    }

    var recording: ScenarioRecording {
        ScenarioRecording(script: script, options: options, fps: fps, span: (from ?? 0)...(to ?? .infinity),
                          size: size.flatMap(ScenarioRecording.parseSize), labels: labels)
    }

    func run() throws {
        let output = try RenderOutput(path: out)
        if watch {
            return try LivePreview(recording: recording, port: port ?? 0, output: output).run()
        }
        let progress = ProgressLine()
        let recorded = try recording.record(progress: progress)
        try output.write(recorded, title: PluginManager.displayPath(script), labels: labels, progress: progress)
    }
}

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
                summary = "\(url.relativePath): \(counted) (\(span) at \(recording.fps) fps), \(megabytes(bytes.count))"
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
        } catch let error as CocoaError {
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

    private func megabytes(_ count: Int) -> String {
        count < 1 << 20 ? "\(count / 1024 + 1) kB" : String(format: "%.1f MB", Double(count) / Double(1 << 20))
    }
}
