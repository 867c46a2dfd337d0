extension ViewController {
    /// Whether `controller` is this one or above it: its parent, or the controller that
    /// presented it, and so on up to the root. Containment and presentation together must stay
    /// a tree, so such a controller cannot become this one's child, nor be presented from it.
    public final func isSelfOrAbove(_ controller: ViewController) -> Bool {
        var current: ViewController? = self
        var seen: Set<ObjectIdentifier> = []
        while let candidate = current, seen.insert(ObjectIdentifier(candidate)).inserted {
            if candidate === controller { return true }
            current = candidate.parent ?? candidate.presentingStorage
        }
        return false
    }
}
