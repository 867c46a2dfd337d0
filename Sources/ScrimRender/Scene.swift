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
///
/// Images are not in the nodes: an image view's node draws `<use href="#i3">`, and the
/// picture itself — its bytes as a `data:` address, megabytes perhaps — is defined once in
/// `images`, whatever the number of views and frames that show it.
public struct Scene: Hashable, Sendable {
    /// Everything before the window's views: the document, the device and the screen's clip.
    public var head: String
    /// The visible views, depth first, back to front.
    public var nodes: [SceneNode]
    /// The images the nodes show, by id: each an `<image id="i3" …/>` element. Strings share
    /// their storage, so every frame that holds the same image holds it once.
    public var images: [Int: String] = [:]

    /// What closes a document begun by `head`.
    public static let tail = "</g>\n</svg>\n"

    /// The `<defs>` of `images`, in id order; empty without images.
    public static func definitions(_ images: [Int: String]) -> String {
        guard !images.isEmpty else { return "" }
        return "<defs>" + images.keys.sorted().map { images[$0]! }.joined() + "</defs>\n"
    }

    /// The frame as one SVG document.
    public var svg: String {
        var out = head + Scene.definitions(images)
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
