import ArgumentParser
import Foundation
import ScrimLua

@main
struct Scrim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim",
        abstract: "UIKit's view-controller machinery, headless, with transitions written in Lua.",
        version: Runtime.version,
        subcommands: [RunCommand.self, TestCommand.self, ReplCommand.self, RenderCommand.self, PreviewCommand.self, CheckCommand.self, ServeCommand.self, BenchCommand.self]
    )
}

extension Scrim {
    /// Runs the command; a `CLIError` prints its message alone and exits 1.
    static func main() {
        // Ctrl-C and termination must reach scrim even when its parent started it with them blocked.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        do {
            // `scrim --version`, and `scrim run` with plain arguments, skip the argument parser's
            // start-up cost (ScenarioRun(quickParsing:)).
            if CommandLine.arguments.dropFirst().elementsEqual(["--version"]) {
                return print(Runtime.version)
            }
            if let run = ScenarioRun(quickParsing: CommandLine.arguments.dropFirst()) {
                return try run.run()
            }
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            try? FileHandle.standardError.write(contentsOf: Data((error.description + "\n").utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
