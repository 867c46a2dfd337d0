import ArgumentParser
import Foundation
import ScrimFuzzing

/// `scrim-api-fuzz`: the hostile API fuzzer (docs/robustness.md, "The API fuzzer"). Writes
/// programs that call the whole surface with hostile values — Lua programs from the annotation
/// file, or with `--c-abi` sequences of C calls from `scrim.h` — runs each against fresh
/// runtimes in a worker process, and stops at the first that crashes or hangs the host or
/// breaks what must hold, printing its seed and the program shrunk to what still fails.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim-api-fuzz",
        abstract: "Run hostile programs against the runtime; report the first that crashes, hangs or breaks it.")

    @Option(help: "How many programs to run.")
    var programs = 2000

    @Option(name: .customLong("first-seed"), help: "The seed of the first program.")
    var firstSeed: UInt64 = 1

    @Option(help: "Print the program of this seed, run it, and say how it ended.")
    var seed: UInt64?

    @Flag(name: .customLong("c-abi"), help: "Fuzz the C ABI (the functions of scrim.h) rather than the Lua surface.")
    var cABI = false

    @Option(help: "Statements per program (default: 40 Lua statements, 30 C calls).")
    var statements: Int?

    @Option(help: "Seconds one program may run before it counts as hung.")
    var timeout: Double = 60

    @Option(name: .customLong("worker"), parsing: .upToNextOption, help: .hidden)
    var workerRange: [UInt64] = []

    @Option(name: .customLong("program"), help: .hidden)
    var programFile: String?

    func run() throws {
        let surface = try LuaSurface.shipped()
        if cABI {
            try fuzz(try CABIFuzzer(header: try CHeader.shipped(), surface: surface, calls: statements ?? 30))
        } else {
            try fuzz(APIFuzzer(surface: surface, statements: statements ?? 40))
        }
    }

    private func fuzz(_ fuzzer: some HostileFuzzer) throws {
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
        supervisor.workerArguments = (cABI ? ["--c-abi"] : []) + (statements.map { ["--statements", String($0)] } ?? [])
        if let seed {
            let source = fuzzer.source(seed: seed)
            print(source)
            let failure = supervisor.run(program: source)
            print("-- seed \(seed): \(failure?.description ?? "held")")
            if failure != nil { throw ExitCode(1) }
            return
        }
        guard let (seed, failure) = supervisor.run(first: firstSeed, count: programs) else { return }
        supervisor.say("scrim-api-fuzz: seed \(seed) \(failure); shrinking it")
        let program = fuzzer.program(supervisor.shrink(fuzzer, seed: seed, failure: failure), seed: seed)
        let file = "scrim-api-fuzz-\(cABI ? "c-abi-" : "")\(seed).\(cABI ? "txt" : "lua")"
        try? program.write(toFile: file, atomically: true, encoding: .utf8)
        print("-- seed \(seed) \(failure); shrunk (\(file); replay with --seed \(seed)\(cABI ? " --c-abi" : "")):")
        print(program)
        throw ExitCode(1)
    }

    /// The worker: runs the seeds, saying each before it starts (unbuffered: a crash must not
    /// lose it), and stops at a broken one.
    private func work(_ fuzzer: some HostileFuzzer, first: UInt64, count: Int) {
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
