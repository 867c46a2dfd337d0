import ArgumentParser

import Foundation

@main
struct Scrim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim",
        abstract: "UIKit's view-controller machinery, headless, with transitions written in Lua.",
        subcommands: [RunCommand.self, ReplCommand.self]
    )
}

extension Scrim {
    /// Runs the command; a `CLIError` prints its message alone and exits 1.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            Foundation.exit(1)
        } catch {
            exit(withError: error)
        }
    }
}
