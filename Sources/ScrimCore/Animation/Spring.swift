import Foundation

/// A damped spring, solved in closed form: the displacement from the target starts at 1 and
/// decays (under-, critically or over-damped), so progress is `1 - displacement(t)`.
public struct Spring: Hashable, Sendable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Initial velocity toward the target, in units of the whole distance per second
    /// (UIKit's `initialSpringVelocity`).
    public var initialVelocity: Double
    /// The time after which the displacement stays within 0.1 % of the distance.
    public let settlingTime: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        settlingTime = Spring.settlingTime(mass: mass, stiffness: stiffness, damping: damping,
                                           initialVelocity: initialVelocity)
    }

    /// SwiftUI's and UIKit's perceptual parameters: mass 1, stiffness (2π/response)²,
    /// damping 4π·dampingRatio/response.
    public init(dampingRatio: Double, response: Double, initialVelocity: Double = 0) {
        self.init(mass: 1, stiffness: pow(2 * .pi / response, 2), damping: 4 * .pi * dampingRatio / response,
                  initialVelocity: initialVelocity)
    }

    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Progress toward the target after `time` seconds (may overshoot 1). Where the closed form
    /// overflows (a huge initial velocity, a damping a hair below critical), the spring counts as
    /// arrived: no value in flight is NaN or infinite.
    public func progress(at time: Double) -> Double {
        let progress = 1 - Spring.displacement(at: time, mass: mass, stiffness: stiffness, damping: damping,
                                               initialVelocity: initialVelocity)
        return progress.isFinite ? progress : 1
    }

    /// The displacement from the target, starting at 1 with velocity `-initialVelocity`.
    static func displacement(at t: Double, mass: Double, stiffness: Double, damping: Double,
                             initialVelocity v0: Double) -> Double {
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 - 1e-9 {
            let omegaD = omega * (1 - zeta * zeta).squareRoot()
            let b = (zeta * omega - v0) / omegaD
            return exp(-zeta * omega * t) * (cos(omegaD * t) + b * sin(omegaD * t))
        } else if zeta > 1 + 1e-9 {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1)
            return (1 - c2) * exp(r1 * t) + c2 * exp(r2 * t)
        } else {
            return exp(-omega * t) * (1 + (omega - v0) * t)
        }
    }

    /// The last time the displacement is 0.1 % or more, to 1e-6 s: scanned in millisecond
    /// steps until the decay envelope is below the threshold, then bisected.
    static func settlingTime(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) -> Double {
        let threshold = 0.001
        func x(_ t: Double) -> Double {
            displacement(at: t, mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
        }
        let omega = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let decay = zeta < 1 ? zeta * omega : omega * (zeta - (max(zeta * zeta - 1, 0)).squareRoot())
        guard decay > 0, decay.isFinite else { return 0 }
        // Past this time the envelope (with a generous amplitude) is below the threshold.
        let amplitude = 2 + abs(initialVelocity) / max(omega, 1e-9) + abs(initialVelocity)
        let limit = min(log(amplitude / threshold) / decay + 1, 600)
        let step = 0.001
        var last = 0.0
        var t = 0.0
        while t <= limit {
            if abs(x(t)) >= threshold { last = t }
            t += step
        }
        var low = last, high = last + step
        for _ in 0..<40 {
            let middle = (low + high) / 2
            if abs(x(middle)) >= threshold { low = middle } else { high = middle }
        }
        return (high * 1_000_000).rounded(.up) / 1_000_000
    }
}
