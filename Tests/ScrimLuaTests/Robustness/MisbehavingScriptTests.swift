import Foundation
@testable import ScrimCore
@testable import ScrimLua
import Testing

/// Scripts that fail outside the transition protocols: a controller's lifecycle override in
/// each of its callbacks, a gesture handler driving an interactive dismissal, and a plugin
/// whose file goes away around a reload. Each gives a located `scriptError` (or
/// `pluginReloadFailed`) and leaves the hierarchy consistent.
@Suite struct MisbehavingScriptTests {
    static let overrides = [
        "viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
        "viewWillLayoutSubviews", "viewDidLayoutSubviews", "willMoveToParent", "didMoveToParent",
        "traitCollectionDidChange", "viewWillTransitionToSize", "didReceiveMemoryWarning",
        "encodeRestorableState", "decodeRestorableState", "applicationFinishedRestoringState",
    ]

    /// `vc` fails in one override; it is made a child, presented and dismissed, resized, warned
    /// about memory, and saved and restored — every callback runs.
    @Test(arguments: overrides)
    func aFailingLifecycleOverrideIsReportedAndTheHierarchyStaysConsistent(override: String) throws {
        let h = Harness()
        try h.run("""
            local failIn = "\(override)"
            local function maybeFail(name) if name == failIn then error("failed in " .. name) end end
            local overrides = { name = "vc", restorationIdentifier = "vc" }
            for _, name in ipairs({ \(Self.overrides.map { "\"\($0)\"" }.joined(separator: ", ")) }) do
              overrides[name] = function() maybeFail(name) end
            end
            root = ViewController{ name = "root", restorationIdentifier = "root" }
            window.rootViewController = root
            step()
            vc = ViewController(overrides)
            root:addChild(vc)
            root.view:addSubview(vc.view)
            vc:didMove(root)
            step()
            saved = scrim.saveState()
            window:setSize(852, 393)
            run(1)
            vc:willMove(nil)
            vc.view:removeFromSuperview()
            vc:removeFromParent()
            scrim.simulateMemoryWarning()
            vc.modalPresentationStyle = "fullScreen"
            root:present(vc, true)
            run(1)
            vc:dismiss(true)
            run(1)
            root:addChild(vc)
            root.view:addSubview(vc.view)
            vc:didMove(root)
            scrim.restoreState(saved)
            run(0.5)
            vc:willMove(nil)
            vc.view:removeFromSuperview()
            vc:removeFromParent()
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        let failure = try #require(errors.first { "\($0[arg: "message"] ?? .null)".contains("failed in \(override)") },
                                   "no scriptError for \(override)")
        #expect(failure.controller == "vc")
        #expect(failure[arg: "where"] == .string("test.lua:2"))
        let root = try #require(h.runtime.application.window.rootViewController)
        #expect(root.presentedViewController == nil && root.transitionCoordinator == nil)
        #expect(root.appearanceState == .appeared)
        let vc = try #require(h.runtime.application.liveControllers.first { $0.name == "vc" })
        #expect(vc.appearanceState == .disappeared && vc.viewIfLoaded?.window == nil)
        #expect(h.runtime.trace.map(\.seq) == Array(h.runtime.trace.first!.seq...h.runtime.trace.last!.seq))
    }

    /// A drag handler that starts an interactive dismissal and fails later: when it fails on a
    /// move, the lift still ends the dismissal; when it fails on the lift, nothing ends it but the
    /// watchdog, which cancels it.
    @Test(arguments: ["changed", "ended"])
    func aGestureHandlerFailingWhileItDrivesADismissal(failingOn state: String) throws {
        let h = Harness()
        h.runtime.application.transitionWatchdog = 2
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            local interaction
            local Slide = scrim.Animator:extend("Slide")
            function Slide:animateTransition(ctx)
              local view = ctx:view("from")
              animate({ duration = 0.3 }, function() view.frame = rect(0, 900, 393, 852) end,
                      function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
            end
            sheet.transitioningDelegate = {
              animationControllerForDismissed = function() return Slide.new() end,
              interactionControllerForDismissal = function() return interaction end,
            }
            root:present(sheet, false)
            step()
            sheet.view:addGestureRecognizer(PanGestureRecognizer{ handler = function(g)
              if g.state == "\(state)" then error("handler failed on \(state)") end
              if g.state == "began" then
                interaction = scrim.PercentDrivenInteractiveTransition.new()
                sheet:dismiss(true)
              elseif g.state == "changed" then
                interaction:update(g:translation(nil).y / 800)
              else
                interaction:finish()
              end
            end })
            window:pan{ from = point(200, 300), to = point(200, 700), duration = 0.2 }
            run(4)
            """)
        let failure = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(failure[arg: "where"] == .string("test.lua:19"))
        #expect(failure[arg: "callback"] == .string("gesture handler"))
        let root = try #require(h.runtime.application.window.rootViewController)
        #expect(root.transitionCoordinator == nil && !h.runtime.application.transitionInProgress)
        if state == "changed" {
            #expect(root.presentedViewController == nil)
        } else {
            #expect(h.runtime.trace.contains { $0.event == "transitionTimedOut" })
            #expect(root.presentedViewController?.name == "sheet")
            #expect(try h.value("sheet.view.window ~= nil") == "true")
        }
    }

    static func plugin(_ mark: String, removing path: String? = nil) -> String {
        """
        \(path.map { "assert(os.remove(\"\($0)\"))" } ?? "")
        return scrim.plugin { name = "fleeting", describe = function() return "\(mark)" end }
        """
    }

    @Test func aPluginWhoseFileIsGoneWhenItReloadsKeepsItsVersion() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fleeting.lua", Self.plugin("one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run("fleeting = plugin 'fleeting'")
        try FileManager.default.removeItem(atPath: file)
        #expect(try h.value("select(2, scrim.reload('fleeting'))") == "\(file): the plugin's file is gone")
        #expect(h.runtime.trace.last?.event == "pluginReloadFailed")
        #expect(try h.value("plugin('fleeting').describe()") == "one")
        folder.write("fleeting.lua", Self.plugin("two"))
        #expect(try h.value("scrim.reload('fleeting')") == "true")
        #expect(try h.value("plugin('fleeting').describe()") == "two")
    }

    @Test func aPluginThatDeletesItsOwnFileWhileReloadingStaysLive() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fleeting.lua", Self.plugin("one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.runtime.plugins.grant(.os, to: "fleeting")
        try h.run("fleeting = plugin 'fleeting'")
        try h.runtime.plugins.startWatching()
        folder.write("fleeting.lua", Self.plugin("two", removing: file))
        let reloaded = h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 5)
        #expect(reloaded == ["fleeting"])
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try h.value("plugin('fleeting').describe()") == "two")
        // Its deletion is a change too: the reload it brings fails, and version two stays.
        _ = h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 1)
        #expect(try h.value("plugin('fleeting').describe()") == "two")
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }

    @Test func aViewLetGoWhileItLoadsIsLoadedAgainNotLost() throws {
        let folder = TemporaryFolder()
        folder.write("warner.lua", """
            return scrim.plugin { name = "warner", hooks = { viewDidLoad = function() scrim.simulateMemoryWarning() end } }
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("""
            plugin 'warner'
            window.rootViewController = NavigationController{ root = ViewController{ name = 'home' } }
            step(2)
            dropper = ViewController{ name = 'dropper', viewDidLoad = function(self) self.view = nil end }
            window.rootViewController = dropper
            step(2)
            """)
        #expect(try h.value("tostring(window.rootViewController.view ~= nil and window.rootViewController.view.superview == window)") == "true")
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }

    @Test func aContainerLetGoInTheMiddleOfItsTransitionIsHeldUntilItEnds() throws {
        let h = Harness()
        try h.run("""
            local function start()
              local nav = NavigationController{ name = 'nav', root = ViewController{ name = 'first' } }
              window.rootViewController = nav
              nav:push(ViewController{ name = 'second' }, true)
              step(1)
            end
            start()
            window.rootViewController = ViewController{ name = 'home' }
            collectgarbage(); collectgarbage()
            step(60)
            """)
        #expect(h.events.contains("second.didMoveToParent"))
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }
}