import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CrossDissolvePluginTests {
    static let setUp = """
        fade = plugin "cross-dissolve"
        home = ViewController{ name = "home" }
        window.rootViewController = home
        step()
        trace.clear()
        card = ViewController{ name = "card", modalPresentationStyle = "overFullScreen" }
        card.transitioningDelegate = fade.transitioningDelegate

        """

    @Test func presentsByFadingInAlongTheCurve() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "home:present(card, true); step()")
        #expect(try h.number("card.view.presentation.alpha", digits: 3) == "0.000")
        try h.run("step(11)")  // 11 of 21 frames along ease-in-out
        #expect(try h.number("card.view.presentation.alpha", digits: 3) == "0.541")
        try h.run("step(10)")
        #expect(try h.number("card.view.presentation.alpha", digits: 3) == "1.000")
        #expect(h.transitionEvents == [
            "card.animationControllerForPresented", "card.loadView", "card.viewDidLoad", "card.viewWillAppear",
            "card.transitionDuration", "card.animateTransition", "card.viewIsAppearing", "card.completeTransition",
            "card.viewDidAppear", "card.presentCompletion",
        ])
        #expect(try h.value("home.view.presentation.alpha") == "1")
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func dismissesByFadingOutAndLeavesThePresenterAsItWas() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "home:present(card, true); run(0.5); trace.clear(); card:dismiss(true); step(12)")
        #expect(try h.number("card.view.presentation.alpha", digits: 3) == "0.459")
        try h.run("run(0.3)")
        #expect(try h.value("home.presentedViewController == nil and card.view.window == nil") == "true")
        #expect(try h.value("card.view.alpha") == "1")
        #expect(h.transitionEvents == [
            "card.animationControllerForDismissed", "card.viewWillDisappear", "card.transitionDuration",
            "card.animateTransition", "card.completeTransition", "card.viewDidDisappear", "card.dismissCompletion",
        ])
    }

    @Test func pushesAndPopsOnANavigationController() throws {
        let h = shippedPluginHarness()
        try h.run("""
            fade = plugin "cross-dissolve"
            home, detail = ViewController{ name = "home" }, ViewController{ name = "detail" }
            nav = NavigationController{ name = "nav", root = home }
            nav.delegate = fade.navigationDelegate
            window.rootViewController = nav
            step()
            nav:push(detail, true)
            step(12)
            """)
        #expect(try h.number("detail.view.presentation.alpha", digits: 3) == "0.541")
        #expect(try h.number("home.view.presentation.alpha", digits: 3) == "1.000")
        try h.run("run(0.4); nav:pop(true); run(0.4)")
        #expect(try h.value("nav.topViewController.name") == "home")
        #expect(try h.value("home.view.alpha .. ' ' .. tostring(home.view.window ~= nil)") == "1 true")
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func theAnimatorClassTakesItsOwnTiming() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + """
            card.transitioningDelegate = { animationControllerForPresented = function() return fade.animator{ duration = 1, curve = "linear" } end }
            home:present(card, true); step(31)
            """)
        #expect(try h.number("card.view.presentation.alpha", digits: 3) == "0.500")
    }
}
