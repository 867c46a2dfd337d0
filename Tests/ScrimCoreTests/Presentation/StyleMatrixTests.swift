@testable import ScrimCore
import Testing

/// Every style presented and dismissed, animated and not, on an iPad (no adaptation): the
/// presenter gets appearance callbacks only when its view leaves (fullScreen, currentContext).
@Suite struct StyleMatrixTests {
    static let cases: [(ModalPresentationStyle, Bool)] = ModalPresentationStyle.allCases
        .filter { $0 != .custom }
        .flatMap { [($0, true), ($0, false)] }

    @Test(arguments: cases)
    func presentAndDismiss(style: ModalPresentationStyle, animated: Bool) {
        let app = Application(device: .iPadAir)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        app.step()
        app.dispatcher.clear()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = style
        root.present(modal, animated: animated)
        app.run(seconds: 1)
        let flag = animated ? "(animated=true)" : ""
        let removes = style == .fullScreen || style == .currentContext
        let presented = ["M.loadView", "M.viewDidLoad"]
            + (removes ? ["A.viewWillDisappear\(flag)"] : [])
            + ["M.viewWillAppear\(flag)", "M.viewIsAppearing\(flag)", "M.viewDidAppear\(flag)"]
            + (removes ? ["A.viewDidDisappear\(flag)"] : [])
            + ["M.presentCompletion"]
        #expect(app.traceWithoutLayout == presented, "\(style) animated=\(animated)")
        #expect((root.viewIfLoaded?.window == nil) == removes)

        app.dispatcher.clear()
        modal.dismiss(animated: animated)
        app.run(seconds: 1)
        let dismissed = ["M.viewWillDisappear\(flag)"]
            + (removes ? ["A.viewWillAppear\(flag)", "A.viewIsAppearing\(flag)", "A.viewDidAppear\(flag)"] : [])
            + ["M.viewDidDisappear\(flag)", "M.dismissCompletion"]
        #expect(app.traceWithoutLayout == dismissed, "\(style) animated=\(animated)")
        #expect(root.presentedViewController == nil && app.window.subviews.map(\.name) == ["A"])
    }
}
