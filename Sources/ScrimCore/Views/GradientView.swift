/// A view whose layer is a gradient (`CAGradientLayer`, as a `UIView` subclass whose
/// `layerClass` is one): colours blended across the bounds, over the background colour and
/// under the subviews, inside the corner radius.
///
/// Points are in the unit square of the bounds, (0, 0) the top left, as Core Animation's on
/// iOS. An axial gradient runs from `startPoint` to `endPoint`; a radial one is an ellipse
/// centred on `startPoint` whose radii reach `endPoint`. Core Animation's conic gradients are
/// not offered: SVG has no way to draw one.
public final class GradientView: View {
    public enum GradientType: String, CaseIterable, Sendable {
        case axial, radial
    }

    /// The colours, in order; fewer than two draw one colour or nothing.
    public var colors: [Color] = []
    /// Where each colour sits, 0 to 1, as many as `colors`; nil spreads them evenly.
    public var locations: [Double]?
    public var startPoint = Point(x: 0.5, y: 0)
    public var endPoint = Point(x: 0.5, y: 1)
    public var type: GradientType = .axial

    /// The stops the gradient draws: each colour at its location, evenly spread without
    /// locations, locations clamped to 0…1 and kept in order as Core Animation draws them.
    public var stops: [(location: Double, color: Color)] {
        guard !colors.isEmpty else { return [] }
        var previous = 0.0
        return colors.enumerated().map { index, color in
            let spread = colors.count == 1 ? 0 : Double(index) / Double(colors.count - 1)
            var location = locations.map { index < $0.count ? $0[index] : spread } ?? spread
            location = location.isNaN ? previous : min(max(location, previous), 1)
            previous = location
            return (location, color)
        }
    }

    override func snapshotCopy() -> View {
        let copy = GradientView()
        copy.colors = colors
        copy.locations = locations
        copy.startPoint = startPoint
        copy.endPoint = endPoint
        copy.type = type
        return copy
    }
}
