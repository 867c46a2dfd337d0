-- Tests of the card-stack plugin (Plugins/card-stack.lua): `scrim test Plugins/tests`.

local function presentCard()
  local root = ViewController{ name = "root", viewDidLoad = function(self) self.view.backgroundColor = "#ffffff" end }
  window.rootViewController = root
  step()
  local card = ViewController{ name = "card", modalPresentationStyle = "custom",
    viewDidLoad = function(self) self.view.backgroundColor = "#f2f2f7" end }
  card.transitioningDelegate = plugin("card-stack").transitioningDelegate
  root:present(card, true)
  return root, card
end

test("passes its self-test", function() plugin("card-stack").selfTest() end)

test("the presenter shrinks behind the card and keeps its appearance", function()
  local root, card = presentCard()
  run(0.6)
  expect(root.view.transform.a):toBeCloseTo(0.92)
  expect(card.view.frame.y):toBe(54)
  expect(root.appearanceState):toBe("appeared")
  expect(trace()):toContainEvents{
    "card.presentationTransitionWillBegin", "card.viewDidAppear", "card.presentCompletion",
  }
end)

test("half-way, the card rises over the shrinking presenter", function()
  presentCard()
  run(0.6)
  expect(frameAt(0.2)):toMatchSnapshot("card-stack-rising")
end)
