/// `UITabBarController`: one child shown at a time above a tab bar. `selectedIndex` is 0-based
/// in Swift (1-based in Lua). A switch without a delegate animator happens at once:
/// `new.viewWillAppear → old.viewWillDisappear → old.viewDidDisappear → new.viewDidAppear`;
/// with one, the same order around its animation on the next run-loop turn.
///
/// As in UIKit, a selection comes one of two ways: the user's tap (`select`), which asks the
/// delegate's `shouldSelect` and tells its `didSelect`, even for the tab already selected; or
/// code setting `selectedIndex` / `selectedViewController`, which asks and tells the delegate
/// nothing. Both use the delegate's animator.
open class TabBarController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    /// The selected tab, 0-based. Setting it switches tabs as code does (no `shouldSelect`,
    /// no `didSelect`); an index out of range is ignored, as UIKit ignores it.
    public var selectedIndex: Int {
        get { selection }
        set { if viewControllers.indices.contains(newValue) { switchTab(to: newValue, by: .code) } }
    }
    private var selection = 0
    public var delegate: TabBarControllerDelegate?
    public let tabBar = TabBar()
    /// The view the selected controller's view fills, above the bar.
    public let contentView = View()
    var transition: TabBarTransition?
    private var waiting: [() -> Void] = []

    public init(_ application: Application, viewControllers: [ViewController] = [], name: String? = nil,
                typeName: String? = nil) {
        super.init(application, name: name, typeName: typeName)
        tabBar.name = "tabBar"
        contentView.name = "tabContent"
        let itemTap = TapGestureRecognizer()
        itemTap.name = "tabBarItemTap"
        // Weak: a script may keep the bar, and tap it, after the controller is gone.
        itemTap.addTarget { [weak self] recognizer in
            guard let self, recognizer.state == .ended, let index = itemIndex(at: recognizer.location(in: tabBar)) else { return }
            select(index)
        }
        tabBar.addGestureRecognizer(itemTap)
        try? setViewControllers(viewControllers)
    }

    /// The tab whose item is under `point` (in the bar's coordinates): the items share the
    /// bar's width equally.
    private func itemIndex(at point: Point) -> Int? {
        let fraction = point.x / tabBar.bounds.width
        guard !viewControllers.isEmpty, fraction.isFinite, fraction >= 0, fraction < 1 else { return nil }
        return min(Int(fraction * Double(viewControllers.count)), viewControllers.count - 1)
    }

    /// The selected tab's controller. Setting it switches tabs as `selectedIndex` does; a
    /// controller that is not a tab is ignored.
    public var selectedViewController: ViewController? {
        get { viewControllers.indices.contains(selection) ? viewControllers[selection] : nil }
        set {
            guard let newValue, let index = viewControllers.firstIndex(where: { $0 === newValue }) else { return }
            switchTab(to: index, by: .code)
        }
    }

    /// Who switches tabs: the user's tap asks and tells the delegate; code uses only its
    /// animator; restoring state uses neither.
    enum Selector { case tap, code, restoration }

    override var hasTransitionUnderWay: Bool { super.hasTransitionUnderWay || transition != nil }

    open override func loadView() {
        let view = makeDefaultView()
        let device = application.window.device
        let barHeight = TabBar.height + (device.statusBarHeight > 20 ? 34 : 0)
        tabBar.frame = Rect(x: 0, y: view.bounds.height - barHeight, width: view.bounds.width, height: barHeight)
        tabBar.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        contentView.frame = Rect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.height - barHeight)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(contentView)
        view.addSubview(tabBar)
        self.view = view
        // A view dropped by a memory warning left its content behind: the selected tab goes in alone.
        contentView.subviews.forEach { $0.removeFromSuperview() }
        if let selected = selectedViewController { place(selected) }
    }

    /// Saves the tabs (as references) and the selection.
    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(viewControllers, forKey: "TabBarController.viewControllers")
        coder.encode(.number(Double(selectedIndex)), forKey: "TabBarController.selectedIndex")
    }

    /// Restores the tabs that were restored and the selection, without asking the delegate.
    open override func decodeRestorableState(with coder: StateCoder) {
        super.decodeRestorableState(with: coder)
        let tabs = coder.decodeControllers(forKey: "TabBarController.viewControllers")
        if !tabs.isEmpty, !tabs.elementsEqual(viewControllers, by: ===) { try? setViewControllers(tabs) }
        if case .number(let saved)? = coder.decodeValue(forKey: "TabBarController.selectedIndex"),
           let index = Int(exactly: saved), viewControllers.indices.contains(index) {
            switchTab(to: index, by: .restoration)
        }
    }

    open override var childForStatusBarStyle: ViewController? { selectedViewController }
    open override var childForStatusBarHidden: ViewController? { selectedViewController }

    /// Replaces the tabs; the selection stays where it can, else goes to the first tab.
    public func setViewControllers(_ controllers: [ViewController]) throws(ContainmentError) {
        try checkChildList(controllers, repeated: ContainmentError.alreadyContained)
        let old = selectedViewController
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
            controller.willMove(toParent: nil)
            controller.viewIfLoaded?.removeFromSuperview()
            controller.removeFromParent()
        }
        for controller in controllers where controller.parent == nil {
            try addChild(controller)
            controller.didMove(toParent: self)
        }
        viewControllers = controllers
        selection = old.flatMap { previous in controllers.firstIndex { $0 === previous } } ?? 0
        if isViewLoaded, let selected = selectedViewController, selected !== old {
            old?.viewIfLoaded?.removeFromSuperview()
            place(selected)
        }
        updateBar()
    }

    /// The user's tap on the tab at `index` (0-based): asks the delegate's `shouldSelect`, then
    /// switches and tells `didSelect`. Tapping the tab already selected tells `didSelect` too
    /// ("regardless of whether the selected view controller changed"), after a navigation
    /// controller in that tab pops to its root, as on iOS. Returns false when out of range or
    /// refused.
    @discardableResult
    public func select(_ index: Int) -> Bool {
        guard viewControllers.indices.contains(index) else { return false }
        let candidate = viewControllers[index]
        if let shouldSelect = delegate?.shouldSelect, !shouldSelect(self, candidate) { return false }
        // The delegate may have changed the tabs: the controller it allowed is selected where it is now.
        guard let now = viewControllers.firstIndex(where: { $0 === candidate }) else { return false }
        if candidate === selectedViewController, transition == nil {
            reselect(candidate)
        } else {
            switchTab(to: now, by: .tap)
        }
        return true
    }

    /// A tap on the selected tab, allowed by the delegate.
    private func reselect(_ controller: ViewController) {
        if let navigation = controller as? NavigationController, navigation.viewControllers.count > 1 {
            navigation.popToRoot(animated: true)
        }
        delegate?.didSelect?(self, controller)
    }

    /// Switches to the tab at `index` (in range), after the switch under way if there is one.
    func switchTab(to index: Int, by selector: Selector) {
        guard viewControllers.indices.contains(index) else { return }
        guard transition == nil else {
            waiting.append { [unowned self] in
                guard viewControllers.indices.contains(index) else { return }
                // A tap on the tab that the switch under way selected is a tap on the selected tab.
                if selector == .tap, index == selection { reselect(viewControllers[index]) } else { switchTab(to: index, by: selector) }
            }
            return
        }
        let target = viewControllers[index]
        guard let from = selectedViewController, from !== target else { return }
        selection = index
        updateBar()
        let tellsDelegate = selector == .tap
        guard viewIfLoaded?.window != nil else {
            if isViewLoaded {
                from.viewIfLoaded?.removeFromSuperview()
                place(target)
            }
            if tellsDelegate { delegate?.didSelect?(self, target) }
            return
        }
        let transition = TabBarTransition(tabBarController: self, from: from, to: target, tellsDelegate: tellsDelegate)
        if selector != .restoration, transition.chooseAnimator() {
            self.transition = transition
            application.runLoop.perform { transition.start() }
        } else {
            transition.switchAtOnce()
            if tellsDelegate { delegate?.didSelect?(self, target) }
        }
    }

    /// Puts `controller`'s view in the content view.
    func place(_ controller: ViewController) {
        controller.view.frame = contentView.bounds
        controller.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        contentView.addSubview(controller.view)
    }

    func transitionDidEnd(cancelled: Bool, from: ViewController, to: ViewController, tellsDelegate: Bool) {
        transition = nil
        if cancelled, let index = viewControllers.firstIndex(where: { $0 === from }) { selection = index }
        updateBar()
        if !cancelled, tellsDelegate { delegate?.didSelect?(self, to) }
        let next = waiting
        waiting.removeAll()
        next.forEach { $0() }
    }

    func updateBar() {
        tabBar.itemTitles = viewControllers.map { $0.title ?? $0.name }
        tabBar.selectedIndex = selection
    }
}
