@testable import ScrimCore
import Testing

/// A controller with one piece of state, `item`.
final class ItemController: ViewController {
    var item = 0

    override func encodeRestorableState(with coder: StateCoder) {
        super.encodeRestorableState(with: coder)
        coder.encode(.number(Double(item)), forKey: "item")
    }

    override func decodeRestorableState(with coder: StateCoder) {
        super.decodeRestorableState(with: coder)
        if case .number(let value)? = coder.decodeValue(forKey: "item") { item = Int(value) }
    }
}

@Suite struct RestorationTests {
    /// Makes `ItemController`s named after their paths, in `app`.
    static func itemClass(in app: Application) -> RestorationClass {
        RestorationClass(name: "Item") { [unowned app] path, _ in ItemController(app, name: path.joined(separator: "/")) }
    }

    /// nav[list, detail(item 1), detail(item 2)] presenting modal(item 3); list has an
    /// unidentified child.
    func savedHierarchy() -> (Application, String) {
        let app = Application()
        let list = ViewController(app, name: "list")
        list.restorationIdentifier = "list"
        let nav = NavigationController(app, root: list, name: "nav")
        nav.restorationIdentifier = "nav"
        let hidden = ViewController(app, name: "hidden")
        try! list.addChild(hidden)
        hidden.didMove(toParent: list)
        app.window.rootViewController = nav
        app.step()
        for item in 1...2 {
            let detail = ItemController(app, name: "detail\(item)")
            detail.item = item
            detail.restorationIdentifier = "detail"
            detail.restorationClass = Self.itemClass(in: app)
            try! nav.push(detail, animated: false)
        }
        let modal = ItemController(app, name: "modal")
        modal.item = 3
        modal.restorationIdentifier = "modal"
        modal.restorationClass = Self.itemClass(in: app)
        modal.modalPresentationStyle = .fullScreen
        nav.present(modal, animated: false)
        app.run(seconds: 1)
        app.dispatcher.clear()
        return (app, app.stateRestoration.save())
    }

    @Test func pathsRunFromTheRootAndNavigationStacksTellDuplicatesApart() {
        let (app, json) = savedHierarchy()
        #expect(app.traceWithoutLayout == [
            "nav.encodeRestorableState(path=\"nav\")", "list.encodeRestorableState(path=\"nav/list\")",
            "detail1.encodeRestorableState(path=\"nav/detail\")", "detail2.encodeRestorableState(path=\"nav/detail#2\")",
            "modal.encodeRestorableState(path=\"nav/modal\")",
        ])
        let document = try! JSONValue(parsing: json)
        guard case .object(let top) = document, case .array(let records)? = top["controllers"] else {
            Issue.record("not saved state: \(json)")
            return
        }
        #expect(records.count == 5)
        #expect(records[0] == .object([
            "path": .array([.string("nav")]),
            "presented": .array([.string("nav"), .string("modal")]),
            "state": .object(["NavigationController.viewControllers": .array([
                .object(["$controller": .array([.string("nav"), .string("list")])]),
                .object(["$controller": .array([.string("nav"), .string("detail")])]),
                .object(["$controller": .array([.string("nav"), .string("detail#2")])]),
            ])]),
        ]))
        #expect(records[3] == .object([
            "path": .array([.string("nav"), .string("detail#2")]),
            "restorationClass": .string("Item"),
            "state": .object(["item": .number(2)]),
        ]))
        #expect(app.stateRestoration.save() == json)
    }

    @Test func restoringInANewApplicationRebuildsStacksPresentationsAndState() throws {
        let (_, json) = savedHierarchy()
        let app = Application()
        app.stateRestoration.register(Self.itemClass(in: app))
        let list = ViewController(app, name: "list")
        list.restorationIdentifier = "list"
        let nav = NavigationController(app, root: list, name: "nav")
        nav.restorationIdentifier = "nav"
        app.window.rootViewController = nav
        app.step()
        app.dispatcher.clear()

        let result = try app.stateRestoration.restore(json)
        app.run(seconds: 1)
        #expect(result.skipped.isEmpty)
        #expect(result.restored.map(\.name) == ["nav", "list", "nav/detail", "nav/detail#2", "nav/modal"])
        #expect(nav.viewControllers.map(\.name) == ["list", "nav/detail", "nav/detail#2"])
        #expect(nav.viewControllers.compactMap { ($0 as? ItemController)?.item } == [1, 2])
        #expect(nav.viewControllers.map(\.restorationIdentifier) == ["list", "detail", "detail"])
        #expect((nav.presentedViewController as? ItemController)?.item == 3)
        #expect(nav.presentedViewController?.appearanceState == .appeared)
        let restoration = app.traceWithoutLayout.filter { $0.contains("Restor") }
        #expect(restoration == [
            "nav.decodeRestorableState(path=\"nav\")", "list.decodeRestorableState(path=\"nav/list\")",
            "nav/detail.decodeRestorableState(path=\"nav/detail\")",
            "nav/detail#2.decodeRestorableState(path=\"nav/detail#2\")",
            "nav/modal.decodeRestorableState(path=\"nav/modal\")",
            "nav.applicationFinishedRestoringState", "list.applicationFinishedRestoringState",
            "nav/detail.applicationFinishedRestoringState", "nav/detail#2.applicationFinishedRestoringState",
            "nav/modal.applicationFinishedRestoringState",
        ])
        #expect(app.stateRestoration.save() == json)
    }

    @Test func theRestorationClassAnswersFirstThenTheDelegateThenTheExistingController() throws {
        let app = Application()
        let root = ViewController(app, name: "root")
        root.restorationIdentifier = "root"
        let a = ViewController(app, name: "a"), b = ViewController(app, name: "b")
        for child in [a, b] {
            child.restorationIdentifier = child.name
            try root.addChild(child)
        }
        app.window.rootViewController = root
        app.step()
        a.restorationClass = RestorationClass(name: "Refusing") { _, _ in nil }
        let json = app.stateRestoration.save()

        var asked: [String] = []
        app.stateRestoration.register(RestorationClass(name: "Refusing") { path, _ in
            asked.append("class " + path.joined(separator: "/"))
            return nil
        })
        let replacement = ViewController(app, name: "replacement")
        app.stateRestoration.delegate = { path, _ in
            asked.append("delegate " + path.joined(separator: "/"))
            return path == ["root", "b"] ? replacement : nil
        }
        let result = try app.stateRestoration.restore(json)
        #expect(asked == ["delegate root", "class root/a", "delegate root/b"])
        #expect(result.restored.map(\.name) == ["root", "replacement"])
        #expect(result.skipped == [["root", "a"]])
        #expect(replacement.restorationIdentifier == "b")
    }

    @Test func aNilIdentifierLeavesTheSubtreeOut() {
        let app = Application()
        let root = ViewController(app, name: "root")
        root.restorationIdentifier = "root"
        let middle = ViewController(app, name: "middle"), leaf = ViewController(app, name: "leaf")
        leaf.restorationIdentifier = "leaf"
        try! root.addChild(middle)
        try! middle.addChild(leaf)
        app.window.rootViewController = root
        #expect(leaf.restorationPath == nil && root.restorationPath == ["root"])
        #expect(app.stateRestoration.save().contains("\"path\":[\"root\"]"))
        #expect(!app.stateRestoration.save().contains("leaf"))
        root.restorationIdentifier = nil
        #expect(app.stateRestoration.save() == #"{"controllers":[],"format":"scrim.state","version":1}"#)
    }

    @Test func tabsAndSplitsRestoreTheirSelection() throws {
        func tabs(_ app: Application) -> TabBarController {
            let a = ViewController(app, name: "a"), b = ViewController(app, name: "b")
            a.restorationIdentifier = "a"
            b.restorationIdentifier = "b"
            let tabs = TabBarController(app, viewControllers: [a, b], name: "tabs")
            tabs.restorationIdentifier = "tabs"
            app.window.rootViewController = tabs
            app.step()
            return tabs
        }
        let first = Application()
        tabs(first).select(1)
        let json = first.stateRestoration.save()
        let second = Application()
        let restored = tabs(second)
        try second.stateRestoration.restore(json)
        #expect(restored.selectedIndex == 1 && restored.selectedViewController?.appearanceState == .appeared)
    }

    @Test func aSplitRestoresItsSecondaryColumn() throws {
        func split(_ app: Application) -> SplitViewController {
            let list = ViewController(app, name: "list")
            list.restorationIdentifier = "list"
            let split = try! SplitViewController(app, primary: list, secondary: nil, name: "split")
            split.restorationIdentifier = "split"
            app.window.rootViewController = split
            app.step()
            return split
        }
        let first = Application(device: .iPadAir)
        let item = ViewController(first, name: "item")
        item.restorationIdentifier = "item"
        split(first).primary?.showDetail(item)
        let json = first.stateRestoration.save()
        let second = Application(device: .iPadAir)
        let restored = split(second)
        second.stateRestoration.delegate = { [unowned second] path, _ in path.last == "item" ? ViewController(second, name: "new item") : nil }
        try second.stateRestoration.restore(json)
        second.step()
        #expect(restored.secondary?.name == "new item" && restored.isShowingSecondary)
        #expect(restored.secondary?.view.frame == Rect(x: 320, y: 0, width: 500, height: 1180))
    }

    @Test func badSavedStateIsAClearErrorAndChangesNothing() {
        let app = Application()
        func message(_ json: String) -> String {
            do { try app.stateRestoration.restore(json); return "restored" } catch { return error.description }
        }
        #expect(message("{\"format\": \"scrim.state\",\n  \"version\": tru }") ==
            "saved state is not JSON: line 2, column 14: invalid literal, 'true' expected")
        #expect(message("[1, 2") == "saved state is not JSON: line 1, column 6: ',' or ']' expected in array")
        #expect(message(#"{"format":"other"}"#) == "saved state: top level: 'format' must be \"scrim.state\"")
        #expect(message(#"{"format":"scrim.state","version":2,"controllers":[]}"#) ==
            "saved state: version: unsupported version 2, 1 expected")
        #expect(message(#"{"format":"scrim.state","version":1,"controllers":[{"path":["a","b"]}]}"#) ==
            "saved state: controllers[0].path: the root's path (one identifier) must come first")
        #expect(message(#"{"format":"scrim.state","version":1,"controllers":[{"path":["a"]},{"path":["a","b","c"]}]}"#) ==
            "saved state: controllers[1].path: its parent path comes later or is missing")
        #expect(message(#"{"format":"scrim.state","version":1,"controllers":[{"path":["a"],"state":3}]}"#) ==
            "saved state: controllers[0].state: an object expected")
        #expect(app.window.rootViewController == nil)
    }

    @Test func stateValuesRoundTrip() throws {
        let text = #"{"a":[1,-2.5,1e+20,true,false,null],"b":"line\nquote\" \u00e9 \ud83d\ude00","c":{}}"#
        let value = try JSONValue(parsing: text)
        #expect(value.json == #"{"a":[1,-2.5,1e+20,true,false,null],"b":"line\nquote\" é 😀","c":{}}"#)
        #expect(try JSONValue(parsing: value.json) == value)
        #expect(throws: JSONParseError(line: 1, column: 2, message: "leading zeros are not allowed in numbers")) {
            try JSONValue(parsing: " 01")
        }
    }
}
