import Testing
import ScrimCore
@testable import ScrimLua

@Suite struct TabBarSurfaceTests {
    @Test func tabsFromLuaAreOneBased() throws {
        let h = Harness()
        try h.run("""
            a, b = ViewController{ name = "A" }, ViewController{ name = "B", title = "Second" }
            tabs = TabBarController{ name = "tabs", viewControllers = { a, b }, selectedIndex = 2 }
            window.rootViewController = tabs
            first = tabs.selectedViewController.name
            log = {}
            tabs.delegate = {
              shouldSelect = function(_, t, vc) log[#log + 1] = "should " .. vc.name; return true end,
              didSelect = function(_, t, vc) log[#log + 1] = "did " .. vc.name end,
            }
            tabs.selectedIndex = 1
            """)
        #expect(try h.value("first .. ' ' .. tabs.selectedIndex .. ' ' .. tabs.tabBar.selectedIndex") == "B 1 1")
        #expect(try h.value("table.concat(log, ', ')") == "should A, did A")
        #expect(try h.value("table.concat(tabs.tabBar.itemTitles, ',')") == "A,Second")
        #expect(throws: LuaError.self) { try h.run("tabs.selectedIndex = 3") }
        let appearance = h.runtime.trace.filter { $0.event.hasPrefix("view") && $0.event.contains("ppear") }.suffix(5)
            .map { "\($0.controller!).\($0.event)" }
        #expect(appearance == ["A.viewWillAppear", "B.viewWillDisappear", "A.viewIsAppearing", "B.viewDidDisappear", "A.viewDidAppear"])
    }
}
