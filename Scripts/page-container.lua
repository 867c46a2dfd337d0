-- page-container: an onboarding flow of three pages in a container written in Lua.
-- Run: scrim run Scripts/page-container.lua (add --trace - to see the containment calls)

plugin "page-container"

local function page(name, colour)
  return ViewController{ name = name,
    viewDidLoad = function(self) self.view.backgroundColor = colour end,
    viewDidAppear = function(self) print(string.format("[%5.3f] %s appeared", scrim.now(), self.name)) end,
    viewDidDisappear = function(self) print(string.format("[%5.3f] %s disappeared", scrim.now(), self.name)) end }
end

local pager = PageContainer{ name = "onboarding", pages = { page("welcome", "#ffffff"), page("privacy", "#f2f2f7"),
  page("ready", "#34c759") }, duration = 0.3 }
pager.onPageChange = function(_, index) print(string.format("[%5.3f] now on page %d", scrim.now(), index)) end
window.rootViewController = pager
step()

print("-- next page")
pager:nextPage()
run(0.15)
print(string.format("[%5.3f] half-way: privacy at x %.1f, welcome at x %.1f", scrim.now(),
  pager.pages[2].view.presentation.frame.x, pager.pages[1].view.presentation.frame.x))
print("a second change while this one runs:", pager:nextPage())
run(0.2)

print("-- last page, then back to the first without animation")
pager:nextPage()
run(0.4)
pager:showPage(1, false)
step(2)
print("children:", #pager.children, pager.children[1].name)
