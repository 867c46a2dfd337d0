/// `UIAdaptivePresentationControllerDelegate`: overrides how a presentation adapts to the
/// environment, and hears about sheets the user dismisses. Each member is optional (nil: not
/// implemented).
public protocol AdaptivePresentationControllerDelegate: AnyObject {
    /// The style to use instead of the adapted one; `nil` from the closure keeps the style
    /// unadapted (UIKit's `.none`).
    var adaptivePresentationStyle: ((_ controller: PresentationController,
                                     _ traitCollection: TraitCollection) -> ModalPresentationStyle?)? { get }
    /// A controller to present in place of the presented one when the style adapts.
    var viewControllerForAdaptivePresentationStyle: ((_ controller: PresentationController,
                                                      _ style: ModalPresentationStyle) -> ViewController?)? { get }
    var willPresentWithAdaptiveStyle: ((_ controller: PresentationController, _ style: ModalPresentationStyle?,
                                        _ coordinator: TransitionCoordinator?) -> Void)? { get }
    /// Asked when the user tries to dismiss (a sheet swiped down, a tap outside a popover).
    var presentationControllerShouldDismiss: ((_ controller: PresentationController) -> Bool)? { get }
    var presentationControllerWillDismiss: ((_ controller: PresentationController) -> Void)? { get }
    var presentationControllerDidDismiss: ((_ controller: PresentationController) -> Void)? { get }
    /// The user tried to dismiss but the presentation is modal or the delegate said no.
    var presentationControllerDidAttemptToDismiss: ((_ controller: PresentationController) -> Void)? { get }
}

extension AdaptivePresentationControllerDelegate {
    public var adaptivePresentationStyle: ((PresentationController, TraitCollection) -> ModalPresentationStyle?)? { nil }
    public var viewControllerForAdaptivePresentationStyle: ((PresentationController, ModalPresentationStyle) -> ViewController?)? { nil }
    public var willPresentWithAdaptiveStyle: ((PresentationController, ModalPresentationStyle?, TransitionCoordinator?) -> Void)? { nil }
    public var presentationControllerShouldDismiss: ((PresentationController) -> Bool)? { nil }
    public var presentationControllerWillDismiss: ((PresentationController) -> Void)? { nil }
    public var presentationControllerDidDismiss: ((PresentationController) -> Void)? { nil }
    public var presentationControllerDidAttemptToDismiss: ((PresentationController) -> Void)? { nil }
}

extension PresentationController {
    /// What a user's dismissal gesture does (a sheet swiped down, a tap outside a popover):
    /// refused when the presented controller `isModalInPresentation` or the delegate's
    /// `presentationControllerShouldDismiss` says no (then `…DidAttemptToDismiss`); otherwise
    /// `…WillDismiss`, the dismissal, and `…DidDismiss` when it is done. Returns whether the
    /// dismissal started.
    @discardableResult
    public func attemptUserDismissal(animated: Bool = true) -> Bool {
        let presented = presentedViewController
        guard presented.presentingViewController != nil, presented.activeTransition == nil else { return false }
        let refused = presented.isModalInPresentation || delegate?.presentationControllerShouldDismiss?(self) == false
        if refused {
            delegate?.presentationControllerDidAttemptToDismiss?(self)
            return false
        }
        delegate?.presentationControllerWillDismiss?(self)
        presented.dismiss(animated: animated) { [self] in delegate?.presentationControllerDidDismiss?(self) }
        return true
    }
}

extension ModalPresentationStyle {
    /// How a style adapts to `traits`, following iOS 17 (the guide's iOS 8 text differs): in
    /// compact height sheets and popovers go full screen; in compact width popovers become
    /// sheets (shown as cards, as sheets are there) and the current-context styles become their
    /// full-screen counterparts. Unchanged otherwise.
    public func adapted(to traits: TraitCollection) -> ModalPresentationStyle {
        if traits.verticalSizeClass == .compact, [.pageSheet, .formSheet, .popover].contains(self) {
            return .fullScreen
        }
        if traits.horizontalSizeClass == .compact {
            switch self {
            case .popover: return .pageSheet
            case .currentContext: return .fullScreen
            case .overCurrentContext: return .overFullScreen
            default: break
            }
        }
        return self
    }

    /// What an adaptive delegate's answer means for a standing presentation whose own style is
    /// `base`: nil (UIKit's `.none`) keeps `base`; `automatic` is a page sheet; the presenter
    /// being chosen already, the current-context styles become their full-screen counterparts.
    static func adaptiveChoice(_ choice: ModalPresentationStyle?, base: ModalPresentationStyle) -> ModalPresentationStyle {
        switch choice {
        case nil: return base
        case .automatic?: return .pageSheet
        case .currentContext?: return .fullScreen
        case .overCurrentContext?: return .overFullScreen
        case let style?: return style
        }
    }
}
