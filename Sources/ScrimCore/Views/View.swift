/// How a view resizes when its superview's bounds change (`UIView.AutoresizingMask`).
public struct AutoresizingMask: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
}

/// A rectangle on screen with subviews: the headless counterpart of `UIView`.
///
/// Geometry follows UIKit: `frame` is derived from `center`, `bounds.size` and `transform`
/// (the anchor is the centre); setting `frame` while a transform is applied sets the centre
/// and bounds size that produce it only when the transform is the identity, as UIKit advises.
open class View {
    /// A name for traces, trees and renderings.
    public var name: String?
    /// Not retained, and not `weak`: an object anything references weakly counts its references
    /// in a side table, Swift's slow path, and views are retained on every layout pass and
    /// property access. The superview holds this view in `subviews` and clears this as it lets
    /// go (`removeFromSuperview`, or as it goes away itself).
    public var superview: View? { superviewReference?.takeUnretainedValue() }
    private var superviewReference: Unmanaged<View>?
    public private(set) var subviews: [View] = []

    public var autoresizingMask: AutoresizingMask = []

    /// The view controller whose root view this is (UIKit's view delegate), if any. Not
    /// retained and not `weak` (see `superview`): the controller holds its view and clears this
    /// as it lets go of it (`ViewController.replaceView`, or as it goes away itself).
    public internal(set) var owningController: ViewController? {
        get { owningControllerReference?.takeUnretainedValue() }
        set { owningControllerReference = newValue.map { Unmanaged.passUnretained($0) } }
    }
    private var owningControllerReference: Unmanaged<ViewController>?

    /// Called by `controller` as it goes away: this view has no controller any more if it was
    /// its view. Compares addresses only (`controller` is deinitializing).
    func forgetOwner(_ controller: ViewController) {
        if owningControllerReference?.toOpaque() == Unmanaged.passUnretained(controller).toOpaque() {
            owningControllerReference = nil
        }
    }
    // Stored beside the layer's flags below, the six fit in one word; declared apart, each
    // group of three was padded to a word, and a view took a size class more of the allocator.
    public var isHidden = false
    public var clipsToBounds = false
    public var isUserInteractionEnabled = true
    /// Whether the next layout pass lays this view out.
    public private(set) var needsLayout = true

    // The layer's storage, read and written on every property change and animation frame, is
    // `@exclusivity(unchecked)`: each access is a whole read or write, or an in-place change that
    // calls out to nothing that reaches the view, so the dynamic checks guard nothing. What a
    // frame reads of every animating view is stored together: its flags and its animations,
    // then the model and the presentation.

    /// Whether the screen shows `presentationState` rather than the model.
    @exclusivity(unchecked) var isPresentationOverridden = false
    /// Whether `presentationState` was computed from the model and animations as they are: a
    /// change to either clears it, and the next frame computes the presentation in full.
    @exclusivity(unchecked) var presentationIsCurrent = false
    /// The storage of `animations`.
    @exclusivity(unchecked) private var storedAnimations: [PropertyAnimation] = []

    /// The model values: what was last set. Inside an animation block a change takes effect
    /// here at once and animates on screen (see `presentation`).
    public internal(set) var model: LayerState {
        get { storedModel }
        _modify {
            presentationIsCurrent = false
            yield &storedModel
        }
    }
    /// The model's storage, read directly where a read must not copy all of it.
    @exclusivity(unchecked) private(set) var storedModel = LayerState()
    /// The on-screen values while animations run (Core Animation's presentation layer), when
    /// `isPresentationOverridden`; otherwise the screen shows the model. Kept, not made each
    /// frame, so that a frame writes only the properties that animate (`advancePresentation`).
    @exclusivity(unchecked) var presentationState = LayerState()
    /// The animations running on this view, oldest first.
    var animations: [PropertyAnimation] {
        get { storedAnimations }
        _modify {
            presentationIsCurrent = false
            yield &storedAnimations
        }
    }
    /// Gesture recognizers attached to this view.
    var recognizers: [GestureRecognizer] = []
    /// Told as this view goes away, if anyone is (`ViewDepartureObserver`).
    package var departureObserver: (any ViewDepartureObserver)?

    public init(frame: Rect = .zero) {
        model.bounds = Rect(origin: .zero, size: frame.size)
        model.center = frame.center
    }

    /// The subviews that outlive this view have no superview any more, and its observer learns
    /// that it goes.
    deinit {
        departureObserver?.viewIsDeparting(self)
        for view in subviews where view.superviewReference?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() {
            view.superviewReference = nil
        }
    }

    /// A new view showing this one's content (a label's text, an image, a gradient) for a
    /// snapshot to copy the rest into; a plain view has none.
    func snapshotCopy() -> View { View() }

    /// Takes `size`, as `sizeToFit()` does: the frame's origin stays where it is, or the centre
    /// when a transform is set (the frame is then not the view's to set).
    func resize(toFit size: Size) {
        if model.transform.isIdentity {
            frame = Rect(origin: frame.origin, size: size)
        } else {
            bounds = Rect(origin: bounds.origin, size: size)
        }
    }

    /// What is on screen now: the model, or the in-flight values while animating.
    public var presentation: LayerState { isPresentationOverridden ? presentationState : storedModel }

    // MARK: Geometry

    public var frame: Rect {
        get { model.frame }
        set {
            center = newValue.center
            if model.transform.isIdentity { setBoundsSize(newValue.size) }
        }
    }

    public var bounds: Rect {
        get { model.bounds }
        set {
            if newValue.origin != model.bounds.origin {
                change(.bounds) { $0.bounds.origin = newValue.origin }
            }
            setBoundsSize(newValue.size)
        }
    }

    public var center: Point {
        get { model.center }
        set {
            guard newValue != model.center else { return }
            change(.center) { $0.center = newValue }
        }
    }

    public var transform: AffineTransform {
        get { model.transform }
        set {
            guard newValue != model.transform else { return }
            change(.transform) { $0.transform = newValue }
        }
    }

    public var alpha: Double {
        get { model.alpha }
        set {
            guard newValue != model.alpha else { return }
            change(.alpha) { $0.alpha = newValue }
        }
    }

    public var backgroundColor: Color? {
        get { model.backgroundColor }
        set {
            guard newValue != model.backgroundColor else { return }
            change(.backgroundColor) { $0.backgroundColor = newValue }
        }
    }

    public var cornerRadius: Double {
        get { model.cornerRadius }
        set {
            guard newValue != model.cornerRadius else { return }
            change(.cornerRadius) { $0.cornerRadius = newValue }
        }
    }

    private func setBoundsSize(_ size: Size) {
        let old = model.bounds.size
        guard !old.isSameValue(as: size) else { return }
        change(.bounds) { $0.bounds.size = size }
        setNeedsLayout()
        for subview in subviews { subview.autoresize(from: old, to: size) }
    }

    /// Applies `autoresizingMask` after the superview's bounds went from `old` to `new`.
    private func autoresize(from old: Size, to new: Size) {
        guard !autoresizingMask.isEmpty else { return }
        var f = frame
        func resolve(_ origin: inout Double, _ length: inout Double, delta: Double,
                     leading: Bool, flexible: Bool, trailing: Bool) {
            let parts = (leading ? 1 : 0) + (flexible ? 1 : 0) + (trailing ? 1 : 0)
            guard parts > 0, delta != 0 else { return }
            let share = delta / Double(parts)
            if leading { origin += share }
            if flexible { length += share }
        }
        resolve(&f.origin.x, &f.size.width, delta: new.width - old.width,
                leading: autoresizingMask.contains(.flexibleLeftMargin),
                flexible: autoresizingMask.contains(.flexibleWidth),
                trailing: autoresizingMask.contains(.flexibleRightMargin))
        resolve(&f.origin.y, &f.size.height, delta: new.height - old.height,
                leading: autoresizingMask.contains(.flexibleTopMargin),
                flexible: autoresizingMask.contains(.flexibleHeight),
                trailing: autoresizingMask.contains(.flexibleBottomMargin))
        frame = f
    }

    // MARK: Hierarchy

    /// The window this view is in, if any.
    public var window: Window? {
        var view: View? = self
        while let current = view {
            if let window = current as? Window { return window }
            view = current.superview
        }
        return nil
    }

    /// Whether `self` is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let candidate = current {
            if candidate === view { return true }
            current = candidate.superview
        }
        return false
    }

    /// Why `view` cannot be added to this view, or nil: the views form a tree under a window,
    /// so neither this view nor a superview of it, nor a window, can become its subview.
    /// A tree deeper than `deepestTree` is refused too: drawing, hit-testing, layout and the
    /// release of a view recurse through the levels, and a chain of many thousands overran the
    /// thread's stack.
    public func refusalToAdd(_ view: View) -> String? {
        if view is Window { return "a window cannot be a subview" }
        if view === self || isDescendant(of: view) { return "a view cannot be added inside itself" }
        if levelsAbove + 1 + view.levelsBelow(atMost: View.deepestTree) > View.deepestTree {
            return "a view tree is at most \(View.deepestTree) levels deep"
        }
        return nil
    }

    /// The most levels of subviews under a root view (a window, or a view with no superview).
    public static let deepestTree = 256

    /// How many superviews the view has.
    private var levelsAbove: Int {
        var count = 0
        var current = superview
        while let view = current {
            count += 1
            current = view.superview
        }
        return count
    }

    /// How many levels of subviews lie under the view (0 for none), counted up to `limit + 1`.
    private func levelsBelow(atMost limit: Int) -> Int {
        var deepest = 0
        var pending: [(view: View, level: Int)] = subviews.map { ($0, 1) }
        while let (view, level) = pending.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { return deepest }
            pending += view.subviews.map { ($0, level + 1) }
        }
        return deepest
    }

    /// Adds `view` on top of the others (see `insertSubview(_:at:)`).
    @discardableResult
    public func addSubview(_ view: View) -> Bool {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index` (0 is the back), moving it from its old superview. A view it
    /// cannot take (`refusalToAdd`) stays where it is, and the result is false: code that adds
    /// views a script chose checks first and raises the refusal; work a script set off earlier
    /// (a push whose controller's view has since come to hold the container's) must not break
    /// the tree.
    @discardableResult
    public func insertSubview(_ view: View, at index: Int) -> Bool {
        guard refusalToAdd(view) == nil else { return false }
        let oldWindow = view.window, newWindow = window
        let windowChanges = oldWindow !== newWindow
        if windowChanges {
            oldWindow?.subtreeWillLeave(view)
            newWindow?.subtreeWillEnter(view)
        }
        if let old = view.superview {
            old.subviews.removeAll { $0 === view }
            old.setNeedsLayout()
        }
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superviewReference = Unmanaged.passUnretained(self)
        setNeedsLayout()
        if windowChanges {
            oldWindow?.subtreeDidLeave(view)
            newWindow?.subtreeDidEnter(view)
        }
        return true
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        let oldWindow = window
        oldWindow?.subtreeWillLeave(self)
        parent.subviews.removeAll { $0 === self }
        superviewReference = nil
        parent.setNeedsLayout()
        oldWindow?.subtreeDidLeave(self)
    }

    /// Moves `view` (a subview) to the front.
    public func bringSubviewToFront(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: index))
    }

    /// Moves `view` (a subview) to the back.
    public func sendSubviewToBack(_ view: View) {
        guard let index = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: index), at: 0)
    }

    /// `self` and every view below it, parents before children, back to front.
    public func subtree() -> [View] {
        var result: [View] = []
        func visit(_ view: View) {
            result.append(view)
            view.subviews.forEach(visit)
        }
        visit(self)
        return result
    }

    // MARK: Coordinates and hit-testing

    /// The transform from the bounds of a view in `state` to its superview's bounds.
    static func transformToSuperview(_ state: LayerState) -> AffineTransform {
        let size = state.bounds.size
        return AffineTransform(translationX: -state.bounds.x - size.width / 2, y: -state.bounds.y - size.height / 2)
            .concatenating(state.transform)
            .concatenating(AffineTransform(translationX: state.center.x, y: state.center.y))
    }

    /// The transform from this view's bounds to the coordinate space at the top of its tree.
    private var toRoot: AffineTransform {
        var result = AffineTransform.identity
        var view: View? = self
        while let current = view, current.superview != nil {
            result = result.concatenating(View.transformToSuperview(current.model))
            view = current.superview
        }
        return result
    }

    /// `point`, given in this view's coordinates, in `view`'s (or the top of the tree's, when nil).
    public func convert(_ point: Point, to view: View?) -> Point {
        let root = point.applying(toRoot)
        guard let view else { return root }
        return root.applying(view.toRoot.inverted)
    }

    /// `point`, given in `view`'s coordinates (or the top of the tree's, when nil), in this view's.
    public func convert(_ point: Point, from view: View?) -> Point {
        let root = view.map { point.applying($0.toRoot) } ?? point
        return root.applying(toRoot.inverted)
    }

    /// `rect`, given in this view's coordinates, in `view`'s: the bounding box of its corners.
    public func convert(_ rect: Rect, to view: View?) -> Rect {
        let transform = view.map { toRoot.concatenating($0.toRoot.inverted) } ?? toRoot
        return rect.applying(transform)
    }

    /// Whether `point` (in this view's coordinates) is inside its bounds.
    open func point(inside point: Point) -> Bool {
        presentation.bounds.contains(point)
    }

    /// The frontmost visible, interactive view containing `point` (in this view's
    /// coordinates), by what is on screen (presentation values): hidden views, views with
    /// alpha below 0.01 and views with interaction disabled are skipped with their subviews,
    /// as in UIKit.
    open func hitTest(_ point: Point) -> View? {
        guard !isHidden, presentation.alpha >= 0.01, isUserInteractionEnabled, self.point(inside: point) else {
            return nil
        }
        for subview in subviews.reversed() {
            let local = point.applying(View.transformToSuperview(subview.presentation).inverted)
            if let hit = subview.hitTest(local) { return hit }
        }
        return self
    }

    // MARK: Layout

    /// Marks the view for the next layout pass.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Lays out this view and those below it that need it, now.
    public func layoutIfNeeded() {
        if let window {
            window.layoutPass(from: self)
        } else {
            for view in subtree() where view.needsLayout {
                view.needsLayout = false
                view.layoutSubviews()
            }
        }
    }

    /// Override to position subviews; called by the layout pass. The default does nothing
    /// (autoresizing masks are applied as bounds change).
    open func layoutSubviews() {}

    func clearNeedsLayout() {
        needsLayout = false
    }
}

extension AffineTransform {
    /// The inverse transform; the identity when this one cannot be inverted.
    public var inverted: AffineTransform {
        let det = a * d - b * c
        guard det != 0 else { return .identity }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
