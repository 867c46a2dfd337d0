@testable import ScrimCore
import Testing

/// An application's controllers and window refer to it without a weak reference (one would
/// make every retain of it slow), so it clears those references as it goes: what outlives it —
/// held elsewhere, as a script may hold a controller or the window — does not reach it.
@Suite struct ApplicationLifetimeTests {
    @Test func whatOutlivesTheApplicationDoesNotReachIt() throws {
        var application: Application? = Application()
        let window: Window = application!.window
        let parent = ViewController(application!, name: "parent")
        let child = ViewController(application!, name: "child")
        try parent.addChild(child)
        weak var gone = application
        #expect(child.owningApplication === application)
        application = nil
        #expect(gone == nil, "nothing here keeps the application")
        #expect(window.application == nil)
        #expect(parent.owningApplication == nil && child.owningApplication == nil)
        // Their ends, as the test lets them go, must not reach it either (under
        // AddressSanitizer, a use after free).
    }

    /// Code that runs as the application cuts its transitions loose — here an animator's
    /// deinit — finds no application, not one being freed.
    @Test func codeRunAsTheApplicationGoesFindsNone() {
        final class Stalling: AnimatedTransitioning {
            let controller: ViewController
            let report: (Application?) -> Void
            init(_ controller: ViewController, report: @escaping (Application?) -> Void) {
                self.controller = controller
                self.report = report
            }
            func transitionDuration(using context: TransitionContext) -> Double { 1 }
            func animateTransition(using context: TransitionContext) {}
            deinit { report(controller.owningApplication) }
        }
        final class Delegate: TransitioningDelegate {
            var make: () -> AnimatedTransitioning?
            init(_ make: @escaping () -> AnimatedTransitioning?) { self.make = make }
            var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
                { [make] _, _, _ in make() }
            }
        }
        var seen: [Application?] = []
        var application: Application? = Application()
        let root = ViewController(application!, name: "root")
        application!.window.rootViewController = root
        let sheet = ViewController(application!, name: "sheet")
        let delegate = Delegate { [unowned sheet] in Stalling(sheet) { seen.append($0) } }
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        application!.step()
        #expect(sheet.activeTransition != nil, "the animator never completes")
        delegate.make = { nil }
        application = nil
        #expect(seen.count == 1 && seen[0] == nil)
    }
}
