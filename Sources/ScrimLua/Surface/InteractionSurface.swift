import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    func defineInteractionSurface() {
        let cls = percentDrivenInteractionClass
        cls.keepsLuaFields = true
        cls.property("percentComplete", number: { $0.percentComplete })
        cls.property("duration", number: { $0.duration })
        cls.property("completionSpeed", get: { i, call in call.state.push(number: i.completionSpeed) },
                     set: { i, call, index in
                         let speed = try call.number(index)
                         guard speed > 0 else { throw call.argumentError(index, "completionSpeed must be > 0") }
                         i.completionSpeed = speed
                     })
        cls.property("completionCurve", get: { i, call in
            call.state.push(TimingCurve.named.first { $0.value == i.completionCurve }?.key ?? "custom")
        }, set: { i, call, index in
            let name = try call.string(index)
            guard let curve = TimingCurve.named[name] else {
                throw call.argumentError(index, "unknown curve '\(name)'; use linear, easeIn, easeOut or easeInOut")
            }
            i.completionCurve = curve
        })
        cls.property("wantsInteractiveStart", get: { i, call in lua_pushboolean(call.L, i.wantsInteractiveStart ? 1 : 0) },
                     set: { i, call, index in i.wantsInteractiveStart = try call.bool(index, default: true) })
        cls.method("update") { i, call in
            i.update(try call.number(2))
            return 0
        }
        cls.action("pause") { $0.pause() }
        cls.action("finish") { $0.finish() }
        cls.action("cancel") { $0.cancel() }

        let context = transitionContextClass
        context.method("updateInteractiveTransition") { ctx, call in
            ctx.updateInteractiveTransition(min(max(try call.number(2), 0), 1))
            return 0
        }
        context.action("pauseInteractiveTransition") { $0.pauseInteractiveTransition() }
        context.action("finishInteractiveTransition") { $0.finishInteractiveTransition() }
        context.action("cancelInteractiveTransition") { $0.cancelInteractiveTransition() }
    }

    /// `native.newPercentDrivenInteraction(class)`.
    func makePercentDrivenInteraction(_ call: LuaCall) throws -> Int32 {
        try call.table(1)
        let interaction = LuaPercentDrivenInteraction()
        call.state.pushWithInstanceTable(interaction, classAt: 1)
        return 1
    }
}

extension Runtime {
    /// Pushes what a Lua delegate receives for `animator`: its table when Lua made it, else nil.
    func pushAnimatorArgument(_ animator: AnimatedTransitioning) {
        if let luaAnimator = animator as? LuaAnimator { luaAnimator.table.push() } else { lua_pushnil(lua.L) }
    }

    /// The interaction controller a Lua delegate returned, on top of the stack (popped when it
    /// is a table): a percent-driven interaction, a native one, or a table with
    /// `startInteractiveTransition`; nil (not interactive) for anything else.
    func popInteractionController(tracedAs traceName: String) -> InteractiveTransitioning? {
        if let percentDriven = (try? lua.object(at: -1)) as? LuaPercentDrivenInteraction {
            percentDriven.luaTraceName = traceName
            return percentDriven
        }
        if let native = (try? lua.object(at: -1)) as? InteractiveTransitioning { return native }
        guard lua_type(lua.L, -1) == LUA_TTABLE else { return nil }
        return LuaInteractionController(runtime: self, table: LuaRef(popping: lua), traceName: traceName)
    }
}
