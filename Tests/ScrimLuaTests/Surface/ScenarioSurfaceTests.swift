import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct TraceSurfaceTests {
    @Test func traceGivesEventTablesAndClearKeepsCounting() throws {
        let h = Harness()
        try h.run("""
            window.rootViewController = ViewController{ name = "r" }
            first = trace()[3]
            trace.clear()
            step(2)
            window:setSize(size(400, 800))
            last = trace()[1]
            """)
        #expect(try h.value("first.seq .. ' ' .. first.event .. ' ' .. first.vc .. ' ' .. tostring(first.args.animated)") ==
                "2 viewWillAppear r false")
        #expect(try h.value("last.event .. ' ' .. last.args.width .. ' ' .. last.t .. ' ' .. last.seq") ==
                "viewWillTransitionToSize 400 0.033333333333333 7")
    }

    @Test func runAndStepAdvanceTheVirtualClock() throws {
        let h = Harness()
        try h.run("run(1); step(3); step()")
        #expect(try h.value("scrim.now() * 60") == "64.0")
        #expect(throws: LuaError.self) { try h.run("run(-1)") }
        #expect(throws: LuaError.self) { try h.run("step(1.5)") }
    }
}
