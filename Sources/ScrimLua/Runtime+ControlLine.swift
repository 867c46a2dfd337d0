import LuaBridge

extension Runtime {
    /// Answers one line of the control protocol (JSON-RPC 2.0, as on the control socket) for
    /// one in-process client: for hosts with a transport of their own. Returns the response
    /// line, or nil for a line of notifications only; notifications to the client (a trace
    /// subscription's events) go to `controlNotificationHandler`. Call on the runtime's thread.
    public func answerControlLine(_ line: String) -> String? {
        inProcessControl.answer(line, from: 0)
    }
}
