import Testing
@testable import ScrimCore

final class TabDelegate: TabBarControllerDelegate {
    var animate = false
    var refuse: String?
    var selected: [String] = []
    let interaction = PercentDrivenInteractiveTransition()
    var interactive = false
    var shouldSelect: ((TabBarController, ViewController) -> Bool)? { { [unowned self] _, vc in vc.name != refuse } }
    var didSelect: ((TabBarController, ViewController) -> Void)? { { [unowned self] _, vc in selected.append(vc.name) } }
    var animationController: ((TabBarController, ViewController, ViewController) -> AnimatedTransitioning?)? {
        { [unowned self] _, _, _ in animate ? NavigationAnimator(operation: .push) : nil }
    }
    var interactionController: ((TabBarController, AnimatedTransitioning) -> InteractiveTransitioning?)? {
        { [unowned self] _, _ in interactive ? interaction : nil }
    }
}

@Suite struct TabBarTests {
    func setUp() -> (Application, TabBarController, ViewController, ViewController) {
        let app = Application()
        let a = ViewController(app, name: "A"), b = ViewController(app, name: "B")
        b.title = "Second"
        let tabs = TabBarController(app, viewControllers: [a, b], name: "tabs")
        app.window.rootViewController = tabs
        app.step()
        app.dispatcher.clear()
        return (app, tabs, a, b)
    }

    @Test func installsTheFirstTabAboveTheBar() {
        let (app, tabs, a, b) = setUp()
        #expect(tabs.selectedViewController === a && a.appearanceState == .appeared && b.viewIfLoaded == nil)
        #expect(tabs.tabBar.frame == Rect(x: 0, y: 769, width: 393, height: 83))
        #expect(a.view.frame == Rect(x: 0, y: 0, width: 393, height: 769))
        #expect(tabs.tabBar.itemTitles == ["A", "Second"])
        #expect(tabs.tabBar.backgroundColor?.hexString == "#f9f9f9ff")
        _ = app
    }

    @Test func aSwitchHappensAtOnceInUIKitsOrder() {
        let (app, tabs, a, b) = setUp()
        #expect(tabs.select(1))
        #expect(app.traceWithoutLayout == [
            "B.loadView", "B.viewDidLoad", "B.viewWillAppear", "A.viewWillDisappear", "B.viewIsAppearing",
            "A.viewDidDisappear", "B.viewDidAppear",
        ])
        #expect(tabs.selectedIndex == 1 && a.viewIfLoaded?.superview == nil && b.view.superview === tabs.contentView)
        #expect(!tabs.select(5))
    }

    @Test func withADelegateAnimatorOnTheNextTurn() {
        let (app, tabs, _, b) = setUp()
        let delegate = TabDelegate()
        delegate.animate = true
        tabs.delegate = delegate
        tabs.select(1)
        let asked = ["B.animationControllerForOperation(operation=\"select\",from=\"A\",to=\"B\")",
                     "B.interactionControllerForOperation"]
        #expect(app.traceWithoutLayout == asked)
        app.run(seconds: 0.4)
        #expect(app.traceWithoutLayout == asked + [
            "B.loadView", "B.viewDidLoad",
            "B.viewWillAppear(animated=true)", "A.viewWillDisappear(animated=true)",
            "B.transitionDuration", "B.animateTransition", "B.viewIsAppearing(animated=true)",
            "B.completeTransition(didComplete=true)",
            "A.viewDidDisappear(animated=true)", "B.viewDidAppear(animated=true)",
        ])
        #expect(delegate.selected == ["B"] && b.view.frame.x == 0)
    }

    @Test func shouldSelectCanRefuseAndACancelledInteractiveSwitchGoesBack() {
        let (app, tabs, a, b) = setUp()
        let delegate = TabDelegate()
        delegate.refuse = "B"
        tabs.delegate = delegate
        #expect(!tabs.select(1) && tabs.selectedIndex == 0)
        delegate.refuse = nil
        delegate.animate = true
        delegate.interactive = true
        tabs.select(1)
        app.step()
        delegate.interaction.update(0.3)
        delegate.interaction.cancel()
        app.run(seconds: 0.5)
        #expect(tabs.selectedIndex == 0 && tabs.selectedViewController === a && delegate.selected.isEmpty)
        #expect(a.appearanceState == .appeared && b.appearanceState == .disappeared)
        #expect(b.viewIfLoaded?.superview == nil && a.view.superview === tabs.contentView)
    }
}
