import Foundation

/// Where a runtime's time comes from. All time in a runtime is read from its clock.
public protocol Clock: AnyObject {
    /// Seconds since the clock started.
    var now: Double { get }
    /// The length of one frame, in seconds.
    var frameDuration: Double { get }
}

/// A clock that advances only when told, one frame at a time: the default for scripts and
/// tests, and what makes runs reproducible.
public final class VirtualClock: Clock {
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
