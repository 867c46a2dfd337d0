import ScrimCore
@testable import ScrimLua
import Testing

/// The design's half sheet, with a sliding animator, as a plugin.
let halfSheetPlugin = """
    local Sheet = scrim.PresentationController:extend("HalfSheet")

    function Sheet:frameOfPresentedViewInContainerView()
      local b = self.containerView.bounds
      return rect(0, b.height / 2, b.width, b.height / 2)
    end

    function Sheet:presentationTransitionWillBegin()
      self.dim = View{ frame = self.containerView.bounds, backgroundColor = "#00000066", alpha = 0, name = "dim" }
      self.containerView:insertSubview(self.dim, 1)
      self.presentedViewController.transitionCoordinator:animateAlongside(function() self.dim.alpha = 1 end)
    end

    function Sheet:presentationTransitionDidEnd(completed)
      if not completed then self.dim:removeFromSuperview() end
    end

    function Sheet:dismissalTransitionWillBegin()
      self.presentedViewController.transitionCoordinator:animateAlongside(function() self.dim.alpha = 0 end)
    end

    function Sheet:dismissalTransitionDidEnd(completed)
      if completed then self.dim:removeFromSuperview() end
    end

    local Slide = scrim.Animator:extend("Slide")
    function Slide:transitionDuration(ctx) return 0.3 end
    function Slide:animateTransition(ctx)
      local presenting = ctx:viewController("to").isBeingPresented
      local vc = ctx:viewController(presenting and "to" or "from")
      local view = ctx:view(presenting and "to" or "from")
      local final = presenting and ctx:finalFrame(vc) or ctx:initialFrame(vc)
      local below = rect(final.x, ctx.containerView.bounds.height, final.width, final.height)
      if presenting then
        view.frame = below
        ctx.containerView:addSubview(view)
      end
      animate({ duration = 0.3, curve = "linear" }, function() view.frame = presenting and final or below end,
        function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
    end
    function Slide:animationEnded(completed) end

    return scrim.plugin {
      name = "half-sheet",
      transitioningDelegate = {
        presentationController = function(_, presented, presenting) return Sheet.new(presented, presenting) end,
        animationControllerForPresented = function() return Slide.new() end,
        animationControllerForDismissed = function() return Slide.new() end,
      },
    }
    """

/// The same transition in Swift.
final class SwiftHalfSheet: PresentationController {
    var dim: View?
    override var frameOfPresentedViewInContainerView: Rect {
        let b = containerView!.bounds
        return Rect(x: 0, y: b.height / 2, width: b.width, height: b.height / 2)
    }
    override func presentationTransitionWillBegin() {
        let dim = View(frame: containerView!.bounds)
        dim.backgroundColor = Color(parsing: "#00000066")
        dim.alpha = 0
        dim.name = "dim"
        containerView!.insertSubview(dim, at: 0)
        self.dim = dim
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { _ in dim.alpha = 1 })
    }
    override func presentationTransitionDidEnd(_ completed: Bool) { if !completed { dim?.removeFromSuperview() } }
    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { [dim] _ in dim?.alpha = 0 })
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) { if completed { dim?.removeFromSuperview() } }
}

final class SwiftSlide: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
    func animateTransition(using context: TransitionContext) {
        let presenting = context.viewController(forKey: .to).isBeingPresented
        let key: TransitionContext.Key = presenting ? .to : .from
        let vc = context.viewController(forKey: key)
        let view = context.view(forKey: key)!
        let final = presenting ? context.finalFrame(for: vc) : context.initialFrame(for: vc)
        let below = Rect(x: final.x, y: context.containerView.bounds.height, width: final.width, height: final.height)
        if presenting {
            view.frame = below
            context.containerView.addSubview(view)
        }
        try! vc.application.animate(duration: 0.3, curve: .linear, animations: { view.frame = presenting ? final : below }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
    var animationEnded: ((Bool) -> Void)? { { _ in } }
}

final class SwiftSheetDelegate: TransitioningDelegate {
    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        { presented, presenting, _ in SwiftHalfSheet(presentedViewController: presented, presenting: presenting) }
    }
    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { _, _, _ in SwiftSlide() }
    }
    var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? { { _ in SwiftSlide() } }
}

@Suite struct PresentationSurfaceTests {
    /// Runs present + dismiss of `sheet` from `root`, recording on-screen values every frame.
    func record(_ app: Application, present: () -> Void, dismiss: () -> Void, sheet: () -> ViewController) -> [String] {
        var frames: [String] = []
        func sample() {
            let view = sheet().viewIfLoaded
            let dim = view?.superview?.subviews.first { $0.name == "dim" }
            frames.append("\(view?.presentation.frame.description ?? "-") \(dim.map { formatNumber($0.presentation.alpha) } ?? "-")")
        }
        present()
        for _ in 0..<25 { app.step(); sample() }
        dismiss()
        for _ in 0..<25 { app.step(); sample() }
        return frames
    }

    @Test func theSameTransitionInSwiftAndLuaGivesTheSameTraceAndFrames() throws {
        let folder = TemporaryFolder()
        folder.write("half-sheet.lua", halfSheetPlugin)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = plugin "half-sheet"
            trace.clear()
            """)
        let luaFrames = record(h.runtime.application, present: { try! h.run("root:present(sheet)") },
                               dismiss: { try! h.run("sheet:dismiss()") },
                               sheet: { h.runtime.application.liveControllers.first { $0.name == "sheet" }! })
        let luaTrace = h.runtime.trace.filter { $0.event != "pluginLoaded" }

        let app = Application()
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = SwiftSheetDelegate()
        app.dispatcher.clear()
        let swiftFrames = record(app, present: { root.present(sheet) }, dismiss: { sheet.dismiss() }, sheet: { sheet })

        // A Swift subclass answers every hook (its base class implements them), a Lua class only
        // those it defines: the container layout hooks differ for that reason alone.
        func comparable(_ events: [TraceEvent]) -> [String] {
            events.filter { !$0.event.hasPrefix("containerView") }.map { event in
                var copy = event
                copy.by = event.by.map { $0.hasPrefix("lua:") || $0.hasPrefix("native:") ? "user" : $0 }
                copy.seq = 0
                return copy.jsonLine
            }
        }
        #expect(comparable(luaTrace) == comparable(app.dispatcher.events))
        #expect(luaTrace.filter { $0.by != nil && !$0.event.hasPrefix("containerView") }.prefix(9).map { "\($0.event) \($0.by!)" } == [
            "presentationControllerForPresented lua:half-sheet", "animationControllerForPresented lua:half-sheet",
            "presentationTransitionWillBegin lua:half-sheet", "transitionDuration lua:half-sheet",
            "animateTransition lua:half-sheet", "completeTransition lua:half-sheet",
            "presentationTransitionDidEnd lua:half-sheet", "animationEnded lua:half-sheet",
            "animationControllerForDismissed lua:half-sheet",
        ])
        #expect(luaTrace.map(\.event).filter { ["viewWillAppear", "viewDidAppear", "presentCompletion", "presentationTransitionDidEnd", "completeTransition"].contains($0) }.prefix(5) == [
            "viewWillAppear", "completeTransition", "viewDidAppear", "presentationTransitionDidEnd", "presentCompletion",
        ])
        #expect(luaTrace.contains { $0.event == "animationEnded" && $0.by == "lua:half-sheet" })
        #expect(luaFrames == swiftFrames)
        #expect(luaFrames[9] == "(0, 639, 393, 426) 0.5")
        #expect(luaFrames.count == 50)
    }

    /// `root` presenting `sheet` in `style`, with `delegate` (a table) given an animator that
    /// holds the transition: its context is `ctx`.
    static func heldPresentation(style: String, delegate: String) -> String {
        """
        local Hold = scrim.Animator:extend("Hold")
        function Hold:transitionDuration() return 1 end
        function Hold:animateTransition(context) ctx = context end
        root = ViewController{ name = "root" }
        window.rootViewController = root
        sheet = ViewController{ name = "sheet", modalPresentationStyle = "\(style)" }
        local delegate = \(delegate)
        delegate.animationControllerForPresented = function() return Hold.new() end
        sheet.transitioningDelegate = delegate
        root:present(sheet, true)
        step(2)
        """
    }

    /// `ctx:view(key)` matches "from" and "to" by their bytes; anything else gets the
    /// ordinary reading and its error.
    @Test func contextKeysAreFromAndTo() throws {
        let h = Harness()
        try h.run(Self.heldPresentation(style: "overFullScreen", delegate: "{}"))
        #expect(try h.value("ctx:view('to') == sheet.view and ctx:view('from') == nil") == "true")
        #expect(try h.value("ctx:viewController('from') == root") == "true")
        #expect(h.failure("ctx:view('t')").contains("bad argument #1 to 'TransitionContext:view' (key must be \"from\" or \"to\", got 't')"))
        #expect(h.failure("ctx:view('toto')").contains("got 'toto'"))
        #expect(h.failure("ctx:view(nil)").contains("(string expected, got nil)"))
        #expect(h.failure("ctx:view(string.rep('to', 30))").contains("key must be"))
    }

    /// `ctx:view` and `ctx:viewController` are answered in C once the answer is known (the
    /// view fixed, the object's userdata alive); every other case takes the method, and the
    /// answers and errors are the method's.
    @Test func keyedMethodsAnswerAsTheirMethodDoes() throws {
        let h = Harness()
        try h.run(Self.heldPresentation(style: "custom", delegate: """
            { presentationController = function(_, presented, presenting) return scrim.PresentationController.new(presented, presenting) end }
            """) + """

            -- The view's first userdata is made here, by the method; the second call is answered in C.
            first = ctx:view("to")
            second = ctx:view("t" .. "o")
            """)
        #expect(try h.value("rawequal(first, second) and first == sheet.view") == "true")
        #expect(try h.value("ctx:view('from') == nil and ctx:view('from') == nil") == "true")
        #expect(try h.value("ctx:viewController('to') == sheet and ctx:viewController('from') == root") == "true")
        #expect(try h.value("ctx:view('to', 'ignored', 3) == sheet.view") == "true")
        // A userdata collected while the view lives: the method makes another.
        try h.run("first, second = nil, nil; collectgarbage(); collectgarbage(); again = ctx:view('to')")
        #expect(try h.value("again == sheet.view and again.frame.width > 0") == "true")
        #expect(h.failure("ctx.view(sheet, 'to')").contains("calling 'TransitionContext:view' on bad self (TransitionContext expected, got ViewController)"))
        #expect(h.failure("ctx.view(nil, 'to')").contains("(TransitionContext expected, got nil)"))
        #expect(h.failure("ctx:view('t')").contains("(key must be \"from\" or \"to\", got 't')"))
        #expect(h.failure("ctx:viewController(1)").contains("bad argument #1 to 'TransitionContext:viewController' (string expected, got number)"))
        // Kept past its transition, the context still answers its fixed views.
        try h.run("ctx:completeTransition(true); run(1)")
        #expect(try h.value("root.presentedViewController == sheet and not sheet.isBeingPresented and ctx:view('to') == sheet.view") == "true")
    }

    @Test func presentAndDismissFromLua() throws {
        let h = Harness()
        try h.run("""
            log = {}
            root = ViewController{ name = "A" }
            window.rootViewController = root
            modal = ViewController{ name = "M", modalPresentationStyle = "fullScreen", modalTransitionStyle = "crossDissolve" }
            root:present(modal, false, function() log[#log + 1] = "presented" end)
            step()
            presenting = modal.presentingViewController == root and root.presentedViewController == modal
            modal:dismiss(true, function() log[#log + 1] = "dismissed" end)
            step()
            coordinator = modal.transitionCoordinator
            dismissing = modal.isBeingDismissed
            run(0.5)
            """)
        #expect(try h.value("table.concat(log, ' ')") == "presented dismissed")
        #expect(try h.value("presenting and dismissing and coordinator.isAnimated") == "true")
        #expect(try h.value("coordinator.transitionDuration") == "0.35")
        #expect(try h.value("root.presentedViewController") == "nil")
        let errors: [(String, String)] = [
            ("modal.modalPresentationStyle = 'sideways'",
             "bad value for 'ViewController.modalPresentationStyle' ('sideways' is not one of \"fullScreen\", \"pageSheet\", \"formSheet\", \"currentContext\", \"custom\", \"overFullScreen\", \"overCurrentContext\", \"popover\", \"automatic\")"),
            ("root:present(View{})", "bad argument #1 to 'ViewController:present' (ViewController expected, got View)"),
            ("modal.transitioningDelegate = 5", "bad value for 'ViewController.transitioningDelegate' (table expected, got number)"),
        ]
        for (code, message) in errors {
            do {
                try h.run(code)
                Issue.record("no error for \(code)")
            } catch {
                #expect("\(error)" == "test.lua:1: " + message)
            }
        }
    }

    @Test func anyTableIsADelegateAndErrorsEndTheTransitionCleanly() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            Broken = scrim.Animator:extend("Broken")
            function Broken:transitionDuration() return 0.25 end
            function Broken:animateTransition(ctx) error("animator failed") end
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = {
              animationControllerForPresented = function() return Broken.new() end,
            }
            root:present(sheet, true, function() done = true end)
            step()
            """)
        #expect(try h.value("done") == "true")
        #expect(try h.value("sheet.view.window == window and sheet.view.frame == window.bounds") == "true")
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error.controller == "sheet")
        #expect(error[arg: "callback"] == .string("animateTransition"))
        #expect(error[arg: "message"] == .string("test.lua:5: animator failed"))
        #expect(h.runtime.trace.first { $0.event == "animateTransition" }?.by == "lua:script")
        #expect(try h.value("type(sheet.transitioningDelegate.animationControllerForPresented)") == "function")
        try h.run("root:present(ViewController{ name = 'other' }, false)")
        #expect(h.runtime.trace.last?.event == "presentRejected")
    }

    @Test func presentationControllerHookErrorsAreReported() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            Faulty = scrim.PresentationController:extend("Faulty")
            function Faulty:presentationTransitionWillBegin() local x = nil; x.y = 1 end
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = {
              presentationController = function(_, presented, presenting) return Faulty.new(presented, presenting) end,
            }
            root:present(sheet, false)
            step()
            """)
        let events = h.runtime.trace.map(\.event)
        #expect(events.contains("presentCompletion"))
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error[arg: "callback"] == .string("presentationTransitionWillBegin"))
        #expect(!events.contains("presentationTransitionDidEnd"), "a hook the class does not define is not traced")
        #expect(try h.value("sheet.presentationController.presentingViewController == root") == "true")
    }

    /// What counts as implementing a hook, as the runtime looks it up before tracing it: a
    /// function on the instance or anywhere up its class chain, at the time of the call; not the
    /// base class's own default, and not a value that is not a function.
    @Test func aPresentationControllersHooksAreFoundWhereverItsClassChainHasThem() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            Sheet = scrim.PresentationController:extend("Sheet")
            Tall = Sheet:extend("Tall")
            Sheet.presentationTransitionDidEnd = scrim.PresentationController.presentationTransitionDidEnd
            Sheet.dismissalTransitionWillBegin = 42
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = {
              presentationController = function(_, presented, presenting)
                local pc = Tall.new(presented, presenting)
                pc.presentationTransitionWillBegin = function() end
                return pc
              end,
            }
            root:present(sheet, false)
            step()
            function Sheet:dismissalTransitionDidEnd(completed) end
            sheet:dismiss(false)
            step()
            """)
        let hooks = h.runtime.trace.map(\.event).filter {
            $0.hasPrefix("presentationTransition") || $0.hasPrefix("dismissalTransition")
        }
        #expect(hooks == ["presentationTransitionWillBegin", "dismissalTransitionDidEnd"])
        #expect(!h.runtime.trace.contains { $0.event == "scriptError" })
    }
}

@Suite struct InteractiveSurfaceTests {
    static let setUp = """
        root = ViewController{ name = "A" }
        window.rootViewController = root
        Slide = scrim.Animator:extend("Slide")
        function Slide:transitionDuration(ctx) return 0.5 end
        function Slide:animateTransition(ctx)
          local vc, view = ctx:viewController("to"), ctx:view("to")
          local final = ctx:finalFrame(vc)
          view.frame = rect(final.x, ctx.containerView.bounds.height, final.width, final.height)
          ctx.containerView:addSubview(view)
          animate({ duration = 0.5, curve = "linear" }, function() view.frame = final end,
            function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
        end
        Drag = scrim.PercentDrivenInteractiveTransition:extend("Drag")
        interaction = Drag.new()
        interaction.completionSpeed = 2
        sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
        sheet.transitioningDelegate = {
          animationControllerForPresented = function() return Slide.new() end,
          interactionControllerForPresentation = function(_, animator) return interaction end,
        }
        root:present(sheet, true, function() presented = true end)
        step()
        """

    @Test func aPercentDrivenInteractionFromLuaScrubsAndFinishes() throws {
        let h = Harness()
        try h.run(InteractiveSurfaceTests.setUp)
        try h.run("interaction:update(0.5); half = sheet.view.presentation.frame.y; percent = sheet.transitionCoordinator.percentComplete")
        #expect(try h.value("half .. ' ' .. percent .. ' ' .. interaction.duration") == "426 0.5 0.5")
        try h.run("interaction:finish(); run(0.125)")
        #expect(try h.value("tostring(presented) .. ' ' .. sheet.view.frame.y") == "true 0")
        let update = try #require(h.runtime.trace.first { $0.event == "updateInteractiveTransition" })
        #expect(update.by == "lua:script" && update[arg: "percent"] == .number(0.5))
        #expect(try h.value("Drag:isInstance(interaction) and interaction.completionSpeed") == "2")
    }

    @Test func cancellingFromLuaPutsEverythingBack() throws {
        let h = Harness()
        try h.run(InteractiveSurfaceTests.setUp)
        try h.run("interaction:update(0.3); interaction:cancel(); run(0.1)")
        #expect(try h.value("tostring(presented) .. ' ' .. tostring(root.presentedViewController)") == "nil nil")
        #expect(h.runtime.trace.contains { $0.event == "cancelInteractiveTransition" })
        #expect(h.runtime.trace.last { $0.event == "completeTransition" }?[arg: "didComplete"] == .bool(false))
    }
}

@Suite struct AdaptationSurfaceTests {
    @Test func theAdaptiveDelegateFromLua() throws {
        let h = Harness()
        try h.run("""
            window:setDevice("iPhone 15", true)
            root = ViewController{ name = "A" }
            window.rootViewController = root
            run(0.5)
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "formSheet" }
            seen = {}
            sheet.presentationController.delegate = {
              adaptivePresentationStyle = function(_, pc, traits)
                seen[#seen + 1] = traits.verticalSizeClass .. " " .. tostring(pc.presentedViewController == sheet)
                return "none"
              end,
              willPresentWithAdaptiveStyle = function(_, pc, style) seen[#seen + 1] = tostring(style) end,
            }
            root:present(sheet)
            run(0.6)
            """)
        #expect(try h.value("table.concat(seen, ', ')") == "compact true, nil")
        #expect(try h.value("root.view.window == window and root.presentedViewController == sheet") == "true")
    }

    /// A replacement that is not a controller is a located script error; the presentation goes on.
    @Test func aReplacementThatIsNotAControllerIsAScriptError() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            step(1)
            Custom = scrim.PresentationController:extend("Custom")
            sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
            sheet.transitioningDelegate = { presentationController = function(_, presented, presenting)
              local pc = Custom.new(presented, presenting)
              pc.delegate = {
                adaptivePresentationStyle = function() return "fullScreen" end,
                viewControllerForAdaptivePresentationStyle = function() return 42 end,
              }
              return pc
            end }
            root:present(sheet, false)
            step(2)
            """)
        #expect(h.scriptErrorMessages == ["viewControllerForAdaptivePresentationStyle returned number, not a ViewController or nil"])
        #expect(try h.value("root.presentedViewController == sheet and sheet.presentationController.presentationStyle") == "fullScreen")
    }
}

@Suite struct InterruptibleAnimatorTests {
    static let setUp = """
        root = ViewController{ name = "A" }
        window.rootViewController = root
        Interruptible = scrim.Animator:extend("Interruptible")
        function Interruptible:transitionDuration() return 0.5 end
        function Interruptible:interruptibleAnimator(ctx)
          if self.animator then return self.animator end
          local vc, view = ctx:viewController("to"), ctx:view("to")
          local final = ctx:finalFrame(vc)
          view.frame = rect(final.x, ctx.containerView.bounds.height, final.width, final.height)
          ctx.containerView:addSubview(view)
          local a = PropertyAnimator{ duration = 0.5, curve = "linear" }
          a:addAnimations(function() view.frame = final end)
          a:addCompletion(function(position) ctx:completeTransition(position == "end") end)
          self.animator = a
          return a
        end
        function Interruptible:animateTransition(ctx) self:interruptibleAnimator(ctx):startAnimation() end
        animator = Interruptible.new()
        sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
        """

    @Test func reversingTheInterruptibleAnimatorMidTransitionCancelsIt() throws {
        let h = Harness()
        try h.run(InterruptibleAnimatorTests.setUp + """
            sheet.transitioningDelegate = { animationControllerForPresented = function() return animator end }
            root:present(sheet, true, function() presented = true end)
            step(16)
            before = sheet.view.presentation.frame.y
            animator.animator.isReversed = true
            run(0.5)
            """)
        #expect(try h.value("before") == "426")
        #expect(try h.value("tostring(presented) .. ' ' .. tostring(root.presentedViewController)") == "nil nil")
        #expect(h.runtime.trace.last { $0.event == "completeTransition" }?[arg: "didComplete"] == .bool(false))
        #expect(try h.value("sheet.view.window") == "nil")
    }

    @Test func aPercentDrivenInteractionScrubsTheInterruptibleAnimator() throws {
        let h = Harness()
        try h.run(InterruptibleAnimatorTests.setUp + """
            interaction = scrim.PercentDrivenInteractiveTransition.new()
            sheet.transitioningDelegate = {
              animationControllerForPresented = function() return animator end,
              interactionControllerForPresentation = function() return interaction end,
            }
            root:present(sheet, true, function() presented = true end)
            step()
            interaction:update(0.25)
            scrubbed = sheet.view.presentation.frame.y .. " " .. animator.animator.fractionComplete
            interaction:finish()
            run(0.5)
            """)
        #expect(try h.value("scrubbed") == "639 0.25")
        #expect(try h.value("tostring(presented) .. ' ' .. sheet.view.frame.y") == "true 0")
    }
}

@Suite struct DetentSurfaceTests {
    @Test func detentsFromLua() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            sheet = ViewController{ name = "sheet" }
            local controller = sheet.sheetPresentationController
            controller.detents = { "medium", "large", { identifier = "peek", height = 100 } }
            controller.selectedDetentIdentifier = "medium"
            controller.largestUndimmedDetentIdentifier = "medium"
            root:present(sheet)
            run(0.6)
            atMedium = sheet.view.frame.y
            controller:animateChanges(function() controller.selectedDetentIdentifier = "large" end)
            run(2)
            """)
        #expect(try h.value("atMedium .. ' ' .. sheet.view.presentation.frame.y") == "458 64")
        #expect(try h.value("table.concat(sheet.sheetPresentationController.detents, ',')") == "medium,large,peek")
        #expect(try h.value("sheet.presentationController == sheet.sheetPresentationController") == "true")
        do {
            try h.run("sheet.sheetPresentationController.detents = { 'tiny' }")
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("detent 1: 'tiny' is not \"medium\", \"large\""))
        }
    }
}

@Suite struct PopoverSurfaceTests {
    @Test func anchoredPopoverFromLua() throws {
        let h = Harness(device: .iPadAir)
        try h.run("""
            root = ViewController{ name = "A" }
            window.rootViewController = root
            button = View{ frame = rect(700, 100, 44, 44) }
            root.view:addSubview(button)
            popover = ViewController{ name = "popover", modalPresentationStyle = "popover", preferredContentSize = size(300, 400) }
            local controller = popover.popoverPresentationController
            controller.sourceView = button
            controller.permittedArrowDirections = { "up", "down" }
            root:present(popover)
            run(0.6)
            """)
        #expect(try h.value("tostring(popover.view.frame) .. ' ' .. popover.popoverPresentationController.arrowDirection")
                == "rect(510, 157, 300, 400) up")
        #expect(try h.value("table.concat(popover.popoverPresentationController.permittedArrowDirections, ',')") == "up,down")
    }
}

@Suite struct DrivenPropertyAnimatorTests {
    static let setUp = """
        root = ViewController{ name = "A" }
        window.rootViewController = root
        WithAnimator = scrim.Animator:extend("WithAnimator")
        function WithAnimator:transitionDuration() return 0.5 end
        function WithAnimator:animateTransition(ctx)
          local vc, view = ctx:viewController("to"), ctx:view("to")
          local final = ctx:finalFrame(vc)
          view.frame = rect(final.x, ctx.containerView.bounds.height, final.width, final.height)
          ctx.containerView:addSubview(view)
          local a = PropertyAnimator{ duration = 0.5, curve = "linear" }
          a:addAnimations(function() view.frame = final end)
          a:addCompletion(function(position) ctx:completeTransition(position == "end") end)
          a:startAnimation()
        end
        interaction = scrim.PercentDrivenInteractiveTransition.new()
        sheet = ViewController{ name = "sheet", modalPresentationStyle = "custom" }
        sheet.transitioningDelegate = {
          animationControllerForPresented = function() return WithAnimator.new() end,
          interactionControllerForPresentation = function() return interaction end,
        }
        root:present(sheet, true, function() presented = true end)
        step()
        """

    @Test func propertyAnimatorsStartedInAnimateTransitionAreScrubbed() throws {
        let h = Harness()
        try h.run(DrivenPropertyAnimatorTests.setUp + """
            run(0.3)
            still = sheet.view.presentation.frame.y
            interaction:update(0.5)
            half = sheet.view.presentation.frame.y
            interaction:finish()
            run(0.5)
            """)
        #expect(try h.value("still .. ' ' .. half") == "852 426")
        #expect(try h.value("tostring(presented) .. ' ' .. sheet.view.frame.y") == "true 0")
    }

    @Test func andRunBackWhenCancelled() throws {
        let h = Harness()
        try h.run(DrivenPropertyAnimatorTests.setUp + """
            interaction:update(0.5)
            interaction:cancel()
            run(0.5)
            """)
        #expect(try h.value("tostring(presented) .. ' ' .. tostring(root.presentedViewController)") == "nil nil")
        #expect(h.runtime.trace.last { $0.event == "completeTransition" }?[arg: "didComplete"] == .bool(false))
    }
}
