import Foundation
@testable import ScrimCore
@testable import ScrimLua
import Testing

/// Random sequences of what users do to a hierarchy — every presentation style, dismissals at
/// any level, pushes and pops, tab switches, child containment, interactive transitions driven
/// from code and by a finger at random times, size changes, memory warnings, plugin reloads,
/// clock advances — with `HierarchyInvariants` checked after every step, the sequence then
/// settled and checked again, and no controller left alive outside the hierarchy once the
/// scripts let go of theirs.
///
/// `SCRIM_MODEL_SEED=<n>` replays one sequence (the seed a failure prints);
/// `SCRIM_MODEL_SEQUENCES=<n>` runs that many instead of CI's count (a soak: 100000), from
/// seed `SCRIM_MODEL_FIRST_SEED` (1544683520 by default, CI's first).
@Suite struct ModelPropertyTests {
    static let sequenceLength = 40

    @Test func generatedSequencesKeepTheHierarchyConsistent() throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let seed = environment["SCRIM_MODEL_SEED"].flatMap(UInt64.init) {
            seeds = [seed]
        } else {
            let count = environment["SCRIM_MODEL_SEQUENCES"].flatMap(Int.init) ?? 2000
            let first = environment["SCRIM_MODEL_FIRST_SEED"].flatMap(UInt64.init) ?? 0x5C12_0000
            seeds = (0..<UInt64(count)).map { first + $0 }
        }
        for (index, seed) in seeds.enumerated() {
            // A soak says how far it has gone.
            if seeds.count > 2000, index > 0, index % 1000 == 0 {
                FileHandle.standardError.write(Data("model: \(index) of \(seeds.count) sequences passed\n".utf8))
            }
            let operations = Self.sequence(seed: seed)
            guard let failure = try Self.firstFailure(of: operations) else { continue }
            let shrunk = try Self.shrink(operations)
            let steps = shrunk.operations.map { "  \($0)" }.joined(separator: "\n")
            Issue.record("""
                seed \(seed) fails: \(failure)
                replay it with SCRIM_MODEL_SEED=\(seed); shrunk to \(shrunk.operations.count) steps, which give: \(shrunk.failure)
                \(steps)
                """)
            return
        }
    }

    static func sequence(seed: UInt64) -> [ModelOperation] {
        var generator = SeededGenerator(seed: seed)
        return (0..<sequenceLength).map { _ in ModelOperation.random(using: &generator) }
    }

    /// Runs `operations` in a new world; the first thing wrong, or nil.
    static func firstFailure(of operations: [ModelOperation]) throws -> String? {
        let world = try ModelWorld()
        var invariants = HierarchyInvariants()
        if let problem = invariants.check(world.application).first { return "after setting up: \(problem)" }
        for (index, operation) in operations.enumerated() {
            if let error = world.perform(operation), !refusals.contains(where: error.contains) {
                return "step \(index + 1) (\(operation)) raised: \(error)"
            }
            if let problem = invariants.check(world.application).first {
                return "after step \(index + 1) (\(operation)): \(problem)"
            }
        }
        if let error = world.settle() { return "settling raised: \(error)" }
        if let problem = invariants.check(world.application, settled: true).first { return "after settling: \(problem)" }
        if let report = unexpectedReports(world) { return report }
        world.dropScriptReferences()
        let retained = invariants.retainedOutsideHierarchy(world.application)
        if !retained.isEmpty { return "alive outside the hierarchy after the scripts let go: \(retained)" }
        return nil
    }

    /// Errors the runtime raises on purpose when a step asks for what UIKit refuses.
    static let refusals = ["while an interactive transition runs"]

    /// A `scriptError`: the world's scripts are correct, so any is the runtime's doing.
    static func unexpectedReports(_ world: ModelWorld) -> String? {
        world.runtime.trace.first { $0.event == "scriptError" }.map { "scriptError: \($0.jsonLine)" }
    }

    /// The shortest subsequence found that still fails the same way, by removing runs of
    /// steps, longest first, while the failure stays.
    static func shrink(_ operations: [ModelOperation]) throws -> (operations: [ModelOperation], failure: String) {
        var current = operations
        var failure = try firstFailure(of: current) ?? "(passes when replayed)"
        let kind = kind(of: failure)
        var chunk = max(1, current.count / 2)
        while chunk >= 1 {
            var start = 0
            var removedAny = false
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let candidateFailure = try firstFailure(of: candidate), Self.kind(of: candidateFailure) == kind {
                    current = candidate
                    failure = candidateFailure
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        return (current, failure)
    }

    /// A failure without its step, names and numbers: what shrinking keeps.
    static func kind(of failure: String) -> String {
        let problem = failure.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? failure
        return problem.replacing(/\[.*\]/, with: "[…]").replacing(/[A-Za-z]*[0-9]+/, with: "#")
    }
}
