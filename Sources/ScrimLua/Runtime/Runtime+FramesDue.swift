import LuaBridge
import ScrimCore

/// Frames on a clock that moves by itself (a real clock, or a switchable one in real mode): a
/// host that sleeps between them asks when the next is due and runs it then.
extension Runtime {
    /// Whether the clock moves without being stepped.
    public var clockMovesByItself: Bool {
        if let clock = application.clock as? SwitchableClock { return clock.mode == .real }
        return !(application.clock is AdvancingClock)
    }

    /// Seconds until a frame is due: a frame after the last one `runDueFrame` ran while the run
    /// loop wants frames, else its next timer; nil when the clock does not move by itself or
    /// nothing is due.
    public var secondsUntilFrameDue: Double? {
        guard clockMovesByItself, let due = application.secondsUntilNextTurn else { return nil }
        guard application.runLoop.wantsNextFrame else { return due }
        return max(0, lastDueFrame + application.clock.frameDuration - now)
    }

    /// Runs the frame that is due, as a unit of the host's (`LuaState.hostUnit`).
    public func runDueFrame() {
        lua.hostUnit { application.tick() }
        lastDueFrame = now
    }
}
