/// `UIModalPresentationStyle`, by its Swift case names.
public enum ModalPresentationStyle: String, CaseIterable, Sendable {
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext
    case popover, automatic

    /// Styles that present within a presentation context rather than over the whole screen.
    var usesPresentationContext: Bool { self == .currentContext || self == .overCurrentContext }
}

/// `UIModalTransitionStyle`, by its Swift case names.
public enum ModalTransitionStyle: String, CaseIterable, Sendable {
    case coverVertical, flipHorizontal, crossDissolve, partialCurl
}
