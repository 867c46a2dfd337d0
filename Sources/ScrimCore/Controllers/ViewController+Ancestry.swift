extension ViewController {
    /// The nearest ancestor that is a navigation controller: this controller is in its stack,
    /// or inside a controller that is. As UIKit documents it, the search follows parents only,
    /// so a controller presented from a navigation stack has none unless it is in one of its own.
    public var navigationController: NavigationController? { parent?.firstThroughParents { $0 as? NavigationController } }

    /// The nearest ancestor that is a tab bar controller (through parents, as
    /// `navigationController`).
    public var tabBarController: TabBarController? { parent?.firstThroughParents { $0 as? TabBarController } }

    /// The nearest ancestor that is a split view controller (through parents, as
    /// `navigationController`).
    public var splitViewController: SplitViewController? { parent?.firstThroughParents { $0 as? SplitViewController } }

    /// The first answer `read` gives for this controller, its parent, its parent's parent …
    func firstThroughParents<Answer>(_ read: (ViewController) -> Answer?) -> Answer? {
        var controller: ViewController? = self
        while let current = controller {
            if let answer = read(current) { return answer }
            controller = current.parent
        }
        return nil
    }

    /// Whether `controller` is this one or above it: its parent, or the controller that
    /// presented it, and so on up to the root. Containment and presentation together must stay
    /// a tree, so such a controller cannot become this one's child, nor be presented from it.
    public final func isSelfOrAbove(_ controller: ViewController) -> Bool {
        var current: ViewController? = self
        var levels = 0
        // The chain up is at most `deepestHierarchy` long (and never a loop: this check keeps it so).
        while let candidate = current, levels <= Self.deepestHierarchy {
            if candidate === controller { return true }
            current = candidate.parent ?? candidate.presentingStorage
            levels += 1
        }
        return false
    }

    /// Whether the window's root is this controller or above it (through parents and
    /// presenters): the controller belongs to what the window shows.
    public var isInWindowTree: Bool {
        guard let root = application.window.rootViewController else { return false }
        return isSelfOrAbove(root)
    }

    /// A presentation made from this controller or from one inside it (through children), if
    /// any: its presenter and the controller presented.
    func presentationWithin() -> (presenter: ViewController, presented: ViewController)? {
        var pending = [self]
        while let controller = pending.popLast() {
            if let presented = controller.presentedStorage { return (controller, presented) }
            pending += controller.children
        }
        return nil
    }

    /// Ends at once, without animation, every presentation made from this controller or inside
    /// it, with what those present in turn: for a root leaving the window. The presented
    /// controllers disappear (their containers leave the window) and are presented no more.
    func endPresentationsWithin() {
        while let (presenter, presented) = presentationWithin() {
            presenter.presentedStorage = nil
            var controller: ViewController? = presented
            while let current = controller {
                current.endPresentationsWithin()
                controller = current.presentedStorage
                current.activePresentationController?.containerView?.removeFromSuperview()
                current.activePresentationController = nil
                current.presentingStorage = nil
                current.presentedStorage = nil
            }
        }
    }

    /// The most levels of controllers, through children and presentations, under the
    /// window's root: containment and presentation recurse through the levels.
    public static let deepestHierarchy = 256

    /// Whether `controller` (with what is under it) would be too deep as a child of this one,
    /// or presented over it.
    final func wouldBeTooDeep(_ controller: ViewController) -> Bool {
        levelsAbove + 1 + controller.levelsBelow(atMost: Self.deepestHierarchy) > Self.deepestHierarchy
    }

    /// How many controllers are above this one: parents and presenters.
    private var levelsAbove: Int {
        var count = 0
        var current = parent ?? presentingStorage
        while let controller = current, count <= Self.deepestHierarchy {
            count += 1
            current = controller.parent ?? controller.presentingStorage
        }
        return count
    }

    /// How many levels of children and presented controllers lie under this one, counted up
    /// to `limit + 1`.
    private func levelsBelow(atMost limit: Int) -> Int {
        var deepest = 0
        var pending: [(controller: ViewController, level: Int)] = [(self, 0)]
        while let (controller, level) = pending.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { return deepest }
            pending += controller.children.map { ($0, level + 1) }
            if let presented = controller.presentedStorage { pending.append((presented, level + 1)) }
        }
        return deepest
    }
}
