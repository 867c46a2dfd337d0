/// A device a window can imitate: its idiom, portrait size in points, scale, and the size
/// classes Apple documents for it (Human Interface Guidelines, "Layout": size classes).
public struct DevicePreset: Hashable, Sendable {
    public var name: String
    public var idiom: UserInterfaceIdiom
    /// The screen size in portrait, in points.
    public var portraitSize: Size
    public var displayScale: Double
    /// Plus and Max iPhones have a regular width in landscape.
    public var regularWidthInLandscape: Bool
    /// The status bar's height in portrait: where a full-height sheet's top sits, 10 points below.
    public var statusBarHeight: Double

    public init(name: String, idiom: UserInterfaceIdiom, portraitSize: Size, displayScale: Double,
                regularWidthInLandscape: Bool = false, statusBarHeight: Double = 54) {
        self.name = name
        self.idiom = idiom
        self.portraitSize = portraitSize
        self.displayScale = displayScale
        self.regularWidthInLandscape = regularWidthInLandscape
        self.statusBarHeight = statusBarHeight
    }

    public static let iPhoneSE = DevicePreset(name: "iPhone SE", idiom: .phone,
                                              portraitSize: Size(width: 375, height: 667), displayScale: 2,
                                              statusBarHeight: 20)
    public static let iPhone15 = DevicePreset(name: "iPhone 15", idiom: .phone,
                                              portraitSize: Size(width: 393, height: 852), displayScale: 3)
    public static let iPhone15ProMax = DevicePreset(name: "iPhone 15 Pro Max", idiom: .phone,
                                                    portraitSize: Size(width: 430, height: 932), displayScale: 3,
                                                    regularWidthInLandscape: true)
    public static let iPadAir = DevicePreset(name: "iPad Air", idiom: .pad,
                                             portraitSize: Size(width: 820, height: 1180), displayScale: 2,
                                             statusBarHeight: 24)
    public static let iPadPro13 = DevicePreset(name: "iPad Pro 13", idiom: .pad,
                                               portraitSize: Size(width: 1032, height: 1376), displayScale: 2,
                                               statusBarHeight: 24)

    public static let all: [DevicePreset] = [.iPhoneSE, .iPhone15, .iPhone15ProMax, .iPadAir, .iPadPro13]

    /// The preset named `name`, ignoring case.
    public static func named(_ name: String) -> DevicePreset? {
        all.first { $0.name.lowercased() == name.lowercased() }
    }

    /// The traits of a window of `size` on this device. On iPhone: compact width, except in
    /// landscape on models with `regularWidthInLandscape`; compact height in landscape. On
    /// iPad: regular height, and regular width from 678 points (narrower multitasking widths are compact).
    public func traits(for size: Size) -> TraitCollection {
        let landscape = size.width > size.height
        let horizontal: SizeClass, vertical: SizeClass
        switch idiom {
        case .phone:
            horizontal = landscape && regularWidthInLandscape ? .regular : .compact
            vertical = landscape ? .compact : .regular
        case .pad:
            horizontal = size.width >= 678 ? .regular : .compact
            vertical = .regular
        }
        return TraitCollection(horizontalSizeClass: horizontal, verticalSizeClass: vertical,
                               displayScale: displayScale, userInterfaceIdiom: idiom)
    }
}
