@testable import ScrimCore
import Testing

final class DismissalDelegate: AdaptivePresentationControllerDelegate {
    var allow = true
    var log: [String] = []
    var presentationControllerShouldDismiss: ((PresentationController) -> Bool)? {
        { [unowned self] _ in log.append("should"); return allow }
    }
    var presentationControllerWillDismiss: ((PresentationController) -> Void)? { { [unowned self] _ in log.append("will") } }
    var presentationControllerDidDismiss: ((PresentationController) -> Void)? { { [unowned self] _ in log.append("did") } }
    var presentationControllerDidAttemptToDismiss: ((PresentationController) -> Void)? {
        { [unowned self] _ in log.append("attempt") }
    }
}

/// An animator that never calls completeTransition, and a delegate that supplies it.
final class StuckAnimator: AnimatedTransitioning {
    func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
    func animateTransition(using context: TransitionContext) {
        context.containerView.addSubview(context.view(forKey: .to)!)
    }
}

final class StuckDelegate: TransitioningDelegate {
    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { _, _, _ in StuckAnimator() }
    }
}

@Suite struct UserDismissalTests {
    func presentedSheet() -> (Application, ViewController, ViewController, DismissalDelegate) {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        let delegate = DismissalDelegate()
        sheet.presentationController?.delegate = delegate
        root.present(sheet)
        app.run(seconds: 0.6)
        return (app, root, sheet, delegate)
    }

    @Test func theDelegateAllowsAndHearsOfIt() {
        let (app, root, sheet, delegate) = presentedSheet()
        #expect(sheet.presentationController!.attemptUserDismissal())
        #expect(delegate.log == ["should", "will"])
        app.run(seconds: 0.6)
        #expect(delegate.log == ["should", "will", "did"])
        #expect(root.presentedViewController == nil)
    }

    @Test func modalOrRefusedDismissalsOnlyReportTheAttempt() {
        let (app, root, sheet, delegate) = presentedSheet()
        sheet.isModalInPresentation = true
        #expect(!sheet.presentationController!.attemptUserDismissal())
        #expect(delegate.log == ["attempt"])
        sheet.isModalInPresentation = false
        delegate.allow = false
        #expect(!sheet.presentationController!.attemptUserDismissal())
        #expect(delegate.log == ["attempt", "should", "attempt"])
        app.run(seconds: 0.6)
        #expect(root.presentedViewController === sheet)
    }

    @Test func showPresentsWhenNoContainerHandlesIt() {
        let (app, root) = presentationSetUp()
        let other = ViewController(app, name: "other")
        root.show(other)
        #expect(root.presentedViewController === other)
    }

    @Test func theWatchdogEndsATransitionThatNeverCompletes() {
        let (app, root) = presentationSetUp()
        app.transitionWatchdog = 1
        let stuck = ViewController(app, name: "stuck")
        stuck.modalPresentationStyle = .custom
        stuck.transitioningDelegate = StuckDelegate()
        root.present(stuck)
        app.run(seconds: 1)
        #expect(root.presentedViewController === stuck, "still open before the watchdog")
        app.step()
        let timedOut = app.dispatcher.events.first { $0.event == "transitionTimedOut" }
        #expect(timedOut?.jsonLine == #"{"seq":16,"t":1.033333,"event":"transitionTimedOut","vc":"stuck","args":{"after":1}}"#)
        #expect(root.presentedViewController == nil && stuck.viewIfLoaded?.window == nil)
        #expect(app.dispatcher.events.last { $0.event == "presentationTransitionDidEnd" } == nil,
                "a standard presentation controller is not traced")
        root.present(ViewController(app, name: "next"), animated: false)
        app.step()
        #expect(app.compactTrace.last == "next.presentCompletion")
    }

    @Test func withoutAWatchdogItStaysOpen() {
        let (app, root) = presentationSetUp()
        let stuck = ViewController(app, name: "stuck")
        stuck.modalPresentationStyle = .custom
        stuck.transitioningDelegate = StuckDelegate()
        root.present(stuck)
        app.run(seconds: 5)
        #expect(stuck.isBeingPresented)
        root.present(ViewController(app, name: "next"))
        #expect(app.dispatcher.events.last?[arg: "reason"] == .string("'A' is already presenting 'stuck'"))
    }
}
