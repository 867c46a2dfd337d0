@testable import ScrimCore
import Testing

final class InteractiveSheetDelegate: TransitioningDelegate {
    let animator = SlideAnimator(duration: 0.5)
    let interaction = PercentDrivenInteractiveTransition()
    var interactiveDismissal = false
    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        { presented, presenting, _ in HalfSheetController(presentedViewController: presented, presenting: presenting) }
    }
    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { [animator] _, _, _ in animator }
    }
    var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? { { [animator] _ in animator } }
    var interactionControllerForPresentation: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
        { [interaction, interactiveDismissal] _ in interactiveDismissal ? nil : interaction }
    }
    var interactionControllerForDismissal: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
        { [interaction, interactiveDismissal] _ in interactiveDismissal ? interaction : nil }
    }
}

@Suite struct InteractiveTransitionTests {
    func setUp() -> (Application, ViewController, ViewController, InteractiveSheetDelegate) {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = InteractiveSheetDelegate()
        sheet.transitioningDelegate = delegate
        return (app, root, sheet, delegate)
    }

    func events(_ app: Application) -> [String] {
        app.dispatcher.events.filter { !$0.event.contains("LayoutSubviews") && !$0.event.hasPrefix("accessibility") }.map { event in
            "\(event.controller ?? "-").\(event.event)" + (event[arg: "percent"].map { "(\($0))" } ?? "")
        }
    }

    @Test func scrubbedThenFinished() {
        let (app, root, sheet, delegate) = setUp()
        var completed = false
        root.present(sheet) { completed = true }
        app.step()
        let coordinator = sheet.transitionCoordinator!
        #expect(coordinator.isInteractive)
        var interactionEnded: Bool?
        coordinator.notifyWhenInteractionChanges { interactionEnded = $0.isCancelled }
        // Nothing moves until the interaction says so.
        app.step(frames: 30)
        #expect(sheet.view.presentation.frame.y == 852)
        delegate.interaction.update(0.25)
        #expect(sheet.view.presentation.frame.y == 852 - 426 * 0.25)
        let dim = sheet.view.superview!.subviews.first!
        #expect(abs(dim.presentation.alpha - TimingCurve.easeInOut.progress(at: 0.25, duration: 1)) < 1e-9)
        delegate.interaction.update(0.5)
        #expect(sheet.view.presentation.frame.y == 852 - 426 * 0.5)
        #expect(coordinator.percentComplete == 0.5)
        delegate.interaction.finish()
        #expect(interactionEnded == false && !coordinator.isInteractive)
        app.step(frames: 14)
        #expect(!completed)
        app.step()
        #expect(completed)
        #expect(sheet.view.frame == Rect(x: 0, y: 426, width: 393, height: 426))
        #expect(Array(events(app).suffix(11)) == [
            "sheet.startInteractiveTransition", "sheet.animateTransition", "sheet.viewIsAppearing",
            "sheet.updateInteractiveTransition(0.25)", "sheet.updateInteractiveTransition(0.5)",
            "sheet.finishInteractiveTransition", "sheet.completeTransition", "sheet.viewDidAppear",
            "sheet.presentationTransitionDidEnd", "sheet.presentCompletion", "sheet.animationEnded",
        ])
    }

    @Test func scrubbedThenCancelled() {
        let (app, root, sheet, delegate) = setUp()
        var completed = false
        root.present(sheet) { completed = true }
        app.step()
        delegate.interaction.update(0.4)
        let coordinator = sheet.transitionCoordinator!
        delegate.interaction.cancel()
        #expect(coordinator.isCancelled)
        app.step(frames: 6)
        #expect(abs(sheet.view.presentation.frame.y - (852 - 426 * 0.4 * (1 - TimingCurve.easeInOut.progress(at: 0.5, duration: 1)))) < 1e-6)
        app.step(frames: 6)
        #expect(!completed)
        #expect(root.presentedViewController == nil)
        #expect(app.window.subviews.map(\.name) == ["A"])
        #expect(Array(events(app).suffix(7)) == [
            "sheet.updateInteractiveTransition(0.4)", "sheet.cancelInteractiveTransition",
            "sheet.completeTransition", "sheet.viewWillDisappear", "sheet.viewDidDisappear",
            "sheet.presentationTransitionDidEnd", "sheet.animationEnded",
        ])
        let ended = app.dispatcher.events.filter { $0.event == "presentationTransitionDidEnd" || $0.event == "completeTransition" }
        #expect(ended.map { $0.args.first?.1 } == [.bool(false), .bool(false)])
    }

    @Test func aFinishedInteractiveDismissal() {
        let (app, root, sheet, delegate) = setUp()
        delegate.interactiveDismissal = true
        root.present(sheet)
        app.run(seconds: 0.6)
        app.dispatcher.clear()
        var dismissed = false
        sheet.dismiss { dismissed = true }
        app.step()
        delegate.interaction.update(0.2)
        #expect(abs(sheet.view.presentation.frame.y - (426 + 426 * 0.2)) < 1e-9)
        delegate.interaction.update(0.6)
        #expect(abs(sheet.view.presentation.frame.y - (426 + 426 * 0.6)) < 1e-9)
        delegate.interaction.finish()
        app.run(seconds: 0.3)
        #expect(dismissed)
        #expect(app.traceWithoutLayout.filter { $0.hasPrefix("sheet.view") } == [
            "sheet.viewWillDisappear(animated=true)", "sheet.viewDidDisappear(animated=true)",
        ])
        #expect(root.presentedViewController == nil && app.window.subviews.map(\.name) == ["A"])
    }

    @Test func aCancelledInteractiveDismissalIsUnbalancedAsInUIKit() {
        let (app, root, sheet, delegate) = setUp()
        delegate.interactiveDismissal = true
        root.present(sheet)
        app.run(seconds: 0.6)
        app.dispatcher.clear()
        sheet.dismiss()
        app.step()
        delegate.interaction.update(0.5)
        #expect(sheet.view.presentation.frame.y == 426 + 426 * 0.5)
        delegate.interaction.cancel()
        app.run(seconds: 0.3)
        #expect(app.traceWithoutLayout.filter { $0.hasPrefix("sheet.view") } == [
            "sheet.viewWillDisappear(animated=true)", "sheet.viewWillAppear(animated=true)", "sheet.viewDidAppear(animated=true)",
        ])
        #expect(sheet.presentingViewController === root)
        #expect(sheet.view.presentation.frame == Rect(x: 0, y: 426, width: 393, height: 426))
        #expect(sheet.view.frame == Rect(x: 0, y: 426, width: 393, height: 426))
    }

    /// A cancelled interactive dismissal of a full-screen presentation restores appearance in
    /// UIKit's order: the coordinator's interaction handler, the controller that was being
    /// revealed disappears again, then the presented one appears again.
    @Test func aCancelledInteractiveDismissalRestoresAppearanceInUIKitsOrder() {
        let (app, root, sheet, delegate) = setUp()
        sheet.modalPresentationStyle = .fullScreen
        delegate.interactiveDismissal = true
        root.present(sheet)
        app.run(seconds: 0.6)
        app.dispatcher.clear()
        var completed = false
        sheet.dismiss { completed = true }
        app.step()
        var handlerRanAfter: [String]?
        sheet.transitionCoordinator?.notifyWhenInteractionChanges { _ in handlerRanAfter = app.traceWithoutLayout }
        delegate.interaction.update(0.4)
        delegate.interaction.cancel()
        app.run(seconds: 0.5)
        let began = [
            "sheet.animationControllerForDismissed", "sheet.interactionControllerForDismissal",
            "sheet.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
            "sheet.transitionDuration", "sheet.startInteractiveTransition", "sheet.animateTransition",
            "sheet.updateInteractiveTransition(percent=0.4)", "sheet.cancelInteractiveTransition",
        ]
        #expect(handlerRanAfter == began)
        #expect(app.traceWithoutLayout == began + [
            "sheet.completeTransition(didComplete=false)",
            "A.viewWillDisappear(animated=true)", "A.viewDidDisappear(animated=true)",
            "sheet.viewWillAppear(animated=true)", "sheet.viewDidAppear(animated=true)",
            "sheet.animationEnded(completed=false)",
        ])
        #expect(!completed && sheet.presentingViewController === root && root.viewIfLoaded?.window == nil)
        #expect(sheet.view.window != nil && sheet.appearanceState == .appeared && root.appearanceState == .disappeared)
    }
}
