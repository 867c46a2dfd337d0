import Foundation
import ScrimCore

/// One animation frame of 10,000 views with 3 animated properties each (centre, alpha, corner
/// radius, from one `animate` block), against a hand-written Swift loop doing the same
/// interpolation with the same curve into 10,000 other views, and against the floor of that
/// loop: plain objects with no view behind them.
enum AnimationTick {
    static func run(_ harness: Harness) throws -> [Finding] {
        let count = harness.size(10_000, quick: 100)
        let frames = 10
        let duration = 1e6
        let app = Application()
        let views = (0..<count).map { View(frame: Rect(x: Double($0), y: 0, width: 10, height: 10)) }
        try app.animate(duration: duration, curve: .easeInOut) {
            for view in views {
                view.center = Point(x: view.center.x + 100, y: 50)
                view.alpha = 0.5
                view.cornerRadius = 8
            }
        }
        let engine = try harness.nanoseconds("engine", batch: frames) { app.step(frames: frames) }
        guard app.animationEngine.isAnimating, views[0].presentation.alpha < 1 else {
            throw BenchmarkError("the animations ended or never ran")
        }

        // By hand: the same curve, evaluated once per frame, into other views.
        let targets = (0..<count).map { View(frame: Rect(x: Double($0), y: 0, width: 10, height: 10)) }
        let from = targets.map(\.center), to = targets.map { Point(x: $0.center.x + 100, y: 50) }
        var time = 0.0
        let byHand = try harness.nanoseconds("hand loop", batch: frames) {
            for _ in 0..<frames {
                time += 1.0 / 60
                let p = TimingCurve.easeInOut.progress(at: time / duration, duration: duration)
                for index in targets.indices {
                    let view = targets[index]
                    view.center = Point(x: from[index].x + (to[index].x - from[index].x) * p,
                                        y: from[index].y + (to[index].y - from[index].y) * p)
                    view.alpha = 1 + (0.5 - 1) * p
                    view.cornerRadius = 8 * p
                }
            }
        }

        // The floor: the same loop into plain objects.
        let plain = (0..<count).map { PlainLayer(from: from[$0], to: to[$0]) }
        time = 0
        let floor = try harness.nanoseconds("plain objects", batch: frames) {
            for _ in 0..<frames {
                time += 1.0 / 60
                let p = TimingCurve.easeInOut.progress(at: time / duration, duration: duration)
                for layer in plain { layer.update(p) }
            }
        }
        let perFrame = 1e-3
        return [
            .cost("animation-tick", "animation tick: \(count.formatted()) views × 3 properties (µs/frame)", engine * perFrame,
                  unit: "µs", against: "hand loop into views", byHand * perFrame, target: 1.2),
            .cost("animation-tick.floor", "animation tick vs plain objects (µs/frame)", engine * perFrame,
                  unit: "µs", against: "hand loop into plain objects", floor * perFrame),
        ]
    }
}

/// What the floor interpolates into: a centre, an alpha and a corner radius.
private final class PlainLayer {
    let from: Point, to: Point
    var center: Point, alpha = 1.0, cornerRadius = 0.0

    init(from: Point, to: Point) {
        self.from = from
        self.to = to
        center = from
    }

    func update(_ p: Double) {
        center = Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
        alpha = 1 + (0.5 - 1) * p
        cornerRadius = 8 * p
    }
}
