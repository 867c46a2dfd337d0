import ScrimCore

/// A layer's looks around its content: paint, the border over the subviews and the shadow
/// under the view, as Core Animation draws them.
extension SceneBuilder {
    /// `fill`/`stroke` (`attribute`) of `color`, with its opacity when not opaque.
    func paint(_ attribute: String, _ color: Color) -> String {
        var out = " \(attribute)=\"\(color.hexString.prefix(7))\""
        if color.alpha < 1 { out += " \(attribute)-opacity=\"\(svgNumber(max(0, color.alpha)))\"" }
        return out
    }

    /// The border, as Core Animation draws it: inside the bounds, along the corner radius, over
    /// the subviews. A border as wide as half the shorter side fills the view.
    func border(of state: LayerState, radius: Double) -> String {
        let size = state.bounds.size, origin = state.bounds.origin
        guard state.borderWidth > 0, state.borderWidth.isFinite, let color = state.borderColor, color.alpha > 0,
              size.width > 0, size.height > 0 else { return "" }
        let width = state.borderWidth
        if width * 2 >= min(size.width, size.height) {
            return "<rect\(rectangle(origin: origin, size: size, radius: radius))\(paint("fill", color))/>\n"
        }
        let inset = rectangle(origin: Point(x: origin.x + width / 2, y: origin.y + width / 2),
                              size: Size(width: size.width - width, height: size.height - width),
                              radius: max(0, radius - width / 2))
        return "<rect\(inset) fill=\"none\"\(paint("stroke", color)) stroke-width=\"\(svgNumber(width))\"/>\n"
    }

    /// The filter that casts the view's shadow, as Core Animation does: the shape of everything
    /// the view draws, blurred by a Gaussian whose standard deviation is `shadowRadius` (as CSS
    /// maps a blur of twice that), moved by `shadowOffset`, in `shadowColor` at
    /// `shadowOpacity`, under the view. Its region covers the bounds and the subviews' frames,
    /// grown by three deviations and the offset. Nil when the view casts none.
    func shadowFilter(of view: View, state: LayerState, id: Int) -> String? {
        let opacity = min(max(state.shadowOpacity, 0), 1)
        guard opacity > 0, let color = state.shadowColor, color.alpha > 0 else { return nil }
        let deviation = state.shadowRadius.isFinite ? max(0, state.shadowRadius) : 0
        let offset = state.shadowOffset
        let dx = offset.width.isFinite ? offset.width : 0, dy = offset.height.isFinite ? offset.height : 0
        let bounds = state.bounds
        var minX = bounds.minX, minY = bounds.minY, maxX = bounds.maxX, maxY = bounds.maxY
        for subview in view.subviews where !subview.isHidden {
            let frame = subview.presentation.frame
            guard [frame.minX, frame.minY, frame.maxX, frame.maxY].allSatisfy(\.isFinite) else { continue }
            minX = min(minX, frame.minX); minY = min(minY, frame.minY)
            maxX = max(maxX, frame.maxX); maxY = max(maxY, frame.maxY)
        }
        let margin = 3 * deviation
        let x = minX - margin + min(0, dx), y = minY - margin + min(0, dy)
        let width = maxX - minX + 2 * margin + abs(dx)
        let height = maxY - minY + 2 * margin + abs(dy)
        var out = "<filter id=\"s\(id)\" filterUnits=\"userSpaceOnUse\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(y))\""
        out += " width=\"\(svgNumber(width))\" height=\"\(svgNumber(height))\" color-interpolation-filters=\"sRGB\">"
        // A deviation of 0 would make some renderers give nothing rather than the sharp shape.
        if deviation > 0 {
            out += "<feGaussianBlur in=\"SourceAlpha\" stdDeviation=\"\(svgNumber(deviation))\"/><feOffset dx=\"\(svgNumber(dx))\" dy=\"\(svgNumber(dy))\" result=\"shape\"/>"
        } else {
            out += "<feOffset in=\"SourceAlpha\" dx=\"\(svgNumber(dx))\" dy=\"\(svgNumber(dy))\" result=\"shape\"/>"
        }
        out += "<feFlood flood-color=\"\(color.hexString.prefix(7))\" flood-opacity=\"\(svgNumber(opacity * color.alpha))\"/>"
        out += "<feComposite in2=\"shape\" operator=\"in\"/>"
        out += "<feMerge><feMergeNode/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>\n"
        return out
    }
}
