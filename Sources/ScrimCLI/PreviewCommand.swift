import ArgumentParser
import ScrimCore

/// `scrim preview SCRIPT`: a live page of the scenario's frames that follows every edit.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live player page of a scenario on 127.0.0.1 that re-renders on every change.",
        discussion: """
            Prints the page's address (on 127.0.0.1 only), renders the scenario, and renders it \
            again whenever the scenario or a Lua file in its plugin folders changes; open pages \
            reload themselves and keep the frame they showed. A failing scenario shows its error \
            on the page. Ctrl-C stops it.
            """
    )

    @Argument(help: "The scenario script (a Lua file).")
    var script: String

    @OptionGroup var options: RuntimeOptions

    @Option(help: "The page's port (default: a free one).")
    var port: Int = 0

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Int = 60

    @Option(help: ArgumentHelp("The window's size in points, like 820x1180.", valueName: "WxH"))
    var size: String?

    @Flag(help: "Start with view names shown.")
    var labels = false

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let size, ScenarioRecording.parseSize(size) == nil {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, like 393x852")
        }
    }

    func run() throws {
        let recording = ScenarioRecording(script: script, options: options, fps: fps, span: 0...Double.infinity,
                                          size: size.flatMap(ScenarioRecording.parseSize), labels: labels)
        try LivePreview(recording: recording, port: port, output: nil).run()
    }
}
