import LuaBridge
import Foundation
import ScrimCore

extension Runtime {
    /// Serves this runtime on the calling thread, its owner, until `done()` is true (asked after
    /// each round): runs the work other threads post to its `mailbox` (control-socket requests,
    /// calls through `RuntimeThread`), reloads plugins whose files changed while they are watched,
    /// and on a clock that moves by itself ticks when a frame comes due. It sleeps in between.
    public func serve(until done: () -> Bool) {
        while !done() { serveOnce() }
    }

    /// One round of `serve`: sleeps until there is work — a posted job, a changed plugin file, a
    /// frame due, or one of `descriptors` readable — then does the runtime's part of it. A host
    /// with input of its own (the REPL) passes its descriptor and handles it after. Returns the
    /// names of the plugins it reloaded or tried to.
    @discardableResult
    public func serveOnce(alsoWaitingOn descriptors: [Int32] = []) -> [String] {
        var polled = ([mailbox.wakeDescriptor] + descriptors + [plugins.watchDescriptor].compactMap { $0 })
            .map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var timeout = secondsUntilFrameDue
        if let settle = plugins.secondsUntilChangesSettle { timeout = min(timeout ?? settle, settle) }
        _ = poll(&polled, nfds_t(polled.count), timeout.map(Self.pollMilliseconds) ?? -1)
        mailbox.runPending()
        let reloaded = plugins.reloadChangedPlugins()
        if let due = secondsUntilFrameDue, due <= 0 {
            lua.hostUnit { application.tick() }
            lastServedFrame = now
        }
        return reloaded
    }

    /// Whether the clock moves without being stepped (a real clock, or a switchable one in real mode).
    public var clockMovesByItself: Bool {
        if let clock = application.clock as? SwitchableClock { return clock.mode == .real }
        return !(application.clock is AdvancingClock)
    }

    /// `seconds` for `poll`, at most a minute: a timer days away (a huge transition watchdog)
    /// is waited for a minute at a time.
    private static func pollMilliseconds(_ seconds: Double) -> Int32 {
        seconds > 0 ? Int32((min(seconds, 60) * 1000).rounded(.up)) : 0
    }

    /// Seconds until `serveOnce` ticks: a frame after the last tick while the run loop wants
    /// frames, else its next timer; nil when the clock does not move by itself or nothing is due.
    private var secondsUntilFrameDue: Double? {
        guard clockMovesByItself, let due = application.secondsUntilNextTurn else { return nil }
        guard application.runLoop.wantsNextFrame else { return due }
        return max(0, lastServedFrame + application.clock.frameDuration - now)
    }
}
