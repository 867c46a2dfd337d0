-- Tests of the half-sheet plugin (Plugins/half-sheet.lua): `scrim test Plugins/tests`.

local function presentSheet()
  local home = ViewController{ name = "home" }
  window.rootViewController = home
  step()
  local sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom",
    viewDidLoad = function(self) self.view.backgroundColor = "#f2f2f7" end }
  sheet.transitioningDelegate = plugin("half-sheet").transitioningDelegate
  home:present(sheet, true)
  return home, sheet
end

describe("presenting", function()
  test("the sheet covers the lower half, the home page stays", function()
    local home, sheet = presentSheet()
    run(0.5)
    local height = window.size.height
    expect(sheet.view.frame):toBeCloseTo(rect(0, height / 2, window.size.width, height / 2))
    expect(home.view.window).never:toBeNil()
    expect(trace()):toContainEvents{
      "sheet.presentationControllerForPresented", "sheet.viewWillAppear", "sheet.presentationTransitionWillBegin",
      "sheet.viewDidAppear", "sheet.presentationTransitionDidEnd",
    }
  end)

  test("half-way, the sheet is on its way up", function()
    presentSheet()
    run(0.5)
    expect(frameAt(0.2)):toMatchSnapshot("half-sheet-rising")
    expect(frame()):toMatchSnapshot("half-sheet-presented")
  end)
end)

test("a flick down dismisses the sheet", function()
  local home = presentSheet()
  run(0.5)
  local height = window.size.height
  window:pan{ from = point(100, height * 0.6), to = point(100, height * 0.7), duration = 0.05 }
  run(1)
  expect(home.presentedViewController):toBeNil()
  expect(trace()):toContainEvents{
    "sheet.dismissalTransitionWillBegin", "sheet.viewDidDisappear", "sheet.dismissalTransitionDidEnd",
  }
end)
