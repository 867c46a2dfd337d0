import Benchmark

/// How `scrim bench` runs: the measuring settings and the programs the whole-process
/// benchmarks start.
public struct BenchmarkOptions: Sendable {
    /// Few iterations and small sizes: checks that every benchmark runs, in seconds.
    public var quick = false
    /// Run only the benchmarks whose id contains one of these; empty runs all.
    public var only: [String] = []
    /// How long each measured case runs at least (the harness picks the iteration count).
    public var minimumTime = 1.0
    /// The `scrim` executable for the start-up benchmark; nil skips it.
    public var scrimExecutable: String?
    /// The stand-alone Lua interpreter (`lua5.4`) the start-up benchmark compares with.
    public var luaInterpreter = "lua5.4"

    public init() {}
}

/// Measures cases through google/swift-benchmark's runner (adaptive iteration count, warm-up)
/// and hands back per-operation samples.
public struct Harness {
    public let options: BenchmarkOptions

    /// The median nanoseconds per operation of `body`, which performs `batch` operations per
    /// call. With `iterations`, the harness runs exactly that many calls.
    func nanoseconds(_ name: String, batch: Int = 1, iterations: Int? = nil, _ body: @escaping () -> Void) throws -> Double {
        median(try samples(name, batch: batch, iterations: iterations, body))
    }

    /// Nanoseconds per operation, one sample per call of `body`.
    func samples(_ name: String, batch: Int = 1, iterations: Int? = nil, _ body: @escaping () -> Void) throws -> [Double] {
        let suite = BenchmarkSuite(name: "scrim")
        suite.benchmark(name, function: body)
        var settings: [BenchmarkSetting] = [
            Format(.none), Quiet(true),
            MinTime(seconds: options.quick ? 0.001 : options.minimumTime),
            WarmupIterations(options.quick ? 0 : 1),
        ]
        if let iterations { settings.append(Iterations(options.quick ? min(iterations, 2) : iterations)) }
        if options.quick { settings.append(MaxIterations(2)) }
        var runner = BenchmarkRunner(suites: [suite], settings: settings)
        try runner.run()
        guard let measurements = runner.results.first?.measurements, !measurements.isEmpty else {
            throw BenchmarkError("'\(name)' took no measurement")
        }
        return measurements.map { $0 / Double(batch) }
    }

    /// A size for this run: `full`, or `quick` in quick mode.
    func size(_ full: Int, quick: Int) -> Int { options.quick ? quick : full }
}

func median(_ samples: [Double]) -> Double { percentile(samples, 50) }

/// The `p`th percentile of `samples` (nearest rank).
func percentile(_ samples: [Double], _ p: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
