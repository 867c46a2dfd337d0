/// `UIPopoverPresentationController`: the presentation controller of `popover` in regular
/// width (in compact width popovers adapt to sheets). Not traced.
///
/// The popover has the presented controller's `preferredContentSize` (320 × 480 when zero) and
/// sits next to `sourceRect` in `sourceView` (the container's centre without one), on the first
/// side among below, above, right and left that `permittedArrowDirections` allows and where it
/// fits, 13 points away for the arrow, kept 10 points inside the container; where none fits,
/// the side with the most room, shortened. What is behind stays visible; a clear view behind
/// the popover catches taps outside it except over `passthroughViews`.
public final class PopoverPresentationController: PresentationController {
    public struct ArrowDirection: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let up = ArrowDirection(rawValue: 1)
        public static let down = ArrowDirection(rawValue: 2)
        public static let left = ArrowDirection(rawValue: 4)
        public static let right = ArrowDirection(rawValue: 8)
        public static let any: ArrowDirection = [.up, .down, .left, .right]
    }

    public weak var sourceView: View?
    /// In `sourceView`'s coordinates; its bounds when nil.
    public var sourceRect: Rect?
    public var permittedArrowDirections: ArrowDirection = .any
    /// Views that stay interactive while the popover is up.
    public var passthroughViews: [View] = []
    /// Where the arrow points, once the popover has been placed.
    public private(set) var arrowDirection: ArrowDirection = []
    private(set) var backdrop: View?

    static let arrowLength = 13.0
    static let margin = 10.0

    init(presented: ViewController, presenting: ViewController?) {
        super.init(presentedViewController: presented, presenting: presenting)
    }

    public override var isTraced: Bool { false }
    public override var traceName: String { "native:popover" }
    public override var shouldRemovePresentersView: Bool { false }
    public override var presentationStyle: ModalPresentationStyle { .popover }

    /// The source rectangle in the container's coordinates.
    private var anchor: Rect {
        guard let containerView else { return .zero }
        guard let sourceView else {
            let center = containerView.bounds.center
            return Rect(x: center.x, y: center.y, width: 0, height: 0)
        }
        return sourceView.convert(sourceRect ?? sourceView.bounds, to: containerView)
    }

    public override var frameOfPresentedViewInContainerView: Rect {
        guard let containerView else { return .zero }
        let bounds = containerView.bounds, anchor = self.anchor
        let preferred = presentedViewController.preferredContentSize
        let size = Size(width: min(preferred.width > 0 ? preferred.width : 320, bounds.width - 2 * Self.margin),
                        height: min(preferred.height > 0 ? preferred.height : 480, bounds.height - 2 * Self.margin))
        let gap = Self.arrowLength, margin = Self.margin
        let room: [(ArrowDirection, Double)] = [
            (.up, bounds.maxY - margin - anchor.maxY - gap), (.down, anchor.minY - gap - margin - bounds.minY),
            (.left, bounds.maxX - margin - anchor.maxX - gap), (.right, anchor.minX - gap - margin - bounds.minX),
        ].filter { permittedArrowDirections.contains($0.0) }
        let needed: (ArrowDirection) -> Double = { [.up, .down].contains($0) ? size.height : size.width }
        let choice = room.first { $0.1 >= needed($0.0) } ?? room.max { $0.1 < $1.1 } ?? (.up, size.height)
        arrowDirection = choice.0
        func clamp(_ value: Double, _ length: Double, _ low: Double, _ high: Double) -> Double {
            min(max(value, low + margin), high - margin - length)
        }
        switch choice.0 {
        case .up, .down:
            let height = min(size.height, max(choice.1, 0))
            let y = choice.0 == .up ? anchor.maxY + gap : anchor.minY - gap - height
            return Rect(x: clamp(anchor.midX - size.width / 2, size.width, bounds.minX, bounds.maxX), y: y,
                        width: size.width, height: height)
        default:
            let width = min(size.width, max(choice.1, 0))
            let x = choice.0 == .left ? anchor.maxX + gap : anchor.minX - gap - width
            return Rect(x: x, y: clamp(anchor.midY - size.height / 2, size.height, bounds.minY, bounds.maxY),
                        width: width, height: size.height)
        }
    }

    public override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        let backdrop = View(frame: containerView.bounds)
        backdrop.name = "popover backdrop"
        backdrop.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        containerView.insertSubview(backdrop, at: 0)
        self.backdrop = backdrop
    }

    public override func dismissalTransitionDidEnd(_ completed: Bool) {
        if completed { backdrop?.removeFromSuperview() }
    }

    public override func containerViewWillLayoutSubviews() {
        guard presentedViewController.activeTransition == nil else { return }
        presentedView?.frame = frameOfPresentedViewInContainerView
    }
}
