import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CustomContainerTests {
    static let pager = """
        local Pager = scrim.ViewController:extend("Pager")

        function Pager:init(props)
          Pager.super.init(self, props)
          self.pages = self.pages or {}
        end

        function Pager:viewDidLoad()
          if self.pages[1] then self:addChildController(self.pages[1]) end
          self.current = 1
        end

        function Pager:go(index)
          local from, to = self.pages[self.current], self.pages[index]
          self.current = index
          from:willMove(nil)
          self:addChild(to)
          to.view.frame = self.view.bounds
          self:transition(from, to, 0.3, nil, function()
            from:removeFromParent()
            to:didMove(self)
          end)
        end

        function Pager:childForStatusBarStyle() return self.pages[self.current] end
        function Pager:preferredContentSizeDidChange(child) self.lastResized = child.name end

        return scrim.plugin { name = "pager", container = Pager }
        """

    @Test func aPluginContainerIsAGlobalConstructorAndDoesTheDanceRight() throws {
        let folder = TemporaryFolder()
        folder.write("pager.lua", CustomContainerTests.pager)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("""
            plugin "pager"
            one = ViewController{ name = "one", preferredStatusBarStyle = "lightContent" }
            two = ViewController{ name = "two", preferredStatusBarStyle = "darkContent" }
            pager = Pager{ name = "pager", pages = { one, two } }
            window.rootViewController = pager
            style1 = window.statusBarStyle
            trace.clear()
            pager:go(2)
            run(0.3)
            one.preferredContentSize = size(10, 10)
            """)
        #expect(try h.value("style1 .. ' ' .. window.statusBarStyle") == "lightContent darkContent")
        #expect(try h.value("#pager.children .. ' ' .. pager.children[1].name .. ' ' .. tostring(one.parent)") == "1 two nil")
        #expect(h.eventsWithoutLayout == [
            "one.willMoveToParent", "two.willMoveToParent", "two.loadView", "two.viewDidLoad",
            "one.viewWillDisappear", "two.viewWillAppear", "two.viewIsAppearing",
            "one.viewDidDisappear", "two.viewDidAppear", "one.didMoveToParent", "two.didMoveToParent",
        ])
        #expect(try h.value("tostring(pager.lastResized)") == "nil", "a removed child no longer tells its old parent")
        try h.run("two.preferredContentSize = size(20, 20)")
        #expect(try h.value("pager.lastResized") == "two")
    }

    @Test func containerHelpersAndStatusBarThroughNavigation() throws {
        let h = Harness()
        try h.run("""
            a = ViewController{ name = "A", prefersStatusBarHidden = true }
            nav = NavigationController{ name = "nav", root = a }
            holder = ViewController{ name = "holder" }
            window.rootViewController = holder
            holder:addChildController(nav)
            """)
        #expect(try h.value("nav.parent == holder and nav.view.superview == holder.view") == "true")
        #expect(try h.value("tostring(window.isStatusBarHidden)") == "false", "holder does not hand the question down")
        try h.run("holder.childForStatusBarHidden = function() return nav end")
        #expect(try h.value("tostring(window.isStatusBarHidden)") == "true")
        try h.run("holder:removeChildController(nav)")
        #expect(try h.value("tostring(nav.parent) .. ' ' .. tostring(nav.view.superview)") == "nil nil")
    }
}
