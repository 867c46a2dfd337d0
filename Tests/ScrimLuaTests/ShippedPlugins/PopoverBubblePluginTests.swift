import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct PopoverBubblePluginTests {
    static let presenting = """
        bubble = plugin "popover-bubble"
        editor = ViewController{ name = "editor", viewDidLoad = function(self)
          button = View{ name = "button", frame = rect(600, 40, 44, 44) }
          self.view:addSubview(button)
        end }
        window.rootViewController = editor
        step()
        trace.clear()
        menu = ViewController{ name = "menu", modalPresentationStyle = "custom", preferredContentSize = size(250, 180) }
        menu.transitioningDelegate = bubble.delegate{ sourceView = function() return button end }
        editor:present(menu, true)

        """

    @Test func growsOutOfItsArrowUnderTheAnchorInRegularWidth() throws {
        let h = shippedPluginHarness(device: .iPadAir)
        try h.run(Self.presenting + "step()")
        #expect(try h.frame("menu.view.presentation.frame") == "620.8 83.1 2.5 1.8")   // a hundredth of its size, centred on the tip (622, 84)
        try h.run("step(7)")
        #expect(try h.frame("menu.view.presentation.frame") == "540.5 90.2 162.9 117.3")
        #expect(try h.number("menu.view.presentation.alpha", digits: 2) == "0.65")
        try h.run("run(0.3)")
        #expect(try h.frame("menu.view.frame") == "497.0 94.0 250.0 180.0")   // centred under the button, 10 below
        #expect(try h.value("menu.presentationController.arrowDirection") == "up")
        #expect(try h.frame("menu.presentationController.arrow.frame") == "612.0 84.0 20.0 20.0")
        #expect(try h.value("editor.view.window ~= nil") == "true")
        #expect(h.transitionEvents == [
            "menu.presentationControllerForPresented", "menu.animationControllerForPresented",
            "menu.loadView", "menu.viewDidLoad", "menu.viewWillAppear", "menu.presentationTransitionWillBegin",
            "menu.transitionDuration", "menu.animateTransition", "menu.viewIsAppearing", "menu.completeTransition",
            "menu.viewDidAppear", "menu.presentationTransitionDidEnd", "menu.presentCompletion",
        ])
    }

    @Test func aTapOutsideDismissesButATapOnTheBubbleDoesNot() throws {
        let h = shippedPluginHarness(device: .iPadAir)
        try h.run(Self.presenting + "run(0.5); window:tap(point(600, 150)); run(0.5)")
        #expect(try h.value("editor.presentedViewController == menu") == "true")
        try h.run("trace.clear(); window:tap(point(100, 900)); run(0.5)")
        #expect(try h.value("editor.presentedViewController == nil and #window.subviews") == "1")
        #expect(h.transitionEvents == [
            "menu.animationControllerForDismissed", "menu.viewWillDisappear", "menu.dismissalTransitionWillBegin",
            "menu.transitionDuration", "menu.animateTransition", "menu.completeTransition", "menu.viewDidDisappear",
            "menu.dismissalTransitionDidEnd", "menu.dismissCompletion",
        ])
    }

    @Test func adaptsToASheetInCompactWidth() throws {
        let h = shippedPluginHarness(device: .iPhone15)
        try h.run(Self.presenting + "run(0.7)")
        #expect(try h.value("bubble.presentationController:isInstance(menu.presentationController)") == "false")
        #expect(try h.frame("menu.view.frame") == "0.0 64.0 393.0 788.0")
        // The delegate was asked for a presentation controller, then declined to animate a sheet.
        #expect(h.transitionEvents.prefix(3) == [
            "menu.presentationControllerForPresented", "menu.animationControllerForPresented", "menu.loadView",
        ])
        #expect(!h.transitionEvents.contains("menu.presentationTransitionWillBegin"))
        #expect(h.scriptErrors.isEmpty)
    }

    @Test func goesAboveAnAnchorTooLowForItToFitBelow() throws {
        let h = shippedPluginHarness()
        try h.run("""
            place = plugin("popover-bubble").place
            frame, direction, tip = place(rect(0, 0, 393, 852), rect(10, 780, 44, 44), size(250, 180), 10, 10)
            """)
        #expect(try h.frame("frame") == "10.0 590.0 250.0 180.0")
        #expect(try h.value("direction .. ' ' .. tip.x .. ' ' .. tip.y") == "down 32.0 780")
    }

    @Test func withoutASourceViewTheDelegateSaysWhatItNeeds() throws {
        let h = shippedPluginHarness()
        do {
            try h.run("plugin('popover-bubble').delegate{}")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("popover-bubble: delegate{ sourceView = … } needs a sourceView"))
        }
    }

    /// The shipped popover-bubble, shown on an iPad narrowed to a compact width, becomes a sheet
    /// as its adaptive delegate says, and a bubble again when the width is regular.
    @Test func aLuaPresentationControllerAdaptsWhileShown() throws {
        let h = shippedPluginHarness()
        try h.run("""
            window:setDevice("iPad Air")
            local bubble = plugin "popover-bubble"
            button = View{ name = "button", frame = rect(600, 40, 44, 44) }
            editor = ViewController{ name = "editor", viewDidLoad = function(self) self.view:addSubview(button) end }
            window.rootViewController = editor
            step(1)
            menu = ViewController{ name = "menu", modalPresentationStyle = "custom", preferredContentSize = size(250, 180) }
            menu.transitioningDelegate = bubble.delegate{ sourceView = button }
            editor:present(menu, false)
            step(2)
            bubbleController = menu.presentationController
            before = menu.view.frame.width
            window:setSize(507, 1180)
            run(0.5)
            compactStyle = menu.presentationController.presentationStyle
            compactWidth = menu.view.frame.width
            window:setSize(820, 1180)
            run(0.5)
            """)
        #expect(try h.value("before .. ' ' .. compactStyle .. ' ' .. compactWidth") == "250 pageSheet 507")
        #expect(try h.value("tostring(menu.presentationController == bubbleController) .. ' ' .. menu.view.frame.width") == "true 250")
        #expect(h.scriptErrorMessages.isEmpty)
    }
}
