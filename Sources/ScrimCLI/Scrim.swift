import ArgumentParser

@main
struct Scrim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scrim",
        abstract: "UIKit's view-controller machinery, headless, with transitions written in Lua.",
        subcommands: [RunCommand.self]
    )
}
