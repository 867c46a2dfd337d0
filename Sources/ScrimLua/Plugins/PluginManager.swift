import CLua
import Foundation
import LuaBridge
import ScrimCore

/// Finds plugins by name along the search paths, loads them, and runs their lifecycle hooks
/// for every controller (after the controller's own callback, in load order).
public final class PluginManager {
    /// Folders searched in order; the first that has the plugin wins.
    public var searchPaths: [String]
    /// Loaded plugins, in load order.
    public private(set) var loaded: [Plugin] = [] {
        didSet { exportsReferences = ContiguousArray(loaded.map(\.exports.ref)) }
    }
    /// The registry references of the loaded plugins' exports, in load order: what hook delivery
    /// reads on every callback, without retaining a plugin.
    @exclusivity(unchecked) private(set) var exportsReferences: ContiguousArray<Int32> = []
    /// What plugins may do beyond the sandbox, by the real path of the plugin's main file as
    /// the host resolved it when granting (see `grant(_:to:)`).
    public private(set) var grants: [String: PluginPermissions] = [:]
    /// The folder under which each plugin gets its data folder (`scrim.dataPath`,
    /// `<dataDirectory>/<plugin name>`); nil: plugins have none and cannot write files.
    public var dataDirectory: String? = PluginManager.defaultDataDirectory()
    @exclusivity(unchecked) var runtimeReference: Unretained<Runtime>?
    var runtime: Runtime? { runtimeReference?.value }
    /// The modules required by each plugin main chunk running now, innermost last.
    var requiredModules: [[String]] = []
    /// The plugin files whose main chunks run now, outermost first: a plugin that would load
    /// itself again, directly or through others, is refused (it would recurse until Lua's C
    /// stack ran out).
    private var loading: [String] = []
    /// Watches plugin files while `isWatching`; `watchedSignature` tells when to re-list folders.
    var watcher: FileWatcher?
    var watchedSignature: [String]?

    init(searchPaths: [String]) {
        self.searchPaths = searchPaths
    }

    /// The search paths a command-line run uses: `extra` (from `--plugins`), then `./Plugins`,
    /// then each folder of `$SCRIM_PLUGIN_PATH` (colon-separated), then the shipped `Plugins/`.
    public static func defaultSearchPaths(extra: [String], environment: [String: String] = environment("SCRIM_PLUGIN_PATH"),
                                          shipped: String? = shippedPluginsDirectory) -> [String] {
        var paths = extra + ["Plugins"]
        paths += (environment["SCRIM_PLUGIN_PATH"] ?? "").split(separator: ":").map(String.init)
        if let shipped { paths.append(shipped) }
        // Plain arrays and strings: in the static `scrim`, the first use of a generic type
        // (a set of strings, a split into substrings) costs a scan of every conformance.
        var seen: [String] = []
        let directory = currentDirectory
        return paths.filter { path in
            let folder = standardized(path, in: directory)
            if seen.contains(folder) { return false }
            seen.append(folder)
            return true
        }
    }

    /// `path` made absolute in `directory`, without `.`, `..` or repeated slashes: which
    /// folder a search path names, as written. (Foundation's `URL` does the same, at a cost of
    /// a twentieth of starting `scrim run`.)
    static func standardized(_ path: String, in directory: String) -> String {
        var parts: [String] = []
        var part = ""
        for scalar in ((path.hasPrefix("/") ? "" : directory + "/") + path + "/").unicodeScalars {
            guard scalar == "/" else {
                part.unicodeScalars.append(scalar)
                continue
            }
            if part == ".." { _ = parts.popLast() } else if !part.isEmpty && part != "." { parts.append(part) }
            part = ""
        }
        var folder = ""
        for part in parts { folder += "/" + part }
        return folder.isEmpty ? "/" : folder
    }

    /// The process's working directory; "/" when it cannot be read.
    private static var currentDirectory: String {
        guard let buffer = getcwd(nil, 0) else { return "/" }
        defer { free(buffer) }
        return String(cString: buffer)
    }

    /// The `Plugins/` folder of the Scrim source tree this library was built from, if it exists.
    public static var shippedPluginsDirectory: String? {
        // This file is Sources/ScrimLua/Plugins/PluginManager.swift.
        let file = #filePath.hasPrefix("/") ? #filePath : FileManager.default.currentDirectoryPath + "/" + #filePath
        var root = Substring(file)
        for _ in 0..<4 { root = root[..<(root.lastIndex(of: "/") ?? root.startIndex)] }
        let folder = String(root) + "/Plugins"
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? folder : nil
    }

    /// The variables `names` of this process's environment, those that are set. Cheaper than
    /// `ProcessInfo`'s `environment`, which copies every variable: a share of starting `scrim run`.
    @usableFromInline
    static func environment(_ names: String...) -> [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// `$XDG_STATE_HOME/scrim/plugin-data`, else `$HOME/.local/state/scrim/plugin-data`.
    public static func defaultDataDirectory(environment: [String: String] = environment("XDG_STATE_HOME", "HOME")) -> String? {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/scrim/plugin-data" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.local/state/scrim/plugin-data" }
        return nil
    }

    /// Lets the plugin `name` do more than the sandbox allows, from its next load on. The grant
    /// binds to the plugin the host finds now: the real path of `<dir>/<name>.lua` or
    /// `<dir>/<name>/init.lua` on the search paths. Code found elsewhere later — a same-named
    /// plugin in a folder added to the paths, a plugin loaded by path, another file — does not
    /// get it; reloading the same file does.
    public func grant(_ permissions: PluginPermissions, to name: String) throws(ConfigurationError) {
        do { try PluginManager.checkName(name) } catch { throw ConfigurationError(error.message) }
        let (found, searched) = open(firstOf: PluginManager.candidates(for: name))
        guard let found else {
            throw ConfigurationError("cannot grant \(permissions.description) to plugin '\(name)': it is not on the plugin paths"
                + searched.map { "\n\t" + $0 }.joined())
        }
        defer { close(found.descriptor) }
        try grant(permissions, toFileOpenAt: found.descriptor, path: found.path)
    }

    /// Lets the plugin whose file or folder is at `path` do more than the sandbox allows, from
    /// its next load on; binds to the file's real path as `grant(_:to:)` does.
    public func grant(_ permissions: PluginPermissions, toPluginAt path: String) throws(ConfigurationError) {
        let file = PluginManager.mainFile(at: path)
        let descriptor = Foundation.open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw ConfigurationError("cannot grant \(permissions.description) to the plugin at '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        try grant(permissions, toFileOpenAt: descriptor, path: file)
    }

    /// Gives this manager's runtime the grants `other` holds, bound to the same files: copied
    /// as they are, not resolved again, so a file changed since cannot take one over.
    public func copyGrants(from other: PluginManager) {
        grants.merge(other.grants) { $0.union($1) }
    }

    private func grant(_ permissions: PluginPermissions, toFileOpenAt descriptor: Int32, path: String) throws(ConfigurationError) {
        guard let real = PluginFiles.realPath(of: descriptor) else {
            throw ConfigurationError("cannot grant \(permissions.description) to '\(path)': its real path is unknown (is /proc mounted?)")
        }
        grants[real, default: []].formUnion(permissions)
    }

    public func plugin(named name: String) -> Plugin? {
        loaded.first { $0.name == name }
    }

    /// `<name>.lua` and `<name>/init.lua`: where a plugin is looked for in each search path.
    static func candidates(for name: String) -> [String] { ["\(name).lua", "\(name)/init.lua"] }

    /// The file to run for a plugin file or folder at `path`.
    static func mainFile(at path: String) -> String {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? "\(path)/init.lua" : path
    }

    /// Throws unless `name` can name a plugin: letters, digits, '-', '_' and '.', not first.
    static func checkName(_ name: String) throws(LuaError) {
        guard isPluginName(name) else {
            throw LuaError(message: "invalid plugin name '\(name)': use letters, digits, '-', '_' and '.'")
        }
    }

    static func isPluginName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.allSatisfy { $0.isLetter || $0.isNumber || "-_.".contains($0) }
    }

    /// The file to run for plugin `name`: the first `<dir>/<name>.lua` or `<dir>/<name>/init.lua`
    /// that opens beneath its search path (a symbolic link leading out of it is not followed).
    public func locate(_ name: String) -> String? {
        guard PluginManager.isPluginName(name), let found = open(firstOf: PluginManager.candidates(for: name)).found else { return nil }
        close(found.descriptor)
        return found.path
    }

    /// The plugin `name`, loaded from the search paths if it is not loaded yet.
    public func load(named name: String) throws(LuaError) -> Plugin {
        if let plugin = plugin(named: name) { return plugin }
        try PluginManager.checkName(name)
        let (found, searched) = open(firstOf: PluginManager.candidates(for: name))
        guard let found else {
            let paths = searchPaths.isEmpty ? "no search paths" : searchPaths.joined(separator: ", ")
            let links = searched.filter { $0.contains("leads out") }
            throw LuaError(message: "plugin '\(name)' not found (searched \(paths))" + links.map { "\n\t" + $0 }.joined())
        }
        return try run(PluginSource(found), expectedName: name)
    }

    /// Loads the plugin file or folder at `path`, under the name it declares. For the scenario
    /// and the host: the path is theirs, opened as the system resolves it (plugins load others
    /// by name only).
    public func load(path: String) throws(LuaError) -> Plugin {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LuaError(message: "cannot load plugin: no file or folder at '\(path)'")
        }
        let file = isDirectory.boolValue ? "\(path)/init.lua" : path
        guard FileManager.default.fileExists(atPath: file) else {
            throw LuaError(message: "cannot load plugin: the folder '\(path)' has no init.lua")
        }
        if let plugin = loaded.first(where: { $0.path == file }) { return plugin }
        return try run(try PluginSource(path: file), expectedName: nil)
    }

    /// The plugin name a file stands for: `<name>.lua`, or the folder of `<name>/init.lua`.
    static func fileName(of file: String) -> String {
        let url = URL(fileURLWithPath: file)
        return url.lastPathComponent == "init.lua" ? url.deletingLastPathComponent().lastPathComponent
            : url.deletingPathExtension().lastPathComponent
    }

    /// `path` relative to the working directory when it is inside it: Lua shortens long chunk
    /// names in messages, so short ones keep `file:line` readable.
    public static func displayPath(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        guard absolute.hasPrefix(directory + "/") else { return path }
        return String(absolute.dropFirst(directory.count + 1))
    }

    /// Runs a plugin file and registers what it returns.
    /// Its main chunk and the version's `__tostring` are one host unit (`LuaState.hostUnit`).
    private func run(_ source: PluginSource, expectedName: String?) throws(LuaError) -> Plugin {
        guard let runtime, let lua = runtime.lua else { throw LuaError(message: "the runtime is gone") }
        return try lua.hostUnit { () throws(LuaError) -> Plugin in try runUnit(source, expectedName: expectedName, runtime: runtime, lua: lua) }
    }

    private func runUnit(_ source: PluginSource, expectedName: String?, runtime: Runtime, lua: LuaState) throws(LuaError) -> Plugin {
        let top = lua.top
        defer { lua.top = top }
        lua_createtable(lua.L, 0, 0)
        let owner = LuaRef(popping: lua)
        let file = source.path
        if let first = loading.firstIndex(of: file) {
            let chain = (loading[first...] + [file]).map(PluginManager.fileName(of:)).joined(separator: " → ")
            throw LuaError(message: "\(PluginManager.displayPath(file)): a plugin cannot load itself while it loads (\(chain))")
        }
        loading.append(file)
        defer { loading.removeLast() }
        let result = try execute(source, expectedName: expectedName, owner: owner, previousClasses: nil)
        if let existing = plugin(named: result.name) {
            throw LuaError(message: "\(file): a plugin named '\(result.name)' is already loaded from \(existing.path)")
        }
        exposeContainerClass(of: result.name)
        // The exports are the plugin's own: `plugin(name)` in its code gives them, not a view.
        runtime.internals.push()
        lua.rawField("ownerOf", of: -1)
        lua_pushvalue(lua.L, -3)
        owner.push()
        lua_rawset(lua.L, -3)
        scrim_pop(lua.L, 2)
        let plugin = Plugin(name: result.name, version: result.version, path: file, location: source.location,
                            exports: LuaRef(popping: lua), owner: owner, classes: result.classes,
                            watchedFiles: watchedFiles(of: file, modules: result.modules))
        loaded.append(plugin)
        syncWatchedFolders()
        runtime.application.dispatcher.record(.pluginLoaded, controller: nil, args: [
            ("name", .string(result.name)), ("version", result.version.map { .string($0) } ?? .null), ("path", .string(file)),
        ])
        return plugin
    }

    /// What running a plugin file gave: its exports (left on the stack) and these.
    struct PluginRun {
        let name: String
        let version: String?
        /// The classes it made, by `<class name>#<n>`.
        let classes: LuaRef
        /// The module files its main chunk required.
        let modules: [String]
    }

    /// Runs a plugin file in a new sandboxed environment and checks that it returned
    /// `scrim.plugin{…}` named `expectedName` (when given). Classes it makes are recorded;
    /// those in `previousClasses` (the version it replaces) are refilled in place, and get their
    /// old contents back when the run fails. On success the exports table is left on the stack.
    func execute(_ source: PluginSource, expectedName: String?, owner: LuaRef, previousClasses: LuaRef?,
                 renamed: (String) -> String = { "was looked up as '\($0)'; the name must match the file or folder name" })
        throws(LuaError) -> PluginRun {
        guard let runtime, let lua = runtime.lua else { throw LuaError(message: "the runtime is gone") }
        let L = lua.L
        let top = lua.top
        let file = source.path
        let chunk = LuaState.chunk(ofFile: try source.contents())
        let display = PluginManager.displayPath(file)
        if let error = lua.load(chunk: chunk, chunkName: "@" + display) { throw error }
        if let problem = chunk.withUnsafeBytes({ bytes in
            bytes.isEmpty ? nil : Runtime.chunkProblem(bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
        }) {
            lua.top = top
            throw LuaError(message: "\(display):\(problem)", location: LuaState.location(in: "\(display):\(problem)"))
        }
        do {
            let fileName = PluginManager.fileName(of: file), folder = source.folder
            // Unretained, not weak: a weakly referenced manager would count every retain in a side table.
            let files = PluginFiles(folder: folder,
                                    dataPath: PluginManager.isPluginName(fileName) ? dataDirectory.map { "\($0)/\(fileName)" } : nil,
                                    codeFolders: { [runtimeReference] in (runtimeReference?.value?.plugins.searchPaths ?? []) + [folder] })
            try pushEnvironment(files: files, permissions: source.realPath.flatMap { grants[$0] } ?? [], owner: owner)
        } catch {
            lua.top = top
            throw error
        }
        lua_setupvalue(L, -2, 1)
        do {
            try callInternal("beginPluginRun") {
                if let previousClasses { previousClasses.push() } else { lua_pushnil(L) }
                owner.push()
                return 2
            }
        } catch {
            lua.top = top
            throw error
        }
        requiredModules.append([])
        var failure = lua.enter(nargs: 0, nresults: 1)
        let modules = requiredModules.removeLast()
        var name = "", version: String?
        if failure == nil {
            do throws(LuaError) {
                (name, version) = try checkDeclaration(file: file, expectedName: expectedName, renamed: renamed)
            } catch {
                failure = error
            }
        }
        do {
            try callInternal("endPluginRun", results: 1) {
                lua_pushboolean(L, failure == nil ? 1 : 0)
                return 1
            }
        } catch {
            failure = failure ?? error
        }
        if let failure {
            lua.top = top
            throw failure
        }
        let classes = LuaRef(popping: lua)
        return PluginRun(name: name, version: version, classes: classes, modules: modules)
    }

    /// The name and version the table on top of the stack declares, if it is a plugin.
    private func checkDeclaration(file: String, expectedName: String?, renamed: (String) -> String)
        throws(LuaError) -> (String, String?) {
        guard let runtime, let lua = runtime.lua else { throw LuaError(message: "the runtime is gone") }
        let L = lua.L
        try callInternal("isPlugin", results: 1) {
            lua_pushvalue(L, -2)
            return 1
        }
        let isPlugin = lua_toboolean(L, -1) != 0
        scrim_pop(L, 1)
        guard isPlugin else {
            throw LuaError(message: "\(file): a plugin must return scrim.plugin{ name = …, … }, got \(lua.typeName(at: -1))")
        }
        lua.rawField("name", of: -1)
        let name = lua.string(at: -1) ?? ""
        lua.rawField("version", of: -2)
        let version = lua_type(L, -1) == LUA_TNIL ? nil : runtime.describe(at: -1)
        scrim_pop(L, 2)
        for (field, value) in [("name", name), ("version", version ?? "")] where value.utf8.count > LuaCall.longestName {
            throw LuaError(message: "\(file): the plugin's \(field) is \(value.utf8.count) bytes, longer than \(LuaCall.longestName)")
        }
        if let expectedName, name != expectedName {
            throw LuaError(message: "\(file): declares plugin '\(name)' but \(renamed(expectedName))")
        }
        return (name, version)
    }

    /// Calls `internals[name]` with the arguments `arguments` pushes, leaving `results` results.
    /// It can fail only for want of memory.
    func callInternal(_ name: String, results: Int32 = 0, arguments: () -> Int32) throws(LuaError) {
        guard let runtime, let lua = runtime.lua else { throw LuaError(message: "the runtime is gone") }
        runtime.internals.push()
        lua.rawField(name, of: -1)
        scrim_remove(lua.L, -2)
        let count = arguments()
        if let error = lua.enter(nargs: count, nresults: results) { throw error }
    }

    /// The files to watch for a plugin run from `file`: the file itself, or its folder for a
    /// folder plugin, and the modules it required from elsewhere.
    func watchedFiles(of file: String, modules: [String]) -> [String] {
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        let main = absolute(file.hasSuffix("/init.lua") ? URL(fileURLWithPath: file).deletingLastPathComponent().path : file)
        var files = [main]
        for module in modules.map(absolute) where !files.contains(module) && !module.hasPrefix(main + "/") {
            files.append(module)
        }
        return files
    }
}

extension PluginManager {
    /// Pushes a new sandboxed environment for a plugin reaching `files` (see `Sandbox`).
    fileprivate func pushEnvironment(files: PluginFiles, permissions: PluginPermissions, owner: LuaRef) throws(LuaError) {
        guard let runtime, let lua = runtime.lua else { throw LuaError(message: "the runtime is gone") }
        try runtime.installSandboxIfNeeded()
        runtime.internals.push()
        lua.rawField("newPluginEnvironment", of: -1)
        scrim_remove(lua.L, -2)
        lua.push(object: files)
        lua_createtable(lua.L, 0, 5)
        for (name, permission) in PluginPermissions.names where permission != .all && permissions.contains(permission) {
            lua_pushboolean(lua.L, 1)
            lua_setfield(lua.L, -2, name)
        }
        owner.push()
        if let error = lua.enter(nargs: 3, nresults: 1) { throw error }
    }

    /// A plugin's `container` class (on top of the stack: the plugin's table) becomes a global
    /// under its class name, so `CardStack{…}` works once the plugin is loaded — unless that
    /// global is taken.
    func exposeContainerClass(of plugin: String) {
        guard let lua = runtime?.lua else { return }
        let L = lua.L
        let top = lua.top
        defer { lua.top = top }
        lua.rawField("container", of: -1)
        guard lua_type(L, -1) == LUA_TTABLE else { return }
        lua.rawField("__name", of: -1)
        guard let className = lua.string(at: -1) else { return }
        scrim_pushglobaltable(L)
        lua.rawField(className, of: -1)
        guard lua_type(L, -1) == LUA_TNIL else { return }
        scrim_pop(L, 1)
        lua.push(className)
        lua_pushvalue(L, top + 1)
        lua_rawset(L, -3)
    }
}
