local list = scrim.plugins()
local exports = plugin(list[#list].name)
local problems = {}
local function add(fn, message)
  local where = ""
  if type(fn) == "function" then
    local info = debug.getinfo(fn, "S")
    if info.source:sub(1, 1) == "@" then where = info.source:sub(2) .. ":" .. info.linedefined end
  end
  problems[#problems + 1] = where .. "\t" .. message
end
local function distance(a, b)
  local previous = {}
  for j = 0, #b do previous[j] = j end
  for i = 1, #a do
    local current = { [0] = i }
    for j = 1, #b do
      local cost = a:sub(i, i) == b:sub(j, j) and 0 or 1
      current[j] = math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
    end
    previous = current
  end
  return previous[#b]
end
local function suggestion(name, known)
  local best, bestDistance
  for _, candidate in ipairs(known) do
    local d = distance(name:lower(), candidate:lower())
    if not bestDistance or d < bestDistance then best, bestDistance = candidate, d end
  end
  if best and bestDistance <= math.max(2, #name // 4) then return " (did you mean '" .. best .. "'?)" end
  return ""
end
local function checkTable(field, known, what)
  local value = rawget(exports, field)
  if value == nil then return end
  if type(value) ~= "table" then
    add(nil, string.format("'%s' is a %s, not a table", field, type(value)))
    return
  end
  local set = {}
  for _, name in ipairs(known) do set[name] = true end
  local names = {}
  for name in pairs(value) do names[#names + 1] = name end
  table.sort(names, function(a, b) return tostring(a) < tostring(b) end)
  for _, name in ipairs(names) do
    local fn = value[name]
    if type(name) ~= "string" or not set[name] then
      add(fn, string.format("%s.%s is not %s, so nothing calls it%s", field, tostring(name), what,
        type(name) == "string" and suggestion(name, known) or ""))
    elseif type(fn) ~= "function" then
      add(nil, string.format("%s.%s is a %s, not a function", field, name, type(fn)))
    end
  end
end
checkTable("transitioningDelegate", { "presentationController", "animationControllerForPresented",
  "animationControllerForDismissed", "interactionControllerForPresentation", "interactionControllerForDismissal" },
  "a transitioning delegate method")
checkTable("hooks", { "loadView", "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear",
  "viewWillDisappear", "viewDidDisappear", "viewWillLayoutSubviews", "viewDidLayoutSubviews", "willMoveToParent",
  "didMoveToParent", "traitCollectionDidChange", "willTransitionToTraitCollection", "viewWillTransitionToSize",
  "didReceiveMemoryWarning", "encodeRestorableState", "decodeRestorableState", "applicationFinishedRestoringState" },
  "a lifecycle event")
local container = rawget(exports, "container")
if container ~= nil and not (type(container) == "table" and rawget(container, "__index") == container
    and (container == scrim.ViewController or scrim.ViewController.isInstance(scrim.ViewController, setmetatable({}, container)))) then
  add(nil, "'container' is not a class made with scrim.ViewController:extend")
end
for _, field in ipairs { "onReload", "selfTest" } do
  local value = rawget(exports, field)
  if value ~= nil and type(value) ~= "function" then
    add(nil, string.format("'%s' is a %s, not a function", field, type(value)))
  end
end
local state = rawget(exports, "state")
if state ~= nil and type(state) ~= "table" then add(nil, "'state' is a " .. type(state) .. ", not a table") end
return table.concat(problems, "\n")
