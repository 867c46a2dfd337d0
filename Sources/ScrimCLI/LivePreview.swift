import Foundation
import ScrimLua
import ScrimPreview
import ScrimRender

/// The edit-and-see loop of `scrim preview` and `scrim render --watch`: renders the scenario,
/// serves the player page on 127.0.0.1, and renders again whenever the scenario or one of its
/// plugins changes; open pages reload themselves at the frame they showed.
struct LivePreview {
    var recording: ScenarioRecording
    var port: Int
    /// Where `scrim render --watch` also writes each render.
    var output: RenderOutput?

    func run() throws {
        let server = PreviewServer(port: port)
        let bound: Int
        do {
            bound = try blocking { try await server.start() }
        } catch {
            throw CLIError("cannot serve the preview on 127.0.0.1 port \(port): \(error)")
        }
        let title = PluginManager.displayPath(recording.script)
        ScenarioWatching.say("scrim: previewing \(title) at http://127.0.0.1:\(bound)/")
        let watcher = try FileWatcher()
        while true {
            var plugins: Set<String> = []
            do {
                let recorded = try recording.record(progress: ProgressLine()) { plugins = $0 }
                let page = PlayerPage.html(for: recorded, title: title, showsLabels: recording.labels,
                                           extraScript: PreviewServer.reloadScript)
                try blocking { await server.publish(page) }
                if let output {
                    try output.write(recorded, title: title, labels: recording.labels, progress: ProgressLine())
                } else {
                    ScenarioWatching.say("scrim: rendered \(RenderOutput.count(recorded.frames.count, "frame"))")
                }
            } catch let error as CLIError {
                ScenarioWatching.say(error.description)
                let page = PlayerPage.failure(title: title, message: error.description,
                                              extraScript: PreviewServer.reloadScript)
                try blocking { await server.publish(page) }
            }
            let folders = ScenarioWatching.folders(script: recording.script, plugins: plugins)
            let changed = ScenarioWatching.waitForLuaChange(
                in: folders, watcher: watcher, announcing: "scrim: watching \(title) and its plugins; Ctrl-C to stop")
            ScenarioWatching.say("scrim: \(changed.joined(separator: ", ")) changed; rendering again")
        }
    }
}
