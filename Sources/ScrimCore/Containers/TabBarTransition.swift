/// A tab switch: the old and new selected views swap in the content view, at once or with the
/// delegate's animator (and interaction controller).
final class TabBarTransition: ControllerTransition {
    /// Held until the switch ends (see `NavigationTransition.navigationController`).
    let tabBarController: TabBarController
    let from: ViewController
    let to: ViewController
    /// Whether the delegate hears `didSelect` when the switch completes: a tap's switch.
    let tellsDelegate: Bool

    init(tabBarController: TabBarController, from: ViewController, to: ViewController, tellsDelegate: Bool) {
        self.tabBarController = tabBarController
        self.from = from
        self.to = to
        self.tellsDelegate = tellsDelegate
        super.init(subject: to, animated: true)
    }

    /// Asks the delegate for an animator (and interaction controller); false without one.
    func chooseAnimator() -> Bool {
        let tab = tabBarController
        guard let delegate = tab.delegate, let make = delegate.animationController else { return false }
        record(.animationControllerForOperation, [("operation", .string("select")), ("from", .string(from.name)),
                                                  ("to", .string(to.name))], by: delegate.traceName)
        guard let animator = make(tab, from, to) else { return false }
        self.animator = animator
        animatorIsTraced = true
        if let makeInteraction = delegate.interactionController {
            record(.interactionControllerForOperation, by: delegate.traceName)
            interaction = makeInteraction(tab, animator)
            interactionIsTraced = interaction != nil
        }
        return true
    }

    /// The switch without animation, in UIKit's order.
    func switchAtOnce() {
        to.loadViewIfNeeded()
        to.externalAppearanceDrivers += 1
        from.externalAppearanceDrivers += 1
        if tabBarController.letsChildrenAppear { to.changeAppearance(appearing: true, animated: false) }
        from.changeAppearance(appearing: false, animated: false)
        from.viewIfLoaded?.removeFromSuperview()
        tabBarController.place(to)
        to.sendIsAppearing()
        from.endAppearance()
        to.endAppearance()
        to.externalAppearanceDrivers -= 1
        from.externalAppearanceDrivers -= 1
    }

    func start() {
        starting {
            to.loadViewIfNeeded()
            let (context, coordinator) = prepare(in: tabBarController.contentView)
            beginSwitch(from: from, to: to)
            if tabBarController.letsChildrenAppear { to.changeAppearance(appearing: true, animated: true) }
            from.changeAppearance(appearing: false, animated: true)
            runAnimations(context, coordinator)
            if to.viewIfLoaded?.window != nil { to.sendIsAppearing() }
        }
    }

    override func viewController(forKey key: TransitionContext.Key) -> ViewController { key == .from ? from : to }
    override func view(forKey key: TransitionContext.Key) -> View? { viewController(forKey: key).viewIfLoaded }

    override func frame(for controller: ViewController, final: Bool) -> Rect {
        let bounds = tabBarController.contentView.bounds
        if controller === to { return final ? bounds : .zero }
        if controller === from { return final ? .zero : bounds }
        return .zero
    }

    override func end(_ didComplete: Bool) {
        let content = tabBarController.contentView
        if didComplete {
            if from.viewIfLoaded?.superview === content { from.view.removeFromSuperview() }
            if to.view.superview !== content { tabBarController.place(to) }
            to.view.frame = content.bounds
        } else {
            to.viewIfLoaded?.removeFromSuperview()
        }
        endSwitchAppearances(from: from, to: to, completed: didComplete, animated: true)
    }

    override func didEnd(_ didComplete: Bool) {
        from.activeTransition = nil
        to.activeTransition = nil
        tabBarController.transitionDidEnd(cancelled: !didComplete, from: from, to: to, tellsDelegate: tellsDelegate)
    }
}
