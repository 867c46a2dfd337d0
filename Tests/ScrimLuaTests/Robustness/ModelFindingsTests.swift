@testable import ScrimCore
@testable import ScrimLua
import Testing

/// What the generated sequences of `ModelPropertyTests` found, each pinned as a test of its own.
@Suite struct ModelFindingsTests {
    /// A tab bar controller holding a navigation controller (`home` at its root) and `side`.
    static let tabs = """
        home = ViewController{ name = "home" }
        nav = NavigationController{ name = "nav", root = home }
        side = ViewController{ name = "side" }
        window.rootViewController = TabBarController{ name = "tabs", viewControllers = { nav, side } }
        step()
        """

    func appearance(_ h: Harness, _ name: String) -> [String] {
        h.events.filter { $0.hasPrefix(name + ".") && $0.contains("ppear") && !$0.contains("IsAppearing") }
    }

    @Test func aControllerWhosePresentationControllerWasAskedForIsFreedWhenNeverPresented() throws {
        let h = Harness()
        try h.run("""
            local vc = ViewController{ name = "never" }
            vc.modalPresentationStyle = "popover"
            vc.popoverPresentationController.sourceView = window
            kept = ViewController{ name = "kept" }
            pc = kept.sheetPresentationController
            kept = nil
            vc = nil
            for _ = 1, 4 do collectgarbage() end
            """)
        // The script still holds the sheet's presentation controller, so its controller lives.
        #expect(h.runtime.application.liveControllers.map(\.name) == ["kept"])
        #expect(try h.value("pc.presentedViewController.name") == "kept")
        try h.run("pc = nil; for _ = 1, 4 do collectgarbage() end")
        #expect(h.runtime.application.liveControllers.isEmpty)
    }

    @Test func aPushOntoANavigationControllerBeingDismissedGivesTheNewTopNoAppearance() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            nav2 = NavigationController{ name = "nav2", root = ViewController{ name = "p" } }
            root:present(nav2, true)
            run(1)
            nav2:dismiss(true)
            nav2:push(ViewController{ name = "pushed" }, true)
            run(2)
            """)
        #expect(appearance(h, "pushed").isEmpty)
        #expect(appearance(h, "p") == ["p.viewWillAppear", "p.viewDidAppear", "p.viewWillDisappear", "p.viewDidDisappear"])
        #expect(h.runtime.application.liveControllers.first { $0.name == "pushed" }?.appearanceState == .disappeared)
    }

    @Test func aTabSwitchInTheMiddleOfAPushLeavesThePushedControllerDisappeared() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            nav:push(ViewController{ name = "pushed" }, true)
            step(12)
            window.rootViewController.selectedIndex = 2
            run(1)
            """)
        #expect(appearance(h, "pushed") == ["pushed.viewWillAppear", "pushed.viewWillDisappear", "pushed.viewDidDisappear"])
        #expect(appearance(h, "home").suffix(2) == ["home.viewWillDisappear", "home.viewDidDisappear"])
    }

    @Test func aChildAddedToAControllerBeingPresentedAppearsWithIt() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            sheet = ViewController{ name = "sheet" }
            root:present(sheet, true)
            step(5)
            child = ViewController{ name = "child" }
            sheet:addChild(child)
            sheet.view:addSubview(child.view)
            child:didMove(sheet)
            run(1)
            """)
        #expect(appearance(h, "child") == ["child.viewWillAppear", "child.viewDidAppear"])
        let sheetDid = try #require(h.events.firstIndex(of: "sheet.viewDidAppear"))
        #expect(h.events.firstIndex(of: "child.viewDidAppear") == sheetDid + 1)
    }

    @Test func aCancelledInteractivePresentationLetsGoOfItsControllers() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            local animator = scrim.Animator:extend("Slide")
            function animator:animateTransition(ctx)
              self.ctx = ctx
              local view = ctx:view("to")
              ctx.containerView:addSubview(view)
              animate({ duration = 0.3 }, function() view.alpha = 0.5 end,
                      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            interaction = scrim.PercentDrivenInteractiveTransition.new()
            local sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = {
              animationControllerForPresented = function() return animator.new() end,
              interactionControllerForPresentation = function() return interaction end,
            }
            root:present(sheet, true)
            step(2)
            interaction:update(0.4)
            interaction:cancel()
            run(1)
            """)
        #expect(h.runtime.trace.last { $0.event == "completeTransition" }?[arg: "didComplete"] == .bool(false))
        try h.run("interaction:finish(); interaction = nil; for _ = 1, 6 do collectgarbage() end")
        #expect(h.runtime.application.liveControllers.map(\.name) == ["root"])
    }

    @Test func anEdgeSwipeThatEndsInTheFrameItBeganStillEndsItsPop() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            nav:push(ViewController{ name = "top" }, false)
            step()
            window:touchDown(point(1, 400))
            window:touchMove(point(100, 400))
            window:touchUp(point(100, 400))
            run(2)
            """)
        #expect(try h.value("#nav.viewControllers .. ' ' .. nav.topViewController.name") == "2 top")
        #expect(h.runtime.application.liveControllers.allSatisfy { $0.activeTransition == nil })
        #expect(appearance(h, "top").suffix(2) == ["top.viewWillAppear", "top.viewDidAppear"])
    }

    @Test func aMemoryWarningDuringADismissalKeepsThePresentersView() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            window:setSize(852, 393)
            run(1)
            sheet = ViewController{ name = "sheet" }
            home:present(sheet, true)
            run(1)
            sheet:dismiss(true)
            step(3)
            scrim.simulateMemoryWarning()
            run(1)
            """)
        #expect(try h.value("window.rootViewController.view.window ~= nil") == "true")
        #expect(h.runtime.application.window.rootViewController?.appearanceState == .appeared)
    }

    @Test func aChildRemovedOffScreenInTheMiddleOfDisappearingFinishesDisappearing() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            local top = ViewController{ name = "top" }
            nav:push(top, false)
            step()
            child = ViewController{ name = "child" }
            top:addChild(child)
            top.view:addSubview(child.view)
            child:didMove(top)
            nav:push(ViewController{ name = "next" }, true)
            step(2)
            window.rootViewController.selectedIndex = 2
            child:willMove(nil)
            child.view:removeFromSuperview()
            child:removeFromParent()
            run(1)
            """)
        #expect(appearance(h, "child") == ["child.viewWillAppear", "child.viewDidAppear",
                                           "child.viewWillDisappear", "child.viewDidDisappear"])
    }

    @Test func aChildAddedOffScreenWhileItsParentIsAppearingAppearsWhenTheParentHas() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            nav:push(ViewController{ name = "top" }, true)
            nav:pop(true)
            step(31)
            window.rootViewController.selectedIndex = 2
            local child = ViewController{ name = "child" }
            home:addChild(child)
            home.view:addSubview(child.view)
            child:didMove(home)
            window.rootViewController.selectedIndex = 1
            run(1)
            """)
        #expect(appearance(h, "child") == ["child.viewWillAppear", "child.viewDidAppear"])
        let homeDid = try #require(h.events.lastIndex(of: "home.viewDidAppear"))
        #expect(h.events.firstIndex(of: "child.viewWillAppear") == homeDid + 1)
    }

    @Test func containersReloadedAfterAMemoryWarningShowOnlyWhatTheyShouldOnce() throws {
        let h = Harness()
        try h.run(Self.tabs + """
            cover = ViewController{ name = "cover", modalPresentationStyle = "fullScreen" }
            window.rootViewController:present(cover, false)
            step()
            scrim.simulateMemoryWarning()
            window.rootViewController.selectedIndex = 2
            window.rootViewController.selectedIndex = 1
            window.rootViewController.selectedIndex = 2
            cover:dismiss(false)
            step()
            window.rootViewController.selectedIndex = 1
            step()
            """)
        #expect(try h.value("side.view.window == nil and nav.view.window ~= nil and home.view.window ~= nil") == "true")
        #expect(h.events.filter { $0 == "home.didMoveToParent" }.count == 1)
        #expect(try h.value("#window.rootViewController.view.subviews[1].subviews") == "1")
    }

    @Test func aDragThatMovesWithinItsFirstFrameDismissesTheHalfSheetAndLetsGo() throws {
        let h = Harness(pluginPaths: [PluginManager.shippedPluginsDirectory!])
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            local sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = plugin("half-sheet").transitioningDelegate
            root:present(sheet, false)
            step()
            window:touchDown(point(196, 460))
            window:touchMove(point(196, 600))
            window:touchMove(point(196, 720))
            step(20)
            window:touchUp(point(196, 720))
            run(2)
            """)
        try h.run("for _ = 1, 6 do collectgarbage() end")
        #expect(h.runtime.trace.last { $0.event == "updateInteractiveTransition" }?[arg: "percent"] != nil)
        #expect(h.events.contains("sheet.dismissCompletion"))
        #expect(h.runtime.application.liveControllers.map(\.name) == ["root"])
        #expect(!h.runtime.application.animationEngine.isAnimating)
    }
}
