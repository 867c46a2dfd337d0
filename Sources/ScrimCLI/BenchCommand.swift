import ArgumentParser
import Foundation
import ScrimBenchmarks

/// `scrim bench`: runs the benchmark suite, prints each figure with its baseline and the ratio
/// next to its target, and writes the figures as JSON for comparison with a later run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Run the benchmarks: each figure against a baseline measured in the same run.",
        discussion: """
            Every figure is a ratio to a baseline timed in the same process or on the same machine \
            in the same run (a raw lua_pcall, the same code in Swift, a plain Lua table, lua5.4 \
            starting), so it holds on a busy machine. Build in release first (`make bench` does): a \
            debug build's figures say little. Targets are goals, not checks: the exit status is 0 \
            whatever the figures. docs/performance.md explains each benchmark.
            """
    )

    @Flag(help: "Few iterations and small sizes: check that every benchmark runs, in seconds.")
    var quick = false

    @Option(name: .customLong("only"), help: ArgumentHelp("Run only benchmarks whose id contains this (repeatable).", valueName: "id"))
    var only: [String] = []

    @Option(help: ArgumentHelp("Write the figures as JSON to this file ('-': to standard output, instead of the table).", valueName: "file"))
    var json = "scrim-bench.json"

    @Option(help: ArgumentHelp("A JSON file of an earlier run: show how each figure changed since.", valueName: "file"))
    var compare: String?

    @Option(help: ArgumentHelp("Seconds each measured case runs at least.", valueName: "seconds"))
    var minTime = 1.0

    @Flag(help: "List the benchmarks and exit.")
    var list = false

    func validate() throws {
        guard minTime > 0, minTime <= 60 else { throw ValidationError("--min-time must be above 0 and at most 60, got \(minTime)") }
    }

    func run() throws {
        if list {
            for benchmark in BenchmarkCatalog.all { print("\(benchmark.id.padding(toLength: 18, withPad: " ", startingAt: 0)) \(benchmark.title)") }
            return
        }
        // Read the earlier run first: it may be the file this run writes.
        let previous: BenchmarkReport?
        do {
            previous = try compare.map(BenchmarkReport.read(from:))
        } catch {
            throw ValidationError("--compare: \(error)")
        }
        var options = BenchmarkOptions()
        options.quick = quick
        options.only = only
        options.minimumTime = minTime
        options.scrimExecutable = Bundle.main.executablePath
        let standardError = FileHandle.standardError
        #if DEBUG
        standardError.write(Data("note: this scrim is a debug build, whose figures say little; `make bench` builds and runs a release one\n".utf8))
        #endif
        let report: BenchmarkReport
        do {
            report = try BenchmarkCatalog.run(options) { standardError.write(Data("\($0)\n".utf8)) }
        } catch let error as BenchmarkError {
            throw CLIError(error.description)
        }
        if let previous, previous.quick != report.quick {
            standardError.write(Data("note: comparing a \(report.quick ? "quick" : "full") run with a \(previous.quick ? "quick" : "full") one\n".utf8))
        }
        let data = try report.json()
        if json == "-" {
            try? FileHandle.standardOutput.write(contentsOf: data + Data("\n".utf8))
            return
        }
        print(report.table(comparedWith: previous))
        do {
            try data.write(to: URL(fileURLWithPath: json))
        } catch {
            throw CLIError("cannot write '\(json)': \(error.localizedDescription)")
        }
        print("figures written to \(json)")
    }
}
