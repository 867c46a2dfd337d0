import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

/// Plugins that fail in odd ways: error values that are not strings, failing metamethods,
/// `completeTransition` twice or never, re-entrant presentation calls, runaway recursion, huge
/// strings. Each gives a located `scriptError` (or the documented outcome) and a consistent
/// hierarchy; none brings the host down.
@Suite struct OddFailureTests {
    /// A scenario presenting `sheet` (custom style) from `root` with `delegate`, then dismissing
    /// it; `animator` is the body of `animateTransition(ctx)` (it sees `view`, `final`).
    static func scenario(animator: String, extra: String = "") -> String {
        """
        local Slide = scrim.Animator:extend("OddSlide")
        function Slide:transitionDuration() return 0.2 end
        function Slide:animateTransition(ctx)
          local presenting = ctx:viewController("to").isBeingPresented
          local key = presenting and "to" or "from"
          local view = ctx:view(key)
          local final = presenting and ctx:finalFrame(ctx:viewController(key)) or rect(0, 900, 10, 10)
          if presenting then ctx.containerView:addSubview(view) end
        \(animator)
        end
        delegate = {
          animationControllerForPresented = function() return Slide.new() end,
          animationControllerForDismissed = function() return Slide.new() end,
        }
        root = ViewController{ name = "root" }
        window.rootViewController = root
        run(0.1)
        sheet = ViewController{ name = "sheet" }
        sheet.modalPresentationStyle = "overFullScreen"
        sheet.transitioningDelegate = delegate
        \(extra)
        root:present(sheet, true, function() presented = (presented or 0) + 1 end)
        run(1)
        if root.presentedViewController == sheet then
          sheet:dismiss(true, function() dismissed = (dismissed or 0) + 1 end)
          run(1)
        end
        """
    }

    static let completeNormally = """
          animate({ duration = 0.2 }, function() view.frame = final end,
            function() ctx:completeTransition(not ctx.transitionWasCancelled) end)
        """

    /// The scenario ended with the sheet gone and no transition open.
    func expectSettled(_ h: Harness, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try h.value("root.presentedViewController == nil") == "true", "\(label)", sourceLocation: sourceLocation)
        #expect(try h.value("root.transitionCoordinator == nil") == "true", "\(label)", sourceLocation: sourceLocation)
        #expect(try h.value("sheet.view.superview == nil") == "true", "\(label)", sourceLocation: sourceLocation)
        #expect(try h.value("root.view.superview ~= nil") == "true", "\(label)", sourceLocation: sourceLocation)
    }

    func scriptErrors(_ h: Harness) -> [TraceEvent] { h.runtime.trace.filter { $0.event == "scriptError" } }

    static let errorValues: [(code: String, message: String)] = [
        ("error({ code = 7 })", "(error object is a table value)"),
        ("error(nil)", "nil"),
        ("error(42)", "42"),
        ("error(setmetatable({}, { __tostring = function() return 'custom' end }))", "custom"),
        ("error(setmetatable({}, { __tostring = function() error('tostring fails') end }))", "test.lua:9: tostring fails"),
        ("error(setmetatable({}, { __index = function() error('index fails') end }))", "(error object is a table value)"),
        ("error(string.rep('x', 4000000))", String(repeating: "x", count: 16)),
    ]

    @Test(arguments: errorValues)
    func errorValuesOfAnyKindInAnAnimatorAreReported(code: String, message: String) throws {
        let h = Harness()
        try h.run(Self.scenario(animator: "  if presenting then \(code) end\n" + Self.completeNormally))
        let error = try #require(scriptErrors(h).first, "no scriptError for \(code)")
        #expect("\(error[arg: "message"] ?? .null)".contains(message), "\(error.jsonLine.prefix(300))")
        #expect(error[arg: "where"] == .string("test.lua:9"), "\(code)")
        #expect(try h.value("presented") == "1")
        try expectSettled(h, code)
    }

    @Test func completingTwiceCountsTheFirstCall() throws {
        let h = Harness()
        try h.run(Self.scenario(animator: """
              ctx:completeTransition(true)
              ctx:completeTransition(false)
              ctx:completeTransition(true)
            """))
        #expect(scriptErrors(h).isEmpty)
        #expect(h.runtime.trace.filter { $0.event == "completeTransition" }.count == 2)
        #expect(try h.value("presented") == "1" && h.value("dismissed") == "1")
        try expectSettled(h, "twice")
    }

    @Test func neverCompletingIsEndedByTheWatchdogWhenItIsOn() throws {
        let h = Harness()
        h.runtime.application.transitionWatchdog = 0.5
        try h.run(Self.scenario(animator: "  -- never completes"))
        #expect(h.runtime.trace.contains { $0.event == "transitionTimedOut" })
        try expectSettled(h, "watchdog")
    }

    @Test func neverCompletingLeavesTheTransitionOpenWithoutTheWatchdogAsInUIKit() throws {
        let h = Harness()
        try h.run(Self.scenario(animator: "  -- never completes"))
        #expect(!h.runtime.trace.contains { $0.event == "transitionTimedOut" })
        #expect(try h.value("root.presentedViewController == sheet") == "true")
        #expect(try h.value("sheet.transitionCoordinator ~= nil") == "true")
        #expect(try h.value("presented") == "nil")
    }

    @Test func presentingFromInsideAnimateTransitionIsRejected() throws {
        let h = Harness()
        try h.run(Self.scenario(animator: """
              if presenting then
                ctx:viewController("from"):present(ViewController{ name = "intruder" }, true, function() intruded = true end)
              end
            """ + Self.completeNormally))
        #expect(h.runtime.trace.contains { $0.event == "presentRejected" && $0.controller == "intruder" })
        #expect(try h.value("intruded") == "nil")
        try expectSettled(h, "present inside")
    }

    @Test func dismissingAgainWhileDismissingIsHarmless() throws {
        let h = Harness()
        try h.run(Self.scenario(animator: """
              if not presenting then
                sheet:dismiss(true, function() again = true end)
                root:dismiss(false)
              end
            """ + Self.completeNormally))
        #expect(scriptErrors(h).isEmpty, "\(scriptErrors(h).map(\.jsonLine))")
        #expect(try h.value("dismissed") == "1")
        try expectSettled(h, "re-entrant dismiss")
    }

    @Test func runawayRecursionIsAStackOverflowNotACrash() throws {
        let h = Harness()
        try h.run(Self.scenario(animator: """
              local function down(n) return down(n + 1) + 1 end
              if presenting then down(1) end
            """ + Self.completeNormally))
        let error = try #require(scriptErrors(h).first)
        #expect("\(error[arg: "message"] ?? .null)".contains("stack overflow"))
        try expectSettled(h, "recursion")
    }

    @Test func aGarbageCollectionMetamethodIsRefusedAndTheRuntimeGoesOn() throws {
        let h = Harness()
        #expect(throws: LuaError.self) {
            try h.run("do local _ = setmetatable({}, { __gc = function() error('gc fails') end }) end")
        }
        try h.run("""
            collectgarbage()
            root = ViewController{ name = "root" }
            window.rootViewController = root
            run(0.1)
            """)
        #expect(try h.value("root.view.superview ~= nil") == "true")
    }
}
