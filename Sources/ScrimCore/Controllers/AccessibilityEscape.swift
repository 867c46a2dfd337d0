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
