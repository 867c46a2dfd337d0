@testable import ScrimCore
import Testing

final class Rotating: ViewController {
    var log: ((String) -> Void)?
    override func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
        log?("\(name) will transition")
        coordinator.animate(alongsideTransition: { [unowned self] _ in log?("\(name) alongside") }) { [unowned self] _ in
            log?("\(name) completion")
        }
    }
    override func traitCollectionDidChange(_ previous: TraitCollection?) { log?("\(name) traits") }
}

@Suite struct SizeTransitionTests {
    @Test func coordinatorOrderIsWillTransitionAlongsideTraitsCompletions() throws {
        let app = Application()
        var log: [String] = []
        let root = Rotating(app, name: "root")
        let child = Rotating(app, name: "child")
        root.log = { log.append($0) }
        child.log = { log.append($0) }
        app.window.rootViewController = root
        try root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        app.step()
        app.window.setSize(Size(width: 852, height: 393))
        #expect(root.transitionCoordinator?.transitionDuration == 0.4)
        app.step()
        app.run(seconds: 0.4)
        #expect(log == [
            "root will transition", "child will transition", "root alongside", "child alongside",
            "root traits", "child traits", "root completion", "child completion",
        ])
        #expect(root.transitionCoordinator == nil)
    }

    @Test func layoutAnimatesWithTheSizeChange() {
        let app = Application()
        let root = ViewController(app, name: "root")
        app.window.rootViewController = root
        app.step()
        app.window.setSize(Size(width: 852, height: 393))
        #expect(root.view.frame.width == 852)
        #expect(root.view.presentation.frame.width == 393)
        app.step(frames: 12)
        #expect(abs(root.view.presentation.frame.width - (393 + 459 * 0.5)) < 1e-6)
        app.run(seconds: 0.2)
        #expect(root.view.presentation.frame.width == 852)
    }

    @Test func aSizeChangeDuringAPresentation() {
        let app = Application()
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let sheet = ViewController(app, name: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        root.present(sheet)
        app.step(frames: 12)
        app.dispatcher.clear()
        app.window.setSize(Size(width: 852, height: 393))
        #expect(app.compactTrace == [
            "A.willTransitionToTraitCollection(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "sheet.willTransitionToTraitCollection(horizontalSizeClass=\"compact\",verticalSizeClass=\"compact\")",
            "A.viewWillTransitionToSize(width=852,height=393)", "sheet.viewWillTransitionToSize(width=852,height=393)",
        ])
        app.run(seconds: 0.6)
        #expect(app.compactTrace.contains("sheet.presentCompletion"))
        #expect(sheet.view.frame == Rect(x: 0, y: 0, width: 852, height: 393))
        #expect(sheet.view.superview?.frame == Rect(x: 0, y: 0, width: 852, height: 393))
    }
}
