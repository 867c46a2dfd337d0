import Foundation
@testable import ScrimTesting
import Testing

@Suite struct TestDiscoveryTests {
    @Test func findsTestFilesAndTestsFoldersWithoutFollowingLinks() throws {
        let root = try TemporaryFolder()
        try root.write("a_test.lua", "")
        try root.write("helper.lua", "")
        try root.write("tests/b.lua", "")
        try root.write("tests/deeper/c.lua", "")
        try root.write("tests/notes.txt", "")
        try root.write("lib/d_test.lua", "")
        try root.write(".hidden/e_test.lua", "")
        try root.write("__snapshots__/f_test.lua", "")
        try FileManager.default.createSymbolicLink(atPath: root.path + "/lib/loop", withDestinationPath: root.path)
        let files = try TestDiscovery.files(in: [root.path])
        #expect(files.map { String($0.dropFirst(root.path.count + 1)) } == ["a_test.lua", "lib/d_test.lua", "tests/b.lua", "tests/deeper/c.lua"])
        #expect(try TestDiscovery.files(in: [root.path + "/helper.lua", root.path + "/helper.lua"]) == [root.path + "/helper.lua"])
        #expect(throws: TestDiscoveryError(message: root.path + "/missing: no such file or folder")) {
            try TestDiscovery.files(in: [root.path + "/missing"])
        }
        // A file named is a test file whatever its name.
        #expect(try TestDiscovery.files(in: [root.path + "/tests/notes.txt"]) == [root.path + "/tests/notes.txt"])
    }
}

/// A folder of its own under the temporary directory, removed when the value goes.
final class TemporaryFolder {
    let path: String

    init() throws {
        // Short, so that Lua's locations (at most 60 characters) name files whole.
        path = "/tmp/st-" + String(UInt32.random(in: 0...UInt32.max), radix: 16)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ name: String, _ text: String) throws {
        let file = path + "/" + name
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    }

    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
    }
}
