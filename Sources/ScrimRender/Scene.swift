/// One view of a rendered frame: the SVG that opens it (its group, background and clip) and
/// the SVG that closes it, with its subviews' nodes in between.
public struct SceneNode: Hashable, Sendable {
    /// The view's id, stable for as long as the view lives (`v<id>` in the SVG).
    public var id: Int
    /// The superview's id; nil for the window.
    public var parent: Int?
    public var open: String
    public var close: String
}

/// A frame of the screen as SVG, in pieces: the document's head (device outline and screen),
/// then the window's views in painting order, back to front, each after its superview.
///
/// The pieces are what the HTML player stores and diffs between frames; `svg` puts them
/// together the same way the player's script does.
public struct Scene: Hashable, Sendable {
    /// Everything before the window's views: the document, the device and the screen's clip.
    public var head: String
    /// The visible views, depth first, back to front.
    public var nodes: [SceneNode]

    /// What closes a document begun by `head`.
    public static let tail = "</g>\n</svg>\n"

    /// The frame as one SVG document.
    public var svg: String {
        var out = head
        var open: [SceneNode] = []
        for node in nodes {
            while let last = open.last, last.id != node.parent {
                out += last.close
                open.removeLast()
            }
            out += node.open
            open.append(node)
        }
        while let last = open.popLast() { out += last.close }
        return out + Scene.tail
    }
}
