/// How an animation's progress follows time: Core Animation's media timing functions, any
/// cubic Bézier, or a spring.
public enum TimingCurve: Hashable, Sendable {
    case linear
    /// `(0.42, 0, 1, 1)`
    case easeIn
    /// `(0, 0, 0.58, 1)`
    case easeOut
    /// `(0.42, 0, 0.58, 1)`
    case easeInOut
    /// A cubic Bézier from (0,0) to (1,1) through control points (x1,y1) and (x2,y2); x1 and
    /// x2 must lie in 0…1.
    case cubic(x1: Double, y1: Double, x2: Double, y2: Double)
    case spring(Spring)

    /// The named curves by their Lua and UIKit names.
    public static let named: [String: TimingCurve] = [
        "linear": .linear, "easeIn": .easeIn, "easeOut": .easeOut, "easeInOut": .easeInOut,
    ]

    /// The progress at `fraction` (0…1) of an animation lasting `duration` seconds. Béziers
    /// ignore the duration; a spring runs on its own time scale stretched to `duration`.
    public func progress(at fraction: Double, duration: Double) -> Double {
        let t = min(max(fraction, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return UnitBezier.easeIn.solve(t)
        case .easeOut: return UnitBezier.easeOut.solve(t)
        case .easeInOut: return UnitBezier.easeInOut.solve(t)
        case .cubic(let x1, let y1, let x2, let y2):
            return UnitBezier(x1: x1, y1: y1, x2: x2, y2: y2).solve(t)
        case .spring(let spring):
            if t >= 1 { return 1 }
            return spring.progress(at: t * spring.settlingTime)
        }
    }

    /// The duration this curve takes when none is given: a spring's settling time, else nil.
    public var naturalDuration: Double? {
        if case .spring(let spring) = self { return spring.settlingTime }
        return nil
    }
}

/// A cubic Bézier timing function solved for y at a given x to within 1e-7.
struct UnitBezier: Hashable, Sendable {
    let cx, bx, ax, cy, by, ay: Double

    init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    static let easeIn = UnitBezier(x1: 0.42, y1: 0, x2: 1, y2: 1)
    static let easeOut = UnitBezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    static let easeInOut = UnitBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)

    func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func y(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func dx(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// y at the curve parameter whose x is `x`: Newton's method, then bisection when the
    /// slope is too flat for it.
    func solve(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let epsilon = 1e-9
        var s = x
        for _ in 0..<8 {
            let error = self.x(s) - x
            if abs(error) < epsilon { return y(s) }
            let slope = dx(s)
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = x
        for _ in 0..<64 {
            let value = self.x(s)
            if abs(value - x) < epsilon { break }
            if value < x { low = s } else { high = s }
            s = (low + high) / 2
        }
        return y(s)
    }
}
