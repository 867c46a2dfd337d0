import Foundation
import ScrimLua

/// What `--watch` modes share: the folders to watch for a scenario, and the wait for a change.
enum ScenarioWatching {
    /// The scenario's own folder and the folders its plugins came from.
    static func folders(script: String, plugins: Set<String>) -> Set<String> {
        plugins.union([URL(fileURLWithPath: script).standardizedFileURL.deletingLastPathComponent().path])
    }

    /// Watches `folders`, says `announcement` once they are watched (a change made after it is
    /// seen), and blocks until a Lua file in them changes (editor swap files and hidden files
    /// aside); returns the changed files as they are shown to the user.
    static func waitForLuaChange(in folders: Set<String>, watcher: FileWatcher, announcing announcement: String) -> [String] {
        watcher.setDirectories(folders)
        say(announcement)
        var changed: [String] = []
        while changed.isEmpty {
            changed = watcher.waitForChanges(timeout: 3600).map(\.path).filter { path in
                let name = (path as NSString).lastPathComponent
                return name.hasSuffix(".lua") && !name.hasPrefix(".")
            }
        }
        return changed.map { PluginManager.displayPath($0) }
    }

    static func say(_ line: String) {
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }
}
