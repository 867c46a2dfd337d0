import Foundation

/// Where a runtime's time comes from. All time in a runtime is read from its clock.
public protocol Clock: AnyObject {
    /// Seconds since the clock started.
    var now: Double { get }
    /// The length of one frame, in seconds.
    var frameDuration: Double { get }
}

/// A clock that the run loop moves forward one frame per turn (`Application.step`).
public protocol AdvancingClock: Clock {
    /// Moves the clock forward by `frames` frames.
    func advance(frames: Int)
}

/// A clock that advances only when told, one frame at a time: the default for scripts and
/// tests, and what makes runs reproducible.
public final class VirtualClock: AdvancingClock {
    /// Frames per second: 60 by default, 120 for ProMotion-like runs.
    public let fps: Int
    /// Frames advanced since the start.
    public private(set) var frame: Int = 0

    public init(fps: Int = 60) {
        precondition(fps > 0, "fps must be positive")
        self.fps = fps
    }

    public var now: Double { Double(frame) / Double(fps) }
    public var frameDuration: Double { 1 / Double(fps) }

    /// Moves the clock forward by `frames` frames.
    public func advance(frames: Int = 1) {
        frame += max(0, frames)
    }

    /// The number of whole frames closest to `seconds`.
    public func frames(in seconds: Double) -> Int {
        Int((seconds * Double(fps)).rounded())
    }
}

/// A clock that follows the system's monotonic time: for the REPL and hosts that tick from
/// their own loop.
public final class RealClock: Clock {
    public let frameDuration: Double
    private let start: UInt64

    public init(fps: Int = 60) {
        frameDuration = 1 / Double(max(fps, 1))
        start = DispatchTime.now().uptimeNanoseconds
    }

    public var now: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}

/// The REPL's clock: it follows the system's monotonic time (`real`) or advances only when told
/// (`virtual`), switchable at any time; time never goes back. Stepping it advances it in either
/// mode, so `:step` and `run(seconds)` work in both.
public final class SwitchableClock: AdvancingClock {
    public enum Mode: String, Sendable { case real, virtual }

    public let frameDuration: Double
    public private(set) var mode: Mode
    /// Clock time at the last switch, plus the frames stepped since.
    private var base: Double = 0
    /// Monotonic time of the last switch.
    private var switchedAt = DispatchTime.now().uptimeNanoseconds

    public init(mode: Mode = .real, fps: Int = 60) {
        self.mode = mode
        frameDuration = 1 / Double(max(fps, 1))
    }

    public var now: Double {
        mode == .virtual ? base : base + Double(DispatchTime.now().uptimeNanoseconds - switchedAt) / 1e9
    }

    public func advance(frames: Int) {
        base += Double(max(0, frames)) * frameDuration
    }

    public func switchTo(_ mode: Mode) {
        base = now
        switchedAt = DispatchTime.now().uptimeNanoseconds
        self.mode = mode
    }
}
