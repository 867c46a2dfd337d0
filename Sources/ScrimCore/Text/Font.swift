/// A font: a size and a weight of the system face, as `UIFont.systemFont(ofSize:weight:)`.
///
/// Scrim draws every font with DejaVu Sans, which Debian ships (it has no San Francisco): its
/// metrics size the text, and the SVG names it, so that a browser draws the text it measured.
/// A font is a value: the face it is drawn with comes from `FontLibrary`.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    /// The size in points: the em square's height.
    public var size: Double
    public var weight: Weight

    public init(size: Double, weight: Weight = .regular) {
        self.size = size
        self.weight = weight
    }

    /// `UIFont.systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: Double) -> Font {
        Font(size: size, weight: .bold)
    }

    /// A label's font until one is set: the system font at 17 points, regular, as `UILabel`'s.
    public static let labelDefault = Font(size: 17, weight: .regular)

    /// `UIFont.Weight`, by its UIKit names, from the lightest.
    public enum Weight: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black

        /// The weight named `name`, as UIKit spells it (`"semibold"`), or nil.
        public init?(name: String) { self.init(rawValue: name) }

        public var name: String { rawValue }
        public var description: String { rawValue }

        /// The CSS weight, 100…900, in UIKit's order: ultraLight 100 through black 900.
        public var cssWeight: Int {
            switch self {
            case .ultraLight: 100
            case .thin: 200
            case .light: 300
            case .regular: 400
            case .medium: 500
            case .semibold: 600
            case .bold: 700
            case .heavy: 800
            case .black: 900
            }
        }

        /// The DejaVu Sans file drawing this weight: DejaVu has three weights, so the light
        /// ones share ExtraLight, regular and medium share Book, and the heavier ones Bold.
        public var faceFileName: String {
            switch self {
            case .ultraLight, .thin, .light: "DejaVuSans-ExtraLight.ttf"
            case .regular, .medium: "DejaVuSans.ttf"
            case .semibold, .bold, .heavy, .black: "DejaVuSans-Bold.ttf"
            }
        }

        /// The CSS weight of the face that draws this weight (200, 400 or 700): what the SVG
        /// says, so that a renderer picks the same file whose metrics laid the text out, rather
        /// than synthesising a bold or matching a nearer face.
        public var faceCSSWeight: Int {
            switch self {
            case .ultraLight, .thin, .light: 200
            case .regular, .medium: 400
            case .semibold, .bold, .heavy, .black: 700
            }
        }
    }

    /// The family the SVG names, drawn from the same files as the metrics.
    public static let familyName = "DejaVu Sans"

    /// The family the SVG names: always DejaVu Sans.
    public var familyName: String { Font.familyName }

    /// The file of the face that draws this font (see `Weight.faceFileName`).
    public var faceFileName: String { weight.faceFileName }

    /// The CSS weight the SVG gives: the chosen face's own (see `Weight.faceCSSWeight`).
    public var faceCSSWeight: Int { weight.faceCSSWeight }

    /// The face that draws this font, from `library` (the process's shared one by default).
    public func face(in library: FontLibrary = .shared) throws(FontError) -> FontFace {
        try library.face(named: faceFileName)
    }

    public var description: String { "\(Font.familyName) \(weight) \(formatNumber(size))pt" }
}
