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
    local problem = writeRefusal(t, key)
    if problem then error(problem, 2) end
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
      local file, path, notFound = native.findModule(name)
      if notFound then error(notFound, 2) end
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
    -- Images beneath the plugin's folder, by the rules of its files.
    image = function(path)
      if type(path) ~= "string" then
        error(format("bad argument #1 to 'image' (string expected, got %s)", type(path)), 2)
      end
      local image, problem = native.loadImage(files, path)
      if image == nil then error(problem, 2) end
      return image
    end,
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
