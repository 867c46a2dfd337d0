/// A loaded plugin: a Lua file (or a folder with `init.lua`) that returned `scrim.plugin{…}`.
public final class Plugin {
    public let name: String
    public let version: String?
    /// The file that was run: `<dir>/<name>.lua` or `<dir>/<name>/init.lua`.
    public let path: String
    /// The table the plugin returned: what `plugin(name)` gives scripts.
    let exports: LuaRef

    init(name: String, version: String?, path: String, exports: LuaRef) {
        self.name = name
        self.version = version
        self.path = path
        self.exports = exports
    }
}
