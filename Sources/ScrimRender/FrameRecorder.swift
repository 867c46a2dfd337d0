import ScrimCore

/// Records every frame of an application — a scene after each run-loop turn — and the trace
/// events of the same span, for `PlayerPage` and `FrameFolder` to write out.
///
/// ```swift
/// let recorder = FrameRecorder(application: runtime.application)
/// try runtime.runScript(at: "Scripts/demo.lua")
/// let recording = recorder.finish()
/// ```
public final class FrameRecorder: FrameObserver, TraceSink {
    public let application: Application
    /// The span of clock time to record; frames and events outside it are dropped.
    public let span: ClosedRange<Double>
    /// Told after each recorded frame, with the number recorded so far and the frame's time.
    public var onFrame: ((Int, Double) -> Void)?
    private let builder: SceneBuilder
    private var frames: [RecordedFrame] = []
    private var events: [TraceEvent] = []

    /// Starts recording `application`'s frames within `span` (all of them by default), with
    /// name labels on named views when `labels` is set.
    public init(application: Application, span: ClosedRange<Double> = 0...Double.infinity, labels: Bool = false) {
        self.application = application
        self.span = span
        builder = SceneBuilder(labels: labels)
        application.addScreenObserver(self)
        application.dispatcher.addSink(self)
    }

    /// The times of the first and last frames the run made, in the span or not: what a
    /// recording whose span held none of them says of the run.
    public private(set) var framesMade: ClosedRange<Double>?
    /// Whether a frame fell in the span so far.
    public var hasFrames: Bool { !frames.isEmpty }

    public func frame(at time: Double) {
        framesMade = framesMade.map { $0.lowerBound...max($0.upperBound, time) } ?? time...time
        // A microsecond's tolerance, so that `--from 0.1` keeps the frame at 6/60 s.
        guard time >= span.lowerBound - 1e-6, time <= span.upperBound + 1e-6 else { return }
        frames.append(RecordedFrame(time: time, scene: builder.scene(of: application.window)))
        onFrame?(frames.count, time)
    }

    public func write(_ event: TraceEvent) {
        let earliest = span.lowerBound == 0 ? -Double.infinity : span.lowerBound - application.clock.frameDuration
        guard event.time > earliest + 1e-9, event.time <= span.upperBound + 1e-9 else { return }
        events.append(event)
    }

    /// Stops recording and returns what was recorded. A run that never turned the run loop
    /// gets one frame of the screen as it is, so a recording always has a frame.
    public func finish() -> Recording {
        application.removeScreenObserver(self)
        application.dispatcher.removeSink(self)
        if frames.isEmpty {
            frames.append(RecordedFrame(time: application.clock.now, scene: builder.scene(of: application.window)))
        }
        let fps = Int((1 / application.clock.frameDuration).rounded())
        return Recording(fps: fps, frames: frames, events: events)
    }
}
