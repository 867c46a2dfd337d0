@testable import ScrimCore
import Testing

@Suite struct RootInstallTests {
    @Test func installingARootLoadsLaysOutAndAppears() {
        let app = Application()
        let root = ViewController(app, name: "root")
        app.window.rootViewController = root
        #expect(app.compactTrace == [
            "root.loadView", "root.viewDidLoad", "root.viewWillAppear", "root.viewIsAppearing",
            "root.viewWillLayoutSubviews", "root.viewDidLayoutSubviews", "root.viewDidAppear",
        ])
        #expect(root.appearanceState == .appeared)
        #expect(root.view.frame == Rect(x: 0, y: 0, width: 393, height: 852))
    }

    @Test func parentBeforeChildWhenBothEnterTheWindow() {
        let app = Application()
        let parent = ContainerController(app, name: "p")
        parent.child = ViewController(app, name: "c")
        app.window.rootViewController = parent
        #expect(app.traceWithoutLayout == [
            "p.loadView", "p.viewDidLoad",
            "c.willMoveToParent(parent=\"p\")", "c.loadView", "c.viewDidLoad", "c.didMoveToParent(parent=\"p\")",
            "p.viewWillAppear", "c.viewWillAppear", "p.viewIsAppearing", "c.viewIsAppearing",
            "p.viewDidAppear", "c.viewDidAppear",
        ])
        #expect(app.compactTrace.filter { $0.contains("LayoutSubviews") } == [
            "p.viewWillLayoutSubviews", "p.viewDidLayoutSubviews",
            "c.viewWillLayoutSubviews", "c.viewDidLayoutSubviews",
        ])
    }

    @Test func replacingTheRootDisappearsTheOldOne() {
        let app = Application()
        let first = ViewController(app, name: "a")
        let second = ViewController(app, name: "b")
        app.window.rootViewController = first
        app.dispatcher.clear()
        app.window.rootViewController = second
        #expect(app.traceWithoutLayout == [
            "a.viewWillDisappear", "a.viewDidDisappear",
            "b.loadView", "b.viewDidLoad", "b.viewWillAppear", "b.viewIsAppearing", "b.viewDidAppear",
        ])
        #expect(first.appearanceState == .disappeared)
    }

    @Test func namesDefaultToTypeAndCounter() {
        let app = Application()
        #expect(ViewController(app).name == "ViewController#1")
        #expect(ViewController(app).name == "ViewController#2")
        #expect(ContainerController(app).name == "ContainerController#1")
    }
}
