extension ViewController {
    /// The controller this one presents or, when it presents nothing, the one its nearest
    /// presenting ancestor presents: UIKit's "presented by this view controller, or one of its
    /// ancestors". So the top controller of a navigation controller, or a tab, reports what its
    /// container presented over it.
    public var presentedViewController: ViewController? { firstThroughParents { $0.presentedStorage } }

    /// The controller that presented this one — or, for a child, the one that presented its
    /// nearest presented ancestor.
    public var presentingViewController: ViewController? { firstThroughParents { $0.presentingStorage } }

    public var isBeingPresented: Bool {
        (activeTransition as? PresentationTransition).map { $0.kind == .presentation && $0.presented === self } ?? false
    }

    public var isBeingDismissed: Bool {
        (activeTransition as? PresentationTransition).map { $0.kind == .dismissal && $0.presented === self } ?? false
    }

    /// Whether the controller is being pushed onto a navigation stack (or added to a container).
    public var isMovingToParent: Bool {
        (activeTransition as? NavigationTransition).map { $0.to === self && $0.operation == .push } ?? false
    }

    /// Whether the controller is being popped off a navigation stack.
    public var isMovingFromParent: Bool {
        (activeTransition as? NavigationTransition).map { $0.from === self && $0.operation == .pop } ?? false
    }

    /// The coordinator of the transition this controller (or an ancestor) takes part in, or of
    /// the size change under way.
    public var transitionCoordinator: TransitionCoordinator? {
        var controller: ViewController? = self
        while let current = controller {
            if let transition = current.activeTransition, !transition.hasEnded { return transition.coordinator }
            controller = current.parent
        }
        return application.sizeTransition?.coordinator
    }

    /// The top of the containment tree this controller is in: the controller whose view covers
    /// the screen, or the presented controller this one is inside.
    var containmentRoot: ViewController {
        var controller = self
        while let parent = controller.parent { controller = parent }
        return controller
    }

    /// Presents `controller`, starting on the next run-loop turn. `fullScreen`-like styles
    /// present from the controller that covers the screen; `currentContext` styles from the
    /// nearest ancestor that `definesPresentationContext`, else the window's root. A present
    /// UIKit would refuse — already presenting, a transition in progress, a presenter outside
    /// the window, a controller already presented or with a parent — is traced as
    /// `presentRejected` with a reason, and its completion is not called.
    public final func present(_ controller: ViewController, animated: Bool = true, completion: (() -> Void)? = nil) {
        let original = controller
        var (controller, style) = controller.adaptedForPresentation()
        var presenter = containmentRoot
        if style.usesPresentationContext {
            var candidate: ViewController? = self
            while let current = candidate, !current.definesPresentationContext { candidate = current.parent }
            presenter = candidate ?? application.window.rootViewController ?? presenter
        }
        // An adaptive delegate's replacement that cannot be presented gives way to the original.
        if controller !== original, let refusal = controller.refusalToBePresented(from: presenter, by: self) {
            application.dispatcher.record(.presentRejected, controller: controller.name,
                                          args: [("reason", .string(refusal + "; '\(original.name)' is presented instead"))])
            controller = original
        }
        let reason: String? = {
            if let refusal = controller.refusalToBePresented(from: presenter, by: self) { return refusal }
            if let presented = presenter.presentedStorage {
                return "'\(presenter.name)' is already presenting '\(presented.name)'"
            }
            if presenter.viewIfLoaded?.window == nil {
                return "the view of '\(presenter.name)' is not in the window hierarchy"
            }
            if application.transitionInProgress { return "a transition is in progress" }
            return nil
        }()
        if let reason {
            application.dispatcher.record(.presentRejected, controller: controller.name, args: [("reason", .string(reason))])
            return
        }
        var transitionStyle = controller.modalTransitionStyle
        if style.usesPresentationContext, presenter.providesPresentationContextTransitionStyle {
            transitionStyle = presenter.modalTransitionStyle
        }
        presenter.presentedStorage = controller
        controller.presentingStorage = presenter
        let transition = PresentationTransition(presentationOf: controller, from: presenter, source: self, style: style,
                                                transitionStyle: transitionStyle, animated: animated,
                                                completion: completion)
        application.transitionInProgress = true
        application.runLoop.perform { transition.start() }
    }

    /// Why this controller cannot be presented from `presenter` at `source`'s request, or nil:
    /// the rules that keep containment and presentation one tree.
    func refusalToBePresented(from presenter: ViewController, by source: ViewController) -> String? {
        if self === source || self === presenter { return "a controller cannot present itself" }
        if presenter.isSelfOrAbove(self) || source.isSelfOrAbove(self) {
            return "'\(name)' is above '\(presenter.name)' (a parent, or a presenter)"
        }
        if self === application.window.rootViewController { return "'\(name)' is the window's root" }
        if presenter.wouldBeTooDeep(self) {
            return "the hierarchy of controllers is at most \(ViewController.deepestHierarchy) levels deep"
        }
        if presentingStorage != nil { return "'\(name)' is already presented" }
        if let parent { return "'\(name)' has a parent ('\(parent.name)')" }
        return nil
    }

    /// Dismisses what this controller presents (its `presentedViewController`, which may be
    /// its container's) — or, when it presents nothing, this controller (forwarded to its
    /// presenter). Dismissing lower in a stack removes everything above it; only the top one
    /// animates and gets appearance callbacks. Starts on the next turn.
    public final func dismiss(animated: Bool = true, completion: (() -> Void)? = nil) {
        let presenter: ViewController, dismissed: ViewController
        if let presented = presentedViewController, let presenting = presented.presentingStorage {
            presenter = presenting
            dismissed = presented
        } else {
            var controller: ViewController? = self
            while let current = controller, current.presentingStorage == nil { controller = current.parent }
            guard let presentedRoot = controller, let presenting = presentedRoot.presentingStorage else { return }
            presenter = presenting
            dismissed = presentedRoot
        }
        guard !application.transitionInProgress else {
            application.dispatcher.record(.presentRejected, controller: dismissed.name,
                                          args: [("reason", .string("cannot dismiss while a transition is in progress"))])
            return
        }
        var stack: [ViewController] = [dismissed]
        while let next = stack.last?.presentedStorage { stack.append(next) }
        let top = stack.removeLast()
        let transition = PresentationTransition(dismissalOf: top, to: presenter, intermediates: stack,
                                                animated: animated, completion: completion)
        application.transitionInProgress = true
        application.runLoop.perform { transition.start() }
    }

    /// `show(_:sender:)`: the nearest ancestor that shows controllers its own way (a
    /// navigation controller pushes; see `handleShow`) does; otherwise it is presented.
    public final func show(_ controller: ViewController, sender: AnyObject? = nil) {
        if ancestorHandles(from: self, { $0.handleShow(controller) }) { return }
        present(controller, animated: true)
    }

    /// `showDetailViewController(_:sender:)`: the nearest ancestor that shows details its own
    /// way (a split view controller) does; otherwise as `show`.
    public final func showDetail(_ controller: ViewController, sender: AnyObject? = nil) {
        if ancestorHandles(from: parent, { $0.handleShowDetail(controller) }) { return }
        show(controller, sender: sender)
    }

    /// Whether `handles` returns true for `start` or one of its parents, asked in that order.
    private func ancestorHandles(from start: ViewController?, _ handles: (ViewController) -> Bool) -> Bool {
        var candidate = start
        while let current = candidate {
            if handles(current) { return true }
            candidate = current.parent
        }
        return false
    }

    /// `modalPresentationStyle` with `automatic` resolved (to `pageSheet`, as UIKit does for
    /// most controllers).
    var resolvedPresentationStyle: ModalPresentationStyle {
        modalPresentationStyle == .automatic ? .pageSheet : modalPresentationStyle
    }

    /// The presentation controller of this controller's presentation. For the standard styles
    /// it is made on first access, as in UIKit, so a delegate can be set before `present`; for
    /// `custom` it comes from the transitioning delegate when the presentation begins.
    public var presentationController: PresentationController? {
        if let activePresentationController { return activePresentationController }
        guard resolvedPresentationStyle != .custom else { return nil }
        let controller = PresentationTransition.standardController(for: self, presenting: nil,
                                                                   style: resolvedPresentationStyle, reusing: nil)
        activePresentationController = controller
        return controller
    }

    /// The popover presentation controller, for `popover` (UIKit's
    /// `popoverPresentationController`); in compact width the popover adapts to a sheet.
    public var popoverPresentationController: PopoverPresentationController? {
        guard resolvedPresentationStyle == .popover else { return nil }
        return presentationController as? PopoverPresentationController
    }

    /// The sheet presentation controller, for `pageSheet` and `formSheet` (UIKit's
    /// `sheetPresentationController`).
    public var sheetPresentationController: SheetPresentationController? {
        presentationController as? SheetPresentationController
    }

    /// The controller and style a `present` of this controller uses after adaptation to the
    /// window's traits, with the adaptive delegate's say.
    func adaptedForPresentation() -> (ViewController, ModalPresentationStyle) {
        let style = resolvedPresentationStyle
        let traits = application.window.traitCollection
        let adapted = style.adapted(to: traits)
        guard let pc = activePresentationController, let delegate = pc.delegate else { return (self, adapted) }
        var final = adapted
        if let choose = delegate.adaptivePresentationStyle {
            final = choose(pc, traits) ?? style
        }
        var presented: ViewController = self
        if final != style, let replace = delegate.viewControllerForAdaptivePresentationStyle,
           let replacement = replace(pc, final) {
            presented = replacement
        }
        delegate.willPresentWithAdaptiveStyle?(pc, final == style ? nil : final, nil)
        return (presented, final)
    }
}
