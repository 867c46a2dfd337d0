import Foundation
import ScrimCore
import ScrimRender

/// What to do with snapshots: compare, and record the missing ones (the default); record
/// every one again (`--update`); or compare only, a missing one a failure (`--ci`).
public enum SnapshotMode: Sendable {
    case recordMissing, update, compareOnly
}

/// A test, as snapshots name their owner.
struct TestIdentity: Hashable {
    var file: String
    var name: String
}

/// The snapshots of one folder's test files: `__snapshots__/NAME.svg` beside them, and for each
/// that does not match, a page in `__snapshots__/__failures__/NAME.html` showing how. A name
/// is one test's, once: the files of a folder share the names.
final class SnapshotStore {
    /// The largest snapshot file read, and the most of it that is its description: larger is
    /// not one Scrim wrote (a frame's pictures are most of a file).
    static let largestFile = 64 << 20
    static let largestDescription = 4 << 20

    let folder: String
    let mode: SnapshotMode
    /// The test that used each name so far.
    private var owners: [String: TestIdentity] = [:]
    /// Snapshots a running test recorded, written once it passes.
    private var pending: [(path: String, text: String, failurePage: String)] = []

    init(folder testFolder: String, mode: SnapshotMode) {
        folder = testFolder.isEmpty ? "__snapshots__" : testFolder + "/__snapshots__"
        self.mode = mode
    }

    /// Compares `frame` with the snapshot `name`, recording it when the mode says so (written
    /// by `commit` once the test passed). Returns nil when it matches (or is to be recorded),
    /// else the failure's message; `page` receives the path of the page that shows a mismatch.
    func match(_ frame: TestFrame, name: String, tolerance: Double, test: TestIdentity,
               page: (String) -> Void) throws(SnapshotError) -> String? {
        try SnapshotStore.check(name)
        if let owner = owners[name] {
            throw SnapshotError(owner == test
                ? "snapshot '\(name)' is taken already by this test: give each frame a name of its own"
                : "snapshot '\(name)' is the test '\(owner.name)''s (\(owner.file)): each test names its own")
        }
        owners[name] = test
        let path = folder + "/" + name + ".svg"
        let failurePage = folder + "/__failures__/" + name + ".html"
        let actual = SnapshotFile.text(scene: frame.scene, description: frame.description)
        let stored = try read(path)
        if stored == nil || mode == .update {
            if stored == nil, mode == .compareOnly {
                return "snapshot '\(name)' does not exist (\(path)); a CI run (--ci, or $CI set) only compares: "
                    + "record it with scrim test outside CI"
            }
            // What could not be read back is not recorded: the test could never pass after.
            let descriptionBytes = actual.range(of: SnapshotFile.closeTag).map { actual.utf8.distance(
                from: actual.utf8.startIndex, to: $0.lowerBound.samePosition(in: actual.utf8) ?? actual.utf8.endIndex) } ?? 0
            if frame.scene.nodes.count > SnapshotFile.mostViews {
                return "snapshot '\(name)' would hold \(frame.scene.nodes.count) views, more than a snapshot holds "
                    + "(\(SnapshotFile.mostViews)): snapshot fewer views"
            }
            if actual.utf8.count > SnapshotStore.largestFile || descriptionBytes > SnapshotStore.largestDescription {
                return "snapshot '\(name)' would be \(actual.utf8.count >> 20) MB with a description of \(descriptionBytes >> 20) MB, "
                    + "past what a snapshot holds (\(SnapshotStore.largestFile >> 20) MB, of which \(SnapshotStore.largestDescription >> 20) MB "
                    + "of description): snapshot fewer views, or smaller pictures"
            }
            pending.append((path, actual, failurePage))
            return nil
        }
        let expected: JSONValue
        do { expected = try SnapshotFile.description(in: stored!, largest: SnapshotStore.largestDescription) } catch {
            throw SnapshotError("\(path): \(error.message); run scrim test --update to record it again")
        }
        let differences = FrameComparison.differences(expected: expected, actual: frame.description, tolerance: tolerance)
        guard !differences.isEmpty else {
            try remove(failurePage)
            return nil
        }
        try write(SnapshotMismatchPage.html(name: name, test: test.name, expectedSVG: stored!, actualSVG: actual,
                                            differences: differences, tolerance: tolerance),
                  to: failurePage)
        page(failurePage)
        let shown = differences.prefix(3).map { "  " + $0.description }.joined(separator: "\n")
        let more = differences.count > 3 ? "\n  … \(differences.count - 3) more" : ""
        return "snapshot '\(name)' differs (\(differences.count) \(differences.count == 1 ? "difference" : "differences")):\n"
            + shown + more + "\n  see \(failurePage)"
    }

    /// Writes the snapshots the test that just ran recorded, when it passed; returns their paths.
    func commit(passed: Bool) throws(SnapshotError) -> [String] {
        defer { pending.removeAll() }
        guard passed else { return [] }
        for snapshot in pending {
            try write(snapshot.text, to: snapshot.path)
            try remove(snapshot.failurePage)
        }
        return pending.map(\.path)
    }

    /// A name is a file name of its own: letters, digits, `.`, `_` and `-`, not starting with
    /// a dot, at most 100 characters.
    static func check(_ name: String) throws(SnapshotError) {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2E || byte == 0x5F || byte == 0x2D
        }
        guard !name.isEmpty, name.utf8.count <= 100, allowed, !name.hasPrefix(".") else {
            throw SnapshotError("snapshot name \(jsonString(String(name.prefix(120)))): letters, digits, '.', '_' and '-' only, "
                + "not starting with '.', at most 100 characters")
        }
    }

    /// The file's text; nil when there is none.
    private func read(_ path: String) throws(SnapshotError) -> String? {
        let attributes: [FileAttributeKey: Any]
        // Not followed: a symbolic link, existing or dangling, is not a snapshot.
        do { attributes = try FileManager.default.attributesOfItem(atPath: path) } catch { return nil }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw SnapshotError("\(path) is not a regular file (a snapshot is one)")
        }
        guard (attributes[.size] as? Int ?? 0) <= SnapshotStore.largestFile else {
            throw SnapshotError("\(path) is larger than \(SnapshotStore.largestFile >> 20) MB; not a snapshot")
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw SnapshotError("\(path): cannot read it") }
        return String(decoding: data, as: UTF8.self)
    }

    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }

    /// Writes `text` at `path` by a new file renamed over it, in folders made when missing;
    /// a folder or file that is a symbolic link is refused, so nothing is written elsewhere.
    private func write(_ text: String, to path: String) throws(SnapshotError) {
        let directory = (path as NSString).deletingLastPathComponent
        try ensureFolder(folder)
        if directory != folder { try ensureFolder(directory) }
        if isLink(path) { throw SnapshotError("\(path) is a symbolic link; a snapshot is a file") }
        let temporary = directory + "/.scrim-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw SnapshotError("cannot write in \(directory)")
        }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            throw SnapshotError("cannot write \(path)")
        }
    }

    private func ensureFolder(_ path: String) throws(SnapshotError) {
        if isLink(path) { throw SnapshotError("\(path) is a symbolic link; snapshots are written in a folder") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw SnapshotError("\(path) is not a folder") }
            return
        }
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) } catch {
            throw SnapshotError("cannot make \(path): \(error.localizedDescription)")
        }
    }

    /// Removes the page at `path`: a file or a link there, never a folder's contents.
    private func remove(_ path: String) throws(SnapshotError) {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        guard let type, type != .typeDirectory else { return }
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw SnapshotError("cannot remove \(path): \(error.localizedDescription)")
        }
    }
}

/// A snapshot that cannot be compared or recorded: a bad name, an unreadable file.
struct SnapshotError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
