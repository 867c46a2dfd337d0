/// Files cannot be watched: the kernel refused an inotify instance (too many open, or none).
public struct FileWatchError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
