import ArgumentParser

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

    @OptionGroup var options: ConfigurationArguments

    @Option(help: "The page's port (default: a free one).")
    var port: Int?

    @OptionGroup var rendering: RenderOptions

    func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
    }

    func run() throws {
        try LivePreview(recording: rendering.recording(of: script, options: options.parsed), port: port ?? 0, output: nil).run()
    }
}
