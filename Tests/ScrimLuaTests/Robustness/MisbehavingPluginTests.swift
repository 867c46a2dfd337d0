import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

/// A plugin that fails in one chosen callback of each transition protocol — delegate,
/// presentation controller, animator, coordinator blocks, animation and completion blocks,
/// hooks — and what every such failure must give: a `scriptError` located in the plugin's file,
/// and a hierarchy back where it should be, with no transition left open.
@Suite struct MisbehavingPluginTests {
    /// Every method calls `fail(name)` first; the chosen one raises there.
    static let plugin = """
        local M = {}
        local function fail(name)
          if M.failIn == name then error("failed in " .. name) end
        end

        local Sheet = scrim.PresentationController:extend("FailingSheet")
        function Sheet:frameOfPresentedViewInContainerView()
          fail("frameOfPresentedViewInContainerView")
          local b = self.containerView.bounds
          return rect(0, b.height / 2, b.width, b.height / 2)
        end
        function Sheet:presentationTransitionWillBegin()
          fail("presentationTransitionWillBegin")
          local dim = View{ frame = self.containerView.bounds, alpha = 0 }
          self.dim = dim
          self.containerView:insertSubview(dim, 1)
          self.presentedViewController.transitionCoordinator:animateAlongside(
            function() fail("alongside"); dim.alpha = 1 end,
            function() fail("alongsideCompletion") end)
        end
        function Sheet:presentationTransitionDidEnd(completed)
          fail("presentationTransitionDidEnd")
          if not completed then self.dim:removeFromSuperview() end
        end
        function Sheet:dismissalTransitionWillBegin()
          fail("dismissalTransitionWillBegin")
          local dim = self.dim
          self.presentedViewController.transitionCoordinator:animateAlongside(function() dim.alpha = 0 end)
        end
        function Sheet:dismissalTransitionDidEnd(completed)
          fail("dismissalTransitionDidEnd")
          if completed and self.dim then self.dim:removeFromSuperview() end
        end
        function Sheet:containerViewWillLayoutSubviews() fail("containerViewWillLayoutSubviews") end
        function Sheet:containerViewDidLayoutSubviews() fail("containerViewDidLayoutSubviews") end

        local Slide = scrim.Animator:extend("FailingSlide")
        function Slide:transitionDuration() fail("transitionDuration"); return 0.3 end
        function Slide:animateTransition(ctx)
          fail("animateTransition")
          local presenting = ctx:viewController("to").isBeingPresented
          local key = presenting and "to" or "from"
          local controller, view = ctx:viewController(key), ctx:view(key)
          local final = presenting and ctx:finalFrame(controller) or ctx:initialFrame(controller)
          local offscreen = rect(final.x, ctx.containerView.bounds.height, final.width, final.height)
          if presenting then
            view.frame = offscreen
            ctx.containerView:addSubview(view)
          else
            final = offscreen
          end
          if M.failIn == "animatorCompletion" then
            local animator = PropertyAnimator{ duration = 0.3 }
            animator:addAnimations(function() view.frame = final end)
            animator:addCompletion(function()
              fail("animatorCompletion"); ctx:completeTransition(not ctx.transitionWasCancelled)
            end)
            animator:startAnimation()
            return
          end
          animate({ duration = 0.3 }, function() fail("animations"); view.frame = final end,
            function() fail("animationCompletion"); ctx:completeTransition(not ctx.transitionWasCancelled) end)
        end
        function Slide:animationEnded(completed) fail("animationEnded") end

        -- An interaction controller that drives the context itself, to the end at once.
        local Driver = {}
        Driver.__index = Driver
        function Driver:startInteractiveTransition(ctx)
          fail("startInteractiveTransition")
          local to = ctx:viewController("to")
          local view = ctx:view("to")
          view.frame = ctx:finalFrame(to)
          ctx.containerView:addSubview(view)
          ctx:updateInteractiveTransition(0.5)
          fail("interactive update")
          ctx:finishInteractiveTransition()
          ctx:completeTransition(true)
        end
        local function driver()
          if M.failIn == "startInteractiveTransition" or M.failIn == "interactive update" then
            return setmetatable({}, Driver)
          end
        end

        M.delegate = {
          presentationController = function(_, presented, presenting)
            fail("presentationController")
            return Sheet.new(presented, presenting)
          end,
          animationControllerForPresented = function() fail("animationControllerForPresented"); return Slide.new() end,
          animationControllerForDismissed = function() fail("animationControllerForDismissed"); return Slide.new() end,
          interactionControllerForPresentation = function() fail("interactionControllerForPresentation"); return driver() end,
          interactionControllerForDismissal = function() fail("interactionControllerForDismissal") end,
        }
        M.hooks = {
          viewWillAppear = function(vc) if vc.name == "sheet" then fail("hook viewWillAppear") end end,
          viewDidDisappear = function(vc) if vc.name == "sheet" then fail("hook viewDidDisappear") end end,
        }
        M.name = "misbehaving"
        return scrim.plugin(M)
        """

    /// The line of `error(…)` in `fail`, where every failure is located.
    static let failLine = 3

    static let callbacks = [
        "presentationController", "animationControllerForPresented", "animationControllerForDismissed",
        "interactionControllerForPresentation", "interactionControllerForDismissal",
        "frameOfPresentedViewInContainerView", "presentationTransitionWillBegin", "presentationTransitionDidEnd",
        "dismissalTransitionWillBegin", "dismissalTransitionDidEnd",
        "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews",
        "transitionDuration", "animateTransition", "animations", "animationCompletion", "animatorCompletion",
        "animationEnded",
        "startInteractiveTransition", "interactive update",
        "alongside", "alongsideCompletion", "hook viewWillAppear", "hook viewDidDisappear",
        "presentCompletion", "dismissCompletion",
    ]

    @Test(arguments: callbacks)
    func aFailureInAnyCallbackIsReportedAndTheHierarchyRecovers(callback: String) throws {
        let folder = TemporaryFolder()
        folder.write("misbehaving.lua", Self.plugin)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("""
            local p = plugin "misbehaving"
            p.failIn = \(luaQuoted(callback))
            local function fail(name)
              if p.failIn == name then error("failed in " .. name) end
            end
            root = ViewController{ name = "root" }
            window.rootViewController = root
            run(0.1)
            sheet = ViewController{ name = "sheet" }
            sheet.modalPresentationStyle = "custom"
            sheet.transitioningDelegate = p.delegate
            root:present(sheet, true, function() fail("presentCompletion"); presented = true end)
            run(1)
            if root.presentedViewController == sheet then
              sheet:dismiss(true, function() fail("dismissCompletion"); dismissed = true end)
              run(1)
            end
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        let failure = try #require(errors.first { "\($0[arg: "message"] ?? .null)".contains("failed in \(callback)") },
                                   "no scriptError for \(callback): \(errors.map(\.jsonLine))")
        let location = try #require(failure[arg: "where"].flatMap { if case .string(let text) = $0 { text } else { nil } })
        let expected = ["misbehaving.lua:\(Self.failLine)", "test.lua:4"]
        #expect(expected.contains { location.hasSuffix($0) }, "\(location)")
        #expect(errors.allSatisfy { $0[arg: "where"] != nil && $0[arg: "where"] != .null }, "\(errors.map(\.jsonLine))")

        // Whatever failed, nothing is left open: the sheet is gone, the root on screen alone.
        let app = h.runtime.application
        let root = try #require(app.window.rootViewController)
        #expect(root.presentedViewController == nil, "\(callback): still presenting")
        #expect(root.transitionCoordinator == nil, "\(callback): a transition is still open")
        #expect(root.view.window === app.window)
        #expect(try h.value("sheet.view.superview == nil") == "true", "\(callback): the sheet's view stayed")
        #expect(try h.value("sheet.transitionCoordinator == nil") == "true")
        // The trace's sequence numbers still count up one by one.
        #expect(h.runtime.trace.map(\.seq) == Array(h.runtime.trace.first!.seq...h.runtime.trace.last!.seq))
    }
}

private func luaQuoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
