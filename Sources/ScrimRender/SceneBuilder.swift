import ScrimCore

/// Draws a window's view tree, as it is on screen, into a `Scene`.
///
/// Every view is drawn from its **presentation values** (what animations show in flight):
/// a group placed by centre, bounds and transform (anchored at the centre), with the view's
/// alpha as group opacity, its background colour and corner radius as a rectangle, its
/// subviews clipped to its bounds when `clipsToBounds` is set, its border over them and its
/// shadow, a filter on its group, under all of it. Hidden views are left out with
/// their subviews. A builder gives each view an id the first time it sees it and keeps it for
/// the view's life, so consecutive frames of one run can be compared node by node.
public final class SceneBuilder {
    /// Whether named views carry a label with their name.
    public let labels: Bool
    private var ids: [ObjectIdentifier: (view: WeakView, id: Int)] = [:]
    private var nextID = 0
    /// Images get ids as views do, for the life of the image: `i<id>` in the SVG; with the id,
    /// the image's definition, made once so that every frame's scene shares its storage.
    private var imageIDs: [ObjectIdentifier: (image: WeakImage, id: Int, definition: String)] = [:]
    private var nextImageID = 0
    /// The images the scene being built shows.
    private var images: [Int: String] = [:]

    public init(labels: Bool = false) {
        self.labels = labels
    }

    /// The window as it is on screen now.
    public func scene(of window: Window) -> Scene {
        var nodes: [SceneNode] = []
        images = [:]
        if !window.isHidden { add(window, parent: nil, to: &nodes) }
        let head = DeviceOutline.head(size: window.presentation.bounds.size, device: window.device, labels: labels)
        return Scene(head: head, nodes: nodes, images: images)
    }

    private func add(_ view: View, parent: Int?, to nodes: inout [SceneNode]) {
        let id = identifier(of: view)
        let (open, close) = markup(of: view, id: id)
        nodes.append(SceneNode(id: id, parent: parent, open: open, close: close))
        for subview in view.subviews where !subview.isHidden {
            add(subview, parent: id, to: &nodes)
        }
    }

    /// The id of `image`, and its definition in the scene being built: the picture at its size
    /// in points, stretched to that size (a view's node scales it to where it goes).
    private func identifier(of image: Image) -> Int {
        let key = ObjectIdentifier(image)
        if let entry = imageIDs[key], entry.image.value === image {
            images[entry.id] = entry.definition
            return entry.id
        }
        if imageIDs.count >= 64, imageIDs.count.nonzeroBitCount == 1 {
            imageIDs = imageIDs.filter { $0.value.image.value != nil }
        }
        let id = nextImageID
        nextImageID += 1
        let size = image.size
        let definition = "<image id=\"i\(id)\" width=\"\(svgNumber(size.width))\" height=\"\(svgNumber(size.height))\" "
            + "preserveAspectRatio=\"none\" href=\"\(image.dataAddress)\"/>"
        imageIDs[key] = (WeakImage(value: image), id, definition)
        images[id] = definition
        return id
    }

    private func identifier(of view: View) -> Int {
        let key = ObjectIdentifier(view)
        if let entry = ids[key], entry.view.value === view { return entry.id }
        if ids.count >= 256, ids.count.nonzeroBitCount == 1 {
            ids = ids.filter { $0.value.view.value != nil }
        }
        let id = nextID
        nextID += 1
        ids[key] = (WeakView(value: view), id)
        return id
    }

    private func markup(of view: View, id: Int) -> (open: String, close: String) {
        let state = view.presentation
        let size = state.bounds.size, origin = state.bounds.origin
        // Bounds coordinates → the superview's: move the bounds' centre to the origin, apply the
        // transform about it, then move to `center`.
        let t = state.transform
        let localX = -size.width / 2 - origin.x, localY = -size.height / 2 - origin.y
        let e = t.a * localX + t.c * localY + t.tx + state.center.x
        let f = t.b * localX + t.d * localY + t.ty + state.center.y

        var open = ""
        var group = "<g id=\"v\(id)\""
        if let name = view.name { group += " data-name=\"\(xmlEscaped(name))\"" }
        if t.a != 1 || t.b != 0 || t.c != 0 || t.d != 1 {
            group += " transform=\"matrix(\([t.a, t.b, t.c, t.d, e, f].map(svgNumber).joined(separator: " ")))\""
        } else if case let (x, y) = (svgNumber(e), svgNumber(f)), x != "0" || y != "0" {
            group += " transform=\"translate(\(x) \(y))\""
        }
        let alpha = min(max(state.alpha, 0), 1)
        if alpha < 1 { group += " opacity=\"\(svgNumber(alpha))\"" }
        if !view.clipsToBounds, let filter = shadowFilter(of: view, state: state, id: id) {
            open += filter
            group += " filter=\"url(#s\(id))\""
        }
        open += group + ">\n"

        let radius = max(0, min(state.cornerRadius, min(size.width, size.height) / 2))
        let box = rectangle(origin: origin, size: size, radius: radius)
        if let color = state.backgroundColor, color.alpha > 0 {
            open += "<rect\(box)\(paint("fill", color))/>\n"
        }
        // Clipping to the bounds cuts the view's content (gradient, image, text) and its
        // subviews, as `masksToBounds` cuts a layer's contents and sublayers.
        var close = ""
        if view.clipsToBounds {
            open += "<clipPath id=\"c\(id)\"><rect\(box)/></clipPath>\n<g clip-path=\"url(#c\(id))\">\n"
            close += "</g>\n"
        }
        if let gradient = view as? GradientView { open += self.gradient(gradient, in: state.bounds, box: box, id: id) }
        if let imageView = view as? ImageView { open += image(of: imageView, in: state.bounds) }
        if let label = view as? Label { open += text(of: label, in: state.bounds, box: box, id: id) }
        if view is NavigationBar || view is TabBar { open += barText(of: view, in: state.bounds) }
        close += border(of: state, radius: radius)
        if labels, let name = view.name {
            close += "<text class=\"label\" x=\"\(svgNumber(origin.x + 3))\" y=\"\(svgNumber(origin.y + 11))\">\(xmlEscaped(name))</text>\n"
        }
        return (open, close + "</g>\n")
    }

    /// A gradient view's gradient, over its background inside its corner radius: SVG's linear
    /// or radial gradient in the bounds' unit square (`objectBoundingBox`), where Core Animation
    /// places its points — so a diagonal one's colours meet along the other diagonal, as there —
    /// one stop per colour; one colour fills.
    private func gradient(_ view: GradientView, in bounds: Rect, box: String, id: Int) -> String {
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
    private func image(of view: ImageView, in bounds: Rect) -> String {
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
    private func text(of label: Label, in bounds: Rect, box: String, id: Int) -> String {
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
    private func text(_ layout: TextLayout, color: Color, clip: String = "") -> String {
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
    private func barText(of view: View, in bounds: Rect) -> String {
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

    /// `fill`/`stroke` (`attribute`) of `color`, with its opacity when not opaque.
    private func paint(_ attribute: String, _ color: Color) -> String {
        var out = " \(attribute)=\"\(color.hexString.prefix(7))\""
        if color.alpha < 1 { out += " \(attribute)-opacity=\"\(svgNumber(max(0, color.alpha)))\"" }
        return out
    }

    /// The border, as Core Animation draws it: inside the bounds, along the corner radius, over
    /// the subviews. A border as wide as half the shorter side fills the view.
    private func border(of state: LayerState, radius: Double) -> String {
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
    private func shadowFilter(of view: View, state: LayerState, id: Int) -> String? {
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

    private func rectangle(origin: Point, size: Size, radius: Double) -> String {
        let x = svgNumber(origin.x), y = svgNumber(origin.y), rx = svgNumber(radius)
        var out = ""
        if x != "0" { out += " x=\"\(x)\"" }
        if y != "0" { out += " y=\"\(y)\"" }
        out += " width=\"\(svgNumber(max(0, size.width)))\" height=\"\(svgNumber(max(0, size.height)))\""
        if rx != "0" { out += " rx=\"\(rx)\"" }
        return out
    }
}

private struct WeakView {
    weak var value: View?
}

private struct WeakImage {
    weak var value: Image?
}
