import ArgumentParser
import Foundation
import ScrimCore
import ScrimLua
import ScrimTesting

/// `scrim test [PATH…]`: finds test files, runs each test in a fresh runtime on the virtual
/// clock, prints a line per test and a summary, and exits 1 when one fails.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run tests of transitions and plugins: *_test.lua files, and the Lua files of tests/ folders.",
        discussion: """
            Each test runs in a runtime of its own, on the virtual clock, with the plugin paths \
            and limits of `scrim run`. A test fails when a matcher fails, when it raises an error, \
            or when a plugin's callback fails while it runs. Snapshots live in __snapshots__ beside \
            each test file: a missing one is recorded (unless --ci), one that differs fails the test \
            and leaves a page showing how in __snapshots__/__failures__. Exits 0 when every test \
            passes, 1 otherwise (or when there are no tests).
            """
    )

    @Argument(help: "Test files, or folders to search (default: the current folder).")
    var paths: [String] = []

    @OptionGroup var options: ConfigurationArguments

    @Flag(help: "Record every snapshot the tests take again, matching or not.")
    var update = false

    @Flag(help: "Compare snapshots only: a missing one fails the test (the default when $CI is set).")
    var ci = false

    @Option(help: ArgumentHelp("Write the results as JUnit XML to this file.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Run only the tests whose full name (describe blocks › test) contains this text; repeatable (any of them).",
                               valueName: "text"))
    var filter: [String] = []

    @Flag(help: "Run again whenever a test file or a Lua file of the plugins its tests use changes (until Ctrl-C).")
    var watch = false

    @Option(help: "Frames per second of the virtual clock.")
    var fps: Int = 60

    func validate() throws {
        try options.parsed.validate()
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if update && ci { throw ValidationError("--update cannot be combined with --ci") }
        if update && TestCommand.isCIRun {
            throw ValidationError("--update records snapshots, which a CI run ($CI is set) should not; unset CI to record them")
        }
        if watch && junit != nil { throw ValidationError("--watch cannot be combined with --junit") }
        if filter.contains("") { throw ValidationError("--filter needs some text: an empty one would keep every test") }
    }

    /// Whether `$CI` is set, to anything but "", "0", "false" or "no".
    private static var isCIRun: Bool {
        guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
        return !["", "0", "false", "no"].contains(value.lowercased())
    }

    func run() throws {
        // A reader that goes away (`| head`) ends the output, not the run: the report is still written.
        signal(SIGPIPE, SIG_IGN)
        if let junit { try OutputFile.checkWritable(URL(fileURLWithPath: junit)) }
        let searched = paths.isEmpty ? ["."] : paths
        guard watch else {
            let outcome = try runOnce(searched)
            if outcome.failed { throw ExitCode(1) }
            return
        }
        // Each run after the first runs the test files a change affects: a test file that
        // changed or is new, and those whose tests loaded a plugin from a folder that changed.
        let watcher = try FileWatcher()
        var pluginFolders: [String: Set<String>] = [:]
        var changed: [String]?
        while true {
            var folders = Set(searched.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            do {
                let outcome = try runOnce(searched) { file in
                    guard let changed else { return true }
                    let path = URL(fileURLWithPath: file).standardizedFileURL.path
                    guard let used = pluginFolders[path] else { return true }
                    return changed.contains { $0 == path || used.contains(($0 as NSString).deletingLastPathComponent) }
                }
                pluginFolders.merge(outcome.pluginFolders) { $1 }
                folders.formUnion(outcome.watched)
            } catch let error as CLIError {
                ScenarioWatching.say(error.description)
            }
            let shown = ScenarioWatching.waitForLuaChange(
                in: folders, watcher: watcher, announcing: "scrim: watching the tests and their plugins; Ctrl-C to stop")
            changed = shown.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
            ScenarioWatching.say(TestReport.printable("scrim: \(shown.joined(separator: ", ")) changed; running the tests it affects"))
        }
    }

    /// Runs the tests of the files found that `runs` accepts and prints the results; returns
    /// whether one failed, the folders to watch for changes, and the plugin folders each file's
    /// tests used (by the file's standardized path).
    private func runOnce(_ searched: [String], runs: (String) -> Bool = { _ in true }) throws
        -> (failed: Bool, watched: Set<String>, pluginFolders: [String: Set<String>]) {
        var files: [String]
        var skipped: [String] = []
        do { files = try TestDiscovery.files(in: searched, skipped: &skipped) } catch {
            throw CLIError(TestReport.printable(error.message))
        }
        for reason in skipped { ScenarioWatching.say("scrim: skipped " + TestReport.printable(reason)) }
        guard !files.isEmpty else {
            throw CLIError("no tests found in \(TestReport.printable(searched.joined(separator: ", "))): "
                + "test files are named *_test.lua, or are in a tests/ folder")
        }
        let watched = Set(files.map { URL(fileURLWithPath: $0).standardizedFileURL.deletingLastPathComponent().path })
        files = files.filter(runs)
        guard !files.isEmpty else {
            ScenarioWatching.say("scrim: no test file uses what changed")
            return (false, watched, [:])
        }
        let runtimeOptions = options.parsed
        let fps = fps
        let mode: SnapshotMode = update ? .update
            : ci || TestCommand.isCIRun ? .compareOnly : .recordMissing
        let filters = filter
        let runner = TestRunner(makeRuntime: { try runtimeOptions.makeRuntime(clock: VirtualClock(fps: fps)) },
                                snapshots: mode) { name in
            filters.isEmpty || filters.contains { name.contains($0) }
        }
        runner.onResult = { result in TestCommand.write(TestReport.line(for: result)) }
        let results = runner.run(files: files)
        let failed = results.contains { $0.failure != nil }
        let summary = TestReport.summary(of: results, files: files.count, filteredOut: runner.filteredOut)
        TestCommand.write(summary)
        if let junit {
            try OutputFile.write(Data(JUnitReport.xml(results).utf8), to: URL(fileURLWithPath: junit))
        }
        var used: [String: Set<String>] = [:]
        for (file, folders) in runner.pluginFolders { used[URL(fileURLWithPath: file).standardizedFileURL.path] = folders }
        if results.isEmpty, runner.filteredOut > 0 {
            throw CLIError(TestReport.printable("no test's name contains \(filter.map { "'\($0)'" }.joined(separator: " or "))"))
        }
        if results.isEmpty {
            throw CLIError(TestReport.printable("no tests in \(files.joined(separator: ", ")): a test file defines them with test(name, fn)"))
        }
        return (failed, watched.union(used.values.joined()), used)
    }

    /// Writes a line to standard output unbuffered: a pipe (CI's log, an editor's panel, a
    /// terminal under --watch) sees each result as it comes.
    static func write(_ line: String) {
        try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
    }
}
