import ArgumentParser

/// `scrim run SCRIPT`: runs a scenario on the virtual clock.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua scenario on the virtual clock.",
        discussion: """
            Plugins are found by name in the --plugins folders, then ./Plugins, then the folders \
            of $SCRIM_PLUGIN_PATH (colon-separated), then Scrim's shipped Plugins/. Exits 0, or 1 \
            with `file:line: message` when the scenario's own code fails; errors inside callbacks \
            are reported as scriptError events and the run goes on.
            """
    )

    @Argument(help: "The scenario script (a Lua file).")
    var script: String

    @OptionGroup var options: ConfigurationArguments

    @Option(help: ArgumentHelp("Write the trace as JSON Lines to a file, or - for standard output.", valueName: "file"))
    var trace: String?

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Int = 60

    @Flag(help: "Run again whenever the scenario or a Lua file in the plugin folders changes (until Ctrl-C).")
    var watch = false

    @Option(help: ArgumentHelp(
        "After the scenario, keep its runtime and answer a control socket at this path (as `scrim serve`) until Ctrl-C.",
        valueName: "path"))
    var listen: String?

    /// What the arguments ask for, as plain values.
    var scenarioRun: ScenarioRun {
        ScenarioRun(script: script, options: options.parsed, trace: trace, fps: fps, watch: watch, listen: listen)
    }

    func validate() throws {
        try scenarioRun.validate()
    }

    func run() throws {
        try scenarioRun.run()
    }
}

/// A failure printed as its message alone on standard error (no `Error:` prefix, so the
/// line reads `file:line: message`), with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
