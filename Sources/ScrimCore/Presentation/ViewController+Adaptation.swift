extension Application {
    /// Adapts the presentations standing in the window to `traits`, as a size change that
    /// changes them begins (UIKit's presentation controllers adapt in
    /// `willTransition(to:with:)`). A presentation in its own transition adapts when that ends.
    func adaptPresentations(to traits: TraitCollection, with coordinator: TransitionCoordinator) {
        var standing: [ViewController] = []
        var pending = window.rootViewController.map { [$0] } ?? []
        while let controller = pending.popLast() {
            if controller.presentingStorage != nil, controller.activePresentationController?.containerView != nil,
               controller.activeTransition == nil {
                standing.append(controller)
            }
            pending += controller.children
            if let presented = controller.presentedStorage { pending.append(presented) }
        }
        for controller in standing where controller.presentingStorage != nil {
            controller.adaptPresentation(to: traits, with: coordinator)
        }
    }
}

extension ViewController {
    /// Adapts this controller's presentation to `traits`, as UIKit does for the built-in styles
    /// and custom presentation controllers alike: the adaptive delegate of the presentation
    /// controller the presentation began with is asked `adaptivePresentationStyle` (without a
    /// delegate answer, the style's own adaptation applies); when the answer differs from what
    /// shows, `viewControllerForAdaptivePresentationStyle` (for a style other than the
    /// presentation's own) and `willPresentWithAdaptiveStyle` with the size change's
    /// coordinator. The presentation then shows in the new style: the runtime's presentation
    /// controllers take their views (dimming, a popover's backdrop) away and put theirs in; a
    /// presentation controller of one's own keeps its views and is not called while the
    /// presentation is adapted, and takes over again when the traits allow (with its
    /// presentation hooks the first time it shows; with its dismissal hooks if the presentation
    /// ends adapted).
    ///
    /// As the presentation began, so it ends: the presenter's view stays in or out of the
    /// window as it was, without appearance callbacks, and the controller presented stays the
    /// same — a replacement the delegate gives now is not swapped in.
    func adaptPresentation(to traits: TraitCollection, with coordinator: TransitionCoordinator?) {
        guard let current = activePresentationController, let container = current.containerView else { return }
        let original = current.adaptedFrom ?? current
        let base = original.presentationStyle
        var target = base.adapted(to: traits)
        if let choose = original.delegate?.adaptivePresentationStyle {
            target = ModalPresentationStyle.adaptiveChoice(choose(original, traits), base: base)
        }
        // The delegate may have dismissed or moved the presentation meanwhile.
        guard activePresentationController === current, target != current.presentationStyle else { return }
        if target != base { _ = original.delegate?.viewControllerForAdaptivePresentationStyle?(original, target) }
        original.delegate?.willPresentWithAdaptiveStyle?(original, target == base ? nil : target, coordinator)
        guard activePresentationController === current, current.containerView === container,
              let presenting = presentingStorage, activeTransition == nil else { return }
        let next: PresentationController
        if target == base {
            next = original
        } else {
            next = PresentationTransition.standardController(for: self, presenting: presenting, style: target, reusing: nil)
            next.delegate = original.delegate
            next.adaptedFrom = original
        }
        next.containerView = container
        next.presenterViewPlace = current.presenterViewPlace
        next.removedPresentersView = current.removedPresentersView
        activePresentationController = next
        // The runtime's own presentation controllers take their views away and put theirs in;
        // one of one's own keeps its views while adapted, and begins when it first shows.
        // Without a coordinator (traits that changed during the presentation's own transition),
        // at once.
        let afterwards: (@escaping () -> Void) -> Void = { work in
            if let coordinator { coordinator.animate(alongsideTransition: nil) { _ in work() } } else { work() }
        }
        if !current.isTraced {
            current.dismissalTransitionWillBegin()
            afterwards { current.dismissalTransitionDidEnd(true) }
        }
        if !next.isTraced || !next.wasShown {
            next.wasShown = true
            next.send(.presentationTransitionWillBegin) { next.presentationTransitionWillBegin() }
            // Traced hooks end at once, so a dismissal in the size change still follows them.
            let end = { next.send(.presentationTransitionDidEnd, args: [("completed", .bool(true))]) { next.presentationTransitionDidEnd(true) } }
            if next.isTraced { end() } else { afterwards(end) }
        }
        // The presented view goes where the new style puts it, with the size change's animation.
        let place = { [weak self] in
            guard let self, activePresentationController === next, let view = next.presentedView else { return }
            view.frame = next.frameOfPresentedViewInContainerView
        }
        if let coordinator { coordinator.animate(alongsideTransition: { _ in place() }) } else { place() }
    }
}
