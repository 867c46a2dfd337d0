local viewKey = ...
local type, error, next, pairs, tostring, setmetatable = type, error, next, pairs, tostring, setmetatable
local rawset, rawequal, format = rawset, rawequal, string.format

-- view -> the table it shows; table -> its view. Weak keys: a view lives as long as someone
-- holds it, and its table at least as long.
local realOf = setmetatable({}, { __mode = "k" })
local viewOf = setmetatable({}, { __mode = "k" })
-- view -> what errors say of it ("scrim is read-only in a plugin").
local nameOf = setmetatable({}, { __mode = "k" })

-- `statement`: "<name> is read-only", and " in a plugin" for a plugin's own `scrim`.
local function refusal(statement, key) return format("%s (cannot set '%s')", statement, tostring(key)) end

local function refuse(statement)
  return function(_, key) error(refusal(statement, key), 2) end
end

-- A new view of `t`: reads go to `overrides` first, then to `t`. Errors call it `name`, then
-- `where` (a plugin's own `scrim` says " in a plugin").
local function makeView(t, name, overrides, view, where)
  local v = {}
  local meta = {
    __index = function(_, key)
      local value
      if overrides then value = overrides[key] end
      if value == nil then
        value = t[key]
        if type(value) == "table" then
          return view(value, type(key) == "string" and name .. "." .. key or name)
        end
      end
      return value
    end,
    __newindex = refuse(name .. " is read-only" .. (where or "")),
    __pairs = function()
      local iterate, state, control = pairs(t)
      local pending = overrides and next(overrides) and overrides
      return function()
        if pending then
          local key, value
          key, value = next(pending, control)
          if key ~= nil then control = key; return key, value end
          pending, control = nil, nil
        end
        local key, value
        repeat
          key, value = iterate(state, control)
          control = key
        until key == nil or not (overrides and overrides[key] ~= nil)
        return view(key, name), view(value, type(key) == "string" and name .. "." .. key or name)
      end
    end,
    __len = function() return #t end,
    __call = function(_, ...) return t(...) end,
    __tostring = function() return tostring(t) end,
    __eq = function(a, b)
      local p, q = realOf[a] or a, realOf[b] or b
      return rawequal(p, q) or p == q
    end,
    __metatable = false,
  }
  rawset(meta, viewKey, t)
  setmetatable(v, meta)
  realOf[v] = t
  nameOf[v] = name .. " is read-only" .. (where or "")
  return v
end

-- The view of `t` (a table; anything else, a view included, is returned as it is), named
-- `name` in errors: one per table, so views compare as their tables do.
local function view(t, name)
  if type(t) ~= "table" or realOf[t] ~= nil then return t end
  local existing = viewOf[t]
  if existing then return existing end
  local v = makeView(t, name or "this table", nil, view)
  viewOf[t] = v
  return v
end

return {
  view = view,
  -- A view of its own for one plugin, whose reads find `overrides` first.
  overlay = function(t, name, overrides) return makeView(t, name, overrides, view, " in a plugin") end,
  realOf = realOf,
  -- The message of a write to `v`, if `v` is a view.
  refusal = function(v, key) local name = nameOf[v]; return name and refusal(name, key) end,
}
