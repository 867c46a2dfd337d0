-- The test API of `scrim test` (docs/testing.md): test, describe, expect, frameAt and frame.
-- Run in each test's runtime before the test file, with the runner's natives; it sets the
-- globals and returns `run(index)`, which the runner calls to run one test.
local natives = ...
local getinfo = debug.getinfo
local type, tostring, tonumber, pairs, ipairs, error, pcall, rawequal, rawget, getmetatable, setmetatable, next, select =
  type, tostring, tonumber, pairs, ipairs, error, pcall, rawequal, rawget, getmetatable, setmetatable, next, select
local format, concat, sort, find, match = string.format, table.concat, table.sort, string.find, string.match
local mtype, abs, huge = math.type, math.abs, math.huge

local tests = {}     -- the functions of the tests defined, in order; the runner has the rest
local groups = {}    -- the names of the describe blocks being run, outermost first
local skipping = 0   -- how many of them are skipped
local running = false

-- A value as a failure message shows it: strings quoted and cut short, tables a level or two deep.
local function show(value, depth)
  depth = depth or 0
  local kind = type(value)
  if kind == "string" then
    if #value > 200 then return format("%q…", value:sub(1, 200)) end
    return format("%q", value)
  elseif kind == "number" then
    if value ~= value then return "nan" end
    if mtype(value) == "float" and value == value // 1 and abs(value) < 2 ^ 53 then return format("%d", value) end
    return tostring(value)
  elseif kind == "table" then
    if depth >= 2 then return "{…}" end
    local keys = {}
    for key in next, value do
      keys[#keys + 1] = key
      if #keys > 20 then break end
    end
    sort(keys, function(a, b)
      local ta, tb = type(a), type(b)
      if ta ~= tb then return ta < tb end
      if ta == "number" or ta == "string" then return a < b end
      return false
    end)
    local parts, count = {}, 0
    for _, key in ipairs(keys) do
      count = count + 1
      if count > 20 then parts[#parts + 1] = "…" break end
      local item = show(rawget(value, key), depth + 1)
      if mtype(key) == "integer" and key == count then
        parts[#parts + 1] = item
      elseif type(key) == "string" and match(key, "^[%a_][%w_]*$") then
        parts[#parts + 1] = key .. " = " .. item
      else
        parts[#parts + 1] = "[" .. show(key, 2) .. "] = " .. item
      end
    end
    return "{" .. concat(parts, ", ") .. "}"
  end
  local ok, text = pcall(tostring, value)
  return ok and type(text) == "string" and text or kind
end

-- A number, with digits enough to tell it from another it is compared with.
local function number(value, other)
  if type(value) == "number" and value ~= value then return "nan" end
  local text = show(value)
  if type(other) == "number" and value ~= other and text == show(other) then return format("%.17g", value) end
  return text
end

local function argumentError(position, name, message)
  error(format("bad argument #%d to '%s' (%s)", position, name, message), 3)
end

local function define(what, name, fn, options, skipped)
  if running then error(what .. " inside a test: define tests at the top of the file or in describe blocks", 3) end
  if type(name) ~= "string" or name == "" then argumentError(1, what, "a name expected, got " .. show(name)) end
  if #name > 1000 then argumentError(1, what, format("a name of at most 1000 bytes expected, got %d", #name)) end
  if type(fn) ~= "function" then argumentError(2, what, "a function expected, got " .. type(fn)) end
  local flags = { allowScriptErrors = false, keepFrames = true }
  if options ~= nil then
    if type(options) ~= "table" then argumentError(3, what, "an options table expected, got " .. type(options)) end
    for key, value in pairs(options) do
      if flags[key] == nil then argumentError(3, what, "unknown option " .. show(key)) end
      if type(value) ~= "boolean" then argumentError(3, what, format("%s must be a boolean, got %s", key, type(value))) end
      flags[key] = value
    end
  end
  local full = name
  if #groups > 0 then full = concat(groups, " › ") .. " › " .. name end
  tests[#tests + 1] = fn
  natives.define(full, getinfo(3, "l").currentline, skipped or skipping > 0, flags.allowScriptErrors, flags.keepFrames)
end

local function group(what, name, fn, skipped)
  if running then error(what .. " inside a test: describe blocks hold tests, not the other way round", 3) end
  if type(name) ~= "string" or name == "" then argumentError(1, what, "a name expected, got " .. show(name)) end
  if type(fn) ~= "function" then argumentError(2, what, "a function expected, got " .. type(fn)) end
  groups[#groups + 1] = name
  if skipped then skipping = skipping + 1 end
  fn()
  if skipped then skipping = skipping - 1 end
  groups[#groups] = nil
end

local test = setmetatable({
  skip = function(name, fn, options) define("test.skip", name, fn, options, true) end,
}, {
  __call = function(_, name, fn, options) define("test", name, fn, options, false) end,
  __newindex = function() error("the test function cannot be changed", 2) end,
})

local describe = setmetatable({
  skip = function(name, fn) group("describe.skip", name, fn, true) end,
}, {
  __call = function(_, name, fn) group("describe", name, fn, false) end,
  __newindex = function() error("the describe function cannot be changed", 2) end,
})

-- Frames: what `frameAt` and `frame` return, and `toMatchSnapshot` takes.
local Frame = {}
Frame.__index = Frame
Frame.__name = "Frame"
function Frame.__tostring(frame)
  local time = rawget(frame, "time")
  return type(time) == "number" and format("Frame at %.6f s", time) or "Frame at " .. show(time)
end
function Frame:svg()
  if getmetatable(self) ~= Frame then error("frame:svg() is called on a frame", 2) end
  return natives.svg(self.token)
end

local function frameAt(seconds)
  local token, time = natives.frameAt(seconds)
  return setmetatable({ time = time, token = token }, Frame)
end

local function frame()
  local token, time = natives.frameNow()
  return setmetatable({ time = time, token = token }, Frame)
end

-- The path to the first place where `a` and `b` differ, or nil: tables are walked key by key
-- (each pair of tables once, so cycles end), and `same` decides for everything else.
local function difference(a, b, same, path, seen)
  if type(a) ~= "table" or type(b) ~= "table" then
    if same(a, b) then return nil end
    return path
  end
  if rawequal(a, b) then return nil end
  seen[a] = seen[a] or {}
  if seen[a][b] then return nil end
  seen[a][b] = true
  for key, value in next, a do
    local found = difference(value, rawget(b, key), same, path .. "." .. tostring(key), seen)
    if found then return found end
  end
  for key in next, b do
    if rawget(a, key) == nil then return path .. "." .. tostring(key) end
  end
  return nil
end

-- `toEqual`'s leaves: `==`, and nan equal to nan.
local function equal(a, b)
  return a == b or (type(a) == "number" and type(b) == "number" and a ~= a and b ~= b)
end

local function at(value, path)
  for key in path:gmatch("[^.]+") do
    if type(value) ~= "table" then return nil end
    local index = tonumber(key)
    local found = rawget(value, key)
    if found == nil and index then found = rawget(value, index) end
    value = found
  end
  return value
end

-- An event of the trace as `toContainEvents` names it: `vc.event`, or `event` for none.
local function eventName(event)
  if type(event) ~= "table" then return show(event) end
  local vc = rawget(event, "vc")
  if type(vc) == "string" then return vc .. "." .. tostring(rawget(event, "event")) end
  return tostring(rawget(event, "event"))
end

-- A path into a table as a message shows it: at most 200 characters.
local function pathText(path)
  path = path:sub(2)
  if #path > 200 then return "…" .. path:sub(-199) end
  return path
end

-- What one expected event asks for, as a function of an event, and how it is named.
local function eventPattern(item, position)
  if type(item) == "string" then
    local vc, name = match(item, "^(.*)%.([^.]+)$")
    if not vc then name = item end
    return function(event)
      return type(event) == "table" and rawget(event, "event") == name and (vc == nil or rawget(event, "vc") == vc)
    end, item
  elseif type(item) == "table" then
    local args = rawget(item, "args")
    if args ~= nil and type(args) ~= "table" then
      argumentError(1, "toContainEvents", format("event %d: args must be a table, got %s", position, type(args)))
    end
    return function(event)
      if type(event) ~= "table" then return false end
      for key, value in next, item do
        if key ~= "args" and rawget(event, key) ~= value then return false end
      end
      if args then
        local actual = rawget(event, "args")
        for key, value in next, args do
          if type(actual) ~= "table" or difference(value, rawget(actual, key), equal, "", {}) then return false end
        end
      end
      return true
    end, show(item)
  end
  argumentError(1, "toContainEvents", format("event %d: a name ('vc.event' or 'event') or a table expected, got %s",
    position, type(item)))
end

local matchers = {}

local Expectation = {}
Expectation.__name = "Expectation"
function Expectation.__index(self, key)
  if key == "never" then
    return setmetatable({ value = rawget(self, "value"), negated = not rawget(self, "negated") }, Expectation)
  end
  local matcher = matchers[key]
  if matcher == nil then error(format("expect(…) has no matcher %s", show(key)), 2) end
  return matcher
end

local function expectation(self, name)
  if getmetatable(self) ~= Expectation then error(format("call %s with ':' on expect(…)", name), 3) end
  return rawget(self, "value"), rawget(self, "negated")
end

-- Fails the test with `message`, raised at the line `level` up from the caller. The runner
-- is told first: a failure inside a callback, which the runtime catches as a script error, or
-- inside a pcall still fails the test.
local function fail(message, level)
  local info = getinfo(level + 1, "Sl")
  natives.noteFailure(message, info and info.currentline > 0 and info.short_src .. ":" .. info.currentline or nil)
  error(message, level + 1)
end

-- Fails the test at the line that called the matcher unless `pass` (negated by `never`).
local function check(negated, pass, message, negatedMessage)
  if negated then pass, message = not pass, negatedMessage end
  if not pass then fail(message, 3) end
end

function matchers.toBe(self, expected)
  local value, negated = expectation(self, "toBe")
  local pass = value == expected or (type(value) == "number" and value ~= value and expected ~= expected)
  check(negated, pass, format("expected %s, got %s", number(expected, value), number(value, expected)),
    format("expected anything but %s", show(expected)))
end

function matchers.toEqual(self, expected)
  local value, negated = expectation(self, "toEqual")
  local path = difference(value, expected, equal, "", {})
  local message
  if path == "" or path == nil then
    message = format("expected %s, got %s", show(expected), show(value))
  else
    message = format("expected %s to be %s, got %s (expected %s, got %s)", pathText(path), show(at(expected, path)),
      show(at(value, path)), show(expected), show(value))
  end
  check(negated, path == nil, message, format("expected anything but %s", show(expected)))
end

function matchers.toBeCloseTo(self, expected, tolerance)
  local value, negated = expectation(self, "toBeCloseTo")
  if tolerance == nil then tolerance = 1e-6 end
  if type(tolerance) ~= "number" or not (tolerance >= 0 and tolerance < huge) then
    argumentError(2, "toBeCloseTo", "the tolerance must be a finite number from 0, got " .. show(tolerance))
  end
  if type(expected) ~= "number" and type(expected) ~= "table" then
    argumentError(1, "toBeCloseTo", "a number, or a table of numbers, expected, got " .. type(expected))
  end
  -- In floating point: integers far apart would wrap around when subtracted.
  local path = difference(value, expected, function(a, b)
    if type(a) ~= "number" or type(b) ~= "number" then return equal(a, b) end
    if equal(a, b) then return true end
    -- Integers of one sign subtract exactly; others in floating point, where far-apart
    -- integers would wrap around.
    if mtype(a) == "integer" and mtype(b) == "integer" and (a >= 0) == (b >= 0) then return abs(a - b) <= tolerance end
    return abs((a + 0.0) - (b + 0.0)) <= tolerance
  end, "", {})
  local message
  if path == "" then
    message = format("expected %s ± %s, got %s", number(expected, value), show(tolerance), number(value, expected))
    if type(value) == "number" and type(expected) == "number" then
      message = message .. format(" (off by %s)", show(abs((value + 0.0) - (expected + 0.0))))
    end
  elseif path then
    message = format("expected %s to be %s ± %s, got %s (expected %s, got %s)", pathText(path),
      show(at(expected, path)), show(tolerance), show(at(value, path)), show(expected), show(value))
  end
  check(negated, path == nil, message, format("expected anything but %s ± %s", show(expected), show(tolerance)))
end

function matchers.toBeNil(self)
  local value, negated = expectation(self, "toBeNil")
  check(negated, value == nil, "expected nil, got " .. show(value), "expected a value, got nil")
end

function matchers.toBeTruthy(self)
  local value, negated = expectation(self, "toBeTruthy")
  check(negated, value and true or false, "expected a true value, got " .. show(value),
    "expected false or nil, got " .. show(value))
end

function matchers.toBeFalsy(self)
  local value, negated = expectation(self, "toBeFalsy")
  check(negated, not value, "expected false or nil, got " .. show(value), "expected a true value, got " .. show(value))
end

function matchers.toHaveLength(self, length)
  local value, negated = expectation(self, "toHaveLength")
  length = math.tointeger(length) or length
  if mtype(length) ~= "integer" then argumentError(1, "toHaveLength", "an integer expected, got " .. show(length)) end
  if type(value) ~= "string" and type(value) ~= "table" then
    error("toHaveLength: expected a string or a table, got " .. type(value), 2)
  end
  local actual = #value
  check(negated, actual == length, format("expected length %d, got %s: %s", length, show(actual), show(value)),
    format("expected a length other than %d", length))
end

function matchers.toContain(self, item)
  local value, negated = expectation(self, "toContain")
  local pass
  if type(value) == "string" then
    if type(item) ~= "string" then argumentError(1, "toContain", "a string expected in a string, got " .. type(item)) end
    pass = find(value, item, 1, true) ~= nil
  elseif type(value) == "table" then
    pass = false
    for _, element in ipairs(value) do
      if element == item then pass = true break end
    end
  else
    error("toContain: expected a string or a list, got " .. type(value), 2)
  end
  check(negated, pass, format("expected %s to contain %s", show(value), show(item)),
    format("expected %s not to contain %s", show(value), show(item)))
end

function matchers.toMatch(self, pattern)
  local value, negated = expectation(self, "toMatch")
  if type(pattern) ~= "string" then argumentError(1, "toMatch", "a Lua pattern expected, got " .. type(pattern)) end
  if type(value) ~= "string" then error("toMatch: expected a string, got " .. type(value), 2) end
  check(negated, find(value, pattern) ~= nil, format("expected %s to match %s", show(value), show(pattern)),
    format("expected %s not to match %s", show(value), show(pattern)))
end

function matchers.toThrow(self, text)
  local value, negated = expectation(self, "toThrow")
  if type(value) ~= "function" then error("toThrow: expected a function to call, got " .. type(value), 2) end
  if text ~= nil and type(text) ~= "string" then argumentError(1, "toThrow", "a string expected, got " .. type(text)) end
  local ok, message = pcall(value)
  local shown = type(message) == "string" and message or show(message)
  if text == nil then
    check(negated, not ok, "expected an error, but the function returned", "expected no error, got: " .. shown)
  else
    check(negated, not ok and find(shown, text, 1, true) ~= nil,
      ok and format("expected an error containing %s, but the function returned", show(text))
        or format("expected an error containing %s, got: %s", show(text), shown),
      format("expected no error containing %s, got: %s", show(text), shown))
  end
end

function matchers.toContainEvents(self, expected)
  local value, negated = expectation(self, "toContainEvents")
  if type(expected) ~= "table" then argumentError(1, "toContainEvents", "a list of events expected, got " .. type(expected)) end
  if type(value) ~= "table" then error("toContainEvents: expected the trace (trace()), got " .. type(value), 2) end
  local patterns, names = {}, {}
  for position, item in ipairs(expected) do
    patterns[position], names[position] = eventPattern(item, position)
  end
  local found, last = 0, 0
  for index, event in ipairs(value) do
    if found == #patterns then break end
    if patterns[found + 1](event) then
      found, last = found + 1, index
    end
  end
  local message
  if found < #patterns then
    local after = last > 0 and format(" after #%d %s", last, eventName(value[last])) or ""
    local shown, from = {}, last + 1
    for index = from, math.min(#value, from + 19) do shown[#shown + 1] = format("#%d %s", index, eventName(value[index])) end
    if #value >= from + 20 then shown[#shown + 1] = format("… %d more", #value - from - 19) end
    message = format("the trace holds %d of the %d events in order; no %s%s. The trace from there: %s", found,
      #patterns, names[found + 1], after, #shown > 0 and concat(shown, ", ") or "(nothing)")
  end
  local list = {}
  for position = 1, #names do list[position] = names[position] end
  check(negated, found == #patterns, message, "expected the trace not to hold, in order: " .. concat(list, ", "))
end

function matchers.toMatchSnapshot(self, name, options)
  local value, negated = expectation(self, "toMatchSnapshot")
  if negated then error("toMatchSnapshot cannot be negated", 2) end
  if getmetatable(value) ~= Frame then
    error("toMatchSnapshot: expected a frame (frameAt(t) or frame()), got " .. show(value), 2)
  end
  if type(name) ~= "string" then argumentError(1, "toMatchSnapshot", "a snapshot name expected, got " .. type(name)) end
  local tolerance = 0.01
  if options ~= nil then
    if type(options) ~= "table" then argumentError(2, "toMatchSnapshot", "an options table expected, got " .. type(options)) end
    for key, option in pairs(options) do
      if key ~= "tolerance" then argumentError(2, "toMatchSnapshot", "unknown option " .. show(key)) end
      if type(option) ~= "number" or not (option >= 0 and option < huge) then
        argumentError(2, "toMatchSnapshot", "the tolerance must be a finite number from 0, got " .. show(option))
      end
      tolerance = option
    end
  end
  local failure = natives.matchSnapshot(value.token, name, tolerance)
  if failure then fail(failure, 2) end
end

local function expect(...)
  if select("#", ...) ~= 1 then argumentError(1, "expect", "one value expected, got " .. select("#", ...)) end
  return setmetatable({ value = (...), negated = false }, Expectation)
end

_G.test, _G.describe, _G.expect, _G.frameAt, _G.frame = test, describe, expect, frameAt, frame
-- A test ends by returning or failing: leaving the process would end the run unreported.
os.exit = function() -- luacheck: ignore 122
  error("os.exit in a test file: a test ends by returning or by failing", 2)
end

-- Runs the `index`th test defined.
return function(index)
  running = true
  tests[index]()
end
