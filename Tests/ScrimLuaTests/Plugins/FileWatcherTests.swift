import Dispatch
import Foundation
@testable import ScrimLua
import Testing

/// When a save counts as settled: what each way of saving waits for, driven by the `now` the
/// watcher is given rather than by sleeping.
@Suite struct FileWatcherTests {
    let folder = TemporaryFolder()

    func watcher() throws -> FileWatcher {
        let watcher = try FileWatcher()
        watcher.setDirectories([folder.path])
        return watcher
    }

    @Test func aFileRenamedOverIsCompleteAtOnce() throws {
        let path = folder.write("plugin.lua", "return 1")
        let watcher = try watcher()
        folder.write("plugin.lua", "return 2")  // a temporary file renamed over it
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(watcher.changes(now: now).map(\.path) == [path])
    }

    @Test func aFileWrittenInPlaceSettlesFiveMillisecondsAfterItIsClosed() throws {
        let path = folder.write("plugin.lua", "return 1")
        let watcher = try watcher()
        try Data("return 2".utf8).write(to: URL(fileURLWithPath: path))  // truncated and written in place
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(watcher.changes(now: now).isEmpty)
        #expect(watcher.timeUntilSettled(now: now).map { $0 > 0 && $0 <= FileWatcher.quietAfterClose } == true)
        #expect(watcher.changes(now: now + FileWatcher.quietAfterClose).map(\.path) == [path])
    }

    @Test func aChangeOfAttributesAfterTheRenameKeepsTheSaveComplete() throws {
        let path = folder.write("plugin.lua", "return 1")
        let watcher = try watcher()
        folder.write("plugin.lua", "return 2")
        #expect(chmod(path, 0o600) == 0)
        #expect(watcher.changes(now: DispatchTime.now().uptimeNanoseconds).map(\.path) == [path])
    }

    @Test func aWriteAfterTheRenameWaitsForItsClose() throws {
        let path = folder.write("plugin.lua", "return 1")
        let watcher = try watcher()
        folder.write("plugin.lua", "return 2")
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data("-- more".utf8))
        let now = DispatchTime.now().uptimeNanoseconds
        #expect(watcher.changes(now: now).isEmpty)
        try handle.close()
        #expect(watcher.changes(now: now).isEmpty)
        #expect(watcher.changes(now: now + FileWatcher.quietAfterClose + 1_000_000).map(\.path) == [path])
    }
}
