/// One view-controller callback with its arguments: what the dispatcher delivers, traces
/// and shows to observers.
public enum LifecycleCallback {
    case loadView
    case viewDidLoad
    case viewWillAppear(animated: Bool)
    case viewIsAppearing(animated: Bool)
    case viewDidAppear(animated: Bool)
    case viewWillDisappear(animated: Bool)
    case viewDidDisappear(animated: Bool)
    case viewWillLayoutSubviews
    case viewDidLayoutSubviews
    case willMoveToParent(ViewController?)
    case didMoveToParent(ViewController?)
    case traitCollectionDidChange(previous: TraitCollection?, current: TraitCollection)
    case willTransitionToTraitCollection(TraitCollection, TransitionCoordinator)
    case viewWillTransitionToSize(Size, TransitionCoordinator)
    case didReceiveMemoryWarning
    case encodeRestorableState(StateCoder)
    case decodeRestorableState(StateCoder)
    case applicationFinishedRestoringState

    public var event: TraceEventName {
        switch self {
        case .loadView: .loadView
        case .viewDidLoad: .viewDidLoad
        case .viewWillAppear: .viewWillAppear
        case .viewIsAppearing: .viewIsAppearing
        case .viewDidAppear: .viewDidAppear
        case .viewWillDisappear: .viewWillDisappear
        case .viewDidDisappear: .viewDidDisappear
        case .viewWillLayoutSubviews: .viewWillLayoutSubviews
        case .viewDidLayoutSubviews: .viewDidLayoutSubviews
        case .willMoveToParent: .willMoveToParent
        case .didMoveToParent: .didMoveToParent
        case .traitCollectionDidChange: .traitCollectionDidChange
        case .willTransitionToTraitCollection: .willTransitionToTraitCollection
        case .viewWillTransitionToSize: .viewWillTransitionToSize
        case .didReceiveMemoryWarning: .didReceiveMemoryWarning
        case .encodeRestorableState: .encodeRestorableState
        case .decodeRestorableState: .decodeRestorableState
        case .applicationFinishedRestoringState: .applicationFinishedRestoringState
        }
    }

    /// The event of each callback kind, by `ordinal`.
    public static let eventsByOrdinal: [TraceEventName] = [
        .loadView, .viewDidLoad, .viewWillAppear, .viewIsAppearing, .viewDidAppear, .viewWillDisappear,
        .viewDidDisappear, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .willMoveToParent, .didMoveToParent,
        .traitCollectionDidChange, .willTransitionToTraitCollection, .viewWillTransitionToSize,
        .didReceiveMemoryWarning, .encodeRestorableState, .decodeRestorableState, .applicationFinishedRestoringState,
    ]

    /// This callback's kind as a number in declaration order: an index for tables kept per
    /// kind, cheaper than hashing the event's name on every delivery.
    public var ordinal: Int {
        switch self {
        case .loadView: 0
        case .viewDidLoad: 1
        case .viewWillAppear: 2
        case .viewIsAppearing: 3
        case .viewDidAppear: 4
        case .viewWillDisappear: 5
        case .viewDidDisappear: 6
        case .viewWillLayoutSubviews: 7
        case .viewDidLayoutSubviews: 8
        case .willMoveToParent: 9
        case .didMoveToParent: 10
        case .traitCollectionDidChange: 11
        case .willTransitionToTraitCollection: 12
        case .viewWillTransitionToSize: 13
        case .didReceiveMemoryWarning: 14
        case .encodeRestorableState: 15
        case .decodeRestorableState: 16
        case .applicationFinishedRestoringState: 17
        }
    }

    /// The trace's `args` for this callback.
    public var traceArgs: [(String, TraceValue)] {
        switch self {
        case .viewWillAppear(let animated), .viewIsAppearing(let animated), .viewDidAppear(let animated),
             .viewWillDisappear(let animated), .viewDidDisappear(let animated):
            return [("animated", .bool(animated))]
        case .willMoveToParent(let parent), .didMoveToParent(let parent):
            return [("parent", parent.map { .string($0.name) } ?? .null)]
        case .traitCollectionDidChange(_, let current), .willTransitionToTraitCollection(let current, _):
            return [("horizontalSizeClass", .string(current.horizontalSizeClass.rawValue)),
                    ("verticalSizeClass", .string(current.verticalSizeClass.rawValue))]
        case .viewWillTransitionToSize(let size, _):
            return [("width", .number(size.width)), ("height", .number(size.height))]
        case .encodeRestorableState(let coder), .decodeRestorableState(let coder):
            return [("path", .string(coder.path.joined(separator: "/")))]
        case .loadView, .viewDidLoad, .viewWillLayoutSubviews, .viewDidLayoutSubviews, .didReceiveMemoryWarning,
             .applicationFinishedRestoringState:
            return []
        }
    }

    /// Calls the override of this callback on `controller`.
    func invoke(on controller: ViewController) {
        switch self {
        case .loadView: controller.loadView()
        case .viewDidLoad: controller.viewDidLoad()
        case .viewWillAppear(let animated): controller.viewWillAppear(animated)
        case .viewIsAppearing(let animated): controller.viewIsAppearing(animated)
        case .viewDidAppear(let animated): controller.viewDidAppear(animated)
        case .viewWillDisappear(let animated): controller.viewWillDisappear(animated)
        case .viewDidDisappear(let animated): controller.viewDidDisappear(animated)
        case .viewWillLayoutSubviews: controller.viewWillLayoutSubviews()
        case .viewDidLayoutSubviews: controller.viewDidLayoutSubviews()
        case .willMoveToParent(let parent): controller.willMoveToParent(parent)
        case .didMoveToParent(let parent): controller.didMoveToParent(parent)
        case .traitCollectionDidChange(let previous, _): controller.traitCollectionDidChange(previous)
        case .willTransitionToTraitCollection(let traits, let coordinator): controller.willTransition(to: traits, with: coordinator)
        case .viewWillTransitionToSize(let size, let coordinator): controller.viewWillTransition(to: size, with: coordinator)
        case .didReceiveMemoryWarning: controller.didReceiveMemoryWarning()
        case .encodeRestorableState(let coder): controller.encodeRestorableState(with: coder)
        case .decodeRestorableState(let coder): controller.decodeRestorableState(with: coder)
        case .applicationFinishedRestoringState: controller.applicationFinishedRestoringState()
        }
    }
}
