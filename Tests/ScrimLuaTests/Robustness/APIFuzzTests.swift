import Foundation
import ScrimFuzzing
import Testing

/// Hostile programs written from the annotation file (`ProgramGenerator`), each run against a
/// fresh runtime in a `scrim-api-fuzz` worker process: none may crash or hang the host, break the
/// hierarchy's shape, or leave the runtime unable to run a fixed scenario. CI runs 2,000;
/// `SCRIM_API_PROGRAMS` and `SCRIM_API_FIRST_SEED` choose others (docs/robustness.md).
@Suite struct APIFuzzTests {
    @Test func hostileProgramsDoNotBreakTheHost() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["SCRIM_API_PROGRAMS"].flatMap { Int($0) } ?? 2000
        let first = environment["SCRIM_API_FIRST_SEED"].flatMap { UInt64($0) } ?? 1
        let worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrim-api-fuzz")
        try #require(FileManager.default.isExecutableFile(atPath: worker.path), "build scrim-api-fuzz first (swift build)")
        var supervisor = FuzzSupervisor(worker: worker)
        supervisor.say = { _ in }
        guard let (seed, failure) = supervisor.run(first: first, count: count, statements: 40) else { return }
        let fuzzer = APIFuzzer(surface: try LuaSurface.shipped())
        let control = fuzzer.controlBlock(seed: seed)
        let shrunk = supervisor.shrink(prelude: ProgramGenerator.prelude, statements: fuzzer.statements(seed: seed), suffix: control, failure: failure)
        Issue.record("""
            seed \(seed) \(failure); replay with `scrim-api-fuzz --seed \(seed)`. Shrunk:
            \(ProgramGenerator.prelude)
            \(shrunk.joined(separator: "\n"))
            \(control)
            """)
    }
}
