/// A containment call UIKit would reject with an exception; Scrim reports it as an error and
/// leaves the hierarchy unchanged.
public enum ContainmentError: Error, Equatable, CustomStringConvertible {
    /// `addChild` of the controller itself or of one of its ancestors (through parents or
    /// presentations).
    case wouldCreateCycle(parent: String, child: String)
    /// `transition(from:to:)` with a controller that is not a child of the receiver.
    case notAChild(parent: String, child: String)
    /// `transition(from:to:)` from and to the same controller.
    case sameController(String)
    /// `transition(from:to:)` while the `from` controller's view has no superview.
    case viewNotInHierarchy(String)
    /// `transition(from:to:)` with a negative or non-finite duration.
    case invalidDuration(Double)
    /// `addChild` of a controller that is presented: it belongs to its presenter.
    case presented(String)
    /// `addChild` of the window's root: it fills the window, under no parent.
    case windowRoot(String)
    /// `addChild` or `removeFromParent` of a controller a built-in container lists (a stack, a
    /// tab, a column): only the container's own calls move it.
    case listedByContainer(child: String, container: String)
    /// `addChild` that would make the hierarchy deeper than `ViewController.deepestHierarchy`.
    case tooDeep(String)
    /// A push of a controller that is already in a stack, has a parent or is presented.
    case alreadyInStack(String)
    /// A tab or split column given a controller that is used twice or has another parent.
    case alreadyContained(String)
    /// A change to a navigation stack while an interactive push or pop runs, whose outcome
    /// would leave the change's transition stale.
    case interactiveTransitionInProgress(String)
    /// `addChildController(_:in:)` with a view outside the parent's view, or inside the child's.
    case containerOutsideParent(parent: String, child: String)

    public var description: String {
        switch self {
        case .wouldCreateCycle(let parent, let child):
            return "cannot add '\(child)' as a child of '\(parent)': '\(child)' is '\(parent)' or above it (a parent, or a presenter)"
        case .tooDeep(let name):
            return "cannot add '\(name)': the hierarchy of controllers is at most \(ViewController.deepestHierarchy) levels deep"
        case .presented(let name):
            return "cannot add '\(name)' as a child: it is presented (dismiss it first)"
        case .windowRoot(let name):
            return "cannot add '\(name)' as a child: it is the window's root"
        case .listedByContainer(let child, let container):
            return "'\(child)' is one of the controllers of '\(container)': change its viewControllers (pop, set the tabs or the column) to move it"
        case .notAChild(let parent, let child):
            return "'\(child)' must be a child of '\(parent)' to transition between its children"
        case .sameController(let name):
            return "cannot transition from '\(name)' to itself"
        case .viewNotInHierarchy(let name):
            return "the view of '\(name)' must be in a superview to transition from it"
        case .invalidDuration(let duration):
            return "transition duration must be a finite number of seconds >= 0, got \(duration)"
        case .alreadyInStack(let name):
            return "cannot push '\(name)': it is already in a navigation stack, has a parent or is presented"
        case .alreadyContained(let name):
            return "cannot add '\(name)': it is given twice or already has a parent"
        case .interactiveTransitionInProgress(let name):
            return "cannot change the stack of '\(name)' while an interactive transition runs: wait until it finishes or cancels"
        case .containerOutsideParent(let parent, let child):
            return "the view that holds '\(child)' must be the view of '\(parent)' or inside it, and not inside the view of '\(child)'"
        }
    }
}
