extension View {
    /// `UIView.snapshotView(afterScreenUpdates:)`: a new view showing what this view and its
    /// subviews look like, frozen — a copy of the tree that later changes to the original do
    /// not reach. Its frame is this view's bounds at the origin, its alpha and transform the
    /// identity (the original's own alpha and transform are not part of its picture).
    ///
    /// With `afterScreenUpdates` false the copy shows what is on screen now (presentation values,
    /// mid-animation included); with true, the values most recently set (model values), as if
    /// the screen had caught up. Copies take no gesture recognizers and no touches.
    public func snapshotView(afterScreenUpdates: Bool) -> View {
        let snapshot = copyForSnapshot(afterScreenUpdates: afterScreenUpdates, isRoot: true)
        snapshot.name = "snapshot of \(name ?? "view")"
        return snapshot
    }

    /// `UIView.resizableSnapshotView(from:afterScreenUpdates:withCapInsets:)` without cap insets:
    /// a view the size of `rect` (a rectangle in this view's bounds) showing that part of this
    /// view, clipped to it. Snapshots of adjacent rectangles tile the original.
    public func resizableSnapshotView(from rect: Rect, afterScreenUpdates: Bool) -> View {
        let tile = View(frame: Rect(origin: .zero, size: rect.size))
        tile.clipsToBounds = true
        tile.isUserInteractionEnabled = false
        tile.name = "snapshot of \(name ?? "view") at \(rect.x),\(rect.y)"
        let content = copyForSnapshot(afterScreenUpdates: afterScreenUpdates, isRoot: true)
        content.frame = Rect(x: bounds.x - rect.x, y: bounds.y - rect.y,
                             width: content.bounds.width, height: content.bounds.height)
        tile.addSubview(content)
        return tile
    }

    /// A copy of this view's visible state; the root of a snapshot keeps only its look (colour,
    /// corner radius, border, clipping), not its place, alpha, transform or shadow (a shadow
    /// falls outside the bounds a snapshot shows).
    private func copyForSnapshot(afterScreenUpdates: Bool, isRoot: Bool) -> View {
        let state = afterScreenUpdates ? model : presentation
        let copy = snapshotCopy()
        if isRoot {
            copy.model.bounds = state.bounds
            copy.model.center = Point(x: state.bounds.width / 2, y: state.bounds.height / 2)
            copy.model.backgroundColor = state.backgroundColor
            copy.model.cornerRadius = state.cornerRadius
            copy.model.borderWidth = state.borderWidth
            copy.model.borderColor = state.borderColor
        } else {
            copy.model = state
        }
        copy.name = name
        copy.isHidden = isHidden
        copy.clipsToBounds = clipsToBounds
        copy.isUserInteractionEnabled = false
        for subview in subviews where !subview.isHidden {
            copy.addSubview(subview.copyForSnapshot(afterScreenUpdates: afterScreenUpdates, isRoot: false))
        }
        return copy
    }
}
