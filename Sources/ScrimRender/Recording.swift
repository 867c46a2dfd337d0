import ScrimCore

/// One recorded frame: the clock time of its run-loop turn and what the screen showed.
public struct RecordedFrame: Hashable, Sendable {
    public var time: Double
    public var scene: Scene
}

/// The frames and trace of a run, as `FrameRecorder` took them.
public struct Recording: Sendable {
    /// Frames per second of the clock the run used.
    public var fps: Int
    public var frames: [RecordedFrame]
    /// The trace events of the recorded span (with `t` within it, and those before the first
    /// frame when the recording starts with the run).
    public var events: [TraceEvent]

    public init(fps: Int, frames: [RecordedFrame], events: [TraceEvent]) {
        self.fps = fps
        self.frames = frames
        self.events = events
    }

    /// The index of the frame that shows `event`: the first whose turn is at or after it.
    public func frameIndex(of event: TraceEvent) -> Int {
        var low = 0, high = frames.count - 1
        guard high > 0 else { return 0 }
        let time = event.time - 1e-9
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].time < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
