import ArgumentParser
import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

/// `scrim serve`: a runtime that only listens on its control socket.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "A runtime that listens on a control socket for other tools (and `scrim repl --attach`).",
        discussion: """
            Clients speak JSON-RPC 2.0, one message per line: eval, loadPlugin, reload, plugins, \
            tree, trace, tick, advance, subscribe, unsubscribe, repl, complete (docs/embedding.md). \
            The socket is made with mode 0600 in a folder only you can write (made, mode 0700, when \
            missing), and only processes of your user may connect. Loaded plugins are reloaded when \
            their files change. Ctrl-C or SIGTERM stops it and removes the socket.
            """
    )

    @Option(help: ArgumentHelp("The socket's path (default: $XDG_RUNTIME_DIR/scrim.sock, else /tmp/scrim-<uid>/scrim.sock).",
                               valueName: "path"))
    var listen: String?

    @OptionGroup var options: ConfigurationArguments

    @Option(help: "Frames per second of the clock.")
    var fps: Int = 60

    @Option(help: ArgumentHelp("Run on the real clock, or on a virtual one that moves only when clients tick it.",
                               valueName: "real|virtual"))
    var clock: SwitchableClock.Mode = .real

    @Option(help: ArgumentHelp("Run this scenario script first.", valueName: "script"))
    var load: String?

    func validate() throws {
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, got \(fps)") }
    }

    func run() throws {
        let runtime = try options.parsed.makeRuntime(clock: SwitchableClock(mode: clock, fps: fps))
        try? runtime.plugins.startWatching()
        if let load {
            do { try runtime.runScript(at: load) } catch { throw CLIError(error.description) }
        }
        let path = listen ?? ControlSocket.defaultPath()
        let loop = RuntimeLoop(runtime)
        let server = try Serving.listen(loop, at: path)
        try? FileHandle.standardError.write(contentsOf: Data("scrim: listening on \(path) (\(clock.rawValue) clock); Ctrl-C to stop\n".utf8))
        Serving.serveUntilSignalled(loop, server: server)
    }
}
