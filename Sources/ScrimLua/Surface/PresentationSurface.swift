import CLua
import LuaBridge
import ScrimCore

/// The presentation surface: presenting and dismissing from Lua, transitioning delegates,
/// presentation-controller classes, transition contexts and coordinators.
extension Runtime {
    func definePresentationSurface() {
        defineControllerPresentation()
        definePresentationControllerClass()
        defineTransitionContextClass()
        defineTransitionCoordinatorClass()
    }

    private func defineControllerPresentation() {
        let cls = viewControllerClass
        cls.property("modalPresentationStyle", get: { vc, call in call.state.push(vc.modalPresentationStyle.rawValue) },
                     set: { vc, call, i in vc.modalPresentationStyle = try Runtime.enumValue(call, i, ModalPresentationStyle.self) })
        cls.property("modalTransitionStyle", get: { vc, call in call.state.push(vc.modalTransitionStyle.rawValue) },
                     set: { vc, call, i in vc.modalTransitionStyle = try Runtime.enumValue(call, i, ModalTransitionStyle.self) })
        cls.property("definesPresentationContext", { $0.definesPresentationContext }, set: { $0.definesPresentationContext = $1 }, nilMeans: false)
        cls.property("providesPresentationContextTransitionStyle", { $0.providesPresentationContextTransitionStyle }, set: { $0.providesPresentationContextTransitionStyle = $1 }, nilMeans: false)
        cls.property("presentedViewController", { $0.presentedViewController })
        cls.property("presentingViewController", { $0.presentingViewController })
        cls.property("presentationController", { $0.presentationController })
        cls.property("transitionCoordinator", { $0.transitionCoordinator })
        cls.property("isModalInPresentation", { $0.isModalInPresentation }, set: { $0.isModalInPresentation = $1 }, nilMeans: false)
        cls.action("show", taking: ViewController.self, expected: "ViewController") { $0.show($1) }
        cls.method("showDetail") { vc, call in
            vc.showDetail(try call.object(2, ViewController.self, expected: "ViewController"), sender: nil)
            return 0
        }
        cls.property("isMovingToParent", { $0.isMovingToParent })
        cls.property("isMovingFromParent", { $0.isMovingFromParent })
        cls.property("isBeingPresented", { $0.isBeingPresented })
        cls.property("isBeingDismissed", { $0.isBeingDismissed })
        cls.property("transitioningDelegate", get: { [unowned self] vc, call in
            pushAdapterTable(vc.transitioningDelegate as? LuaTransitioningDelegate, name: "the transitioningDelegate of '\(vc.name)'")
        }, set: { [unowned self] vc, call, i in
            vc.transitioningDelegate = try transitioningDelegate(call, at: i)
        })
        cls.method("present") { [unowned self] vc, call in
            let other = try call.object(2, ViewController.self, expected: "ViewController")
            let animated = try call.bool(3, default: true)
            let completion = try call.optionalFunction(4)
            vc.present(other, animated: animated, completion: completion.map { block in { [unowned self] in
                block.push()
                callLua(nargs: 0, controller: other, callback: "present completion")
            } })
            return 0
        }
        cls.method("dismiss") { [unowned self] vc, call in
            let animated = try call.bool(2, default: true)
            let completion = try call.optionalFunction(3)
            vc.dismiss(animated: animated, completion: completion.map { block in { [unowned self] in
                block.push()
                callLua(nargs: 0, controller: vc, callback: "dismiss completion")
            } })
            return 0
        }
    }

    /// A delegate from a Lua value: a plugin's exports (its `transitioningDelegate`), any
    /// table, or nil.
    private func transitioningDelegate(_ call: LuaCall, at index: Int32) throws -> TransitioningDelegate? {
        if call.isNil(index) { return nil }
        try call.table(index)
        lua.unwrapView(at: index)
        if let plugin = plugins.loaded.first(where: { plugin in
            plugin.exports.push()
            defer { scrim_pop(call.L, 1) }
            return lua_rawequal(call.L, -1, index) != 0
        }) {
            plugin.exports.push()
            lua.rawField("transitioningDelegate", of: -1)
            guard lua_type(call.L, -1) == LUA_TTABLE else {
                scrim_pop(call.L, 2)
                throw call.argumentError(index, "plugin '\(plugin.name)' has no transitioningDelegate table")
            }
            let table = LuaRef(popping: lua)
            scrim_pop(call.L, 1)
            return LuaTransitioningDelegate(runtime: self, table: table, traceName: "lua:\(plugin.name)")
        }
        return try adapterTable(call, at: index, exportedAs: "transitioningDelegate").map {
            LuaTransitioningDelegate(runtime: self, table: $0.table, traceName: $0.traceName)
        }
    }

    static func enumValue<Value: RawRepresentable & CaseIterable>(_ call: LuaCall, _ index: Int32,
                                                                  _ type: Value.Type) throws -> Value where Value.RawValue == String {
        let name = try call.string(index)
        guard let value = Value(rawValue: name) else {
            let names = Value.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw call.argumentError(index, "'\(name)' is not one of \(names)")
        }
        return value
    }

    private func definePresentationControllerClass() {
        let cls = presentationControllerClass
        cls.keepsLuaFields = true
        cls.property("presentedViewController", { $0.presentedViewController })
        cls.property("presentingViewController", { $0.presentingViewController })
        cls.property("containerView", { $0.containerView })
        cls.property("presentationStyle", get: { pc, call in call.state.push(pc.presentationStyle.rawValue) })
        cls.method("attemptUserDismissal") { pc, call in
            lua_pushboolean(call.L, pc.attemptUserDismissal(animated: try call.bool(2, default: true)) ? 1 : 0)
            return 1
        }
        cls.property("delegate", get: { [unowned self] pc, call in
            pushAdapterTable(pc.delegate as? LuaAdaptiveDelegate, name: "the delegate of a presentation controller")
        }, set: { [unowned self] pc, call, i in
            pc.delegate = try adapterTable(call, at: i, traced: false).map {
                LuaAdaptiveDelegate(runtime: self, table: $0.table, traceName: $0.traceName)
            }
        })
    }

    /// `scrim.PresentationController`'s defaults, so `Class.super.presentationTransitionWillBegin(self)`
    /// and `Class.super.frameOfPresentedViewInContainerView(self)` work.
    func installPresentationControllerDefaults() {
        luaPresentationControllerBase.push()
        let classIndex = lua.top
        for hook in ["presentationTransitionWillBegin", "presentationTransitionDidEnd", "dismissalTransitionWillBegin",
                     "dismissalTransitionDidEnd", "containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews"] {
            lua.setFunction(hook, in: classIndex, qualifiedName: "PresentationController:\(hook)") { _ in 0 }
        }
        lua.setFunction("frameOfPresentedViewInContainerView", in: classIndex,
                        qualifiedName: "PresentationController:frameOfPresentedViewInContainerView") { call in
            let pc = try call.object(1, PresentationController.self, expected: "PresentationController")
            call.state.push(pc.containerView?.bounds ?? .zero)
            return 1
        }
        scrim_pop(lua.L, 1)
    }

    /// `native.newPresentationController(class, presented, presenting)`.
    func makePresentationController(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        let presented = try call.object(2, ViewController.self, expected: "ViewController")
        let presenting = try call.optionalObject(3, ViewController.self, expected: "ViewController")
        let controller = LuaPresentationController(runtime: self, presented: presented, presenting: presenting)
        call.state.pushWithInstanceTable(controller, classAt: 1)
        return 1
    }

    private static func key(_ call: LuaCall, _ index: Int32) throws -> TransitionContext.Key {
        if let key = call.choice(index, among: keyNames) { return key }
        let name = try call.string(index)
        guard let key = TransitionContext.Key(rawValue: name) else {
            throw call.argumentError(index, "key must be \"from\" or \"to\", got '\(name)'")
        }
        return key
    }

    private static let keyNames: [(name: StaticString, value: TransitionContext.Key)] = [("from", .from), ("to", .to)]

    private func defineTransitionContextClass() {
        let cls = transitionContextClass
        cls.property("containerView", { $0.containerView })
        cls.property("isAnimated", { $0.isAnimated })
        cls.property("isInteractive", { $0.isInteractive })
        cls.property("transitionWasCancelled",
                     get: { ctx, call in lua_pushboolean(call.L, ctx.transitionWasCancelled ? 1 : 0) })
        cls.property("presentationStyle", get: { ctx, call in call.state.push(ctx.presentationStyle.rawValue) })
        cls.property("targetTransform", get: { ctx, call in call.state.push(ctx.targetTransform) })
        cls.method("viewController", keyedBy: Self.keyNames, known: { ctx, key in ctx.viewController(forKey: key) },
                   returning: { ctx, call in ctx.viewController(forKey: try Runtime.key(call, 2)) })
        cls.method("view", keyedBy: Self.keyNames, known: { ctx, key in ctx.knownView(forKey: key) },
                   returning: { ctx, call in ctx.view(forKey: try Runtime.key(call, 2)) })
        cls.method("initialFrame", returning: { ctx, call in ctx.initialFrame(for: try call.object(2, ViewController.self, expected: "ViewController")) })
        cls.method("finalFrame", returning: { ctx, call in ctx.finalFrame(for: try call.object(2, ViewController.self, expected: "ViewController")) })
        cls.method("completeTransition") { ctx, call in
            guard lua_type(call.L, 2) == LUA_TBOOLEAN else { throw call.typeError(2, expected: "boolean") }
            ctx.completeTransition(lua_toboolean(call.L, 2) != 0)
            return 0
        }
    }

    private func defineTransitionCoordinatorClass() {
        let cls = transitionCoordinatorClass
        cls.property("isAnimated", { $0.isAnimated })
        cls.property("isInteractive", { $0.isInteractive })
        cls.property("isCancelled", { $0.isCancelled })
        cls.property("percentComplete", number: { $0.percentComplete })
        cls.property("transitionDuration", number: { $0.transitionDuration })
        cls.property("completionVelocity", number: { $0.completionVelocity })
        cls.property("presentationStyle", get: { c, call in call.state.push(c.presentationStyle.rawValue) })
        cls.property("containerView", { $0.containerView })
        cls.method("viewController", returning: { c, call in c.viewController(forKey: try Runtime.key(call, 2)) })
        cls.method("view", returning: { c, call in c.view(forKey: try Runtime.key(call, 2)) })
        cls.method("animateAlongside") { [unowned self] coordinator, call in
            let animation = try call.optionalFunction(2)
            let completion = try call.optionalFunction(3)
            try call.checkRoom(coordinator.alongsideCount, for: "alongside animations")
            let controller = coordinator.viewController(forKey: .to)
            let accepted = coordinator.animate(alongsideTransition: animation.map { block in { [unowned self] context in
                block.push()
                lua.push(object: context)
                callLua(nargs: 1, controller: controller, callback: "alongside animation")
            } }, completion: completion.map { block in { [unowned self] context in
                block.push()
                lua.push(object: context)
                callLua(nargs: 1, controller: controller, callback: "alongside completion")
            } })
            lua_pushboolean(call.L, accepted ? 1 : 0)
            return 1
        }
        cls.method("notifyWhenInteractionChanges") { [unowned self] coordinator, call in
            let handler = try call.function(2)
            try call.checkRoom(coordinator.interactionHandlerCount, for: "interaction handlers")
            let controller = coordinator.viewController(forKey: .to)
            coordinator.notifyWhenInteractionChanges { [unowned self] context in
                handler.push()
                lua.push(object: context)
                callLua(nargs: 1, controller: controller, callback: "interaction change")
            }
            return 0
        }
    }
}
