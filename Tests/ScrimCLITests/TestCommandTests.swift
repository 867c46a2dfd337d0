import Foundation
import FoundationXML
import Testing

@Suite struct TestCommandTests {
    /// Outside CI: a missing snapshot is recorded.
    static let local = ["CI": ""]

    @Test func theShippedPluginsTestsPassAgainstTheirSnapshots() throws {
        let result = try Scrim.run(["test", "--ci", "Plugins/tests"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains(
            "ok    Plugins/tests/half-sheet_test.lua:27  presenting › half-way, the sheet is on its way up  (0.517 s)\n"))
        #expect(result.stdout.hasSuffix("28 passed, 0 failed (28 tests in 11 files)\n"))
    }

    @Test func everyShippedPluginHasATestFile() throws {
        let root = Scrim.packageRoot.appendingPathComponent("Plugins")
        let plugins = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".lua") }.map { String($0.dropLast(4)) }.sorted()
        let tests = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("tests").path)
            .filter { $0.hasSuffix("_test.lua") }.map { String($0.dropLast(9)) }.sorted()
        #expect(tests == plugins)
    }

    @Test func aRunPrintsALinePerTestASummaryAndFailsWithTheLocation() throws {
        let scratch = Scratch()
        scratch.write("tests/sheet.lua", """
            describe("sheet", function()
              test("opens", function() run(0.25) end)
              test("closes", function() expect(1 + 1):toBe(3) end)
              test.skip("drags", function() end)
            end)
            """)
        scratch.write("other_test.lua", "test('counts', function() expect(#trace()):toBe(0) end)\n")
        scratch.write("helper.lua", "error('not a test file')\n")
        let result = try Scrim.run(["test", "--junit", "report.xml"], in: scratch.url, environment: Self.local)
        #expect(result.status == 1)
        #expect(result.stdout == """
            ok    other_test.lua:1  counts  (0 s)
            ok    tests/sheet.lua:2  sheet › opens  (0.25 s)
            FAIL  tests/sheet.lua:3  sheet › closes
                  tests/sheet.lua:3: expected 3, got 2
            skip  tests/sheet.lua:4  sheet › drags
            2 passed, 1 failed, 1 skipped (4 tests in 2 files)

            """)

        // The report holds what JUnit's schema requires of each element.
        let report = try XMLDocument(contentsOf: scratch.url.appendingPathComponent("report.xml"))
        let root = try #require(report.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["other_test.lua", "tests/sheet.lua"])
        for suite in suites {
            for required in ["name", "tests", "failures", "errors", "skipped", "time"] {
                #expect(suite.attribute(forName: required) != nil, "testsuite lacks \(required)")
            }
            for testCase in suite.elements(forName: "testcase") {
                for required in ["name", "classname", "time"] {
                    #expect(testCase.attribute(forName: required) != nil, "testcase lacks \(required)")
                }
            }
        }
        let cases = suites[1].elements(forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "time")?.stringValue } == ["0.25", "0", "0"])
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "expected 3, got 2")
        #expect(failure.stringValue?.hasPrefix("tests/sheet.lua:3: expected 3, got 2\n") == true)
        #expect(cases[2].elements(forName: "skipped").count == 1)
    }

    @Test func aSnapshotIsRecordedThenComparedAndADifferenceShown() throws {
        let scratch = Scratch()
        func write(_ alpha: Double) {
            scratch.write("fade_test.lua", """
                test("fades", function()
                  window.rootViewController = ViewController{ name = "root", viewDidLoad = function(self)
                    self.view:addSubview(View{ name = "box", frame = rect(10, 10, 50, 50), backgroundColor = "#ff0000", alpha = \(alpha) })
                  end }
                  step()
                  expect(frame()):toMatchSnapshot("box")
                end)
                """)
        }
        write(0.5)
        var result = try Scrim.run(["test"], in: scratch.url, environment: Self.local)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("1 passed, 0 failed (1 test in 1 file); 1 snapshot written\n"))
        result = try Scrim.run(["test"], in: scratch.url, environment: ["CI": "true"])
        #expect(result.stdout.hasSuffix("1 passed, 0 failed (1 test in 1 file)\n"))

        write(0.505)
        result = try Scrim.run(["test"], in: scratch.url, environment: ["CI": "true"])
        #expect(result.status == 0, "within the tolerance of 0.01")
        write(0.8)
        result = try Scrim.run(["test"], in: scratch.url, environment: ["CI": "true"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("""
                  fade_test.lua:6: snapshot 'box' differs (1 difference):
                    window › view of root › box: alpha expected 0.5, got 0.8
                    see __snapshots__/__failures__/box.html
            """))
        #expect(FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("__snapshots__/__failures__/box.html").path))

        result = try Scrim.run(["test", "--update"], in: scratch.url, environment: ["CI": "true"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --update records snapshots, which a CI run ($CI is set) should not"))
        result = try Scrim.run(["test", "--update"], in: scratch.url, environment: Self.local)
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("__snapshots__/__failures__/box.html").path))
    }

    @Test func filtersAndEmptyRunsAreExplained() throws {
        let scratch = Scratch()
        scratch.write("a_test.lua", "test('present', function() end)\ntest('dismiss', function() end)\n")
        var result = try Scrim.run(["test", "--filter", "dis"], in: scratch.url, environment: Self.local)
        #expect(result.status == 0)
        #expect(result.stdout == "ok    a_test.lua:2  dismiss  (0 s)\n1 passed, 0 failed, 1 filtered out (1 test in 1 file)\n")
        result = try Scrim.run(["test", "--filter", "nothing", "--filter", "(a+)+$"], in: scratch.url, environment: Self.local)
        #expect(result.status == 1)
        #expect(result.stderr == "no test's name contains 'nothing' or '(a+)+$'\n")
        result = try Scrim.run(["test", "nowhere"], in: scratch.url, environment: Self.local)
        #expect(result.stderr == "nowhere: no such file or folder\n")
        scratch.write("none/none_test.lua", "-- tests to come\n")
        result = try Scrim.run(["test", "none"], in: scratch.url, environment: Self.local)
        #expect(result.status == 1)
        #expect(result.stderr == "no tests in none/none_test.lua: a test file defines them with test(name, fn)\n")
        scratch.write("empty/readme.txt", "")
        result = try Scrim.run(["test", "empty"], in: scratch.url, environment: Self.local)
        #expect(result.status == 1)
        #expect(result.stderr == "no tests found in empty: test files are named *_test.lua, or are in a tests/ folder\n")
    }

    @Test func reportsAreNotWrittenOverDevices() throws {
        let scratch = Scratch()
        scratch.write("a_test.lua", "test('a', function() end)\n")
        try FileManager.default.createSymbolicLink(atPath: scratch.url.appendingPathComponent("null").path, withDestinationPath: "/dev/null")
        var result = try Scrim.run(["test", "--junit", "/dev/null"], in: scratch.url, environment: Self.local)
        #expect(result.status == 1)
        #expect(result.stderr == "cannot write /dev/null: it is a device, not a file\n")
        result = try Scrim.run(["test", "--junit", "null"], in: scratch.url, environment: Self.local)
        #expect(result.stderr == "cannot write null: it is a link to a device, not a file\n")
        let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type] as? FileAttributeType
        #expect(type == .typeCharacterSpecial)
    }

    @Test func watchRunsTheTestFilesAChangeAffects() throws {
        let scratch = Scratch()
        scratch.write("P/mark.lua", "return scrim.plugin { name = 'mark', mark = 'one' }")
        let usesPlugin = scratch.write("uses_test.lua", "test('uses the plugin', function() expect(plugin('mark').mark):toBe('one') end)")
        scratch.write("alone_test.lua", "test('stands alone', function() end)")
        let watching = try LiveRepl(["--watch", "--plugins", scratch.url.path + "/P"], in: scratch.url,
                                    home: scratch.url, terminal: false, command: "test")
        watching.expect("2 passed, 0 failed (2 tests in 2 files)")
        watching.expect("watching the tests and their plugins")
        try "return scrim.plugin { name = 'mark', mark = 'two' }".write(
            toFile: scratch.url.appendingPathComponent("P/mark.lua").path, atomically: true, encoding: .utf8)
        watching.expect("P/mark.lua changed; running the tests it affects")
        watching.expect("uses_test.lua:1: expected \"one\", got \"two\"")
        watching.expect("0 passed, 1 failed (1 test in 1 file)")
        try "test('uses the plugin', function() expect(plugin('mark').mark):toBe('two') end)".write(
            toFile: usesPlugin, atomically: true, encoding: .utf8)
        watching.expect("1 passed, 0 failed (1 test in 1 file)")
        kill(watching.process.processIdentifier, SIGINT)
        #expect(watching.waitForExit() == SIGINT && watching.process.terminationReason == .uncaughtSignal)
    }
}
