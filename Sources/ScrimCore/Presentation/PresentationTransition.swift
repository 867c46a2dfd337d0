/// One presentation or dismissal, from its start on the run-loop turn after `present` or
/// `dismiss` to `completeTransition`. Calls to user objects (delegates, custom presentation
/// controllers, animators) are traced with `by`; the runtime's own standard presentation
/// controllers and animators are not.
///
/// Presentation order: `presentationControllerForPresented` (custom style) →
/// `animationControllerForPresented` → `interactionControllerForPresentation` → the presented
/// view loads → `viewWillDisappear` of the presenter (when its view leaves) → `viewWillAppear`
/// of the presented → `presentationTransitionWillBegin` → `transitionDuration` →
/// `animateTransition` | `startInteractiveTransition` → … `completeTransition` →
/// `viewDidAppear` → `viewDidDisappear` → coordinator completions →
/// `presentationTransitionDidEnd` → `presentCompletion` → `animationEnded`. Dismissal mirrors it.
final class PresentationTransition: ControllerTransition {
    enum Kind { case presentation, dismissal }

    let kind: Kind
    /// The controller presented, or for a dismissal the top one leaving. An adaptive
    /// delegate's replacement takes its place as the presentation begins.
    private(set) var presented: ViewController
    let presenting: ViewController
    let source: ViewController
    private var presentationStyle: ModalPresentationStyle
    let transitionStyle: ModalTransitionStyle
    let completion: (() -> Void)?
    /// For a dismissal of a stack: the controllers between the presenter and the top.
    let intermediates: [ViewController]
    var presentationController: PresentationController!

    /// Whether the presenter's view leaves the window when presenting (and returns when
    /// dismissing), with its appearance callbacks: decided by the presentation controller as
    /// the presentation begins, and kept for its dismissal whatever the presentation adapted
    /// to meanwhile. Decided once per transition, as it starts, so its callbacks stay paired.
    private var presenterTakesPart: Bool {
        if let decided = presenterDecision { return decided.takesPart }
        if isPresentation && presentationController == nil { return false }
        let decided = decidePresenterPart()
        presenterDecision = decided
        return decided.takesPart
    }
    /// Whether the dismissal puts the presenter's view back where the presentation took it.
    private var restoresPresenterView: Bool {
        _ = presenterTakesPart
        return presenterDecision?.restoresView ?? false
    }
    private var presenterDecision: (takesPart: Bool, restoresView: Bool)?

    /// Whether the presentation controller's will-begin hook has run: from then on the views
    /// `view(forKey:)` gives are fixed when first asked, as UIKit's transition context holds
    /// them — a `presentedView` made in that hook (a wrapper) included — so an animator asking
    /// again and again does not ask the presentation controller each time.
    private var hasBegun = false
    private var fromView: View??
    private var toView: View??

    private func decidePresenterPart() -> (takesPart: Bool, restoresView: Bool) {
        if isPresentation { return (presentationController?.shouldRemovePresentersView ?? false, false) }
        let lowest = (intermediates.first ?? presented).activePresentationController
        // A presenter no longer in the window's tree (the window's root changed meanwhile)
        // stays out of the window.
        let restores = (lowest?.removedPresentersView ?? false) && presenting.isInWindowTree
        // Back in a place out of the window (its container is covered by another full-screen
        // presentation), the presenter appears when that place does, not now.
        let place = lowest?.presenterViewPlace?.superview
        let onScreen = place.map { $0 === application.window || $0.window != nil } ?? false
        return (restores && onScreen, restores)
    }

    init(presentationOf presented: ViewController, from presenting: ViewController, source: ViewController,
         style: ModalPresentationStyle, transitionStyle: ModalTransitionStyle, animated: Bool,
         completion: (() -> Void)?) {
        kind = .presentation
        self.presented = presented
        self.presenting = presenting
        self.source = source
        presentationStyle = style
        self.transitionStyle = transitionStyle
        self.completion = completion
        intermediates = []
        super.init(subject: presented, animated: animated)
    }

    init(dismissalOf top: ViewController, to presenting: ViewController, intermediates: [ViewController],
         animated: Bool, completion: (() -> Void)?) {
        kind = .dismissal
        presented = top
        self.presenting = presenting
        source = top
        presentationStyle = top.activePresentationController?.presentationStyle ?? top.resolvedPresentationStyle
        transitionStyle = top.modalTransitionStyle
        self.completion = completion
        self.intermediates = intermediates
        super.init(subject: top, animated: animated)
        presentationController = top.activePresentationController
    }

    override var style: ModalPresentationStyle { presentationStyle }

    private var isPresentation: Bool { kind == .presentation }

    // MARK: Start

    /// The window's traits as the transition started, to adapt to a change made during it.
    private var traitsAtStart: TraitCollection?

    func start() {
        traitsAtStart = application.window.traitCollection
        starting {
            let delegate = presented.transitioningDelegate
            if isPresentation {
                presentationController = makePresentationController(delegate)
                if let refusal = refusalAfterTheDelegates() {
                    dispatcher.record(.presentRejected, controller: presented.name, args: [("reason", .string(refusal))])
                    presenting.presentedStorage = nil
                    presented.presentingStorage = nil
                    application.transitionInProgress = false
                    abandonBeforeStart()
                    return
                }
                presented.activePresentationController = presentationController
            }
            if animated { chooseAnimator(delegate) }
            if isPresentation { presented.loadViewIfNeeded() }

            let container = isPresentation ? makeContainer() : (presentationController.containerView ?? makeContainer())
            presentationController.containerView = container
            let (context, coordinator) = prepare(in: container)
            presented.activeTransition = self
            presenting.activeTransition = self

            let presenterTakesPart = self.presenterTakesPart
            presented.externalAppearanceDrivers += 1
            intermediates.forEach { $0.externalAppearanceDrivers += 1 }
            if presenterTakesPart { presenting.externalAppearanceDrivers += 1 }
            if restoresPresenterView { restorePresenterView() }
            beginAppearance(presenterTakesPart: presenterTakesPart)
            runAnimations(context, coordinator)
            if isPresentation, presented.viewIfLoaded?.window != nil { presented.sendIsAppearing() }
        }
    }

    /// The will-appear side of appearance, then the presentation controller's will-begin hook.
    private func beginAppearance(presenterTakesPart: Bool) {
        if isPresentation {
            if presenterTakesPart { presenting.changeAppearance(appearing: false, animated: animated) }
            presented.changeAppearance(appearing: true, animated: animated)
            presentationController.wasShown = true
            presentationController.send(.presentationTransitionWillBegin) {
                presentationController.presentationTransitionWillBegin()
            }
            hasBegun = true
        } else {
            presented.changeAppearance(appearing: false, animated: animated)
            if presenterTakesPart {
                presenting.changeAppearance(appearing: true, animated: animated)
                if presenting.viewIfLoaded?.window != nil { presenting.sendIsAppearing() }
            }
            presentationController.send(.dismissalTransitionWillBegin) {
                presentationController.dismissalTransitionWillBegin()
            }
            // A presentation controller of one's own, shown before the traits adapted the
            // presentation, ends with it: what it added outside the container goes too.
            if let shown = presentationController.shownBeforeAdapting {
                shown.send(.dismissalTransitionWillBegin) { shown.dismissalTransitionWillBegin() }
            }
            hasBegun = true
        }
    }

    private func makePresentationController(_ delegate: TransitioningDelegate?) -> PresentationController {
        if style == .custom, let delegate, let make = delegate.presentationController {
            record(.presentationControllerForPresented,
                   [("presenting", .string(presenting.name)), ("source", .string(source.name))], by: delegate.traceName)
            if let custom = make(presented, presenting, source) {
                guard let (adapted, replacement) = adaptation(of: custom) else { return custom }
                presentationStyle = adapted
                let controller = PresentationTransition.standardController(for: presented, presenting: presenting,
                                                                            style: adapted, reusing: nil)
                controller.delegate = custom.delegate
                // Without a replacement, the presentation returns to the custom one when the traits allow.
                if replacement == nil { controller.adaptedFrom = custom }
                return controller
            }
        }
        // A custom presentation without one of its own gets UIKit's default presentation
        // controller: no views of its own, the presenter's view stays, the presented view
        // fills the container.
        let made = presented.activePresentationController
        let controller = PresentationTransition.standardController(for: presented, presenting: presenting,
                                                                    style: style, reusing: made)
        controller.delegate = controller.delegate ?? made?.delegate
        // Adapted at `present`: the presentation returns to its own style when the traits allow.
        let own = presented.resolvedPresentationStyle
        if own != style, own != .custom {
            let original = made.flatMap { $0.presentationStyle == own ? $0 : nil }
                ?? PresentationTransition.standardController(for: presented, presenting: presenting, style: own, reusing: nil)
            original.delegate = original.delegate ?? controller.delegate
            controller.adaptedFrom = original
        }
        return controller
    }

    /// The style a custom presentation adapts to in the window's traits, when its presentation
    /// controller's adaptive delegate names a standard one (UIKit asks the delegate of custom
    /// presentation controllers too), and the controller the delegate's
    /// `viewControllerForAdaptivePresentationStyle` gives to present instead; nil to stay
    /// custom. The delegate hears the outcome.
    private func adaptation(of custom: PresentationController) -> (ModalPresentationStyle, ViewController?)? {
        guard let delegate = custom.delegate else { return nil }
        guard let choose = delegate.adaptivePresentationStyle else {
            delegate.willPresentWithAdaptiveStyle?(custom, nil, nil)
            return nil
        }
        let adapted = ModalPresentationStyle.adaptiveChoice(choose(custom, application.window.traitCollection), base: .custom)
        guard adapted != .custom else {
            delegate.willPresentWithAdaptiveStyle?(custom, nil, nil)
            return nil
        }
        // A replacement often holds the controller (a navigation controller with it at the
        // root): while the delegate is asked, it may go inside another, as at `present`.
        presented.isOfferedForAdaptation = true
        var replacement = delegate.viewControllerForAdaptivePresentationStyle?(custom, adapted)
        presented.isOfferedForAdaptation = false
        if let candidate = replacement, candidate !== presented {
            if let refusal = candidate.refusalToBePresented(from: presenting, by: source) {
                dispatcher.record(.presentRejected, controller: candidate.name,
                                  args: [("reason", .string(refusal + "; '\(presented.name)' is presented instead"))])
                replacement = nil
            }
        } else {
            replacement = nil
        }
        // The replacement counts as presented before the delegate hears the outcome.
        if let replacement { takePlace(of: replacement) }
        delegate.willPresentWithAdaptiveStyle?(custom, adapted, nil)
        return (adapted, replacement)
    }

    /// Why the presentation cannot go on once the delegates were asked, or nil: an adaptive
    /// delegate put the controller elsewhere (inside another it could not present in its place,
    /// or at the window's root), or took the presenter out of the window.
    private func refusalAfterTheDelegates() -> String? {
        if let parent = presented.parent {
            return "'\(presented.name)' was moved into '\(parent.name)' as its presentation began"
        }
        if presented === application.window.rootViewController {
            return "'\(presented.name)' was moved to the window's root as its presentation began"
        }
        if presenting.viewIfLoaded?.window == nil || !presenting.isInWindowTree {
            return "the view of '\(presenting.name)' left the window as the presentation began"
        }
        return nil
    }

    /// The adaptive delegate's replacement becomes the presented controller (the one it
    /// replaces is often inside it, as a navigation controller's root).
    private func takePlace(of replacement: ViewController) {
        presenting.presentedStorage = replacement
        replacement.presentingStorage = presenting
        presented.presentingStorage = nil
        presented = replacement
        subject = replacement
    }

    /// The runtime's controller for a standard style, reusing `existing` (made on first access)
    /// when it suits the style.
    static func standardController(for presented: ViewController, presenting: ViewController?,
                                   style: ModalPresentationStyle, reusing existing: PresentationController?) -> PresentationController {
        if style == .popover {
            if let popover = existing as? PopoverPresentationController {
                popover.presentingViewController = presenting
                return popover
            }
            return PopoverPresentationController(presented: presented, presenting: presenting)
        }
        let isSheet = style == .pageSheet || style == .formSheet
        if isSheet, let sheet = existing as? SheetPresentationController {
            sheet.style = style
            sheet.presentingViewController = presenting
            return sheet
        }
        if !isSheet, let standard = existing as? StandardPresentationController {
            standard.style = style
            standard.presentingViewController = presenting
            return standard
        }
        return isSheet ? SheetPresentationController(presented: presented, presenting: presenting, style: style)
            : StandardPresentationController(presented: presented, presenting: presenting, style: style)
    }

    private func chooseAnimator(_ delegate: TransitioningDelegate?) {
        if let delegate {
            if isPresentation, let make = delegate.animationControllerForPresented {
                record(.animationControllerForPresented,
                       [("presenting", .string(presenting.name)), ("source", .string(source.name))], by: delegate.traceName)
                animator = make(presented, presenting, source)
            } else if !isPresentation, let make = delegate.animationControllerForDismissed {
                record(.animationControllerForDismissed, by: delegate.traceName)
                animator = make(presented)
            }
            animatorIsTraced = animator != nil
            if let animator {
                let make = isPresentation ? delegate.interactionControllerForPresentation
                    : delegate.interactionControllerForDismissal
                if let make {
                    record(isPresentation ? .interactionControllerForPresentation : .interactionControllerForDismissal,
                           by: delegate.traceName)
                    interaction = make(animator)
                    interactionIsTraced = interaction != nil
                }
            }
        }
        if animator == nil {
            animator = StandardAnimator(style: transitionStyle, presenting: isPresentation)
        }
    }

    /// A container over the presentation context: the window, or the context's view for the
    /// current-context styles. Added at the top of the window.
    private func makeContainer() -> View {
        let window = application.window
        var frame = window.bounds
        if style.usesPresentationContext, let contextView = presenting.viewIfLoaded {
            frame = contextView.convert(contextView.bounds, to: nil)
        }
        let container = View(frame: frame)
        container.name = "container"
        container.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        window.addSubview(container)
        return container
    }

    /// Without animation: the presented view goes to its final frame in the container (or out).
    override func placeWithoutAnimation() {
        if isPresentation, let view = presentationController.presentedView {
            view.frame = presentationController.frameOfPresentedViewInContainerView
            containerView.addSubview(view)
        }
    }

    // MARK: Context queries

    override func viewController(forKey key: TransitionContext.Key) -> ViewController {
        switch (kind, key) {
        case (.presentation, .from), (.dismissal, .to): return presenting
        case (.presentation, .to), (.dismissal, .from): return presented
        }
    }

    override func view(forKey key: TransitionContext.Key) -> View? {
        if hasBegun, let fixed = key == .from ? fromView : toView { return fixed }
        let controller = viewController(forKey: key)
        let view = controller === presented ? presentationController.presentedView
            : presenterTakesPart ? controller.viewIfLoaded : nil
        if hasBegun {
            if key == .from { fromView = view } else { toView = view }
        }
        return view
    }

    /// Known once fixed: before, the presented view is the presentation controller's to give.
    override func knownView(forKey key: TransitionContext.Key) -> View?? {
        hasBegun ? (key == .from ? fromView : toView) : nil
    }

    /// The presented side's view, as the context gives it: what the animator moved, which the
    /// runtime measures and, at the end, takes out.
    private var movingPresentedView: View? { view(forKey: isPresentation ? .to : .from) }

    override func frame(for controller: ViewController, final: Bool) -> Rect {
        if controller === presented {
            if isPresentation { return final ? presentationController.frameOfPresentedViewInContainerView : .zero }
            if final { return .zero }
            guard let view = movingPresentedView else { return .zero }
            return view.convert(view.bounds, to: containerView)
        }
        guard controller === presenting, let view = controller.viewIfLoaded, view.window != nil else { return .zero }
        return view.convert(view.bounds, to: containerView)
    }

    override func end(_ didComplete: Bool) {
        let presenterTakesPart = self.presenterTakesPart
        if isPresentation {
            finishPresentation(didComplete, presenterTakesPart: presenterTakesPart)
        } else {
            finishDismissal(didComplete, presenterTakesPart: presenterTakesPart)
        }
        presented.externalAppearanceDrivers -= 1
        intermediates.forEach { $0.externalAppearanceDrivers -= 1 }
        if presenterTakesPart { presenting.externalAppearanceDrivers -= 1 }
    }

    override func didEnd(_ didComplete: Bool) {
        let pc = presentationController!
        if isPresentation {
            pc.send(.presentationTransitionDidEnd, args: [("completed", .bool(didComplete))]) {
                pc.presentationTransitionDidEnd(didComplete)
            }
        } else {
            pc.send(.dismissalTransitionDidEnd, args: [("completed", .bool(didComplete))]) {
                pc.dismissalTransitionDidEnd(didComplete)
            }
            if let shown = pc.shownBeforeAdapting {
                shown.send(.dismissalTransitionDidEnd, args: [("completed", .bool(didComplete))]) {
                    shown.dismissalTransitionDidEnd(didComplete)
                }
            }
            if didComplete {
                presented.activePresentationController = nil
                intermediates.forEach { $0.activePresentationController = nil }
            }
        }
        presented.activeTransition = nil
        presenting.activeTransition = nil
        application.transitionInProgress = false
        // Traits that changed while the presentation ran: it adapts to them now.
        if isPresentation, didComplete, let traits = traitsAtStart, traits != application.window.traitCollection {
            presented.adaptPresentation(to: application.window.traitCollection, with: nil)
        }
        if didComplete {
            dispatcher.record(isPresentation ? .presentCompletion : .dismissCompletion, controller: presented.name)
            completion?()
            // What VoiceOver hears of it: the screen changed, to the presented or the revealed controller.
            dispatcher.record(.accessibilityScreenChanged, controller: isPresentation ? presented.name : presenting.name)
        }
    }

    private func finishPresentation(_ didComplete: Bool, presenterTakesPart: Bool) {
        if didComplete {
            presentationController.removedPresentersView = presenterTakesPart
            if presenterTakesPart, let view = presenting.viewIfLoaded, let superview = view.superview {
                presentationController.presenterViewPlace = (superview, superview.subviews.firstIndex { $0 === view } ?? 0)
                view.removeFromSuperview()
            }
            presented.endAppearance()
            if presenterTakesPart { presenting.endAppearance() }
            // After a size change during the transition, the next layout pass puts a standard
            // presentation's view where it belongs now.
            if !presentationController.isTraced, let view = presentationController.presentedView,
               view.frame != presentationController.frameOfPresentedViewInContainerView {
                view.setNeedsLayout()
            }
        } else {
            movingPresentedView?.removeFromSuperview()
            containerView.removeFromSuperview()
            presented.changeAppearance(appearing: false, animated: animated)
            presented.endAppearance()
            if presenterTakesPart {
                presenting.changeAppearance(appearing: true, animated: animated)
                presenting.endAppearance()
            }
            presenting.presentedStorage = nil
            presented.presentingStorage = nil
            presented.activePresentationController = nil
        }
    }

    private func finishDismissal(_ didComplete: Bool, presenterTakesPart: Bool) {
        if didComplete {
            // An animator may have put the presenter's view into the container (as full-screen
            // animators do with the "to" view): it goes back where it lives before the container goes.
            if restoresPresenterView { restorePresenterView() }
            movingPresentedView?.removeFromSuperview()
            for controller in [presented] + intermediates {
                controller.activePresentationController?.containerView?.removeFromSuperview()
                controller.presentingStorage = nil
                controller.presentedStorage = nil
            }
            // Controllers between the presenter and the top leave without callbacks, and so
            // do their children.
            intermediates.forEach { $0.disappearWithoutCallbacks() }
            presenting.presentedStorage = nil
            if presenterTakesPart { presenting.endAppearance() }
            presented.endAppearance()
        } else {
            // UIKit's order: the controller that was being revealed disappears again, then the
            // presented one, whose view never left, appears (will and did, no viewIsAppearing).
            if presenterTakesPart {
                presenting.changeAppearance(appearing: false, animated: animated)
                presenting.endAppearance()
            }
            if restoresPresenterView { presenting.viewIfLoaded?.removeFromSuperview() }
            presented.changeAppearance(appearing: true, animated: animated)
            presented.isAppearingSent = true
            presented.endAppearance()
        }
    }

    /// Puts the presenter's view back where the presentation took it from, when it is out of
    /// the hierarchy or inside the transition's container view.
    private func restorePresenterView() {
        let lowest = intermediates.first ?? presented
        guard let (superview, index) = lowest.activePresentationController?.presenterViewPlace else { return }
        // A memory warning may have unloaded it while it was out of the window: it loads again.
        let view = presenting.view!
        if let current = view.superview {
            guard let container = presentationController.containerView, current === container || current.isDescendant(of: container)
            else { return }
            view.removeFromSuperview()
        }
        superview.insertSubview(view, at: min(index, superview.subviews.count))
    }
}
