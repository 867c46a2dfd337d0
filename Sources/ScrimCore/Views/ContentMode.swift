/// How a view places its content in its bounds (`UIView.ContentMode`): an image view's image.
public enum ContentMode: String, CaseIterable, Sendable {
    case scaleToFill, scaleAspectFit, scaleAspectFill, redraw
    case center, top, bottom, left, right, topLeft, topRight, bottomLeft, bottomRight

    public init?(name: String) { self.init(rawValue: name) }
    public var name: String { rawValue }

    /// Where content of `size` (points) is drawn in `bounds`: stretched, scaled to fit or to
    /// fill (centred; filling overflows the bounds, which only `clipsToBounds` cuts), or at its
    /// own size against the edge or corner the mode names. Nil when there is nothing to draw.
    public func placement(of size: Size, in bounds: Rect) -> Rect? {
        guard size.width > 0, size.height > 0, bounds.width > 0, bounds.height > 0,
              [size.width, size.height, bounds.x, bounds.y, bounds.width, bounds.height].allSatisfy(\.isFinite) else { return nil }
        var drawn = size
        switch self {
        case .scaleToFill, .redraw: return bounds
        case .scaleAspectFit, .scaleAspectFill:
            let fit = min(bounds.width / size.width, bounds.height / size.height)
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let factor = self == .scaleAspectFit ? fit : fill
            drawn = Size(width: size.width * factor, height: size.height * factor)
        default: break
        }
        let x: Double, y: Double
        switch self {
        case .left, .topLeft, .bottomLeft: x = bounds.x
        case .right, .topRight, .bottomRight: x = bounds.maxX - drawn.width
        default: x = bounds.midX - drawn.width / 2
        }
        switch self {
        case .top, .topLeft, .topRight: y = bounds.y
        case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - drawn.height
        default: y = bounds.midY - drawn.height / 2
        }
        return Rect(x: x, y: y, width: drawn.width, height: drawn.height)
    }
}
