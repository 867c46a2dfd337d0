import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CheckerboardPluginTests {
    static let setUp = """
        checkerboard = plugin "checkerboard"
        list = ViewController{ name = "list" }
        photo = ViewController{ name = "photo", viewDidLoad = function(self)
          self.view:addSubview(View{ name = "image", frame = rect(0, 200, 393, 300), backgroundColor = "#ff9500" })
        end }
        nav = NavigationController{ name = "nav", root = list }
        nav.delegate = { animationController = function(_, _, operation)
          animator = checkerboard.animator.new({ columns = 2, rows = 3, duration = 0.6 }, operation)
          return animator
        end }
        window.rootViewController = nav
        step()
        trace.clear()
        -- tile i's old and new snapshots are the board's subviews 2i-1 and 2i
        function scaleOf(i, which) return animator.board.subviews[2 * i - (which == "old" and 1 or 0)].presentation.transform.a end

        """

    @Test func theTilesCoverTheScreenAndHoldSnapshotsOfBothSides() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "nav:push(photo, true); step()")
        #expect(try h.value("#animator.board.subviews") == "12")
        #expect(try h.frame("animator.board.frame") == "0.0 0.0 393.0 754.0")
        #expect(try h.frame("animator.board.subviews[1].presentation.frame") == "0.0 0.0 196.5 251.3")
        #expect(try h.frame("animator.board.subviews[11].presentation.frame") == "196.5 502.7 196.5 251.3")
        // Tile 3's new side (the middle row, on the left) shows the part of the screen under it, image included.
        #expect(try h.frame("animator.board.subviews[6].subviews[1].frame") == "0.0 -251.3 393.0 754.0")
        #expect(try h.value("animator.board.subviews[6].subviews[1].subviews[1].name") == "image")
        #expect(try h.value("animator.board.subviews[6].clipsToBounds") == "true")
        // The snapshots were taken before the screens hid behind the tiles: they show, the screens do not.
        #expect(try h.value("animator.board.subviews[6].subviews[1].hidden") == "false")
        #expect(try h.value("photo.view.hidden and photo.view.superview ~= nil") == "true")
        #expect(try h.value("list.view.hidden") == "true")
    }

    @Test func tilesTurnOverInAStaggeredSweepFromTheTopLeft() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "nav:push(photo, true); step(); step(9)")
        // 9 of 36 frames = 0.25: tile 1 (start 0) has folded (its fold takes 0.25); tile 6 (start 0.5) has not begun.
        #expect(try h.number("scaleOf(1, 'old')", digits: 3) == "0.001")
        #expect(try h.number("scaleOf(1, 'new')", digits: 3) == "0.001")
        #expect(try h.number("scaleOf(6, 'old')", digits: 3) == "1.000")
        try h.run("step(9)")   // 0.5: tile 1 is turned over, tile 2 (start 1/6) is unfolding
        #expect(try h.number("scaleOf(1, 'new')", digits: 3) == "1.000")
        #expect(try h.number("scaleOf(2, 'new')", digits: 3) == "0.334")
        try h.run("step(18)")
        #expect(try h.value("animator.board == nil and photo.view.hidden") == "false")
        #expect(try h.value("nav.topViewController.name .. ' ' .. #nav.contentView.subviews") == "photo 1")
        #expect(h.transitionEvents == [
            "photo.willMoveToParent", "photo.animationControllerForOperation", "photo.loadView", "photo.viewDidLoad",
            "list.viewWillDisappear", "photo.viewWillAppear", "photo.transitionDuration", "photo.animateTransition",
            "photo.viewIsAppearing", "photo.completeTransition", "list.viewDidDisappear", "photo.viewDidAppear",
            "photo.didMoveToParent",
        ])
    }

    @Test func aPopSweepsFromTheBottomRight() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "nav:push(photo, true); run(1); nav:pop(true); step(); step(9)")
        #expect(try h.number("scaleOf(6, 'old')", digits: 3) == "0.001")
        #expect(try h.number("scaleOf(1, 'old')", digits: 3) == "1.000")
        try h.run("run(0.6)")
        #expect(try h.value("nav.topViewController.name .. ' ' .. tostring(list.view.hidden)") == "list false")
        #expect(h.scriptErrors.isEmpty)
    }
}
