import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct SwipeTabsPluginTests {
    static let setUp = """
        swipe = plugin "swipe-tabs"
        home, search, library = ViewController{ name = "home" }, ViewController{ name = "search" }, ViewController{ name = "library" }
        tabs = TabBarController{ name = "tabs", viewControllers = { home, search, library } }
        window.rootViewController = tabs
        swiping = swipe.install(tabs)
        step()
        trace.clear()

        """

    @Test func aShortSwipeFollowsTheFingerThenCancels() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "window:pan{ from = point(300, 400), to = point(220, 400), duration = 0.5 }; step(15)")
        #expect(try h.number("search.view.presentation.frame.x") == "353.0")   // 40 points in
        #expect(try h.number("home.view.presentation.frame.x") == "-12.0")     // along by 0.3 of that
        try h.run("run(1)")
        #expect(try h.value("tabs.selectedViewController.name .. ' ' .. home.view.frame.x") == "home 0")
        #expect(try h.value("search.view.window") == "nil")
        #expect(h.transitionEventsWithoutUpdates == [
            "search.animationControllerForOperation", "search.interactionControllerForOperation",
            "search.loadView", "search.viewDidLoad", "search.viewWillAppear", "home.viewWillDisappear",
            "search.transitionDuration", "search.startInteractiveTransition", "search.animateTransition",
            "search.viewIsAppearing", "search.cancelInteractiveTransition", "search.completeTransition",
            "search.viewWillDisappear", "search.viewDidDisappear", "home.viewWillAppear", "home.viewDidAppear",
        ])
    }

    @Test func aLongSwipeSwitchesAndAFlickSwitchesBack() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "window:pan{ from = point(350, 400), to = point(50, 400), duration = 0.5 }; run(1)")
        #expect(try h.value("tabs.selectedViewController.name .. ' ' .. search.view.frame.x") == "search 0")
        #expect(try h.value("home.view.window") == "nil")
        try h.run("window:pan{ from = point(100, 400), to = point(160, 400), duration = 0.05 }; run(1)")
        #expect(try h.value("tabs.selectedViewController.name") == "home")
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func swipesPastTheEndsAndVerticalPansDoNothing() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + """
            window:pan{ from = point(100, 400), to = point(300, 400), duration = 0.3 }; run(1)
            window:pan{ from = point(200, 200), to = point(210, 600), duration = 0.3 }; run(1)
            """)
        #expect(try h.value("tabs.selectedViewController.name") == "home")
        #expect(h.transitionEvents.isEmpty)
    }

    @Test func selectingFromCodeSlidesWithoutInteraction() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "tabs.selectedIndex = 3; step(11)")   // 10 of 21 frames, ease-in-out
        #expect(try h.number("library.view.presentation.frame.x") == "212.6")
        try h.run("run(0.3); swiping:uninstall()")
        #expect(try h.value("tabs.delegate == nil and #tabs.view.gestureRecognizers") == "0")
        #expect(!h.transitionEvents.contains("library.startInteractiveTransition"))
    }
}
