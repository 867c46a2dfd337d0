import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

/// Runs the hostile programs of `ProgramGenerator` against a fresh runtime each, and checks what
/// must hold whatever a script does: the program ends (its errors are its own), the hierarchy
/// is a tree (no view inside itself, no controller its own ancestor or presenter, parents and
/// children agreeing), the trace counts up by one, and the runtime still runs a fixed scenario.
public struct APIFuzzer: HostileFuzzer {
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

    /// The program whose choices `bytes` make (libFuzzer's input), control lines included.
    public func source(choices bytes: [UInt8]) -> String {
        let random = SeededRandom(choices: bytes)
        var generator = ProgramGenerator(surface: surface, random: random)
        return program(generator.program(statements: statementCount), seed: random.derivedSeed)
    }

    public var prelude: String { ProgramGenerator.prelude }

    /// A program is a scenario `scrim run` runs, with the control-socket lines that follow it in
    /// a comment at its end (`controlBlock`).
    public func suffix(seed: UInt64) -> String { controlBlock(seed: seed) }

    /// The control lines of `seed`'s program, as the comment `run` reads them from.
    public func controlBlock(seed: UInt64) -> String {
        var lines = ControlLineGenerator(surface: surface, seed: seed)
        return "--[==[control\n" + lines.lines(8).map { $0.replacingOccurrences(of: "]==]", with: "] ==]") }.joined(separator: "\n") + "\n]==]\n"
    }

    /// The lines of the control block at the end of `source`, if any.
    private func controlLines(in source: String) -> [String] {
        guard let start = source.range(of: "--[==[control\n"), let end = source.range(of: "\n]==]", range: start.upperBound..<source.endIndex) else { return [] }
        return source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
        // Then the control socket's methods, as a client sends them.
        let control = RuntimeLoop(runtime)
        for line in controlLines(in: source) {
            guard let answer = control.answerControlLine(line) else { continue }
            guard answer.hasPrefix(#"{"jsonrpc":"2.0""#) || answer.hasPrefix(#"[{"jsonrpc":"2.0""#),
                  (try? JSONValue(parsing: answer)) != nil else {
                return "the control line \(line.prefix(200)) was answered with what is not JSON-RPC: \(answer.prefix(200))"
            }
        }
        _ = runtime.tick(frames: 60)
        if let broken = HierarchyShape.check(runtime.application) { return broken }
        return stillRuns(runtime)
    }

    /// A fixed scenario on a fresh root: it appears, an animation completes, and a sheet is
    /// presented and dismissed with both completions. A program may leave a transition that
    /// never completes (UIKit waits for it too): the transition watchdog ends those it can, and
    /// a presentation refused because one is still in progress is a fair answer.
    private func stillRuns(_ runtime: Runtime) -> String? {
        let evaluation = runtime.evaluate("""
            scrim.setTransitionWatchdog(1)
            run(3)
            scrim.setTransitionWatchdog(nil)
            local appeared, animated, presented, dismissed, blocked = false, false, false, false, false
            local root = ViewController{ name = "check-root", viewDidAppear = function() appeared = true end }
            window.rootViewController = root
            step(2)
            local v = View{}
            root.view:addSubview(v)
            animate(0.1, function() v.alpha = 0 end, function() animated = true end)
            run(0.5)
            local sheet = ViewController{ name = "check-sheet", modalPresentationStyle = "pageSheet" }
            root:present(sheet, true, function() presented = true end)
            run(1)
            sheet:dismiss(true, function() dismissed = true end)
            run(1)
            for _, e in ipairs(trace()) do
              if e.event == "presentRejected" and e.vc == "check-sheet" and e.args.reason == "a transition is in progress" then blocked = true end
            end
            return appeared, animated, (presented and dismissed) or blocked
            """, chunkName: "=check")
        guard evaluation.descriptions == ["true", "true", "true"] else {
            return "the runtime no longer runs a fixed scenario (appeared, animated, presented): "
                + (evaluation.error?.message ?? evaluation.descriptions.joined(separator: ", "))
        }
        let trace = runtime.trace
        if let first = trace.first, let last = trace.last, last.seq - first.seq != trace.count - 1 {
            return "the trace's seq has a gap"
        }
        return nil
    }
}
