import ArgumentParser
import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

/// `scrim run`, once its arguments are read: runs the scenario on the virtual clock, again on
/// every change with `watch`, and then answers a control socket with `listen`.
struct ScenarioRun: Equatable {
    var script: String
    var options = RuntimeOptions()
    var trace: String?
    var fps = 60
    var watch = false
    var listen: String?

    func validate() throws {
        try options.validate()
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
        try? FileHandle.standardError.write(contentsOf: Data("scrim: the scenario has run; listening on \(listen); Ctrl-C to stop\n".utf8))
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
