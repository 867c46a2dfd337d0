import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// Names that are both globals and fields of the `scrim` table.
    static let surfaceGlobals = ["ViewController", "View", "GradientView", "Label", "ImageView", "image", "window", "rect", "size", "point",
                                 "run", "step", "trace", "plugin", "animate", "animateKeyframes", "addKeyframe",
                                 "PropertyAnimator", "NavigationController", "TabBarController", "SplitViewController",
                                 "TapGestureRecognizer", "PanGestureRecognizer", "ScreenEdgePanGestureRecognizer"]

    /// Builds the scenario surface (docs/lua-api.md; docs/architecture.md says how to add to it): the bridged classes, the prelude, the
    /// `scrim` table and its globals.
    func installSurface() {
        let L = lua.L
        defineViewClass()
        defineWindowClass()
        defineGradientViewClass()
        defineLabelClass()
        defineImageClasses()
        defineViewControllerClass()
        definePropertyAnimatorClass()
        definePresentationSurface()
        defineInteractionSurface()
        defineSheetSurface()
        definePopoverSurface()
        defineNavigationSurface()
        defineTabBarSurface()
        defineSplitViewSurface()
        defineStateCoderSurface()
        defineGestureSurface()
        defineSegueSurface()
        defineRestorationProperties()
        lua.register(windowClass)
        lua.register(gradientViewClass)
        lua.register(labelClass)
        lua.register(imageViewClass)
        lua.register(imageClass)
        lua.register(navigationBarClass)
        lua.register(tabBarClass)
        lua.register(splitViewControllerClass)
        lua.register(viewClass)
        lua.register(navigationControllerClass)
        lua.register(tabBarControllerClass)
        lua.register(viewControllerClass)
        lua.register(propertyAnimatorClass)
        lua.register(sheetPresentationControllerClass)
        lua.register(popoverPresentationControllerClass)
        lua.register(presentationControllerClass)
        lua.register(transitionContextClass)
        lua.register(transitionCoordinatorClass)
        lua.register(percentDrivenInteractionClass)
        lua.register(segueClass)
        lua.register(stateCoderClass)
        lua.register(screenEdgePanGestureRecognizerClass)
        lua.register(panGestureRecognizerClass)
        lua.register(tapGestureRecognizerClass)
        lua.register(gestureRecognizerClass)
        lua.register(BridgedClass<PluginFiles>("PluginFiles"))

        lua_createtable(L, 0, 16)
        let scrim = lua.top
        lua_createtable(L, 0, 4)
        for (key, name) in [("Rect", LuaState.rectMetatable), ("Size", LuaState.sizeMetatable),
                            ("Point", LuaState.pointMetatable), ("Transform", LuaState.transformMetatable)] {
            luaL_newmetatable(L, name)
            lua.push(key)
            lua_setfield(L, -2, "__name")
            lua_setfield(L, -2, key)
        }
        lua_createtable(L, 0, 2)
        lua.setFunction("newViewController", in: -1) { [unowned self] call in try makeViewController(call) }
        lua.setFunction("newPresentationController", in: -1) { [unowned self] call in try makePresentationController(call) }
        lua.setFunction("newPercentDrivenInteraction", in: -1) { [unowned self] call in try makePercentDrivenInteraction(call) }
        lua.setFunction("classOf", in: -1) { call in
            guard lua_type(call.L, 1) == LUA_TUSERDATA, lua_getiuservalue(call.L, 1, 1) == LUA_TTABLE,
                  lua_getmetatable(call.L, -1) != 0 else { return 0 }
            return 1
        }
        // A native object's metatable, which scripts do not get (`__metatable`): for completion.
        lua.setFunction("metatableOf", in: -1) { call in
            guard lua_type(call.L, 1) == LUA_TUSERDATA, lua_getmetatable(call.L, 1) != 0 else { return 0 }
            return 1
        }
        lua.setFunction("plugin", in: -1, qualifiedName: "plugin") { [unowned self] call in
            let name = try call.string(1)
            try plugins.load(named: name).exports.push()
            return 1
        }
        lua.setFunction("write", in: -1, qualifiedName: "print") { [unowned self] call in
            printOutput(try call.string(1))
            return 0
        }
        installSandboxNatives(in: -1)
        lua_pushvalue(L, -1)
        let native = LuaRef(popping: lua)
        natives = native
        if let error = lua.load(builtIn: ReadOnlyViews.source, chunkName: ReadOnlyViews.chunkName) {
            fatalError("the read-only views do not compile: \(error)")
        }
        lua_pushlightuserdata(L, lua.viewKey)
        if let error = lua.protectedCall(nargs: 1, nresults: 1) {
            fatalError("the read-only views failed: \(error)")
        }
        let views = LuaRef(popping: lua)
        // Tables a class holds come out of its instances as views (`scrim_class_table_view`).
        views.push()
        lua.rawField("view", of: -1)
        lua.setClassTableView()
        scrim_pop(L, 1)
        if let error = lua.load(builtIn: Prelude.source, chunkName: Prelude.chunkName) {
            fatalError("the prelude does not compile: \(error)")
        }
        lua_pushvalue(L, scrim)
        lua_rotate(L, -4, 2)
        views.push()
        lua_pushlightuserdata(L, lua.superKey)
        if let error = lua.protectedCall(nargs: 5, nresults: 1) {
            fatalError("the prelude failed: \(error)")
        }
        internals = LuaRef(popping: lua)
        native.push()
        views.push()
        keepSandboxInputs(native: lua.top - 1, scrim: scrim, views: lua.top)
        scrim_pop(L, 2)

        // The base classes themselves (scripts get views of them).
        internals.push()
        lua.rawField("ViewController", of: -1)
        luaViewControllerBase = LuaRef(popping: lua)
        installViewControllerDefaults()
        lua.rawField("PresentationController", of: -1)
        luaPresentationControllerBase = LuaRef(popping: lua)
        installPresentationControllerDefaults()
        lua.rawField("Animator", of: -1)
        luaAnimatorBase = LuaRef(popping: lua)
        scrim_pop(L, 1)

        lua.setFunction("View", in: scrim) { [unowned self] call in try makeView(call) }
        lua.setFunction("GradientView", in: scrim) { [unowned self] call in try makeGradientView(call) }
        lua.setFunction("Label", in: scrim) { [unowned self] call in try makeLabel(call) }
        lua.setFunction("ImageView", in: scrim) { [unowned self] call in try makeImageView(call) }
        lua.setFunction("image", in: scrim) { [unowned self] call in
            guard try Runtime.pushImage(from: scenarioFiles, call) == 1 else { throw LuaRaise(call.state.string(at: -1) ?? "image: not loaded") }
            return 1
        }
        lua.setFunction("NavigationController", in: scrim) { [unowned self] call in try makeNavigationController(call) }
        lua.setFunction("TabBarController", in: scrim) { [unowned self] call in try makeTabBarController(call) }
        lua.setFunction("SplitViewController", in: scrim) { [unowned self] call in try makeSplitViewController(call) }
        lua.push(object: application.window)
        lua_setfield(L, scrim, "window")
        installClockFunctions(in: scrim)
        installAnimationFunctions(in: scrim)
        installGestureConstructors(in: scrim)
        installTrace(in: scrim)
        installPluginFunctions(in: scrim)
        installRestorationSurface(in: scrim)

        for name in Runtime.surfaceGlobals {
            lua.rawField(name, of: scrim)
            lua_setglobal(L, name)
        }
        lua_setglobal(L, "scrim")
        restrictDebugLibrary()
    }

    /// Scenarios, the REPL and clients' evaluations keep `debug.traceback` and `debug.getinfo`
    /// of the debug library: the rest of it (`setupvalue`, `setmetatable` on userdata,
    /// `getregistry`, `upvaluejoin` …) reaches past every check that keeps the host whole. The
    /// sandbox keeps the whole library (its copy of the globals was made before this), for
    /// plugins a host grants `debug`; REPL completion reads metatables through the natives.
    private func restrictDebugLibrary() {
        let L = lua.L
        lua_getglobal(L, "debug")
        let full = lua.top
        natives.push()
        lua_getfield(L, full, "getmetatable")
        lua_setfield(L, -2, "rawGetmetatable")
        scrim_pop(L, 1)
        lua_createtable(L, 0, 2)
        for name in ["traceback", "getinfo"] {
            lua_getfield(L, full, name)
            lua_setfield(L, -2, name)
        }
        lua_pushvalue(L, -1)
        lua_setglobal(L, "debug")
        lua_getglobal(L, "package")
        lua_getfield(L, -1, "loaded")
        lua_pushvalue(L, -3)
        lua_setfield(L, -2, "debug")
        lua.top = full - 1
    }

    private func installClockFunctions(in scrim: Int32) {
        lua.setFunction("run", in: scrim) { [unowned self] call in
            let seconds = try call.number(1)
            if let refusal = refusalOfSeconds(seconds) { throw call.argumentError(1, refusal) }
            try runFrames(Int((seconds / application.clock.frameDuration).rounded()), call)
            return 0
        }
        lua.setFunction("now", in: scrim) { [unowned self] call in
            call.state.push(number: application.clock.now)
            return 1
        }
        lua.setFunction("setTransitionWatchdog", in: scrim) { [unowned self] call in
            let seconds = try call.optionalNumber(1)
            if let seconds, !(seconds > 0 && seconds.isFinite) {
                throw call.argumentError(1, "seconds must be > 0, or nil to turn the watchdog off")
            }
            application.transitionWatchdog = seconds
            return 0
        }
        lua.setFunction("simulateMemoryWarning", in: scrim) { [unowned self] _ in
            application.simulateMemoryWarning()
            return 0
        }
        lua.setFunction("step", in: scrim) { [unowned self] call in
            let frames = call.isNil(1) ? 1 : try call.integer(1)
            if let refusal = refusalOfFrames(frames) { throw call.argumentError(1, refusal) }
            try runFrames(frames, call)
            return 0
        }
    }

    /// Runs `frames` frames for Lua code (`Runtime.runFrames`); never from inside a frame.
    private func runFrames(_ frames: Int, _ call: LuaCall) throws {
        guard !application.isRunningTurn else {
            throw LuaRaise("'\(call.functionName)' cannot run frames from inside a frame (a callback of the frame running now)")
        }
        runFrames(frames)
    }

    /// `trace()` gives the events so far as tables; `trace.clear()` forgets them.
    private func installTrace(in scrim: Int32) {
        let L = lua.L
        lua_createtable(L, 0, 1)
        lua.setFunction("clear", in: -1, qualifiedName: "trace.clear") { [unowned self] _ in
            application.dispatcher.clear()
            return 0
        }
        lua_createtable(L, 0, 1)
        lua.setFunction("__call", in: -1, qualifiedName: "trace") { [unowned self] call in
            let events = application.dispatcher.events
            lua_createtable(call.L, Int32(events.count), 0)
            for (offset, event) in events.enumerated() {
                push(event)
                lua_rawseti(call.L, -2, lua_Integer(offset + 1))
            }
            return 1
        }
        lua_setmetatable(L, -2)
        lua_setfield(L, scrim, "trace")
    }

    /// A trace event as `{seq=, t=, event=, vc=, args={…}, by=}`.
    func push(_ event: TraceEvent) {
        let L = lua.L
        lua_createtable(L, 0, 6)
        lua_pushinteger(L, lua_Integer(event.seq))
        lua_setfield(L, -2, "seq")
        lua.push(number: event.time)
        lua_setfield(L, -2, "t")
        lua.push(event.event)
        lua_setfield(L, -2, "event")
        if let controller = event.controller {
            lua.push(controller)
            lua_setfield(L, -2, "vc")
        }
        lua_createtable(L, 0, Int32(event.args.count))
        for (key, value) in event.args {
            switch value {
            case .null: continue
            case .bool(let flag): lua_pushboolean(L, flag ? 1 : 0)
            case .number(let number): lua.push(number: number)
            case .string(let text): lua.push(text)
            }
            lua_setfield(L, -2, key)
        }
        lua_setfield(L, -2, "args")
        if let by = event.by {
            lua.push(by)
            lua_setfield(L, -2, "by")
        }
    }

    private func installPluginFunctions(in scrim: Int32) {
        lua.setFunction("loadPlugin", in: scrim) { [unowned self] call in
            let path = try call.string(1)
            try plugins.load(path: path).exports.push()
            return 1
        }
        lua.setFunction("reload", in: scrim) { [unowned self] call in
            let name = try call.string(1)
            guard let plugin = plugins.plugin(named: name) else {
                throw call.argumentError(1, "no plugin named '\(name)' is loaded")
            }
            if let error = plugins.reload(plugin, trigger: .call) {
                lua_pushboolean(call.L, 0)
                call.state.push(error.message)
                return 2
            }
            lua_pushboolean(call.L, 1)
            return 1
        }
        lua.setFunction("plugins", in: scrim) { [unowned self] call in
            lua_createtable(call.L, Int32(plugins.loaded.count), 0)
            for (offset, plugin) in plugins.loaded.enumerated() {
                lua_createtable(call.L, 0, 3)
                call.state.push(plugin.name)
                lua_setfield(call.L, -2, "name")
                if let version = plugin.version {
                    call.state.push(version)
                    lua_setfield(call.L, -2, "version")
                }
                call.state.push(plugin.path)
                lua_setfield(call.L, -2, "path")
                lua_pushinteger(call.L, lua_Integer(plugin.reloadCount))
                lua_setfield(call.L, -2, "reloadCount")
                lua_rawseti(call.L, -2, lua_Integer(offset + 1))
            }
            return 1
        }
    }
}
