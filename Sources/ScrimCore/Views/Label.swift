/// A view that shows text (`UILabel`): laid out in its bounds with the metrics of the font that
/// draws it (`TextLayout`), so that where lines wrap and what is truncated is decided here, the
/// same on every machine, and a renderer only places each line where the layout says.
///
/// The text is drawn from the label's presentation bounds, so a label whose bounds animate
/// wraps its text anew in every frame, as UIKit's does when its size changes in an animation.
public final class Label: View {
    public var text = "" { didSet { invalidateLayout() } }
    public var font = Font.labelDefault { didSet { invalidateLayout() } }
    /// The text's colour: black unless set (UIKit's `label` colour in light mode).
    public var textColor: Color? = .black
    public var textAlignment = TextAlignment.natural { didSet { invalidateLayout() } }
    /// The most lines shown; 0 for as many as fit (`UILabel.numberOfLines`, 1 unless set).
    public var numberOfLines = 1 { didSet { invalidateLayout() } }
    public var lineBreakMode = LineBreakMode.byTruncatingTail { didSet { invalidateLayout() } }

    /// The last layout made, kept while the text and the bounds it was made in stay the same.
    private var cachedLayout: TextLayout?

    private func invalidateLayout() {
        cachedLayout = nil
        setNeedsLayout()
    }

    /// The text laid out in `bounds` (the presentation's, when drawing); nil when the font's
    /// face cannot be loaded (`FontLibrary` says why).
    public func layout(in bounds: Rect) -> TextLayout? {
        if let cachedLayout, cachedLayout.bounds == bounds { return cachedLayout }
        cachedLayout = makeLayout(in: bounds)
        return cachedLayout
    }

    private func makeLayout(in bounds: Rect) -> TextLayout? {
        try? TextLayout(text: text, font: font, numberOfLines: numberOfLines, lineBreakMode: lineBreakMode,
                        textAlignment: textAlignment, bounds: bounds)
    }

    /// `UILabel.sizeThatFits(_:)`: the size the text needs, wrapped at `size.width` and within
    /// `size.height` (0: no limit in that direction).
    public func sizeThatFits(_ size: Size) -> Size {
        makeLayout(in: .zero)?.sizeThatFits(size) ?? .zero
    }

    /// `UILabel.intrinsicContentSize`: the text's natural size, each paragraph on one line.
    public var intrinsicContentSize: Size { sizeThatFits(.zero) }

    /// `UIView.sizeToFit()`: the label takes the size its text needs, its frame's origin
    /// staying where it is (its centre, when a transform is set).
    public func sizeToFit() { resize(toFit: sizeThatFits(.zero)) }

    override func snapshotCopy() -> View {
        let copy = Label()
        copy.text = text
        copy.font = font
        copy.textColor = textColor
        copy.textAlignment = textAlignment
        copy.numberOfLines = numberOfLines
        copy.lineBreakMode = lineBreakMode
        return copy
    }
}
