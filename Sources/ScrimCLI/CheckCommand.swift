import ArgumentParser
import Foundation
import ScrimLua

/// `scrim check PLUGIN…`: loads each plugin in the sandbox, looks over what it declares, runs its
/// self-test, and reports problems with `file:line`.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check plugins: load each in the sandbox, look over what it declares, run its self-test.",
        discussion: """
            Each plugin runs in a runtime of its own, finding the plugins it uses in its own folder, \
            then along the usual plugin path. A problem is printed as `file:line: message`: an error \
            while loading, a transitioning-delegate method or hook name nothing calls (a typo, with a \
            suggestion), a `container` that is not a controller class, a failing `selfTest`, or a \
            script error during it. Folders without init.lua (modules) are skipped. Exits 0 when \
            every plugin passes, 1 otherwise.
            """
    )

    @Argument(help: "Plugin files (.lua) or folders with init.lua.")
    var paths: [String]

    @OptionGroup var options: ConfigurationArguments

    func run() throws {
        let searchPaths = PluginManager.defaultSearchPaths(extra: options.pluginFolders)
        let grants = try options.parsed.parsedGrants()
        var passed = 0, failed = 0, skipped = 0
        for path in paths {
            let report = PluginCheck.check(path: path, searchPaths: searchPaths, grants: grants, limits: options.parsed.limits)
            let shown = PluginManager.displayPath(path)
            if let reason = report.skipped {
                skipped += 1
                print("skip  \(shown): \(reason)")
            } else if report.passed {
                passed += 1
                let version = report.version.map { " \($0)" } ?? ""
                let selfTest = report.ranSelfTest ? ", self-test passed" : ", no self-test"
                print("ok    \(report.name ?? shown)\(version) (\(shown)\(selfTest))")
            } else {
                failed += 1
                print("FAIL  \(report.name ?? shown) (\(shown))")
                for problem in report.problems { print("      \(problem)") }
            }
        }
        let checked = passed + failed
        print("\(checked) plugin\(checked == 1 ? "" : "s") checked: \(passed) passed, \(failed) failed"
              + (skipped > 0 ? ", \(skipped) skipped" : ""))
        if failed > 0 { throw ExitCode(1) }
    }
}
