import Foundation

/// A temporary folder for a benchmark's plugin files, removed when released.
final class ScratchFolder {
    let path: String

    init() throws {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-bench-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else { throw BenchmarkError("cannot make a temporary folder: \(String(cString: strerror(errno)))") }
        path = String(cString: made)
    }

    /// Writes `text` to `name` in the folder (to a temporary file renamed over it, as editors
    /// save) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = path + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
