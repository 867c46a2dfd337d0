-- Tests of the swipe-tabs plugin (Plugins/swipe-tabs.lua): `scrim test Plugins/tests`.

local function page(name, title, color)
  return ViewController{ name = name, title = title,
    viewDidLoad = function(self) self.view.backgroundColor = color end }
end

local function tabs()
  local controller = TabBarController{ name = "tabs",
    viewControllers = { page("a", "Inbox", "#ffffff"), page("b", "Archive", "#ffcc00") } }
  window.rootViewController = controller
  plugin("swipe-tabs").install(controller)
  step()
  return controller
end

test("passes its self-test", function() plugin("swipe-tabs").selfTest() end)

test("a swipe left selects the next tab, interactively", function()
  local controller = tabs()
  window:pan{ from = point(350, 400), to = point(50, 400), duration = 0.5 }
  run(1)
  expect(controller.selectedIndex):toBe(2)
  expect(trace()):toContainEvents{ "b.interactionControllerForOperation", "b.startInteractiveTransition",
    "b.updateInteractiveTransition", "b.finishInteractiveTransition", "a.viewDidDisappear", "b.viewDidAppear" }
  expect(frameAt(0.3)):toMatchSnapshot("swipe-tabs-mid-swipe")
end)

test("a short swipe is cancelled and the first tab stays", function()
  local controller = tabs()
  window:pan{ from = point(350, 400), to = point(330, 400), duration = 0.5 }
  run(1)
  expect(controller.selectedIndex):toBe(1)
end)
