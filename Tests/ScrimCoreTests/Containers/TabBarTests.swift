@testable import ScrimCore
import Testing

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

    /// A tap on the selected tab asks `shouldSelect` and tells `didSelect` ("regardless of
    /// whether the selected view controller changed"); a navigation controller there first
    /// pops to its root, animated, as on iOS.
    @Test func tappingTheSelectedTabPopsItsNavigationControllerToTheRoot() {
        final class LoggingDelegate: TabBarControllerDelegate {
            var log: [String] = []
            var allow = true
            var shouldSelect: ((TabBarController, ViewController) -> Bool)? {
                { [unowned self] _, vc in log.append("shouldSelect \(vc.name)"); return allow }
            }
            var didSelect: ((TabBarController, ViewController) -> Void)? {
                { [unowned self] _, vc in
                    log.append("didSelect \(vc.name), stack \((vc as? NavigationController)?.viewControllers.count ?? 0)")
                }
            }
        }
        let app = Application()
        let home = ViewController(app, name: "home"), detail = ViewController(app, name: "detail")
        let nav = NavigationController(app, root: home, name: "nav")
        let tabs = TabBarController(app, viewControllers: [nav, ViewController(app, name: "other")], name: "tabs")
        app.window.rootViewController = tabs
        app.step()
        try! nav.push(detail, animated: false)
        app.step()
        let delegate = LoggingDelegate()
        tabs.delegate = delegate
        app.dispatcher.clear()

        delegate.allow = false
        #expect(!tabs.select(0))
        #expect(delegate.log == ["shouldSelect nav"] && nav.viewControllers.count == 2 && app.compactTrace.isEmpty)

        delegate.allow = true
        delegate.log.removeAll()
        #expect(tabs.select(0))
        #expect(delegate.log == ["shouldSelect nav", "didSelect nav, stack 1"])
        app.run(seconds: 0.5)
        #expect(app.traceWithoutLayout == [
            "detail.willMoveToParent(parent=null)", "detail.viewWillDisappear(animated=true)",
            "home.viewWillAppear(animated=true)", "home.viewIsAppearing(animated=true)",
            "detail.viewDidDisappear(animated=true)", "home.viewDidAppear(animated=true)",
            "detail.didMoveToParent(parent=null)",
        ])
        #expect(tabs.selectedViewController === nav && nav.topViewController === home)

        // At the root already, the tap only tells the delegate.
        delegate.log.removeAll()
        app.dispatcher.clear()
        #expect(tabs.select(0))
        app.run(seconds: 0.5)
        #expect(delegate.log == ["shouldSelect nav", "didSelect nav, stack 1"] && app.compactTrace.isEmpty)
    }

    /// Code that sets `selectedIndex` or `selectedViewController` neither asks nor tells the
    /// delegate, as in UIKit; the delegate's animator still animates the switch.
    @Test func selectingFromCodeLeavesTheDelegateOutButItsAnimator() {
        let (app, tabs, a, b) = setUp()
        let delegate = TabDelegate()
        delegate.refuse = "B"
        delegate.animate = true
        tabs.delegate = delegate
        tabs.selectedIndex = 1
        #expect(tabs.selectedIndex == 1)
        app.run(seconds: 0.4)
        #expect(app.traceWithoutLayout.first == "B.animationControllerForOperation(operation=\"select\",from=\"A\",to=\"B\")")
        #expect(app.traceWithoutLayout.last == "B.viewDidAppear(animated=true)")
        #expect(delegate.selected.isEmpty && b.appearanceState == .appeared)
        tabs.selectedViewController = a
        app.run(seconds: 0.4)
        #expect(tabs.selectedViewController === a && delegate.selected.isEmpty)
        // Out of range, or not a tab: ignored, as UIKit ignores them.
        tabs.selectedIndex = 7
        tabs.selectedViewController = ViewController(app, name: "stranger")
        #expect(tabs.selectedIndex == 0)
    }

    /// A tap on the tab bar is the user's tap on the item under it (the items share the bar's
    /// width): the delegate is asked and told, for the selected tab too.
    @Test func aTapOnTheBarSelectsTheItemUnderIt() {
        let (app, tabs, a, b) = setUp()
        let delegate = TabDelegate()
        tabs.delegate = delegate
        let bar = tabs.tabBar.frame
        app.window.tap(at: Point(x: bar.maxX - 10, y: bar.midY))
        #expect(tabs.selectedViewController === b && delegate.selected == ["B"])
        app.window.tap(at: Point(x: bar.maxX - 10, y: bar.midY))
        #expect(tabs.selectedViewController === b && delegate.selected == ["B", "B"])
        delegate.refuse = "A"
        app.window.tap(at: Point(x: bar.minX + 10, y: bar.midY))
        #expect(tabs.selectedViewController === b && delegate.selected == ["B", "B"])
        delegate.refuse = nil
        app.window.tap(at: Point(x: bar.minX + 10, y: bar.midY))
        #expect(tabs.selectedViewController === a && delegate.selected == ["B", "B", "A"])
        // Above the bar, the content takes the tap.
        app.window.tap(at: Point(x: bar.maxX - 10, y: bar.minY - 20))
        #expect(tabs.selectedViewController === a)
    }

    /// A tap on the tab a switch under way is going to: once the switch ends, it is a tap on the
    /// selected tab (told, not switched again).
    @Test func aTapOnTheTabBeingSwitchedToIsARetapWhenTheSwitchEnds() {
        let (app, tabs, _, b) = setUp()
        let delegate = TabDelegate()
        delegate.animate = true
        tabs.delegate = delegate
        #expect(tabs.select(1) && tabs.select(1))
        #expect(delegate.selected.isEmpty)
        app.run(seconds: 0.5)
        #expect(delegate.selected == ["B", "B"] && tabs.selectedViewController === b && b.appearanceState == .appeared)
        #expect(app.traceWithoutLayout.filter { $0.hasPrefix("B.animationControllerForOperation") }.count == 1)
    }
}
