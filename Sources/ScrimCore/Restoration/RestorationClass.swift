/// UIKit's `UIViewControllerRestoration`: makes the controller for a restoration path when
/// state is restored. A controller's `restorationClass` is saved by `name`, so the restoring
/// application must know the same name (`StateRestoration.register(_:)`).
public struct RestorationClass {
    public let name: String
    /// Returns the controller for `path` (with its `restorationIdentifier` set), or nil to leave
    /// it unrestored. The coder holds the controller's saved state.
    public let viewController: (_ path: [String], _ coder: StateCoder) -> ViewController?

    public init(name: String, viewController: @escaping (_ path: [String], _ coder: StateCoder) -> ViewController?) {
        self.name = name
        self.viewController = viewController
    }
}
