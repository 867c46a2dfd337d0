local create, resume, status, close = coroutine.create, coroutine.resume, coroutine.status, coroutine.close
local error, type, rawget, setmetatable, getmetatable = error, type, rawget, setmetatable, getmetatable
local select, math, format, gsub, find, pcall = select, math, string.format, string.gsub, string.find, pcall
local debugSetmetatable = debug.setmetatable
local insert, remove, concat, sort = table.insert, table.remove, table.concat, table.sort

-- The library's wrap resumes in C, past the resume that tells the watchdog which coroutine
-- runs: a loop in a coroutine made early in a turn (before it is counted) was never stopped.
-- This one resumes through it; errors come out as the library's do, and a coroutine that
-- failed is closed.
function coroutine.wrap(f)
  local co = create(f)
  local function finish(ok, ...)
    if ok then return ... end
    if status(co) == "dead" then close(co) end
    error((...), 0)
  end
  return function(...) return finish(resume(co, ...)) end
end

-- A table with a metatable can claim any length, and its metamethods may be C functions: the
-- library's loops over it would run in C, where no hook reaches them. These run in Lua; their
-- errors are given the caller's line, never one of this chunk's.
local function relocated(fname, ok, ...)
  if ok then return ... end
  local problem = ...
  if type(problem) ~= "string" then error(problem, 0) end
  problem = gsub(gsub(problem, "^%[scrim limits%]:%d+: ", ""), "^bad argument (#%d+) to '%?'", "bad argument %1 to '" .. fname .. "'")
  if find(problem, "^[^:\n]+:%d+: ") then error(problem, 0) end
  error(problem, 2)
end

local function position(value, n, fname)
  if math.type(value) == "integer" then return value end
  if type(value) == "number" and value == math.floor(value) and value >= math.mininteger and value < -math.mininteger then
    return math.tointeger(value)
  end
  if type(value) == "number" then error(format("bad argument #%d to '%s' (number has no integer representation)", n, fname)) end
  error(format("bad argument #%d to '%s' (number expected, got %s)", n, fname, value == nil and "no value" or type(value)))
end

local function insertIn(t, ...)
  local count = select("#", ...)
  local e = #t + 1
  if count == 1 then
    t[e] = ...
    return
  end
  if count ~= 2 then error("wrong number of arguments to 'insert'") end
  local pos, value = ...
  pos = position(pos, 2, "insert")
  if not math.ult(pos - 1, e) then error("bad argument #2 to 'insert' (position out of bounds)") end
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = value
end

local function removeFrom(t, pos)
  local size = #t
  pos = pos == nil and size or position(pos, 2, "remove")
  if pos ~= size and math.ult(size, pos - 1) then error("bad argument #2 to 'remove' (position out of bounds)") end
  local removed = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return removed
end

local function concatOf(t, sep, i, j)
  i = i == nil and 1 or position(i, 3, "concat")
  j = j == nil and #t or position(j, 4, "concat")
  local parts = {}
  for k = i, j do
    local value = t[k]
    if type(value) ~= "string" and type(value) ~= "number" then
      error(format("invalid value (at index %d) in table for 'concat'", k))
    end
    parts[#parts + 1] = value
  end
  return concat(parts, sep)
end

function table.insert(t, ...)
  if getmetatable(t) == nil then return insert(t, ...) end
  return relocated("insert", pcall(insertIn, t, ...))
end

function table.remove(t, pos)
  if getmetatable(t) == nil then return remove(t, pos) end
  return relocated("remove", pcall(removeFrom, t, pos))
end

function table.concat(t, sep, i, j)
  if getmetatable(t) == nil then return concat(t, sep, i, j) end
  return relocated("concat", pcall(concatOf, t, sep, i, j))
end

-- Every comparison a call of Lua code: strings sharing a long prefix, or C metamethods, keep
-- no sort out of the hook's reach.
local function less(a, b) return a < b end
function table.sort(t, comparator)
  if comparator ~= nil and type(comparator) ~= "function" then return sort(t, comparator) end
  local compare = comparator == nil and less or function(a, b) return comparator(a, b) end
  return relocated("sort", pcall(sort, t, compare))
end

local function refuseFinalizer(mt, fname)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("bad argument #2 to '" .. fname .. "' ('__gc' metamethods are not allowed: Lua runs " ..
          "finalizers where no budget or watchdog can stop them)", 3)
  end
end

function _G.setmetatable(t, mt)
  refuseFinalizer(mt, "setmetatable")
  return setmetatable(t, mt)
end

function debug.setmetatable(value, mt)
  refuseFinalizer(mt, "setmetatable")
  return debugSetmetatable(value, mt)
end
