/// `UIStatusBarStyle`.
public enum StatusBarStyle: String, Sendable {
    case `default`, lightContent, darkContent
}

extension ViewController {
    /// The status bar style the window shows: asked of the top full-screen controller, which
    /// may hand the question to a child (`childForStatusBarStyle`).
    public var effectiveStatusBarStyle: StatusBarStyle { answering(\.childForStatusBarStyle).preferredStatusBarStyle }

    /// Whether the status bar is hidden, asked the same way (`childForStatusBarHidden`).
    public var effectiveStatusBarHidden: Bool { answering(\.childForStatusBarHidden).prefersStatusBarHidden }

    /// The controller that answers a status-bar question: this one, or the child it hands the
    /// question to through `child`, and so on (64 deep at most, so that a loop ends).
    private func answering(_ child: KeyPath<ViewController, ViewController?>) -> ViewController {
        var controller = self
        var seen = 0
        while let next = controller[keyPath: child], seen < 64 {
            controller = next
            seen += 1
        }
        return controller
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
