--[[
lifecycle-logger — prints every view-controller callback as it happens, indented by the
controller's depth in the containment tree, with the clock time:

  [ 0.000] root             viewWillAppear  animated=false
  [ 0.000]   content        viewWillAppear  animated=false

Use it to learn the order UIKit calls things in, or to debug your own plugins:

  plugin "lifecycle-logger"                      -- loading it turns it on
  plugin("lifecycle-logger").state.enabled = false
  plugin("lifecycle-logger").state.layout = true -- include layout callbacks (off by default)
]]

local state = { enabled = true, layout = false }

local function describe(value)
  local kind = type(value)
  if kind == "boolean" or kind == "number" or kind == "nil" then return tostring(value) end
  if kind == "string" then return string.format("%q", value) end
  if kind == "userdata" then return value.name or tostring(value) end
  if kind == "table" and value.width and value.height then
    return string.format("%gx%g", value.width, value.height)
  end
  if kind == "table" and value.horizontalSizeClass then
    return string.format("{%s, %s}", value.horizontalSizeClass, value.verticalSizeClass)
  end
  return tostring(value)
end

local function depth(vc)
  local level, parent = 0, vc.parent
  while parent do
    level, parent = level + 1, parent.parent
  end
  return level
end

local function logger(event, argumentName)
  return function(vc, argument)
    if not state.enabled then return end
    if not state.layout and event:find("LayoutSubviews$") then return end
    local name = string.rep("  ", depth(vc)) .. vc.name
    local detail = argumentName and (argumentName .. "=" .. describe(argument)) or ""
    local line = string.format("[%6.3f] %-16s %-24s %s", scrim.now(), name, event, detail)
    print((line:gsub("%s+$", "")))
  end
end

local hooks = {}
for _, event in ipairs { "loadView", "viewDidLoad", "viewWillLayoutSubviews", "viewDidLayoutSubviews",
                         "didReceiveMemoryWarning" } do
  hooks[event] = logger(event)
end
for _, event in ipairs { "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear",
                         "viewDidDisappear" } do
  hooks[event] = logger(event, "animated")
end
hooks.willMoveToParent = logger("willMoveToParent", "parent")
hooks.didMoveToParent = logger("didMoveToParent", "parent")
hooks.traitCollectionDidChange = logger("traitCollectionDidChange", "previous")
hooks.willTransitionToTraitCollection = logger("willTransitionToTraitCollection", "traits")
hooks.viewWillTransitionToSize = logger("viewWillTransitionToSize", "size")

--- `scrim check` runs this: the logger prints a controller's appearance, indented by depth.
local function selfTest()
  local lines, realPrint = {}, print
  print = function(line) lines[#lines + 1] = line end -- luacheck: ignore 121
  window.rootViewController = NavigationController{ name = "nav", root = ViewController{ name = "inbox" } }
  step()
  print = realPrint -- luacheck: ignore 121
  assert(lines[#lines] == "[ 0.000]   inbox          viewDidAppear            animated=false", lines[#lines])
end

return scrim.plugin {
  name = "lifecycle-logger",
  version = "1.0",
  state = state,
  hooks = hooks,
  selfTest = selfTest,
}
