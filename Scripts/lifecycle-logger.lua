-- lifecycle-logger: every callback of a small hierarchy, printed as it happens, indented by
-- depth. Run: scrim run Scripts/lifecycle-logger.lua

local logger = plugin "lifecycle-logger"

local inbox = ViewController{ name = "inbox" }
local nav = NavigationController{ name = "nav", root = inbox }
window.rootViewController = nav
step()

print("-- push without animation")
nav:push(ViewController{ name = "message" }, false)
step()

print("-- present full screen, with layout callbacks too")
logger.state.layout = true
local compose = ViewController{ name = "compose", modalPresentationStyle = "fullScreen" }
nav:present(compose, false)
step()

print("-- quiet")
logger.state.enabled = false
compose:dismiss(false)
step()
