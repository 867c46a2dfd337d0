/// `UIPresentationController`: manages the presented view in the container view during and
/// after a presentation. Subclass it and override the hooks; the runtime calls them through
/// the dispatcher, which traces them with `by` = `traceName`.
open class PresentationController {
    public let presentedViewController: ViewController
    /// The controller the presentation comes from (weak: it holds the presented controller).
    public internal(set) weak var presentingViewController: ViewController?
    /// The view the transition happens in; set when the presentation begins.
    public internal(set) var containerView: View?
    /// Where the presenter's view was when the presentation took it out of the window.
    var presenterViewPlace: (superview: View, index: Int)?
    /// Adjusts how the presentation adapts to the environment.
    public var delegate: AdaptivePresentationControllerDelegate?

    public init(presentedViewController: ViewController, presenting presentingViewController: ViewController?) {
        self.presentedViewController = presentedViewController
        self.presentingViewController = presentingViewController
    }

    /// Who handles the hooks, for the trace's `by`.
    open var traceName: String { "native:\(type(of: self))" }

    /// Whether the hook behind `event` exists (Lua classes implement some); unimplemented
    /// hooks are neither called nor traced.
    open func implements(_ event: LifecycleEvent) -> Bool { true }

    /// Whether the runtime traces this controller's hooks: true, except for the built-in
    /// controllers of the standard styles.
    open var isTraced: Bool { true }

    /// The view the presentation animates; the presented controller's view by default.
    open var presentedView: View? { presentedViewController.view }

    /// Where the presented view ends up, in the container's coordinates: all of it by default.
    open var frameOfPresentedViewInContainerView: Rect { containerView?.bounds ?? .zero }

    /// Whether the presenter's view leaves the window once the presentation is done.
    open var shouldRemovePresentersView: Bool { false }

    /// Whether the presentation covers the whole screen.
    open var shouldPresentInFullscreen: Bool { true }

    open func presentationTransitionWillBegin() {}
    open func presentationTransitionDidEnd(_ completed: Bool) {}
    open func dismissalTransitionWillBegin() {}
    open func dismissalTransitionDidEnd(_ completed: Bool) {}
    open func containerViewWillLayoutSubviews() {}
    open func containerViewDidLayoutSubviews() {}

    /// Calls a hook through the dispatcher: traced (with `by`) unless the controller is built in.
    func send(_ event: LifecycleEvent, args: [(String, TraceValue)] = [], _ hook: () -> Void) {
        guard implements(event) else { return }
        if isTraced {
            presentedViewController.application.dispatcher.record(
                event, controller: presentedViewController.name, args: args, by: traceName)
        }
        hook()
    }
}

/// The presentation controller of the standard styles. Not traced.
///
/// Sizes: full-screen and context styles fill the container. Sheets (`pageSheet`,
/// `formSheet`, and `popover` until popovers are anchored) in compact width are a card the full
/// width of the container from 10 points below the status bar; in regular width a `formSheet`
/// is 540 × 620 and a `pageSheet` 704 wide and as tall as a compact one, both centred; in compact
/// height they fill the container. Sheets dim what is behind them with a `#00000066` view that
/// fades in and out alongside the transition.
final class StandardPresentationController: PresentationController {
    var style: ModalPresentationStyle
    private var dimmingView: View?

    init(presented: ViewController, presenting: ViewController?, style: ModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    override var isTraced: Bool { false }
    override var traceName: String { "native:\(style.rawValue)" }

    override var shouldRemovePresentersView: Bool {
        style == .fullScreen || style == .currentContext
    }

    override var shouldPresentInFullscreen: Bool {
        style != .currentContext && style != .overCurrentContext
    }

    private var isSheet: Bool { style == .pageSheet || style == .formSheet || style == .popover }

    override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView?.bounds ?? .zero
        guard isSheet else { return bounds }
        let window = presentedViewController.application.window!
        let traits = window.traitCollection
        if traits.verticalSizeClass == .compact { return bounds }
        let top = window.device.statusBarHeight + 10
        if traits.horizontalSizeClass == .compact {
            return Rect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
        }
        let size = style == .formSheet ? Size(width: 540, height: 620)
            : Size(width: min(704, bounds.width), height: bounds.height - 2 * top)
        return Rect(x: (bounds.width - size.width) / 2, y: (bounds.height - size.height) / 2,
                    width: size.width, height: size.height)
    }

    override func presentationTransitionWillBegin() {
        guard isSheet, let containerView else { return }
        let dim = View(frame: containerView.bounds)
        dim.name = "dimming"
        dim.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
        dim.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dim.alpha = 0
        containerView.insertSubview(dim, at: 0)
        dimmingView = dim
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dim.alpha = 1 })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView?.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        guard let dim = dimmingView else { return }
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dim.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView?.removeFromSuperview() }
    }

    /// Keeps the presented view at its frame as the container changes size.
    override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
