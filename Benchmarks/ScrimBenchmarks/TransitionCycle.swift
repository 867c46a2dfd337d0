import CLua
import LuaBridge
import ScrimCore
import ScrimLua

/// A full custom transition cycle — present, then dismiss: a presentation controller with a
/// dimming view animated alongside, an animator sliding the sheet over 0.35 s, 60 frames a
/// second, the trace recorded — written as a Lua plugin, against the same written in Swift.
enum TransitionCycle {
    /// Frames each half of a cycle runs: the 0.35 s animation (21 frames) and the turns
    /// around it.
    static let framesPerTransition = 24

    static let plugin = """
        local Dimmed = scrim.PresentationController:extend("DimmedSheet")

        function Dimmed:frameOfPresentedViewInContainerView()
          local b = self.containerView.bounds
          return rect(0, b.height / 2, b.width, b.height / 2)
        end

        function Dimmed:presentationTransitionWillBegin()
          local dim = View{ frame = self.containerView.bounds, alpha = 0 }
          self.dim = dim
          self.containerView:insertSubview(dim, 1)
          self.presentedViewController.transitionCoordinator:animateAlongside(function() dim.alpha = 1 end)
        end

        function Dimmed:presentationTransitionDidEnd(completed)
          if not completed then self.dim:removeFromSuperview() end
        end

        function Dimmed:dismissalTransitionWillBegin()
          local dim = self.dim
          self.presentedViewController.transitionCoordinator:animateAlongside(function() dim.alpha = 0 end)
        end

        function Dimmed:dismissalTransitionDidEnd(completed)
          if completed then self.dim:removeFromSuperview() end
        end

        local Slide = scrim.Animator:extend("SlideUp")

        function Slide:transitionDuration() return 0.35 end

        function Slide:animateTransition(ctx)
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
          animate({ duration = 0.35, curve = "linear" }, function() view.frame = final end,
            function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
        end

        return scrim.plugin {
          name = "bench-sheet",
          transitioningDelegate = {
            presentationController = function(_, presented, presenting) return Dimmed.new(presented, presenting) end,
            animationControllerForPresented = function() return Slide.new() end,
            animationControllerForDismissed = function() return Slide.new() end,
          },
        }
        """

    static func run(_ harness: Harness) throws -> [Finding] {
        let folder = try ScratchFolder()
        try folder.write("bench-sheet.lua", plugin)
        let runtime = try Runtime(configuration: .init(pluginPaths: [folder.path]))
        _ = try runtime.eval("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            sheet = ViewController{ name = "sheet" }
            sheet.modalPresentationStyle = "custom"
            sheet.transitioningDelegate = plugin "bench-sheet"
            function cycle()
              root:present(sheet, true)
              step(\(framesPerTransition))
              sheet:dismiss(true)
              step(\(framesPerTransition))
            end
            """)
        let L = runtime.lua.L
        let luaCycle = { _ = try? callGlobal(L, "cycle") }

        let app = Application()
        let root = ViewController(app, name: "root")
        app.window.rootViewController = root
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = DimmedSheetDelegate()
        sheet.transitioningDelegate = delegate
        let nativeCycle = {
            root.present(sheet, animated: true)
            app.step(frames: framesPerTransition)
            sheet.dismiss(animated: true)
            app.step(frames: framesPerTransition)
        }

        // Both must do the same work: the same events, in the same order, each cycle.
        let luaEvents = try events(of: { try callGlobal(L, "cycle") }, in: runtime.application)
        let nativeEvents = try events(of: nativeCycle, in: app)
        guard luaEvents == nativeEvents, luaEvents.contains("dismissCompletion sheet") else {
            let first = luaEvents.indices.first { $0 >= nativeEvents.count || luaEvents[$0] != nativeEvents[$0] } ?? luaEvents.count
            throw BenchmarkError("the Lua and Swift cycles differ at event \(first + 1): "
                                 + "\(luaEvents.dropFirst(first).first ?? "end") against \(nativeEvents.dropFirst(first).first ?? "end")")
        }

        let lua = try harness.nanoseconds("Lua cycle") {
            luaCycle()
            runtime.application.dispatcher.clear()
        }
        let native = try harness.nanoseconds("Swift cycle") {
            nativeCycle()
            app.dispatcher.clear()
        }
        return [Finding(id: "transition-cycle", title: "transition cycle: Lua plugin (cycles/s)",
                        value: 1e9 / lua, unit: "cycles/s",
                        baseline: .init(label: "native Swift", value: 1e9 / native),
                        ratio: lua / native, target: .ratio(1.3))]
    }

    /// The names of the events one cycle records, checking that it ended where it began.
    private static func events(of cycle: () throws -> Void, in app: Application) throws -> [String] {
        app.dispatcher.clear()
        try cycle()
        defer { app.dispatcher.clear() }
        guard app.window.rootViewController?.presentedViewController == nil else {
            throw BenchmarkError("a transition cycle did not end dismissed")
        }
        return app.dispatcher.events.map { "\($0.event) \($0.controller ?? "-")" }
    }
}

/// The Swift twin of the Lua plugin above.
private final class DimmedSheet: PresentationController {
    var dim: View?

    /// Like the Lua class, it does not implement the container-view layout callbacks.
    override func implements(_ event: TraceEventName) -> Bool {
        event != .containerViewWillLayoutSubviews && event != .containerViewDidLayoutSubviews
    }

    override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView?.bounds ?? .zero
        return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }

    override func presentationTransitionWillBegin() {
        let dim = View(frame: containerView!.bounds)
        dim.alpha = 0
        self.dim = dim
        containerView!.insertSubview(dim, at: 0)
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { _ in dim.alpha = 1 })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dim?.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { [dim] _ in dim?.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dim?.removeFromSuperview() }
    }
}

private final class SlideUp: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext) -> Double { 0.35 }

    func animateTransition(using context: TransitionContext) {
        let presenting = context.viewController(forKey: .to).isBeingPresented
        let key: TransitionContext.Key = presenting ? .to : .from
        let controller = context.viewController(forKey: key)
        let view = context.view(forKey: key)!
        var final = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        let offscreen = Rect(x: final.x, y: context.containerView.bounds.height, width: final.width, height: final.height)
        if presenting {
            view.frame = offscreen
            context.containerView.addSubview(view)
        } else {
            final = offscreen
        }
        try? controller.application.animate(duration: 0.35, curve: .linear, animations: { view.frame = final }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }
}

private final class DimmedSheetDelegate: TransitioningDelegate {
    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        { presented, presenting, _ in DimmedSheet(presentedViewController: presented, presenting: presenting) }
    }
    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { _, _, _ in SlideUp() }
    }
    var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? {
        { _ in SlideUp() }
    }
}
