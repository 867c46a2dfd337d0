import ScrimCore

/// What views show inside their bounds, drawn over the background and under the subviews:
/// a gradient view's gradient, an image view's image, a label's text, and the titles of
/// navigation and tab bars.
extension SceneBuilder {
    /// A gradient view's gradient, over its background inside its corner radius: SVG's linear
    /// or radial gradient in the bounds' unit square (`objectBoundingBox`), where Core Animation
    /// places its points — so a diagonal one's colours meet along the other diagonal, as there —
    /// one stop per colour; one colour fills.
    func gradient(_ view: GradientView, in bounds: Rect, box: String, id: Int) -> String {
        let stops = view.stops
        guard let first = stops.first, let last = stops.last, bounds.width > 0, bounds.height > 0 else { return "" }
        let fill = { (color: Color) in color.alpha > 0 ? "<rect\(box)\(self.paint("fill", color))/>\n" : "" }
        if stops.count == 1 { return fill(first.color) }
        let start = view.startPoint, end = view.endPoint
        var out: String
        switch view.type {
        case .axial:
            out = "<linearGradient id=\"g\(id)\" x1=\"\(svgNumber(start.x))\" y1=\"\(svgNumber(start.y))\""
            out += " x2=\"\(svgNumber(end.x))\" y2=\"\(svgNumber(end.y))\">"
        case .radial:
            let rx = abs(end.x - start.x), ry = abs(end.y - start.y)
            // No radius: everything lies past the last stop, as in Core Animation.
            guard svgNumber(rx) != "0", svgNumber(ry) != "0" else { return fill(last.color) }
            out = "<radialGradient id=\"g\(id)\" cx=\"0\" cy=\"0\" r=\"1\""
            out += " gradientTransform=\"matrix(\(svgNumber(rx)) 0 0 \(svgNumber(ry)) \(svgNumber(start.x)) \(svgNumber(start.y)))\">"
        }
        for stop in stops {
            out += "<stop offset=\"\(svgNumber(stop.location))\" stop-color=\"\(stop.color.hexString.prefix(7))\""
            if stop.color.alpha < 1 { out += " stop-opacity=\"\(svgNumber(max(0, stop.color.alpha)))\"" }
            out += "/>"
        }
        out += view.type == .axial ? "</linearGradient>\n" : "</radialGradient>\n"
        return out + "<rect\(box) fill=\"url(#g\(id))\"/>\n"
    }

    /// An image view's image: a `<use>` of the image's definition (`Scene.images`), moved and
    /// scaled to the place its content mode gives (the mode already kept the aspect where it
    /// keeps one). Not cut to the corner radius: as in UIKit, only `clipsToBounds` cuts content.
    func image(of view: ImageView, in bounds: Rect) -> String {
        guard let image = view.image, let place = view.contentMode.placement(of: image.size, in: bounds) else { return "" }
        let size = image.size
        let scaleX = svgNumber(place.width / size.width), scaleY = svgNumber(place.height / size.height)
        var out = "<use href=\"#i\(identifier(of: image))\""
        let x = svgNumber(place.x), y = svgNumber(place.y)
        var transform: [String] = []
        if x != "0" || y != "0" { transform.append("translate(\(x) \(y))") }
        if scaleX != "1" || scaleY != "1" { transform.append("scale(\(scaleX) \(scaleY))") }
        if !transform.isEmpty { out += " transform=\"\(transform.joined(separator: " "))\"" }
        return out + "/>\n"
    }

    /// A label's text: one `<text>` in DejaVu Sans at the face's own weight, a `<tspan>` per
    /// line at the baseline the layout gave it, without kerning or ligatures, so that the
    /// renderer draws each line as wide as the advances that laid it out. Clipped to the bounds
    /// when the lines are taller than them, as a label's drawing is.
    func text(of label: Label, in bounds: Rect, box: String, id: Int) -> String {
        guard let color = label.textColor, let layout = label.layout(in: bounds) else { return "" }
        var clip = ""
        var out = ""
        if layout.size.height > bounds.height, !layout.lines.isEmpty {
            out += "<clipPath id=\"t\(id)\"><rect\(box)/></clipPath>\n"
            clip = " clip-path=\"url(#t\(id))\""
        }
        return out + text(layout, color: color, clip: clip)
    }

    /// The lines of `layout` as one `<text>` in `color` (see `text(of:in:box:id:)`).
    func text(_ layout: TextLayout, color: Color, clip: String = "") -> String {
        guard color.alpha > 0, !layout.lines.isEmpty else { return "" }
        let font = layout.font
        var out = "<text font-family=\"\(font.familyName)\" font-size=\"\(svgNumber(font.size))\" font-weight=\"\(font.faceCSSWeight)\""
        out += "\(paint("fill", color))\(clip) style=\"font-kerning:none;font-variant-ligatures:none\" xml:space=\"preserve\">"
        for line in layout.lines {
            out += "<tspan x=\"\(svgNumber(line.origin.x))\" y=\"\(svgNumber(line.origin.y))\">\(xmlEscaped(line.text))</tspan>"
        }
        return out + "</text>\n"
    }

    /// What a navigation or tab bar shows, as UIKit's standard appearance draws it without
    /// icons: a navigation bar's title centred in semibold 17 points in its lowest 44 points, and
    /// below the root the back item, "‹" and the previous controller's title in the tint colour
    /// at the left; a tab bar's item titles in medium 10 points, each centred in its share of
    /// the bar, the selected one in the tint colour.
    func barText(of view: View, in bounds: Rect) -> String {
        func line(_ text: String, _ font: Font, _ color: Color, _ alignment: TextAlignment, _ box: Rect) -> String {
            guard let layout = try? TextLayout(text: text, font: font, textAlignment: alignment, bounds: box) else { return "" }
            return self.text(layout, color: color)
        }
        let tint = Color(red: 0, green: 122 / 255, blue: 1)
        if let bar = view as? NavigationBar {
            let row = Rect(x: bounds.x, y: bounds.maxY - NavigationBar.height, width: bounds.width, height: NavigationBar.height)
            var out = ""
            if let title = bar.title {
                out += line(title, Font(size: 17, weight: .semibold), .black, .center,
                            Rect(x: row.x + 96, y: row.y, width: max(0, row.width - 192), height: row.height))
            }
            if let back = bar.backItemTitle {
                out += line("\u{2039} " + back, Font(size: 17), tint, .left, Rect(x: row.x + 8, y: row.y, width: 88, height: row.height))
            }
            return out
        }
        if let bar = view as? TabBar, !bar.itemTitles.isEmpty {
            let share = bounds.width / Double(bar.itemTitles.count)
            return bar.itemTitles.enumerated().map { index, title in
                line(title, Font(size: 10, weight: .medium), index == bar.selectedIndex ? tint : Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255),
                     .center, Rect(x: bounds.x + Double(index) * share, y: bounds.y, width: share, height: TabBar.height))
            }.joined()
        }
        return ""
    }
}
