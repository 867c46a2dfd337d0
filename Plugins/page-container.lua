--[[
page-container — a container view controller of your own: it shows one of its pages at a time
and pages between them sideways with `transition(from:to:…)`, forwarding appearance to its
children by hand. Read it to see the containment calls a container owes UIKit, in order.

  plugin "page-container"                           -- makes the PageContainer class a global
  local pager = PageContainer{ name = "pager", pages = { intro, details, done }, duration = 0.3 }
  window.rootViewController = pager
  pager:showPage(2)                                 -- animated unless the second argument is false
  pager:nextPage(); pager:previousPage()
  pager.currentPage, pager:page()                   -- the index (1-based) and the controller shown
  pager.onPageChange = function(pager, index) … end

A page change asked for while one runs is refused (`showPage` returns false).
]]

local PageContainer = scrim.ViewController:extend("PageContainer")

--- props: `pages` (the child controllers), `duration` (0.35 s), and any view-controller property.
function PageContainer:init(props)
  PageContainer.super.init(self, props)
  self.pages = self.pages or {}
  self.duration = self.duration or 0.35
  self.currentPage = #self.pages > 0 and 1 or 0
  -- This container tells its children when they appear, instead of UIKit doing it.
  self.shouldAutomaticallyForwardAppearanceMethods = false
end

--- The page on screen.
function PageContainer:page()
  return self.pages[self.currentPage]
end

function PageContainer:viewDidLoad()
  self.view.clipsToBounds = true
  local first = self:page()
  if first then self:addChildController(first) end
end

-- Manual appearance forwarding: the page on screen appears and disappears with the container.
function PageContainer:viewWillAppear(animated)
  local page = self:page()
  if page then page:beginAppearanceTransition(true, animated) end
end

function PageContainer:viewDidAppear()
  local page = self:page()
  if page then page:endAppearanceTransition() end
end

function PageContainer:viewWillDisappear(animated)
  local page = self:page()
  if page then page:beginAppearanceTransition(false, animated) end
end

function PageContainer:viewDidDisappear()
  local page = self:page()
  if page then page:endAppearanceTransition() end
end

--- Shows page `index`, sliding it in from the side it is on. Returns false when it cannot
--- (a change is running, or `index` is the current page).
function PageContainer:showPage(index, animated)
  assert(math.type(index) == "integer" and index >= 1 and index <= #self.pages,
    string.format("PageContainer:showPage: no page %s (there are %d)", tostring(index), #self.pages))
  if self.changing or index == self.currentPage then return false end
  animated = animated ~= false
  local from, to = self:page(), self.pages[index]
  local bounds = self.view.bounds
  local direction = index > self.currentPage and 1 or -1
  local onScreen = self.view.window ~= nil
  self.changing = true

  -- Containment: the outgoing child is told it leaves, the incoming one is added.
  from:willMove(nil)
  self:addChild(to)
  to.view.frame = rect(bounds.x + direction * bounds.width, bounds.y, bounds.width, bounds.height)
  if onScreen then
    from:beginAppearanceTransition(false, animated)
    to:beginAppearanceTransition(true, animated)
  end
  self:transition(from, to, animated and self.duration or 0, function()
    to.view.frame = bounds
    from.view.frame = rect(bounds.x - direction * bounds.width, bounds.y, bounds.width, bounds.height)
  end, function()
    from.view.frame = bounds
    if onScreen then
      from:endAppearanceTransition()
      to:endAppearanceTransition()
    end
    from:removeFromParent()
    to:didMove(self)
    self.currentPage, self.changing = index, false
    if self.onPageChange then self.onPageChange(self, index) end
  end)
  return true
end

function PageContainer:nextPage(animated)
  if self.currentPage >= #self.pages then return false end
  return self:showPage(self.currentPage + 1, animated)
end

function PageContainer:previousPage(animated)
  if self.currentPage <= 1 then return false end
  return self:showPage(self.currentPage - 1, animated)
end

--- `scrim check` runs this: the container pages to its second page.
local function selfTest()
  local first, second = ViewController{ name = "first" }, ViewController{ name = "second" }
  local pager = PageContainer.new{ name = "pager", pages = { first, second } }
  window.rootViewController = pager
  step()
  assert(pager:nextPage(), "the pager pages")
  run(0.5)
  assert(pager.currentPage == 2 and second.appearanceState == "appeared" and first.parent == nil,
    "the second page is shown, the first gone")
end

return scrim.plugin {
  name = "page-container",
  version = "1.0",
  container = PageContainer,
  selfTest = selfTest,
}
