@testable import ScrimCore
import Testing

@Suite struct SplitViewTests {
    func setUp(supplementary: Bool = false) -> (Application, SplitViewController, ViewController, ViewController) {
        let app = Application(device: .iPadAir)
        let list = ViewController(app, name: "list"), detail = ViewController(app, name: "detail")
        let middle = supplementary ? ViewController(app, name: "middle") : nil
        let split = try! SplitViewController(app, primary: list, supplementary: middle, secondary: detail, name: "split")
        app.window.rootViewController = split
        app.step()
        app.dispatcher.clear()
        return (app, split, list, detail)
    }

    @Test func regularWidthShowsTheColumnsSideBySide() {
        let (_, split, list, detail) = setUp()
        #expect(!split.isCollapsed)
        #expect(list.view.frame == Rect(x: 0, y: 0, width: 320, height: 1180))
        #expect(detail.view.frame == Rect(x: 320, y: 0, width: 500, height: 1180))
        #expect(list.appearanceState == .appeared && detail.appearanceState == .appeared)
    }

    @Test func threeColumnsPlaceTheSupplementaryBetween() {
        let (_, split, list, detail) = setUp(supplementary: true)
        let middle = split.supplementary!
        #expect(list.view.frame.x == 0 && middle.view.frame == Rect(x: 320, y: 0, width: 320, height: 1180))
        #expect(detail.view.frame == Rect(x: 640, y: 0, width: 180, height: 1180))
    }

    @Test func compactWidthCollapsesToThePrimaryAndExpandsBack() {
        let (app, split, list, detail) = setUp()
        app.window.setSize(Size(width: 400, height: 1180))
        app.step()
        app.run(seconds: 0.5)
        #expect(split.isCollapsed)
        #expect(list.view.frame == Rect(x: 0, y: 0, width: 400, height: 1180))
        #expect(detail.viewIfLoaded?.superview == nil && detail.appearanceState == .disappeared)
        #expect(app.traceWithoutLayout.filter { $0.hasPrefix("detail.") && $0.contains("appear") } == ["detail.viewWillDisappear", "detail.viewDidDisappear"])
        app.dispatcher.clear()
        app.window.setSize(Size(width: 820, height: 1180))
        app.step()
        app.run(seconds: 0.5)
        #expect(!split.isCollapsed && detail.appearanceState == .appeared)
        #expect(detail.view.frame == Rect(x: 320, y: 0, width: 500, height: 1180))
    }

    @Test func showDetailReplacesTheSecondaryAndCollapsedShowsIt() {
        let (app, split, list, detail) = setUp()
        app.window.setSize(Size(width: 400, height: 1180))
        app.step()
        app.run(seconds: 0.5)
        app.dispatcher.clear()
        let item = ViewController(app, name: "item")
        list.showDetail(item)
        app.step()
        #expect(split.secondary === item && detail.parent == nil && item.parent === split)
        #expect(item.view.frame == Rect(x: 0, y: 0, width: 400, height: 1180) && list.appearanceState == .disappeared)
        #expect(app.traceWithoutLayout.filter { !$0.contains("ToParent") } == [
            "list.viewWillDisappear", "list.viewDidDisappear",
            "item.loadView", "item.viewDidLoad", "item.viewWillAppear", "item.viewIsAppearing", "item.viewDidAppear",
        ])
        split.showPrimary()
        #expect(list.appearanceState == .appeared && item.appearanceState == .disappeared)
    }

    @Test func aControllerServesOneColumn() {
        let app = Application(device: .iPadAir)
        let list = ViewController(app, name: "list")
        #expect(throws: ContainmentError.alreadyContained("list")) {
            try SplitViewController(app, primary: list, secondary: list)
        }
        let split = try! SplitViewController(app, primary: list, secondary: nil)
        #expect(throws: ContainmentError.alreadyContained("list")) { try split.replaceSecondary(with: list) }
        #expect(split.children.map(\.name) == ["list"])
    }

    @Test func showDetailWithoutASplitFallsBackToShow() {
        let app = Application()
        let root = ViewController(app, name: "root")
        let nav = NavigationController(app, root: root, name: "nav")
        app.window.rootViewController = nav
        app.step()
        root.showDetail(ViewController(app, name: "next"))
        #expect(nav.viewControllers.map(\.name) == ["root", "next"])
    }
}
