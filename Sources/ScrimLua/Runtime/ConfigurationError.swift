/// A runtime that cannot be made as configured: a value out of range, options that do not
/// parse, permissions with an unknown name, a grant that finds no plugin to bind to.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public var message: String
    /// The plugin whose grant failed, when that is what failed (the CLI names its `--grant`).
    public var plugin: String?

    public init(_ message: String, plugin: String? = nil) {
        self.message = message
        self.plugin = plugin
    }

    public var description: String { message }
}
