import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct SplitViewSurfaceTests {
    @Test func splitFromLuaCollapsesAndShowsDetails() throws {
        let h = Harness(device: .iPadAir)
        try h.run("""
            list, detail = ViewController{ name = "list" }, ViewController{ name = "detail" }
            split = SplitViewController{ name = "split", primary = list, secondary = detail, preferredPrimaryColumnWidth = 300 }
            window.rootViewController = split
            step()
            wide = tostring(split.isCollapsed) .. " " .. detail.view.frame.x
            window:setSize(size(400, 1180))
            run(0.5)
            list:showDetail(ViewController{ name = "item" })
            step()
            """)
        #expect(try h.value("wide") == "false 300")
        #expect(try h.value("tostring(split.isCollapsed) .. ' ' .. split.secondary.name .. ' ' .. tostring(split.isShowingSecondary)") == "true item true")
        #expect(try h.value("#split.viewControllers .. ' ' .. tostring(detail.parent)") == "2 nil")
        try h.run("split:showPrimary(); step()")
        #expect(try h.value("list.view.superview == split.view and split.secondary.view.superview == nil") == "true")
    }

    @Test func badColumnsAreClearErrors() {
        let h = Harness(device: .iPadAir)
        let messages = [
            "SplitViewController{ primary = 3 }",
            "v = ViewController{ name = 'v' }; SplitViewController{ primary = v, secondary = v }",
            "SplitViewController{ preferredPrimaryColumnWidth = -1 }",
        ].map { code -> String in
            do { try h.run(code); return "" } catch { return "\(error)" }
        }
        #expect(messages == [
            "test.lua:1: bad field 'primary' in 'SplitViewController' (ViewController expected, got number)",
            "test.lua:1: cannot add 'v': it is given twice or already has a parent",
            "test.lua:1: bad field 'preferredPrimaryColumnWidth' in 'SplitViewController' (width must be a finite number ≥ 0)",
        ])
    }
}
