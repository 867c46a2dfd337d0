/// `UINavigationController.Operation`.
public enum NavigationOperation: String, Sendable {
    case push, pop
}

/// `UINavigationControllerDelegate`: supplies push and pop animators and interaction
/// controllers. Each member is optional (nil: not implemented).
public protocol NavigationControllerDelegate: AnyObject {
    var traceName: String { get }
    var animationController: ((_ navigationController: NavigationController, _ operation: NavigationOperation,
                               _ from: ViewController, _ to: ViewController) -> AnimatedTransitioning?)? { get }
    var interactionController: ((_ navigationController: NavigationController,
                                 _ animator: AnimatedTransitioning) -> InteractiveTransitioning?)? { get }
}

extension NavigationControllerDelegate {
    public var traceName: String { "native:\(type(of: self))" }
    public var animationController: ((NavigationController, NavigationOperation, ViewController, ViewController) -> AnimatedTransitioning?)? { nil }
    public var interactionController: ((NavigationController, AnimatedTransitioning) -> InteractiveTransitioning?)? { nil }
}
