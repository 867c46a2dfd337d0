/// Where a view controller is in its appearance cycle (UIKit's `_appearState`).
public enum AppearanceState: String, Sendable {
    case disappeared, appearing, appeared, disappearing
}

extension ViewController {
    /// Starts an appearance change for manual forwarding: `viewWillAppear` or
    /// `viewWillDisappear`, forwarded to children that are forwarded automatically.
    /// Going from disappearing back to appearing (or the reverse) is allowed: the cancel pattern.
    public final func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        changeAppearance(appearing: isAppearing, animated: animated)
        if isAppearing, storedView?.window != nil { sendIsAppearing() }
    }

    /// Ends the appearance change begun last: `viewDidAppear` or `viewDidDisappear`.
    public final func endAppearanceTransition() {
        endAppearance()
    }

    /// Whether a child shown now may appear: this controller is appearing or has appeared. A
    /// push onto a navigation controller that is being dismissed, say, shows its new top
    /// without appearance callbacks, as it would off screen.
    var letsChildrenAppear: Bool { appearanceState == .appearing || appearanceState == .appeared }

    /// Children whose appearance follows this controller's: those whose views are inside its
    /// view, when it forwards automatically.
    var appearanceChildren: [ViewController] {
        guard shouldAutomaticallyForwardAppearanceMethods, let view = storedView else { return [] }
        return children.filter { child in
            guard child.externalAppearanceDrivers == 0, let childView = child.storedView else { return false }
            return childView.isDescendant(of: view)
        }
    }

    /// Whether appearance reaches this controller automatically when its view enters or
    /// leaves the window: no transition drives it, and its parent forwards automatically. (The
    /// parent itself may be driven by a transition or by hand: a child added meanwhile follows
    /// the parent's state, see `Window.subtreeWillEnter`.)
    var isAutomaticallyDriven: Bool {
        guard externalAppearanceDrivers == 0 else { return false }
        return parent?.shouldAutomaticallyForwardAppearanceMethods ?? true
    }

    func changeAppearance(appearing: Bool, animated: Bool) {
        switch (appearing, appearanceState) {
        case (true, .disappeared), (true, .disappearing):
            appearanceState = .appearing
            appearanceAnimated = animated
            isAppearingSent = false
            send(.viewWillAppear(animated: animated))
        case (false, .appeared), (false, .appearing):
            appearanceState = .disappearing
            appearanceAnimated = animated
            send(.viewWillDisappear(animated: animated))
        default:
            return
        }
        for child in appearanceChildren { child.changeAppearance(appearing: appearing, animated: animated) }
    }

    func sendIsAppearing() {
        if appearanceState == .appearing, !isAppearingSent {
            isAppearingSent = true
            let animated = appearanceAnimated
            send(.viewIsAppearing(animated: animated))
        }
        for child in appearanceChildren { child.sendIsAppearing() }
    }

    func endAppearance() {
        let animated = appearanceAnimated
        switch appearanceState {
        case .appearing:
            if !isAppearingSent {
                isAppearingSent = true
                send(.viewIsAppearing(animated: animated))
            }
            appearanceState = .appeared
            send(.viewDidAppear(animated: animated))
        case .disappearing:
            appearanceState = .disappeared
            send(.viewDidDisappear(animated: animated))
        default:
            return
        }
        for child in appearanceChildren {
            // A child that came in (or went out) while this controller's change ran, out of
            // reach of its start, makes the whole change now.
            let settledOpposite = appearanceState == .appeared
                ? child.appearanceState == .disappeared && child.storedView?.window != nil
                : child.appearanceState == .appeared
            if settledOpposite {
                child.changeAppearance(appearing: appearanceState == .appeared, animated: animated)
                if appearanceState == .appeared { child.sendIsAppearing() }
            }
            child.endAppearance()
        }
    }

    /// Marks this controller and the children it forwards appearance to as disappeared, with
    /// no callbacks: how controllers between a dismissed stack's top and its presenter leave.
    func disappearWithoutCallbacks() {
        let children = appearanceChildren
        appearanceState = .disappeared
        children.forEach { $0.disappearWithoutCallbacks() }
    }

    /// The controllers whose appearance changes when `subtree` enters or leaves the window:
    /// automatically driven controllers with their views in it, whose parent's view is not in
    /// it (a parent in it forwards to them itself).
    static func appearanceRoots(in subtree: View) -> [ViewController] {
        subtree.subtree().compactMap(\.owningController).filter { controller in
            guard controller.isAutomaticallyDriven else { return false }
            guard let parentView = controller.parent?.storedView else { return true }
            return !parentView.isDescendant(of: subtree)
        }
    }
}
