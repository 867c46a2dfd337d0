import CLua
import CSandbox
import Foundation

/// What a plugin may do beyond the sandbox, granted by the host to the plugin it finds under a
/// name (`PluginManager.grant(_:to:)`, `scrim run --grant NAME=io,os`) or at a path.
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

    /// `'io'`, `'io, os'`: the permissions' names, for messages.
    public var description: String {
        let named = PluginPermissions.names.filter { $0.1 != .all && contains($0.1) }.map(\.0)
        return named.isEmpty ? "nothing" : "'" + named.joined(separator: ", ") + "'"
    }

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

/// The plugin sandbox (design section 7; docs/plugins.md holds the threat model): every
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
    static let source = #"""
local internals, native, scrim, surfaceGlobals, views = ...
-- The globals as the state began: what the scenario did to its globals since changes nothing.
local G = _ENV
local type, error, pairs, ipairs, next, setmetatable, tostring, pcall =
      type, error, pairs, ipairs, next, setmetatable, tostring, pcall
local realGetmetatable, realSetmetatable, realLoad, realCollect, realRawset, rawget =
      getmetatable, setmetatable, load, collectgarbage, rawset, rawget
local ioLibrary, osLibrary, debugLibrary = io, os, debug
local realType, realWrite = io.type, io.write
local rawGetmetatable, chunkSource = debug.getmetatable, debug.getinfo
local format, find, sub, concat = string.format, string.find, string.sub, table.concat
local view, realOf, writeRefusal = views.view, views.realOf, views.refusal
local ownerOf = internals.ownerOf

local function copy(library)
  local result = {}
  for key, value in pairs(library) do result[key] = value end
  return result
end

local function refusal(what, grant) return format("%s is not allowed in a plugin (the host can grant '%s')", what, grant) end

-- A library function that refuses to run.
local function refused(what, grant)
  return function() error(refusal(what, grant), 2) end
end

local safeGlobals = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "xpcall", "select", "tonumber", "tostring",
  "type", "rawequal", "rawget", "rawlen", "print", "_VERSION",
}
local allowedCollect = { count = true, collect = true, step = true, isrunning = true }

-- No value a plugin reaches has a `__close` metamethod: the system's Lua 5.4.4 can leave a
-- to-be-closed variable open after a `break` out of a generic `for` and then write past the
-- stack, and can nest closing coroutines past the end of the C stack (docs/robustness.md). So
-- the metatable `setmetatable` installs is a snapshot of the plugin's (which it cannot reach, so
-- never gains `__close` later, never becomes weak, never makes its `__newindex` itself), files
-- are handed out as tables, and class instances get their class's metamethods the same way.
local closeRefused = "'__close' metamethods are not allowed in a plugin " ..
                     "(the system's Lua 5.4.4 can close to-be-closed variables wrongly)"
-- snapshot -> the table the plugin gave; snapshot -> the plugin that gave it.
local originalOf = setmetatable({}, { __mode = "k" })
local installedBy = setmetatable({}, { __mode = "k" })

-- Files: a plugin's file is a table whose methods call the io library's on the handle.
local fileMethods = rawGetmetatable(ioLibrary.stdout).__index
local handleOf = setmetatable({}, { __mode = "k" })
local function handle(file, method)
  local h = handleOf[file]
  if h == nil then error(format("bad argument #1 to '%s' (FILE* expected, got %s)", method, type(file)), 3) end
  return h
end
local function fileClass(names, refusedNames)
  local methods = {}
  for _, name in ipairs(names) do
    local method = fileMethods[name]
    methods[name] = function(file, ...) return method(handle(file, name), ...) end
  end
  local write = fileMethods.write
  function methods.write(file, ...)
    local ok, problem, code = write(handle(file, "write"), ...)
    if not ok then return ok, problem, code end
    return file
  end
  for _, name in ipairs(refusedNames) do
    methods[name] = function() error(format("the standard output is the host's: '%s' is not allowed in a plugin", name), 2) end
  end
  return { __index = methods, __name = "FILE*", __metatable = false,
           __tostring = function(file) return tostring(handleOf[file]) end }
end
local File = fileClass({ "close", "flush", "lines", "read", "seek", "setvbuf" }, {})
local function wrapFile(h)
  if h == nil then return nil end
  local file = setmetatable({}, File)
  handleOf[file] = h
  return file
end
local standardOutput = setmetatable({}, fileClass({ "flush" }, { "close", "lines", "read", "seek", "setvbuf" }))
handleOf[standardOutput] = ioLibrary.stdout

-- What steers the runtime as a whole is the host's: a plugin may run the clock, not clear the
-- trace others read, swap the restoration delegate or set the transition watchdog.
local function hostOnly(what)
  return function() error(format("%s is the host's: not allowed in a plugin", what), 2) end
end
local pluginTrace = view(setmetatable({ clear = hostOnly("trace.clear") },
                                      { __call = function(_, ...) return scrim.trace(...) end }), "trace")

-- A file's text as a chunk: a UTF-8 byte-order mark and a first line starting with '#' are
-- skipped (the line break kept), as luaL_loadfile does.
local function chunkText(text)
  if sub(text, 1, 3) == "\239\187\191" then text = sub(text, 4) end
  if sub(text, 1, 1) == "#" then
    local newline = find(text, "\n", 1, true)
    text = newline and sub(text, newline) or ""
  end
  return text
end

-- `load`, refusing text that Lua 5.4.4 mishandles (`scrim_chunk_problem`) with the problem,
-- located as a syntax error would be.
local function loadChecked(text, name, mode, chunkEnv)
  local f, problem = realLoad(text, name, mode, chunkEnv)
  if f == nil then return nil, problem end
  if type(text) == "string" then
    problem = native.checkChunk(text)
    if problem then return nil, chunkSource(f, "S").short_src .. ":" .. problem end
  end
  return f
end

-- The whole of `file`, closed: its text, or nil and a message.
local function readAll(file, name)
  local text = file:read("a")
  file:close()
  if text == nil then return nil, "cannot read " .. name end
  return text
end

function internals.newPluginEnvironment(files, grants, owner)
  local env = {}
  for _, name in ipairs(safeGlobals) do env[name] = G[name] end
  for _, name in ipairs({ "string", "table", "math", "utf8", "coroutine" }) do env[name] = copy(G[name]) end
  env._G = env

  -- Coroutines: a plugin runs in whatever coroutine calls it (a hook runs in the scenario's
  -- coroutine when the scenario loads a view there), but it resumes and closes only those it
  -- made, and `coroutine.running` shows it no other.
  local ownThreads = setmetatable({}, { __mode = "k" })
  local coroutineLibrary, realCreate = env.coroutine, G.coroutine.create
  local realRunning, realResume, realClose = G.coroutine.running, G.coroutine.resume, G.coroutine.close
  local function own(thread, fname)
    if ownThreads[thread] == nil then
      error(format("bad argument #1 to '%s' (a coroutine this plugin did not make)", fname), 3)
    end
    return thread
  end
  function coroutineLibrary.create(f)
    local thread = realCreate(f)
    ownThreads[thread] = true
    return thread
  end
  function coroutineLibrary.running()
    local thread, isMain = realRunning()
    if ownThreads[thread] then return thread, isMain end
    return nil, isMain
  end
  function coroutineLibrary.resume(thread, ...) return realResume(own(thread, "resume"), ...) end
  function coroutineLibrary.close(thread) return realClose(own(thread, "close")) end

  -- A view has nothing to set: rawset refuses it as assignment does.
  function env.rawset(t, key, value)
    local refused = writeRefusal(t, key)
    if refused then error(refused, 2) end
    return realRawset(t, key, value)
  end

  -- A plugin gets back the metatables it set itself, and its own classes; every other
  -- metatable — the scenario's, another plugin's, a class's — as a read-only view (so nobody
  -- else's gains a `__close` or anything else), and none for strings, functions or native
  -- objects.
  function env.getmetatable(value)
    if type(value) ~= "table" then return nil end
    local mt = realGetmetatable(value)
    if type(mt) ~= "table" then return mt end
    local original = originalOf[mt]
    if original ~= nil then
      if installedBy[mt] == owner then return original end
      return view(original)
    end
    local class = realOf[mt]
    if class ~= nil then
      if ownerOf[class] == owner then return class end
      return mt
    end
    return view(mt)
  end

  -- Installs a snapshot of `mt` (see above): changing `mt` later changes nothing.
  function env.setmetatable(t, mt)
    if type(t) ~= "table" then
      error(format("bad argument #1 to 'setmetatable' (table expected, got %s)", type(t)), 2)
    end
    if mt ~= nil and type(mt) ~= "table" then
      error(format("bad argument #2 to 'setmetatable' (nil or table expected, got %s)", type(mt)), 2)
    end
    local current = rawGetmetatable(t)
    if current ~= nil then
      if rawget(current, "__metatable") ~= nil then error("cannot change a protected metatable", 2) end
      -- The system's Lua 5.4.4 can lose a weak table's new metatable in the middle of a collection.
      if rawget(current, "__mode") ~= nil then
        error("cannot change the metatable of a weak table in a plugin (the system's Lua 5.4.4 can lose it)", 2)
      end
    end
    if mt == nil then return realSetmetatable(t, nil) end
    local snapshot = {}
    for key, value in next, realOf[mt] or mt do
      if key == "__close" then error(closeRefused, 2) end
      snapshot[key] = value
    end
    originalOf[snapshot], installedBy[snapshot] = mt, owner
    return realSetmetatable(t, snapshot)
  end

  function env.collectgarbage(option, ...)
    option = option or "collect"
    if not allowedCollect[option] then
      error(format("collectgarbage('%s') is not allowed in a plugin", tostring(option)), 2)
    end
    return realCollect(option, ...)
  end

  -- Files: beneath the plugin's folder (read) and its data folder (read and write), opened by
  -- the kernel; a refusal raises, a failure of the system returns nil, message, code.
  -- Errors are raised at `level` (default 3: the caller of the function calling `open`).
  local function open(path, mode, fname, level)
    level = level or 3
    if type(path) ~= "string" then
      error(format("bad argument #1 to '%s' (string expected, got %s)", fname, type(path)), level)
    end
    if mode ~= nil and type(mode) ~= "string" then
      error(format("bad argument #2 to '%s' (string expected, got %s)", fname, type(mode)), level)
    end
    local h, problem, code = native.openFile(files, path, mode or "r", fname)
    if problem == true then error(code, level) end
    return h, problem, code
  end

  if grants.io then
    env.io = ioLibrary
  else
    env.io = {
      open = function(path, mode)
        local h, problem, code = open(path, mode, "io.open")
        if h == nil then return nil, problem, code end
        return wrapFile(h)
      end,
      -- The iterator alone: no to-be-closed file for the loop (see above); the file closes at
      -- its end, or when it is collected.
      lines = function(path, ...)
        if path == nil then error(refusal("io.lines() on standard input", "io"), 2) end
        local h, problem = open(path, "r", "io.lines")
        if not h then error(problem, 2) end
        local read = h:lines(...)
        local function closing(...)
          if (...) == nil then h:close() end
          return ...
        end
        return function() return closing(read()) end
      end,
      type = function(value) return realType(handleOf[value] or value) end,
      write = function(...)
        local ok, problem, code = realWrite(...)
        if not ok then return ok, problem, code end
        return standardOutput
      end,
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
    if type(chunk) == "function" then
      -- The pieces a reader gives, whole: the text is checked before it runs.
      local pieces, read = {}, chunk
      while true do
        local piece = read()
        if piece == nil or piece == "" then break end
        if type(piece) ~= "string" then return nil, "reader function must return a string" end
        pieces[#pieces + 1] = piece
      end
      chunk = concat(pieces)
    end
    return loadChecked(chunk, chunkname, chunkMode(asked), chunkEnv == nil and env or chunkEnv)
  end
  -- Chunks from the plugin's own folder (code is read from there, never from the data folder).
  local function loadChunk(path, asked, chunkEnv, fname, level)
    if path == nil then error(refusal(fname .. "() on standard input", "io"), (level or 3) - 1) end
    local file, problem = open(path, "r", fname, level)
    if not file then return nil, problem end
    local text
    text, problem = readAll(file, path)
    if not text then return nil, problem end
    text = chunkText(text)
    return loadChecked(text, "@" .. native.displayPath(files, path), chunkMode(asked), chunkEnv == nil and env or chunkEnv)
  end
  function env.loadfile(path, asked, chunkEnv) return loadChunk(path, asked, chunkEnv, "loadfile") end
  function env.dofile(path)
    local chunk, problem = loadChunk(path, nil, nil, "dofile", 4)
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
    local requiring = {}   -- the modules whose chunks run now, to refuse a loop
    function env.require(name)
      if type(name) ~= "string" then
        error(format("bad argument #1 to 'require' (string expected, got %s)", type(name)), 2)
      end
      if loaded[name] ~= nil then return loaded[name] end
      if requiring[name] then
        error(format("module '%s' requires itself while it loads (directly or through others)", name), 2)
      end
      local file, path, refusal = native.findModule(name)
      if refusal then error(refusal, 2) end
      if not file then error(format("module '%s' not found in the plugin paths:%s", name, path), 2) end
      local text, problem = readAll(file, path)
      if not text then error(format("error loading module '%s' from file '%s':\n\t%s", name, path, problem), 2) end
      local chunk
      text = chunkText(text)
      chunk, problem = loadChecked(text, "@" .. path, chunkMode(), env)
      if not chunk then error(format("error loading module '%s' from file '%s':\n\t%s", name, path, problem), 2) end
      requiring[name] = true
      local _ <close> = realSetmetatable({}, { __close = function() requiring[name] = nil end })
      local result = chunk(name, path)
      if result == nil then result = true end
      if loaded[name] == nil then loaded[name] = result end
      return loaded[name], path
    end
  end

  -- The scenario surface, read-only: other plugins' exports and every table more than one
  -- plugin reaches come as views; plugins load others by name only.
  local function pluginByName(spec)
    if type(spec) == "table" then return scrim.plugin(spec) end
    local ok, exports = pcall(native.plugin, spec)
    if not ok then error(exports, 2) end
    if ownerOf[exports] == owner then return exports end
    return view(exports, format("plugin '%s'", tostring(spec)))
  end
  local overrides = {
    plugin = pluginByName,
    loadPlugin = function(name)
      if type(name) == "string" and (find(name, "/", 1, true) or find(name, "%.lua$")) then
        error(format("scrim.loadPlugin: '%s' is a path; a plugin loads other plugins by name, found on the " ..
                     "plugin paths (paths are for the scenario and the host)", name), 2)
      end
      return pluginByName(name)
    end,
    classNamed = function(name)
      local class = scrim.classNamed(name)
      if class ~= nil and ownerOf[class] == owner then return class end
      return view(class, format("class %s", tostring(name)))
    end,
    dataPath = native.dataPath(files),
    trace = pluginTrace,
    setRestorationDelegate = hostOnly("scrim.setRestorationDelegate"),
    setTransitionWatchdog = hostOnly("scrim.setTransitionWatchdog"),
    reload = function(name)
      if not native.owns(name, owner) then
        error(format("scrim.reload: a plugin reloads itself only, not '%s'", tostring(name)), 2)
      end
      return scrim.reload(name)
    end,
  }
  internals.envOwner[env] = owner
  env.scrim = views.overlay(scrim, "scrim", overrides)
  for _, name in ipairs(surfaceGlobals) do env[name] = env.scrim[name] end
  return env
end
"""#
}

extension Runtime {
    /// The natives the sandbox uses: `openFile(files, path, mode, fname)`, `displayPath(files,
    /// path)`, `dataPath(files)`, `findModule(name)`, `owns(name, owner)` (whether the plugin
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
        if let error = lua.load(source: Sandbox.source, chunkName: Sandbox.chunkName) { throw error }
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
