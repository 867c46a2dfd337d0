/// How one test ended, as `scrim test` reports it.
public struct TestResult: Sendable {
    public enum Outcome: Sendable, Equatable {
        case passed
        case failed(TestFailure)
        case skipped
    }

    /// The test file, as given or found.
    public var file: String
    /// The test's name, its describe blocks' names before it: `half-sheet › presents`.
    public var name: String
    /// Where the test is defined; 0 for a failure of the file as a whole.
    public var line: Int
    public var outcome: Outcome
    /// The virtual clock's time when the test ended: the seconds of the transition it ran.
    public var clockTime: Double
    /// Snapshots it recorded.
    public var snapshotsWritten: [String] = []

    public var failure: TestFailure? { outcome.failure }
}

extension TestResult.Outcome {
    /// Why the test failed, when it did.
    public var failure: TestFailure? {
        if case .failed(let failure) = self { return failure }
        return nil
    }
}

/// Why a test failed: a message and where it was raised, and the page that shows a snapshot
/// that differs.
public struct TestFailure: Sendable, Equatable {
    public var message: String
    /// `file:line` of the failing line, when known.
    public var location: String?
    /// The traceback of an error, for a reader who wants it.
    public var traceback: String = ""
    /// The page showing a snapshot's differences.
    public var snapshotPage: String?

    /// `file:line: message`, or the message alone.
    public var description: String { location.map { "\($0): \(message)" } ?? message }
}
