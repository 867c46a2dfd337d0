import ScrimCore

/// The trace events of scripts and plugins, recorded by this module (docs/trace.md, "runtime").
extension TraceEventName {
    /// A script failed: `message`, `where` (`file:line`), `callback`.
    public static let scriptError: Self = "scriptError"
    /// A plugin loaded: `name`, `version`, `path`.
    public static let pluginLoaded: Self = "pluginLoaded"
    /// A plugin reloaded and its new version is live: `name`, `version`, `path`, `trigger` and,
    /// after a file change, `latency`.
    public static let pluginReloaded: Self = "pluginReloaded"
    /// A reload failed and the old version stays live: `name`, `path`, `message`, `where`.
    public static let pluginReloadFailed: Self = "pluginReloadFailed"
}

/// A `scriptError` event read back: what failed, where, and in which callback — for tools
/// that report it as a problem of their own (`scrim check`, `scrim test`).
public struct ScriptErrorReport: Sendable {
    /// The message, without the `file:line: ` it starts with when that is `location`.
    public var message: String
    /// `file:line` of the failing line, when known.
    public var location: String?
    /// The callback that failed, and the controller it was about.
    public var callback: String?
    public var controller: String?

    /// The report of `event`; nil when it is not a `scriptError`.
    public init?(_ event: TraceEvent) {
        guard event.event == TraceEventName.scriptError.rawValue else { return nil }
        func text(_ key: String) -> String? {
            guard case .string(let value)? = event[arg: key] else { return nil }
            return value
        }
        message = text("message") ?? "script error"
        location = text("where")
        if let location, message.hasPrefix(location + ": ") { message.removeFirst(location.count + 2) }
        callback = text("callback")
        controller = event.controller
    }
}
