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
    var images: [Int: String] = [:]

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
    func identifier(of image: Image) -> Int {
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
        switch view {
        case let gradient as GradientView: open += self.gradient(gradient, in: state.bounds, box: box, id: id)
        case let imageView as ImageView: open += image(of: imageView, in: state.bounds)
        case let label as Label: open += text(of: label, in: state.bounds, box: box, id: id)
        case is NavigationBar, is TabBar: open += barText(of: view, in: state.bounds)
        default: break
        }
        close += border(of: state, radius: radius)
        if labels, let name = view.name {
            close += "<text class=\"label\" x=\"\(svgNumber(origin.x + 3))\" y=\"\(svgNumber(origin.y + 11))\">\(xmlEscaped(name))</text>\n"
        }
        return (open, close + "</g>\n")
    }

    func rectangle(origin: Point, size: Size, radius: Double) -> String {
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
