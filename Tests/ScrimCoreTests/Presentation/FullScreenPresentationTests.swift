import Foundation
@testable import ScrimCore
import Testing

/// A root controller installed in a fresh application, the trace cleared.
func presentationSetUp() -> (Application, ViewController) {
    let app = Application()
    let root = ViewController(app, name: "A")
    app.window.rootViewController = root
    app.step()
    app.dispatcher.clear()
    return (app, root)
}

@Suite struct FullScreenPresentationTests {
    @Test func presentStartsNextTurnWithUIKitsAppearanceOrder() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .fullScreen
        var completed = false
        root.present(modal, animated: true) { completed = true }
        #expect(app.compactTrace.isEmpty)
        #expect(root.presentedViewController === modal && modal.presentingViewController === root)
        app.step()
        #expect(app.traceWithoutLayout == [
            "M.loadView", "M.viewDidLoad", "A.viewWillDisappear(animated=true)", "M.viewWillAppear(animated=true)",
            "M.viewIsAppearing(animated=true)",
        ])
        #expect(modal.isBeingPresented)
        #expect(modal.transitionCoordinator != nil && root.transitionCoordinator != nil)
        app.dispatcher.clear()
        app.run(seconds: 0.5)
        #expect(app.traceWithoutLayout == [
            "M.viewDidAppear(animated=true)", "A.viewDidDisappear(animated=true)", "M.presentCompletion",
        ])
        #expect(completed)
        #expect(root.viewIfLoaded?.window == nil)
        #expect(modal.view.window === app.window && modal.view.frame == app.window.bounds)
        #expect(!modal.isBeingPresented && modal.transitionCoordinator == nil)
    }

    @Test func dismissMirrorsIt() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: false)
        app.step()
        app.dispatcher.clear()
        var dismissed = false
        modal.dismiss(animated: true) { dismissed = true }
        app.step()
        #expect(app.traceWithoutLayout == [
            "M.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
        ])
        #expect(root.view.window === app.window)
        app.dispatcher.clear()
        app.run(seconds: 0.5)
        #expect(app.traceWithoutLayout == [
            "A.viewDidAppear(animated=true)", "M.viewDidDisappear(animated=true)", "M.dismissCompletion",
        ])
        #expect(dismissed)
        #expect(root.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(modal.viewIfLoaded?.window == nil)
        #expect(app.window.subviews.map { $0.name } == ["A"])
    }

    @Test func unanimatedPresentationCompletesInItsTurn() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .fullScreen
        root.present(modal, animated: false)
        app.step()
        #expect(app.traceWithoutLayout == [
            "M.loadView", "M.viewDidLoad", "A.viewWillDisappear", "M.viewWillAppear", "M.viewIsAppearing",
            "M.viewDidAppear", "A.viewDidDisappear", "M.presentCompletion",
        ])
    }

    @Test func overFullScreenKeepsThePresenter() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal, animated: true)
        app.run(seconds: 0.6)
        #expect(app.traceWithoutLayout == [
            "M.loadView", "M.viewDidLoad", "M.viewWillAppear(animated=true)", "M.viewIsAppearing(animated=true)",
            "M.viewDidAppear(animated=true)", "M.presentCompletion",
        ])
        #expect(root.view.window === app.window && root.appearanceState == .appeared)
    }

    @Test func coverVerticalSlidesUpFromBelow() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .overFullScreen
        root.present(modal)
        app.step()
        #expect(modal.view.presentation.frame.y == 852)
        app.step(frames: 15)
        #expect(modal.view.presentation.frame.y == 426)
        app.step(frames: 15)
        #expect(modal.view.presentation.frame.y == 0)
    }

    @Test func crossDissolveFades() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        modal.modalTransitionStyle = .crossDissolve
        root.present(modal)
        app.step()
        #expect(modal.view.presentation.alpha == 0)
        app.run(seconds: 0.35)
        #expect(modal.view.presentation.alpha == 1)
        #expect(app.compactTrace.last == "M.presentCompletion")
    }
}

@Suite struct RoutingTests {
    @Test func fullScreenPresentsFromTheControllerCoveringTheScreen() throws {
        let (app, root) = presentationSetUp()
        let child = ViewController(app, name: "child")
        try root.addChild(child)
        root.view.addSubview(child.view)
        child.didMove(toParent: root)
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .fullScreen
        child.present(modal, animated: false)
        #expect(modal.presentingViewController === root)
        // UIKit: "presented by this view controller, or one of its ancestors".
        #expect(root.presentedViewController === modal && child.presentedViewController === modal)
    }

    @Test func currentContextUsesTheNearestDefiningAncestorOrTheRoot() throws {
        // In regular width: in compact width these styles adapt to their full-screen counterparts.
        let app = Application(device: .iPadAir)
        let root = ViewController(app, name: "A")
        app.window.rootViewController = root
        app.step()
        let context = ViewController(app, name: "context")
        let inner = ViewController(app, name: "inner")
        try root.addChild(context)
        root.view.addSubview(context.view)
        context.view.frame = Rect(x: 0, y: 100, width: 393, height: 400)
        try context.addChild(inner)
        context.view.addSubview(inner.view)
        context.definesPresentationContext = true
        context.providesPresentationContextTransitionStyle = true
        context.modalTransitionStyle = .crossDissolve

        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .currentContext
        inner.present(modal, animated: true)
        #expect(modal.presentingViewController === context)
        app.step()
        #expect(modal.view.superview?.frame == Rect(x: 0, y: 100, width: 393, height: 400))
        #expect(modal.view.presentation.alpha == 0, "the context's crossDissolve wins")
        app.run(seconds: 0.4)
        #expect(context.viewIfLoaded?.superview == nil)
        #expect(app.compactTrace.contains("context.viewDidDisappear(animated=true)"))

        let other = ViewController(app, name: "N")
        other.modalPresentationStyle = .overCurrentContext
        context.definesPresentationContext = false
        let lone = ViewController(app, name: "lone")
        try root.addChild(lone)
        root.view.addSubview(lone.view)
        lone.present(other, animated: false)
        #expect(other.presentingViewController === root)
    }

    @Test func rejectedPresentsAreTracedAndDoNotComplete() {
        let (app, root) = presentationSetUp()
        let first = ViewController(app, name: "first")
        let second = ViewController(app, name: "second")
        let offscreen = ViewController(app, name: "off")
        var completions = 0
        root.present(first, animated: true) { completions += 1 }
        root.present(second, animated: true) { completions += 1 }
        first.present(second, animated: true) { completions += 1 }
        offscreen.present(second)
        root.present(root)
        app.run(seconds: 1)
        let rejections = app.dispatcher.events.filter { $0.event == "presentRejected" }
        #expect(rejections.map(\.jsonLine) == [
            #"{"seq":7,"t":0.016667,"event":"presentRejected","vc":"second","args":{"reason":"'A' is already presenting 'first'"}}"#,
            #"{"seq":8,"t":0.016667,"event":"presentRejected","vc":"second","args":{"reason":"the view of 'first' is not in the window hierarchy"}}"#,
            #"{"seq":9,"t":0.016667,"event":"presentRejected","vc":"second","args":{"reason":"the view of 'off' is not in the window hierarchy"}}"#,
            #"{"seq":10,"t":0.016667,"event":"presentRejected","vc":"A","args":{"reason":"a controller cannot present itself"}}"#,
        ])
        let other = ViewController(app, name: "other")
        root.dismiss(animated: true)
        root.present(other)
        #expect(app.dispatcher.events.last?.jsonLine ==
                #"{"seq":20,"t":1.016667,"event":"presentRejected","vc":"other","args":{"reason":"'A' is already presenting 'first'"}}"#)
        #expect(completions == 1)
    }

    @Test func dismissingLowerInAStackRemovesEverythingAboveIt() {
        let (app, root) = presentationSetUp()
        let m1 = ViewController(app, name: "M1"), m2 = ViewController(app, name: "M2"), m3 = ViewController(app, name: "M3")
        for modal in [m1, m2, m3] { modal.modalPresentationStyle = .fullScreen }
        root.present(m1, animated: false)
        app.step()
        m1.present(m2, animated: false)
        app.step()
        m2.present(m3, animated: false)
        app.step()
        app.dispatcher.clear()
        var done = false
        root.dismiss(animated: true) { done = true }
        app.run(seconds: 0.6)
        #expect(app.traceWithoutLayout == [
            "M3.viewWillDisappear(animated=true)", "A.viewWillAppear(animated=true)", "A.viewIsAppearing(animated=true)",
            "A.viewDidAppear(animated=true)", "M3.viewDidDisappear(animated=true)", "M3.dismissCompletion",
        ])
        #expect(done)
        #expect(root.presentedViewController == nil)
        #expect([m1, m2, m3].allSatisfy { $0.presentingViewController == nil && $0.viewIfLoaded?.window == nil })
        #expect(app.window.subviews.map(\.name) == ["A"])
        #expect(m2.appearanceState == .disappeared)
    }

    @Test func dismissOnAPresenterDismissesWhatItPresents() {
        let (app, root) = presentationSetUp()
        let m1 = ViewController(app, name: "M1"), m2 = ViewController(app, name: "M2")
        m1.modalPresentationStyle = .fullScreen
        m2.modalPresentationStyle = .overFullScreen
        root.present(m1, animated: false)
        app.step()
        m1.present(m2, animated: false)
        app.step()
        app.dispatcher.clear()
        m1.dismiss(animated: false)
        app.step()
        #expect(app.traceWithoutLayout == ["M2.viewWillDisappear", "M2.viewDidDisappear", "M2.dismissCompletion"])
        #expect(m1.presentedViewController == nil && root.presentedViewController === m1)
    }

    @Test func dismissForwardsToThePresenterAndNothingToDismissIsNothing() {
        let (app, root) = presentationSetUp()
        let modal = ViewController(app, name: "M")
        root.present(modal, animated: false)
        app.step()
        root.dismiss(animated: false)
        app.step()
        #expect(root.presentedViewController == nil)
        app.dispatcher.clear()
        root.dismiss(animated: false)
        app.step()
        #expect(app.compactTrace.isEmpty)
    }
}

/// UIKit's `presentedViewController` is "the view controller that is presented by this view
/// controller, or one of its ancestors in the view controller hierarchy": what a container
/// presents, its children report, and act on.
@Suite struct PresentedThroughAncestorsTests {
    func setUp() -> (Application, NavigationController, ViewController, ViewController) {
        let app = Application()
        let top = ViewController(app, name: "top")
        let nav = NavigationController(app, root: top, name: "nav")
        app.window.rootViewController = nav
        app.step()
        let modal = ViewController(app, name: "M")
        modal.modalPresentationStyle = .fullScreen
        return (app, nav, top, modal)
    }

    @Test func theTopOfANavigationStackReportsWhatItsContainerPresented() {
        let (app, nav, top, modal) = setUp()
        let inner = ViewController(app, name: "inner")
        try! modal.addChild(inner)
        top.present(modal, animated: false)
        #expect(modal.presentingViewController === nav && inner.presentingViewController === nav)
        #expect(nav.presentedViewController === modal && top.presentedViewController === modal)
        // Ancestors through parents only: what is inside the presented controller presents nothing.
        #expect(inner.presentedViewController == nil && modal.presentedViewController == nil)
        #expect(nav.visibleViewController === modal)
        app.step()
        modal.dismiss(animated: false)
        app.step()
        #expect(top.presentedViewController == nil && nav.visibleViewController === top)
    }

    @Test func theSelectedTabReportsWhatTheTabBarControllerPresented() {
        let app = Application()
        let a = ViewController(app, name: "A"), b = ViewController(app, name: "B")
        let tabs = TabBarController(app, viewControllers: [a, b], name: "tabs")
        app.window.rootViewController = tabs
        app.step()
        let modal = ViewController(app, name: "M")
        a.present(modal, animated: false)
        #expect(tabs.presentedViewController === modal && a.presentedViewController === modal)
        #expect(b.presentedViewController === modal && modal.presentingViewController === tabs)
    }

    /// `dismiss` on the controller whose container presented dismisses what it presents, in
    /// the order a dismissal from the presenter has.
    @Test func dismissFromTheTopDismissesWhatTheContainerPresented() {
        let (app, nav, top, modal) = setUp()
        top.present(modal)
        app.run(seconds: 0.6)
        app.dispatcher.clear()
        var dismissed = false
        top.dismiss { dismissed = true }
        app.run(seconds: 0.6)
        #expect(app.traceWithoutLayout == [
            "M.viewWillDisappear(animated=true)", "nav.viewWillAppear(animated=true)", "top.viewWillAppear(animated=true)",
            "nav.viewIsAppearing(animated=true)", "top.viewIsAppearing(animated=true)",
            "nav.viewDidAppear(animated=true)", "top.viewDidAppear(animated=true)", "M.viewDidDisappear(animated=true)",
            "M.dismissCompletion",
        ])
        #expect(dismissed && nav.presentedViewController == nil && modal.presentingViewController == nil)
    }

    /// A second present from a child is refused as from its container: it already presents.
    @Test func aChildOfAPresentingContainerCannotPresentAgain() {
        let (app, _, top, modal) = setUp()
        top.present(modal, animated: false)
        app.step()
        app.dispatcher.clear()
        top.present(ViewController(app, name: "other"), animated: false)
        #expect(app.compactTrace == [#"other.presentRejected(reason="'nav' is already presenting 'M'")"#])
    }

    @Test func containersAreFoundThroughParentsOnly() throws {
        let app = Application()
        let leaf = ViewController(app, name: "leaf")
        let holder = ViewController(app, name: "holder")
        try holder.addChild(leaf)
        let nav = NavigationController(app, root: holder, name: "nav")
        let primary = ViewController(app, name: "primary")
        let split = try SplitViewController(app, primary: primary, secondary: nav, name: "split")
        let tabs = TabBarController(app, viewControllers: [split], name: "tabs")
        app.window.rootViewController = tabs
        app.step()
        #expect(leaf.navigationController === nav && holder.navigationController === nav)
        #expect(leaf.splitViewController === split && primary.splitViewController === split)
        #expect(leaf.tabBarController === tabs && nav.tabBarController === tabs)
        #expect(nav.navigationController == nil && tabs.tabBarController == nil && primary.navigationController == nil)
        // A presented controller is in no container of its presenter's.
        let modal = ViewController(app, name: "M")
        leaf.present(modal, animated: false)
        #expect(modal.navigationController == nil && modal.tabBarController == nil && modal.splitViewController == nil)
        #expect(leaf.presentedViewController === modal)
    }

    /// The tree and restoration paths show a presented controller once, under its presenter.
    @Test func theTreeAndRestorationShowThePresentedControllerOnceUnderItsPresenter() {
        let (app, nav, top, modal) = setUp()
        nav.restorationIdentifier = "nav"
        top.restorationIdentifier = "top"
        modal.restorationIdentifier = "M"
        top.present(modal, animated: false)
        app.step()
        let tree = app.window.hierarchyDescription
        #expect(tree.components(separatedBy: "presents M").count == 2)
        #expect(tree.contains("└─ presents M (fullScreen)"))
        #expect(modal.restorationPath == ["nav", "M"] && top.restorationPath == ["nav", "top"])
    }
}
