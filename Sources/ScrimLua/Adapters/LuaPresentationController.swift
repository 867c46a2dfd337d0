import CLua
import LuaBridge
import ScrimCore

/// A presentation controller made from Lua (`scrim.PresentationController:extend(…)`): each
/// override calls the Lua method of the same name when the class defines one other than the
/// base's; hooks it does not define are neither called nor traced. Its instance table is the
/// user value of its userdata, as for controllers made from Lua.
final class LuaPresentationController: PresentationController, LuaAnchored {
    private let runtimeReference: Unretained<Runtime>
    private var runtime: Runtime? { runtimeReference.value }
    @exclusivity(unchecked) var luaAnchor = LuaAnchor()
    /// The plugin (or script) whose delegate made it, for the trace's `by`.
    var luaTraceName = "lua:script"

    init(runtime: Runtime, presented: ViewController, presenting: ViewController?) {
        runtimeReference = runtime.unretained
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var traceName: String { luaTraceName }

    private func pushTable() -> Bool {
        runtime?.lua.pushInstanceTable(of: self) ?? false
    }

    private func has(_ method: String) -> Bool {
        guard let runtime else { return false }
        return runtime.hasMethod(method, table: pushTable, unlessFrom: runtime.luaPresentationControllerBase)
    }

    /// Calls a Lua method the class defines other than the base's (a hook it does not define
    /// is not called); leaves its result on the stack when `nresults` is 1.
    private func call(_ method: String, nresults: Int32 = 0, arguments: @escaping () -> Int32 = { 0 }) -> Bool {
        guard let runtime else { return false }
        return runtime.callMethod(method, table: pushTable, self: { runtime.lua.push(object: self) },
                                  arguments: arguments, nresults: nresults,
                                  unlessFrom: runtime.luaPresentationControllerBase, controller: presentedViewController)
    }

    override func implements(_ event: TraceEventName) -> Bool { has(event.rawValue) }

    override var frameOfPresentedViewInContainerView: Rect {
        guard let runtime else { return super.frameOfPresentedViewInContainerView }
        return runtime.lua.balanced { _ in
            guard call("frameOfPresentedViewInContainerView", nresults: 1) else { return super.frameOfPresentedViewInContainerView }
            let check = LuaCall(L: runtime.lua.L, state: runtime.lua, functionName: "frameOfPresentedViewInContainerView")
            guard let frame = try? check.rect(-1) else {
                runtime.reportReturned("frameOfPresentedViewInContainerView must return a rect, got \(runtime.lua.typeName(at: -1))",
                                       by: "frameOfPresentedViewInContainerView", table: pushTable, controller: presentedViewController)
                return super.frameOfPresentedViewInContainerView
            }
            return frame
        }
    }

    override var presentedView: View? {
        guard let runtime else { return super.presentedView }
        return runtime.lua.balanced { _ in
            guard call("presentedView", nresults: 1) else { return super.presentedView }
            guard lua_type(runtime.lua.L, -1) != LUA_TNIL else { return super.presentedView }
            let view = (try? runtime.lua.object(at: -1)) as? View
            let refusal: String?
            if let view {
                refusal = refusalOfPresentedView(view)
            } else {
                refusal = "presentedView must return a View or nil, got \(runtime.lua.typeName(at: -1))"
            }
            if let refusal {
                // Asked many times a transition: reported once.
                if !hasReportedPresentedView {
                    hasReportedPresentedView = true
                    runtime.reportReturned(refusal, by: "presentedView", table: pushTable, controller: presentedViewController)
                }
                return super.presentedView
            }
            return view
        }
    }

    private var hasReportedPresentedView = false

    override var shouldRemovePresentersView: Bool { flag("shouldRemovePresentersView") ?? false }
    override var shouldPresentInFullscreen: Bool { flag("shouldPresentInFullscreen") ?? true }

    /// A boolean the class gives as a field or a method.
    private func flag(_ name: String) -> Bool? {
        guard let runtime, pushTable() else { return nil }
        let top = runtime.lua.top - 1
        defer { runtime.lua.top = top }
        runtime.lua.push(runtime.methodKeys.key(name, in: runtime.lua))
        runtime.lua.lookupKey(inInstance: -2)
        switch lua_type(runtime.lua.L, -1) {
        case LUA_TBOOLEAN: return lua_toboolean(runtime.lua.L, -1) != 0
        case LUA_TFUNCTION:
            guard call(name, nresults: 1) else { return nil }
            return lua_toboolean(runtime.lua.L, -1) != 0
        default: return nil
        }
    }

    override func presentationTransitionWillBegin() { _ = call("presentationTransitionWillBegin") }
    override func dismissalTransitionWillBegin() { _ = call("dismissalTransitionWillBegin") }
    override func containerViewWillLayoutSubviews() { _ = call("containerViewWillLayoutSubviews") }
    override func containerViewDidLayoutSubviews() { _ = call("containerViewDidLayoutSubviews") }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        _ = call("presentationTransitionDidEnd") { [runtimeReference] in
            lua_pushboolean(runtimeReference.value!.lua.L, completed ? 1 : 0)
            return 1
        }
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        _ = call("dismissalTransitionDidEnd") { [runtimeReference] in
            lua_pushboolean(runtimeReference.value!.lua.L, completed ? 1 : 0)
            return 1
        }
    }
}

extension PresentationController: LuaCompanioned {
    /// A presentation controller holds its controller weakly; a script that keeps only the
    /// presentation controller still reaches the controller.
    package var luaCompanion: AnyObject? { presentedViewControllerIfAlive }
}
