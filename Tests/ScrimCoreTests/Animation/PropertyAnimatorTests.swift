@testable import ScrimCore
import Testing

@Suite struct PropertyAnimatorTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// An application, a view at x = 0, and a linear one-second animator moving it to x = 100.
    func setUp(curve: TimingCurve = .linear) throws -> (Application, View, PropertyAnimator, Log) {
        let app = Application()
        let view = View(frame: Rect(x: -5, y: -5, width: 10, height: 10))
        let animator = try PropertyAnimator(app, duration: 1, curve: curve)
        let log = Log()
        try animator.addAnimations { view.center = Point(x: 100, y: 0) }
        animator.addCompletion { log.entries.append("completion \($0.rawValue)") }
        return (app, view, animator, log)
    }

    final class Log { var entries: [String] = [] }

    @Test func blocksRunWhenTheAnimatorBecomesActive() throws {
        let (app, view, animator, log) = try setUp()
        #expect(animator.state == .inactive && view.center.x == 0)
        try animator.startAnimation()
        #expect(animator.state == .active && animator.isRunning && view.center.x == 100)
        app.step(frames: 30)
        #expect(close(view.presentation.center.x, 50) && close(animator.fractionComplete, 0.5))
        app.step(frames: 30)
        #expect(log.entries == ["completion end"])
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(view.presentation.center.x == 100)
    }

    /// A block that stops or finishes its own animator while it runs: the animator ends there,
    /// and the changes the block makes after stay in the model, unanimated. Attached to the
    /// animator's group, which the engine no longer runs, they outlived it (a crash once the
    /// animator went, found by attacking the runtime from scripts).
    @Test(arguments: ["stop without finishing", "stop, finish at the end", "stop, finish at the start", "pause, stop"])
    func aBlockThatStopsItsOwnAnimatorEndsIt(_ how: String) throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        weak var gone: PropertyAnimator?
        try {
            let animator = try PropertyAnimator(app, duration: 1)
            gone = animator
            try animator.addAnimations {
                switch how {
                case "stop without finishing": try? animator.stopAnimation(withoutFinishing: true)
                case "stop, finish at the end":
                    try? animator.stopAnimation(withoutFinishing: false)
                    try? animator.finishAnimation(at: .end)
                case "stop, finish at the start":
                    try? animator.stopAnimation(withoutFinishing: false)
                    try? animator.finishAnimation(at: .start)
                default:
                    try? animator.pauseAnimation()
                    try? animator.stopAnimation(withoutFinishing: true)
                }
                view.alpha = 0
                view.bounds = Rect(x: 0, y: 0, width: 10, height: 10)
            }
            try animator.startAnimation()
            #expect(animator.state == .inactive && !animator.isRunning, "\(how)")
        }()
        #expect(gone == nil)
        #expect(view.animatingKeys.isEmpty)
        app.step(frames: 3)
        #expect(view.presentation.alpha == 0 && view.presentation.bounds.width == 10)
    }

    @Test func aRunningAnimatorLivesUntilItFinishesThoughNobodyHoldsIt() throws {
        let app = Application()
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let log = Log()
        weak var released: PropertyAnimator?
        do {
            let animator = try PropertyAnimator(app, duration: 0.5, curve: .linear)
            try animator.addAnimations { view.alpha = 0 }
            animator.addCompletion { log.entries.append("completion \($0.rawValue)") }
            try animator.startAnimation()
            released = animator
        }
        #expect(released != nil)
        app.step(frames: 30)
        #expect(log.entries == ["completion end"])
        #expect(released == nil)
    }

    @Test func pauseScrubAndResumeWithoutJumps() throws {
        let (app, view, animator, log) = try setUp(curve: .easeInOut)
        try animator.startAnimation()
        app.step(frames: 12)
        try animator.pauseAnimation()
        let paused = view.presentation.center.x
        app.step(frames: 30)
        #expect(view.presentation.center.x == paused && !animator.isRunning)
        try animator.setFractionComplete(0.75)
        #expect(close(view.presentation.center.x, 75))
        try animator.startAnimation()
        app.step()
        #expect(view.presentation.center.x > 75)
        app.step(frames: 15)
        #expect(log.entries == ["completion end"])
        animator.scrubsLinearly = false
    }

    @Test func scrubbingThroughTheCurveWhenNotLinear() throws {
        let (_, view, animator, _) = try setUp(curve: .easeIn)
        animator.scrubsLinearly = false
        try animator.setFractionComplete(0.5)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(close(view.presentation.center.x, 100 * referenceBezier(0.42, 0, 1, 1, at: 0.5), 1e-6))
    }

    @Test func reversingMidFlightReturnsToTheStart() throws {
        let (app, view, animator, log) = try setUp()
        try animator.startAnimation()
        app.step(frames: 30)
        try animator.setReversed(true)
        #expect(animator.isReversed && animator.isRunning)
        app.step(frames: 15)
        #expect(close(view.presentation.center.x, 25))
        app.step(frames: 15)
        #expect(log.entries == ["completion start"])
        #expect(view.center.x == 0 && view.presentation.center.x == 0)
    }

    @Test func continueWithNewTimingOverTheRemainingDuration() throws {
        let (app, view, animator, log) = try setUp()
        try animator.startAnimation()
        app.step(frames: 30)
        try animator.pauseAnimation()
        try animator.continueAnimation(curve: .linear, durationFactor: 2)
        app.step(frames: 30)
        #expect(close(view.presentation.center.x, 75))
        app.step(frames: 30)
        #expect(log.entries == ["completion end"])
    }

    @Test func stopWithoutFinishingKeepsWhatIsOnScreen() throws {
        let (app, view, animator, log) = try setUp()
        try animator.startAnimation()
        app.step(frames: 24)
        try animator.stopAnimation(withoutFinishing: true)
        #expect(animator.state == .inactive)
        #expect(close(view.center.x, 40) && close(view.presentation.center.x, 40))
        app.step(frames: 60)
        #expect(log.entries.isEmpty)
    }

    @Test(arguments: [(PropertyAnimator.Position.end, 100.0), (.start, 0.0), (.current, 40.0)])
    func stopThenFinishAtAPosition(position: PropertyAnimator.Position, x: Double) throws {
        let (app, view, animator, log) = try setUp()
        try animator.startAnimation()
        app.step(frames: 24)
        try animator.stopAnimation(withoutFinishing: false)
        #expect(animator.state == .stopped)
        #expect(close(view.center.x, 40))
        try animator.finishAnimation(at: position)
        #expect(close(view.center.x, x) && close(view.presentation.center.x, x))
        #expect(log.entries == ["completion \(position.rawValue)"])
        #expect(animator.state == .inactive)
    }

    @Test func pausesOnCompletionInsteadOfEnding() throws {
        let (app, _, animator, log) = try setUp()
        animator.pausesOnCompletion = true
        try animator.startAnimation()
        app.step(frames: 70)
        #expect(animator.state == .active && !animator.isRunning && animator.fractionComplete == 1)
        #expect(log.entries.isEmpty)
        try animator.setReversed(true)
        try animator.startAnimation()
        app.step(frames: 60)
        #expect(animator.fractionComplete == 0 && log.entries.isEmpty)
    }

    @Test func animationsAddedWhileRunningUseTheRemainingTime() throws {
        let (app, view, animator, _) = try setUp()
        try animator.startAnimation()
        app.step(frames: 30)
        try animator.addAnimations { view.alpha = 0 }
        app.step(frames: 15)
        #expect(close(view.presentation.alpha, 0.5))
        app.step(frames: 15)
        #expect(view.presentation.alpha == 0)
    }

    @Test func delayFactorDelaysWithinTheDuration() throws {
        let (app, view, animator, _) = try setUp()
        try animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
        try animator.startAnimation()
        app.step(frames: 30)
        #expect(view.presentation.alpha == 1)
        app.step(frames: 15)
        #expect(close(view.presentation.alpha, 0.5))
    }

    @Test func callsUIKitForbidsAreErrors() throws {
        let (app, _, animator, _) = try setUp()
        #expect(throws: AnimationError("finishAnimation needs a stopped animator; call stopAnimation(false) first")) {
            try animator.finishAnimation(at: .end)
        }
        #expect(throws: AnimationError("stopAnimation needs an active animator")) {
            try animator.stopAnimation(withoutFinishing: false)
        }
        #expect(throws: AnimationError("continueAnimation needs a paused animator")) {
            try animator.continueAnimation(curve: nil)
        }
        try animator.startAnimation()
        #expect(throws: AnimationError("cannot set fractionComplete while the animator runs; pause it first")) {
            try animator.setFractionComplete(0.5)
        }
        try animator.stopAnimation(withoutFinishing: false)
        #expect(throws: AnimationError("cannot start a stopped animator; finish it first")) {
            try animator.startAnimation()
        }
        #expect(throws: AnimationError("cannot add animations to a stopped animator")) {
            try animator.addAnimations {}
        }
        let rigid = try PropertyAnimator(app, duration: 1)
        rigid.isInterruptible = false
        #expect(throws: AnimationError("cannot pause an animator that is not interruptible")) {
            try rigid.pauseAnimation()
        }
        #expect(throws: AnimationError("a property animator needs a duration (only a spring has one of its own)")) {
            _ = try PropertyAnimator(app)
        }
    }

    @Test func startingAfterADelay() throws {
        let (app, view, animator, _) = try setUp()
        try animator.startAnimation(afterDelay: 0.5)
        #expect(animator.isRunning)
        app.step(frames: 30)
        #expect(view.presentation.center.x == 0)
        app.step(frames: 30)
        #expect(close(view.presentation.center.x, 50))
    }

    @Test func springAnimatorsTakeTheirSettlingTime() throws {
        let app = Application()
        let spring = Spring(dampingRatio: 1, response: 0.5)
        let animator = try PropertyAnimator(app, curve: .spring(spring))
        #expect(animator.duration == spring.settlingTime)
    }
}
