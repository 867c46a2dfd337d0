import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct HalfSheetPluginTests {
    static let presented = """
        halfSheet = plugin "half-sheet"
        home = ViewController{ name = "home" }
        window.rootViewController = home
        step()
        trace.clear()
        sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
        sheet.transitioningDelegate = halfSheet.transitioningDelegate
        home:present(sheet, true)
        step()

        """

    @Test func presentsOverTheLowerHalfWithADimmingScrim() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented)
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 852.0 393.0 426.0")
        #expect(try h.number("sheet.presentationController.dim.presentation.alpha", digits: 2) == "0.00")
        try h.run("step(10)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 571.4 393.0 426.0")
        #expect(try h.number("sheet.presentationController.dim.presentation.alpha", digits: 2) == "0.46")
        try h.run("step(11)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 426.0 393.0 426.0")
        #expect(try h.value("sheet.presentationController.dim.presentation.alpha .. ' ' .. window:hitTest(point(196, 100)).name") == "1 scrim")
        #expect(try h.value("home.view.window ~= nil and sheet.presentationController.detent") == "medium")
        #expect(h.transitionEvents == [
            "sheet.presentationControllerForPresented", "sheet.animationControllerForPresented",
            "sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear", "sheet.presentationTransitionWillBegin",
            "sheet.transitionDuration", "sheet.animateTransition", "sheet.viewIsAppearing", "sheet.completeTransition",
            "sheet.viewDidAppear", "sheet.presentationTransitionDidEnd", "sheet.presentCompletion",
        ])
    }

    @Test func aShortSlowDragFollowsTheFingerThenCancels() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + "run(0.5); trace.clear()")
        try h.run("window:pan{ from = point(196, 500), to = point(196, 560), duration = 0.5 }; step(15)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 456.0 393.0 426.0")   // 30 points down
        try h.run("step(15)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 486.0 393.0 426.0")   // released at 60
        try h.run("run(0.5)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 426.0 393.0 426.0")
        #expect(try h.value("home.presentedViewController == sheet and sheet.view.window ~= nil") == "true")
        #expect(try h.value("sheet.presentationController.dim.presentation.alpha") == "1")
        #expect(h.transitionEventsWithoutUpdates == [
            "sheet.animationControllerForDismissed", "sheet.interactionControllerForDismissal",
            "sheet.viewWillDisappear", "sheet.dismissalTransitionWillBegin", "sheet.transitionDuration",
            "sheet.startInteractiveTransition", "sheet.animateTransition", "sheet.cancelInteractiveTransition", "sheet.completeTransition",
            "sheet.viewWillAppear", "sheet.viewDidAppear", "sheet.dismissalTransitionDidEnd",
        ])
        #expect(h.runtime.trace.last { $0.event == "completeTransition" }?.jsonLine.contains(#""didComplete":false"#) == true)
    }

    @Test func aFastFlickDismissesThoughShort() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + "run(0.5); trace.clear()")
        try h.run("window:pan{ from = point(196, 500), to = point(196, 580), duration = 0.05 }; run(1)")
        #expect(try h.value("home.presentedViewController == nil and sheet.view.window == nil") == "true")
        #expect(try h.value("#window.subviews") == "1")   // the scrim left with the container
        #expect(h.transitionEventsWithoutUpdates == [
            "sheet.animationControllerForDismissed", "sheet.interactionControllerForDismissal",
            "sheet.viewWillDisappear", "sheet.dismissalTransitionWillBegin", "sheet.transitionDuration",
            "sheet.startInteractiveTransition", "sheet.animateTransition", "sheet.finishInteractiveTransition", "sheet.completeTransition",
            "sheet.viewDidDisappear", "sheet.dismissalTransitionDidEnd", "sheet.dismissCompletion",
        ])
    }

    @Test func aLongSlowDragPastHalfDismisses() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + "run(0.5)")
        try h.run("window:pan{ from = point(196, 450), to = point(196, 700), duration = 1 }; run(1)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 676.0 393.0 426.0")
        try h.run("run(0.5)")
        #expect(try h.value("home.presentedViewController == nil") == "true")
    }

    @Test func aTapOnTheScrimDismisses() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + "run(0.5); trace.clear(); window:tap(point(196, 100)); step(11)")
        #expect(try h.number("sheet.presentationController.dim.presentation.alpha", digits: 2) == "0.54")
        try h.run("run(0.5)")
        #expect(try h.value("home.presentedViewController == nil") == "true")
        // Not interactive: the delegate is asked and answers nil.
        #expect(h.transitionEvents.prefix(6) == [
            "sheet.animationControllerForDismissed", "sheet.interactionControllerForDismissal", "sheet.viewWillDisappear",
            "sheet.dismissalTransitionWillBegin", "sheet.transitionDuration", "sheet.animateTransition",
        ])
    }

    @Test func dragsMoveBetweenDetents() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + "run(0.5)")
        try h.run("window:pan{ from = point(196, 500), to = point(196, 300), duration = 0.5 }; step(30)")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 226.0 393.0 626.0")   // follows the finger up
        try h.run("run(1.5)")
        #expect(try h.value("sheet.presentationController.detent") == "large")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 60.0 393.0 792.0")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 500), duration = 0.5 }; run(1.5)")
        #expect(try h.value("sheet.presentationController.detent") == "medium")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 426.0 393.0 426.0")
        #expect(try h.value("home.presentedViewController == sheet") == "true")
        try h.run("sheet.presentationController:setDetent('large', false)")
        #expect(try h.frame("sheet.view.frame") == "0.0 60.0 393.0 792.0")
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func aModalSheetRefusesTheDragAndTheTap() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented + """
            run(0.5)
            sheet.isModalInPresentation = true
            window:pan{ from = point(196, 500), to = point(196, 800), duration = 0.05 }
            run(1)
            window:tap(point(196, 100))
            run(1)
            """)
        #expect(try h.value("home.presentedViewController == sheet") == "true")
        #expect(try h.frame("sheet.view.presentation.frame") == "0.0 426.0 393.0 426.0")
    }

    @Test func aDelegateMadeWithOptionsIsTracedAsTheHalfSheetsWhateverElseSharesItsModule() throws {
        let h = shippedPluginHarness()
        try h.run("plugin 'card-stack'\n" + Self.presented.replacingOccurrences(
            of: "halfSheet.transitioningDelegate", with: "halfSheet.delegate{ detents = { 'medium' } }") + "run(0.5)")
        #expect(Set(h.runtime.trace.compactMap(\.by)) == ["lua:half-sheet"])
    }

    @Test func optionsSetTheDetentsAndTheThreshold() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presented.replacingOccurrences(of: "halfSheet.transitioningDelegate",
                                                      with: "halfSheet.delegate{ detents = { 'large' }, dismissThreshold = 0.1 }")
            + "run(0.5)")
        #expect(try h.frame("sheet.view.frame") == "0.0 60.0 393.0 792.0")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 400), duration = 1 }; run(1.5)")
        #expect(try h.value("home.presentedViewController == nil") == "true")
        do {
            try h.run("plugin('half-sheet').presentationController.new(ViewController{}, home, { detents = { 'tall' } })")
            Issue.record("expected an error for an unknown detent")
        } catch {
            #expect("\(error)".contains(#"half-sheet: detents are "medium" and "large", not tall"#))
        }
    }
}
