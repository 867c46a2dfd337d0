import ArgumentParser
@testable import ScrimCLI
import Testing

/// `scrim run`'s quick path reads plain invocations exactly as the argument parser does, and
/// leaves everything else — help, errors, unusual spellings — to the parser.
@Suite struct ScenarioRunQuickParsingTests {
    @Test(arguments: [
        ["a.lua"],
        ["a.lua", "--trace", "-", "--fps", "120"],
        ["--plugins", "P", "a.lua", "--plugins", "Q", "--grant", "x=io", "--grant", "y=os,debug"],
        ["a.lua", "--no-limits", "--watch", "--trace", "out.jsonl"],
        ["a.lua", "--instruction-budget", "5000", "--memory-cap", "64", "--time-limit", "0.5", "--listen", "/tmp/s.sock"],
    ])
    func plainInvocationsReadAsTheParserReadsThem(arguments: [String]) throws {
        let quick = try #require(ScenarioRun(quickParsing: ["run"] + arguments))
        #expect(quick == (try RunCommand.parse(arguments)).scenarioRun)
    }

    @Test(arguments: [
        ["run"], ["run", "a.lua", "b.lua"], ["run", "-"], ["run", "-h"], ["run", "a.lua", "--help"],
        ["run", "a.lua", "--bogus"], ["run", "a.lua", "--trace"], ["run", "a.lua", "--trace", "--fps", "30"],
        ["run", "a.lua", "--trace=-"], ["run", "a.lua", "--", "b.lua"], ["run", "a.lua", "--fps", "30", "--fps", "60"],
        ["run", "a.lua", "--fps", "0"], ["run", "a.lua", "--fps", "x"], ["run", "a.lua", "--fps", "-5"],
        ["run", "a.lua", "--time-limit", "nan"], ["run", "a.lua", "--watch", "--listen", "s.sock"],
        ["run", "a.lua", "--no-limits", "--memory-cap", "5"], ["run", "a.lua", "--grant", "no-permissions"],
        ["render", "a.lua"], ["--version"], [],
    ])
    func everythingElseIsLeftToTheParser(arguments: [String]) {
        #expect(ScenarioRun(quickParsing: arguments) == nil)
    }

    /// An option added to `scrim run` must be added to the quick path too, or it would be
    /// misread as unknown there (and only there, slowly, by the parser).
    @Test func theQuickPathKnowsEveryOptionRunDeclares() {
        let help = RunCommand.helpMessage(columns: 1000)
        var declared = Set(help.matches(of: /--[a-z][a-z-]*/).map { String($0.output) })
        declared.remove("--help")
        #expect(declared == ScenarioRun.quickOptionNames)
    }
}
