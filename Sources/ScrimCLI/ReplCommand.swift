import ArgumentParser
import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

extension SwitchableClock.Mode: ExpressibleByArgument {}

/// `scrim repl`: an interactive Lua REPL on a live runtime.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "An interactive Lua REPL on a live runtime.",
        discussion: """
            The runtime runs on the real clock, ticking at the frame rate while something animates \
            and idle otherwise (:clock virtual stops it; :step runs frames). Loaded plugins are \
            reloaded when their files change (:watch off stops it). Type :help for the commands. \
            With a terminal, lines are edited with libedit, history is kept in ~/.scrim_history and \
            Tab completes names; with piped input, lines are read without prompts. Ctrl-C interrupts \
            a running chunk; Ctrl-D or :quit leaves. With --attach, the lines go to the runtime of a \
            `scrim serve` (or `scrim run --listen`) over its control socket, with the same commands.
            """
    )

    @OptionGroup var options: ConfigurationArguments

    @Option(help: "Frames per second of the clock.")
    var fps: Int = 60

    @Option(help: ArgumentHelp("Start on the real clock (the default), or on a virtual one that moves only when stepped (as :clock).",
                               valueName: "real|virtual"))
    var clock: SwitchableClock.Mode?

    @Option(help: ArgumentHelp("Run this scenario script first.", valueName: "script"))
    var load: String?

    @Option(help: ArgumentHelp("Attach to the runtime of `scrim serve` or `scrim run --listen` at this socket instead of making one.",
                               valueName: "socket"))
    var attach: String?

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
        if attach != nil, load != nil || clock != nil || fps != 60 || options.parsed.describesARuntime {
            throw ValidationError("--attach uses the other process's runtime: it takes no --load, --clock, --fps, --plugins, --grant or limits")
        }
    }

    func run() throws {
        if let attach { return try AttachedRepl(path: attach).run(interactive: isatty(0) == 1) }
        let clock = SwitchableClock(mode: clock ?? .real, fps: fps)
        let runtime = try options.parsed.makeRuntime(clock: clock)
        let session = ReplSession(runtime: runtime, clock: clock) { text in
            print(text)
            fflush(nil)
        }
        try? runtime.plugins.startWatching()
        if let load {
            do {
                try runtime.runScript(at: load)
            } catch {
                throw CLIError(error.description)
            }
        }
        ReplLoop(session: session, loop: RuntimeLoop(runtime)).run(interactive: isatty(0) == 1)
    }
}

/// The runtime's side of the REPL: serves the runtime (frames, file changes) and handles each
/// line of input as it comes.
private struct ReplLoop {
    let session: ReplSession
    let loop: RuntimeLoop

    func run(interactive: Bool) {
        _ = LuaState.handleInterrupts()
        let input = ReplInput.started(interactive: interactive, banner: "Scrim REPL on Lua 5.4 — :help for commands, Ctrl-D to leave")
        var interrupts = LuaState.interruptSignals
        while !session.wantsQuit {
            reportReloads(loop.serveOnce(alsoWaitingOn: [input.wakeDescriptor]))
            if LuaState.interruptSignals != interrupts {
                interrupts = LuaState.interruptSignals
                if session.isContinuing {
                    session.cancelPending()
                    print("\n(unfinished chunk dropped)")
                }
            }
            for event in input.takeEvents() {
                switch event {
                case .line(let line):
                    session.submit(line)
                    interrupts = LuaState.interruptSignals
                    fflush(nil)
                    if session.wantsQuit {
                        input.stop()
                        return
                    }
                    input.lineDone(nextPrompt: session.prompt)
                case .complete(let text):
                    input.answerCompletion(session.completions(for: text))
                case .end:
                    return
                }
            }
        }
    }

    private func reportReloads(_ names: [String]) {
        for name in names {
            guard let event = session.runtime.trace(since: 0).last(where: { $0.event.hasPrefix("pluginReload") && $0[arg: "name"] == .string(name) }),
                  event.event == "pluginReloaded" else { continue }
            var line = "[reloaded \(name)"
            if case .number(let latency)? = event[arg: "latency"] { line += " in \(String(format: "%.1f", latency * 1000)) ms" }
            print(line + "]")
        }
        if !names.isEmpty { fflush(nil) }
    }
}
