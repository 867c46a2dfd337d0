/// `UISheetPresentationController`: the presentation controller of `pageSheet` and `formSheet`
/// (and of popovers shown as sheets), with detents. Not traced.
///
/// Sizes: in compact width a card the full width of the container, whose top is 10 points
/// below the status bar at the `large` detent; shorter detents lower its top. In regular width a
/// `formSheet` is 540 × 620 and a `pageSheet` 704 wide and as tall as a compact one, both
/// centred; in compact height the sheet fills the container. A `#00000066` dimming view fades in
/// and out with the transition, and is hidden while the selected detent is no taller than
/// `largestUndimmedDetentIdentifier`'s.
public final class SheetPresentationController: PresentationController {
    /// A height a sheet can rest at.
    public struct Detent: Hashable, Sendable {
        public let identifier: String
        /// A fixed height, or nil for a fraction of the large height.
        let height: Double?
        let fraction: Double

        /// About half the large height.
        public static let medium = Detent(identifier: "medium", height: nil, fraction: 0.5)
        /// The full sheet.
        public static let large = Detent(identifier: "large", height: nil, fraction: 1)

        public static func custom(_ identifier: String, height: Double) -> Detent {
            Detent(identifier: identifier, height: max(0, height), fraction: 1)
        }

        public static func custom(_ identifier: String, fraction: Double) -> Detent {
            Detent(identifier: identifier, height: nil, fraction: min(max(fraction, 0), 1))
        }

        /// The sheet's height at this detent, given the large height.
        func resolve(large: Double) -> Double { min(height ?? large * fraction, large) }
    }

    var style: ModalPresentationStyle
    private var dimmingView: View?

    /// The heights the sheet can rest at; `[.large]` by default.
    public var detents: [Detent] = [.large] { didSet { relayout() } }
    /// The detent the sheet rests at; nil means the smallest.
    public var selectedDetentIdentifier: String? { didSet { relayout() } }
    /// Up to this detent what is behind the sheet is not dimmed; nil dims at every detent.
    public var largestUndimmedDetentIdentifier: String? { didSet { relayout() } }

    init(presented: ViewController, presenting: ViewController?, style: ModalPresentationStyle) {
        self.style = style
        super.init(presentedViewController: presented, presenting: presenting)
    }

    public override var isTraced: Bool { false }
    public override var traceName: String { "native:\(style.rawValue)" }
    public override var shouldRemovePresentersView: Bool { false }
    public override var presentationStyle: ModalPresentationStyle { style }

    /// Animates changes made in `changes` to the detents or the selected detent (a critically
    /// damped spring, as UIKit's sheets move).
    public func animateChanges(_ changes: () -> Void) {
        let application = presentedViewController.application
        try? application.animate(curve: .spring(Spring(dampingRatio: 1, response: 0.4)), animations: changes)
    }

    private func largeFrame(in bounds: Rect) -> Rect {
        let window = presentedViewController.application.window
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

    /// The detent the sheet rests at.
    public var selectedDetent: Detent {
        let sorted = detents.isEmpty ? [.large] : detents
        if let identifier = selectedDetentIdentifier, let detent = sorted.first(where: { $0.identifier == identifier }) {
            return detent
        }
        let large = largeFrame(in: containerView?.bounds ?? .zero).height
        return sorted.min { $0.resolve(large: large) < $1.resolve(large: large) }!
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        let bounds = containerView?.bounds ?? .zero
        let large = largeFrame(in: bounds)
        guard presentedViewController.application.window.traitCollection.horizontalSizeClass == .compact,
              large != bounds else { return large }
        let height = selectedDetent.resolve(large: large.height)
        return Rect(x: large.x, y: large.maxY - height, width: large.width, height: height)
    }

    /// Whether the current detent dims what is behind the sheet.
    private var dims: Bool {
        guard let identifier = largestUndimmedDetentIdentifier,
              let undimmed = detents.first(where: { $0.identifier == identifier }) else { return true }
        let large = largeFrame(in: containerView?.bounds ?? .zero).height
        return selectedDetent.resolve(large: large) > undimmed.resolve(large: large)
    }

    /// Moves the sheet (and the dimming) to the current detent, outside transitions.
    private func relayout() {
        guard containerView != nil, presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
        dimmingView?.alpha = dims ? 1 : 0
        dimmingView?.isUserInteractionEnabled = dims
    }

    public override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        let dim = View(frame: containerView.bounds)
        dim.name = "dimming"
        dim.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.4)
        dim.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        dim.alpha = 0
        dim.isUserInteractionEnabled = dims
        containerView.insertSubview(dim, at: 0)
        dimmingView = dim
        let target: Double = dims ? 1 : 0
        // Outside any transition (an adaptation as a presentation ends), at once.
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dim.alpha = target
            return
        }
        coordinator.animate(alongsideTransition: { _ in dim.alpha = target })
    }

    public override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView?.removeFromSuperview() }
    }

    public override func dismissalTransitionWillBegin() {
        guard let dim = dimmingView else { return }
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in dim.alpha = 0 })
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { dimmingView?.removeFromSuperview() }
    }

    public override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
