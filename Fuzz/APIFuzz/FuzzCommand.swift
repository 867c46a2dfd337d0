import ArgumentParser
import Foundation
import ScrimFuzzing

/// `scrim-api-fuzz`: the hostile API fuzzer (docs/robustness.md, "The API fuzzer"). Writes Lua
/// programs from the annotation file that call the whole surface with hostile values, runs each
/// against a fresh runtime in a worker process, and stops at the first that crashes or hangs the
/// host or breaks what must hold, printing its seed and the program shrunk to what still fails.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim-api-fuzz",
        abstract: "Run hostile Lua programs against the runtime; report the first that crashes, hangs or breaks it.")

    @Option(help: "How many programs to run.")
    var programs = 2000

    @Option(name: .customLong("first-seed"), help: "The seed of the first program.")
    var firstSeed: UInt64 = 1

    @Option(help: "Print the program of this seed, run it, and say how it ended.")
    var seed: UInt64?

    @Option(help: "Statements per program.")
    var statements = 40

    @Option(help: "Seconds one program may run before it counts as hung.")
    var timeout: Double = 60

    @Option(name: .customLong("worker"), parsing: .upToNextOption, help: .hidden)
    var workerRange: [UInt64] = []

    @Option(name: .customLong("program"), help: .hidden)
    var programFile: String?

    func run() throws {
        let fuzzer = APIFuzzer(surface: try LuaSurface.shipped(), statements: statements)
        if workerRange.count == 2 { return work(fuzzer, first: workerRange[0], count: Int(workerRange[1])) }
        if let programFile {
            let source = try String(contentsOfFile: programFile, encoding: .utf8)
            if let broken = fuzzer.run(source) {
                print(broken)
                throw ExitCode(1)
            }
            return
        }
        var supervisor = FuzzSupervisor(worker: URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath())
        supervisor.programTimeout = timeout
        if let seed {
            let source = fuzzer.source(seed: seed)
            print(source)
            let failure = supervisor.run(program: source)
            print("-- seed \(seed): \(failure?.description ?? "held")")
            if failure != nil { throw ExitCode(1) }
            return
        }
        guard let (seed, failure) = supervisor.run(first: firstSeed, count: programs, statements: statements) else { return }
        supervisor.say("scrim-api-fuzz: seed \(seed) \(failure); shrinking it")
        let control = fuzzer.controlBlock(seed: seed)
        let shrunk = supervisor.shrink(prelude: ProgramGenerator.prelude, statements: fuzzer.statements(seed: seed), suffix: control, failure: failure)
        let program = ProgramGenerator.prelude + "\n" + shrunk.joined(separator: "\n") + "\n" + control
        let file = "scrim-api-fuzz-\(seed).lua"
        try? program.write(toFile: file, atomically: true, encoding: .utf8)
        print("-- seed \(seed) \(failure); shrunk to \(shrunk.count) statements (\(file); replay with --seed \(seed)):")
        print(program)
        throw ExitCode(1)
    }

    /// The worker: runs the seeds, saying each before it starts (unbuffered: a crash must not
    /// lose it), and stops at a broken one.
    private func work(_ fuzzer: APIFuzzer, first: UInt64, count: Int) {
        let output = FileHandle.standardOutput
        for seed in first..<first + UInt64(count) {
            output.write(Data("begin \(seed)\n".utf8))
            if let broken = fuzzer.run(fuzzer.source(seed: seed)) {
                output.write(Data("broken \(seed) \(broken.replacingOccurrences(of: "\n", with: " "))\n".utf8))
                return
            }
        }
    }
}
