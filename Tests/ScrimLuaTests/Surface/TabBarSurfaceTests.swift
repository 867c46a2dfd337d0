import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

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
        // Setting `selectedIndex` is code: the delegate is neither asked nor told.
        #expect(try h.value("#log") == "0")
        #expect(try h.value("table.concat(tabs.tabBar.itemTitles, ',')") == "A,Second")
        #expect(throws: LuaError.self) { try h.run("tabs.selectedIndex = 3") }
        let appearance = h.runtime.trace.filter { $0.event.hasPrefix("view") && $0.event.contains("ppear") }.suffix(5)
            .map { "\($0.controller!).\($0.event)" }
        #expect(appearance == ["A.viewWillAppear", "B.viewWillDisappear", "A.viewIsAppearing", "B.viewDidDisappear", "A.viewDidAppear"])
    }

    /// `tabs:select(i)` is the user's tap: asked and told, the selected tab included;
    /// `selectedIndex` and `selectedViewController` are code.
    @Test func selectIsATapAndTheSelectionPropertiesAreCode() throws {
        let h = Harness()
        try h.run("""
            home = ViewController{ name = "home" }
            nav = NavigationController{ name = "nav", root = home }
            other = ViewController{ name = "other" }
            tabs = TabBarController{ name = "tabs", viewControllers = { nav, other } }
            window.rootViewController = tabs
            step(1)
            nav:push(ViewController{ name = "detail" }, false)
            step(1)
            log = {}
            tabs.delegate = {
              shouldSelect = function(_, t, vc) log[#log + 1] = "should " .. vc.name; return vc ~= other or allowOther end,
              didSelect = function(_, t, vc) log[#log + 1] = "did " .. vc.name .. " " .. #nav.viewControllers end,
            }
            refused = tabs:select(2)
            reselected = tabs:select(1)
            run(0.5)
            tabs.selectedViewController = other
            tabs.selectedIndex = 1
            """)
        #expect(try h.value("tostring(refused) .. ' ' .. tostring(reselected)") == "false true")
        #expect(try h.value("table.concat(log, ', ')") == "should other, should nav, did nav 1")
        #expect(try h.value("nav.topViewController.name .. ' ' .. tabs.selectedIndex") == "home 1")
        #expect(throws: LuaError.self) { try h.run("tabs.selectedViewController = ViewController{ name = 'stranger' }") }
    }
}
