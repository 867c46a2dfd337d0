/// The headless counterpart of `UIViewController`: a view loaded on first use, lifecycle
/// callbacks delivered through the application's dispatcher, containment, and traits.
///
/// Subclasses override the lifecycle methods, which carry the names of their trace events
/// (`viewDidLoad`, `viewWillAppear(_:)`, `willMoveToParent(_:)` …). The runtime calls them;
/// code that drives containment calls `willMove(toParent:)`, `didMove(toParent:)`,
/// `beginAppearanceTransition(_:animated:)` and friends, which trace and then call the overrides.
open class ViewController {
    /// Not a weak reference: one would give the application a side table, and every retain of
    /// it — each trace event, each clock read — Swift's slow path. The application clears it
    /// first thing as it goes (`Application.deinit`), for every controller still alive.
    var owningApplication: Application? {
        get { applicationReference?.takeUnretainedValue() }
        set { applicationReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    private var applicationReference: Unmanaged<Application>?
    /// Its number in the application's list of live controllers.
    private var registration = 0
    /// The application the controller was made in. It must outlive its controllers: the
    /// application does not keep them alive, and using one after its application is gone stops
    /// with a message naming it.
    public var application: Application {
        guard let owningApplication else {
            preconditionFailure("the Application of view controller '\(name)' was released while it is still used")
        }
        return owningApplication
    }
    /// The name the trace uses: given, or `<Type>#<n>`.
    public let name: String
    /// The name of its class: the Swift type's, or the Lua class's for controllers made in Lua.
    public let typeName: String
    /// The container this controller is a child of. Weak, unlike the application: a subclass's
    /// `deinit` runs before anything here could clear it, and code it calls (a container letting
    /// its children go, their overrides) must find no parent rather than one being freed.
    public internal(set) weak var parent: ViewController?
    public internal(set) var children: [ViewController] = []

    /// Whether containment forwards appearance callbacks to children automatically.
    open var shouldAutomaticallyForwardAppearanceMethods: Bool { automaticallyForwardsAppearance }
    /// The stored value behind `shouldAutomaticallyForwardAppearanceMethods`, settable from scripts.
    public var automaticallyForwardsAppearance = true
    public var title: String?
    /// The size the controller would like; setting it tells the parent
    /// (`preferredContentSizeDidChange(forChildContentContainer:)`).
    public var preferredContentSize: Size = .zero {
        didSet {
            guard preferredContentSize != oldValue, let parent else { return }
            parent.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }
    /// The stored values behind `preferredStatusBarStyle` and `prefersStatusBarHidden`.
    public var statusBarStyle: StatusBarStyle = .default
    public var statusBarHidden = false
    /// The controller's component of restoration paths; nil leaves it and everything below it
    /// out of saved state (see `StateRestoration`).
    public var restorationIdentifier: String?
    /// Makes this controller when state is restored (UIKit's `restorationClass`); its name is saved.
    public var restorationClass: RestorationClass?
    /// The traits the controller last saw; updated by the layout pass.
    public internal(set) var traitCollection: TraitCollection
    /// Where the controller is in its appearance cycle.
    public internal(set) var appearanceState: AppearanceState = .disappeared

    // MARK: Presentation state (see ViewController+Presentation.swift)

    /// How the controller is presented; `automatic` resolves to `pageSheet`.
    public var modalPresentationStyle: ModalPresentationStyle = .automatic
    /// The built-in animation used when no animator is supplied.
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// Supplies the presentation controller, animators and interaction controllers of this
    /// controller's presentation and dismissal. Held strongly (UIKit holds it weakly), so a
    /// delegate made for one presentation needs no other owner.
    public var transitioningDelegate: TransitioningDelegate?
    /// Whether the user's dismissal gestures are refused while this controller is presented.
    public var isModalInPresentation = false
    /// Whether `currentContext` presentations from inside this controller cover only its view.
    public var definesPresentationContext = false
    /// Whether, as a presentation context, its `modalTransitionStyle` wins over the presented one's.
    public var providesPresentationContextTransitionStyle = false
    /// The controller this one presents itself, if any (`presentedViewController` also looks
    /// at the ancestors), and the one that presents this one.
    var presentedStorage: ViewController?
    weak var presentingStorage: ViewController?
    /// While an adaptive delegate is asked for a controller to present in this one's place as
    /// its presentation begins: it may then go inside another (a navigation controller's root)
    /// though it counts as presented — so nothing above it can go below it.
    var isOfferedForAdaptation = false
    /// The presentation controller of this controller's presentation, once there is one.
    var activePresentationController: PresentationController?
    /// The transition this controller takes part in: presented or presenting, pushed or popped.
    var activeTransition: ControllerTransition?

    /// Segues this controller can perform, and the unwind actions it accepts.
    var segues: [String: (kind: Segue.Kind, destination: () -> ViewController)] = [:]
    var unwindActions: [String: (Segue) -> Void] = [:]

    var storedView: View?
    var appearanceAnimated = false
    var isAppearingSent = false
    /// Above zero while a transition drives this controller's appearance itself.
    var externalAppearanceDrivers = 0

    /// Creates a controller in `application`. `typeName` names it `<typeName>#<n>` when no
    /// `name` is given (default: the Swift type's name).
    public init(_ application: Application, name: String? = nil, typeName: String? = nil) {
        applicationReference = Unmanaged.passUnretained(application)
        self.typeName = typeName ?? String(describing: type(of: self))
        self.name = name ?? application.makeName(for: self.typeName)
        self.traitCollection = application.window.traitCollection
        registration = application.register(self)
    }

    /// A view that outlives its controller has no controller any more (see `View.owningController`),
    /// and the application no longer lists it.
    deinit {
        owningApplication?.unregister(registration)
        storedView?.forgetOwner(self)
    }

    // MARK: The view

    /// The root view, loaded on first access (`loadView`, then `viewDidLoad`). Setting nil
    /// unloads it.
    public var view: View! {
        get {
            loadViewIfNeeded()
            // `viewDidLoad` may have let the view go (`self.view = nil`): never hand out none.
            if storedView == nil { replaceView(with: makeDefaultView()) }
            return storedView
        }
        set { replaceView(with: newValue) }
    }

    public var viewIfLoaded: View? { storedView }
    public var isViewLoaded: Bool { storedView != nil }

    public final func loadViewIfNeeded() {
        // Read again from inside `loadView` (UIKit recurses until the stack runs out), the view
        // is not loaded a second time: the getter makes a default one for the reader.
        guard storedView == nil, !isLoadingView else { return }
        isLoadingView = true
        defer { isLoadingView = false }
        send(.loadView)
        if storedView == nil { replaceView(with: makeDefaultView()) }
        send(.viewDidLoad)
    }

    /// True from `loadView` to the end of `viewDidLoad`: a memory warning then keeps the view.
    private var isLoadingView = false

    /// Whether `loadView` runs and has set no view yet: the view is not there to be read.
    public var isInLoadViewWithoutView: Bool { isLoadingView && storedView == nil }

    /// Why `view` cannot become this controller's view, or nil: the window is no controller's
    /// view, and a view is one controller's, with what is inside it (two controllers sharing
    /// one would each move and remove it as their own; a container's inner views are its).
    public func refusalOfView(_ view: View) -> String? {
        if view is Window { return "the window cannot be a view controller's view" }
        if let owner = view.owningController, owner !== self {
            return "the view is already the view of '\(owner.name)'"
        }
        var above = view.superview
        while let ancestor = above {
            if let owner = ancestor.owningController, owner !== self { return "the view is inside the view of '\(owner.name)'" }
            above = ancestor.superview
        }
        return nil
    }

    /// A view the size of the window that follows its superview's size: what `loadView` makes.
    public final func makeDefaultView() -> View {
        let view = View(frame: Rect(origin: .zero, size: application.window.size))
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.name = name
        return view
    }

    private func replaceView(with newView: View?) {
        guard newView !== storedView else { return }
        storedView?.owningController = nil
        storedView = newView
        newView?.owningController = self
    }

    // MARK: Lifecycle overrides (called by the runtime, traced under these names)

    /// Creates the view; the default makes `makeDefaultView()`.
    open func loadView() { view = makeDefaultView() }
    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open func willMoveToParent(_ parent: ViewController?) {}
    open func didMoveToParent(_ parent: ViewController?) {}
    open func traitCollectionDidChange(_ previous: TraitCollection?) {}
    open func willTransition(to traits: TraitCollection, with coordinator: TransitionCoordinator) {}
    open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {}
    open func didReceiveMemoryWarning() {}

    open var preferredStatusBarStyle: StatusBarStyle { statusBarStyle }
    open var prefersStatusBarHidden: Bool { statusBarHidden }
    /// The child that decides the status bar style instead of this controller, if any.
    open var childForStatusBarStyle: ViewController? { nil }
    open var childForStatusBarHidden: ViewController? { nil }
    /// A child's `preferredContentSize` changed.
    open func preferredContentSizeDidChange(forChildContentContainer child: ViewController) {}

    /// The accessibility escape gesture reached this controller; return true to have it
    /// dismissed (when presented). False by default, as in UIKit.
    open func accessibilityPerformEscape() -> Bool { false }

    /// Whether `performSegue(withIdentifier:sender:)` goes ahead (true by default).
    open func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) -> Bool { true }
    /// Called on the source before a segue shows its destination.
    open func prepare(for segue: Segue, sender: AnyObject?) {}
    /// Whether this controller is where an unwind with `action` ends: true when it registered it.
    open func canPerformUnwindSegueAction(_ action: String, from source: ViewController, sender: AnyObject?) -> Bool {
        unwindActions[action] != nil
    }

    /// Saves what the controller needs to come back: call super, then `coder.encode(…)`.
    /// Containers encode references to their children here (navigation stacks, tabs, columns).
    open func encodeRestorableState(with coder: StateCoder) {}
    /// Restores what `encodeRestorableState` saved; every restored controller exists by now.
    open func decodeRestorableState(with coder: StateCoder) {}
    /// Every restored controller has decoded its state.
    open func applicationFinishedRestoringState() {}
    /// The restoration path component of `child` (its identifier by default); a navigation
    /// controller tells apart children that share one.
    open func restorationComponent(forChild child: ViewController) -> String? { child.restorationIdentifier }

    /// Override in a container that shows controllers its own way (a navigation controller
    /// pushes): return true when it did. Plain controllers return false.
    open func handleShow(_ controller: ViewController) -> Bool { false }

    /// Override in a container that shows details its own way (a split view's secondary
    /// column): return true when it did. Plain controllers return false.
    open func handleShowDetail(_ controller: ViewController) -> Bool { false }

    // MARK: Dispatch

    /// Delivers `callback` to this controller through the application's dispatcher.
    func send(_ callback: LifecycleCallback) {
        application.dispatcher.deliver(callback, to: self)
    }

    /// The layout of this controller's view; for a presented controller, its presentation
    /// controller's container hooks come after each of its own.
    func layoutView(_ view: View) {
        let container = activePresentationController.flatMap { $0.containerView != nil ? $0 : nil }
        send(.viewWillLayoutSubviews)
        container?.send(.containerViewWillLayoutSubviews) { container?.containerViewWillLayoutSubviews() }
        view.layoutSubviews()
        send(.viewDidLayoutSubviews)
        container?.send(.containerViewDidLayoutSubviews) { container?.containerViewDidLayoutSubviews() }
    }

    func updateTraits(to traits: TraitCollection) {
        guard traits != traitCollection else { return }
        let previous = traitCollection
        traitCollection = traits
        send(.traitCollectionDidChange(previous: previous, current: traits))
    }

    /// `willTransition(to:with:)` here, then in the children and the presented controller.
    func forwardTraitTransition(to traits: TraitCollection, with coordinator: TransitionCoordinator) {
        send(.willTransitionToTraitCollection(traits, coordinator))
        for child in children { child.forwardTraitTransition(to: traits, with: coordinator) }
        presentedStorage?.forwardTraitTransition(to: traits, with: coordinator)
    }

    func forwardSizeTransition(to size: Size, with coordinator: TransitionCoordinator) {
        send(.viewWillTransitionToSize(size, coordinator))
        for child in children { child.forwardSizeTransition(to: size, with: coordinator) }
        presentedStorage?.forwardSizeTransition(to: size, with: coordinator)
    }

    /// Whether a transition this controller takes part in, or runs as a container, is under
    /// way or waiting to start.
    var hasTransitionUnderWay: Bool { activeTransition != nil }

    func receiveMemoryWarning() {
        send(.didReceiveMemoryWarning)
        if let view = storedView, view.window == nil, !hasTransitionUnderWay, appearanceState == .disappeared, !isLoadingView {
            view.removeFromSuperview()
            replaceView(with: nil)
        }
    }
}

extension ViewController: CustomStringConvertible {
    public var description: String { name }
}
