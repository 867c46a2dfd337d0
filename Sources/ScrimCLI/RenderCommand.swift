import ArgumentParser
import Foundation
import ScrimLua

/// `scrim render SCRIPT --out FILE.html`: records every frame of a scenario and writes a page
/// to scrub through, one SVG per frame, a single SVG or PNG, an animated GIF or an MP4.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Record every frame of a scenario as a self-contained HTML player, or as SVG.",
        discussion: """
            --out FILE.html writes one page with the frames, a player (play/pause, scrubber, speed, \
            keys: space, ←/→) and the trace as a timeline; open it in any browser, offline. \
            --out DIR/ writes frame-00000.svg … and an index.html; --out FILE.svg writes the last \
            recorded frame (--at SECONDS: the frame shown then); --out FILE.png draws that frame as \
            pixels, --out FILE.gif and FILE.mp4 every recorded frame at the clock's fps (with \
            rsvg-convert and ffmpeg, Debian's librsvg2-bin and ffmpeg). Views are drawn from their \
            on-screen (presentation) values. With \
            --watch, the output is written again whenever the scenario or a plugin changes, and a \
            page on 127.0.0.1 shows the latest render and reloads itself.
            """
    )

    @Argument(help: "The scenario script (a Lua file).")
    var script: String

    @Option(help: ArgumentHelp("FILE.html, FILE.svg, FILE.png, FILE.gif, FILE.mp4, or a folder ending in / for one SVG per frame.", valueName: "path"))
    var out: String

    @OptionGroup var options: ConfigurationArguments

    @OptionGroup var rendering: RenderOptions

    @Option(help: ArgumentHelp("Record from this clock time on, in seconds.", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("Record up to this clock time, in seconds.", valueName: "seconds"))
    var to: Double?

    @Option(help: ArgumentHelp("With FILE.svg or FILE.png: the frame shown at this clock time, in seconds (default: the last).", valueName: "seconds"))
    var at: Double?

    @Option(help: ArgumentHelp("With FILE.png, FILE.gif or FILE.mp4: pixels per point, 1 to 4.", valueName: "n"))
    var scale: Int = 1

    @Flag(help: "Render again whenever the scenario or a plugin changes, and serve a live page on 127.0.0.1.")
    var watch = false

    @Option(help: ArgumentHelp("The live page's port with --watch (default: a free one).", valueName: "port"))
    var port: Int?

    func validate() throws {
        if let from, from < 0 || !from.isFinite { throw ValidationError("--from must be a time in seconds, 0 or more") }
        if let to, to < 0 || !to.isFinite { throw ValidationError("--to must be a time in seconds, 0 or more") }
        if let from, let to, to < from { throw ValidationError("--to \(to) comes before --from \(from)") }
        let output = try RenderOutput(path: out)
        if let at {
            guard at >= 0, at.isFinite else { throw ValidationError("--at must be a time in seconds, 0 or more") }
            guard output.isOneFrame else { throw ValidationError("--at picks one frame: use it with FILE.svg or FILE.png (a span is --from and --to)") }
            guard from == nil, to == nil else { throw ValidationError("--at picks one frame; --from and --to pick a span: use one or the other") }
        }
        guard (1...4).contains(scale) else { throw ValidationError("--scale must be between 1 and 4, got \(scale)") }
        if scale != 1, !output.isRaster { throw ValidationError("--scale sets pixels per point: use it with FILE.png, FILE.gif or FILE.mp4") }
        if port != nil, !watch { throw ValidationError("--port needs --watch") }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        if watch, output.isRaster { throw ValidationError("--watch serves a live page: use it with FILE.html, FILE.svg or a folder") }
    }

    func run() throws {
        let output = try RenderOutput(path: out)
        let span = at.map { 0...$0 } ?? (from ?? 0)...(to ?? .infinity)
        let recording = rendering.recording(of: script, options: options.parsed, span: span)
        if watch {
            return try LivePreview(recording: recording, port: port ?? 0, output: output).run()
        }
        // The tools and the file are checked before the scenario runs: a long render is not
        // lost at its end for a missing program or a folder that cannot be written.
        var raster: RasterExport?
        if case .raster(_, let kind) = output { raster = try RasterExport(kind: kind, scale: scale) }
        try output.checkWritable()
        let progress = ProgressLine()
        let recorded = try recording.record(progress: progress)
        try output.write(recorded, title: PluginManager.displayPath(script), labels: rendering.labels, raster: raster, progress: progress)
    }
}
