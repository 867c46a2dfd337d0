import Foundation

/// A file `scrim render` writes: made beside its destination under a hidden temporary name and
/// renamed into place once whole. A reader never sees half a file; a symbolic link at the
/// destination is replaced, not followed; a FIFO there is replaced, not opened (which would
/// block the render until something read it); and an interrupted render leaves nothing.
struct OutputFile {
    let destination: URL
    /// Where the file is made: in the destination's folder, so the rename stays on one file
    /// system.
    let temporary: URL

    init(_ destination: URL) {
        self.destination = destination
        // A short name of its own, so that a destination whose name is as long as a file name
        // may be still has a temporary beside it.
        temporary = destination.deletingLastPathComponent().appendingPathComponent(".scrim-\(UUID().uuidString.prefix(8))")
    }

    /// Checks that the destination's folder takes a new file and that the destination is not
    /// a folder: before any work, so a long render is not lost at its end.
    static func checkWritable(_ destination: URL) throws {
        // The entry itself, not what a link there leads to: a link is replaced.
        let type = (try? FileManager.default.attributesOfItem(atPath: destination.path))?[.type] as? FileAttributeType
        if type == .typeDirectory {
            throw CLIError("cannot write \(destination.relativePath): it is a folder")
        }
        let probe = OutputFile(destination)
        let descriptor = open(probe.temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CLIError("cannot write \(destination.relativePath): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.temporary.path)
    }

    /// Writes `data` as the destination's new contents.
    static func write(_ data: Data, to destination: URL) throws {
        let file = OutputFile(destination)
        try file.make { url in try data.write(to: url, options: .withoutOverwriting) }
    }

    /// Runs `body`, which writes the file at the URL it is given, then puts the file in place;
    /// the temporary file is removed whatever happens.
    func make(_ body: (URL) throws -> Void) throws {
        Interruption.removeOnInterrupt(temporary.path)
        defer {
            unlink(temporary.path)
            Interruption.removeOnInterrupt(nil)
        }
        try body(temporary)
        guard rename(temporary.path, destination.path) == 0 else {
            throw CLIError("cannot write \(destination.relativePath): \(String(cString: strerror(errno)))")
        }
    }
}
