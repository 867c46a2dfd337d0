/// The name of a trace event, the trace's `event`: UIKit's Swift names, flattened
/// (docs/trace.md). Core declares the names of what it does; a module whose events are its own
/// declares their names beside the code that records them (ScrimLua: `scriptError`,
/// `pluginLoaded` …), so the trace's vocabulary grows without Core knowing of it.
public struct TraceEventName: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension TraceEventName {
    // View controller
    public static let loadView: Self = "loadView"
    public static let viewDidLoad: Self = "viewDidLoad"
    public static let viewWillAppear: Self = "viewWillAppear"
    public static let viewIsAppearing: Self = "viewIsAppearing"
    public static let viewDidAppear: Self = "viewDidAppear"
    public static let viewWillDisappear: Self = "viewWillDisappear"
    public static let viewDidDisappear: Self = "viewDidDisappear"
    public static let viewWillLayoutSubviews: Self = "viewWillLayoutSubviews"
    public static let viewDidLayoutSubviews: Self = "viewDidLayoutSubviews"
    public static let willMoveToParent: Self = "willMoveToParent"
    public static let didMoveToParent: Self = "didMoveToParent"
    public static let traitCollectionDidChange: Self = "traitCollectionDidChange"
    public static let willTransitionToTraitCollection: Self = "willTransitionToTraitCollection"
    public static let viewWillTransitionToSize: Self = "viewWillTransitionToSize"
    public static let didReceiveMemoryWarning: Self = "didReceiveMemoryWarning"
    public static let encodeRestorableState: Self = "encodeRestorableState"
    public static let decodeRestorableState: Self = "decodeRestorableState"
    public static let applicationFinishedRestoringState: Self = "applicationFinishedRestoringState"

    // Transitioning delegate
    public static let presentationControllerForPresented: Self = "presentationControllerForPresented"
    public static let animationControllerForPresented: Self = "animationControllerForPresented"
    public static let animationControllerForDismissed: Self = "animationControllerForDismissed"
    public static let interactionControllerForPresentation: Self = "interactionControllerForPresentation"
    public static let interactionControllerForDismissal: Self = "interactionControllerForDismissal"

    // Navigation and tab bar delegates
    public static let animationControllerForOperation: Self = "animationControllerForOperation"
    public static let interactionControllerForOperation: Self = "interactionControllerForOperation"

    // Presentation controller
    public static let presentationTransitionWillBegin: Self = "presentationTransitionWillBegin"
    public static let presentationTransitionDidEnd: Self = "presentationTransitionDidEnd"
    public static let dismissalTransitionWillBegin: Self = "dismissalTransitionWillBegin"
    public static let dismissalTransitionDidEnd: Self = "dismissalTransitionDidEnd"
    public static let containerViewWillLayoutSubviews: Self = "containerViewWillLayoutSubviews"
    public static let containerViewDidLayoutSubviews: Self = "containerViewDidLayoutSubviews"

    // Animator, interaction
    public static let transitionDuration: Self = "transitionDuration"
    public static let animateTransition: Self = "animateTransition"
    public static let startInteractiveTransition: Self = "startInteractiveTransition"
    public static let updateInteractiveTransition: Self = "updateInteractiveTransition"
    public static let pauseInteractiveTransition: Self = "pauseInteractiveTransition"
    public static let finishInteractiveTransition: Self = "finishInteractiveTransition"
    public static let cancelInteractiveTransition: Self = "cancelInteractiveTransition"
    public static let completeTransition: Self = "completeTransition"
    public static let animationEnded: Self = "animationEnded"

    // Completions
    public static let presentCompletion: Self = "presentCompletion"
    public static let dismissCompletion: Self = "dismissCompletion"

    // Runtime
    public static let presentRejected: Self = "presentRejected"
    public static let transitionTimedOut: Self = "transitionTimedOut"

    // Accessibility
    public static let accessibilityScreenChanged: Self = "accessibilityScreenChanged"
    public static let accessibilityPerformEscape: Self = "accessibilityPerformEscape"
}
