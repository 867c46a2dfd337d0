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
