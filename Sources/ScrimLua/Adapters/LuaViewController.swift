import CLua
import LuaBridge
import ScrimCore

/// A view controller made from Lua (`ViewController{…}`, `MyClass.new(…)`): each lifecycle
/// callback calls the Lua function of the same name found on its instance table or class, in
/// a protected call. An error there is reported as a `scriptError` and the native default
/// runs instead, so the hierarchy stays consistent.
///
/// Its instance table (fields set from Lua, with the Lua class as metatable) is the user value of
/// its userdata; see `LuaAnchored` for how the two stay alive together.
final class LuaViewController: ViewController, LuaAnchored {
    private let runtimeReference: Unretained<Runtime>
    private var runtime: Runtime? { runtimeReference.value }
    @exclusivity(unchecked) var luaAnchor = LuaAnchor()

    init(runtime: Runtime, name: String?, typeName: String) {
        runtimeReference = runtime.unretained
        super.init(runtime.application, name: name, typeName: typeName)
    }

    override func loadView() { dispatch(.loadView) { super.loadView() } }
    override func viewDidLoad() { dispatch(.viewDidLoad) {} }
    override func viewWillAppear(_ animated: Bool) { dispatch(.viewWillAppear(animated: animated)) {} }
    override func viewIsAppearing(_ animated: Bool) { dispatch(.viewIsAppearing(animated: animated)) {} }
    override func viewDidAppear(_ animated: Bool) { dispatch(.viewDidAppear(animated: animated)) {} }
    override func viewWillDisappear(_ animated: Bool) { dispatch(.viewWillDisappear(animated: animated)) {} }
    override func viewDidDisappear(_ animated: Bool) { dispatch(.viewDidDisappear(animated: animated)) {} }
    override func viewWillLayoutSubviews() { dispatch(.viewWillLayoutSubviews) {} }
    override func viewDidLayoutSubviews() { dispatch(.viewDidLayoutSubviews) {} }
    override func willMoveToParent(_ parent: ViewController?) { dispatch(.willMoveToParent(parent)) {} }
    override func didMoveToParent(_ parent: ViewController?) { dispatch(.didMoveToParent(parent)) {} }
    override func willTransition(to traits: TraitCollection, with coordinator: TransitionCoordinator) {
        dispatch(.willTransitionToTraitCollection(traits, coordinator)) {}
    }
    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        dispatch(.viewWillTransitionToSize(size, coordinator)) {}
    }
    override func didReceiveMemoryWarning() { dispatch(.didReceiveMemoryWarning) {} }
    override func encodeRestorableState(with coder: StateCoder) { dispatch(.encodeRestorableState(coder)) {} }
    override func decodeRestorableState(with coder: StateCoder) { dispatch(.decodeRestorableState(coder)) {} }
    override func applicationFinishedRestoringState() { dispatch(.applicationFinishedRestoringState) {} }
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
        dispatch(.traitCollectionDidChange(previous: previous, current: traitCollection)) {}
    }

    override var childForStatusBarStyle: ViewController? { child(from: "childForStatusBarStyle") ?? super.childForStatusBarStyle }
    override var childForStatusBarHidden: ViewController? { child(from: "childForStatusBarHidden") ?? super.childForStatusBarHidden }

    override func preferredContentSizeDidChange(forChildContentContainer child: ViewController) {
        guard let runtime else { return }
        runtime.lua.balanced { _ in
            _ = runtime.callMethod("preferredContentSizeDidChange", table: { runtime.lua.pushInstanceTable(of: self) },
                                   self: { runtime.lua.push(object: self) },
                                   arguments: { runtime.lua.push(object: child); return 1 }, controller: self)
        }
    }

    override func accessibilityPerformEscape() -> Bool {
        guard let runtime else { return false }
        return runtime.lua.balanced { _ in
            guard runtime.callMethod("accessibilityPerformEscape", table: { runtime.lua.pushInstanceTable(of: self) },
                                     self: { runtime.lua.push(object: self) }, nresults: 1, controller: self) else { return false }
            return lua_toboolean(runtime.lua.L, -1) != 0
        }
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool {
        guard let runtime else { return true }
        return runtime.lua.balanced { _ in
            guard runtime.callMethod("shouldPerformSegue", table: { runtime.lua.pushInstanceTable(of: self) },
                                     self: { runtime.lua.push(object: self) }, arguments: {
                                         runtime.lua.push(identifier)
                                         runtime.pushSender(sender)
                                         return 2
                                     }, nresults: 1, controller: self) else { return true }
            return lua_toboolean(runtime.lua.L, -1) != 0
        }
    }

    override func prepare(for segue: Segue, sender: AnyObject?) {
        guard let runtime else { return }
        runtime.lua.balanced { _ in
            _ = runtime.callMethod("prepare", table: { runtime.lua.pushInstanceTable(of: self) },
                                   self: { runtime.lua.push(object: self) }, arguments: {
                                       runtime.lua.push(object: segue)
                                       runtime.pushSender(sender)
                                       return 2
                                   }, controller: self)
        }
    }

    override func canPerformUnwindSegueAction(_ action: String, from source: ViewController, sender: AnyObject?) -> Bool {
        guard let runtime, runtime.hasMethod("canPerformUnwindSegueAction", table: { runtime.lua.pushInstanceTable(of: self) },
                                             unlessFrom: nil) else {
            return super.canPerformUnwindSegueAction(action, from: source, sender: sender)
        }
        return runtime.lua.balanced { _ in
            guard runtime.callMethod("canPerformUnwindSegueAction", table: { runtime.lua.pushInstanceTable(of: self) },
                                     self: { runtime.lua.push(object: self) }, arguments: {
                                         runtime.lua.push(action)
                                         runtime.lua.push(object: source)
                                         runtime.pushSender(sender)
                                         return 3
                                     }, nresults: 1, controller: self) else { return false }
            return lua_toboolean(runtime.lua.L, -1) != 0
        }
    }

    /// A controller a Lua method `name()` returns, if the class defines it.
    private func child(from name: String) -> ViewController? {
        guard let runtime else { return nil }
        return runtime.lua.balanced { _ in
            guard runtime.callMethod(name, table: { runtime.lua.pushInstanceTable(of: self) }, self: { runtime.lua.push(object: self) },
                                     nresults: 1, controller: self) else { return nil }
            return (try? runtime.lua.object(at: -1)) as? ViewController
        }
    }

    /// Calls the Lua override of `callback`, or `native` when there is none (or it is
    /// `scrim.ViewController`'s own default) or when the override fails.
    private func dispatch(_ callback: LifecycleCallback, native: () -> Void) {
        guard let runtime, let lua = runtime.lua else { return native() }
        let method = callback.event.rawValue
        let top = lua.top
        defer { lua.top = top }
        guard lua.pushInstanceTable(of: self) else { return native() }
        let key = runtime.lifecycleKeys.name(of: callback)
        lua.push(key)
        lua.lookupKey(inInstance: -2)
        switch lua_type(lua.L, -1) {
        case LUA_TFUNCTION where !runtime.isDefaultViewControllerMethod(key, at: -1):
            lua.push(object: self)
            let count = runtime.pushArguments(for: callback)
            if !runtime.callLua(nargs: 1 + count, controller: self, callback: method) { native() }
        case LUA_TNIL, LUA_TFUNCTION:
            native()
        default:
            let kind = lua.typeName(at: -1)
            runtime.reportScriptError(LuaError(message: "'\(method)' of '\(name)' is a \(kind), not a function"),
                                      controller: self, callback: method)
            native()
        }
    }
}
