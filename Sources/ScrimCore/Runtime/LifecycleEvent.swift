/// The names of trace events: UIKit's Swift names, flattened (design section 3).
public enum LifecycleEvent: String, CaseIterable, Sendable {
    // View controller
    case loadView, viewDidLoad
    case viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
    case viewWillLayoutSubviews, viewDidLayoutSubviews
    case willMoveToParent, didMoveToParent
    case traitCollectionDidChange, willTransitionToTraitCollection, viewWillTransitionToSize, didReceiveMemoryWarning
    case encodeRestorableState, decodeRestorableState, applicationFinishedRestoringState
    // Transitioning delegate
    case presentationControllerForPresented, animationControllerForPresented
    case animationControllerForDismissed, interactionControllerForPresentation
    case interactionControllerForDismissal
    // Navigation and tab bar delegates
    case animationControllerForOperation, interactionControllerForOperation
    // Presentation controller
    case presentationTransitionWillBegin, presentationTransitionDidEnd
    case dismissalTransitionWillBegin, dismissalTransitionDidEnd
    case containerViewWillLayoutSubviews, containerViewDidLayoutSubviews
    // Animator, interaction
    case transitionDuration, animateTransition, startInteractiveTransition
    case updateInteractiveTransition, pauseInteractiveTransition
    case finishInteractiveTransition, cancelInteractiveTransition
    case completeTransition, animationEnded
    // Completions
    case presentCompletion, dismissCompletion
    // Runtime
    case presentRejected, scriptError, pluginLoaded, pluginReloaded, pluginReloadFailed
    case transitionTimedOut
    // Accessibility
    case accessibilityScreenChanged, accessibilityPerformEscape
}
