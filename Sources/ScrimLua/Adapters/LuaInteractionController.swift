import LuaBridge
import ScrimCore

/// A Lua table acting as an interaction controller: `startInteractiveTransition(ctx)`, then it
/// drives the context itself (`ctx:updateInteractiveTransition(p)`, `ctx:finishInteractiveTransition()` …).
/// If `startInteractiveTransition` fails, the transition is completed, as after a failing
/// `animateTransition`, so that it does not wait for an interaction that will not come.
final class LuaInteractionController: LuaTableAdapter, InteractiveTransitioning {
    func startInteractiveTransition(_ context: TransitionContext) {
        runtime.lua.balanced { _ in
            let outer = runtime.transitionBeingAnimated
            runtime.transitionBeingAnimated = context
            defer { runtime.transitionBeingAnimated = outer }
            let succeeded = call("startInteractiveTransition", controller: context.tracedController, arguments: {
                runtime.lua.push(object: context)
                return 1
            })
            if !succeeded { context.finishAfterScriptFailure() }
        }
    }
}
