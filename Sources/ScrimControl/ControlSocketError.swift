/// A failure to listen on or connect to a control socket, with the path in its message.
public struct ControlSocketError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
