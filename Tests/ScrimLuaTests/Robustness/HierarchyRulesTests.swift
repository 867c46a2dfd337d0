import Foundation
import LuaBridge
import ScrimCore
import ScrimFuzzing
import ScrimLua
import Testing

/// The hierarchy stays a tree of bounded depth whatever a script does. Cycles made on purpose —
/// a view inside itself, a controller its own ancestor or presenter — are refused by the
/// operation that would make them (before, the first trapped the host and the others made the
/// hierarchy a loop; each is a program the API fuzzer found, shrunk), and so are trees too deep
/// for the native code that recurses through them.
@Suite struct HierarchyRulesTests {
    private func rejections(_ h: Harness) -> [String] {
        h.runtime.trace.filter { $0.event == "presentRejected" }.compactMap {
            guard case .string(let reason)? = $0[arg: "reason"] else { return nil }
            return reason
        }
    }

    /// A push or a child container whose view has come to hold the container's own view: the
    /// view is not added (UIKit would raise), and the tree stays a tree.
    @Test func aViewIsNeverAddedInsideItself() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            nav = NavigationController{ name = "nav", root = root }
            window.rootViewController = nav
            step(5)
            inner = ViewController{ name = "inner" }
            inner.view:addSubview(nav.view)
            nav:push(inner, false)
            step(5)
            """)
        #expect(HierarchyShape.check(h.runtime.application) == nil)
        #expect(try h.value("inner.view:isDescendant(nav.view)") == "false")
        #expect(h.failure("local v = View{} v:addSubview(v)") == "test.lua:1: bad argument #1 to 'View:addSubview' (a view cannot be added inside itself)")
        #expect(h.failure("local v = View{} v:addSubview(window)") == "test.lua:1: bad argument #1 to 'View:addSubview' (a window cannot be a subview)")
        #expect(h.failure("ViewController{ view = window }") == "test.lua:1: bad field 'view' in 'ViewController' (the window cannot be a view controller's view)")
        // A controller given the view of the window's root (seed 555): a view is one controller's.
        #expect(h.failure("""
            local holder = ViewController{ name = "holder" }
            holder:addChildController(ViewController{ name = "c", view = nav.view }, nav.view)
            """) == "test.lua:2: bad field 'view' in 'ViewController' (the view is already the view of 'nav')")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// Presenting a controller above the presenter — its parent, or the one that presented it —
    /// is rejected (seeds 104 and 322, and a presentation loop that hung the host).
    @Test func aControllerIsNeverAboveItself() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            nav = NavigationController{ name = "nav", root = ViewController{ name = "top" } }
            root:show(nav)
            step(30)
            nav:show(root)
            step(30)
            b = ViewController{ name = "b" }
            nav:present(b, false)
            step(2)
            b:present(root, false)
            step(2)
            """)
        #expect(HierarchyShape.check(h.runtime.application) == nil)
        #expect(rejections(h) == ["'root' is above 'nav' (a parent, or a presenter)", "'root' is above 'b' (a parent, or a presenter)"])
        #expect(h.failure("nav:push(root)").hasPrefix("test.lua:1: "))
        #expect(h.failure("b:addChild(root)") == "test.lua:1: cannot add 'root' as a child of 'b': 'root' is 'b' or above it (a parent, or a presenter)")
        #expect(h.failure("ViewController{ name = 'x' }:addChild(b)") == "test.lua:1: cannot add 'b' as a child: it is presented (dismiss it first)")
        #expect(h.failure("window.rootViewController = b") == "test.lua:1: bad value for 'Window.rootViewController' ('b' is presented by 'nav')")
        #expect(h.failure("window.rootViewController = nav:topViewController()") != "no error")
        try h.run("b:dismiss(false) step(2) nav:dismiss(false) step(30)")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
        #expect(try h.value("root.presentedViewController == nil") == "true")
    }

    /// A chain of 10,000 views crashed the host when drawn (snapshot, render), 20,000 when
    /// hit-tested, laid out or added to the window, 60,000 when released: each recursed through
    /// the levels. Trees of views and of controllers are at most 256 levels deep; at the bound,
    /// everything that recurses works.
    @Test func treesAreAtMost256LevelsDeep() throws {
        let h = Harness(limits: .none)
        try h.run("""
            top = View{ frame = rect(0, 0, 100, 100) }
            window:addSubview(top)
            deepest = top
            for i = 2, 256 do local v = View{ frame = rect(0, 0, 100, 100) } deepest:addSubview(v) deepest = v end
            """)
        #expect(h.failure("deepest:addSubview(View{})") == "test.lua:1: bad argument #1 to 'View:addSubview' (a view tree is at most 256 levels deep)")
        #expect(h.failure("local a, b = View{}, View{} a:addSubview(b) b:addSubview(top)") == "test.lua:1: bad argument #1 to 'View:addSubview' (a view tree is at most 256 levels deep)")
        try h.run("""
            top:snapshotView(true)
            top:resizableSnapshotView(rect(0, 0, 10, 10), false)
            window:hitTest(point(1, 1))
            top:setNeedsLayout() top:layoutIfNeeded()
            step(2)
            top:removeFromSuperview() top, deepest = nil, nil
            collectgarbage() collectgarbage()
            """)
        try h.run("""
            root = ViewController{ name = "r" }
            local current = root
            for i = 2, 257 do local c = ViewController{ name = "c" .. i } current:addChild(c) current.view:addSubview(c.view) current = c end
            deepest = current
            """)
        #expect(h.failure("deepest:addChild(ViewController{ name = 'one-too-many' })")
                == "test.lua:1: cannot add 'one-too-many': the hierarchy of controllers is at most 256 levels deep")
        try h.run("window.rootViewController = root step(2) window:setSize(500, 300) step(2) local _ = scrim.saveState()")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A drag scheduled one timer per frame: an hour-long pan made every frame after it cost
    /// 14 ms (216,000 timers on the run loop). Each move now schedules the next.
    @Test func aLongPanKeepsOneTimer() throws {
        let h = Harness()
        try h.run("window:pan{ from = point(0, 0), to = point(100, 100), duration = 3600 }")
        #expect(h.runtime.application.runLoop.scheduledCount == 1)
        try h.run("run(1)")
        #expect(h.runtime.application.runLoop.scheduledCount == 1)
    }

    /// A view is one controller's: a presented controller taking its presenter's view in
    /// `loadView` left the presenter "appeared" with its view gone from an empty window.
    @Test func aViewIsOneControllers() throws {
        let h = Harness()
        try h.run("""
            d = ViewController{ name = "d" }
            window.rootViewController = d
            step(2)
            f = ViewController{ name = "f", loadView = function(self) self.view = d.view end }
            d:present(f, true) step(60)
            f:dismiss(true) step(60)
            """)
        #expect(h.scriptErrorMessages.first == "test.lua:4: bad value for 'ViewController.view' (the view is already the view of 'd')")
        #expect(try h.value("d.view.superview == window and d.appearanceState") == "appeared")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A presentation controller whose `presentedView` is another controller's view (the
    /// presenter's): the dismissal took the presenter's view out of the window for good.
    @Test func aPresentedViewIsThePresentedControllers() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(2)
            local PC = scrim.PresentationController:extend("PC")
            function PC:presentedView() return self.presentingViewController.view end
            s = ViewController{ name = "s", modalPresentationStyle = "custom", transitioningDelegate = {
              presentationController = function(_, presented, presenting) return PC.new(presented, presenting) end } }
            root:present(s, true) step(40)
            s:dismiss(true) step(40)
            """)
        #expect(h.scriptErrorMessages == ["presentedView is the view of 'root', not of the presented controller"])
        #expect(h.scriptErrorLocations == ["test.lua:5"], "where the method that returned it is defined")
        #expect(try h.value("root.view.superview == window and root.appearanceState") == "appeared")
        #expect(try h.value("root.presentedViewController") == "nil")
    }

    /// `loadView` making its controller the root read the view it was loading: `loadView` ran
    /// twice, the window kept a view of no controller, and the controller said "appeared".
    @Test func aViewIsNotReadWhileItsLoadViewMakesIt() throws {
        let h = Harness()
        try h.run("""
            loads = 0
            c = ViewController{ name = "c", loadView = function(self)
              loads = loads + 1
              window.rootViewController = self
              self.view = View{ name = "mine" }
            end }
            local _ = c.view
            step(5)
            """)
        #expect(h.scriptErrorMessages.first == "test.lua:4: bad value for 'Window.rootViewController' ('c' is loading its view (its loadView has set none yet))")
        #expect(try h.value("loads") == "1")
        try h.run("d = ViewController{ name = 'd', loadView = function(self) local v = self.view end } local _ = d.view")
        #expect(h.scriptErrorMessages.last == "test.lua:1: 'd'.view is read inside its own loadView, before loadView set it")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// `addChildController(child, view)` takes a view inside the parent's view, not the window,
    /// another controller's view or the child's own: the child was shown outside its parent
    /// ("appeared" over a covered parent) or never.
    @Test func aChildIsPlacedInsideItsParent() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            other = ViewController{ name = "other" }
            step(1)
            """)
        for (container, child) in [("window", "x1"), ("other.view", "x2"), ("x3.view", "x3")] {
            #expect(h.failure("x3 = x3 or ViewController{ name = 'x3' } root:addChildController(\(child == "x3" ? "x3" : "ViewController{ name = '\(child)' }"), \(container))")
                    == "test.lua:1: the view that holds '\(child)' must be the view of 'root' or inside it, and not inside the view of '\(child)'")
        }
        #expect(try h.value("#root.children") == "0")
        #expect(h.failure("local inner = View{} root.view:addSubview(inner) root:addChildController(ViewController{ name = 'x4' }, inner)") == "no error")
        // A container's inner views are its own.
        #expect(h.failure("nav = NavigationController{ name = 'nav', root = ViewController{} } ViewController{}.view = nav.view.subviews[1]")
                .hasSuffix("(the view is inside the view of 'nav')"))
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// `transition(from:to:)` whose `to` leaves its parent, or whose parent leaves the window,
    /// before it ends: `to` ended "appeared" with its view off screen, or on screen with no parent.
    @Test func aTransitionsControllerThatLeftIsNotLeftAppeared() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            a = ViewController{ name = "a" }
            root:addChildController(a)
            b = ViewController{ name = "b" }
            root:addChild(b)
            step(1)
            root:transition(a, b, 0.3, function() b:willMove(nil) b:removeFromParent() end)
            step(60)
            """)
        #expect(try h.run("return b.appearanceState, b.view.window == nil") == ["disappeared", "true"])
        try h.run("""
            d = ViewController{ name = "d" }
            root:addChildController(d)
            c = ViewController{ name = "c" }
            root:addChild(c)
            step(1)
            root:transition(d, c, 0.3)
            step(2)
            window.rootViewController = ViewController{ name = "other" }
            step(60)
            """)
        #expect(try h.run("return c.appearanceState, c.view.window == nil") == ["disappeared", "true"])
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A window given a NaN size: the views that follow it took every frame for a change of
    /// size (NaN is not NaN), so they laid out each frame, flooding the trace for as long as it
    /// ran (the API fuzzer's seed 33386, an hour of frames).
    @Test func aNaNSizeIsNoChangeOnEveryFrame() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(2)
            root:present(ViewController{ name = "sheet" }, false)
            step(2)
            window.frame = rect(2, 0, -0.0, 0/0)
            step(2)
            """)
        let before = h.runtime.trace.count
        try h.run("step(60)")
        #expect(h.runtime.trace.count == before)
    }

    /// While an adaptive delegate is asked for a replacement, the presented controller may go
    /// inside another, but what presents it may not go inside it: that built a presentation
    /// loop the next size change followed until the host died (SIGSEGV).
    @Test func anAdaptiveReplacementCannotCloseALoop() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            m = ViewController{ name = "m", modalPresentationStyle = "custom" }
            m.transitioningDelegate = { presentationController = function(_, presented, presenting)
              local pc = scrim.PresentationController.new(presented, presenting)
              pc.delegate = {
                adaptivePresentationStyle = function() return "fullScreen" end,
                viewControllerForAdaptivePresentationStyle = function() m:addChild(root) end,
              }
              return pc
            end }
            root:present(m, false)
            step(3)
            window:setSize(852, 393)
            run(0.5)
            """)
        #expect(h.scriptErrorMessages == [
            "test.lua:9: cannot add 'root' as a child of 'm': 'root' is 'm' or above it (a parent, or a presenter)",
        ])
        #expect(try h.value("tostring(root.parent) .. ' ' .. root.presentedViewController.name") == "nil m")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// The window's root has no parent; a built-in container's controllers move only by the
    /// container's own calls; the root does not change while a presentation or dismissal is
    /// under way, and a presenter that left the window's tree stays out of the window.
    @Test func rootsAndContainedControllersStayWhereTheyBelong() throws {
        let h = Harness()
        try h.run("""
            a, b = ViewController{ name = "a" }, ViewController{ name = "b" }
            tabs = TabBarController{ name = "tabs", viewControllers = { a, b } }
            window.rootViewController = tabs
            step(1)
            """)
        #expect(h.failure("ViewController{ name = 'holder' }:addChild(tabs)") == "test.lua:1: cannot add 'tabs' as a child: it is the window's root")
        let listed = "'b' is one of the controllers of 'tabs': change its viewControllers (pop, set the tabs or the column) to move it"
        #expect(h.failure("b:removeFromParent()") == "test.lua:1: " + listed)
        #expect(h.failure("tabs:removeChildController(b)") == "test.lua:1: " + listed)
        #expect(h.failure("NavigationController{ name = 'other', root = ViewController{ name = 'x' } }:addChild(b)") == "test.lua:1: " + listed)
        #expect(try h.value("b.parent.name .. ' ' .. #tabs.viewControllers") == "tabs 2")

        try h.run("""
            other = ViewController{ name = "other" }
            m = ViewController{ name = "m", modalPresentationStyle = "fullScreen",
              viewDidLoad = function() window.rootViewController = other end }
            a:present(m, false)
            step(3)
            """)
        #expect(h.scriptErrorMessages == ["test.lua:3: bad value for 'Window.rootViewController' (a presentation or dismissal is under way)"])
        // What the old root presents leaves with it.
        try h.run("window.rootViewController = other; step(1)")
        #expect(try h.value("tostring(tabs.view.window) .. ' ' .. tabs.appearanceState .. ' ' .. tostring(m.view.window)") == "nil disappeared nil")
        #expect(try h.value("m.appearanceState .. ' ' .. tostring(m.presentingViewController) .. ' ' .. tostring(a.presentedViewController)")
            == "disappeared nil nil")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// What a plugin's method returns that it may not is a script error located where the
    /// method is defined, and the runtime's fallback stands in.
    @Test func aBadReturnValueIsLocatedWhereItsMethodIsDefined() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            local PC = scrim.PresentationController:extend("PC")
            function PC:presentedView() return 42 end
            function PC:frameOfPresentedViewInContainerView() return "wide" end
            local Slow = scrim.Animator:extend("Slow")
            function Slow:transitionDuration() return "long" end
            function Slow:animateTransition(ctx)
              final = ctx:finalFrame(ctx:viewController("to"))
              ctx:completeTransition(true)
            end
            m = ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
              presentationController = function(_, presented, presenting) return PC.new(presented, presenting) end,
              animationControllerForPresented = function() return Slow.new() end,
              interactionControllerForPresentation = function() return 42 end,
              animationControllerForDismissed = function() return 7 end,
            } }
            root:present(m, true)
            step(10)
            m:dismiss(true)
            step(60)
            """)
        let reports = zip(h.scriptErrorMessages, h.scriptErrorLocations).map { "\($1 ?? "-") \($0)" }
        #expect(Set(reports) == [
            "test.lua:5 presentedView must return a View or nil, got number",
            "test.lua:6 frameOfPresentedViewInContainerView must return a rect, got string",
            "test.lua:8 transitionDuration must return a number, got string",
            "test.lua:16 interactionControllerForPresentation must return an interaction controller or nil, got number",
            "test.lua:17 animationControllerForDismissed must return an animator table or nil, got number",
        ])
        #expect(try h.value("final.width") == "393", "the container's bounds stand in for the frame")
        #expect(try h.value("root.presentedViewController") == "nil")
        // The same for a navigation controller's delegate.
        try h.run("""
            nav = NavigationController{ name = "nav", root = ViewController{ name = "a" } }
            nav.delegate = {
              animationController = function() return 5 end,
            }
            window.rootViewController = nav
            nav:push(ViewController{ name = "b" }, true)
            step(40)
            """)
        #expect(h.scriptErrorMessages.last == "animationController must return an animator table or nil, got number")
        #expect(h.scriptErrorLocations.last == "test.lua:3")
        #expect(try h.value("nav.topViewController.name") == "b")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A table returned as an animator whose `animateTransition` is not a function — a number, a
    /// callable table, nothing — is refused where the delegate's method is defined, before it is
    /// traced or called; the built-in animation stands in.
    @Test func anAnimatorWithoutAnimateTransitionIsRefused() throws {
        for value in ["5", "setmetatable({}, { __call = function() end })", "nil"] {
            let h = Harness()
            try h.run("""
                root = ViewController{ name = "root" }
                window.rootViewController = root
                step(1)
                local animator = { transitionDuration = function() return 0.3 end, animateTransition = \(value) }
                s = ViewController{ name = "s", modalPresentationStyle = "overFullScreen", transitioningDelegate = {
                  animationControllerForPresented = function() return animator end,
                } }
                root:present(s, true)
                run(1)
                """)
            #expect(h.scriptErrorMessages == ["animationControllerForPresented must return an animator, "
                                              + "a table with an animateTransition function; this one has none"])
            #expect(h.scriptErrorLocations == ["test.lua:6"])
            #expect(!h.runtime.trace.contains { ["transitionDuration", "animateTransition"].contains($0.event) })
            #expect(try h.value("root.presentedViewController == s and s.view.window == window") == "true")
        }
    }

    /// An animator's failure in a dismissal is about the dismissed controller, as the
    /// animator's own events are; a method that is Scrim's own function names no `where`.
    @Test func anAnimatorsFailureIsAboutThePresentedController() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            local Slow = scrim.Animator:extend("Slow")
            function Slow:transitionDuration() return "long" end
            function Slow:animateTransition(ctx) ctx:completeTransition(true) end
            local PC = scrim.PresentationController:extend("PC")
            PC.presentedView = scrim.Object.new
            m = ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
              presentationController = function(_, presented, presenting) return PC.new(presented, presenting) end,
              animationControllerForPresented = function() return Slow.new() end,
              animationControllerForDismissed = function() return Slow.new() end,
            } }
            root:present(m, true)
            step(10)
            m:dismiss(true)
            step(10)
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }.map { event -> String in
            guard case .string(let callback)? = event[arg: "callback"] else { return "?" }
            return "\(event.controller ?? "-") \(callback)"
        }
        #expect(errors == ["m transitionDuration", "m transitionDuration", "m presentedView"])
        #expect(h.scriptErrorLocations == ["test.lua:5", "test.lua:5", nil])
        #expect(try h.value("root.presentedViewController") == "nil")
    }

    /// A transitioning delegate's presentation controller that is not one, or is another
    /// controller's, is a located script error; the default presentation controller stands in.
    @Test func aWrongPresentationControllerIsAScriptError() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            other = ViewController{ name = "other" }
            answers = { 5, other, scrim.PresentationController.new(other, root) }
            for i, answer in ipairs(answers) do
              local m = ViewController{ name = "m" .. i, modalPresentationStyle = "custom" }
              m.transitioningDelegate = { presentationController = function() return answer end }
              root:present(m, false)
              step(2)
              root:dismiss(false)
              step(2)
            end
            """)
        #expect(h.scriptErrorMessages == [
            "presentationController returned number, not a PresentationController or nil",
            "presentationController returned ViewController, not a PresentationController or nil",
            "presentationController returned a presentation controller of 'other', not of 'm3'",
        ])
        #expect(h.scriptErrorLocations == ["test.lua:8", "test.lua:8", "test.lua:8"])
        #expect(try h.value("root.presentedViewController") == "nil")
    }

    /// Dismissing a current-context presentation whose context is covered by a full-screen
    /// presentation puts the presenter's view back under the cover, without appearance; it
    /// appears when the cover goes.
    @Test func aCoveredContextsPresenterAppearsWhenItsCoverGoes() throws {
        let h = Harness(device: .iPadAir)
        try h.run("""
            a = ViewController{ name = "a", definesPresentationContext = true }
            nav = NavigationController{ name = "nav", root = a }
            window.rootViewController = nav
            step(1)
            m2 = ViewController{ name = "m2", modalPresentationStyle = "currentContext" }
            a:present(m2, false); step(3)
            m3 = ViewController{ name = "m3", modalPresentationStyle = "fullScreen" }
            nav:present(m3, false); step(3)
            m2:dismiss(false); step(3)
            covered = tostring(a.view.window) .. " " .. a.appearanceState .. " " .. tostring(a.view:isDescendant(nav.view))
            m3:dismiss(false); step(3)
            """)
        #expect(try h.value("covered") == "nil disappeared true")
        #expect(try h.value("tostring(a.view.window == window) .. ' ' .. a.appearanceState") == "true appeared")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A refused list changes nothing: every new controller is checked before the container
    /// lets go of any (a refused tab list had already taken the old tabs' parent away).
    @Test func aRefusedListChangesNothing() throws {
        let h = Harness()
        try h.run("""
            a, t2 = ViewController{ name = "a" }, ViewController{ name = "t2" }
            tabs = TabBarController{ name = "tabs", viewControllers = { a, t2 } }
            window.rootViewController = tabs
            step(1)
            """)
        #expect(h.failure("tabs.viewControllers = { a, tabs }")
                == "test.lua:1: cannot add 'tabs' as a child of 'tabs': 'tabs' is 'tabs' or above it (a parent, or a presenter)")
        #expect(try h.value("#tabs.children .. ' ' .. t2.parent.name .. ' ' .. #tabs.viewControllers") == "2 tabs 2")
        #expect(h.failure("NavigationController{ name = 'nav', root = tabs }")
                == "test.lua:1: bad field 'root' in 'NavigationController' (cannot add 'tabs' as a child: it is the window's root)")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }

    /// A delegate that takes the presenter out of the window while it is asked ends the
    /// presentation there, traced, rather than presenting from off screen.
    @Test func aPresenterTakenOutOfTheWindowByADelegateEndsThePresentation() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step(1)
            m = ViewController{ name = "m", modalPresentationStyle = "custom" }
            m.transitioningDelegate = { presentationController = function(_, presented, presenting)
              local pc = scrim.PresentationController.new(presented, presenting)
              pc.delegate = {
                adaptivePresentationStyle = function() return "fullScreen" end,
                viewControllerForAdaptivePresentationStyle = function() root.view:removeFromSuperview() end,
              }
              return pc
            end }
            root:present(m, false, function() completed = true end)
            step(3)
            """)
        #expect(rejections(h) == ["the view of 'root' left the window as the presentation began"])
        #expect(try h.value("tostring(completed) .. ' ' .. tostring(root.presentedViewController) .. ' ' .. tostring(m.view.window)") == "nil nil nil")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }
}
