import ArgumentParser

/// The options `scrim render` and `scrim preview` share: the clock's rate, the window's size,
/// and name labels.
struct RenderOptions: ParsableArguments {
    @Option(help: "Frames per second of the virtual clock.")
    var fps: Int = 60

    @Option(help: ArgumentHelp("The window's size in points, like 820x1180; a shipped device of that size is imitated, else an iPhone 15's traits apply.", valueName: "WxH"))
    var size: String?

    @Flag(help: "Label named views with their names (in the page, the view names box starts ticked).")
    var labels = false

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if let size, ScenarioRecording.parseSize(size) == nil {
            throw ValidationError("--size \(size): expected WIDTHxHEIGHT in points, like 393x852")
        }
    }

    /// How to record `script` with these options, within `span` of clock time.
    func recording(of script: String, options: RuntimeOptions, span: ClosedRange<Double> = 0...Double.infinity) -> ScenarioRecording {
        ScenarioRecording(script: script, options: options, fps: fps, span: span,
                          size: size.flatMap(ScenarioRecording.parseSize), labels: labels)
    }
}
