import Foundation
@testable import ScrimCore
import Testing

/// Reference values computed independently: the Bézier parameter by bisection to 1e-12.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let middle = (low + high) / 2
        if coordinate(middle, x1, x2) < x { low = middle } else { high = middle }
    }
    return coordinate((low + high) / 2, y1, y2)
}

@Suite struct TimingCurveTests {
    @Test(arguments: [
        (TimingCurve.easeIn, (0.42, 0.0, 1.0, 1.0)),
        (TimingCurve.easeOut, (0.0, 0.0, 0.58, 1.0)),
        (TimingCurve.easeInOut, (0.42, 0.0, 0.58, 1.0)),
        (TimingCurve.cubic(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1), (0.25, 0.1, 0.25, 1.0)),
        (TimingCurve.cubic(x1: 0.68, y1: -0.55, x2: 0.27, y2: 1.55), (0.68, -0.55, 0.27, 1.55)),
    ])
    func beziersMatchTheirClosedFormAtEveryFrame(curve: TimingCurve, points: (Double, Double, Double, Double)) {
        for frame in 0...60 {
            let x = Double(frame) / 60
            let expected = referenceBezier(points.0, points.1, points.2, points.3, at: x)
            #expect(abs(curve.progress(at: x, duration: 1) - expected) < 1e-6, "at \(x)")
        }
    }

    @Test func linearAndEndpointsAreExact() {
        #expect(TimingCurve.linear.progress(at: 0.3, duration: 1) == 0.3)
        for curve in [TimingCurve.easeIn, .easeOut, .easeInOut, .spring(Spring(dampingRatio: 0.5, response: 0.4))] {
            #expect(curve.progress(at: 0, duration: 1) == 0)
            #expect(curve.progress(at: 1, duration: 1) == 1)
        }
        #expect(TimingCurve.easeInOut.progress(at: 0.5, duration: 1) == 0.5)
    }
}

@Suite struct SpringTests {
    /// x(t) for mass 1: the textbook solutions, written out separately.
    func reference(stiffness k: Double, damping c: Double, v0: Double, at t: Double) -> Double {
        let w0 = k.squareRoot(), zeta = c / (2 * k.squareRoot())
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w0 * t) * (cos(wd * t) + (zeta * w0 - v0) / wd * sin(wd * t))
        } else if zeta == 1 {
            return exp(-w0 * t) * (1 + (w0 - v0) * t)
        } else {
            let s = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
            let b = (-v0 - r1) / (r2 - r1)
            return (1 - b) * exp(r1 * t) + b * exp(r2 * t)
        }
    }

    @Test(arguments: [(0.3, 0.0), (0.7, 2.0), (1.0, 0.0), (1.0, -1.5), (2.5, 0.0), (2.5, 4.0)])
    func closedFormsMatchInEveryRegime(dampingRatio: Double, velocity: Double) {
        let spring = Spring(dampingRatio: dampingRatio, response: 0.5, initialVelocity: velocity)
        #expect(abs(spring.stiffness - pow(2 * .pi / 0.5, 2)) < 1e-9)
        #expect(abs(spring.damping - 4 * .pi * dampingRatio / 0.5) < 1e-9)
        #expect(abs(spring.dampingRatio - dampingRatio) < 1e-12)
        for step in 0...120 {
            let t = Double(step) / 60
            let expected = 1 - reference(stiffness: spring.stiffness, damping: spring.damping, v0: velocity, at: t)
            #expect(abs(spring.progress(at: t) - expected) < 1e-9, "t=\(t)")
        }
    }

    @Test(arguments: [0.2, 0.5, 1.0, 1.8])
    func settlingTimeIsTheLastExcursionBeyondATenthOfAPercent(dampingRatio: Double) {
        let spring = Spring(dampingRatio: dampingRatio, response: 0.4)
        let settle = spring.settlingTime
        #expect(settle > 0)
        #expect(abs(1 - spring.progress(at: settle - 2e-6)) >= 0.001 - 1e-9)
        for step in 1...2000 {
            let t = settle + Double(step) * 0.001
            #expect(abs(1 - spring.progress(at: t)) < 0.001)
        }
    }

    @Test func massStiffnessDampingParameters() {
        let spring = Spring(mass: 2, stiffness: 300, damping: 20, initialVelocity: 0)
        #expect(abs(spring.dampingRatio - 20 / (2 * (600.0).squareRoot())) < 1e-12)
        #expect(TimingCurve.spring(spring).naturalDuration == spring.settlingTime)
    }
}
