import CLua
import LuaBridge
import ScrimCore

/// The animation surface: `animate`, `animateKeyframes` with `addKeyframe`, `PropertyAnimator{…}`.
extension Runtime {
    func installAnimationFunctions(in scrim: Int32) {
        lua.setFunction("animate", in: scrim) { [unowned self] call in
            let timing = try timingOptions(call, at: 1)
            let animations = try call.function(2)
            let completion = try call.optionalFunction(3)
            try rethrowingAnimationError {
                try application.animate(duration: timing.duration, delay: timing.delay, curve: timing.curve ?? .easeInOut,
                                        options: timing.options, animations: luaBlock(animations, "animations"),
                                        completion: completion.map(luaCompletion))
            }
            return 0
        }
        lua.setFunction("animateKeyframes", in: scrim) { [unowned self] call in
            let timing = try timingOptions(call, at: 1)
            guard let duration = timing.duration else { throw call.argumentError(1, "keyframe animations need a duration") }
            let animations = try call.function(2)
            let completion = try call.optionalFunction(3)
            try rethrowingAnimationError {
                try application.animateKeyframes(duration: duration, delay: timing.delay, curve: timing.curve ?? .linear,
                                                 options: timing.options, animations: luaBlock(animations, "animations"),
                                                 completion: completion.map(luaCompletion))
            }
            return 0
        }
        lua.setFunction("addKeyframe", in: scrim) { [unowned self] call in
            let start = try call.number(1)
            let length = try call.number(2)
            let animations = try call.function(3)
            try rethrowingAnimationError {
                try View.addKeyframe(withRelativeStartTime: start, relativeDuration: length,
                                     animations: luaBlock(animations, "keyframe"))
            }
            return 0
        }
        lua.setFunction("PropertyAnimator", in: scrim) { [unowned self] call in
            let timing = try timingOptions(call, at: 1)
            let animator = try rethrowingAnimationError {
                try PropertyAnimator(application, duration: timing.duration, curve: timing.curve ?? .easeInOut)
            }
            call.state.push(object: animator)
            return 1
        }
    }

    /// `PropertyAnimator`'s Lua surface (UIViewPropertyAnimator's names).
    func definePropertyAnimatorClass() {
        let cls = propertyAnimatorClass
        cls.property("duration", number: { $0.duration })
        cls.property("state", get: { animator, call in call.state.push(animator.state.rawValue) })
        cls.property("isRunning", { $0.isRunning })
        cls.property("fractionComplete", get: { animator, call in call.state.push(number: animator.fractionComplete) },
                     set: { [unowned self] animator, call, i in
                         let fraction = try call.number(i)
                         try rethrowingAnimationError { try animator.setFractionComplete(fraction) }
                     })
        cls.property("isReversed", get: { animator, call in lua_pushboolean(call.L, animator.isReversed ? 1 : 0) },
                     set: { [unowned self] animator, call, i in
                         let reversed = try call.bool(i, default: false)
                         try rethrowingAnimationError { try animator.setReversed(reversed) }
                     })
        cls.property("scrubsLinearly", { $0.scrubsLinearly }, set: { $0.scrubsLinearly = $1 }, nilMeans: true)
        cls.property("pausesOnCompletion", { $0.pausesOnCompletion }, set: { $0.pausesOnCompletion = $1 }, nilMeans: false)
        cls.property("isInterruptible", { $0.isInterruptible }, set: { $0.isInterruptible = $1 }, nilMeans: true)

        cls.method("addAnimations") { [unowned self] animator, call in
            let animations = try call.function(2)
            let delayFactor = try call.optionalNumber(3) ?? 0
            try call.checkRoom(animator.pendingAnimationCount, for: "animation blocks waiting to start")
            try rethrowingAnimationError {
                try animator.addAnimations(luaBlock(animations, "animations"), delayFactor: delayFactor)
            }
            return 0
        }
        cls.method("addCompletion") { [unowned self] animator, call in
            let completion = try call.function(2)
            try call.checkRoom(animator.completionCount, for: "completions")
            let transition = transitionBeingAnimated
            animator.addCompletion { [unowned self] position in
                completion.push()
                lua.push(position.rawValue)
                if !callLua(nargs: 1, controller: nil, callback: "animator completion") {
                    transition?.finishAfterScriptFailure()
                }
            }
            return 0
        }
        cls.method("startAnimation") { [unowned self] animator, call in
            let delay = try call.optionalNumber(2) ?? 0
            try rethrowingAnimationError { try animator.startAnimation(afterDelay: delay) }
            return 0
        }
        cls.method("pauseAnimation") { [unowned self] animator, _ in
            try rethrowingAnimationError { try animator.pauseAnimation() }
            return 0
        }
        cls.method("stopAnimation") { [unowned self] animator, call in
            let withoutFinishing = try call.bool(2, default: false)
            try rethrowingAnimationError { try animator.stopAnimation(withoutFinishing: withoutFinishing) }
            return 0
        }
        cls.method("finishAnimation") { [unowned self] animator, call in
            let name = try call.string(2)
            guard let position = PropertyAnimator.Position(rawValue: name) else {
                throw call.argumentError(2, "position must be \"end\", \"start\" or \"current\", got '\(name)'")
            }
            try rethrowingAnimationError { try animator.finishAnimation(at: position) }
            return 0
        }
        cls.method("continueAnimation") { [unowned self] animator, call in
            var curve: TimingCurve?
            var factor = 1.0
            if !call.isNil(2) {
                try call.table(2)
                curve = try timingOptions(call, at: 2).curve
                call.state.rawField("durationFactor", of: 2)
                defer { scrim_pop(call.L, 1) }
                if !call.isNil(-1) {
                    guard lua_type(call.L, -1) == LUA_TNUMBER else {
                        throw call.argumentError(2, "field 'durationFactor' must be a number")
                    }
                    factor = lua_tonumberx(call.L, -1, nil)
                }
            }
            try rethrowingAnimationError { try animator.continueAnimation(curve: curve, durationFactor: factor) }
            return 0
        }
    }

    // MARK: Helpers

    struct TimingOptions {
        var duration: Double?
        var delay = 0.0
        /// Nil when neither `curve` nor `spring` was given.
        var curve: TimingCurve?
        var options: AnimationOptions = []
    }

    /// Reads `{duration=, delay=, curve=, spring=, beginFromCurrentState=}` (or a bare duration).
    /// `curve` is a name (`"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`) or `{x1, y1, x2, y2}`;
    /// `spring` is `{dampingRatio=, response=, initialVelocity=}` or `{mass=, stiffness=, damping=, initialVelocity=}`.
    func timingOptions(_ call: LuaCall, at index: Int32) throws -> TimingOptions {
        if lua_type(call.L, index) == LUA_TNUMBER {
            return TimingOptions(duration: try call.number(index))
        }
        try call.table(index)
        func field(_ key: StaticString) -> Int32 {
            call.state.rawField(key, of: index)
            return lua_type(call.L, -1)
        }
        func number(_ key: StaticString) throws -> Double? {
            defer { scrim_pop(call.L, 1) }
            switch field(key) {
            case LUA_TNIL: return nil
            case LUA_TNUMBER: return lua_tonumberx(call.L, -1, nil)
            default: throw call.argumentError(index, "field '\(key)' must be a number, got \(call.state.typeName(at: -1))")
            }
        }
        var result = TimingOptions(duration: try number("duration"), delay: try number("delay") ?? 0)
        switch field("curve") {
        case LUA_TNIL: break
        case LUA_TSTRING:
            let name = call.state.string(at: -1)!
            guard let named = TimingCurve.named[name] else {
                scrim_pop(call.L, 1)
                throw call.argumentError(index, "unknown curve '\(name)'; use linear, easeIn, easeOut, easeInOut or {x1, y1, x2, y2}")
            }
            result.curve = named
        case LUA_TTABLE:
            var points: [Double] = []
            for position in 1...4 {
                lua_rawgeti(call.L, -1, lua_Integer(position))
                defer { scrim_pop(call.L, 1) }
                guard lua_type(call.L, -1) == LUA_TNUMBER else {
                    scrim_pop(call.L, 2)
                    throw call.argumentError(index, "field 'curve' must be {x1, y1, x2, y2}: item \(position) is not a number")
                }
                points.append(lua_tonumberx(call.L, -1, nil))
            }
            result.curve = .cubic(x1: points[0], y1: points[1], x2: points[2], y2: points[3])
        default:
            scrim_pop(call.L, 1)
            throw call.argumentError(index, "field 'curve' must be a name or {x1, y1, x2, y2}")
        }
        scrim_pop(call.L, 1)
        switch field("spring") {
        case LUA_TNIL:
            scrim_pop(call.L, 1)
        case LUA_TTABLE:
            let spring = lua_absindex(call.L, -1)
            defer { lua_settop(call.L, spring - 1) }
            guard result.curve == nil else { throw call.argumentError(index, "give either 'curve' or 'spring', not both") }
            func springNumber(_ key: StaticString) throws -> Double? {
                call.state.rawField(key, of: spring)
                defer { scrim_pop(call.L, 1) }
                guard !call.isNil(-1) else { return nil }
                guard lua_type(call.L, -1) == LUA_TNUMBER else {
                    throw call.argumentError(index, "field 'spring.\(key)' must be a number")
                }
                return lua_tonumberx(call.L, -1, nil)
            }
            let velocity = try springNumber("initialVelocity") ?? 0
            if let ratio = try springNumber("dampingRatio") {
                let response = try springNumber("response") ?? 0.5
                guard ratio > 0, response > 0 else {
                    throw call.argumentError(index, "a spring's dampingRatio and response must be positive")
                }
                result.curve = .spring(Spring(dampingRatio: ratio, response: response, initialVelocity: velocity))
            } else if let stiffness = try springNumber("stiffness"), let damping = try springNumber("damping") {
                let mass = try springNumber("mass") ?? 1
                guard mass > 0, stiffness > 0, damping > 0 else {
                    throw call.argumentError(index, "a spring's mass, stiffness and damping must be positive")
                }
                result.curve = .spring(Spring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity))
            } else {
                throw call.argumentError(index, "field 'spring' needs dampingRatio (and response) or stiffness and damping")
            }
        default:
            scrim_pop(call.L, 1)
            throw call.argumentError(index, "field 'spring' must be a table")
        }
        if field("beginFromCurrentState") != LUA_TNIL, lua_toboolean(call.L, -1) != 0 {
            result.options.insert(.beginFromCurrentState)
        }
        scrim_pop(call.L, 1)
        return result
    }

    /// A Swift block that calls the Lua function `block` protected, reporting errors as
    /// `scriptError` in `callback`.
    func luaBlock(_ block: LuaRef, _ callback: String) -> () -> Void {
        { [unowned self] in
            block.push()
            callLua(nargs: 0, controller: nil, callback: callback)
        }
    }

    /// A completion block that calls the Lua function `block` protected. One made while a Lua
    /// animator sets up its transition finishes that transition if it fails (it was to call
    /// `completeTransition`, most likely): no transition is left open by a failing block.
    func luaCompletion(_ block: LuaRef) -> (Bool) -> Void {
        let transition = transitionBeingAnimated
        return { [unowned self] finished in
            block.push()
            lua_pushboolean(lua.L, finished ? 1 : 0)
            if !callLua(nargs: 1, controller: nil, callback: "completion") { transition?.finishAfterScriptFailure() }
        }
    }

    /// Runs `body`, turning an `AnimationError` into a Lua error.
    func rethrowingAnimationError<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AnimationError {
            throw LuaRaise(error.description)
        }
    }
}
