import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CircularRevealPluginTests {
    static let presenting = """
        reveal = plugin "circular-reveal"
        inbox = ViewController{ name = "inbox", viewDidLoad = function(self)
          fab = View{ name = "fab", frame = rect(313, 752, 56, 56) }
          self.view:addSubview(fab)
        end }
        window.rootViewController = inbox
        step()
        trace.clear()
        compose = ViewController{ name = "compose", modalPresentationStyle = "overFullScreen" }
        compose.transitioningDelegate = reveal.delegate{ sourceView = function() return fab end, curve = "linear" }
        inbox:present(compose, true)
        step()
        mask = compose.view.superview.superview

        """

    @Test func aCircleGrowsFromTheSourceViewsCentreUntilItCoversTheView() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting)
        #expect(try h.value("mask.name") == "reveal mask")
        #expect(try h.frame("mask.presentation.frame") == "341.0 780.0 0.0 0.0")
        try h.run("step(12)")   // half of 24 frames, linearly: half the radius to the farthest corner (851.3)
        #expect(try h.frame("mask.presentation.frame") == "-84.6 354.4 851.3 851.3")
        #expect(try h.number("mask.presentation.cornerRadius") == "425.6")
        // The bounds move with the circle, so the view inside stays where it will end.
        #expect(try h.frame("mask.presentation.bounds") == "-84.6 354.4 851.3 851.3")
        #expect(try h.frame("compose.view:convert(compose.view.bounds, nil)") == "0.0 0.0 393.0 852.0")
        #expect(try h.value("mask.clipsToBounds") == "true")
        try h.run("step(12)")
        #expect(try h.value("compose.view.superview.name .. ' ' .. tostring(mask.superview)") == "container nil")
        #expect(try h.frame("compose.view.frame") == "0.0 0.0 393.0 852.0")
        #expect(try h.number("reveal.coveringRadius(point(341, 780), rect(0, 0, 393, 852))") == "851.3")
        #expect(h.transitionEvents == [
            "compose.animationControllerForPresented", "compose.loadView", "compose.viewDidLoad",
            "compose.viewWillAppear", "compose.transitionDuration", "compose.animateTransition",
            "compose.viewIsAppearing", "compose.completeTransition", "compose.viewDidAppear", "compose.presentCompletion",
        ])
    }

    @Test func dismissalShrinksTheCircleBackIntoThePoint() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.5); compose:dismiss(true); step(); mask = compose.view.superview.superview; step(12)")
        #expect(try h.value("mask.name") == "reveal mask")
        #expect(try h.frame("mask.presentation.frame") == "-84.6 354.4 851.3 851.3")
        try h.run("run(0.3)")
        #expect(try h.value("inbox.presentedViewController == nil and compose.view.window == nil") == "true")
        #expect(try h.value("#window.subviews") == "1")
    }

    @Test func withoutASourceTheCircleGrowsFromTheCentre() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting.replacingOccurrences(
            of: "reveal.delegate{ sourceView = function() return fab end, curve = \"linear\" }", with: "reveal.transitioningDelegate"))
        #expect(try h.frame("mask.presentation.frame") == "196.5 426.0 0.0 0.0")
        #expect(h.scriptErrors.isEmpty)
    }
}
