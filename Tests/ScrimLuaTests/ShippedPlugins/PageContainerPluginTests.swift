import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct PageContainerPluginTests {
    static let setUp = """
        plugin "page-container"
        one, two, three = ViewController{ name = "one" }, ViewController{ name = "two" }, ViewController{ name = "three" }
        pager = PageContainer{ name = "pager", pages = { one, two, three }, duration = 0.3 }
        window.rootViewController = pager
        step()

        """

    @Test func theFirstPageAppearsWithTheContainerByManualForwarding() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp)
        #expect(h.transitionEvents == [
            "pager.loadView", "pager.viewDidLoad", "one.willMoveToParent", "one.loadView", "one.viewDidLoad",
            "one.didMoveToParent", "pager.viewWillAppear", "one.viewWillAppear", "pager.viewIsAppearing",
            "pager.viewDidAppear", "one.viewIsAppearing", "one.viewDidAppear",
        ])
        #expect(try h.value("pager.currentPage .. ' ' .. pager:page().name .. ' ' .. #pager.children") == "1 one 1")
    }

    @Test func pagingSlidesTheNextPageInWithTheContainmentCallsInOrder() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "trace.clear(); pager:nextPage(); step(9)")
        #expect(try h.number("two.view.presentation.frame.x") == "196.5")
        #expect(try h.number("one.view.presentation.frame.x") == "-196.5")
        #expect(try h.value("pager:nextPage()") == "false")   // one change at a time
        try h.run("step(9)")
        #expect(try h.value("pager.currentPage .. ' ' .. #pager.children .. ' ' .. pager.children[1].name") == "2 1 two")
        #expect(try h.value("one.view.superview == nil and one.parent == nil and one.view.frame.x") == "0")
        #expect(h.transitionEvents == [
            "one.willMoveToParent", "two.willMoveToParent", "two.loadView", "two.viewDidLoad",
            "one.viewWillDisappear", "two.viewWillAppear", "one.viewDidDisappear", "two.viewIsAppearing",
            "two.viewDidAppear", "one.didMoveToParent", "two.didMoveToParent",
        ])
    }

    @Test func pagingBackComesFromTheLeftAndWithoutAnimationAtOnce() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "pager:showPage(3, false); step(2)")
        #expect(try h.value("pager:page().name") == "three")
        try h.run("pager:previousPage(); step(9)")
        #expect(try h.number("two.view.presentation.frame.x") == "-196.5")
        try h.run("run(0.3)")
        #expect(try h.value("pager:page().name .. ' ' .. tostring(pager:showPage(2))") == "two false")
        do {
            try h.run("pager:showPage(4)")
            Issue.record("expected an error")
        } catch {
            #expect("\(error)".contains("PageContainer:showPage: no page 4 (there are 3)"))
        }
    }

    @Test func thePageDisappearsWhenTheContainerIsCovered() throws {
        let h = shippedPluginHarness()
        try h.run(Self.setUp + "trace.clear(); pager:present(ViewController{ name = 'cover', modalPresentationStyle = 'fullScreen' }, false); run(0.1)")
        #expect(h.transitionEvents.filter { $0.hasPrefix("one.") } == ["one.viewWillDisappear", "one.viewDidDisappear"])
        #expect(h.scriptErrors.isEmpty)
    }
}
