@testable import ScrimCore
import Testing

final class NavDelegate: NavigationControllerDelegate {
    let interaction = PercentDrivenInteractiveTransition()
    var interactive = false
    var animationController: ((NavigationController, NavigationOperation, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { _, operation, _, _ in NavigationAnimator(operation: operation) }
    }
    var interactionController: ((NavigationController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        { [unowned self] _, _ in interactive ? interaction : nil }
    }
}

@Suite struct NavigationTests {
    func setUp() -> (Application, NavigationController, ViewController) {
        let app = Application()
        let a = ViewController(app, name: "A")
        a.title = "Inbox"
        let nav = NavigationController(app, root: a, name: "nav")
        app.window.rootViewController = nav
        app.step()
        app.dispatcher.clear()
        return (app, nav, a)
    }

    @Test func installingShowsTheRootBelowTheBar() {
        let (app, nav, a) = setUp()
        #expect(a.parent === nav && a.appearanceState == .appeared)
        #expect(a.view.superview === nav.contentView)
        #expect(nav.navigationBar.frame == Rect(x: 0, y: 0, width: 393, height: 98))
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 393, height: 754))
        #expect(nav.navigationBar.title == "Inbox" && nav.navigationBar.backItemTitle == nil)
        #expect(nav.navigationBar.backgroundColor?.hexString == "#f9f9f9ff")
        _ = app
    }

    @Test func pushOrder() throws {
        let (app, nav, _) = setUp()
        let b = ViewController(app, name: "B")
        try nav.push(b)
        #expect(nav.viewControllers.map(\.name) == ["A", "B"], "updated at once")
        #expect(app.traceWithoutLayout == ["B.willMoveToParent(parent=\"nav\")"])
        app.step()
        app.step(frames: 10)
        #expect(abs(b.view.presentation.frame.x - 393 * (1 - TimingCurve.easeInOut.progress(at: 10.0 / 21, duration: 1))) < 1e-6)
        app.run(seconds: 0.35)
        #expect(app.traceWithoutLayout == [
            "B.willMoveToParent(parent=\"nav\")", "B.loadView", "B.viewDidLoad",
            "A.viewWillDisappear(animated=true)", "B.viewWillAppear(animated=true)", "B.viewIsAppearing(animated=true)",
            "A.viewDidDisappear(animated=true)", "B.viewDidAppear(animated=true)", "B.didMoveToParent(parent=\"nav\")",
        ])
        #expect(nav.navigationBar.backItemTitle == "Inbox" && nav.navigationBar.title == "B")
        #expect(nav.contentView.subviews.map(\.name) == ["B"])
    }

    @Test func popOrder() throws {
        let (app, nav, a) = setUp()
        let b = ViewController(app, name: "B")
        try nav.push(b, animated: false)
        app.step()
        app.dispatcher.clear()
        #expect(nav.pop() === b)
        #expect(nav.viewControllers.map(\.name) == ["A"])
        app.run(seconds: 0.4)
        #expect(app.traceWithoutLayout == [
            "B.willMoveToParent(parent=null)", "B.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)",
            "A.viewIsAppearing(animated=true)", "B.viewDidDisappear(animated=true)", "A.viewDidAppear(animated=true)",
            "B.didMoveToParent(parent=null)",
        ])
        #expect(b.parent == nil && a.view.superview === nav.contentView && b.viewIfLoaded?.superview == nil)
    }

    @Test func popToRootRemovesTheMiddleSilently() throws {
        let (app, nav, _) = setUp()
        let b = ViewController(app, name: "B"), c = ViewController(app, name: "C")
        try nav.setViewControllers(nav.viewControllers + [b, c], animated: false)
        app.step()
        app.dispatcher.clear()
        #expect(nav.popToRoot().map(\.name) == ["B", "C"])
        app.run(seconds: 0.4)
        #expect(app.traceWithoutLayout == [
            "C.willMoveToParent(parent=null)", "B.willMoveToParent(parent=null)",
            "C.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
            "C.viewDidDisappear(animated=true)", "A.viewDidAppear(animated=true)",
            "B.didMoveToParent(parent=null)", "C.didMoveToParent(parent=null)",
        ])
        #expect(nav.children.map(\.name) == ["A"])
    }

    @Test func aCancelledInteractivePop() throws {
        let (app, nav, a) = setUp()
        let b = ViewController(app, name: "B")
        try nav.push(b, animated: false)
        app.step()
        let delegate = NavDelegate()
        delegate.interactive = true
        nav.delegate = delegate
        app.dispatcher.clear()
        nav.pop()
        app.step()
        delegate.interaction.update(0.5)
        #expect(b.view.presentation.frame.x == 196.5)
        delegate.interaction.cancel()
        app.run(seconds: 0.5)
        #expect(app.traceWithoutLayout.filter { $0.contains(".view") } == [
            "B.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
            "A.viewWillDisappear(animated=true)", "A.viewDidDisappear(animated=true)",
            "B.viewWillAppear(animated=true)", "B.viewDidAppear(animated=true)",
        ])
        #expect(nav.viewControllers.map(\.name) == ["A", "B"])
        #expect(b.parent === nav && b.view.superview === nav.contentView && a.viewIfLoaded?.superview == nil)
        #expect(b.view.presentation.frame.x == 0)
        #expect(app.dispatcher.events.first { $0.event == "animationControllerForOperation" }?.jsonLine.contains(#""operation":"pop","from":"B","to":"A"},"by":"native:NavDelegate""#) == true)
    }

    @Test func showPushesAndOperationsWaitForTheRunningTransition() throws {
        let (app, nav, a) = setUp()
        let b = ViewController(app, name: "B"), c = ViewController(app, name: "C")
        a.show(b)
        try nav.push(c)
        #expect(nav.viewControllers.map(\.name) == ["A", "B", "C"])
        app.run(seconds: 1)
        #expect(nav.topViewController === c && c.view.superview === nav.contentView && b.viewIfLoaded?.superview == nil)
        #expect(app.traceWithoutLayout.filter { $0.hasSuffix("viewDidAppear(animated=true)") } == [
            "B.viewDidAppear(animated=true)", "C.viewDidAppear(animated=true)",
        ])
        #expect(throws: ContainmentError.alreadyInStack("C")) { try nav.push(c) }
    }

    @Test func pushingBeforeTheViewLoadsHasNoTransition() throws {
        let app = Application()
        let a = ViewController(app, name: "A"), b = ViewController(app, name: "B")
        let nav = NavigationController(app, root: a, name: "nav")
        try nav.push(b)
        app.step()
        #expect(app.compactTrace == ["A.willMoveToParent(parent=\"nav\")", "B.willMoveToParent(parent=\"nav\")", "B.didMoveToParent(parent=\"nav\")"])
        app.window.rootViewController = nav
        #expect(b.appearanceState == .appeared && a.viewIfLoaded == nil)
    }
}

@Suite struct EdgeSwipeTests {
    func setUp() throws -> (Application, NavigationController, ViewController, ViewController) {
        let app = Application()
        let a = ViewController(app, name: "A"), b = ViewController(app, name: "B")
        let nav = NavigationController(app, root: a, name: "nav")
        app.window.rootViewController = nav
        try nav.push(b, animated: false)
        app.step()
        app.dispatcher.clear()
        return (app, nav, a, b)
    }

    @Test func aShortSlowEdgeSwipeCancelsThePop() throws {
        let (app, nav, a, b) = try setUp()
        app.window.pan(from: Point(x: 5, y: 400), to: Point(x: 120, y: 400), duration: 1)
        app.run(seconds: 0.5)
        #expect(nav.viewControllers.map(\.name) == ["A"] && b.view.presentation.frame.x > 0)
        app.run(seconds: 1)
        #expect(app.traceWithoutLayout.filter { $0.contains(".view") } == [
            "B.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
            "A.viewWillDisappear(animated=true)", "A.viewDidDisappear(animated=true)",
            "B.viewWillAppear(animated=true)", "B.viewDidAppear(animated=true)",
        ])
        #expect(nav.viewControllers.map(\.name) == ["A", "B"] && b.view.presentation.frame.x == 0)
        #expect(a.viewIfLoaded?.superview == nil)
    }

    @Test func aLongEdgeSwipePops() throws {
        let (app, nav, a, b) = try setUp()
        app.window.pan(from: Point(x: 5, y: 400), to: Point(x: 300, y: 400), duration: 0.5)
        app.run(seconds: 1.5)
        #expect(nav.viewControllers.map(\.name) == ["A"] && b.parent == nil && a.view.superview === nav.contentView)
        #expect(app.traceWithoutLayout.last == "B.didMoveToParent(parent=null)")
    }
}
