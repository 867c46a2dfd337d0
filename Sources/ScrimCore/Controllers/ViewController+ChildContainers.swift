/// `UIStatusBarStyle`.
public enum StatusBarStyle: String, Sendable {
    case `default`, lightContent, darkContent
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

    /// The status bar style the window shows: asked of the top full-screen controller, which
    /// may hand the question to a child (`childForStatusBarStyle`).
    public var effectiveStatusBarStyle: StatusBarStyle {
        var controller = self
        var seen = 0
        while let child = controller.childForStatusBarStyle, seen < 64 {
            controller = child
            seen += 1
        }
        return controller.preferredStatusBarStyle
    }

    /// Whether the status bar is hidden, asked the same way (`childForStatusBarHidden`).
    public var effectiveStatusBarHidden: Bool {
        var controller = self
        var seen = 0
        while let child = controller.childForStatusBarHidden, seen < 64 {
            controller = child
            seen += 1
        }
        return controller.prefersStatusBarHidden
    }
}

extension Application {
    /// The controller that decides the status bar: the topmost presented controller that covers
    /// the screen, else the window's root.
    public var statusBarController: ViewController? {
        var controller = window.rootViewController
        while let presented = controller?.presentedStorage,
              presented.activePresentationController?.shouldPresentInFullscreen ?? true {
            controller = presented
        }
        return controller
    }

    public var statusBarStyle: StatusBarStyle { statusBarController?.effectiveStatusBarStyle ?? .default }
    public var isStatusBarHidden: Bool { statusBarController?.effectiveStatusBarHidden ?? false }
}

extension Application {
    /// The accessibility escape gesture (VoiceOver's two-finger Z): asks the topmost presented
    /// controller — then its presenters, down to the root — `accessibilityPerformEscape`; the
    /// first that returns true is dismissed (the root has nothing to dismiss). Traced as
    /// `accessibilityPerformEscape` with `handled`. Returns whether one did.
    @discardableResult
    public func performAccessibilityEscape() -> Bool {
        var controller = window.rootViewController
        while let presented = controller?.presentedStorage { controller = presented }
        while let current = controller {
            let handled = current.accessibilityPerformEscape()
            dispatcher.record(.accessibilityPerformEscape, controller: current.name, args: [("handled", .bool(handled))])
            if handled {
                current.presentingStorage?.dismiss(animated: true)
                return true
            }
            controller = current.presentingStorage
        }
        return false
    }
}
