import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua

/// The runtime a generated sequence runs in: a tab bar controller at the root (a navigation
/// controller and a plain controller as tabs), the shipped half-sheet plugin and a model sheet
/// plugin whose next transition can be made interactive and which `reload` rewrites. Each
/// operation runs as Lua through the scenario surface, as a user's script would.
final class ModelWorld {
    /// The presentation styles `present` chooses from; `model` and `halfSheet` are custom
    /// presentations by the two plugins.
    static let styles = ["fullScreen", "overFullScreen", "pageSheet", "formSheet", "currentContext",
                         "overCurrentContext", "popover", "automatic", "model", "halfSheet"]

    let runtime: Runtime
    private let folder = TemporaryFolder()
    private(set) var errors: [String] = []

    init() throws {
        folder.write("model-sheet.lua", Self.modelSheet(variant: 0))
        runtime = Runtime(pluginPaths: [folder.path, PluginManager.shippedPluginsDirectory!])
        runtime.errorOutput = { [unowned self] in errors.append($0) }
        try runtime.eval(Self.prelude, chunkName: "@world.lua")
    }

    var application: Application { runtime.application }

    /// Runs `operation`; a Lua error it raises is returned (the world's own code raises none
    /// unless the runtime refuses something).
    func perform(_ operation: ModelOperation) -> String? {
        do {
            try runtime.eval(lua(for: operation), chunkName: "@step.lua")
            return nil
        } catch {
            return error.message
        }
    }

    /// Ends what a finger or an interaction left running, then runs ten seconds of frames.
    func settle() -> String? {
        do {
            try runtime.eval("world.settle()", chunkName: "@settle.lua")
            return nil
        } catch {
            return error.message
        }
    }

    /// Drops every reference the scripts hold and collects garbage until no more controllers
    /// go: a controller made in Lua is held by its userdata while native code holds it, so a
    /// chain of them goes one link per collection.
    func dropScriptReferences() {
        _ = try? runtime.eval("world.forget(); world = nil", chunkName: "@forget.lua")
        var alive = Int.max
        var roundsUnchanged = 0
        while roundsUnchanged < 3 {
            let count = application.liveControllers.count
            roundsUnchanged = count < alive ? 0 : roundsUnchanged + 1
            alive = count
            _ = try? runtime.eval("collectgarbage(); collectgarbage()", chunkName: "@forget.lua")
        }
    }

    private func lua(for operation: ModelOperation) -> String {
        switch operation {
        case let .present(from, style, animated, inNavigation):
            return "world.present(\(from), '\(Self.styles[style])', \(animated), \(inNavigation))"
        case let .dismiss(level, animated): return "world.dismiss(\(level), \(animated))"
        case let .push(navigation, animated): return "world.push(\(navigation), \(animated))"
        case let .pop(navigation, animated): return "world.pop(\(navigation), \(animated))"
        case let .popToRoot(navigation, animated): return "world.popToRoot(\(navigation), \(animated))"
        case let .selectTab(index): return "world.selectTab(\(index))"
        case let .addChild(parent): return "world.addChild(\(parent))"
        case let .removeChild(child): return "world.removeChild(\(child))"
        case let .definesContext(controller): return "world.definesContext(\(controller))"
        case let .interactive(on): return "world.control.interactive = \(on)"
        case let .update(percent): return "world.interact('update', \(percent))"
        case .pauseInteraction: return "world.interact('pause')"
        case .finishInteraction: return "world.interact('finish')"
        case .cancelInteraction: return "world.interact('cancel')"
        case let .touchDown(onEdge): return "world.touchDown(\(onEdge))"
        case let .touchMove(fraction): return "world.touchMove(\(fraction))"
        case .touchUp: return "world.touchUp()"
        case .tapTop: return "window:tap(point(window.size.width / 2, 40))"
        case let .setSize(landscape): return landscape ? "window:setSize(852, 393)" : "window:setSize(393, 852)"
        case .memoryWarning: return "scrim.simulateMemoryWarning()"
        case let .reload(variant):
            folder.write("model-sheet.lua", Self.modelSheet(variant: variant))
            return "world.reload(\(variant == 2))"
        case let .step(frames): return "step(\(frames))"
        }
    }

    /// The world's helpers. Lists are built afresh each step from the live hierarchy; an index
    /// picks modulo the list's length, and an empty list makes the step do nothing.
    static let prelude = """
        local world = { count = 0, added = {}, navigations = {}, control = {}, completions = 0 }
        _G.world = world

        local function new(prefix)
          world.count = world.count + 1
          local name = prefix .. world.count
          return ViewController{ name = name, viewDidLoad = function(self)
            self.view:addSubview(View{ name = name .. ".label", frame = rect(16, 100, 200, 40) })
          end }
        end

        local function navigation(root)
          world.count = world.count + 1
          local nav = NavigationController{ name = "nav" .. world.count, root = root }
          world.navigations[#world.navigations + 1] = nav
          return nav
        end

        local function pick(list, index)
          if #list == 0 then return nil end
          return list[index % #list + 1]
        end

        -- Every controller of the hierarchy: children, then what each presents.
        function world.all()
          local list, seen = {}, {}
          local function visit(vc)
            if not vc or seen[vc] then return end
            seen[vc] = true
            list[#list + 1] = vc
            for _, child in ipairs(vc.children) do visit(child) end
            visit(vc.presentedViewController)
          end
          visit(window.rootViewController)
          return list, seen
        end

        local function onScreen()
          local list = {}
          for _, vc in ipairs(world.all()) do
            local view = vc.viewIfLoaded
            if view and view.window then list[#list + 1] = vc end
          end
          return list
        end

        local function navigationsInHierarchy()
          local _, seen = world.all()
          local list = {}
          for _, nav in ipairs(world.navigations) do
            if seen[nav] then list[#list + 1] = nav end
          end
          return list
        end

        local function complete() world.completions = world.completions + 1 end

        function world.present(from, style, animated, inNavigation)
          local presenter = pick(onScreen(), from)
          if not presenter then return end
          local content = new("p")
          local vc = inNavigation and navigation(content) or content
          if style == "model" then
            vc.modalPresentationStyle = "custom"
            vc.transitioningDelegate = plugin("model-sheet").delegate(world.control)
          elseif style == "halfSheet" then
            vc.modalPresentationStyle = "custom"
            vc.transitioningDelegate = plugin("half-sheet").transitioningDelegate
          else
            vc.modalPresentationStyle = style
            if style == "popover" then vc.popoverPresentationController.sourceView = presenter.view end
          end
          presenter:present(vc, animated, complete)
        end

        function world.dismiss(level, animated)
          local chain = {}
          for _, vc in ipairs(world.all()) do
            if vc == window.rootViewController or (vc.presentingViewController and not vc.parent) then
              chain[#chain + 1] = vc
            end
          end
          pick(chain, level):dismiss(animated, complete)
        end

        function world.push(index, animated)
          local nav = pick(navigationsInHierarchy(), index)
          if nav then nav:push(new("c"), animated) end
        end

        function world.pop(index, animated)
          local nav = pick(navigationsInHierarchy(), index)
          if nav then nav:pop(animated) end
        end

        function world.popToRoot(index, animated)
          local nav = pick(navigationsInHierarchy(), index)
          if nav then nav:popToRoot(animated) end
        end

        function world.selectTab(index)
          local tabs = window.rootViewController
          tabs.selectedIndex = index % #tabs.viewControllers + 1
        end

        function world.addChild(index)
          local parents = {}
          for _, vc in ipairs(world.all()) do
            if vc.name:match("^[pcs]%d") or vc.name == "home" or vc.name == "side" then parents[#parents + 1] = vc end
          end
          local parent = pick(parents, index)
          if not parent then return end
          local child = new("s")
          parent:addChild(child)
          child.view.frame = rect(20, 200, 160, 120)
          parent.view:addSubview(child.view)
          child:didMove(parent)
          world.added[#world.added + 1] = child
        end

        function world.removeChild(index)
          if #world.added == 0 then return end
          local position = index % #world.added + 1
          local child = table.remove(world.added, position)
          if not child.parent then return end
          child:willMove(nil)
          child.view:removeFromSuperview()
          child:removeFromParent()
        end

        function world.definesContext(index)
          local vc = pick(world.all(), index)
          vc.definesPresentationContext = not vc.definesPresentationContext
        end

        function world.interact(action, percent)
          local interaction = world.control.interaction
          if interaction then interaction[action](interaction, percent) end
        end

        function world.touchDown(onEdge)
          local w, h = window.size.width, window.size.height
          local at = point(1, h / 2)
          if not onEdge then
            local top = window.rootViewController
            while top.presentedViewController do top = top.presentedViewController end
            local view = top.viewIfLoaded
            if not view or not view.window then return end
            local f = view.presentation.frame
            at = point(f.x + f.width / 2, f.y + math.min(f.height / 2, 40))
          end
          world.touch = { at = at, onEdge = onEdge }
          window:touchDown(at)
        end

        function world.touchMove(fraction)
          local touch = world.touch
          if not touch then return end
          local at = touch.onEdge and point(touch.at.x + fraction * window.size.width, touch.at.y)
                                   or point(touch.at.x, touch.at.y + fraction * window.size.height)
          touch.last = at
          window:touchMove(at)
        end

        function world.touchUp()
          local touch = world.touch
          if not touch then return end
          world.touch = nil
          window:touchUp(touch.last or touch.at)
        end

        function world.reload(broken)
          local ok, message = scrim.reload("model-sheet")
          if ok == broken then error("reload gave " .. tostring(ok) .. ": " .. tostring(message)) end
        end

        function world.settle()
          world.touchUp()
          world.control.interactive = false
          for _ = 1, 4 do
            world.interact("finish")
            run(2.5)
          end
        end

        function world.forget()
          world.control.interaction = nil
          world.added = {}
          world.navigations = {}
        end

        plugin("model-sheet")
        plugin("half-sheet")
        window.rootViewController = TabBarController{ name = "tabs", viewControllers = {
          navigation(ViewController{ name = "home" }),
          ViewController{ name = "side" },
        } }
        step()
        """

    /// The model sheet plugin: a dimmed custom presentation with an animator, whose
    /// interaction controller (when `control.interactive` is set) is kept in
    /// `control.interaction` for the sequence to drive. Variants 0 and 1 differ in timing and
    /// dimming; variant 2 does not compile.
    static func modelSheet(variant: Int) -> String {
        if variant == 2 { return "return scrim.plugin { name = 'model-sheet', -- broken\n" }
        let duration = variant == 0 ? "0.3" : "0.5"
        let curve = variant == 0 ? "easeOut" : "linear"
        return """
            local Sheet = scrim.PresentationController:extend("ModelSheet")

            function Sheet:frameOfPresentedViewInContainerView()
              local b = self.containerView.bounds
              return rect(0, b.height / 3, b.width, b.height * 2 / 3)
            end

            function Sheet:presentationTransitionWillBegin()
              local dim = View{ name = "model.dim", frame = self.containerView.bounds, alpha = 0 }
              self.dim = dim
              self.containerView:insertSubview(dim, 1)
              self.presentedViewController.transitionCoordinator:animateAlongside(function() dim.alpha = \(variant == 0 ? "1" : "0.8") end)
            end

            function Sheet:presentationTransitionDidEnd(completed)
              if not completed then self.dim:removeFromSuperview() end
            end

            function Sheet:dismissalTransitionWillBegin()
              local dim = self.dim
              self.presentedViewController.transitionCoordinator:animateAlongside(function() dim.alpha = 0 end)
            end

            function Sheet:dismissalTransitionDidEnd(completed)
              if completed then self.dim:removeFromSuperview() end
            end

            local Slide = scrim.Animator:extend("ModelSlide")

            function Slide:transitionDuration() return \(duration) end

            function Slide:animateTransition(ctx)
              local presenting = ctx:viewController("to").isBeingPresented
              local key = presenting and "to" or "from"
              local vc, view = ctx:viewController(key), ctx:view(key)
              local shown = presenting and ctx:finalFrame(vc) or view.frame
              local below = rect(shown.x, ctx.containerView.bounds.height, shown.width, shown.height)
              if presenting then
                view.frame = below
                ctx.containerView:addSubview(view)
              end
              animate({ duration = \(duration), curve = "\(curve)" }, function()
                view.frame = presenting and shown or below
              end, function()
                ctx:completeTransition(not ctx.transitionWasCancelled)
              end)
            end

            local function interaction(control)
              if not control.interactive then return nil end
              control.interaction = scrim.PercentDrivenInteractiveTransition.new()
              return control.interaction
            end

            local function delegate(control)
              return {
                presentationController = function(_, presented, presenting) return Sheet.new(presented, presenting) end,
                animationControllerForPresented = function() return Slide.new() end,
                animationControllerForDismissed = function() return Slide.new() end,
                interactionControllerForPresentation = function() return interaction(control) end,
                interactionControllerForDismissal = function() return interaction(control) end,
              }
            end

            return scrim.plugin { name = "model-sheet", version = "\(variant)", delegate = delegate }
            """
    }
}
