import Foundation
import LuaBridge
import ScrimCore
import ScrimLua
@testable import ScrimTesting
import Testing

@Suite struct TestRunnerTests {
    /// Runs the test file `text`, written as `name` in `folder`, with the shipped plugins.
    func run(_ text: String, in folder: TemporaryFolder, name: String = "sample_test.lua",
             snapshots: SnapshotMode = .recordMissing, limits: LuaLimits = .standard,
             filter: @escaping (String) -> Bool = { _ in true }) throws -> [TestResult] {
        try folder.write(name, text)
        let runner = TestRunner(makeRuntime: {
            Runtime(pluginPaths: PluginManager.defaultSearchPaths(extra: []), limits: limits)
        }, snapshots: snapshots, filter: filter)
        return runner.run(file: folder.path + "/" + name)
    }

    func summary(_ results: [TestResult]) -> [String] {
        results.map { result in
            switch result.outcome {
            case .passed: return "ok \(result.name)"
            case .skipped: return "skip \(result.name)"
            case .failed(let failure): return "FAIL \(result.name): \(failure.description)"
            }
        }
    }

    @Test func eachTestRunsInAFreshRuntimeAndReportsWhereItFailed() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            local made = 0
            test("passes", function()
              made = made + 1
              expect(made):toBe(1)
              expect(window.rootViewController):toBeNil()
              window.rootViewController = ViewController{ name = "root" }
              run(0.5)
            end)
            describe("a group", function()
              test("fails", function()
                expect(made):toBe(0)
                expect(1 + 1):toBe(3)
              end)
              test.skip("is skipped", function() error("never runs") end)
            end)
            test("raises", function() local t = nil; return t.x end)
            """, in: folder)
        let file = folder.path + "/sample_test.lua"
        #expect(summary(results) == [
            "ok passes",
            "FAIL a group › fails: \(file):12: expected 3, got 2",
            "skip a group › is skipped",
            "FAIL raises: \(file):16: attempt to index a nil value (local 't')",
        ])
        #expect(results.map(\.line) == [2, 10, 14, 16])
        #expect(results[0].clockTime == 0.5)
    }

    @Test func matchersMatchAndSayWhatDiffers() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("equal", function() expect({ a = 1, b = { 2, 3 } }):toEqual({ a = 1, b = { 2, 4 } }) end)
            test("close", function() expect(rect(0, 10, 5, 5)):toBeCloseTo(rect(0, 10.5, 5, 5), 0.1) end)
            test("close enough", function() expect(0.1 + 0.2):toBeCloseTo(0.3) end)
            test("never", function() expect("sheet").never:toBe("sheet") end)
            test("contain", function() expect({ 1, 2 }):toContain(3) end)
            test("throw", function() expect(function() error("boom") end):toThrow("bang") end)
            test("no such matcher", function() expect(1):toBeGreat() end)
            test("nan is nan", function() expect(0 / 0):toBe(0 / 0) end)
            """, in: folder)
        let file = folder.path + "/sample_test.lua"
        #expect(summary(results) == [
            "FAIL equal: \(file):1: expected b.2 to be 4, got 3 (expected {a = 1, b = {2, 4}}, got {a = 1, b = {2, 3}})",
            "FAIL close: \(file):2: expected y to be 10.5 ± 0.1, got 10 (expected {height = 5, width = 5, x = 0, y = 10.5}, got {height = 5, width = 5, x = 0, y = 10})",
            "ok close enough",
            "FAIL never: \(file):4: expected anything but \"sheet\"",
            "FAIL contain: \(file):5: expected {1, 2} to contain 3",
            "FAIL throw: \(file):6: expected an error containing \"bang\", got: \(file):6: boom",
            "FAIL no such matcher: \(file):7: expect(…) has no matcher \"toBeGreat\"",
            "ok nan is nan",
        ])
    }

    @Test func eventsAreFoundInOrderAndAMissingOneIsNamed() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            local function present()
              local root = ViewController{ name = "root" }
              window.rootViewController = root
              step()
              root:present(ViewController{ name = "modal" }, false)
              run(0.1)
            end
            test("in order", function()
              present()
              expect(trace()):toContainEvents{ "modal.viewWillAppear", { event = "viewDidAppear", vc = "modal" },
                "presentCompletion" }
            end)
            test("out of order", function()
              present()
              expect(trace()):toContainEvents{ "modal.viewDidAppear", "modal.viewWillAppear" }
            end)
            """, in: folder)
        #expect(results[0].outcome == .passed)
        let message = try #require(results[1].failure?.message)
        #expect(message.hasPrefix("the trace holds 1 of the 2 events in order; no modal.viewWillAppear after #"))
        #expect(message.contains("modal.viewDidAppear. The trace from there: #"))
    }

    @Test func scriptErrorsFailATestUnlessItAllowsThem() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            local function failingHook()
              window.rootViewController = ViewController{ name = "root", viewDidAppear = function() error("hook broke") end }
              step()
            end
            test("fails", failingHook)
            test("allows", failingHook, { allowScriptErrors = true })
            test("clears the trace", function() failingHook(); trace.clear() end)
            """, in: folder)
        let file = folder.path + "/sample_test.lua"
        let failure = "\(file):2: a script error while the test ran: hook broke (in viewDidAppear of root); pass "
            + "{ allowScriptErrors = true } to test() when the test expects it"
        #expect(summary(results) == ["FAIL fails: " + failure, "ok allows", "FAIL clears the trace: " + failure])
        let bad = try run("test('bad option', function() end, { allowScriptError = true })", in: folder)
        #expect(summary(bad) == ["FAIL (defining the tests): \(file):1: bad argument #3 to 'test' (unknown option \"allowScriptError\")"])
    }

    @Test func aFileThatCannotDefineItsTestsFailsWithItsLocation() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("fine", function() end)
            test("", function() end)
            """, in: folder)
        #expect(summary(results) == ["FAIL (defining the tests): \(folder.path)/sample_test.lua:2: bad argument #1 to 'test' (a name expected, got \"\")"])

        let nested = try run("""
            test("outer", function() test("inner", function() end) end)
            """, in: folder)
        #expect(summary(nested) == ["FAIL outer: \(folder.path)/sample_test.lua:1: test inside a test: define tests at the top of the file or in describe blocks"])
    }

    @Test func testsThatChangeBetweenRunsAreRefused() throws {
        let folder = try TemporaryFolder()
        try folder.write("counter", "")
        let results = try run("""
            local f = io.open("\(folder.path)/counter", "a+")
            local size = f:seek("end")
            f:write("x")
            f:close()
            test("first " .. size, function() end)
            """, in: folder)
        #expect(results.map(\.failure?.message) == ["the file defined other tests when run again: define them the same way every time"])
    }

    @Test func aTestThatNeverEndsIsCutShortByTheLimits() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("loops", function() while true do end end)
            test("runs on", function() end)
            """, in: folder, limits: LuaLimits(instructionBudget: 100_000, memoryCap: 64 << 20, timeLimit: 30))
        #expect(results.count == 2)
        #expect(results[0].failure?.message == "stopped: it ran past its budget of 100000 Lua instructions")
        #expect(results[0].failure?.location == "\(folder.path)/sample_test.lua:1")
        #expect(results[1].outcome == .passed)
    }

    @Test func framesAreFoundByTimeAndTheFutureIsAnError() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("frames", function()
              local root = ViewController{ name = "root" }
              window.rootViewController = root
              root.view.alpha = 0
              animate({ duration = 1, curve = "linear" }, function() root.view.alpha = 1 end)
              run(1)
              expect(frameAt(0).time):toBe(0)
              expect(frameAt(0.5).time):toBeCloseTo(0.5)
              expect(frameAt(0.5):svg()):toContain('opacity="0.5')
              expect(tostring(frame())):toBe("Frame at 1.000000 s")
              frameAt(2)
            end)
            test("bad", function() frameAt(-1) end)
            test("keeps none", function()
              run(0.5)
              expect(frameAt(0.5).time):toBe(0.5)
              frameAt(0.25)
            end, { keepFrames = false })
            """, in: folder)
        let file = folder.path + "/sample_test.lua"
        #expect(summary(results) == [
            "FAIL frames: \(file):11: bad argument #1 to 'frameAt' (the clock is at 1 s, before 2 s: run(…) past it first)",
            "FAIL bad: \(file):13: bad argument #1 to 'frameAt' (a time in seconds from 0 expected, got -1)",
            "FAIL keeps none: \(file):17: bad argument #1 to 'frameAt' (the test keeps no frames ({ keepFrames = false }): "
                + "frame() or frameAt(now) only)",
        ])
    }

    @Test func snapshotsAreRecordedComparedAndShownWhenTheyDiffer() throws {
        let folder = try TemporaryFolder()
        func test(_ y: Int) -> String {
            """
            test("card", function()
              local root = ViewController{ name = "root", viewDidLoad = function(self)
                self.view.backgroundColor = "#ffffff"
                self.view:addSubview(View{ name = "card", frame = rect(20, \(y), 100, 60), backgroundColor = "#ff0000",
                  cornerRadius = 8 })
                self.view:addSubview(Label{ name = "title", frame = rect(20, 200, 200, 30), text = "Hello" })
              end }
              window.rootViewController = root
              step()
              expect(frame()):toMatchSnapshot("card")
            end)
            """
        }
        var results = try run(test(100), in: folder)
        #expect(results.map(\.outcome) == [.passed])
        #expect(results[0].snapshotsWritten == ["\(folder.path)/__snapshots__/card.svg"])
        let recorded = try #require(folder.read("__snapshots__/card.svg"))
        #expect(recorded.contains(##"  {"view":"card","backgroundColor":"#ff0000ff","cornerRadius":8,"frame":[20,100,100,60]}"##))

        // The same frame matches; one within the tolerance too.
        results = try run(test(100), in: folder)
        #expect(results.map(\.outcome) == [.passed])
        #expect(results[0].snapshotsWritten.isEmpty)

        // One that moved fails, with a page showing how.
        results = try run(test(130), in: folder)
        let failure = try #require(results[0].failure)
        #expect(failure.message == """
            snapshot 'card' differs (1 difference):
              window › view of root › card: frame expected [20,100,100,60], got [20,130,100,60]
              see \(folder.path)/__snapshots__/__failures__/card.html
            """)
        #expect(failure.location == "\(folder.path)/sample_test.lua:10")
        #expect(failure.snapshotPage == "\(folder.path)/__snapshots__/__failures__/card.html")
        let page = try #require(folder.read("__snapshots__/__failures__/card.html"))
        #expect(page.contains("<td>window › view of root › card</td><td>frame</td><td>[20,100,100,60]</td><td>[20,130,100,60]</td>"))
        #expect(page.components(separatedBy: "data:image/svg+xml;base64,").count == 3, "each picture once")
        #expect(folder.read("__snapshots__/card.svg") == recorded)

        // --update records it again and clears the page; --ci compares only.
        results = try run(test(130), in: folder, snapshots: .update)
        #expect(results.map(\.outcome) == [.passed])
        #expect(folder.read("__snapshots__/__failures__/card.html") == nil)
        #expect(folder.read("__snapshots__/card.svg")?.contains(#""frame":[20,130,100,60]"#) == true)
        try FileManager.default.removeItem(atPath: folder.path + "/__snapshots__/card.svg")
        results = try run(test(130), in: folder, snapshots: .compareOnly)
        #expect(results[0].failure?.message == "snapshot 'card' does not exist (\(folder.path)/__snapshots__/card.svg); "
            + "a CI run (--ci, or $CI set) only compares: record it with scrim test outside CI")
    }

    @Test func snapshotNamesAndFoldersCannotLeadElsewhere() throws {
        let folder = try TemporaryFolder()
        let outside = try TemporaryFolder()
        var results = try run("""
            test("dots", function() expect(frame()):toMatchSnapshot("../escape") end)
            test("slash", function() expect(frame()):toMatchSnapshot("a/b") end)
            test("empty", function() expect(frame()):toMatchSnapshot("") end)
            test("twice", function() expect(frame()):toMatchSnapshot("one") end)
            test("again", function() expect(frame()):toMatchSnapshot("one") end)
            test("not a frame", function() expect({}):toMatchSnapshot("x") end)
            """, in: folder)
        let refusal = "letters, digits, '.', '_' and '-' only, not starting with '.', at most 100 characters"
        #expect(results.map { $0.failure?.message } == [
            "snapshot name \"../escape\": " + refusal,
            "snapshot name \"a/b\": " + refusal,
            "snapshot name \"\": " + refusal,
            nil,
            "snapshot 'one' is the test 'twice''s (\(folder.path)/sample_test.lua): each test names its own",
            "toMatchSnapshot: expected a frame (frameAt(t) or frame()), got {}",
        ])
        // A __snapshots__ that is a link leads nowhere.
        try FileManager.default.removeItem(atPath: folder.path + "/__snapshots__")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/__snapshots__", withDestinationPath: outside.path)
        results = try run("""
            test("linked", function() expect(frame()):toMatchSnapshot("x") end)
            """, in: folder)
        #expect(results[0].failure?.message == "\(folder.path)/__snapshots__ is a symbolic link; snapshots are written in a folder")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func junitReportsHoldWhatCIReads() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("passes <&>", function() run(0.25) end)
            test("fails", function() expect(1):toBe(2) end)
            test.skip("skipped", function() end)
            """, in: folder)
        let xml = JUnitReport.xml(results)
        let file = folder.path + "/sample_test.lua"
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="scrim test" tests="3" failures="1" errors="0" skipped="1" time="0.25">
              <testsuite name="\(file)" tests="3" failures="1" errors="0" skipped="1" time="0.25">
                <testcase name="passes &lt;&amp;&gt;" classname="\(file)" file="\(file)" line="1" time="0.25"/>
                <testcase name="fails" classname="\(file)" file="\(file)" line="2" time="0">
                  <failure message="expected 2, got 1" type="failure">\(file):2: expected 2, got 1
            \(JUnitReport.text(results[1].failure!.traceback))</failure>
                </testcase>
                <testcase name="skipped" classname="\(file)" file="\(file)" line="3" time="0">
                  <skipped/>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    /// From the attack on the runner (docs/robustness.md): what a hostile or careless test file did.
    @Test func failuresHiddenFromTheTestStillFailIt() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("in a callback", function()
              window.rootViewController = ViewController{ name = "r", viewDidAppear = function() expect(1):toBe(2) end }
              step()
            end, { allowScriptErrors = true })
            test("in a pcall", function() pcall(function() expect("a"):toBe("b") end) end)
            test("exits", function() os.exit(true) end)
            test("integers far apart", function() expect(math.mininteger):toBeCloseTo(0) end)
            test("fine", function()
              expect(math.maxinteger):toBeCloseTo(math.maxinteger)
              expect(0 / 0):toBeCloseTo(0 / 0)
              expect(math.maxinteger).never:toBeCloseTo(math.maxinteger - 1, 0)
            end)
            """, in: folder)
        let file = folder.path + "/sample_test.lua"
        #expect(summary(results) == [
            "FAIL in a callback: \(file):2: expected 2, got 1",
            "FAIL in a pcall: \(file):5: expected \"b\", got \"a\"",
            "FAIL exits: \(file):6: os.exit in a test file: a test ends by returning or by failing",
            "FAIL integers far apart: \(file):7: expected 0 ± 1e-06, got -9223372036854775808 (off by 9.2233720368548e+18)",
            "ok fine",
        ])
    }

    @Test func snapshotsOfFailedTestsAreNotRecordedAndNamesAreOnceAFolder() throws {
        let folder = try TemporaryFolder()
        var results = try run("""
            test("fails after", function() expect(frame()):toMatchSnapshot("a"); error("later") end)
            test("twice", function()
              expect(frame()):toMatchSnapshot("b")
              expect(frame()):toMatchSnapshot("b")
            end)
            test("not finite", function()
              window:addSubview(View{ name = "far", frame = rect(0, 0, 10, 10), alpha = 0 / 0 })
              expect(frame()):toMatchSnapshot("nan")
            end)
            """, in: folder)
        #expect(results.map { $0.failure?.message } == [
            "later", "snapshot 'b' is taken already by this test: give each frame a name of its own", nil,
        ])
        #expect(folder.read("__snapshots__/a.svg") == nil)
        #expect(folder.read("__snapshots__/nan.svg")?.contains(#""alpha":"nan""#) == true)
        // A NaN recorded matches itself.
        results = try run("""
            test("not finite", function()
              window:addSubview(View{ name = "far", frame = rect(0, 0, 10, 10), alpha = 0 / 0 })
              expect(frame()):toMatchSnapshot("nan")
            end)
            """, in: folder)
        #expect(results.map(\.outcome) == [.passed])

        // Two files of one folder share its snapshots' names.
        try folder.write("first_test.lua", "test('one', function() expect(frame()):toMatchSnapshot('shared') end)")
        try folder.write("second_test.lua", "test('two', function() expect(frame()):toMatchSnapshot('shared') end)")
        let runner = TestRunner(makeRuntime: { Runtime() })
        let both = runner.run(files: [folder.path + "/first_test.lua", folder.path + "/second_test.lua"])
        #expect(both.map { $0.failure?.message } == [nil, "snapshot 'shared' is the test 'one''s (\(folder.path)/first_test.lua): each test names its own"])
    }

    @Test func eachTestsRuntimeGoesWhenItsTestEnds() throws {
        let folder = try TemporaryFolder()
        try folder.write("many_test.lua", "for i = 1, 5 do test('t' .. i, function() big = string.rep('x', 1000) end) end")
        final class Made { weak var runtime: Runtime? }
        var made: [Made] = []
        let runner = TestRunner(makeRuntime: {
            let runtime = Runtime()
            let record = Made()
            record.runtime = runtime
            made.append(record)
            return runtime
        })
        #expect(runner.run(file: folder.path + "/many_test.lua").map(\.outcome) == Array(repeating: .passed, count: 5))
        #expect(made.count == 6)
        #expect(made.allSatisfy { $0.runtime == nil })
    }

    @Test func aTestDefinedDifferentlyOnARerunFailsAlone() throws {
        let folder = try TemporaryFolder()
        let results = try run("""
            test("stable", function() end)
            test("changes " .. tostring({}), function() end)
            test("stable too", function() end)
            """, in: folder)
        #expect(results.map(\.failure?.message) == [nil, "the file defined other tests when run again: define them the same way every time", nil])
    }

    @Test func keptFramesLetTheOldestGoWithinTheirBudget() {
        let application = Application()
        let history = FrameHistory(window: application.window)
        let frame = history.capture(at: 0)
        for index in 0..<100 {
            var big = frame
            big.time = Double(index)
            big.bytes = 1 << 20
            history.keep(big)
        }
        #expect(history.oldest == Double(100 - (FrameHistory.budget >> 20)))
        #expect(history.latest(atOrBefore: 10) == nil)
        #expect(history.latest(atOrBefore: 99.5)?.time == 99)
    }

    @Test func reportsShowControlCharactersAsEscapes() {
        let result = TestResult(file: "a_test.lua", name: "red\u{1B}[31m\rname", line: 1, outcome: .passed, clockTime: 0)
        #expect(TestReport.line(for: result) == "ok    a_test.lua:1  red\\u{1B}[31m\\u{D}name  (0 s)")
    }
}
