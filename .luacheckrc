-- luacheck configuration for Scrim's plugins and scenarios and its own Lua:
-- `luacheck Plugins Scripts Sources/LuaBridge/Resources Sources/ScrimLua/Resources Sources/ScrimTesting/Resources`.
-- Lua 5.4, plus the scenario surface Scrim defines as globals (docs/lua-api.md).
std = "lua54"
self = false   -- methods need not use their implicit self
max_line_length = 120

read_globals = {
  scrim = { other_fields = true },
  window = { read_only = false, other_fields = true },
  "ViewController", "View", "GradientView", "Label", "ImageView", "image", "rect", "size", "point", "run", "step", "trace", "plugin",
  "animate", "animateKeyframes", "addKeyframe", "PropertyAnimator",
  "NavigationController", "TabBarController", "SplitViewController",
  "TapGestureRecognizer", "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer",
}

-- A plugin's `container` class becomes a global once the plugin is loaded.
files["Scripts"] = { read_globals = { "PageContainer" } }

-- Test files (`scrim test`, docs/testing.md) have the test API besides the scenario surface.
local testGlobals = { "test", "describe", "expect", "frameAt", "frame" }
files["**/*_test.lua"] = { read_globals = testGlobals }
files["Plugins/tests"] = { read_globals = testGlobals }

-- The annotation file declares every global for editors, as stubs with long type lines.
files["Plugins/library/scrim.lua"] = { allow_defined_top = true, max_line_length = false, ignore = { "212", "241" } }

-- Scrim's own Lua, compiled into the runtime: it replaces library functions for every script on
-- purpose, and its lines keep their numbers (errors and tracebacks cite them).
files["Sources/LuaBridge/Resources"] = { globals = { "coroutine", "table", "debug", "utf8" }, max_line_length = 140 }
files["Sources/ScrimLua/Resources"] = { globals = { "print" }, max_line_length = 140, ignore = { "212" } }
files["Sources/ScrimTesting/Resources"] = { max_line_length = 140 }
