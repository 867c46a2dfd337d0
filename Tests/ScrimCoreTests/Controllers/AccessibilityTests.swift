@testable import ScrimCore
import Testing

final class Escapable: ViewController {
    var escapes = false
    override func accessibilityPerformEscape() -> Bool { escapes }
}

@Suite struct AccessibilityTests {
    @Test func escapeDismissesTheTopmostControllerThatAgrees() {
        let app = Application()
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let first = Escapable(app, name: "first"), second = Escapable(app, name: "second")
        first.escapes = true
        root.present(first, animated: false)
        app.step()
        first.present(second, animated: false)
        app.step()
        app.dispatcher.clear()
        #expect(app.performAccessibilityEscape())
        app.run(seconds: 1)
        #expect(root.presentedViewController == nil)
        #expect(app.dispatcher.events.filter { $0.event == "accessibilityPerformEscape" }.map(\.jsonLine.description).map {
            $0.contains(#""vc":"second","args":{"handled":false}"#) || $0.contains(#""vc":"first","args":{"handled":true}"#)
        } == [true, true])
        #expect(!app.performAccessibilityEscape())
    }

    @Test func presentAndDismissTellTheScreenChanged() {
        let app = Application()
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        let modal = ViewController(app, name: "M")
        root.present(modal, animated: false)
        app.step()
        modal.dismiss(animated: false)
        app.step()
        let names = app.dispatcher.events.filter { $0.event.hasPrefix("accessibility") || $0.event.hasSuffix("Completion") }
            .map { "\($0.controller!).\($0.event)" }
        #expect(names == ["M.presentCompletion", "M.accessibilityScreenChanged", "M.dismissCompletion", "A.accessibilityScreenChanged"])
    }
}
