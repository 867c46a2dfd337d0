@testable import ScrimCore
import Testing

/// A presentation controller over the lower half, with a dimming view animated alongside.
final class HalfSheetController: PresentationController {
    var dim: View?
    override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView?.bounds ?? .zero
        return Rect(x: 0, y: bounds.height / 2, width: bounds.width, height: bounds.height / 2)
    }
    override func presentationTransitionWillBegin() {
        let dim = View(frame: containerView!.bounds)
        dim.name = "dim"
        dim.alpha = 0
        containerView!.insertSubview(dim, at: 0)
        self.dim = dim
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { _ in dim.alpha = 1 })
    }
    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dim?.removeFromSuperview() }
    }
    override func dismissalTransitionWillBegin() {
        presentedViewController.transitionCoordinator!.animate(alongsideTransition: { [dim] _ in dim?.alpha = 0 })
    }
    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dim?.removeFromSuperview() }
    }
}

/// Slides the presented view up over `duration`, or completes at once with `completes`.
final class SlideAnimator: AnimatedTransitioning {
    let duration: Double
    let completes: Bool?
    var ended: [Bool] = []

    init(duration: Double = 0.3, completes: Bool? = nil) {
        self.duration = duration
        self.completes = completes
    }

    func transitionDuration(using context: TransitionContext) -> Double { duration }

    func animateTransition(using context: TransitionContext) {
        if let completes {
            context.completeTransition(completes)
            return
        }
        let presenting = context.viewController(forKey: .to).isBeingPresented
        let key: TransitionContext.Key = presenting ? .to : .from
        let controller = context.viewController(forKey: key)
        let view = context.view(forKey: key)!
        var final = presenting ? context.finalFrame(for: controller) : context.initialFrame(for: controller)
        let offscreen = Rect(x: final.x, y: context.containerView.bounds.height, width: final.width, height: final.height)
        if presenting {
            view.frame = offscreen
            context.containerView.addSubview(view)
        } else {
            final = offscreen
        }
        let app = controller.application
        try! app.animate(duration: duration, curve: .linear, animations: { view.frame = final }) { _ in
            context.completeTransition(!context.transitionWasCancelled)
        }
    }

    var animationEnded: ((Bool) -> Void)? { { [unowned self] in ended.append($0) } }
}

final class SheetDelegate: TransitioningDelegate {
    let animator: SlideAnimator
    init(animator: SlideAnimator = SlideAnimator()) { self.animator = animator }
    var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
        { presented, presenting, _ in HalfSheetController(presentedViewController: presented, presenting: presenting) }
    }
    var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { [animator] _, _, _ in animator }
    }
    var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? {
        { [animator] _ in animator }
    }
}

@Suite struct CustomPresentationTests {
    func names(_ app: Application) -> [String] {
        app.dispatcher.events.filter { !$0.event.contains("LayoutSubviews") && !$0.event.hasPrefix("accessibility") }.map { event in
            "\(event.controller ?? "-").\(event.event)" + (event.by.map { " by \($0)" } ?? "")
        }
    }

    @Test func theFullCustomOrder() {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = SheetDelegate()
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        app.run(seconds: 0.35)
        #expect(names(app) == [
            "sheet.presentationControllerForPresented by native:SheetDelegate",
            "sheet.animationControllerForPresented by native:SheetDelegate",
            "sheet.loadView", "sheet.viewDidLoad", "sheet.viewWillAppear",
            "sheet.presentationTransitionWillBegin by native:HalfSheetController",
            "sheet.transitionDuration by native:SlideAnimator",
            "sheet.animateTransition by native:SlideAnimator",
            "sheet.viewIsAppearing",
            "sheet.completeTransition by native:SlideAnimator",
            "sheet.viewDidAppear",
            "sheet.presentationTransitionDidEnd by native:HalfSheetController",
            "sheet.presentCompletion",
            "sheet.animationEnded by native:SlideAnimator",
        ])
        #expect(sheet.view.frame == Rect(x: 0, y: 426, width: 393, height: 426))
        #expect(root.view.window === app.window, "the presenter's view stays")
        #expect(delegate.animator.ended == [true])
        let dim = sheet.view.superview!.subviews.first!
        #expect(dim.name == "dim" && dim.presentation.alpha == 1)
        #expect(app.dispatcher.events.first { $0.event == "presentationTransitionDidEnd" }?[arg: "completed"] == .bool(true))
    }

    @Test func framesAndAlongsideAnimationsFollowTheClock() {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = SheetDelegate()
        root.present(sheet)
        app.step()
        let dim = sheet.view.superview!.subviews.first!
        #expect(sheet.view.presentation.frame.y == 852 && dim.presentation.alpha == 0)
        app.step(frames: 9)
        #expect(abs(sheet.view.presentation.frame.y - (852 - 426 / 2)) < 1e-9)
        #expect(abs(dim.presentation.alpha - 0.5) < 1e-9, "alongside: same duration and curve (ease in-out at half is half)")
        app.step(frames: 9)
        #expect(sheet.view.presentation.frame.y == 426)
    }

    @Test func dismissalRunsTheDismissalHooks() {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = SheetDelegate()
        root.present(sheet)
        app.run(seconds: 0.35)
        app.dispatcher.clear()
        sheet.dismiss()
        app.run(seconds: 0.35)
        #expect(names(app) == [
            "sheet.animationControllerForDismissed by native:SheetDelegate",
            "sheet.viewWillDisappear",
            "sheet.dismissalTransitionWillBegin by native:HalfSheetController",
            "sheet.transitionDuration by native:SlideAnimator",
            "sheet.animateTransition by native:SlideAnimator",
            "sheet.completeTransition by native:SlideAnimator",
            "sheet.viewDidDisappear",
            "sheet.dismissalTransitionDidEnd by native:HalfSheetController",
            "sheet.dismissCompletion",
            "sheet.animationEnded by native:SlideAnimator",
        ])
        #expect(app.window.subviews.map(\.name) == ["A"])
    }

    @Test func aCancelledPresentationPutsEverythingBack() {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = SheetDelegate(animator: SlideAnimator(completes: false))
        sheet.transitioningDelegate = delegate
        var completed = false
        root.present(sheet) { completed = true }
        app.step()
        #expect(Array(names(app).suffix(7)) == [
            "sheet.transitionDuration by native:SlideAnimator",
            "sheet.animateTransition by native:SlideAnimator",
            "sheet.completeTransition by native:SlideAnimator",
            "sheet.viewWillDisappear", "sheet.viewDidDisappear",
            "sheet.presentationTransitionDidEnd by native:HalfSheetController",
            "sheet.animationEnded by native:SlideAnimator",
        ])
        #expect(!completed)
        #expect(root.presentedViewController == nil && sheet.presentingViewController == nil)
        #expect(app.window.subviews.map(\.name) == ["A"])
        #expect(app.dispatcher.events.first { $0.event == "completeTransition" }?[arg: "didComplete"] == .bool(false))
        root.present(ViewController(app, name: "next"), animated: false)
        app.step()
        #expect(app.compactTrace.last == "next.presentCompletion")
    }

    /// Without a presentation controller of its own, a custom presentation gets UIKit's default
    /// `UIPresentationController`: no views of its own, the presenter's view stays in the
    /// window and the presenter hears nothing, the presented view fills the container.
    @Test func aNilPresentationControllerIsUIKitsDefaultOne() {
        final class EmptyDelegate: TransitioningDelegate {
            var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
                { _, _, _ in nil }
            }
        }
        for delegate in [EmptyDelegate(), nil] as [TransitioningDelegate?] {
            let (app, root) = presentationSetUp()
            let modal = ViewController(app, name: "M")
            modal.modalPresentationStyle = .custom
            modal.transitioningDelegate = delegate
            root.present(modal)
            app.run(seconds: 0.6)
            #expect(app.traceWithoutLayout == (delegate == nil ? [] : ["M.presentationControllerForPresented(presenting=\"A\",source=\"A\")"]) + [
                "M.loadView", "M.viewDidLoad", "M.viewWillAppear(animated=true)", "M.viewIsAppearing(animated=true)",
                "M.viewDidAppear(animated=true)", "M.presentCompletion",
            ])
            let container = modal.view.superview!
            #expect(container.subviews.map(\.name) == [modal.view.name])
            #expect(modal.view.frame == container.bounds && container.bounds == app.window.bounds)
            #expect(root.view.window != nil && root.appearanceState == .appeared)
            #expect(modal.presentationController.map { !$0.shouldRemovePresentersView && $0.containerView === container } == true)

            // The container follows a size change, and the presented view with it.
            app.window.setSize(Size(width: 852, height: 393))
            app.step()
            #expect(modal.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))

            app.dispatcher.clear()
            modal.dismiss()
            app.run(seconds: 0.6)
            #expect(app.traceWithoutLayout == [
                "M.viewWillDisappear(animated=true)", "M.viewDidDisappear(animated=true)", "M.dismissCompletion",
            ])
            #expect(root.view.window != nil && container.superview == nil && modal.presentationController == nil)
        }
    }

    @Test func aFullScreenDismissalPutsThePresentersViewBackAfterTheAnimatorMovedIt() {
        /// Adds the "to" view into the container on dismissal, as full-screen animators do.
        final class CrossAnimator: AnimatedTransitioning {
            func transitionDuration(using context: TransitionContext) -> Double { 0.2 }
            func animateTransition(using context: TransitionContext) {
                if let view = context.view(forKey: .to) { context.containerView.addSubview(view) }
                try! context.viewController(forKey: .to).application.animate(duration: 0.2, animations: {}) { _ in
                    context.completeTransition(true)
                }
            }
        }
        final class Delegate: TransitioningDelegate {
            let animator = CrossAnimator()
            var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
                { [animator] _, _, _ in animator }
            }
            var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? { { [animator] _ in animator } }
        }
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .custom
        let delegate = Delegate()
        modal.transitioningDelegate = delegate
        root.present(modal)
        app.run(seconds: 0.5)
        modal.dismiss(animated: true)
        app.run(seconds: 0.5)
        #expect(root.viewIfLoaded?.superview === app.window)
        #expect(app.window.subviews.count == 1)
    }

    @Test func coordinatorCompletionsRunBeforeTheEndHook() {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        sheet.transitioningDelegate = SheetDelegate()
        var log: [String] = []
        root.present(sheet) { log.append("completion") }
        app.step()
        sheet.transitionCoordinator?.animate(alongsideTransition: nil) { context in
            log.append("coordinator cancelled=\(context.isCancelled)")
        }
        app.run(seconds: 0.35)
        #expect(log == ["coordinator cancelled=false", "completion"])
        #expect(sheet.transitionCoordinator == nil)
        #expect(sheet.presentationController is HalfSheetController)
    }

    /// As in UIKit's transition context, the moving views are fixed once the will-begin hook
    /// has run: a wrapper made there is the `to` view, and an animator asking again and again
    /// does not ask the presentation controller each time.
    @Test func theContextsViewsAreFixedOnceTheTransitionBegins() {
        final class Wrapping: PresentationController {
            var wrapper: View?
            var asked = 0
            override var presentedView: View? {
                asked += 1
                return wrapper ?? presentedViewController.view
            }
            override func presentationTransitionWillBegin() {
                let wrapper = View(frame: containerView!.bounds)
                wrapper.name = "wrapper"
                wrapper.addSubview(presentedViewController.view)
                self.wrapper = wrapper
            }
        }
        final class Asking: AnimatedTransitioning {
            var seen: [String?] = []
            var asked: () -> Int = { 0 }
            var askedMeanwhile = 0
            var known: [View??] = []
            func transitionDuration(using context: TransitionContext) -> Double { 0 }
            func animateTransition(using context: TransitionContext) {
                let before = asked()
                known = [context.knownView(forKey: .to), context.knownView(forKey: .from)]
                for _ in 0..<3 { seen.append(context.view(forKey: .to)?.name) }
                seen.append(context.view(forKey: .from)?.name)
                known += [context.knownView(forKey: .to), context.knownView(forKey: .from)]
                askedMeanwhile = asked() - before
                context.completeTransition(true)
            }
        }
        final class Delegate: TransitioningDelegate {
            let controller: (ViewController, ViewController?) -> PresentationController
            let animator = Asking()
            init(_ controller: @escaping (ViewController, ViewController?) -> PresentationController) { self.controller = controller }
            var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
                { [controller] presented, presenting, _ in controller(presented, presenting) }
            }
            var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
                { [animator] _, _, _ in animator }
            }
        }
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        var made: Wrapping?
        let delegate = Delegate { presented, presenting in
            made = Wrapping(presentedViewController: presented, presenting: presenting)
            return made!
        }
        sheet.transitioningDelegate = delegate
        delegate.animator.asked = { made?.asked ?? 0 }
        root.present(sheet)
        app.step()
        #expect(delegate.animator.seen == ["wrapper", "wrapper", "wrapper", nil], "the presenter stays: no from view")
        #expect(delegate.animator.askedMeanwhile <= 1, "asked once for the context, not once a call")
        #expect(sheet.view.superview?.name == "wrapper")
        // Known only once fixed: before, only the presentation controller can say.
        let known = delegate.animator.known.map { $0.map { $0?.name ?? "nil" } ?? "unknown" }
        #expect(known == ["unknown", "unknown", "wrapper", "nil"])
    }
}
