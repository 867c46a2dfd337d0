import Foundation
@testable import ScrimCore
import Testing

@Suite struct AnimateTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func modelIsFinalAtOncePresentationFollowsTheCurve() throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.alpha = 0
        var finished: [Bool] = []
        try app.animate(duration: 0.5, curve: .easeInOut, animations: { view.alpha = 1 }) { finished.append($0) }
        #expect(view.alpha == 1)
        #expect(view.presentation.alpha == 0)
        for frame in 1...29 {
            app.step()
            let expected = referenceBezier(0.42, 0, 0.58, 1, at: Double(frame) / 30)
            #expect(close(view.presentation.alpha, expected, 1e-6), "frame \(frame)")
        }
        #expect(finished.isEmpty)
        app.step()
        #expect(finished == [true])
        #expect(view.presentation.alpha == 1)
        #expect(!view.isPresentationOverridden)
        #expect(!app.animationEngine.isAnimating)
    }

    @Test func framesAnimateAsCenterAndBoundsAndEndExactly() throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        try app.animate(duration: 0.25, curve: .linear) {
            view.frame = Rect(x: 100, y: 200, width: 300, height: 150)
        }
        #expect(view.animatingKeys == [.center, .bounds])
        app.step(frames: 6)
        #expect(view.presentation.frame == Rect(x: 40, y: 80, width: 180, height: 90))
        app.step(frames: 9)
        #expect(view.presentation.frame == Rect(x: 100, y: 200, width: 300, height: 150))
        #expect(view.animatingKeys.isEmpty)
    }

    /// A frame computes again only the properties that animate when nothing else changed
    /// since the presentation was last computed in full: each frame must show what the full
    /// computation shows — stacked animations of one property, wide values, keyframes — and
    /// a change to the model of a property that does not animate shows at the next frame.
    @Test func eachFrameShowsWhatTheWholeComputationShows() throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 50))
        try app.animate(duration: 0.5, curve: .easeInOut) {
            view.center = Point(x: 300, y: 100)
            view.alpha = 0.25
            view.transform = AffineTransform(rotationAngle: 1).scaledBy(x: 2, y: 2)
        }
        app.step(frames: 3)
        try app.animate(curve: .spring(Spring(dampingRatio: 0.5, response: 0.3)), animations: {
            view.center = Point(x: 0, y: 400)
            view.bounds = Rect(x: 0, y: 0, width: 10, height: 80)
        })
        try app.animateKeyframes(duration: 0.4, animations: {
            try? View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.cornerRadius = 20 }
            try? View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.cornerRadius = 4 }
        })
        let red = Color(red: 1, green: 0, blue: 0, alpha: 1)
        for frame in 1...40 {
            if frame == 10 { view.model.backgroundColor = red }
            app.step()
            let shown = view.presentation
            if frame == 10 {
                #expect(view.isPresentationOverridden)
                #expect(shown.backgroundColor == red)
            }
            view.updatePresentation()
            #expect(view.presentation == shown, "frame \(frame)")
        }
        #expect(!view.isPresentationOverridden)
    }

    @Test func delayShowsTheStartValueUntilItBegins() throws {
        let app = Application()
        let view = View()
        try app.animate(duration: 0.5, delay: 0.25, curve: .linear, animations: { view.cornerRadius = 30 })
        app.step(frames: 15)
        #expect(view.presentation.cornerRadius == 0)
        app.step(frames: 15)
        #expect(close(view.presentation.cornerRadius, 15))
        app.step(frames: 15)
        #expect(view.presentation.cornerRadius == 30)
    }

    @Test func retargetingAddsToTheRunningAnimation() throws {
        let app = Application()
        let view = View()
        view.center = Point(x: 0, y: 0)
        var log: [String] = []
        try app.animate(duration: 1, curve: .linear, animations: { view.center = Point(x: 100, y: 0) }) {
            log.append("first \($0)")
        }
        app.step(frames: 30)
        let before = view.presentation.center.x
        #expect(close(before, 50))
        try app.animate(duration: 1, curve: .linear, animations: { view.center = Point(x: 0, y: 0) }) {
            log.append("second \($0)")
        }
        // Continuous: nothing jumps when the second animation starts.
        #expect(close(view.presentation.center.x, before))
        app.step(frames: 15)
        // model 0 + first's remaining offset (75 - 100) + second's offset (100 - 0) * 0.75
        #expect(close(view.presentation.center.x, 0 + (75 - 100) + 100 * 0.75))
        app.step(frames: 15)
        #expect(log == ["first true"])
        app.step(frames: 30)
        #expect(log == ["first true", "second true"])
        #expect(view.presentation.center.x == 0)
    }

    @Test func beginningFromTheCurrentStateReplacesAndInterrupts() throws {
        let app = Application()
        let view = View()
        view.alpha = 0
        var log: [String] = []
        try app.animate(duration: 1, curve: .linear, animations: { view.alpha = 1 }) { log.append("first \($0)") }
        app.step(frames: 15)
        try app.animate(duration: 0.5, curve: .linear, options: .beginFromCurrentState,
                        animations: { view.alpha = 0.5 }) { log.append("second \($0)") }
        #expect(close(view.presentation.alpha, 0.25))
        app.step()
        #expect(log == ["first false"])
        #expect(close(view.presentation.alpha, 0.25 + 0.25 / 30))
        app.step(frames: 29)
        #expect(log == ["first false", "second true"])
        #expect(view.presentation.alpha == 0.5)
    }

    @Test func settingAPropertyOutsideABlockStopsItsAnimation() throws {
        let app = Application()
        let view = View()
        var finished: Bool?
        try app.animate(duration: 1, animations: { view.alpha = 0; view.cornerRadius = 8 }) { finished = $0 }
        app.step(frames: 10)
        view.alpha = 0.7
        #expect(view.presentation.alpha == 0.7)
        #expect(view.animatingKeys == [.cornerRadius])
        app.step(frames: 50)
        #expect(finished == false)
    }

    @Test func nothingToAnimateCompletesNextFrame() throws {
        let app = Application()
        var finished: Bool?
        try app.animate(duration: 1, animations: {}) { finished = $0 }
        #expect(finished == nil)
        app.step()
        #expect(finished == true)
    }

    @Test func transformsInterpolateTranslationRotationAndScale() throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let target = AffineTransform(rotationAngle: .pi / 2).scaledBy(x: 3, y: 3).translatedBy(x: 10, y: 0)
        try app.animate(duration: 1, curve: .linear, animations: { view.transform = target })
        app.step(frames: 30)
        let halfway = view.presentation.transform
        let expected = AffineTransform(decomposed: SIMD8(target.tx / 2, target.ty / 2, .pi / 4, 2, 2, 0, 0, 0))
        for (a, b) in zip([halfway.a, halfway.b, halfway.c, halfway.d, halfway.tx, halfway.ty],
                          [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]) {
            #expect(close(a, b, 1e-9))
        }
        app.step(frames: 30)
        #expect(view.presentation.transform == target)
    }

    @Test func coloursInterpolateInPremultipliedSRGB() throws {
        let app = Application()
        let view = View()
        view.backgroundColor = .clear
        try app.animate(duration: 1, curve: .linear, animations: { view.backgroundColor = Color(red: 1, green: 0, blue: 0) })
        app.step(frames: 30)
        let color = try #require(view.presentation.backgroundColor)
        // Premultiplied: (0.5, 0, 0, 0.5), so the colour stays pure red while it fades in.
        #expect(close(color.red, 1) && close(color.green, 0) && close(color.alpha, 0.5))
    }

    /// UIKit's view animations animate only the layer properties UIView knows; a backing
    /// `CAGradientLayer`'s colours, locations and points swap at once inside a block, while the
    /// view's own properties changed beside them animate.
    @Test func aGradientChangesAtOnceInsideAnAnimationBlockAsInUIKit() throws {
        let app = Application()
        let view = GradientView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        view.colors = [.black, .white]
        view.alpha = 0
        var finished: Bool?
        try app.animate(duration: 1, curve: .linear, animations: {
            view.colors = [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)]
            view.locations = [0.25, 0.75]
            view.startPoint = Point(x: 0, y: 0)
            view.endPoint = Point(x: 1, y: 1)
            view.alpha = 1
        }) { finished = $0 }
        #expect(view.animatingKeys == [.alpha])
        app.step(frames: 30)
        #expect(close(view.presentation.alpha, 0.5))
        #expect(view.stops.map(\.location) == [0.25, 0.75])
        #expect(view.stops.map(\.color) == [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)])
        #expect(view.startPoint == Point(x: 0, y: 0) && view.endPoint == Point(x: 1, y: 1))
        app.step(frames: 30)
        #expect(finished == true)
    }

    @Test func springsSettleAtTheirSettlingTime() throws {
        let app = Application()
        let view = View()
        let spring = Spring(dampingRatio: 0.6, response: 0.3)
        var done = false
        try app.animate(curve: .spring(spring), animations: { view.center = Point(x: 100, y: 0) }) { _ in done = true }
        var overshoot = 0.0
        while !done {
            app.step()
            overshoot = max(overshoot, view.presentation.center.x)
            let t = app.clock.now
            if !done, t < spring.settlingTime {
                #expect(close(view.presentation.center.x, 100 * spring.progress(at: t), 1e-6))
            }
        }
        #expect(overshoot > 100)
        #expect(app.clock.now >= spring.settlingTime && app.clock.now < spring.settlingTime + 1.0 / 60 + 1e-9)
        #expect(view.presentation.center.x == 100)
    }

    @Test func aSpringWithADurationIsStretchedToIt() throws {
        let app = Application()
        let view = View()
        let spring = Spring(dampingRatio: 0.5, response: 0.4)
        var finishedAt: Double?
        try app.animate(duration: 2, curve: .spring(spring), animations: { view.alpha = 0 }) { _ in
            finishedAt = app.clock.now
        }
        app.step(frames: 30)
        #expect(close(view.presentation.alpha, 1 - spring.progress(at: 0.25 * spring.settlingTime), 1e-9))
        app.step(frames: 90)
        #expect(finishedAt == 2)
    }

    @Test func keyframesRunEachOverTheirPart() throws {
        let app = Application()
        let view = View()
        var finished = false
        try app.animateKeyframes(duration: 1, animations: {
            try! View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0 }
            try! View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.25) { view.alpha = 0.5 }
            try! View.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { view.cornerRadius = 10 }
        }) { finished = $0 }
        #expect(view.alpha == 0.5)
        app.step(frames: 15)
        #expect(close(view.presentation.alpha, 0.5) && view.presentation.cornerRadius == 0)
        app.step(frames: 15)
        #expect(close(view.presentation.alpha, 0) && close(view.presentation.cornerRadius, 5))
        app.step(frames: 9)
        #expect(close(view.presentation.alpha, 0.3))
        app.step(frames: 6)
        #expect(close(view.presentation.alpha, 0.5) && close(view.presentation.cornerRadius, 10))
        app.step(frames: 15)
        #expect(finished)
        #expect(throws: AnimationError.self) {
            try View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) {}
        }
    }

    @Test func hitTestingUsesWhatIsOnScreen() throws {
        let app = Application()
        let root = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let moving = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.addSubview(moving)
        try app.animate(duration: 1, curve: .linear, animations: { moving.center = Point(x: 350, y: 50) })
        #expect(root.hitTest(Point(x: 20, y: 20)) === moving)
        #expect(root.hitTest(Point(x: 330, y: 20)) === root)
        app.step(frames: 60)
        #expect(root.hitTest(Point(x: 330, y: 20)) === moving)
    }

    @Test func badParametersAreErrors() {
        let app = Application()
        #expect(throws: AnimationError("an animation needs a duration (only a spring has one of its own)")) {
            try app.animate(animations: {})
        }
        #expect(throws: AnimationError("duration must be a finite number of seconds >= 0, got -1.0")) {
            try app.animate(duration: -1, animations: {})
        }
        #expect(throws: AnimationError("a cubic curve's x1 and x2 must lie in 0…1, got {2.0, 0.0, 0.5, 1.0}")) {
            try app.animate(duration: 1, curve: .cubic(x1: 2, y1: 0, x2: 0.5, y2: 1), animations: {})
        }
    }

    @Test func runsAreDeterministic() throws {
        func run() throws -> [Double] {
            let app = Application()
            let view = View()
            var samples: [Double] = []
            try app.animate(duration: 0.4, curve: .spring(Spring(dampingRatio: 0.4, response: 0.3)),
                            animations: { view.center = Point(x: 50, y: 10) })
            for _ in 0..<40 {
                app.step()
                samples.append(view.presentation.center.x)
            }
            return samples
        }
        #expect(try run() == run())
    }
}
