import Dispatch
import Foundation
import LuaBridge

extension PluginManager {
    /// Whether the loaded plugins' files are watched (see `startWatching`).
    public var isWatching: Bool { watcher != nil }

    /// Starts watching every loaded plugin's files (and those of plugins loaded later) with
    /// inotify. Changes are acted on when the host calls `reloadChangedPlugins`: a plugin whose
    /// file, folder (any `.lua` file in it) or required modules changed is reloaded once the save
    /// has settled (`FileWatcher`), traced as `pluginReloaded` with `trigger` `"file"` and the
    /// `latency` from the first file event to the new code being live.
    public func startWatching() throws(FileWatchError) {
        guard watcher == nil else { return }
        watcher = try FileWatcher()
        watchedSignature = nil
        syncWatchedFolders()
    }

    public func stopWatching() {
        watcher = nil
    }

    /// The descriptor that becomes readable when watched files change, for a host's `poll`.
    public var watchDescriptor: Int32? { watcher?.fileDescriptor }

    /// Seconds until a pending change may settle (a host's `poll` timeout); nil when none is pending.
    public var secondsUntilChangesSettle: Double? {
        watcher?.timeUntilSettled().map { Double($0) / 1e9 }
    }

    /// Reloads the plugins whose files have changed and settled, waiting up to `timeout` seconds
    /// for such a change (0: only what is already there). Returns the names of the plugins it
    /// reloaded or tried to (a failure is traced as `pluginReloadFailed` and the old version stays).
    @discardableResult
    public func reloadChangedPlugins(waitingUpTo timeout: Double = 0) -> [String] {
        guard let watcher else { return [] }
        syncWatchedFolders()
        let changes = timeout > 0 ? watcher.waitForChanges(timeout: timeout) : watcher.changes()
        var firstSeen: [String: UInt64] = [:]
        for change in changes {
            for plugin in loaded where PluginManager.file(change.path, belongsTo: plugin) {
                firstSeen[plugin.name] = min(firstSeen[plugin.name] ?? .max, change.firstSeen)
            }
        }
        var reloaded: [String] = []
        // One piece of host work, which a cancel stops; each reload a unit of its own.
        runtime?.lua.chargingTurn { _ in
            for plugin in loaded {
                guard let detected = firstSeen[plugin.name] else { continue }
                reload(plugin, trigger: .fileChange(detectedAt: detected))
                reloaded.append(plugin.name)
            }
        }
        if !reloaded.isEmpty { syncWatchedFolders() }
        return reloaded
    }

    /// Whether a change to `path` concerns `plugin`: one of its watched files, or a `.lua` file
    /// (not hidden) inside its folder.
    static func file(_ path: String, belongsTo plugin: Plugin) -> Bool {
        plugin.watchedFiles.contains { watched in
            guard path != watched else { return true }
            guard plugin.isFolder, watched == plugin.watchedFiles.first, path.hasPrefix(watched + "/") else { return false }
            let name = (path as NSString).lastPathComponent
            return name.hasSuffix(".lua") && !name.hasPrefix(".")
        }
    }

    /// Points the watcher at the folders the loaded plugins live in, when they changed.
    func syncWatchedFolders() {
        guard let watcher else { return }
        let signature = loaded.map { "\($0.path)#\($0.reloadCount)" }
        guard watcher.foldersChanged || signature != watchedSignature else { return }
        watchedSignature = signature
        watcher.setDirectories(watchedFolders)
    }

    /// The folders holding the loaded plugins' files (every folder inside a folder plugin).
    public var watchedFolders: Set<String> {
        var folders = Set<String>()
        for plugin in loaded {
            for (index, file) in plugin.watchedFiles.enumerated() {
                let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
                if index == 0 && plugin.isFolder {
                    folders.insert(absolute)
                    let enumerator = FileManager.default.enumerator(atPath: absolute)
                    while let entry = enumerator?.nextObject() as? String {
                        var isDirectory: ObjCBool = false
                        let full = absolute + "/" + entry
                        if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue,
                           !(entry as NSString).lastPathComponent.hasPrefix(".") {
                            folders.insert(full)
                        }
                    }
                } else {
                    folders.insert((absolute as NSString).deletingLastPathComponent)
                }
            }
        }
        return folders
    }
}
