import Foundation
import LuaBridge
import ScrimCore
import ScrimLua

/// Runs test files as `scrim test` does: each file once to learn its tests, then each test in a
/// fresh runtime of its own — made by `makeRuntime`, so with the plugin paths and limits the
/// caller gives — on the virtual clock. A test fails when it raises an error (a matcher's, or
/// any other), or when a plugin's callback fails while it runs (a `scriptError`) unless it
/// allows that; a test that never ends is cut short by the runtime's limits.
public final class TestRunner {
    /// Makes the runtime of one test: a new one each time.
    public let makeRuntime: () throws -> Runtime
    public let snapshots: SnapshotMode
    /// Whether a test, by its full name, is to run; tests it rejects are left out of the results.
    public let filter: (String) -> Bool
    /// Told each result as it is known.
    public var onResult: (TestResult) -> Void = { _ in }
    /// The folders each file's tests loaded plugins from, for `--watch`.
    public private(set) var pluginFolders: [String: Set<String>] = [:]
    /// Tests the filter left out, counted.
    public private(set) var filteredOut = 0
    /// The snapshots of each folder of test files.
    private var stores: [String: SnapshotStore] = [:]
    /// Whether Ctrl-C stops the run (for a host that handles it, `LuaState.handleInterrupts`,
    /// as the REPL does): the running test fails with `interrupted!` and no other starts.
    public var stopsOnInterrupt = false
    /// Whether a Ctrl-C stopped the last run.
    public private(set) var wasInterrupted = false
    private var interruptsBefore = 0

    public init(makeRuntime: @escaping () throws -> Runtime, snapshots: SnapshotMode = .recordMissing,
                filter: @escaping (String) -> Bool = { _ in true }) {
        self.makeRuntime = makeRuntime
        self.snapshots = snapshots
        self.filter = filter
    }

    /// Runs every test of every file, in order. Each run starts afresh: a snapshot's name is
    /// one test's within a run.
    public func run(files: [String]) -> [TestResult] {
        stores = [:]
        filteredOut = 0
        wasInterrupted = false
        interruptsBefore = LuaState.interruptSignals
        var results: [TestResult] = []
        for file in files where !wasInterrupted { results += runTests(of: file) }
        return results
    }

    /// Runs the tests of one file.
    public func run(file: String) -> [TestResult] {
        run(files: [file])
    }

    private func runTests(of file: String) -> [TestResult] {
        let folder = (file as NSString).deletingLastPathComponent
        let store = stores[folder] ?? SnapshotStore(folder: folder, mode: snapshots)
        stores[folder] = store
        var results: [TestResult] = []
        func report(_ result: TestResult) {
            results.append(result)
            onResult(result)
        }
        func fileFailure(_ message: String, location: String? = nil) -> [TestResult] {
            // The line, when the failure is in the file itself.
            let line = location.flatMap { $0.hasPrefix(file + ":") ? Int($0.dropFirst(file.count + 1)) : nil } ?? 0
            report(TestResult(file: file, name: "(defining the tests)", line: line,
                              outcome: .failed(TestFailure(message: message, location: location)), clockTime: 0))
            return results
        }
        let definitions: [TestSession.Definition]
        do {
            let session = try TestSession(runtime: makeRuntime(), file: file, store: store)
            defer { session.close() }
            try session.load()
            pluginFolders[file, default: []].formUnion(session.runtime.plugins.watchedFolders)
            if let failure = session.firstScriptError.map(TestRunner.failure(from:)) {
                return fileFailure(failure.message, location: failure.location)
            }
            definitions = session.definitions
        } catch let error as LuaError {
            let failure = TestRunner.failure(from: error)
            return fileFailure(failure.message, location: failure.location)
        } catch {
            return fileFailure("cannot make a runtime: \(error)")
        }
        for (index, definition) in definitions.enumerated() {
            if stopsOnInterrupt, LuaState.interruptSignals != interruptsBefore { wasInterrupted = true }
            if wasInterrupted { break }
            guard filter(definition.name) else {
                filteredOut += 1
                continue
            }
            var result = TestResult(file: file, name: definition.name, line: definition.line, outcome: .passed, clockTime: 0)
            if definition.skipped {
                result.outcome = .skipped
                report(result)
                continue
            }
            result.outcome = run(index, of: definitions, in: file, store: store, into: &result)
            report(result)
        }
        return results
    }

    /// Runs one test in a fresh runtime; returns how it ended.
    private func run(_ index: Int, of definitions: [TestSession.Definition], in file: String, store: SnapshotStore,
                     into result: inout TestResult) -> TestResult.Outcome {
        let definition = definitions[index]
        let session: TestSession
        do {
            session = try TestSession(runtime: makeRuntime(), file: file, store: store)
        } catch {
            return .failed(TestFailure(message: "cannot make a runtime: \(error)"))
        }
        defer { session.close() }
        do {
            try session.load()
        } catch {
            return .failed(TestRunner.failure(from: error))
        }
        guard session.definitions.indices.contains(index), session.definitions[index] == definition else {
            return .failed(TestFailure(message: "the file defined other tests when run again: define them the same way every time",
                                       location: "\(file):\(definition.line)"))
        }
        var outcome = TestResult.Outcome.passed
        do {
            try session.run(index, interruptibly: stopsOnInterrupt)
            if !definition.allowsScriptErrors, let failure = session.firstScriptError.map(TestRunner.failure(from:)) {
                outcome = .failed(failure)
            }
        } catch {
            var failure = TestRunner.failure(from: error)
            failure.snapshotPage = session.snapshotPage
            outcome = .failed(failure)
        }
        // An expectation that failed first — perhaps where the test could not see it, in a
        // callback whose error the runtime reported, or inside a pcall — is the test's failure
        // (with the traceback of the error, when that is what the test raised).
        if var failure = session.firstExpectationFailure,
           outcome.failure.map({ $0.message != failure.message || $0.location != failure.location }) ?? true {
            failure.snapshotPage = session.snapshotPage
            outcome = .failed(failure)
        }
        result.clockTime = session.runtime.application.clock.now
        pluginFolders[file, default: []].formUnion(session.runtime.plugins.watchedFolders)
        do {
            result.snapshotsWritten = try store.commit(passed: outcome == .passed)
        } catch {
            outcome = .failed(TestFailure(message: error.message))
        }
        return outcome
    }

    /// A plugin's failure while a test ran, as the test's.
    static func failure(from error: ScriptErrorReport) -> TestFailure {
        let callback = error.callback.map { " (in \($0)" + (error.controller.map { " of \($0)" } ?? "") + ")" } ?? ""
        return TestFailure(message: "a script error while the test ran: " + error.message + callback
                           + "; pass { allowScriptErrors = true } to test() when the test expects it",
                           location: error.location)
    }

    /// A Lua error as a failure: the message without the location it starts with.
    static func failure(from error: LuaError) -> TestFailure {
        var message = error.message
        if let location = error.location, message.hasPrefix(location + ": ") { message.removeFirst(location.count + 2) }
        return TestFailure(message: message, location: error.location, traceback: error.traceback)
    }
}
