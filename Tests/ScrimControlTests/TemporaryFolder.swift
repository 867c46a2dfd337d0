import Foundation

/// A temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("scrim-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relativePath` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) -> String {
        let full = path + "/" + relativePath
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! contents.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
