/// An error from Lua code run by a protected call: the message, where it happened, and the traceback.
public struct LuaError: Error, Equatable, CustomStringConvertible {
    /// The error message; string errors keep Lua's `file:line:` prefix.
    public var message: String
    /// `file:line` of the Lua line that failed, when a Lua frame was on the stack.
    public var location: String?
    public var traceback: String

    public init(message: String, location: String? = nil, traceback: String = "") {
        self.message = message
        self.location = location
        self.traceback = traceback
    }

    /// `file:line: message`, without repeating a location the message already starts with.
    public var description: String {
        guard let location, !message.hasPrefix(location + ":") else { return message }
        return "\(location): \(message)"
    }
}

/// Thrown by a native function to raise a Lua error once its Swift frames have returned.
/// The message gets the calling Lua line prepended, as `luaL_error` does.
public struct LuaRaise: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
