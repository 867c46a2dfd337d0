import CLua
import Foundation

/// What a plugin may do beyond the sandbox, granted by the host by plugin name
/// (`PluginManager.grant(_:to:)`, `scrim run --grant NAME=io,os`).
public struct PluginPermissions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The whole `io` library: files anywhere, `io.popen`, standard input.
    public static let io = PluginPermissions(rawValue: 1 << 0)
    /// The whole `os` library: `os.execute`, `os.getenv`, `os.remove`, `os.exit` …
    public static let os = PluginPermissions(rawValue: 1 << 1)
    /// The whole `debug` library.
    public static let debug = PluginPermissions(rawValue: 1 << 2)
    /// Binary chunks in `load`.
    public static let binaryChunks = PluginPermissions(rawValue: 1 << 3)
    /// The real `package` and `require`: `package.loadlib`, C modules, `package.path`.
    public static let package = PluginPermissions(rawValue: 1 << 4)
    public static let all: PluginPermissions = [.io, .os, .debug, .binaryChunks, .package]

    /// The names used on the command line and in messages, in order.
    public static let names: [(String, PluginPermissions)] = [
        ("io", .io), ("os", .os), ("debug", .debug), ("binaryChunks", .binaryChunks), ("package", .package), ("all", .all),
    ]

    /// Parses `io,os` (names from `names`).
    public init(parsing text: String) throws(LuaError) {
        var permissions: PluginPermissions = []
        for name in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let entry = PluginPermissions.names.first(where: { $0.0 == name }) else {
                let known = PluginPermissions.names.map(\.0).joined(separator: ", ")
                throw LuaError(message: "unknown permission '\(name)' (known: \(known))")
            }
            permissions.insert(entry.1)
        }
        self = permissions
    }
}

/// The plugin sandbox (design section 7): every plugin runs in its own environment with a
/// curated standard library. Refused unless granted: `os.execute` and the rest of `os` but the
/// clock and dates; `io.popen`, standard input and files outside the plugin's own folder;
/// `package.loadlib` and C modules; `debug` beyond `traceback`; binary chunks. `require`
/// searches the plugin paths only. `getmetatable` does not hand out the metatables the host
/// shares (strings', objects'), and the `scrim` table is read-only.
///
/// Scenario scripts and the REPL are the user's own code and keep the whole standard library.
enum Sandbox {
    static let chunkName = "=[scrim sandbox]"

    /// Run once per state with `(internals, native, scrim, surfaceGlobals)`; adds
    /// `internals.newPluginEnvironment(folder, grants)`.
    static let source = #"""
local internals, native, scrim, surfaceGlobals = ...
-- Everything the environments use is captured now: a script that changes its globals later
-- changes nothing here.
local G = {}
for key, value in pairs(_G) do G[key] = value end
local type, error, pairs, ipairs, next, setmetatable, tostring =
      type, error, pairs, ipairs, next, setmetatable, tostring
local realGetmetatable, realLoad, realLoadfile, realCollect = getmetatable, load, loadfile, collectgarbage
local ioLibrary, osLibrary, debugLibrary = io, os, debug
local realOpen, realLines, realType, realWrite = io.open, io.lines, io.type, io.write
local format = string.format

local function copy(library)
  local result = {}
  for key, value in pairs(library) do result[key] = value end
  return result
end

local function refused(what, grant)
  return function()
    error(format("%s is not allowed in a plugin (the host can grant '%s')", what, grant), 2)
  end
end

-- A read-only view of a shared table.
local function readOnly(target, name)
  return setmetatable({}, {
    __index = target,
    __newindex = function(_, key)
      error(format("%s is read-only in a plugin (cannot set '%s')", name, tostring(key)), 2)
    end,
    __pairs = function() return next, target, nil end,
    __len = function() return #target end,
    __metatable = false,
  })
end

local safeGlobals = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select", "tonumber", "tostring",
  "type", "rawequal", "rawget", "rawset", "rawlen", "setmetatable", "print", "_VERSION",
}
local allowedCollect = { count = true, collect = true, step = true, isrunning = true }

function internals.newPluginEnvironment(folder, grants)
  local env = {}
  for _, name in ipairs(safeGlobals) do env[name] = G[name] end
  for _, name in ipairs({ "string", "table", "math", "utf8", "coroutine" }) do env[name] = copy(G[name]) end
  env._G = env

  function env.getmetatable(value)
    local kind = type(value)
    if kind == "string" or kind == "userdata" then return nil end
    return realGetmetatable(value)
  end

  function env.collectgarbage(option, ...)
    option = option or "collect"
    if not allowedCollect[option] then
      error(format("collectgarbage('%s') is not allowed in a plugin", tostring(option)), 2)
    end
    return realCollect(option, ...)
  end

  -- Files: only inside the plugin's folder, relative paths from there.
  local function resolve(path, fname)
    if type(path) ~= "string" then
      error(format("bad argument #1 to '%s' (string expected, got %s)", fname, type(path)), 3)
    end
    local resolved, problem = native.sandboxPath(folder, path)
    if not resolved then error(format("%s: %s", fname, problem), 3) end
    return resolved
  end

  if grants.io then
    env.io = ioLibrary
  else
    env.io = {
      open = function(path, mode) return realOpen(resolve(path, "io.open"), mode) end,
      lines = function(path, ...)
        if path == nil then refused("io.lines() on standard input", "io")() end
        return realLines(resolve(path, "io.lines"), ...)
      end,
      type = realType,
      write = function(...) return realWrite(...) end,
      popen = refused("io.popen", "io"),
      read = refused("io.read", "io"),
      input = refused("io.input", "io"),
      output = refused("io.output", "io"),
      tmpfile = refused("io.tmpfile", "io"),
    }
  end

  if grants.os then
    env.os = osLibrary
  else
    env.os = { clock = osLibrary.clock, time = osLibrary.time, date = osLibrary.date, difftime = osLibrary.difftime }
    for _, name in ipairs({ "execute", "exit", "getenv", "remove", "rename", "tmpname", "setlocale" }) do
      env.os[name] = refused("os." .. name, "os")
    end
  end

  env.debug = grants.debug and debugLibrary or { traceback = debugLibrary.traceback }

  local function chunkMode(asked) return grants.binaryChunks and (asked or "bt") or "t" end
  function env.load(chunk, chunkname, asked, chunkEnv)
    return realLoad(chunk, chunkname, chunkMode(asked), chunkEnv == nil and env or chunkEnv)
  end
  function env.loadfile(path, asked, chunkEnv)
    return realLoadfile(resolve(path, "loadfile"), chunkMode(asked), chunkEnv == nil and env or chunkEnv)
  end
  function env.dofile(path)
    local chunk, problem = realLoadfile(resolve(path, "dofile"), chunkMode(), env)
    if not chunk then error(problem, 2) end
    return chunk()
  end

  if grants.package then
    env.package, env.require = G.package, G.require
  else
    local loaded = {}
    for _, name in ipairs({ "string", "table", "math", "utf8", "coroutine", "io", "os", "debug" }) do
      loaded[name] = env[name]
    end
    env.package = { loaded = loaded, loadlib = refused("package.loadlib", "package") }
    function env.require(name)
      if type(name) ~= "string" then
        error(format("bad argument #1 to 'require' (string expected, got %s)", type(name)), 2)
      end
      if loaded[name] ~= nil then return loaded[name] end
      local path, searched = native.findModule(name)
      if not path then error(format("module '%s' not found in the plugin paths:%s", name, searched), 2) end
      local chunk, problem = realLoadfile(path, chunkMode(), env)
      if not chunk then error(format("error loading module '%s' from file '%s':\n\t%s", name, path, problem), 2) end
      local result = chunk(name, path)
      if result == nil then result = true end
      if loaded[name] == nil then loaded[name] = result end
      return loaded[name], path
    end
  end

  env.scrim = readOnly(scrim, "scrim")
  for _, name in ipairs(surfaceGlobals) do env[name] = scrim[name] end
  return env
end
"""#
}

extension Runtime {
    /// `native.sandboxPath(folder, path)` and `native.findModule(name)`, which the sandbox uses.
    func installSandboxNatives(in native: Int32) {
        lua.setFunction("sandboxPath", in: native) { call in
            let folder = try call.string(1), path = try call.string(2)
            switch Sandbox.resolve(path, inside: folder) {
            case .success(let resolved): call.state.push(resolved)
                return 1
            case .failure(let problem):
                lua_pushnil(call.L)
                call.state.push(problem.message)
                return 2
            }
        }
        lua.setFunction("findModule", in: native) { [unowned self] call in
            let name = try call.string(1)
            let relative = name.replacingOccurrences(of: ".", with: "/")
            var searched = ""
            for directory in plugins.searchPaths {
                for candidate in ["\(directory)/\(relative).lua", "\(directory)/\(relative)/init.lua"] {
                    if FileManager.default.fileExists(atPath: candidate) {
                        if !plugins.requiredModules.isEmpty { plugins.requiredModules[plugins.requiredModules.count - 1].append(candidate) }
                        call.state.push(PluginManager.displayPath(candidate))
                        return 1
                    }
                    searched += "\n\tno file '\(candidate)'"
                }
            }
            lua_pushnil(call.L)
            call.state.push(searched.isEmpty ? " (no plugin paths)" : searched)
            return 2
        }
    }

    /// Loads the sandbox chunk; `internals` and `native` are tables at those stack indices.
    func installSandbox(internals: Int32, native: Int32, scrim: Int32) {
        if let error = lua.load(source: Sandbox.source, chunkName: Sandbox.chunkName) {
            fatalError("the sandbox does not compile: \(error)")
        }
        lua_pushvalue(lua.L, internals)
        lua_pushvalue(lua.L, native)
        lua_pushvalue(lua.L, scrim)
        lua.push(strings: Runtime.surfaceGlobals)
        if let error = lua.protectedCall(nargs: 4, nresults: 0) {
            fatalError("the sandbox failed: \(error)")
        }
    }
}

extension Sandbox {
    struct PathProblem: Error { let message: String }

    /// `path` (relative paths from `folder`) resolved through symbolic links, when it stays in
    /// `folder`; a file that does not exist yet is resolved through its folder.
    static func resolve(_ path: String, inside folder: String) -> Result<String, PathProblem> {
        guard let root = realPath(folder) else { return .failure(PathProblem(message: "the plugin folder '\(folder)' is gone")) }
        let joined = path.hasPrefix("/") ? path : folder + "/" + path
        var components = URL(fileURLWithPath: joined).standardizedFileURL.pathComponents
        var missing: [String] = []
        var resolved: String?
        while !components.isEmpty {
            if let real = realPath(NSString.path(withComponents: components)) {
                resolved = ([real] + missing).joined(separator: "/")
                break
            }
            missing.insert(components.removeLast(), at: 0)
        }
        guard let resolved, resolved == root || resolved.hasPrefix(root == "/" ? "/" : root + "/") else {
            return .failure(PathProblem(message: "'\(path)' is outside the plugin's folder (\(folder))"))
        }
        return .success(resolved)
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
