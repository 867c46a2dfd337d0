-- Tests of the cross-dissolve plugin (Plugins/cross-dissolve.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("cross-dissolve").selfTest() end)

test("the card fades in along the animator's curve", function()
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  window.rootViewController = root
  step()
  local card = ViewController{ name = "card", modalPresentationStyle = "overFullScreen",
    viewDidLoad = function(self) self.view.backgroundColor = "#007aff" end }
  card.transitioningDelegate = plugin("cross-dissolve").transitioningDelegate
  root:present(card, true)
  run(0.4)
  expect(card.view.presentation.alpha):toBe(1)
  expect(trace()):toContainEvents{ "card.animationControllerForPresented", "card.transitionDuration",
    "card.animateTransition", "card.completeTransition", "card.presentCompletion" }
  expect(frameAt(0.15)):toMatchSnapshot("cross-dissolve-fading-in")
end)
