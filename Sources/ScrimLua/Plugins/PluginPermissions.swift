import Foundation

/// What a plugin may do beyond the sandbox, granted by the host to the plugin it finds under a
/// name (`PluginManager.grant(_:to:)`, `scrim run --grant NAME=io,os`) or at a path.
public struct PluginPermissions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The whole `io` library: files anywhere, `io.popen`, standard input.
    public static let io = PluginPermissions(rawValue: 1 << 0)
    /// The whole `os` library: `os.execute`, `os.getenv`, `os.remove`, `os.exit` …
    public static let os = PluginPermissions(rawValue: 1 << 1)
    /// The whole `debug` library.
    public static let debug = PluginPermissions(rawValue: 1 << 2)
    /// Binary chunks in `load`.
    public static let binaryChunks = PluginPermissions(rawValue: 1 << 3)
    /// The real `package` and `require`: `package.loadlib`, C modules, `package.path`.
    public static let package = PluginPermissions(rawValue: 1 << 4)
    public static let all: PluginPermissions = [.io, .os, .debug, .binaryChunks, .package]

    /// The names used on the command line and in messages, in order.
    public static let names: [(String, PluginPermissions)] = [
        ("io", .io), ("os", .os), ("debug", .debug), ("binaryChunks", .binaryChunks), ("package", .package), ("all", .all),
    ]

    /// `'io'`, `'io, os'`: the permissions' names, for messages.
    public var description: String {
        let named = PluginPermissions.names.filter { $0.1 != .all && contains($0.1) }.map(\.0)
        return named.isEmpty ? "nothing" : "'" + named.joined(separator: ", ") + "'"
    }

    /// Parses `io,os` (names from `names`).
    public init(parsing text: String) throws(ConfigurationError) {
        var permissions: PluginPermissions = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let entry = PluginPermissions.names.first(where: { $0.0 == name }) else {
                let known = PluginPermissions.names.map(\.0).joined(separator: ", ")
                throw ConfigurationError("unknown permission '\(name)' (known: \(known))")
            }
            permissions.insert(entry.1)
        }
        self = permissions
    }
}
