import Foundation
import ScrimCore
import ScrimLua

/// Runs the hostile programs of `ProgramGenerator` against a fresh runtime each, and checks what
/// must hold whatever a script does: the program ends (its errors are its own), the hierarchy
/// is a tree (no view inside itself, no controller its own ancestor or presenter, parents and
/// children agreeing), the trace counts up by one, and the runtime still runs a fixed scenario.
public struct APIFuzzer {
    public let surface: LuaSurface
    public let statementCount: Int

    public init(surface: LuaSurface, statements: Int = 40) {
        self.surface = surface
        statementCount = statements
    }

    /// The statements of `seed`'s program.
    public func statements(seed: UInt64) -> [String] {
        var generator = ProgramGenerator(surface: surface, seed: seed)
        return generator.program(statements: statementCount)
    }

    /// The program of `seed`, as a scenario `scrim run` runs.
    public func source(seed: UInt64) -> String {
        ProgramGenerator.prelude + "\n" + statements(seed: seed).joined(separator: "\n") + "\n"
    }

    /// Runs `source`; returns what broke, or nil.
    public func run(_ source: String) -> String? {
        let runtime = Runtime(pluginPaths: PluginManager.shippedPluginsDirectory.map { [$0] } ?? [],
                              limits: LuaLimits(instructionBudget: 2_000_000, memoryCap: 64 << 20, timeLimit: 2))
        runtime.errorOutput = { _ in }
        runtime.printOutput = { _ in }
        _ = runtime.evaluate(source, chunkName: "=program")
        _ = runtime.tick(frames: 120)
        if let broken = HierarchyShape.check(runtime.application) { return broken }
        return stillRuns(runtime)
    }

    /// A fixed scenario on a fresh root: a sheet presented and dismissed, with its completions
    /// (the transition watchdog, which a program may have set short, off).
    private func stillRuns(_ runtime: Runtime) -> String? {
        let evaluation = runtime.evaluate("""
            scrim.setTransitionWatchdog(nil)
            local root = ViewController{ name = "check-root" }
            window.rootViewController = root
            step(2)
            local sheet = ViewController{ name = "check-sheet", modalPresentationStyle = "pageSheet" }
            local presented, dismissed = false, false
            root:present(sheet, true, function() presented = true end)
            run(1)
            sheet:dismiss(true, function() dismissed = true end)
            run(1)
            return presented, dismissed
            """, chunkName: "=check")
        guard evaluation.descriptions == ["true", "true"] else {
            return "the runtime no longer runs a presentation: \(evaluation.error?.message ?? evaluation.descriptions.joined(separator: ", "))"
        }
        let trace = runtime.trace
        if let first = trace.first, let last = trace.last, last.seq - first.seq != trace.count - 1 {
            return "the trace's seq has a gap"
        }
        return nil
    }
}
