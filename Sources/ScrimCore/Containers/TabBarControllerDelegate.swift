/// `UITabBarControllerDelegate`. Each member is optional (nil: not implemented).
public protocol TabBarControllerDelegate: AnyObject {
    var traceName: String { get }
    var shouldSelect: ((_ tabBarController: TabBarController, _ controller: ViewController) -> Bool)? { get }
    var didSelect: ((_ tabBarController: TabBarController, _ controller: ViewController) -> Void)? { get }
    var animationController: ((_ tabBarController: TabBarController, _ from: ViewController,
                               _ to: ViewController) -> AnimatedTransitioning?)? { get }
    var interactionController: ((_ tabBarController: TabBarController,
                                 _ animator: AnimatedTransitioning) -> InteractiveTransitioning?)? { get }
}

extension TabBarControllerDelegate {
    public var traceName: String { "native:\(type(of: self))" }
    public var shouldSelect: ((TabBarController, ViewController) -> Bool)? { nil }
    public var didSelect: ((TabBarController, ViewController) -> Void)? { nil }
    public var animationController: ((TabBarController, ViewController, ViewController) -> AnimatedTransitioning?)? { nil }
    public var interactionController: ((TabBarController, AnimatedTransitioning) -> InteractiveTransitioning?)? { nil }
}
