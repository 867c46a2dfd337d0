/// `UIGestureRecognizer`: watches the touches that start on its view (or inside it) and calls
/// its handlers as its state changes. Scrim models one touch at a time.
open class GestureRecognizer {
    public enum State: String, Sendable {
        case possible, began, changed, ended, cancelled, failed
    }

    public internal(set) weak var view: View?
    public internal(set) var state: State = .possible
    public var isEnabled = true
    /// A name for traces and trees.
    public var name: String?
    private var handlers: [(GestureRecognizer) -> Void] = []

    public init() {}

    /// How many handlers it calls.
    public var targetCount: Int { handlers.count }

    /// Adds a handler, called on every state change but to `possible` and `failed` (UIKit's
    /// target-action).
    public func addTarget(_ handler: @escaping (GestureRecognizer) -> Void) {
        handlers.append(handler)
    }

    /// Where the touch is now, in `view`'s coordinates (the window's when nil).
    public func location(in view: View?) -> Point {
        guard let window = self.view?.window else { return lastPoint }
        return window.convertPresentation(lastPoint, to: view)
    }

    var lastPoint = Point.zero
    var lastTime = 0.0

    func move(to state: State) {
        self.state = state
        guard state != .possible, state != .failed else { return }
        for handler in handlers { handler(self) }
    }

    /// Back to `possible` after the touch ended.
    func reset() {
        state = .possible
    }

    // MARK: Touches (window coordinates, clock time)

    func touchBegan(at point: Point, time: Double) {
        lastPoint = point
        lastTime = time
    }

    func touchMoved(to point: Point, time: Double) {
        lastPoint = point
        lastTime = time
    }

    func touchEnded(at point: Point, time: Double) {
        lastPoint = point
        lastTime = time
    }
}

/// `UITapGestureRecognizer`: recognized when a touch lifts within 10 points of where it went
/// down and within half a second.
public final class TapGestureRecognizer: GestureRecognizer {
    private var start: (point: Point, time: Double)?

    override func touchBegan(at point: Point, time: Double) {
        super.touchBegan(at: point, time: time)
        start = (point, time)
    }

    override func touchMoved(to point: Point, time: Double) {
        super.touchMoved(to: point, time: time)
        if let start, distance(start.point, point) > 10 { move(to: .failed) }
    }

    override func touchEnded(at point: Point, time: Double) {
        super.touchEnded(at: point, time: time)
        guard state == .possible, let start, distance(start.point, point) <= 10, time - start.time <= 0.5 else {
            return
        }
        move(to: .ended)
    }
}

/// `UIPanGestureRecognizer`: begins once the touch has moved 10 points, changes with every move,
/// ends when it lifts; reports the translation since the start and the velocity.
public class PanGestureRecognizer: GestureRecognizer {
    var startPoint = Point.zero
    private var translationOrigin = Point.zero
    private var samples: [(point: Point, time: Double)] = []

    /// The movement since the gesture began (or since `setTranslation`), in `view`'s coordinate
    /// space's scale (views are not scaled here, so it is the window's).
    public func translation(in view: View?) -> Point {
        Point(x: lastPoint.x - translationOrigin.x, y: lastPoint.y - translationOrigin.y)
    }

    public func setTranslation(_ translation: Point, in view: View?) {
        translationOrigin = Point(x: lastPoint.x - translation.x, y: lastPoint.y - translation.y)
    }

    /// Points per second over the last tenth of a second of movement.
    public func velocity(in view: View?) -> Point {
        guard let last = samples.last else { return .zero }
        let window = samples.filter { last.time - $0.time <= 0.1 + 1e-9 }
        guard let first = window.first, last.time > first.time else { return .zero }
        let elapsed = last.time - first.time
        return Point(x: (last.point.x - first.point.x) / elapsed, y: (last.point.y - first.point.y) / elapsed)
    }

    /// Whether a touch starting at `point` (window coordinates) may become this gesture.
    func accepts(start point: Point) -> Bool { true }

    override func touchBegan(at point: Point, time: Double) {
        super.touchBegan(at: point, time: time)
        startPoint = point
        translationOrigin = point
        samples = [(point, time)]
        if !accepts(start: point) { state = .failed }
    }

    override func touchMoved(to point: Point, time: Double) {
        super.touchMoved(to: point, time: time)
        samples.append((point, time))
        if samples.count > 32 { samples.removeFirst(samples.count - 32) }
        switch state {
        case .possible where distance(startPoint, point) >= 10:
            move(to: .began)
        case .began, .changed:
            move(to: .changed)
        default:
            break
        }
    }

    override func touchEnded(at point: Point, time: Double) {
        super.touchEnded(at: point, time: time)
        if state == .began || state == .changed { move(to: .ended) }
    }
}

/// `UIScreenEdgePanGestureRecognizer`: a pan that starts within 20 points of one of `edges` of
/// the window.
public final class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let left = Edges(rawValue: 2)
        public static let bottom = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
    }

    public var edges: Edges

    public init(edges: Edges = .left) {
        self.edges = edges
    }

    override func accepts(start point: Point) -> Bool {
        guard let size = view?.window?.size else { return false }
        return (edges.contains(.left) && point.x <= 20) || (edges.contains(.right) && point.x >= size.width - 20)
            || (edges.contains(.top) && point.y <= 20) || (edges.contains(.bottom) && point.y >= size.height - 20)
    }
}

func distance(_ a: Point, _ b: Point) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}
