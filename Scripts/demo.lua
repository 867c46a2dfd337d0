-- Scrim's demo: a small hierarchy appearing and changing, narrated by the lifecycle-logger
-- plugin. Run it with `make demo` (or `scrim run Scripts/demo.lua`), and add `--trace -` to
-- see the JSON Lines trace the same run writes.

plugin "lifecycle-logger"

-- A container that shows one content controller at a time and swaps them with
-- transition(from:to:), doing the containment dance around it as UIKit asks.
local Container = scrim.ViewController:extend("Container")

function Container:viewDidLoad()
  self.view.backgroundColor = "#f2f2f7"
end

function Container:show(content)
  local current = self.children[1]
  self:addChild(content)
  content.view.frame = self.view.bounds
  if not current then
    self.view:addSubview(content.view)
    content:didMove(self)
    return
  end
  current:willMove(nil)
  self:transition(current, content, 0.25, function()
    content.view.alpha = 1
  end, function(finished)
    current:removeFromParent()
    content:didMove(self)
    print(string.format("[%6.3f] swapped %s for %s (finished=%s)", scrim.now(), current.name, content.name, finished))
  end)
end

local inbox = ViewController{ name = "inbox", title = "Inbox" }
local detail = ViewController{
  name = "detail",
  title = "Message",
  viewDidLoad = function(self)
    self.view.backgroundColor = "#ffffff"
    self.view:addSubview(View{ name = "body", frame = rect(16, 100, 361, 400), backgroundColor = "#e5e5ea" })
  end,
}

print("-- install the root")
local root = Container{ name = "root" }
window.rootViewController = root
root:show(inbox)
run(0.1)

print("-- swap the content with transition(from:to:)")
root:show(detail)
run(0.5)

print("-- rotate to landscape")
window:setSize(852, 393)
step(1)
print(string.format("detail's view now %s, traits %s/%s", tostring(detail.view.frame),
  window.traitCollection.horizontalSizeClass, window.traitCollection.verticalSizeClass))

print("-- memory warning: inbox is off screen, so its view is dropped")
scrim.simulateMemoryWarning()
print("inbox view loaded:", inbox.isViewLoaded, "detail view loaded:", detail.isViewLoaded)

print("-- back to portrait; present a form sheet over it, then dismiss it")
window:setSize(393, 852)
step(1)
local compose = ViewController{ name = "compose", modalPresentationStyle = "formSheet", title = "New Message" }
root:present(compose, true, function()
  print(string.format("[%6.3f] compose is up at %s", scrim.now(), tostring(compose.view.frame)))
end)
run(0.6)
compose:dismiss(true, function() print(string.format("[%6.3f] compose dismissed", scrim.now())) end)
run(0.6)

print("-- save the state, then restore it: the controllers at the saved paths decode it")
root.restorationIdentifier, detail.restorationIdentifier = "root", "detail"
function detail:encodeRestorableState(coder) coder:encode("scrollOffset", 120) end
function detail:decodeRestorableState(coder) print("detail's saved scrollOffset:", coder:decode("scrollOffset")) end
local saved = scrim.saveState()
print(saved)
local result = scrim.restoreState(saved)
print(string.format("restored %d controllers, skipped %d", #result.restored, #result.skipped))

print(string.format("-- %d trace events", #trace()))
