import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct LimitsTests {
    static let small = LuaLimits(instructionBudget: 200_000, memoryCap: 8 << 20)

    /// `vc | callback | where | message` of each scriptError, file paths cut to their last component.
    func scriptErrors(_ h: Harness) -> [String] {
        func text(_ value: TraceValue?) -> String {
            guard case .string(let string)? = value else { return "nil" }
            return string.replacingOccurrences(of: #"[^ "]*/"#, with: "", options: .regularExpression)
        }
        return h.runtime.trace.filter { $0.event == "scriptError" }.map {
            [$0.controller ?? "-", text($0[arg: "callback"]), text($0[arg: "where"]), text($0[arg: "message"])].joined(separator: " | ")
        }
    }

    @Test func anInfiniteLoopIsStoppedAndTheNextPresentationWorks() throws {
        let folder = TemporaryFolder()
        folder.write("spinner.lua", """
            return scrim.plugin {
              name = "spinner",
              hooks = {
                viewDidAppear = function(vc)
                  if vc.name == "root" then
                    while true do end
                  end
                end,
              },
            }
            """)
        let h = Harness(pluginPaths: [folder.path], limits: Self.small)
        try h.run("""
            plugin "spinner"
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            root:present(ViewController{ name = "next", modalPresentationStyle = "fullScreen" }, true)
            run(1)
            """)
        #expect(scriptErrors(h) == [
            "root | hook viewDidAppear of plugin 'spinner' | spinner.lua:6 | spinner.lua:6: stopped: it ran past its budget of 200000 Lua instructions",
        ])
        #expect(try h.value("root.presentedViewController.name .. ' ' .. root.presentedViewController.appearanceState") == "next appeared")
    }

    @Test func catchingTheErrorDoesNotKeepARunawayGoing() throws {
        let h = Harness(limits: Self.small)
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function()
              while true do pcall(function() while true do end end) end
            end }
            window.rootViewController = root
            step()
            """)
        #expect(scriptErrors(h).count == 1)
        #expect(scriptErrors(h).first?.contains("stopped: it ran past its budget") == true)
        #expect(try h.value("root.appearanceState") == "appeared")
    }

    @Test func aMemoryBombFailsItsAllocationNotTheProcess() throws {
        // The budget well above the bomb's work (string.rep charges it per 64 bytes).
        let h = Harness(limits: LuaLimits(instructionBudget: 50_000_000, memoryCap: 8 << 20))
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function()
              local t = {}
              for i = 1, 1e9 do t[i] = string.rep("x", 1000) .. i end
            end }
            window.rootViewController = root
            step()
            """)
        let errors = scriptErrors(h)
        // Located where the cap refused the memory (Lua raises a memory error without a handler).
        #expect(errors == ["root | viewDidLoad | test.lua:3 | test.lua:3: not enough memory (the runtime's Lua memory cap of 8 MB is reached)"])
        try h.run("collectgarbage()")
        #expect(h.runtime.lua.memoryUsed < 4 << 20)
        #expect(h.runtime.lua.memoryPeak <= 8 << 20 + 64 << 10)
        try h.run("""
            root:present(ViewController{ name = "after", modalPresentationStyle = "fullScreen" }, false)
            run(1)
            """)
        #expect(try h.value("root.presentedViewController.appearanceState") == "appeared")
    }

    @Test func aScenarioScriptHasTheBudgetTooAndLimitsCanBeLifted() throws {
        let h = Harness(limits: Self.small)
        #expect(throws: LuaError.self) { try h.run("while true do end") }
        h.runtime.lua.limits = .none
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function(self)
              local n = 0; for i = 1, 1e6 do n = n + i end; self.total = n
            end }
            window.rootViewController = root
            step()
            """)
        #expect(try h.value("root.total") == "500000500000")
        #expect(scriptErrors(h).isEmpty)
    }
}
