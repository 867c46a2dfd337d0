import CLua
import LuaBridge
import ScrimCore
import ScrimLua

/// A full custom transition cycle — present, then dismiss: a presentation controller with a
/// dimming view animated alongside, an animator sliding the sheet over 0.35 s, 60 frames a
/// second, the trace recorded — written as a Lua plugin, against the same written in Swift.
///
/// Its floor is the Swift cycle plus what the plugin's own Lua code costs with no bridge at
/// all: the same plugin in a bare Lua state, on Lua stand-ins for the runtime (`standIns`),
/// called as the runtime calls it in one cycle. The stand-ins are Lua functions and tables, and
/// make the new rects the API's value semantics ask for, so the floor errs high.
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

    /// Lua stand-ins for what the plugin uses — `scrim`'s classes and `plugin`, `rect`, `View`,
    /// `animate`, a transition context and coordinator — doing no more than the plugin needs
    /// of them (a rect read is a new table, as in Scrim), and `cycle()`, which calls the plugin
    /// as the runtime does in one cycle: the same hooks, the same number of times.
    static let standIns = """
        local Rect = {}
        function rect(x, y, width, height) return setmetatable({ x = x, y = y, width = width, height = height }, Rect) end
        local ViewClass = {}
        function ViewClass.__index(view, key)
          if key == "bounds" then return rect(0, 0, 393, 852) end
          return ViewClass[key]
        end
        function ViewClass:insertSubview(view, index) end
        function ViewClass:addSubview(view) end
        function ViewClass:removeFromSuperview() end
        function View(fields) return setmetatable(fields, ViewClass) end
        local completions = {}
        function animate(options, animations, completion)
          animations()
          completions[#completions + 1] = completion
        end
        local function extend(base, name)
          local class = setmetatable({ super = base, name = name }, base)
          class.__index = class
          class.extend = extend
          class.new = function(...)
            local instance = setmetatable({}, class)
            if instance.init then instance:init(...) end
            return instance
          end
          return class
        end
        local container = View{}
        local coordinator = { animateAlongside = function(self, animation) animation() end }
        local sheet = { isBeingPresented = true, transitionCoordinator = coordinator, view = View{} }
        local root = { isBeingPresented = false, transitionCoordinator = coordinator, view = View{} }
        local PresentationController = extend({}, "PresentationController")
        function PresentationController:init(presented, presenting)
          self.presentedViewController, self.presentingViewController, self.containerView = presented, presenting, container
        end
        scrim = { PresentationController = PresentationController, Animator = extend({}, "Animator"),
                  plugin = function(fields) return fields end }
        local function context(from, to)
          return {
            containerView = container, transitionWasCancelled = false,
            viewController = function(self, key) return key == "from" and from or to end,
            view = function(self, key) return (key == "from" and from or to).view end,
            initialFrame = function(self, controller) return rect(0, 426, 393, 426) end,
            finalFrame = function(self, controller) return rect(0, 426, 393, 426) end,
            completeTransition = function(self, completed) end,
          }
        end
        local presentation, dismissal = context(root, sheet), context(sheet, root)
        local function finish()
          for index = #completions, 1, -1 do
            local completion = table.remove(completions, index)
            completion(true)
          end
        end
        function cycle()
          local delegate = benchPlugin.transitioningDelegate
          local controller = delegate.presentationController(delegate, sheet, root, root)
          local animator = delegate.animationControllerForPresented(delegate, sheet, root, root)
          controller:presentationTransitionWillBegin()
          animator:transitionDuration(presentation)
          animator:animateTransition(presentation)
          controller:frameOfPresentedViewInContainerView()
          finish()
          controller:presentationTransitionDidEnd(true)
          animator = delegate.animationControllerForDismissed(delegate, sheet)
          controller:dismissalTransitionWillBegin()
          animator:transitionDuration(dismissal)
          animator:animateTransition(dismissal)
          finish()
          controller:dismissalTransitionDidEnd(true)
        end
        """

    /// Nanoseconds a cycle of the plugin's own Lua code takes on the stand-ins, in a bare state.
    private static func pluginCodeAlone(_ harness: Harness) throws -> Double {
        guard let L = luaL_newstate() else { throw BenchmarkError("cannot make a Lua state") }
        defer { lua_close(L) }
        luaL_openlibs(L)
        func run(_ chunk: String, as name: String, results: Int32 = 0) throws {
            guard luaL_loadstring(L, chunk) == LUA_OK, scrim_pcall(L, 0, results, 0) == LUA_OK else {
                let message = scrim_tostring(L, -1, nil).map { String(cString: $0) } ?? "error"
                throw BenchmarkError("\(name): \(message)")
            }
        }
        try run(standIns, as: "the stand-ins")
        try run(plugin, as: "the plugin", results: 1)
        lua_setglobal(L, "benchPlugin")
        try callGlobal(L, "cycle")
        return try harness.nanoseconds("plugin code alone") { _ = try? callGlobal(L, "cycle") }
    }

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

        let lua = try harness.nanoseconds("Lua cycle") { measuredLuaCycle(luaCycle, runtime) }
        let native = try harness.nanoseconds("Swift cycle") { measuredSwiftCycle(nativeCycle, app) }
        let floor = native + (try pluginCodeAlone(harness))
        return [
            Finding(id: "transition-cycle", title: "transition cycle: Lua plugin (cycles/s)",
                    value: 1e9 / lua, unit: "cycles/s",
                    baseline: .init(label: "native Swift", value: 1e9 / native),
                    ratio: lua / native, target: .ratio(1.3)),
            Finding(id: "transition-cycle.floor", title: "floor: the Swift cycle plus the plugin's Lua code alone (cycles/s)",
                    value: 1e9 / floor, unit: "cycles/s",
                    baseline: .init(label: "native Swift", value: 1e9 / native),
                    ratio: floor / native),
        ]
    }

    /// One measured cycle of each kind, in functions of their own that are never inlined, so
    /// that a profiler can collect inside one alone (`TransitionCycle.measuredLuaCycle`, see
    /// docs/performance.md); the trace is cleared after each, so that it does not grow.
    @inline(never) static func measuredLuaCycle(_ cycle: () -> Void, _ runtime: Runtime) {
        cycle()
        runtime.application.dispatcher.clear()
    }

    @inline(never) static func measuredSwiftCycle(_ cycle: () -> Void, _ app: Application) {
        cycle()
        app.dispatcher.clear()
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
