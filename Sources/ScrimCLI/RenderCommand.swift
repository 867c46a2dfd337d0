import ArgumentParser
import Foundation
import ScrimLua

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

    @OptionGroup var options: ConfigurationArguments

    @OptionGroup var rendering: RenderOptions

    @Option(help: ArgumentHelp("Record from this clock time on, in seconds.", valueName: "seconds"))
    var from: Double?

    @Option(help: ArgumentHelp("Record up to this clock time, in seconds.", valueName: "seconds"))
    var to: Double?

    @Flag(help: "Render again whenever the scenario or a plugin changes, and serve a live page on 127.0.0.1.")
    var watch = false

    @Option(help: ArgumentHelp("The live page's port with --watch (default: a free one).", valueName: "port"))
    var port: Int?

    func validate() throws {
        if let from, from < 0 || !from.isFinite { throw ValidationError("--from must be a time in seconds, 0 or more") }
        if let to, to < 0 || !to.isFinite { throw ValidationError("--to must be a time in seconds, 0 or more") }
        if let from, let to, to < from { throw ValidationError("--to \(to) comes before --from \(from)") }
        if port != nil, !watch { throw ValidationError("--port needs --watch") }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        _ = try RenderOutput(path: out)
    }

    func run() throws {
        let output = try RenderOutput(path: out)
        let recording = rendering.recording(of: script, options: options.parsed, span: (from ?? 0)...(to ?? .infinity))
        if watch {
            return try LivePreview(recording: recording, port: port ?? 0, output: output).run()
        }
        let progress = ProgressLine()
        let recorded = try recording.record(progress: progress)
        try output.write(recorded, title: PluginManager.displayPath(script), labels: rendering.labels, progress: progress)
    }
}
