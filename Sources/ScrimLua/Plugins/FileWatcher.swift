import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Watches folders with inotify and reports files whose changes have **settled**, so one editor
/// save gives one change whatever way the editor writes:
/// - write a temporary file, then rename it over (`IN_MOVED_TO`): settled at once, the file being
///   complete as it appears (closing it, or changing its attributes, after the rename does not
///   unsettle it; writing to it does);
/// - truncate and write in place (`IN_MODIFY`…`IN_CLOSE_WRITE`): settled 5 ms after the close;
/// - a write seen without a close (memory-mapped writers): settled after 50 ms of quiet;
/// - a file that is empty or missing after its events (truncated and not yet rewritten, or
///   renamed away before the new one arrives) waits for more, up to 300 ms from its first event.
///
/// Not thread-safe: use it on one thread; `fileDescriptor` can go into a host's `poll`.
public final class FileWatcher {
    /// A settled change: the file, and when its first event was seen (`DispatchTime` nanoseconds).
    public struct Change: Equatable, Sendable {
        public let path: String
        public let firstSeen: UInt64
    }

    /// The inotify descriptor: readable when events wait.
    public let fileDescriptor: Int32
    public private(set) var directories: [String: Int32] = [:]
    private var directoryOfWatch: [Int32: String] = [:]
    private var pending: [String: Pending] = [:]
    /// Set when a folder appeared or vanished inside a watched one, so the owner re-lists folders.
    public private(set) var foldersChanged = false

    /// Where events are read into: the REPL reads every frame, so it is allocated once.
    private static let bufferSize = 64 * 1024
    private let buffer = UnsafeMutableRawPointer.allocate(byteCount: FileWatcher.bufferSize, alignment: 8)

    static let quietAfterClose: UInt64 = 5_000_000
    static let quietAfterWrite: UInt64 = 50_000_000
    static let patience: UInt64 = 300_000_000

    private struct Pending {
        var first: UInt64
        var last: UInt64
        var stage: Stage

        /// How far the save has come, by its latest event.
        enum Stage {
            /// Renamed into place: complete.
            case renamed
            /// Written in place and closed: complete unless written again at once.
            case closed
            /// Being written, or removed or renamed away: more is to come.
            case writing
        }

        var quiet: UInt64 {
            switch stage {
            case .renamed: return 0
            case .closed: return FileWatcher.quietAfterClose
            case .writing: return FileWatcher.quietAfterWrite
            }
        }
    }

    public init() throws(FileWatchError) {
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else {
            throw FileWatchError("cannot watch files: inotify_init1 failed (\(String(cString: strerror(errno))))")
        }
    }

    deinit {
        close(fileDescriptor)
        buffer.deallocate()
    }

    /// Watches exactly `folders` (absolute paths), adding and removing inotify watches as needed.
    /// Folders that do not exist are skipped.
    public func setDirectories(_ folders: Set<String>) {
        foldersChanged = false
        for (folder, watch) in directories where !folders.contains(folder) {
            inotify_rm_watch(fileDescriptor, watch)
            directories[folder] = nil
            directoryOfWatch[watch] = nil
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        for folder in folders where directories[folder] == nil {
            let watch = inotify_add_watch(fileDescriptor, folder, mask | UInt32(IN_ONLYDIR))
            guard watch >= 0 else { continue }
            directories[folder] = watch
            directoryOfWatch[watch] = folder
        }
    }

    /// Reads the events that are waiting (never blocks) and returns the changes that have settled
    /// by `now`.
    public func changes(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> [Change] {
        readEvents(now: now)
        var settled: [Change] = []
        for (path, change) in pending where isSettled(path, change, now: now) {
            settled.append(Change(path: path, firstSeen: change.first))
        }
        for change in settled { pending[change.path] = nil }
        return settled.sorted { $0.path < $1.path }
    }

    /// Nanoseconds from `now` until a pending change may settle; nil when none is pending.
    public func timeUntilSettled(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> UInt64? {
        pending.values.map { change in
            let due = min(change.last + change.quiet, change.first + Self.patience)
            return due > now ? due - now : 0
        }.min()
    }

    /// Waits up to `timeout` seconds for settled changes; returns as soon as there are some.
    public func waitForChanges(timeout: Double) -> [Change] {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            let settled = changes(now: now)
            if !settled.isEmpty || now >= deadline { return settled }
            let wait = min(deadline - now, timeUntilSettled(now: now) ?? .max)
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(min(wait / 1_000_000 + 1, 1000)))
        }
    }

    private func isSettled(_ path: String, _ change: Pending, now: UInt64) -> Bool {
        if now >= change.first + Self.patience { return true }
        guard now >= change.last + change.quiet else { return false }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_size > 0 || (info.st_mode & S_IFMT) == S_IFDIR
    }

    private func readEvents(now: UInt64) {
        while true {
            let count = read(fileDescriptor, buffer, Self.bufferSize)
            guard count > 0 else { return }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let watch = buffer.load(fromByteOffset: offset, as: Int32.self)
                let mask = buffer.load(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.load(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = length > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + length
                record(watch: watch, mask: mask, name: name, now: now)
            }
        }
    }

    private func record(watch: Int32, mask: UInt32, name: String, now: UInt64) {
        if mask & UInt32(IN_IGNORED) != 0, let folder = directoryOfWatch.removeValue(forKey: watch) {
            directories[folder] = nil
            foldersChanged = true
            return
        }
        guard let folder = directoryOfWatch[watch], !name.isEmpty else { return }
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM) != 0 { foldersChanged = true }
            return
        }
        let path = folder + "/" + name
        var change = pending[path] ?? Pending(first: now, last: now, stage: .writing)
        change.last = now
        if mask & UInt32(IN_MOVED_TO) != 0 {
            change.stage = .renamed
        } else if mask & UInt32(IN_CLOSE_WRITE) != 0 {
            // A writer may close the file after renaming it into place; without a write in
            // between, the file is as complete as the rename left it.
            if change.stage != .renamed { change.stage = .closed }
        } else if mask & UInt32(IN_ATTRIB) == 0 || change.stage == .writing {
            change.stage = .writing
        }
        pending[path] = change
    }
}
