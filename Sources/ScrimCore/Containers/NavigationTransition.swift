/// A push or pop: the old and new top controllers' views swap in the navigation controller's
/// content view, with the delegate's animator or the built-in slide.
final class NavigationTransition: ControllerTransition {
    /// Held until the transition ends, as UIKit's transition coordinator holds what it moves: a
    /// navigation controller let go in the middle of a push stays until the push is over.
    let navigationController: NavigationController
    let from: ViewController
    let to: ViewController
    let operation: NavigationOperation
    /// Controllers leaving the stack (for a pop: the old top and any between).
    let removed: [ViewController]

    init(navigationController: NavigationController, from: ViewController, to: ViewController,
         operation: NavigationOperation, animated: Bool, removing removed: [ViewController]) {
        self.navigationController = navigationController
        self.from = from
        self.to = to
        self.operation = operation
        self.removed = removed
        super.init(subject: to, animated: animated)
    }

    func start() {
        starting {
            if animated { chooseAnimator() }
            if operation == .pop { removed.reversed().forEach { $0.willMove(toParent: nil) } }
            to.loadViewIfNeeded()
            let (context, coordinator) = prepare(in: navigationController.contentView)
            beginSwitch(from: from, to: to)
            from.changeAppearance(appearing: false, animated: animated)
            if navigationController.letsChildrenAppear { to.changeAppearance(appearing: true, animated: animated) }
            runAnimations(context, coordinator)
            if to.viewIfLoaded?.window != nil { to.sendIsAppearing() }
        }
    }

    private func chooseAnimator() {
        let nav = navigationController
        if let delegate = nav.delegate, let make = delegate.animationController {
            record(.animationControllerForOperation, [("operation", .string(operation.rawValue)),
                                                      ("from", .string(from.name)), ("to", .string(to.name))],
                   by: delegate.traceName)
            animator = make(nav, operation, from, to)
            animatorIsTraced = animator != nil
            if let animator, let makeInteraction = delegate.interactionController {
                record(.interactionControllerForOperation, by: delegate.traceName)
                interaction = makeInteraction(nav, animator)
                interactionIsTraced = interaction != nil
            }
        }
        if animator == nil { animator = NavigationAnimator(operation: operation) }
        if interaction == nil, operation == .pop, let edgeSwipe = nav.popInteraction {
            interaction = edgeSwipe
        }
    }

    override func viewController(forKey key: TransitionContext.Key) -> ViewController {
        key == .from ? from : to
    }

    override func view(forKey key: TransitionContext.Key) -> View? {
        viewController(forKey: key).viewIfLoaded
    }

    override func frame(for controller: ViewController, final: Bool) -> Rect {
        let bounds = navigationController.contentView.bounds
        if controller === to { return final ? bounds : .zero }
        if controller === from { return final ? .zero : bounds }
        return .zero
    }

    override func placeWithoutAnimation() {
        to.view.frame = navigationController.contentView.bounds
        navigationController.contentView.addSubview(to.view)
    }

    override func end(_ didComplete: Bool) {
        let content = navigationController.contentView
        if didComplete {
            if from.viewIfLoaded?.superview === content { from.view.removeFromSuperview() }
            to.view.frame = content.bounds
            to.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if to.view.superview !== content { content.addSubview(to.view) }
        } else {
            to.viewIfLoaded?.removeFromSuperview()
        }
        endSwitchAppearances(from: from, to: to, completed: didComplete, animated: animated)
    }

    override func didEnd(_ didComplete: Bool) {
        from.activeTransition = nil
        to.activeTransition = nil
        let nav = navigationController
        if didComplete {
            if operation == .push { to.didMove(toParent: nav) }
            for controller in removed where controller !== to {
                controller.viewIfLoaded?.removeFromSuperview()
                controller.removeFromParent()
            }
        } else if operation == .push {
            to.willMove(toParent: nil)
            to.removeFromParent()
        }
        nav.transitionDidEnd(cancelled: !didComplete, operation: operation, popped: removed, pushed: to)
    }
}

/// The built-in push and pop: the incoming view slides in from the right over the outgoing
/// one, which moves a third of the way left (0.35 s, ease in-out); a pop mirrors it.
final class NavigationAnimator: AnimatedTransitioning {
    let operation: NavigationOperation

    init(operation: NavigationOperation) {
        self.operation = operation
    }

    func transitionDuration(using context: TransitionContext) -> Double { 0.35 }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let fromView = context.view(forKey: .from), let toView = context.view(forKey: .to) else {
            context.completeTransition(true)
            return
        }
        let bounds = container.bounds
        let right = Rect(x: bounds.width, y: 0, width: bounds.width, height: bounds.height)
        let left = Rect(x: -bounds.width / 3, y: 0, width: bounds.width, height: bounds.height)
        let push = operation == .push
        toView.frame = push ? right : left
        if push { container.addSubview(toView) } else { container.insertSubview(toView, at: 0) }
        let application = context.viewController(forKey: .to).application
        try? application.animate(duration: transitionDuration(using: context), curve: .easeInOut, animations: {
            toView.frame = bounds
            fromView.frame = push ? left : right
        }, completion: { _ in
            fromView.frame = bounds
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}
