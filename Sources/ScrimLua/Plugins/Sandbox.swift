import CLua
import CSandbox
import Foundation
import LuaBridge

/// The plugin sandbox (docs/plugins.md holds the threat model): every
/// plugin runs in its own environment with a curated standard library. Refused unless granted:
/// `os.execute` and the rest of `os` but the clock and dates; `io.popen`, standard input, and
/// files other than its own folder's (read) and its data folder's (`scrim.dataPath`, read and
/// write), each opened beneath that folder by the kernel (`PluginFiles`); `package.loadlib` and C
/// modules; `debug` beyond `traceback`; binary chunks. `require` searches the plugin paths only.
/// What more than one plugin reaches — `scrim`, the classes, other plugins' exports — comes as
/// a read-only view (`ReadOnlyViews`), and `getmetatable` hands out no metatable the host shares.
///
/// Scenario scripts and the REPL are the user's own code and keep the whole standard library.
enum Sandbox {
    static let chunkName = "=[scrim sandbox]"

    /// Run once per state, when the first plugin loads, with `(internals, native, scrim,
    /// surfaceGlobals, views)` and the globals as the state began as its environment; adds
    /// `internals.newPluginEnvironment(files, grants, owner)`.
    static let source = String(decoding: PackageResources.sandbox_lua, as: UTF8.self)
}

extension Runtime {
    /// The natives the sandbox uses: `openFile(files, path, mode, fname)`, `loadImage(files,
    /// path)` (the image, or nil and why not), `displayPath(files, path)`, `dataPath(files)`, `findModule(name)`, `owns(name, owner)` (whether the plugin
    /// `name` is the one `owner` stands for) and `checkChunk(text)`.
    func installSandboxNatives(in native: Int32) {
        lua.setFunction("openFile", in: native) { call in
            let files = try call.object(1, PluginFiles.self, expected: "PluginFiles")
            let path = try call.string(2), mode = try call.string(3), caller = try call.string(4)
            switch files.open(path, mode: mode, caller: caller) {
            case .success(let descriptor):
                guard scrim_pushfile(call.L, descriptor, mode.replacingOccurrences(of: "b", with: "")) != 0 else {
                    return Runtime.pushFailure("\(path): \(String(cString: strerror(errno)))", errno, call)
                }
                return 1
            case .failure(.refused(let message)):
                lua_pushnil(call.L)
                lua_pushboolean(call.L, 1)
                call.state.push(message)
                return 3
            case .failure(.failed(let message, let code)):
                return Runtime.pushFailure(message, code, call)
            }
        }
        lua.setFunction("displayPath", in: native) { call in
            let files = try call.object(1, PluginFiles.self, expected: "PluginFiles")
            let path = try call.string(2)   // relative to the plugin's folder, or under the data folder
            call.state.push(PluginManager.displayPath(path.hasPrefix("/") ? path : files.folder + "/" + path))
            return 1
        }
        lua.setFunction("loadImage", in: native) { call in
            let files = try call.object(1, PluginFiles.self, expected: "PluginFiles")
            lua_rotate(call.L, 1, -1)   // the path first, as `image(path)` takes it
            return try Runtime.pushImage(from: files, call)
        }
        lua.setFunction("dataPath", in: native) { call in
            let files = try call.object(1, PluginFiles.self, expected: "PluginFiles")
            if let path = files.dataPath { call.state.push(path) } else { lua_pushnil(call.L) }
            return 1
        }
        lua.setFunction("owns", in: native) { [unowned self] call in
            guard let name = call.state.string(at: 1), let plugin = plugins.plugin(named: name) else {
                lua_pushboolean(call.L, 0)
                return 1
            }
            plugin.owner.push()
            lua_pushboolean(call.L, lua_rawequal(call.L, -1, 2))
            return 1
        }
        lua.setFunction("checkChunk", in: native) { call in
            var length = 0
            guard let text = scrim_tostring(call.L, 1, &length), let problem = Runtime.chunkProblem(text, length) else { return 0 }
            call.state.push(problem)
            return 1
        }
        lua.setFunction("findModule", in: native) { [unowned self] call in
            let name = try call.string(1)
            guard Runtime.isModuleName(name) else {
                lua_pushnil(call.L)
                lua_pushnil(call.L)
                call.state.push("bad argument #1 to 'require' (module names are letters, digits, '_' and '-' "
                    + "in parts separated by '.', got '\(name)')")
                return 3
            }
            let relative = name.replacingOccurrences(of: ".", with: "/")
            let (found, searched) = plugins.open(firstOf: ["\(relative).lua", "\(relative)/init.lua"])
            guard let found else {
                lua_pushnil(call.L)
                call.state.push(searched.isEmpty ? " (no plugin paths)" : searched.map { "\n\t" + $0 }.joined())
                return 2
            }
            if !plugins.requiredModules.isEmpty { plugins.requiredModules[plugins.requiredModules.count - 1].append(found.path) }
            guard scrim_pushfile(call.L, found.descriptor, "r") != 0 else {
                throw LuaRaise("cannot open \(found.path): \(String(cString: strerror(errno)))")
            }
            call.state.push(PluginManager.displayPath(found.path))
            return 2
        }
    }

    /// What is wrong with plugin source of `length` bytes at `text` (see `scrim_chunk_problem`):
    /// `<line>: <message>`, or nil.
    static func chunkProblem(_ text: UnsafePointer<CChar>, _ length: Int) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        guard scrim_chunk_problem(text, length, &message, message.count) != 0 else { return nil }
        return String(cString: message)
    }

    /// `nil, message, code`, as `io.open` fails.
    private static func pushFailure(_ message: String, _ code: Int32, _ call: LuaCall) -> Int32 {
        lua_pushnil(call.L)
        call.state.push(message)
        lua_pushinteger(call.L, lua_Integer(code))
        return 3
    }

    /// Letters, digits, `_` and `-`, in parts separated by `.`.
    static func isModuleName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        }
    }

    /// What the sandbox chunk is run with, kept from the surface's making: `native`, `scrim`,
    /// `views`, and `globals`, a copy of the globals as the state began.
    func keepSandboxInputs(native: Int32, scrim: Int32, views: Int32) {
        let L = lua.L
        lua_createtable(L, 0, 4)
        let inputs = lua.top
        for (key, index) in [("native", native), ("scrim", scrim), ("views", views)] {
            lua_pushvalue(L, index)
            lua_setfield(L, inputs, key)
        }
        lua_createtable(L, 0, 64)
        scrim_pushglobaltable(L)
        lua_pushnil(L)
        while lua_next(L, -2) != 0 {
            lua_pushvalue(L, -2)
            scrim_insert(L, -2)
            lua_rawset(L, -5)
        }
        scrim_pop(L, 1)
        lua_setfield(L, inputs, "globals")
        sandboxInputs = LuaRef(popping: lua)
    }

    /// Runs the sandbox chunk, once: when the first plugin loads, so that a run without
    /// plugins does not compile it. Its parsing is part of that load, which a cancel can stop
    /// (`scrim_cancel`, Ctrl-C): the load then fails, and the next one installs it.
    func installSandboxIfNeeded() throws(LuaError) {
        let L = lua.L
        let top = lua.top
        defer { lua.top = top }
        internals.push()
        lua.rawField("newPluginEnvironment", of: -1)
        guard lua_type(L, -1) == LUA_TNIL else { return }
        if let error = lua.load(builtIn: Sandbox.source, chunkName: Sandbox.chunkName) { throw error }
        sandboxInputs.push()
        let inputs = lua.top
        lua_getfield(L, inputs, "globals")
        lua_setupvalue(L, inputs - 1, 1)
        internals.push()
        lua_getfield(L, inputs, "native")
        lua_getfield(L, inputs, "scrim")
        lua.push(strings: Runtime.surfaceGlobals)
        lua_getfield(L, inputs, "views")
        scrim_remove(L, inputs)
        if let error = lua.protectedCall(nargs: 5, nresults: 0) {
            // Run part way, it is run again whole by the next load.
            internals.push()
            lua_pushnil(L)
            lua_setfield(L, -2, "newPluginEnvironment")
            throw error
        }
    }
}
