import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct SlidePluginTests {
    @Test func presentsFromTheGivenEdgeAndDismissesBackThroughIt() throws {
        let h = shippedPluginHarness()
        try h.run("""
            slide = plugin "slide"
            home = ViewController{ name = "home" }
            window.rootViewController = home
            step()
            trace.clear()
            panel = ViewController{ name = "panel", modalPresentationStyle = "overFullScreen" }
            panel.transitioningDelegate = slide.delegate{ edge = "left", duration = 0.3, curve = "linear" }
            home:present(panel, true)
            step()
            """)
        #expect(try h.frame("panel.view.presentation.frame") == "-393.0 0.0 393.0 852.0")
        try h.run("step(9)")  // half of 18 frames
        #expect(try h.frame("panel.view.presentation.frame") == "-196.5 0.0 393.0 852.0")
        try h.run("step(9)")
        #expect(try h.frame("panel.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        #expect(try h.frame("home.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        try h.run("panel:dismiss(true); step(10)")
        #expect(try h.frame("panel.view.presentation.frame") == "-196.5 0.0 393.0 852.0")
        try h.run("step(9)")
        #expect(try h.value("home.presentedViewController == nil and panel.view.window == nil") == "true")
        #expect(h.transitionEvents == [
            "panel.animationControllerForPresented", "panel.loadView", "panel.viewDidLoad", "panel.viewWillAppear",
            "panel.transitionDuration", "panel.animateTransition", "panel.viewIsAppearing", "panel.completeTransition",
            "panel.viewDidAppear", "panel.presentCompletion",
            "panel.animationControllerForDismissed", "panel.viewWillDisappear", "panel.transitionDuration",
            "panel.animateTransition", "panel.completeTransition", "panel.viewDidDisappear", "panel.dismissCompletion",
        ])
    }

    @Test func pushesFromTheRightWithTheCoveredViewMovingAlong() throws {
        let h = shippedPluginHarness()
        try h.run("""
            slide = plugin "slide"
            inbox, message = ViewController{ name = "inbox" }, ViewController{ name = "message" }
            nav = NavigationController{ name = "nav", root = inbox }
            nav.delegate = slide.navigationDelegate{ curve = "linear", duration = 0.3 }
            window.rootViewController = nav
            step()
            nav:push(message, true)
            step()
            """)
        #expect(try h.number("message.view.presentation.frame.x") == "393.0")
        try h.run("step(9)")
        #expect(try h.number("message.view.presentation.frame.x") == "196.5")
        #expect(try h.number("inbox.view.presentation.frame.x", digits: 2) == "-58.95")   // 0.3 × 393 × ½
        try h.run("run(0.3)")
        #expect(try h.value("message.view.frame.x .. ' ' .. tostring(inbox.view.window)") == "0 nil")
        try h.run("nav:pop(true); step(10)")
        #expect(try h.number("message.view.presentation.frame.x") == "196.5")
        #expect(try h.number("inbox.view.presentation.frame.x", digits: 2) == "-58.95")
        try h.run("run(0.3)")
        #expect(try h.value("nav.topViewController.name .. ' ' .. inbox.view.frame.x") == "inbox 0")
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func switchesTabsInTheDirectionOfTheirOrder() throws {
        let h = shippedPluginHarness()
        try h.run("""
            slide = plugin "slide"
            first, second = ViewController{ name = "first" }, ViewController{ name = "second" }
            tabs = TabBarController{ name = "tabs", viewControllers = { first, second } }
            tabs.delegate = slide.tabBarDelegate{ curve = "linear", duration = 0.3 }
            window.rootViewController = tabs
            step()
            trace.clear()
            tabs.selectedIndex = 2
            step(10)
            """)
        #expect(try h.number("second.view.presentation.frame.x") == "196.5")
        try h.run("run(0.3); tabs.selectedIndex = 1; step(10)")
        #expect(try h.number("first.view.presentation.frame.x") == "-196.5")
        try h.run("run(0.3)")
        #expect(try h.value("tabs.selectedViewController.name .. ' ' .. first.view.frame.x") == "first 0")
        #expect(h.transitionEvents.prefix(9) == [
            "second.animationControllerForOperation", "second.loadView", "second.viewDidLoad", "second.viewWillAppear",
            "first.viewWillDisappear", "second.transitionDuration", "second.animateTransition",
            "second.viewIsAppearing", "second.completeTransition",
        ])
    }

    @Test func aBadEdgeIsAnErrorNamingTheChoices() throws {
        let h = shippedPluginHarness()
        #expect(throws: LuaError.self) { try h.run("plugin('slide').animator{ edge = 'middle' }") }
        do { try h.run("plugin('slide').animator{ edge = 'middle' }") } catch {
            #expect("\(error)".contains("slide: edge must be \"left\", \"right\", \"top\" or \"bottom\""))
        }
    }
}
