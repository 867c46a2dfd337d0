import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct ZoomPluginTests {
    static let presenting = """
        zoom = plugin "zoom"
        grid = ViewController{ name = "grid", viewDidLoad = function(self)
          thumbnail = View{ name = "thumbnail", frame = rect(20, 120, 100, 100), cornerRadius = 12 }
          self.view:addSubview(thumbnail)
        end }
        window.rootViewController = grid
        step()
        trace.clear()
        photo = ViewController{ name = "photo", modalPresentationStyle = "custom" }
        photo.transitioningDelegate = zoom.delegate{ sourceView = function() return thumbnail end }
        grid:present(photo, true)
        step()

        """

    @Test func growsOutOfTheSourceViewAndHidesIt() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting)
        #expect(try h.frame("photo.view.presentation.frame") == "20.0 120.0 100.0 100.0")
        #expect(try h.value("photo.view.presentation.cornerRadius .. ' ' .. tostring(thumbnail.hidden)") == "12 true")
        try h.run("step(6)")
        #expect(try h.frame("photo.view.presentation.frame") == "6.6 39.5 296.6 604.6")
        try h.run("run(0.4)")
        #expect(try h.frame("photo.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        #expect(try h.value("photo.view.cornerRadius .. ' ' .. tostring(thumbnail.hidden) .. ' ' .. tostring(grid.view.window ~= nil)")
                == "0 false true")
        #expect(h.transitionEvents == [
            "photo.presentationControllerForPresented", "photo.animationControllerForPresented",
            "photo.loadView", "photo.viewDidLoad", "photo.viewWillAppear", "photo.transitionDuration",
            "photo.animateTransition", "photo.viewIsAppearing", "photo.completeTransition", "photo.viewDidAppear",
            "photo.presentationTransitionDidEnd", "photo.presentCompletion",
        ])
        // The delegate came from a plugin function, so its calls are the plugin's.
        #expect(Set(h.runtime.trace.compactMap(\.by)) == ["lua:zoom"])
    }

    @Test func aShortDragShrinksItWithTheFingerThenItGrowsBack() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.5); trace.clear()")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 400), duration = 0.5 }; run(0.5)")
        // 100 of 852 points: 11.7 % of the way to the thumbnail, linearly.
        #expect(try h.frame("photo.view.presentation.frame") == "2.3 14.1 358.6 763.7")
        #expect(try h.value("thumbnail.hidden") == "true")
        try h.run("run(0.6)")
        #expect(try h.frame("photo.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        #expect(try h.value("grid.presentedViewController == photo and tostring(thumbnail.hidden)") == "false")
        #expect(h.transitionEventsWithoutUpdates == [
            "photo.animationControllerForDismissed", "photo.interactionControllerForDismissal",
            "photo.viewWillDisappear", "photo.transitionDuration", "photo.startInteractiveTransition",
            "photo.animateTransition", "photo.cancelInteractiveTransition", "photo.completeTransition",
            "photo.viewWillAppear", "photo.viewDidAppear", "photo.dismissalTransitionDidEnd",
        ])
    }

    @Test func aLongDragLandsItInTheSource() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting + "run(0.5); trace.clear()")
        try h.run("window:pan{ from = point(196, 300), to = point(196, 700), duration = 0.5 }; run(0.5)")
        #expect(try h.frame("photo.view.presentation.frame") == "9.4 56.3 255.4 498.9")
        try h.run("run(0.6)")
        #expect(try h.value("grid.presentedViewController == nil and photo.view.window == nil and tostring(thumbnail.hidden)") == "false")
        #expect(h.transitionEventsWithoutUpdates.suffix(5) == [
            "photo.finishInteractiveTransition", "photo.completeTransition", "photo.viewDidDisappear",
            "photo.dismissalTransitionDidEnd", "photo.dismissCompletion",
        ])
    }

    @Test func withoutASourceItZoomsFromTheCentre() throws {
        let h = shippedPluginHarness()
        try h.run(Self.presenting.replacingOccurrences(of: "zoom.delegate{ sourceView = function() return thumbnail end }",
                                                       with: "zoom.transitioningDelegate"))
        #expect(try h.frame("photo.view.presentation.frame") == "196.3 425.6 0.4 0.9")   // a thousandth of its size
        try h.run("run(0.5)")
        #expect(try h.frame("photo.view.presentation.frame") == "0.0 0.0 393.0 852.0")
        #expect(h.scriptErrors.isEmpty)
    }
}
