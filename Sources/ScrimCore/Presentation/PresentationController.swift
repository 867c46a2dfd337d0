/// `UIPresentationController`: manages the presented view in the container view during and
/// after a presentation. Subclass it and override the hooks; the runtime calls them through
/// the dispatcher, which traces them with `by` = `traceName`.
open class PresentationController {
    /// The controller presented. Held weakly: the presented controller holds its presentation
    /// controller (`presentationController`), from its first access or the start of its
    /// presentation to the end of its dismissal, and what presents it holds it — so a
    /// presentation left standing when its presenter goes, or a presentation controller asked
    /// for and never used, keeps nothing alive. (A script that holds a presentation controller
    /// keeps its controller alive too.) Using a presentation controller after its controller
    /// is gone stops with a message naming it.
    public var presentedViewController: ViewController {
        guard let presentedStorage else {
            preconditionFailure("the presented view controller of this \(type(of: self)) was released while it is still used")
        }
        return presentedStorage
    }
    /// The presented controller, or nil once it is gone.
    public var presentedViewControllerIfAlive: ViewController? { presentedStorage }
    private weak var presentedStorage: ViewController?
    /// The controller the presentation comes from (weak: it holds the presented controller).
    public internal(set) weak var presentingViewController: ViewController?
    /// The view the transition happens in; set when the presentation begins.
    public internal(set) var containerView: View?
    /// Where the presenter's view was when the presentation took it out of the window. The
    /// superview is held weakly: it is often the window, which holds the presenter.
    var presenterViewPlace: (superview: View, index: Int)? {
        get { presenterSuperview.map { ($0, presenterIndex) } }
        set {
            presenterSuperview = newValue?.superview
            presenterIndex = newValue?.index ?? 0
        }
    }
    private weak var presenterSuperview: View?
    private var presenterIndex = 0
    /// Whether the presentation took the presenter's view out of the window (so its dismissal
    /// puts it back, with the presenter's appearance callbacks).
    var removedPresentersView = false
    /// Adjusts how the presentation adapts to the environment.
    public var delegate: AdaptivePresentationControllerDelegate?
    /// While the presentation shows adapted to the window's traits: the presentation
    /// controller it began with, which it returns to when the traits allow.
    public internal(set) var adaptedFrom: PresentationController?
    /// `adaptedFrom`, when it is a presentation controller of one's own that was shown before
    /// the traits adapted the presentation: it hears the dismissal too.
    var shownBeforeAdapting: PresentationController? {
        guard let adaptedFrom, adaptedFrom.isTraced, adaptedFrom.wasShown else { return nil }
        return adaptedFrom
    }
    /// Whether a presentation has shown through this controller (its will-begin hook ran).
    var wasShown = false

    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        presentedStorage = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// Who handles the hooks, for the trace's `by`.
    open var traceName: String { "native:\(type(of: self))" }

    /// Whether the hook behind `event` exists (Lua classes implement some); unimplemented
    /// hooks are neither called nor traced.
    open func implements(_ event: TraceEventName) -> Bool { true }

    /// Whether the runtime traces this controller's hooks: true, except for the built-in
    /// controllers of the standard styles.
    open var isTraced: Bool { true }

    /// The view the presentation animates; the presented controller's view by default.
    open var presentedView: View? { presentedViewController.view }

    /// Why `view` cannot be the presented view, or nil: it is the presented controller's view or
    /// a view of no controller (a wrapper), and holds neither the presenting controller's view
    /// nor the container — the presentation moves it in and, on dismissal, takes it out.
    public func refusalOfPresentedView(_ view: View) -> String? {
        if let owner = view.owningController, owner !== presentedViewController {
            return "presentedView is the view of '\(owner.name)', not of the presented controller"
        }
        if let presenting = presentingViewController?.viewIfLoaded, presenting.isDescendant(of: view) {
            return "presentedView holds the presenting controller's view"
        }
        if let container = containerView, container.isDescendant(of: view) {
            return "presentedView holds the container view"
        }
        return nil
    }

    /// Where the presented view ends up, in the container's coordinates: all of it by default.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenter's view leaves the window once the presentation is done.
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole screen.
    open var shouldPresentInFullscreen: Bool { true }

    /// The style this controller presents with: `custom` for a presentation controller of
    /// one's own.
    open var presentationStyle: ModalPresentationStyle { .custom }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// Calls a hook through the dispatcher: traced (with `by`) unless the controller is built in.
    func send(_ event: TraceEventName, args: [(String, TraceValue)] = [], _ hook: () -> Void) {
        guard implements(event) else { return }
        if isTraced {
            presentedViewController.application.dispatcher.record(
                event, controller: presentedViewController.name, args: args, by: traceName)
        }
        hook()
    }
}

/// The presentation controller of the full-screen and context styles, and of a `custom`
/// presentation whose transitioning delegate makes none (UIKit's plain
/// `UIPresentationController`: it adds no views and leaves the presenter's view in place).
/// Not traced.
final class StandardPresentationController: PresentationController {
    var style: ModalPresentationStyle

    init(presented: ViewController, presenting: ViewController?, style: ModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var isTraced: Bool { false }
    override var traceName: String { "native:\(style.rawValue)" }
    override var presentationStyle: ModalPresentationStyle { style }

    override var shouldRemovePresentersView: Bool {
        style == .fullScreen || style == .currentContext
    }

    override var shouldPresentInFullscreen: Bool {
        style != .currentContext && style != .overCurrentContext
    }

    /// Keeps the presented view at its frame as the container changes size.
    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
