@testable import ScrimCore
import Testing

@Suite struct GestureTests {
    func setUp() -> (Application, ViewController) {
        let app = Application()
        let root = ViewController(app, name: "root")
        app.window.rootViewController = root
        app.step()
        return (app, root)
    }

    @Test func tapsGoToWhatIsOnScreen() throws {
        let (app, root) = setUp()
        let button = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        root.view.addSubview(button)
        var taps: [String] = []
        let tap = TapGestureRecognizer()
        tap.addTarget { recognizer in taps.append("\(recognizer.state) \(recognizer.location(in: button))") }
        button.addGestureRecognizer(tap)
        try app.animate(duration: 1, curve: .linear, animations: { button.center = Point(x: 250, y: 50) })
        app.window.tap(at: Point(x: 300, y: 50))
        #expect(taps.isEmpty, "the button is still on the left on screen")
        app.window.tap(at: Point(x: 20, y: 20))
        #expect(taps == ["ended (20, 20)"])
        app.run(seconds: 1)
        app.window.tap(at: Point(x: 290, y: 60))
        #expect(taps == ["ended (20, 20)", "ended (90, 60)"])
        app.window.pan(from: Point(x: 250, y: 50), to: Point(x: 250, y: 90), duration: 0.1)
        app.run(seconds: 0.2)
        #expect(taps.count == 2, "a drag is not a tap")
    }

    @Test func pansBeginAfterTenPointsAndReportTranslationAndVelocity() {
        let (app, root) = setUp()
        var log: [String] = []
        let pan = PanGestureRecognizer()
        pan.addTarget { g in
            let p = g as! PanGestureRecognizer
            log.append("\(p.state) \(p.translation(in: nil)) v=\(p.velocity(in: nil))")
        }
        root.view.addGestureRecognizer(pan)
        app.window.pan(from: Point(x: 100, y: 100), to: Point(x: 100, y: 400), duration: 0.25)
        app.step(frames: 2)
        #expect(log == ["began (0, 20) v=(0, 1200)", "changed (0, 40) v=(0, 1200)"])
        app.step(frames: 13)
        #expect(log.last == "ended (0, 300) v=(0, 1200)")
        #expect(log.count == 16)
        #expect(pan.state == .possible)
    }

    @Test func edgePansStartOnlyAtTheEdge() {
        let (app, root) = setUp()
        var began = 0
        let edge = ScreenEdgePanGestureRecognizer(edges: .left)
        edge.addTarget { g in if g.state == .began { began += 1 } }
        root.view.addGestureRecognizer(edge)
        app.window.pan(from: Point(x: 100, y: 300), to: Point(x: 300, y: 300), duration: 0.2)
        app.run(seconds: 0.3)
        #expect(began == 0)
        app.window.pan(from: Point(x: 5, y: 300), to: Point(x: 300, y: 300), duration: 0.2)
        app.run(seconds: 0.3)
        #expect(began == 1)
    }

    @Test func hiddenAndDisabledViewsAreSkipped() {
        let (app, root) = setUp()
        let top = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
        root.view.addSubview(top)
        var hits = 0
        let tap = TapGestureRecognizer()
        tap.addTarget { _ in hits += 1 }
        root.view.addGestureRecognizer(tap)
        top.isUserInteractionEnabled = false
        #expect(app.window.tap(at: Point(x: 10, y: 10)) === root.view)
        top.isUserInteractionEnabled = true
        top.isHidden = true
        #expect(app.window.tap(at: Point(x: 10, y: 10)) === root.view)
        top.isHidden = false
        #expect(app.window.tap(at: Point(x: 10, y: 10)) === top)
        #expect(hits == 3, "the root's recognizer watches touches in its subviews too")
    }
}

/// A sheet that dismisses when its dimming view is tapped and follows a drag down, finishing on
/// a fast flick or past half its height — built from the pieces a plugin uses.
@Suite struct DragToDismissTests {
    final class Delegate: TransitioningDelegate {
        let interaction = PercentDrivenInteractiveTransition()
        var dragging = false
        var presentationController: ((ViewController, ViewController?, ViewController) -> PresentationController?)? {
            { presented, presenting, _ in HalfSheetController(presentedViewController: presented, presenting: presenting) }
        }
        var animationControllerForPresented: ((ViewController, ViewController, ViewController) -> AnimatedTransitioning?)? {
            { _, _, _ in SlideAnimator(duration: 0.3) }
        }
        var animationControllerForDismissed: ((ViewController) -> AnimatedTransitioning?)? { { _ in SlideAnimator(duration: 0.3) } }
        var interactionControllerForDismissal: ((AnimatedTransitioning) -> InteractiveTransitioning?)? {
            { [unowned self] _ in dragging ? interaction : nil }
        }
    }

    func presented() -> (Application, ViewController, ViewController, Delegate) {
        let (app, root) = presentationSetUp()
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .custom
        let delegate = Delegate()
        sheet.transitioningDelegate = delegate
        root.present(sheet)
        app.run(seconds: 0.4)
        let pan = PanGestureRecognizer()
        pan.addTarget { g in
            let p = g as! PanGestureRecognizer
            let progress = max(0, p.translation(in: nil).y / 426)
            switch p.state {
            case .began:
                delegate.dragging = true
                sheet.dismiss()
            case .changed:
                delegate.interaction.update(progress)
            case .ended:
                if progress > 0.5 || p.velocity(in: nil).y > 1000 { delegate.interaction.finish() } else { delegate.interaction.cancel() }
                delegate.dragging = false
            default: break
            }
        }
        sheet.view.addGestureRecognizer(pan)
        let dim = sheet.view.superview!.subviews.first!
        let tap = TapGestureRecognizer()
        tap.addTarget { _ in sheet.presentationController?.attemptUserDismissal() }
        dim.addGestureRecognizer(tap)
        return (app, root, sheet, delegate)
    }

    @Test func aSlowShortDragCancels() {
        let (app, root, sheet, _) = presented()
        app.window.pan(from: Point(x: 200, y: 500), to: Point(x: 200, y: 600), duration: 1)
        app.run(seconds: 0.5)
        #expect(sheet.view.presentation.frame.y > 426 && sheet.isBeingDismissed)
        app.run(seconds: 1)
        #expect(root.presentedViewController === sheet && sheet.view.presentation.frame.y == 426)
    }

    @Test func aFastFlickFinishes() {
        let (app, root, sheet, _) = presented()
        app.window.pan(from: Point(x: 200, y: 500), to: Point(x: 200, y: 650), duration: 0.1)
        app.run(seconds: 1)
        #expect(root.presentedViewController == nil && sheet.viewIfLoaded?.window == nil)
    }

    @Test func tappingTheDimmingViewDismisses() {
        let (app, root, _, _) = presented()
        app.window.tap(at: Point(x: 200, y: 100))
        app.run(seconds: 0.5)
        #expect(root.presentedViewController == nil)
    }
}
