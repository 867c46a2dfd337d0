import Foundation
import ScrimFuzzing
import Testing

/// Hostile programs, each run against fresh runtimes in a `scrim-api-fuzz` worker process: none
/// may crash or hang the host, break the hierarchy's shape, or leave a runtime unable to go on.
/// CI runs 2,000 of each kind; `SCRIM_API_PROGRAMS`, `SCRIM_C_ABI_PROGRAMS` and
/// `SCRIM_API_FIRST_SEED` choose others (docs/robustness.md).
@Suite struct APIFuzzTests {
    /// Lua programs written from the annotation file (`ProgramGenerator`).
    @Test func hostileProgramsDoNotBreakTheHost() throws {
        try fuzz(APIFuzzer(surface: try LuaSurface.shipped()), count: "SCRIM_API_PROGRAMS")
    }

    /// Sequences of calls of the functions of `scrim.h` (`CCallGenerator`).
    @Test func hostileCallSequencesDoNotBreakTheHost() throws {
        try fuzz(try CABIFuzzer(header: try CHeader.shipped(), surface: try LuaSurface.shipped()), count: "SCRIM_C_ABI_PROGRAMS",
                 workerArguments: ["--c-abi"])
    }

    private func fuzz(_ fuzzer: some HostileFuzzer, count variable: String, workerArguments: [String] = []) throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment[variable].flatMap { Int($0) } ?? 2000
        let first = environment["SCRIM_API_FIRST_SEED"].flatMap { UInt64($0) } ?? 1
        let worker = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrim-api-fuzz")
        try #require(FileManager.default.isExecutableFile(atPath: worker.path), "build scrim-api-fuzz first (swift build)")
        var supervisor = FuzzSupervisor(worker: worker)
        supervisor.say = { _ in }
        supervisor.workerArguments = workerArguments
        guard let (seed, failure) = supervisor.run(first: first, count: count) else { return }
        let shrunk = fuzzer.program(supervisor.shrink(fuzzer, seed: seed, failure: failure), seed: seed)
        Issue.record("seed \(seed) \(failure); replay with `scrim-api-fuzz \(workerArguments.joined()) --seed \(seed)`. Shrunk:\n\(shrunk)")
    }
}
