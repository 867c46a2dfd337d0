#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

/// Writes the trace as JSON Lines to a file or standard output, as events happen.
public final class TraceWriter: TraceSink {
    private let file: UnsafeMutablePointer<FILE>
    private let ownsFile: Bool
    /// Written whole by `write`, which calls nothing that reaches the writer.
    @exclusivity(unchecked) private var line = JSONLineBuffer()

    /// Writes to standard output through C's `stdout`, which Lua's `print` shares, so their
    /// lines stay in order.
    public init() {
        file = stdout
        ownsFile = false
    }

    /// Writes to the file at `path`, replacing it. Throws when it cannot be opened.
    public init(path: String) throws(TraceWriterError) {
        guard let handle = fopen(path, "w") else {
            throw TraceWriterError(path: path, reason: String(cString: strerror(errno)))
        }
        file = handle
        ownsFile = true
    }

    public func write(_ event: TraceEvent) {
        line.removeAll()
        line.append(event)
        line.append(byte: 0x0A)
        _ = fwrite(line.bytes.baseAddress, 1, line.count, file)
    }

    public func flush() {
        fflush(file)
    }

    deinit {
        if ownsFile { fclose(file) } else { fflush(file) }
    }
}

public struct TraceWriterError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot write the trace to '\(path)': \(reason)" }
}
