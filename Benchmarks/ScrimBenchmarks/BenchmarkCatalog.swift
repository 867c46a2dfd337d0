import Foundation
import ScrimLua

/// One benchmark of the suite: what it measures and how.
public struct ScrimBenchmark: Sendable {
    public let id: String
    public let title: String
    let run: @Sendable (Harness) throws -> [Finding]
}

/// Every benchmark `scrim bench` runs, in order.
public enum BenchmarkCatalog {
    public static let all: [ScrimBenchmark] = [
        ScrimBenchmark(id: "hook-dispatch", title: "a lifecycle event to a Lua hook", run: HookDispatch.run),
        ScrimBenchmark(id: "transition-cycle", title: "a custom transition cycle", run: TransitionCycle.run),
        ScrimBenchmark(id: "animation-tick", title: "an animation frame of 10,000 views", run: AnimationTick.run),
        ScrimBenchmark(id: "property-access", title: "native properties from Lua", run: PropertyAccess.run),
        ScrimBenchmark(id: "reload-latency", title: "hot reload", run: ReloadLatency.run),
        ScrimBenchmark(id: "start-up", title: "start-up", run: StartUp.run),
        ScrimBenchmark(id: "scale", title: "10,000 live view controllers", run: Scale.run),
        ScrimBenchmark(id: "trace-writing", title: "writing the trace", run: TraceWriting.run),
        ScrimBenchmark(id: "limits", title: "what the limits cost a callback", run: LimitsCost.run),
    ]

    /// Runs the benchmarks `options` selects, telling `progress` as each starts and ends.
    /// A benchmark that cannot run is listed in the report's `skipped` with its reason.
    public static func run(_ options: BenchmarkOptions, progress: (String) -> Void = { _ in }) throws -> BenchmarkReport {
        let chosen = all.filter { benchmark in options.only.isEmpty || options.only.contains { benchmark.id.contains($0) } }
        guard !chosen.isEmpty else {
            throw BenchmarkError("no benchmark matches \(options.only.joined(separator: ", ")); there are "
                                 + all.map(\.id).joined(separator: ", "))
        }
        var report = BenchmarkReport(scrimVersion: Runtime.version, date: ISO8601DateFormatter().string(from: Date()),
                                     quick: options.quick, build: buildConfiguration, machine: machineDescription)
        let harness = Harness(options: options)
        for (index, benchmark) in chosen.enumerated() {
            progress("[\(index + 1)/\(chosen.count)] \(benchmark.id): \(benchmark.title)…")
            let start = Date()
            do {
                report.findings += try benchmark.run(harness)
                progress(String(format: "[%d/%d] %@ done in %.1f s", index + 1, chosen.count, benchmark.id,
                                Date().timeIntervalSince(start)))
            } catch {
                report.skipped.append("\(benchmark.id): \(error)")
                progress("[\(index + 1)/\(chosen.count)] \(benchmark.id) skipped: \(error)")
            }
        }
        return report
    }

    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    static var machineDescription: String {
        var name = utsname()
        uname(&name)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(name.sysname)) \(text(name.release)) \(text(name.machine)), "
            + "\(ProcessInfo.processInfo.activeProcessorCount) processors"
    }
}
