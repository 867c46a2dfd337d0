/// `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable {
    case unspecified, compact, regular
}

/// `UIUserInterfaceIdiom`, the two Scrim models.
public enum UserInterfaceIdiom: String, Sendable {
    case phone, pad
}

/// The environment a view controller is shown in (`UITraitCollection`).
public struct TraitCollection: Hashable, Sendable {
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var displayScale: Double
    public var userInterfaceIdiom: UserInterfaceIdiom

    public init(horizontalSizeClass: SizeClass = .unspecified, verticalSizeClass: SizeClass = .unspecified,
                displayScale: Double = 0, userInterfaceIdiom: UserInterfaceIdiom = .phone) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.displayScale = displayScale
        self.userInterfaceIdiom = userInterfaceIdiom
    }
}
