/// The key window: the top of the view tree, with a size, a root view controller and the
/// traits of the device it imitates.
public final class Window: View {
    /// The application the window belongs to. Not a weak reference (see
    /// `ViewController.owningApplication`): the application clears it as it goes.
    public internal(set) var application: Application? {
        get { applicationReference?.takeUnretainedValue() }
        set { applicationReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    private var applicationReference: Unmanaged<Application>?
    /// The touch being tracked, if any.
    var activeTouch: ActiveTouch?
    /// How long a size change animates (UIKit's rotation takes about 0.4 s); 0 for none.
    public var sizeTransitionDuration = 0.4
    /// The device whose size classes and scale the window reports.
    public private(set) var device: DevicePreset
    /// The window's current traits, from its device and size.
    public private(set) var traitCollection: TraitCollection

    init(device: DevicePreset) {
        self.device = device
        self.traitCollection = device.traits(for: device.portraitSize)
        super.init(frame: Rect(origin: .zero, size: device.portraitSize))
        name = "window"
    }

    public var size: Size { bounds.size }

    /// Why `controller` cannot be the window's root, or nil: a root has no parent and is not
    /// presented (it would then belong to two places of the hierarchy).
    public func refusalOfRoot(_ controller: ViewController) -> String? {
        if let parent = controller.parent { return "'\(controller.name)' has a parent ('\(parent.name)')" }
        if let presenter = controller.presentingStorage { return "'\(controller.name)' is presented by '\(presenter.name)'" }
        if controller.isInLoadViewWithoutView { return "'\(controller.name)' is loading its view (its loadView has set none yet)" }
        // A presentation or dismissal under way would go on from a presenter out of the window.
        if application?.transitionInProgress == true { return "a presentation or dismissal is under way" }
        return nil
    }

    /// The controller whose view fills the window. Setting it ends the old root's
    /// presentations and removes its view (disappearance callbacks), and installs the new one's
    /// (loading and appearance callbacks).
    public var rootViewController: ViewController? {
        didSet {
            guard oldValue !== rootViewController else { return }
            // What the old root presents leaves with it, rather than stay on screen cut off
            // from the new root.
            oldValue?.endPresentationsWithin()
            if let old = oldValue, let view = old.viewIfLoaded, view.superview === self {
                view.removeFromSuperview()
            }
            if let root = rootViewController {
                let view = root.view!
                view.frame = bounds
                view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
                addSubview(view)
            }
        }
    }

    /// Resizes the window as a rotation or a multitasking resize would: every controller in
    /// the hierarchy gets `viewWillTransition(to:with:)` first (parents before children, then
    /// presented controllers), then the window takes the size and traits; on the next turn the
    /// trait changes and layout run, animated alongside the coordinator's animations.
    public func setSize(_ newSize: Size) {
        guard newSize != size else { return }
        guard let application else { return resize(to: newSize) }
        SizeTransition(window: self, duration: sizeTransitionDuration).begin(to: newSize, in: application)
    }

    /// Takes `newSize` and its traits at once, without callbacks or animation: for setting a
    /// window up before it shows anything. Use `setSize(_:)` for a rotation or a resize.
    public func resize(to newSize: Size) {
        bounds = Rect(origin: bounds.origin, size: newSize)
        traitCollection = device.traits(for: newSize)
    }

    /// Imitates `device`, in portrait unless `landscape`.
    public func setDevice(_ device: DevicePreset, landscape: Bool = false) {
        self.device = device
        let portrait = device.portraitSize
        let target = landscape ? Size(width: portrait.height, height: portrait.width) : portrait
        if target == size {
            traitCollection = device.traits(for: target)
        } else {
            setSize(target)
        }
    }

    // MARK: Appearance as views enter and leave the window

    func subtreeWillEnter(_ view: View) {
        for root in ViewController.appearanceRoots(in: view) where root.parent?.letsChildrenAppear ?? true {
            root.changeAppearance(appearing: true, animated: false)
        }
    }

    /// A controller whose parent is still appearing ends its appearance with the parent's.
    func subtreeDidEnter(_ view: View) {
        let roots = ViewController.appearanceRoots(in: view)
        roots.forEach { $0.sendIsAppearing() }
        layoutPass(from: view)
        for root in roots where root.parent?.appearanceState != .appearing {
            root.endAppearance()
        }
    }

    func subtreeWillLeave(_ view: View) {
        ViewController.appearanceRoots(in: view).forEach { $0.changeAppearance(appearing: false, animated: false) }
    }

    func subtreeDidLeave(_ view: View) {
        ViewController.appearanceRoots(in: view).forEach { $0.endAppearance() }
    }

    // MARK: Layout

    /// The layout pass over `view` and below, parents before children. For each controller's
    /// view: trait changes, then `viewWillLayoutSubviews`, `layoutSubviews`, `viewDidLayoutSubviews`
    /// when the view needs layout.
    func layoutPass(from view: View) {
        if let controller = view.owningController {
            controller.updateTraits(to: traitCollection)
        }
        if view.needsLayout {
            view.clearNeedsLayout()
            if let controller = view.owningController {
                controller.layoutView(view)
            } else {
                view.layoutSubviews()
            }
        }
        for subview in view.subviews where subview.superview === view {
            layoutPass(from: subview)
        }
    }
}
