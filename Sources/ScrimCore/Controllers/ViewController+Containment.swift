extension ViewController {
    /// Adds `child`, first removing it from any other parent; calls `willMove(toParent: self)`.
    /// The container adds the child's view and then calls `child.didMove(toParent: self)`.
    public final func addChild(_ child: ViewController) throws(ContainmentError) {
        if let refusal = refusalToAddChild(child) { throw refusal }
        if child.parent === self { return }
        if child.parent != nil {
            child.willMove(toParent: nil)
            child.removeFromParent()
        }
        child.willMove(toParent: self)
        children.append(child)
        child.parent = self
    }

    /// Why `child` cannot become a child of this controller, or nil: the rules that keep
    /// containment and presentation one tree. Containers check a whole list with it before
    /// changing anything.
    public func refusalToAddChild(_ child: ViewController) -> ContainmentError? {
        if isSelfOrAbove(child) { return .wouldCreateCycle(parent: name, child: child.name) }
        if child.presentingStorage != nil, !child.isOfferedForAdaptation { return .presented(child.name) }
        if child === application.window.rootViewController { return .windowRoot(child.name) }
        if let container = child.listingContainer, container !== self {
            return .listedByContainer(child: child.name, container: container.name)
        }
        if wouldBeTooDeep(child) { return .tooDeep(child.name) }
        return nil
    }

    /// The built-in container whose list holds this controller — a navigation stack, the tabs,
    /// a split view's columns — if it is its parent. Only the container's own calls move it:
    /// moved behind its back, the container would show a controller that is elsewhere.
    public var listingContainer: ViewController? {
        guard let parent else { return nil }
        let listed: [ViewController]
        switch parent {
        case let navigation as NavigationController: listed = navigation.viewControllers
        case let tabs as TabBarController: listed = tabs.viewControllers
        case let split as SplitViewController: listed = split.viewControllers
        default: return nil
        }
        return listed.contains { $0 === self } ? parent : nil
    }

    /// Removes the controller from its parent; calls `didMove(toParent: nil)`. The container
    /// calls `willMove(toParent: nil)` and removes the view first.
    public final func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
        finishAppearanceOffScreen()
        didMove(toParent: nil)
    }

    /// A controller that leaves its parent with its view out of the window, in the middle of
    /// an appearance change the parent was forwarding, finishes disappearing: the parent will
    /// not forward the end to it any more.
    private func finishAppearanceOffScreen() {
        guard appearanceState != .disappeared, externalAppearanceDrivers == 0, storedView?.window == nil else { return }
        changeAppearance(appearing: false, animated: appearanceAnimated)
        endAppearance()
    }

    /// Traces `willMoveToParent` and calls `willMoveToParent(_:)`.
    public final func willMove(toParent parent: ViewController?) {
        send(.willMoveToParent(parent))
    }

    /// Traces `didMoveToParent` and calls `didMoveToParent(_:)`.
    public final func didMove(toParent parent: ViewController?) {
        send(.didMoveToParent(parent))
    }

    /// Swaps two children's views in the `from` view's superview, as
    /// `transition(from:to:duration:options:animations:completion:)` does.
    ///
    /// When this controller forwards appearance automatically and its view is in the window:
    /// `from.viewWillDisappear`, `to.viewWillAppear`, then `to`'s view is added and the changes
    /// `animations` makes animate over `duration` (ease in-out); after `duration` on the clock
    /// (the next turn for 0), `from`'s view is removed,
    /// `from.viewDidDisappear`, `to.viewDidAppear`, then `completion(true)`. Children are not
    /// added or removed: the caller does the containment around it.
    public final func transition(from: ViewController, to: ViewController, duration: Double,
                                 animations: (() -> Void)? = nil,
                                 completion: ((Bool) -> Void)? = nil) throws(ContainmentError) {
        guard from.parent === self else { throw .notAChild(parent: name, child: from.name) }
        guard to.parent === self else { throw .notAChild(parent: name, child: to.name) }
        guard from !== to else { throw .sameController(from.name) }
        guard duration.isFinite, duration >= 0 else { throw .invalidDuration(duration) }
        guard let container = from.storedView?.superview else { throw .viewNotInHierarchy(from.name) }

        _ = to.view
        let animated = duration > 0
        let forwards = shouldAutomaticallyForwardAppearanceMethods && storedView?.window != nil
        from.externalAppearanceDrivers += 1
        to.externalAppearanceDrivers += 1
        if forwards {
            from.changeAppearance(appearing: false, animated: animated)
            to.changeAppearance(appearing: true, animated: animated)
        }
        container.addSubview(to.view)
        if forwards { to.sendIsAppearing() }
        if let animations {
            // Cannot throw: the duration was checked above and the curve is a named one.
            try? application.animate(duration: duration, curve: .easeInOut, animations: animations)
        }

        application.runLoop.schedule(at: application.clock.now + duration) { [self] in
            if from.storedView?.superview === container { from.storedView?.removeFromSuperview() }
            // A `to` removed from this controller meanwhile leaves with its view.
            if to.parent !== self, to.storedView?.superview === container { to.storedView?.removeFromSuperview() }
            if forwards {
                from.endAppearance()
                to.endAppearance()
            }
            from.externalAppearanceDrivers -= 1
            to.externalAppearanceDrivers -= 1
            // The container may have left the window meanwhile: what is off screen has disappeared.
            to.finishAppearanceOffScreen()
            completion?(true)
        }
    }
}

extension ViewController {
    /// Adds `child` and its view (filling `view` — this controller's view by default, or a view
    /// inside it) with the whole containment dance: `addChild` (`willMoveToParent`), the view,
    /// `didMove(toParent:)`.
    public final func addChildController(_ child: ViewController, in view: View? = nil) throws(ContainmentError) {
        if let view {
            // Elsewhere the child would be shown outside its parent, or inside itself.
            let inParent = view === self.view || view.isDescendant(of: self.view)
            let inChild = child.viewIfLoaded.map { view === $0 || view.isDescendant(of: $0) } ?? false
            guard inParent, !inChild else { throw .containerOutsideParent(parent: name, child: child.name) }
        }
        try addChild(child)
        let container = view ?? self.view!
        child.view.frame = container.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        container.addSubview(child.view)
        child.didMove(toParent: self)
    }

    /// Removes a child with the whole dance: `willMove(toParent: nil)`, its view leaves,
    /// `removeFromParent` (`didMoveToParent(nil)`).
    public final func removeChildController(_ child: ViewController) {
        guard child.parent === self else { return }
        child.willMove(toParent: nil)
        child.viewIfLoaded?.removeFromSuperview()
        child.removeFromParent()
    }
}

extension ViewController {
    /// Checks a new list of children before a built-in container takes it, so that a refusal
    /// changes nothing: no controller twice, none held by another parent (`repeated` makes
    /// that refusal), and each new one a controller this one may add (`refusalToAddChild`).
    final func checkChildList(_ controllers: [ViewController], repeated: (String) -> ContainmentError) throws(ContainmentError) {
        for (index, controller) in controllers.enumerated() {
            if controllers[..<index].contains(where: { $0 === controller }) { throw repeated(controller.name) }
            if controller.parent != nil && controller.parent !== self { throw repeated(controller.name) }
        }
        for controller in controllers where controller.parent == nil {
            if let refusal = refusalToAddChild(controller) { throw refusal }
        }
    }
}
