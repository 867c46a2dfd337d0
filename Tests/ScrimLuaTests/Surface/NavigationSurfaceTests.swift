import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct NavigationSurfaceTests {
    @Test func pushAndPopFromLuaWithALuaAnimator() throws {
        let h = Harness()
        try h.run("""
            Fade = scrim.Animator:extend("Fade")
            function Fade:transitionDuration() return 0.2 end
            function Fade:animateTransition(ctx)
              local to = ctx:view("to")
              to.frame = ctx:finalFrame(ctx:viewController("to"))
              to.alpha = 0
              ctx.containerView:addSubview(to)
              animate({ duration = 0.2, curve = "linear" }, function() to.alpha = 1 end,
                function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            a = ViewController{ name = "A", title = "Inbox" }
            nav = NavigationController{ name = "nav", root = a }
            nav.delegate = { animationController = function(_, navigation, operation, from, to) return Fade.new() end }
            window.rootViewController = nav
            b = ViewController{ name = "B", viewWillAppear = function(self) moving = self.isMovingToParent end }
            trace.clear()
            nav:push(b)
            step(7)
            half = b.view.presentation.alpha
            run(0.2)
            """)
        #expect(try h.value("half .. ' ' .. tostring(moving)") == "0.5 true")
        #expect(try h.value("nav.navigationBar.backItemTitle .. ' ' .. #nav.viewControllers") == "Inbox 2")
        let events = h.runtime.trace.filter { !$0.event.contains("LayoutSubviews") }
            .map { "\($0.controller ?? "-").\($0.event)" + ($0.by.map { " " + $0 } ?? "") }
        #expect(events == [
            "B.willMoveToParent", "B.animationControllerForOperation lua:script", "B.loadView", "B.viewDidLoad",
            "A.viewWillDisappear", "B.viewWillAppear", "B.transitionDuration lua:script", "B.animateTransition lua:script",
            "B.viewIsAppearing", "B.completeTransition lua:script", "A.viewDidDisappear", "B.viewDidAppear",
            "B.didMoveToParent",
        ])
        try h.run("popped = nav:pop(); run(0.3)")
        #expect(try h.value("popped == b and nav.topViewController == a and b.parent == nil") == "true")
    }

    @Test func badNavigationCallsAreLuaErrors() throws {
        let h = Harness()
        try h.run("a = ViewController{ name = 'A' }; nav = NavigationController{ name = 'nav', root = a }")
        for (code, message) in [
            ("nav:push(a)", "cannot push 'A': it is already in a navigation stack, has a parent or is presented"),
            ("NavigationController{ root = 5 }", "bad field 'root' in 'NavigationController' (ViewController expected, got number)"),
            ("nav.viewControllers = { a, 3 }", "bad value for 'NavigationController.viewControllers' (item 2 is not a ViewController)"),
        ] {
            do {
                try h.run(code)
                Issue.record("no error for \(code)")
            } catch {
                #expect("\(error)" == "test.lua:1: " + message)
            }
        }
    }

    /// The containers and the presented controller, seen from a child as UIKit shows them.
    @Test func aChildSeesItsContainersAndWhatTheyPresent() throws {
        let h = Harness()
        try h.run("""
            top = ViewController{ name = "top" }
            nav = NavigationController{ name = "nav", root = top }
            tabs = TabBarController{ name = "tabs", viewControllers = { nav } }
            window.rootViewController = tabs
            step(1)
            modal = ViewController{ name = "modal", modalPresentationStyle = "fullScreen" }
            top:present(modal, false)
            step(1)
            """)
        #expect(try h.value("top.navigationController.name .. ' ' .. top.tabBarController.name .. ' ' .. tostring(top.splitViewController)")
            == "nav tabs nil")
        #expect(try h.value("top.presentedViewController.name .. ' ' .. modal.presentingViewController.name .. ' ' .. nav.visibleViewController.name")
            == "modal tabs modal")
        #expect(try h.value("tostring(modal.navigationController) .. ' ' .. tostring(modal.tabBarController)") == "nil nil")
        try h.run("top:dismiss(false); step(1)")
        #expect(try h.value("tostring(tabs.presentedViewController) .. ' ' .. nav.visibleViewController.name") == "nil top")
        #expect(throws: LuaError.self) { try h.run("top.navigationController = nil") }
    }
}
