import Foundation
import LuaBridge
import ScrimCore
import ScrimLua
import ScrimRender

/// Runs a scenario on the virtual clock while recording its frames: what `scrim render` and
/// `scrim preview` show.
struct ScenarioRecording {
    var script: String
    var options: RuntimeOptions
    var fps: Int
    var span: ClosedRange<Double>
    /// The window's size, when not the device's portrait size.
    var size: Size?
    var labels: Bool

    /// The recording. Throws a `CLIError` with `file:line: message` when the scenario fails;
    /// `watchedFolders` receives the folders its plugins came from either way.
    func record(progress: ProgressLine? = nil, watchedFolders: (Set<String>) -> Void = { _ in }) throws -> Recording {
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw CLIError("\(script): cannot read the scenario (no such file, or not readable)")
        }
        let device = size.flatMap(ScenarioRecording.device(fitting:)) ?? .iPhone15
        let runtime = try options.makeRuntime(clock: VirtualClock(fps: fps), device: device)
        defer { watchedFolders(runtime.plugins.watchedFolders) }
        if let size { runtime.application.window.resize(to: size) }
        let recorder = FrameRecorder(application: runtime.application, span: span, labels: labels)
        let name = PluginManager.displayPath(script)
        recorder.onFrame = { count, time in
            progress?.update("rendering \(name): \(count) frames, \(String(format: "%.2f", time)) s")
        }
        do {
            try runtime.runScript(at: script)
        } catch {
            progress?.finish()
            throw CLIError(error.description)
        }
        progress?.finish()
        // A span that none of the run's frames fell in is a mistake to say, not a frame of the
        // screen as the run left it.
        if !recorder.hasFrames, let made = recorder.framesMade {
            let times = String(format: "%.3f to %.3f s", made.lowerBound, made.upperBound)
            let asked = span.upperBound == .infinity ? String(format: "from %g s on", span.lowerBound)
                : span.lowerBound == 0 ? String(format: "up to %g s", span.upperBound)
                : String(format: "from %g to %g s", span.lowerBound, span.upperBound)
            throw CLIError("no frame was made \(asked): the scenario's frames run from \(times)")
        }
        return recorder.finish()
    }

    /// The shipped device whose portrait or landscape size is `size`, if any.
    static func device(fitting size: Size) -> DevicePreset? {
        DevicePreset.all.first { device in
            let portrait = device.portraitSize
            return portrait == size || (portrait.width == size.height && portrait.height == size.width)
        }
    }

    /// Parses `WIDTHxHEIGHT` in points.
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
              width >= 1, height >= 1, width <= 10_000, height <= 10_000 else { return nil }
        return Size(width: width, height: height)
    }
}
