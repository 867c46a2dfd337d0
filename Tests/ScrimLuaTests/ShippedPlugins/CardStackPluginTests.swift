import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CardStackPluginTests {
    static let presenting = """
        cards = plugin "card-stack"
        library = ViewController{ name = "library" }
        window.rootViewController = library
        step()
        trace.clear()
        player = ViewController{ name = "player", modalPresentationStyle = "custom" }
        player.transitioningDelegate = cards.transitioningDelegate
        library:present(player, true)

        """

    @Test func slidesUpAsACardWhileThePresenterShrinksBehind() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.2)")
        #expect(try h.frame("player.view.presentation.frame") == "0.0 389.4 393.0 798.0")
        #expect(try h.frame("library.view.presentation.frame") == "5.4 11.7 382.2 828.6")
        try h.run("run(0.4)")
        #expect(try h.frame("player.view.presentation.frame") == "0.0 54.0 393.0 798.0")
        #expect(try h.frame("library.view.presentation.frame") == "15.7 34.1 361.6 783.8")   // scaled 0.92
        #expect(try h.value("library.view.cornerRadius .. ' ' .. player.view.cornerRadius") == "10 10")
        #expect(try h.number("player.presentationController.dim.alpha", digits: 2) == "0.30")
        #expect(try h.value("library.view.window ~= nil") == "true")
        #expect(h.transitionEvents == [
            "player.presentationControllerForPresented", "player.animationControllerForPresented",
            "player.loadView", "player.viewDidLoad", "player.viewWillAppear", "player.presentationTransitionWillBegin",
            "player.transitionDuration", "player.animateTransition", "player.viewIsAppearing",
            "player.completeTransition", "player.viewDidAppear", "player.presentationTransitionDidEnd",
            "player.presentCompletion",
        ])
    }

    @Test func aDragThatStopsShortPutsTheCardAndThePresenterBack() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.6)")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 400), duration = 0.5 }; run(0.5)")
        #expect(try h.frame("player.view.presentation.frame") == "0.0 154.0 393.0 798.0")
        try h.run("run(0.6)")
        #expect(try h.frame("player.view.presentation.frame") == "0.0 54.0 393.0 798.0")
        #expect(try h.frame("library.view.presentation.frame") == "15.7 34.1 361.6 783.8")
        #expect(try h.value("library.presentedViewController == player") == "true")
    }

    @Test func aDragPastTheThresholdDismissesAndRestoresThePresenter() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.6); trace.clear()")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 700), duration = 0.5 }; run(1)")
        #expect(try h.value("library.presentedViewController == nil and player.view.window == nil") == "true")
        #expect(try h.frame("library.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        #expect(try h.value("library.view.cornerRadius .. ' ' .. #window.subviews") == "0 1")
        #expect(h.transitionEventsWithoutUpdates == [
            "player.animationControllerForDismissed", "player.interactionControllerForDismissal",
            "player.viewWillDisappear", "player.dismissalTransitionWillBegin", "player.transitionDuration",
            "player.startInteractiveTransition", "player.animateTransition", "player.finishInteractiveTransition",
            "player.completeTransition", "player.viewDidDisappear", "player.dismissalTransitionDidEnd",
            "player.dismissCompletion",
        ])
    }

    @Test func cardsStackAndTheStripAboveDismissesTheTopOne() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + """
            run(0.6)
            lyrics = ViewController{ name = "lyrics", modalPresentationStyle = "custom" }
            lyrics.transitioningDelegate = cards.transitioningDelegate
            player:present(lyrics, true)
            run(0.6)
            """)
        #expect(try h.frame("player.view.presentation.frame") == "15.7 85.9 361.6 734.2")
        try h.run("window:tap(point(196, 20)); run(0.6)")
        #expect(try h.value("player.presentedViewController == nil and library.presentedViewController == player") == "true")
        #expect(try h.frame("player.view.presentation.frame") == "0.0 54.0 393.0 798.0")
        #expect(h.scriptErrors.isEmpty)
    }
}
