import Foundation

/// Runs the API fuzzer's programs in worker processes, so that a program that crashes or hangs
/// the host is reported with its seed rather than taking the fuzzer down with it, and shrinks a
/// failing program to the fewest statements that still fail the same way.
///
/// The worker is an executable that takes `--worker FIRST COUNT` (runs those seeds, writing
/// `begin <seed>` before each and `broken <seed> <what>` for a program that broke something)
/// and `--program FILE` (runs one program; exit status 1 and what broke on standard output).
public struct FuzzSupervisor {
    /// How a program failed.
    public enum Failure: Equatable, CustomStringConvertible {
        case crashed(signal: Int32)
        case hung(seconds: Double)
        case broke(String)

        public var description: String {
            switch self {
            case .crashed(let signal): "crashed the host (signal \(signal))"
            case .hung(let seconds): "held the host for more than \(Int(seconds)) s"
            case .broke(let what): "broke: \(what)"
            }
        }

        /// Whether `other` is the same failure for shrinking: the same signal, a hang, or the same
        /// broken rule (its first words).
        func matches(_ other: Failure) -> Bool {
            switch (self, other) {
            case (.crashed(let a), .crashed(let b)): a == b
            case (.hung, .hung): true
            case (.broke(let a), .broke(let b)): a.prefix(40) == b.prefix(40)
            default: false
            }
        }
    }

    public let worker: URL
    /// Given to every worker besides its seeds or program (`--c-abi`, `--statements N`).
    public var workerArguments: [String] = []
    /// How long one program may run before it counts as hung.
    public var programTimeout: Double = 60
    /// Where progress and results go.
    public var say: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

    public init(worker: URL) {
        self.worker = worker
    }

    /// A crashing worker ends at once, without the Swift runtime's backtrace (seconds each).
    private static var workerEnvironment: [String: String] {
        ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    }

    /// Runs `count` programs from seed `first`; returns the first that failed, and how.
    public func run(first: UInt64, count: Int) -> (seed: UInt64, failure: Failure)? {
        let started = Date()
        var next = first
        let end = first + UInt64(count)
        while next < end {
            let outcome = runWorker(first: next, count: Int(end - next))
            if let (seed, failure) = outcome.failure { return (seed, failure) }
            next = outcome.nextSeed
            say("scrim-api-fuzz: \(next - first) programs (seeds \(first)…\(next - 1)) without a failure, \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
        return nil
    }

    /// Runs seeds until the worker ends, a program fails, or 1,000 have run (for progress).
    private func runWorker(first: UInt64, count: Int) -> (nextSeed: UInt64, failure: (UInt64, Failure)?) {
        let batch = min(count, 1000)
        let process = Process()
        process.executableURL = worker
        process.environment = Self.workerEnvironment
        process.arguments = ["--worker", String(first), String(batch)] + workerArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return (first, (first, .broke("cannot start the worker \(worker.path): \(error)"))) }
        var current: UInt64?
        var lastProgress = Date()
        var reader = LineReader(handle: output.fileHandleForReading)
        while true {
            guard let line = reader.nextLine(timeout: programTimeout - Date().timeIntervalSince(lastProgress)) else {
                if reader.timedOut {
                    process.terminate()
                    kill(process.processIdentifier, SIGKILL)
                    process.waitUntilExit()
                    return (first, (current ?? first, .hung(seconds: programTimeout)))
                }
                break
            }
            lastProgress = Date()
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2, let seed = UInt64(parts[1]) else { continue }
            if parts[0] == "begin" { current = seed }
            if parts[0] == "broken" {
                process.waitUntilExit()
                return (first, (seed, .broke(parts.count > 2 ? parts[2] : "?")))
            }
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            return (first, (current ?? first, .crashed(signal: process.terminationStatus)))
        }
        return (first + UInt64(batch), nil)
    }

    /// Runs one program's text in a worker.
    public func run(program: String) -> Failure? {
        let file = NSTemporaryDirectory() + "scrim-api-fuzz-\(getpid())-candidate"
        guard (try? program.write(toFile: file, atomically: true, encoding: .utf8)) != nil else { return .broke("cannot write \(file)") }
        defer { try? FileManager.default.removeItem(atPath: file) }
        let process = Process()
        process.executableURL = worker
        process.environment = Self.workerEnvironment
        process.arguments = ["--program", file] + workerArguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return .broke("cannot start the worker: \(error)") }
        var reader = LineReader(handle: output.fileHandleForReading)
        var said: [String] = []
        while let line = reader.nextLine(timeout: programTimeout) { said.append(line) }
        if reader.timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return .hung(seconds: programTimeout)
        }
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal { return .crashed(signal: process.terminationStatus) }
        return process.terminationStatus == 0 ? nil : .broke(said.last ?? "exit status \(process.terminationStatus)")
    }

    /// The fewest of the statements of `seed`'s program that still fail as `failure` does, by
    /// removing chunks of them, halving the chunk size when none can go.
    public func shrink(_ fuzzer: some HostileFuzzer, seed: UInt64, failure: Failure) -> [String] {
        var kept = fuzzer.statements(seed: seed)
        var chunk = max(1, kept.count / 2)
        while chunk >= 1 {
            var removedAny = false
            var start = 0
            while start < kept.count {
                var candidate = kept
                candidate.removeSubrange(start..<min(start + chunk, kept.count))
                if let result = run(program: fuzzer.program(candidate, seed: seed)), result.matches(failure) {
                    kept = candidate
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return kept
    }
}

/// Reads lines from a pipe, waiting at most a given time for each.
struct LineReader {
    let handle: FileHandle
    private var buffer: [UInt8] = []
    private(set) var timedOut = false
    private var ended = false

    init(handle: FileHandle) { self.handle = handle }

    /// The next line, or nil at the end of the output or when `timeout` seconds pass first.
    mutating func nextLine(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(max(0, timeout))
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            guard !ended else { return nil }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                timedOut = true
                return nil
            }
            var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, Int32(min(remaining, 1) * 1000)) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(handle.fileDescriptor, &chunk, chunk.count)
            if count <= 0 {
                ended = true
            } else {
                buffer.append(contentsOf: chunk[0..<count])
            }
        }
    }
}
