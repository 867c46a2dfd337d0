/// `UINavigationController`: a stack of controllers, the top one's view shown below a
/// navigation bar. A push or pop updates `viewControllers` at once and animates on the next
/// run-loop turn; operations asked for during a transition wait for it to end.
///
/// Push order: `willMoveToParent` (at once) → the new view loads → `viewWillDisappear` of the
/// old top → `viewWillAppear` of the new → the animation → `viewDidDisappear` → `viewDidAppear`
/// → `didMoveToParent`. Pop mirrors it; a cancelled interactive pop leaves the popped
/// controller on top with `viewWillAppear` → `viewDidAppear` and the revealed one with
/// `viewWillDisappear` → `viewDidDisappear`, as in UIKit.
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    public var delegate: NavigationControllerDelegate?
    public let navigationBar = NavigationBar()
    /// The view the top controller's view fills, below the bar.
    public let contentView = View()
    var transition: NavigationTransition?
    private var waiting: [() -> Void] = []
    /// The edge swipe that pops interactively, as UIKit's: from the left edge, it pops the top
    /// controller following the finger, finishing past half the width or on a fast flick and
    /// cancelling otherwise. Disable it with `isEnabled = false`.
    public let interactivePopGestureRecognizer = ScreenEdgePanGestureRecognizer(edges: .left)
    /// The interaction of a pop the edge swipe started.
    var popInteraction: PercentDrivenInteractiveTransition?
    /// Whether the view was loaded before (a memory warning may drop it).
    private var hasLoadedView = false

    /// A navigation controller whose stack starts with `root`.
    public init(_ application: Application, root: ViewController?, name: String? = nil, typeName: String? = nil) {
        super.init(application, name: name, typeName: typeName)
        navigationBar.name = "navigationBar"
        contentView.name = "navigationContent"
        interactivePopGestureRecognizer.name = "interactivePop"
        // Weak: a script may keep the recognizer, and fire it, after the controller is gone.
        interactivePopGestureRecognizer.addTarget { [weak self] recognizer in
            guard let self, let recognizer = recognizer as? ScreenEdgePanGestureRecognizer else { return }
            edgeSwipe(recognizer)
        }
        if let root { _ = try? adopt(root) }
    }

    private func edgeSwipe(_ recognizer: ScreenEdgePanGestureRecognizer) {
        let width = max(contentView.bounds.width, 1)
        let progress = min(max(recognizer.translation(in: nil).x / width, 0), 1)
        switch recognizer.state {
        case .began:
            guard transition == nil, viewControllers.count > 1 else { return }
            popInteraction = PercentDrivenInteractiveTransition()
            pop(animated: true)
        case .changed:
            popInteraction?.update(progress)
        case .ended, .cancelled:
            guard let interaction = popInteraction else { return }
            if recognizer.state == .ended && (progress > 0.5 || recognizer.velocity(in: nil).x > 1000) {
                interaction.finish()
            } else {
                interaction.cancel()
            }
        default:
            break
        }
    }

    public var topViewController: ViewController? { viewControllers.last }

    /// What shows: the controller presented over this navigation controller (or over one of
    /// its ancestors) when there is one, as in UIKit; else what the top controller presents in
    /// its own context; else the top.
    public var visibleViewController: ViewController? {
        presentedViewController ?? topViewController.map { $0.presentedStorage ?? $0 }
    }

    open override func loadView() {
        let view = makeDefaultView()
        let top = application.window.device.statusBarHeight
        navigationBar.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: top + NavigationBar.height)
        navigationBar.autoresizingMask = [.flexibleWidth]
        contentView.frame = Rect(x: 0, y: navigationBar.frame.maxY, width: view.bounds.width,
                                 height: view.bounds.height - navigationBar.frame.maxY)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(contentView)
        view.addSubview(navigationBar)
        view.addGestureRecognizer(interactivePopGestureRecognizer)
        self.view = view
        // A view dropped by a memory warning left its content behind: the top goes in alone, and
        // moved to this parent only the first time.
        contentView.subviews.forEach { $0.removeFromSuperview() }
        if let top = topViewController {
            if hasLoadedView { place(top, in: contentView) } else { show(top, in: contentView) }
        }
        hasLoadedView = true
        updateBar()
    }

    // MARK: Operations

    /// Pushes `controller`. It must not be in a stack or have a parent already.
    public func push(_ controller: ViewController, animated: Bool = true) throws(ContainmentError) {
        guard !isInInteractiveTransition else { throw .interactiveTransitionInProgress(name) }
        guard !viewControllers.contains(where: { $0 === controller }) else { throw .alreadyInStack(controller.name) }
        if controller.parent != nil || (controller.presentingStorage != nil && !controller.isOfferedForAdaptation) {
            throw .alreadyInStack(controller.name)
        }
        let from = topViewController
        try adopt(controller)
        perform(from: from, to: controller, operation: .push, animated: animated, removing: [])
    }

    /// Pops the top controller (never the root); returns it.
    @discardableResult
    public func pop(animated: Bool = true) -> ViewController? {
        guard viewControllers.count > 1, !isInInteractiveTransition else { return nil }
        let popped = viewControllers.removeLast()
        perform(from: popped, to: topViewController, operation: .pop, animated: animated, removing: [popped])
        return popped
    }

    /// Pops everything above `controller`; returns what was popped, bottom first.
    @discardableResult
    public func popTo(_ controller: ViewController, animated: Bool = true) -> [ViewController] {
        guard !isInInteractiveTransition, let index = viewControllers.firstIndex(where: { $0 === controller }),
              index < viewControllers.count - 1 else {
            return []
        }
        let popped = Array(viewControllers[(index + 1)...])
        viewControllers.removeSubrange((index + 1)...)
        perform(from: popped.last, to: controller, operation: .pop, animated: animated, removing: popped)
        return popped
    }

    @discardableResult
    public func popToRoot(animated: Bool = true) -> [ViewController] {
        guard let root = viewControllers.first else { return [] }
        return popTo(root, animated: animated)
    }

    /// Replaces the stack: a push when the new top is new, a pop when it was in the stack.
    public func setViewControllers(_ controllers: [ViewController], animated: Bool = true) throws(ContainmentError) {
        guard !isInInteractiveTransition else { throw .interactiveTransitionInProgress(name) }
        try checkChildList(controllers, repeated: ContainmentError.alreadyInStack)
        let from = topViewController
        let removed = viewControllers.filter { old in !controllers.contains { $0 === old } }
        let wasInStack = controllers.last.map { new in viewControllers.contains { $0 === new } } ?? false
        for controller in controllers where controller.parent == nil { try addChild(controller) }
        viewControllers = controllers
        let to = topViewController
        guard from !== to else {
            removed.forEach { $0.willMove(toParent: nil); $0.removeFromParent() }
            updateBar()
            return
        }
        perform(from: from, to: to, operation: wasInStack ? .pop : .push, animated: animated, removing: removed)
    }

    /// Whether an interactive push or pop runs (or an edge swipe's pop waits to start): the
    /// stack cannot change until it ends, as a cancel puts it back. Pops return nothing then
    /// and pushes throw, where UIKit logs and leaves the stack.
    var isInInteractiveTransition: Bool {
        guard let transition else { return false }
        return transition.isInteractive || popInteraction != nil
    }

    override var hasTransitionUnderWay: Bool { super.hasTransitionUnderWay || transition != nil || !waiting.isEmpty }

    open override var childForStatusBarStyle: ViewController? { topViewController }
    open override var childForStatusBarHidden: ViewController? { topViewController }

    open override func handleShow(_ controller: ViewController) -> Bool {
        (try? push(controller)) != nil
    }

    /// Children that share an identifier are told apart by their place among those that do:
    /// `detail`, `detail#2`, `detail#3`.
    open override func restorationComponent(forChild child: ViewController) -> String? {
        guard let identifier = child.restorationIdentifier,
              let index = viewControllers.firstIndex(where: { $0 === child }) else { return child.restorationIdentifier }
        let earlier = viewControllers[..<index].count { $0.restorationIdentifier == identifier }
        return earlier == 0 ? identifier : "\(identifier)#\(earlier + 1)"
    }

    /// Saves the stack, as references.
    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(viewControllers, forKey: "NavigationController.viewControllers")
    }

    /// Rebuilds the stack from the controllers that were restored, without animation.
    open override func decodeRestorableState(with coder: StateCoder) {
        super.decodeRestorableState(with: coder)
        let stack = coder.decodeControllers(forKey: "NavigationController.viewControllers")
        if !stack.isEmpty, !stack.elementsEqual(viewControllers, by: ===) { try? setViewControllers(stack, animated: false) }
    }

    // MARK: Internals

    private func adopt(_ controller: ViewController) throws(ContainmentError) {
        try addChild(controller)
        viewControllers.append(controller)
    }

    /// Shows `controller`'s view in `content` without a transition.
    private func show(_ controller: ViewController, in content: View) {
        place(controller, in: content)
        controller.didMove(toParent: self)
    }

    private func place(_ controller: ViewController, in content: View) {
        controller.view.frame = content.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        content.addSubview(controller.view)
    }

    /// Runs the operation now if nothing is under way and the view is in the window; otherwise
    /// without a transition (view not loaded or off screen), or after the current one.
    private func perform(from: ViewController?, to: ViewController?, operation: NavigationOperation, animated: Bool,
                         removing removed: [ViewController]) {
        guard transition == nil else {
            waiting.append { [unowned self] in perform(from: from, to: to, operation: operation, animated: animated, removing: removed) }
            return
        }
        guard let to, let from, viewIfLoaded?.window != nil else {
            settleWithoutTransition(to: to, removing: removed)
            return
        }
        let transition = NavigationTransition(navigationController: self, from: from, to: to, operation: operation,
                                              animated: animated, removing: removed)
        self.transition = transition
        application.runLoop.perform { transition.start() }
    }

    private func settleWithoutTransition(to: ViewController?, removing removed: [ViewController]) {
        for controller in removed {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        if let to, isViewLoaded, to.viewIfLoaded?.superview !== contentView {
            contentView.subviews.forEach { $0.removeFromSuperview() }
            show(to, in: contentView)
        } else if let to, to.parent === self, !isViewLoaded {
            to.didMove(toParent: self)
        }
        updateBar()
    }

    /// Called by the transition when it ends: a cancelled pop puts the popped controllers back,
    /// a cancelled push takes the pushed one off.
    func transitionDidEnd(cancelled: Bool, operation: NavigationOperation, popped: [ViewController], pushed: ViewController) {
        transition = nil
        popInteraction = nil
        if cancelled {
            if operation == .pop { viewControllers.append(contentsOf: popped) } else { viewControllers.removeAll { $0 === pushed } }
        }
        updateBar()
        let next = waiting
        waiting.removeAll()
        next.forEach { $0() }
    }

    func updateBar() {
        navigationBar.title = topViewController?.title ?? topViewController?.name
        navigationBar.backItemTitle = viewControllers.count > 1
            ? (viewControllers[viewControllers.count - 2].title ?? "Back") : nil
    }
}
