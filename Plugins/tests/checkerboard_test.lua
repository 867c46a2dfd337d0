-- Tests of the checkerboard plugin (Plugins/checkerboard.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("checkerboard").selfTest() end)

test("a push turns the tiles over, then shows the pushed page", function()
  local list = ViewController{ name = "list", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  local photo = ViewController{ name = "photo", viewDidLoad = function(self) self.view.backgroundColor = "#1c1c1e" end }
  local nav = NavigationController{ name = "nav", root = list }
  nav.delegate = plugin("checkerboard").navigationDelegate
  window.rootViewController = nav
  step()
  nav:push(photo, true)
  run(1)
  expect(nav.topViewController):toBe(photo)
  expect(trace()):toContainEvents{ "photo.animationControllerForOperation", "list.viewWillDisappear",
    "photo.viewWillAppear", "photo.completeTransition", "photo.viewDidAppear" }
  expect(frameAt(0.4)):toMatchSnapshot("checkerboard-turning")
end)
