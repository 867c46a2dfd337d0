import LuaBridge
import CLua
import ScrimCore

/// A Lua table acting as an interaction controller: `startInteractiveTransition(ctx)`, then it
/// drives the context itself (`ctx:updateInteractiveTransition(p)`, `ctx:finishInteractiveTransition()` …).
/// If `startInteractiveTransition` fails, the transition is completed, as after a failing
/// `animateTransition`, so that it does not wait for an interaction that will not come.
final class LuaInteractionController: InteractiveTransitioning {
    private unowned let runtime: Runtime
    let table: LuaRef
    let traceName: String

    init(runtime: Runtime, table: LuaRef, traceName: String) {
        self.runtime = runtime
        self.table = table
        self.traceName = traceName
    }

    func startInteractiveTransition(_ context: TransitionContext) {
        let top = runtime.lua.top
        defer { runtime.lua.top = top }
        let outer = runtime.transitionBeingAnimated
        runtime.transitionBeingAnimated = context
        defer { runtime.transitionBeingAnimated = outer }
        let succeeded = runtime.callMethod("startInteractiveTransition", table: { table.push(); return true },
                                           self: { table.push() },
                                           arguments: { runtime.lua.push(object: context); return 1 },
                                           controller: context.viewController(forKey: .to))
        if !succeeded { context.finishAfterScriptFailure() }
    }
}
