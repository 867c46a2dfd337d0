import LuaBridge

/// A loaded plugin: a Lua file (or a folder with `init.lua`) that returned `scrim.plugin{…}`.
public final class Plugin {
    public let name: String
    /// The `version` its current code declares.
    public internal(set) var version: String?
    /// The file that was run: `<dir>/<name>.lua` or `<dir>/<name>/init.lua`.
    public let path: String
    /// Where its file is opened from at each reload.
    let location: PluginLocation
    /// The files whose change reloads it: its file (all of its folder for a folder plugin) and
    /// the modules its main chunk required.
    public internal(set) var watchedFiles: [String]
    /// How many times it has been reloaded successfully.
    public internal(set) var reloadCount = 0
    /// The table the plugin returned: what `plugin(name)` gives scripts. A reload patches this
    /// same table, so references to it follow the new version.
    let exports: LuaRef
    /// A table standing for the plugin in every version: what owns the classes it makes.
    let owner: LuaRef
    /// The classes its current version made, by `<class name>#<n>`: what a reload refills in place.
    var classes: LuaRef

    init(name: String, version: String?, path: String, location: PluginLocation, exports: LuaRef, owner: LuaRef,
         classes: LuaRef, watchedFiles: [String]) {
        self.name = name
        self.version = version
        self.path = path
        self.location = location
        self.exports = exports
        self.owner = owner
        self.classes = classes
        self.watchedFiles = watchedFiles
    }

    /// Whether the plugin is a folder with `init.lua`.
    public var isFolder: Bool { path.hasSuffix("/init.lua") }
}
