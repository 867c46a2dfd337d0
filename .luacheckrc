-- luacheck configuration for Scrim's plugins and scenarios: `luacheck Plugins Scripts`.
-- Lua 5.4, plus the scenario surface Scrim defines as globals (design section 5).
std = "lua54"
self = false   -- methods need not use their implicit self
max_line_length = 120

read_globals = {
  scrim = { other_fields = true },
  window = { read_only = false, other_fields = true },
  "ViewController", "View", "rect", "size", "point", "run", "step", "trace", "plugin",
  "animate", "animateKeyframes", "addKeyframe", "PropertyAnimator",
  "NavigationController", "TabBarController", "SplitViewController",
  "TapGestureRecognizer", "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer",
}

-- A plugin's `container` class becomes a global once the plugin is loaded.
files["Scripts"] = { read_globals = { "PageContainer" } }

-- The annotation file declares every global for editors, as stubs with long type lines.
files["Plugins/library/scrim.lua"] = { allow_defined_top = true, max_line_length = false, ignore = { "212", "241" } }
