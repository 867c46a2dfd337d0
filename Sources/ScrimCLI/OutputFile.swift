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
        if let refusal = refusal(of: destination) { throw CLIError(refusal) }
        let probe = OutputFile(destination)
        let descriptor = open(probe.temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CLIError("cannot write \(destination.relativePath): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(probe.temporary.path)
    }

    /// Why the destination cannot be replaced by a file, if it cannot: a folder, or a device
    /// (`/dev/null`, `/dev/stdout` …) — what a link there leads to, too — which renaming a
    /// file over would take away from everyone.
    static func refusal(of destination: URL) -> String? {
        func kind(_ attributes: [FileAttributeKey: Any]?) -> String? {
            switch attributes?[.type] as? FileAttributeType {
            case .typeDirectory?: return "a folder"
            case .typeCharacterSpecial?, .typeBlockSpecial?: return "a device"
            case .typeSocket?: return "a socket"
            default: return nil
            }
        }
        // The entry itself (a link is replaced, not followed), then what a link leads to.
        let entry = try? FileManager.default.attributesOfItem(atPath: destination.path)
        if let what = kind(entry) { return "cannot write \(destination.relativePath): it is \(what), not a file" }
        if entry?[.type] as? FileAttributeType == .typeSymbolicLink,
           let what = kind(try? FileManager.default.attributesOfItem(atPath: destination.resolvingSymlinksInPath().path)) {
            return "cannot write \(destination.relativePath): it is a link to \(what), not a file"
        }
        return nil
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
        // Checked again: what is there may have changed while the file was made.
        if let refusal = OutputFile.refusal(of: destination) { throw CLIError(refusal) }
        guard rename(temporary.path, destination.path) == 0 else {
            throw CLIError("cannot write \(destination.relativePath): \(String(cString: strerror(errno)))")
        }
    }
}
