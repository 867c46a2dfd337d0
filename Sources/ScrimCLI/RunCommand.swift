import ArgumentParser
import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

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

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if watch && listen != nil { throw ValidationError("--listen cannot be combined with --watch") }
    }

    func run() throws {
        if watch { return try runWatching() }
        let runtime = try runOnce()
        guard let listen else { return }
        let loop = RuntimeLoop(runtime)
        let server = try Serving.listen(loop, at: listen)
        try? runtime.plugins.startWatching()
        FileHandle.standardError.write(Data("scrim: the scenario has run; listening on \(listen); Ctrl-C to stop\n".utf8))
        Serving.serveUntilSignalled(loop, server: server)
    }

    /// Runs the scenario again on every change, until Ctrl-C.
    private func runWatching() throws {
        let watcher = try FileWatcher()
        while true {
            var plugins: Set<String> = []
            do {
                try runOnce { plugins = $0 }
            } catch let error as CLIError {
                ScenarioWatching.say(error.description)
            }
            let folders = ScenarioWatching.folders(script: script, plugins: plugins)
            let changed = ScenarioWatching.waitForLuaChange(
                in: folders, watcher: watcher, announcing: "scrim: watching \(script) and its plugins; Ctrl-C to stop")
            ScenarioWatching.say("scrim: \(changed.joined(separator: ", ")) changed; running again")
        }
    }

    /// Runs the scenario once and returns its runtime; `watchedFolders` receives the folders its
    /// plugins came from.
    @discardableResult
    private func runOnce(watchedFolders: (Set<String>) -> Void = { _ in }) throws -> Runtime {
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw CLIError("\(script): cannot read the scenario (no such file, or not readable)")
        }
        let runtime = try options.makeRuntime(clock: VirtualClock(fps: fps))
        defer { watchedFolders(runtime.plugins.watchedFolders) }
        var writer: TraceWriter?
        if let trace {
            writer = trace == "-" ? TraceWriter() : try TraceWriter(path: trace)
            runtime.application.dispatcher.addSink(writer!)
        }
        defer { writer?.flush() }
        do {
            try runtime.runScript(at: script)
        } catch {
            writer?.flush()
            throw CLIError(error.description)
        }
        return runtime
    }
}

/// A failure printed as its message alone on standard error (no `Error:` prefix, so the
/// line reads `file:line: message`), with exit status 1.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
