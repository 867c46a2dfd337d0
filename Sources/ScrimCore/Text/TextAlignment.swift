/// Where each line sits across a label: `NSTextAlignment`, by UIKit's names.
public enum TextAlignment: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case left
    case center
    case right
    /// Justified text stretches its spaces so that every line but a paragraph's last fills the
    /// width. Scrim sets it as `left`: the SVG draws each line as one run, and spreading its
    /// spaces would need word positions the renderer and a browser agree on.
    case justified
    /// The writing direction's leading edge: Scrim lays out left-to-right text only, so `left`.
    /// `UILabel`'s default.
    case natural

    /// The alignment named `name`, as UIKit spells it (`"center"`), or nil.
    public init?(name: String) { self.init(rawValue: name) }

    public var name: String { rawValue }
    public var description: String { rawValue }

    /// Where a line `lineWidth` wide starts in a box `width` wide, from its left edge.
    func offset(lineWidth: Double, in width: Double) -> Double {
        switch self {
        case .left, .justified, .natural: 0
        case .center: (width - lineWidth) / 2
        case .right: width - lineWidth
        }
    }
}
