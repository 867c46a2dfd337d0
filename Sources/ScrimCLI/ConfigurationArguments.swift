import ArgumentParser

/// The options every command that makes a runtime takes — plugin folders, grants and limits —
/// as the argument parser reads them; `parsed` gives them as `RuntimeOptions`.
struct ConfigurationArguments: ParsableArguments {
    @Option(name: .customLong("plugins"), help: ArgumentHelp("A folder of plugins; repeatable.", valueName: "dir"))
    var pluginFolders: [String] = []

    @Option(name: .customLong("grant"), help: ArgumentHelp(
        "Let plugin NAME, as found on the plugin paths now, do more than the sandbox allows: io, os, debug, binaryChunks, package or all, comma-separated; repeatable.",
        valueName: "name=permissions"))
    var grants: [String] = []

    @Flag(name: .customLong("no-limits"), help: "Lift the instruction budget, the time limit and the Lua memory cap, to debug exactly as UIKit would run.")
    var noLimits = false

    @Option(name: .customLong("instruction-budget"), help: ArgumentHelp("Lua instructions one entry into Lua may run once it is counted, after its first 5 ms (default 10000000).", valueName: "n"))
    var instructionBudget: Int?

    @Option(name: .customLong("memory-cap"), help: ArgumentHelp("Megabytes of memory the runtime's Lua code may hold (default 256).", valueName: "mb"))
    var memoryCap: Int?

    @Option(name: .customLong("time-limit"), help: ArgumentHelp("Seconds one entry into Lua may run by the wall clock before the watchdog stops it (default 2).", valueName: "seconds"))
    var timeLimit: Double?

    /// The options as plain values.
    var parsed: RuntimeOptions {
        RuntimeOptions(pluginFolders: pluginFolders, grants: grants, noLimits: noLimits,
                       instructionBudget: instructionBudget, memoryCap: memoryCap, timeLimit: timeLimit)
    }

    func validate() throws {
        try parsed.validate()
    }
}
