local scrim, metatables, native, views, superKey = ...
local type, error, setmetatable, rawget, rawequal, pairs, select = type, error, setmetatable, rawget, rawequal, pairs, select
-- The host's own access to metatables, past `__metatable`.
local getmetatable, rawSetmetatable = debug.getmetatable, debug.setmetatable
local view, realOf = views.view, views.realOf
local format = string.format

-- Numbers print as the trace writes them: integers bare, others with up to six decimals.
local function num(n)
  -- As formatNumber: six decimals at most; past 1e15 (and for inf and nan) Lua's own form,
  -- not the 300 digits %.6f gives 1e308.
  if n ~= n or math.abs(n) >= 1e15 then return tostring(n) end
  if n == math.floor(n) then return format("%d", n) end
  local text = format("%.6f", n):gsub("0+$", ""):gsub("%.$", "")
  return text == "-0" and "0" or text
end

local function check(value, index, fname)
  if type(value) ~= "number" then
    error(format("bad argument #%d to '%s' (number expected, got %s)", index, fname, type(value)), 3)
  end
  return value
end

-- `print` writes through the runtime, so a host can collect what a chunk prints.
do
  local write, tostring, concat = native.write, tostring, table.concat
  function print(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    write(concat(parts, "\t"))
  end
end

-- Geometry -----------------------------------------------------------------------------------

local Rect, Size, Point, Transform = metatables.Rect, metatables.Size, metatables.Point, metatables.Transform
Rect.__tostring = function(r) return format("rect(%s, %s, %s, %s)", num(r.x), num(r.y), num(r.width), num(r.height)) end
Size.__tostring = function(s) return format("size(%s, %s)", num(s.width), num(s.height)) end
Point.__tostring = function(p) return format("point(%s, %s)", num(p.x), num(p.y)) end
Rect.__eq = function(a, b) return a.x == b.x and a.y == b.y and a.width == b.width and a.height == b.height end
Size.__eq = function(a, b) return a.width == b.width and a.height == b.height end
Point.__eq = function(a, b) return a.x == b.x and a.y == b.y end

function scrim.rect(x, y, width, height)
  return setmetatable({ x = check(x, 1, "rect"), y = check(y, 2, "rect"),
                        width = check(width, 3, "rect"), height = check(height, 4, "rect") }, Rect)
end

function scrim.size(width, height)
  return setmetatable({ width = check(width, 1, "size"), height = check(height, 2, "size") }, Size)
end

function scrim.point(x, y)
  return setmetatable({ x = check(x, 1, "point"), y = check(y, 2, "point") }, Point)
end

local function transform(a, b, c, d, tx, ty)
  return setmetatable({ a = a, b = b, c = c, d = d, tx = tx, ty = ty }, Transform)
end

local TransformMethods = {}
Transform.__index = TransformMethods
Transform.__tostring = function(t)
  return format("transform(%s, %s, %s, %s, %s, %s)", num(t.a), num(t.b), num(t.c), num(t.d), num(t.tx), num(t.ty))
end
Transform.__eq = function(p, q)
  return p.a == q.a and p.b == q.b and p.c == q.c and p.d == q.d and p.tx == q.tx and p.ty == q.ty
end

-- `p` followed by `q` (CGAffineTransformConcat).
function TransformMethods.concatenating(p, q)
  return transform(p.a * q.a + p.b * q.c, p.a * q.b + p.b * q.d,
                   p.c * q.a + p.d * q.c, p.c * q.b + p.d * q.d,
                   p.tx * q.a + p.ty * q.c + q.tx, p.tx * q.b + p.ty * q.d + q.ty)
end

scrim.transform = {
  identity = transform(1, 0, 0, 1, 0, 0),
  translation = function(x, y) return transform(1, 0, 0, 1, check(x, 1, "translation"), check(y, 2, "translation")) end,
  scale = function(x, y) return transform(check(x, 1, "scale"), 0, 0, check(y or x, 2, "scale"), 0, 0) end,
  rotation = function(angle)
    local c, s = math.cos(check(angle, 1, "rotation")), math.sin(angle)
    return transform(c, s, -s, c, 0, 0)
  end,
}
function TransformMethods.translatedBy(t, x, y) return scrim.transform.translation(x, y):concatenating(t) end
function TransformMethods.scaledBy(t, x, y) return scrim.transform.scale(x, y):concatenating(t) end
function TransformMethods.rotated(t, angle) return scrim.transform.rotation(angle):concatenating(t) end
function TransformMethods.isIdentity(t) return t == scrim.transform.identity end
-- Every geometry value shares its metatable: scripts see it read-only.
for _, meta in pairs({ Rect, Size, Point, Transform }) do meta.__metatable = view(meta, meta.__name) end

-- Classes ------------------------------------------------------------------------------------
-- A class is a table whose own metatable has `__index = superclass` and `__call = new`.
-- Instances have an instance metatable made from it (below): its metamethods, and the class as
-- `__index`. Metamethods are copied down so instances of subclasses keep them. What a script
-- reaches of a class through its instances — `__index`, `super`, `getmetatable` — is a
-- read-only view: only the code that made a class holds it writable.

local classesByName = setmetatable({}, { __mode = "v" })
-- Every class: what `extend` takes as a parent.
local isClass = setmetatable({}, { __mode = "k" })

-- The metatable of a class's instances: the class's metamethods, and the class as `__index`.
-- Not the class itself, which its plugin can change at any time. A class may not give its
-- instances what no metatable of a script's may have: `__close`, which the system's Lua 5.4.4
-- mishandles (docs/robustness.md); `__gc`, a finalizer, which Lua runs where no budget or
-- watchdog can stop it; `__mode`, which would make the fields of instances weak, so that they
-- vanish while the object lives. Made at the class's first instance and made again at each
-- reload: metamethods a class gains later reach its instances at the next reload.
local instanceMeta = setmetatable({}, { __mode = "k" })
local classOfInstances = setmetatable({}, { __mode = "k" })
local byte = string.byte

local refusedInInstances = {
  __close = { "a __close metamethod", "the system's Lua 5.4.4 can close to-be-closed variables wrongly" },
  __gc = { "a __gc metamethod", "Lua runs finalizers where no budget or watchdog can stop them" },
  __mode = { "a __mode field", "the fields of its instances would be weak" },
}

local function isMetaKey(key) return type(key) == "string" and byte(key, 1) == 95 and byte(key, 2) == 95 end

-- `value`, a field `key` of class `cls`, as it is given to the class's instances and
-- subclasses: a table as its read-only view, anything else as it is.
local function classFieldView(value, cls, key)
  if type(value) ~= "table" or realOf[value] ~= nil then return value end
  -- Named for errors; a class name is at most 1024 bytes, whatever a script set.
  return view(value, format("class %s.%s", tostring(rawget(cls, "__name")):sub(1, 1024), key))
end

-- Why `cls` may not give its instances the metamethods it has, or nil.
local function refusalOf(cls)
  for key in next, cls do
    local why = isMetaKey(key) and refusedInInstances[key]
    if why then return format("class %s has %s, which Scrim refuses (%s)", tostring(cls.__name), why[1], why[2]) end
  end
end

local function refreshInstanceMeta(cls)
  -- Refused before anything changes: live instances keep the metatable they have.
  local refusal = refusalOf(cls)
  if refusal then error(refusal, 3) end
  local meta = instanceMeta[cls]
  if meta == nil then
    meta = {}
    instanceMeta[cls], classOfInstances[meta] = meta, cls
  end
  for key in next, meta do rawset(meta, key, nil) end
  -- A metamethod that is a table reaches the instances read-only, as the class's tables do:
  -- a `__newindex` table takes no write from an instance somebody else made.
  for key, value in next, cls do
    if isMetaKey(key) then rawset(meta, key, classFieldView(value, cls, key)) end
  end
  -- Through the class's view: a table the class holds comes out of an instance read-only.
  -- The host's lookups, which give a class's tables read-only themselves, go to the class
  -- directly, under the super key (`scrim_lookup_field`).
  rawset(meta, "__index", view(cls))
  rawset(meta, superKey, cls)
  return meta
end

local function instanceMetaOf(cls) return instanceMeta[cls] or refreshInstanceMeta(cls) end

-- The class `cls` extends (its metatable holds it under the super key; its `__index` is the
-- parent's view), or what a table's metatable indexes through.
local function superOf(cls)
  local meta = getmetatable(cls)
  return meta and (rawget(meta, superKey) or rawget(meta, "__index"))
end

-- How many classes deep each class is (Object: 1). The runtime searches an instance's class
-- chain at most 64 tables deep, so a chain ends well before, at `extend`, with an error rather
-- than with methods that are silently not found.
local depthOf = setmetatable({}, { __mode = "k" })
local deepestClass = 32

-- Makes `cls` (a new or emptied table) a class named `name` under `parent` (a class itself,
-- never a view). Its `__index`, `super` and what its instances show `getmetatable` are views;
-- its own metatable is hidden.
local function initClass(cls, parent, name)
  depthOf[cls] = parent and (depthOf[parent] or 1) + 1 or 1
  if parent then
    -- Metamethods are copied down, a table as the parent's read-only view (`rawget` on a
    -- subclass, another plugin's too, finds no table of the parent's to change).
    for key, value in pairs(parent) do
      if isMetaKey(key) and key ~= "__index" and key ~= "__name"
         and key ~= "__metatable" then
        cls[key] = classFieldView(value, parent, key)
      end
    end
  end
  local public = view(cls, "class " .. name)
  -- `__index` stays for scripts that give an object a class as metatable themselves.
  cls.__index = public
  cls.__name = name
  cls.super = view(parent)
  cls.new = function(...) return cls.__construct(cls, ...) end
  cls.__metatable = public
  isClass[cls] = true
  -- Inherited through the parent's view, so that a subclass — another plugin's too — reads
  -- its parent's tables read-only; the parent itself is under the super key, where the host's
  -- lookups (`scrim_lookup_field`) and `superOf` find it.
  rawSetmetatable(cls, { __index = view(parent), [superKey] = parent,
                         __call = function(_, ...) return cls.new(...) end,
                         __tostring = function() return "class " .. name end, __metatable = false })
  if instanceMeta[cls] then refreshInstanceMeta(cls) end
  return cls
end

local function makeClass(parent, name) return initClass({}, parent, name) end

-- The class a script names: the class itself, or the class a view shows.
local function classOf(cls) return realOf[cls] or cls end


-- Plugin runs. While a plugin's main chunk runs, the classes it makes are recorded under
-- `<name>#<n>` (the n-th class of that name it makes). When the plugin is reloaded, `extend`
-- hands the new version the *same* tables, emptied and refilled, so live instances follow the
-- new methods; a failed reload puts the old contents back.

local runs = {}

local function saveContents(t)
  local fields = {}
  for key, value in next, t do fields[key] = value end
  return { fields = fields, metatable = getmetatable(t) }
end

local function restoreContents(t, saved)
  for key in next, t do rawset(t, key, nil) end
  for key, value in next, saved.fields do rawset(t, key, value) end
  rawSetmetatable(t, saved.metatable)
end

-- The plugin that made each class, and each plugin's exports, by the table standing for the
-- plugin (`Plugin.owner`): a plugin gets its own tables back where others get views.
local ownerOf = setmetatable({}, { __mode = "k" })

-- Which environment each plugin's code runs in (`Sandbox` fills it): an environment to the
-- table standing for its plugin.
local envOwner = setmetatable({}, { __mode = "k" })
local scenarioGlobals, getinfo, getupvalue = _G, debug.getinfo, debug.getupvalue

-- Who called `extend` (from `register`): the plugin (its `owner` table), false for the
-- scenario and the host, nil when nobody can tell (code running in an environment of its own
-- making, or a tail call that left no trace of its caller). Found from the `_ENV` of the
-- nearest Lua function up the stack that has one.
local function callerOwner()
  for level = 3, 40 do
    local info = getinfo(level, "ft")
    if info == nil then return nil end
    if level > 3 then
      for index = 1, 255 do
        local name, value = getupvalue(info.func, index)
        if name == nil then break end
        if name == "_ENV" then
          if value == scenarioGlobals then return false end
          return envOwner[value]
        end
      end
    end
    if info.istailcall then return nil end
  end
  return nil
end

-- The class registered under each name is its maker's: a plugin replaces only its own (a
-- reload does), the scenario any, and code nobody can tell takes only a free name.
local registeredBy = setmetatable({}, { __mode = "k" })
local function register(cls, name)
  local owner = callerOwner()
  local current = classesByName[name]
  if current == nil or owner == false or (owner ~= nil and registeredBy[current] == owner) then
    classesByName[name], registeredBy[cls] = cls, owner
  end
  if owner and ownerOf[cls] == nil then ownerOf[cls] = owner end
end

-- Whether `ancestor` is `cls` or up its class chain.
local function descendsFrom(cls, ancestor)
  for _ = 1, 64 do
    if cls == nil then return false end
    if rawequal(cls, ancestor) then return true end
    cls = superOf(cls)
  end
  return true
end

-- The class `cls:extend(name)` makes inside the plugin run `run`.
local function classInRun(run, parent, name)
  local count = (run.counts[name] or 0) + 1
  run.counts[name] = count
  local key = name .. "#" .. count
  local existing = run.previous[key]
  -- The new version's class takes the place of the old one's, whose instances follow it: a
  -- version extending a class that descends from the one it replaces would make a loop.
  if existing and existing ~= parent and descendsFrom(parent, existing) then
    error(format("bad self to 'extend' (class %s descends from the class %s it would replace)",
                 tostring(parent.__name), name), 3)
  end
  local cls
  if existing and not run.saved[existing] and existing ~= parent then
    run.saved[existing] = saveContents(existing)
    for field in next, existing do rawset(existing, field, nil) end
    cls = initClass(existing, parent, name)
  else
    cls = makeClass(parent, name)
  end
  run.classes[key] = cls
  ownerOf[cls] = run.owner
  return cls
end

local Object = makeClass(nil, "Object")
Object.__construct = function(cls, ...)
  local instance = setmetatable({}, instanceMetaOf(classOf(cls)))
  instance:init(...)
  return instance
end
function Object:init() end

--- A subclass named `name` (default: this class's name).
function Object.extend(cls, name)
  cls = classOf(cls)
  if not isClass[cls] then
    error("bad self to 'extend' (call it as Class:extend(\"Name\"))", 2)
  end
  if name ~= nil and type(name) ~= "string" then
    error(format("bad argument #1 to 'extend' (string expected, got %s)", type(name)), 2)
  end
  -- A class name is kept for its life and names its instances, as a controller's name is.
  if name ~= nil and #name > 1024 then
    error(format("bad argument #1 to 'extend' (a name of %d bytes is longer than 1024)", #name), 2)
  end
  if (depthOf[cls] or 1) >= deepestClass then
    error(format("bad self to 'extend' (class %s is %d classes deep, the most a class chain may be)",
                 tostring(cls.__name), deepestClass), 2)
  end
  local run = runs[#runs]
  local subclass = run and classInRun(run, cls, name or cls.__name) or makeClass(cls, name or cls.__name)
  if name then register(subclass, name) end
  return subclass
end

--- Whether `value` is an instance of `cls` or of a subclass.
function Object.isInstance(cls, value)
  cls = classOf(cls)
  local mt = type(value) == "userdata" and native.classOf(value) or type(value) == "table" and getmetatable(value) or nil
  mt = classOfInstances[mt] or mt
  while mt do
    if rawequal(mt, cls) then return true end
    mt = superOf(mt)
  end
  return false
end

scrim.Object = Object

--- A read-only view of `t` (named `name` in errors): how a plugin hands out a table of its own
--- that others may read but not change.
function scrim.readOnly(t, name)
  if type(t) ~= "table" then error(format("bad argument #1 to 'readOnly' (table expected, got %s)", type(t)), 2) end
  if name ~= nil and type(name) ~= "string" then
    error(format("bad argument #2 to 'readOnly' (string expected, got %s)", type(name)), 2)
  end
  return view(t, name)
end

--- The class most recently made with `name` by the code that holds the name (restoration finds
--- restoration classes by name; see `register`).
function scrim.classNamed(name) return classesByName[name] end

-- Applies a constructor table's fields in sorted order (deterministic), `name` excepted.
local function applyProperties(instance, props, className)
  if props == nil then return end
  if type(props) ~= "table" then
    error(format("bad argument #1 to '%s' (table of properties expected, got %s)", className, type(props)), 4)
  end
  local keys = {}
  for key in pairs(props) do
    if type(key) ~= "string" then
      error(format("bad argument #1 to '%s' (property names must be strings, got %s)", className, type(key)), 4)
    end
    if key ~= "name" then keys[#keys + 1] = key end
  end
  table.sort(keys)
  for _, key in ipairs(keys) do
    local ok, message = pcall(function() instance[key] = props[key] end)
    if not ok then
      local detail = tostring(message):gsub("^%[scrim prelude%]:%d+: ", "")
      detail = detail:match("^bad value for '[^']*' %((.*)%)$") or detail
      error(format("bad field '%s' in '%s' (%s)", key, className, detail), 4)
    end
  end
end

local ViewController = makeClass(Object, "ViewController")
ViewController.__construct = function(cls, props, ...)
  cls = classOf(cls)
  local name = type(props) == "table" and props.name or nil
  if name ~= nil and type(name) ~= "string" then
    error(format("bad field 'name' in '%s' (string expected, got %s)", cls.__name, type(name)), 2)
  end
  local vc = native.newViewController(instanceMetaOf(cls), name)
  vc:init(props, ...)
  return vc
end
function ViewController:init(props) applyProperties(self, props, self.__name or "ViewController") end
scrim.ViewController = ViewController

-- Transition classes: presentation controllers are native objects with a Lua class; animators
-- and interaction controllers are plain Lua objects.

local PresentationController = makeClass(Object, "PresentationController")
PresentationController.__construct = function(cls, presented, presenting, ...)
  cls = classOf(cls)
  local pc = native.newPresentationController(instanceMetaOf(cls), presented, presenting)
  pc:init(presented, presenting, ...)
  return pc
end
scrim.PresentationController = PresentationController

local PercentDriven = makeClass(Object, "PercentDrivenInteractiveTransition")
PercentDriven.__construct = function(cls, ...)
  cls = classOf(cls)
  local interaction = native.newPercentDrivenInteraction(instanceMetaOf(cls))
  interaction:init(...)
  return interaction
end
scrim.PercentDrivenInteractiveTransition = PercentDriven

local Animator = makeClass(Object, "Animator")
function Animator:animationEnded(completed) end
scrim.Animator = Animator

-- Plugins ------------------------------------------------------------------------------------

local plugins = setmetatable({}, { __mode = "k" })

--- `scrim.plugin{…}` declares a plugin (what a plugin file returns); `plugin "name"` gives the
--- exports of the plugin `name`, loading it from the plugin paths on first use.
function scrim.plugin(spec)
  if type(spec) == "string" then
    local ok, exports = pcall(native.plugin, spec)
    if not ok then error(exports, 2) end
    return exports
  end
  if type(spec) ~= "table" then
    error(format("bad argument #1 to 'plugin' (table or plugin name expected, got %s)", type(spec)), 2)
  end
  if type(spec.name) ~= "string" or spec.name == "" then
    error("bad argument #1 to 'plugin' (field 'name' must be a non-empty string)", 2)
  end
  if spec.hooks ~= nil and type(spec.hooks) ~= "table" then
    error(format("bad argument #1 to 'plugin' (field 'hooks' must be a table, got %s)", type(spec.hooks)), 2)
  end
  plugins[spec] = true
  return spec
end

-- Starts recording a plugin run; `previous` is the class registry of the version it replaces.
local function beginPluginRun(previous, owner)
  runs[#runs + 1] = { previous = previous or {}, classes = {}, counts = {}, saved = {}, owner = owner }
end

-- Ends the innermost run. Kept: returns its class registry. Not kept: the classes it reused
-- get their old contents back.
local function endPluginRun(keep)
  local run = table.remove(runs)
  if keep then
    -- Instances made before a reload take the new version's metamethods now; a class with
    -- instances that gained one Scrim refuses fails the reload, and keeps the old version.
    local refused
    for _, cls in next, run.classes do
      if instanceMeta[cls] then refused = refused or refusalOf(cls) end
    end
    if not refused then
      for _, cls in next, run.classes do
        if instanceMeta[cls] then refreshInstanceMeta(cls) end
      end
      return run.classes
    end
    for cls, saved in next, run.saved do restoreContents(cls, saved) end
    error(refused, 0)
  end
  for cls, saved in next, run.saved do restoreContents(cls, saved) end
  return nil
end


-- Makes `old` hold what `new` holds, recursing into tables both have under the same key
-- (classes excepted: reloads keep their identity), so references into `old` see the new code.
local function patchTable(old, new, seen)
  if seen[old] then return end
  seen[old] = true
  for key in next, old do
    if rawget(new, key) == nil then rawset(old, key, nil) end
  end
  for key, value in next, new do
    local current = rawget(old, key)
    if type(value) == "table" and type(current) == "table" and current ~= value
       and not isClass[value] and not isClass[current] and getmetatable(current) == getmetatable(value) then
      patchTable(current, value, seen)
    else
      rawset(old, key, value)
    end
  end
end

-- Swaps a reloaded plugin's exports into the live table `old`. Its `state` survives: the old
-- state's fields are copied into the new version's state table (fields only the new one has
-- keep their new values), unless the new version says `keepState = false`. Returns the old state.
local function swapPlugin(old, new)
  local oldState, newState = rawget(old, "state"), rawget(new, "state")
  local state = newState
  if rawget(new, "keepState") ~= false then
    if type(oldState) == "table" and type(newState) == "table" then
      if oldState ~= newState then
        for key, value in next, oldState do rawset(newState, key, value) end
      end
    elseif oldState ~= nil then
      state = oldState
    end
  end
  local seen = {}
  if type(oldState) == "table" then seen[oldState] = true end
  patchTable(old, new, seen)
  rawset(old, "state", state)
  if getmetatable(old) ~= getmetatable(new) then rawSetmetatable(old, getmetatable(new)) end
  return oldState
end

-- The base classes every script shares: handed out as views.
for _, name in ipairs({ "Object", "ViewController", "PresentationController", "PercentDrivenInteractiveTransition", "Animator" }) do
  scrim[name] = view(scrim[name], "scrim." .. name)
end

return {
  ownerOf = ownerOf,
  envOwner = envOwner,
  view = view,
  ViewController = ViewController,
  PresentationController = PresentationController,
  Animator = Animator,
  isPlugin = function(value) return plugins[value] == true end,
  tostring = tostring,
  beginPluginRun = beginPluginRun,
  endPluginRun = endPluginRun,
  swapPlugin = swapPlugin,
}
