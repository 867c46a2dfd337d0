-- Tests of the page-container plugin (Plugins/page-container.lua): `scrim test Plugins/tests`.

test("passes its self-test", function() plugin("page-container").selfTest() end)

test("paging moves the second page in and removes the first", function()
  local PageContainer = plugin("page-container").container
  local function page(name, color)
    return ViewController{ name = name, viewDidLoad = function(self) self.view.backgroundColor = color end }
  end
  local first, second = page("first", "#ffffff"), page("second", "#34c759")
  local pager = PageContainer.new{ name = "pager", pages = { first, second } }
  window.rootViewController = pager
  step()
  expect(pager:nextPage()):toBeTruthy()
  run(0.5)
  expect(pager.currentPage):toBe(2)
  expect(first.parent):toBeNil()
  expect(trace()):toContainEvents{ "second.willMoveToParent", "first.viewWillDisappear", "second.viewWillAppear",
    "first.viewDidDisappear", "second.viewDidAppear", "second.didMoveToParent" }
  expect(frameAt(0.15)):toMatchSnapshot("page-container-paging")
end)
