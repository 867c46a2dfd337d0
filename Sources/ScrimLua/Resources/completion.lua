local G, classOf, metatableOf, getmetatable, superKey = ...
local rawget, next, pcall, type, ipairs, sort = rawget, next, pcall, type, ipairs, table.sort
local keywords = { "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
                   "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while" }

return function(text)
  local chain, partial = text:match("([%w_%.:]-)([%w_]*)$")
  local names, seen = {}, {}
  local function add(name, value, methodsOnly)
    if type(name) ~= "string" or seen[name] or name:sub(1, #partial) ~= partial then return end
    if not name:match("^[%a_][%w_]*$") or name:sub(1, 2) == "__" then return end
    if methodsOnly and value ~= nil and type(value) ~= "function" then return end
    seen[name] = true
    names[#names + 1] = name
  end
  local function addTable(t, methodsOnly)
    for _ = 1, 16 do
      if type(t) ~= "table" then return end
      for key, value in next, t do add(key, value, methodsOnly) end
      local mt = getmetatable(t)
      -- A class's or an instance's metatable holds the class it indexes through under the super key.
      t = mt and (rawget(mt, superKey) or rawget(mt, "__index"))
    end
  end

  if chain == "" then
    addTable(G)
    for _, keyword in ipairs(keywords) do add(keyword) end
  else
    local separator, path = chain:sub(-1), chain:sub(1, -2)
    if not path:match("^[%a_][%w_]*$") and not path:match("^[%a_][%w_%.]*[%w_]$") then return {}, 0 end
    local value = G
    for name in path:gmatch("[^.]+") do
      local ok, field = pcall(function() return value[name] end)
      if not ok or field == nil then return {}, 0 end
      value = field
    end
    local methodsOnly = separator == ":"
    if type(value) == "table" then
      addTable(value, methodsOnly)
    elseif type(value) == "string" then
      addTable(string, true)
    elseif type(value) == "userdata" then
      local mt = metatableOf(value)
      if type(mt) == "table" then
        if methodsOnly then
          for name in next, rawget(mt, "__methods") or {} do add(name) end
        else
          for _, name in ipairs(rawget(mt, "__members") or {}) do add(name) end
        end
      end
      addTable(classOf(value), methodsOnly)
    end
  end
  sort(names)
  return names, #partial
end
