/// `UISplitViewController` (column style): a primary column, an optional supplementary one
/// and a secondary one. In regular width the columns stand side by side (primary and
/// supplementary `preferredPrimaryColumnWidth` wide each, the secondary filling the rest); in
/// compact width the split **collapses** to one column — the secondary once a detail has been
/// shown, else the primary — and expands again when the width is regular. A column's
/// controller appears and disappears with its view, so collapsing and expanding give
/// appearance callbacks. `showDetail` from inside replaces the secondary and shows it.
open class SplitViewController: ViewController {
    public private(set) var primary: ViewController?
    public private(set) var supplementary: ViewController?
    public private(set) var secondary: ViewController?
    /// Width of the primary (and supplementary) column when expanded.
    public var preferredPrimaryColumnWidth = 320.0
    /// Whether the split shows one column.
    public private(set) var isCollapsed = false
    /// Whether a detail has been shown (collapsed, the secondary is the column shown).
    public private(set) var isShowingSecondary = false

    /// Throws `alreadyContained` when a controller is given for two columns or already has a parent.
    public init(_ application: Application, primary: ViewController?, supplementary: ViewController? = nil,
                secondary: ViewController?, name: String? = nil) throws(ContainmentError) {
        let columns = [primary, supplementary, secondary].compactMap { $0 }
        for (index, controller) in columns.enumerated()
        where controller.parent != nil || columns[..<index].contains(where: { $0 === controller }) {
            throw .alreadyContained(controller.name)
        }
        super.init(application, name: name)
        for controller in columns {
            if let refusal = refusalToAddChild(controller) { throw refusal }
        }
        for controller in columns {
            try addChild(controller)
            controller.didMove(toParent: self)
        }
        self.primary = primary
        self.supplementary = supplementary
        self.secondary = secondary
    }

    public var viewControllers: [ViewController] { [primary, supplementary, secondary].compactMap { $0 } }

    open override func loadView() {
        view = makeDefaultView()
        arrangeColumns()
    }

    open override func viewWillLayoutSubviews() {
        arrangeColumns()
    }

    open override func handleShowDetail(_ controller: ViewController) -> Bool {
        (try? replaceSecondary(with: controller)) != nil
    }

    /// Replaces the secondary column's controller and shows it. Throws `alreadyContained` for the
    /// primary or supplementary controller, `wouldCreateCycle` for an ancestor.
    public func replaceSecondary(with controller: ViewController) throws(ContainmentError) {
        if controller === primary || controller === supplementary { throw .alreadyContained(controller.name) }
        if controller !== secondary {
            try addChild(controller)
            controller.didMove(toParent: self)
            if let old = secondary { removeChildController(old) }
        }
        secondary = controller
        isShowingSecondary = true
        arrangeColumns()
    }

    /// Saves the secondary column (as a reference) and whether it is the one shown collapsed.
    open override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(secondary, forKey: "SplitViewController.secondary")
        coder.encode(.bool(isShowingSecondary), forKey: "SplitViewController.isShowingSecondary")
    }

    /// Restores the secondary column when it was restored, and which column shows collapsed.
    open override func decodeRestorableState(with coder: StateCoder) {
        super.decodeRestorableState(with: coder)
        if let restored = coder.decodeController(forKey: "SplitViewController.secondary"), restored !== secondary {
            try? replaceSecondary(with: restored)
        }
        if case .bool(let showing)? = coder.decodeValue(forKey: "SplitViewController.isShowingSecondary") {
            isShowingSecondary = showing
            arrangeColumns()
        }
    }

    /// Back to the primary column when collapsed (UIKit: popping the detail).
    public func showPrimary() {
        isShowingSecondary = false
        arrangeColumns()
    }

    /// Puts each column's view where the current width wants it, adding and removing views
    /// (which gives the appearance callbacks).
    private func arrangeColumns() {
        guard let view = viewIfLoaded else { return }
        isCollapsed = application.window.traitCollection.horizontalSizeClass == .compact
        let bounds = view.bounds
        var shown: [(ViewController, Rect)] = []
        if isCollapsed {
            if let column = isShowingSecondary ? (secondary ?? primary) : (primary ?? secondary) { shown = [(column, bounds)] }
        } else {
            var x = 0.0
            for column in [primary, supplementary].compactMap({ $0 }) {
                shown.append((column, Rect(x: x, y: 0, width: preferredPrimaryColumnWidth, height: bounds.height)))
                x += preferredPrimaryColumnWidth
            }
            if let secondary { shown.append((secondary, Rect(x: x, y: 0, width: max(0, bounds.width - x), height: bounds.height))) }
        }
        for column in viewControllers where !shown.contains(where: { $0.0 === column }) {
            if column.viewIfLoaded?.superview === view { column.view.removeFromSuperview() }
        }
        for (column, frame) in shown {
            column.view.frame = frame
            if column.view.superview !== view { view.addSubview(column.view) }
        }
    }
}
