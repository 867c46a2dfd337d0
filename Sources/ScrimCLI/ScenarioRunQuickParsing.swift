extension ScenarioRun {
    /// The long options `init(quickParsing:)` reads: every option `scrim run` declares
    /// (ScenarioRunQuickParsingTests checks the two lists agree).
    static let quickOptionNames: Set<String> = [
        "--plugins", "--grant", "--no-limits", "--instruction-budget", "--memory-cap", "--time-limit",
        "--trace", "--fps", "--watch", "--listen",
    ]

    /// `scrim run`'s arguments (those after the executable's path) read without the argument
    /// parser, or nil for anything but a plain, valid invocation — help, an unknown or misspelt
    /// option, a missing or malformed value, `--name=value`, a single option given twice, a
    /// value that fails validation — which the parser then reads and explains as it always has.
    ///
    /// Why it exists: swift-argument-parser finds a command's options by reflection, and in a
    /// static binary its first type lookups scan every protocol conformance; that was a quarter
    /// of starting `scrim run` (docs/performance.md). What it reads it reads as the parser
    /// would: the same `ScenarioRun` comes out either way.
    init?(quickParsing arguments: some Sequence<String>) {
        var iterator = arguments.makeIterator()
        guard iterator.next() == "run" else { return nil }
        /// The value after an option: anything but another option (`-` alone is a value).
        func value() -> String? {
            guard let value = iterator.next(), value == "-" || !value.hasPrefix("-") else { return nil }
            return value
        }
        var script: String?
        var run = ScenarioRun(script: "")
        var given: Set<String> = []
        while let argument = iterator.next() {
            guard argument.hasPrefix("-") else {
                guard script == nil else { return nil }
                script = argument
                continue
            }
            guard ScenarioRun.quickOptionNames.contains(argument) else { return nil }
            let repeatable = argument == "--plugins" || argument == "--grant"
            guard given.insert(argument).inserted || repeatable else { return nil }
            switch argument {
            case "--no-limits": run.options.noLimits = true
            case "--watch": run.watch = true
            default:
                guard let value = value() else { return nil }
                switch argument {
                case "--plugins": run.options.pluginFolders.append(value)
                case "--grant": run.options.grants.append(value)
                case "--trace": run.trace = value
                case "--listen": run.listen = value
                case "--fps":
                    guard let fps = Int(value) else { return nil }
                    run.fps = fps
                case "--instruction-budget":
                    guard let budget = Int(value) else { return nil }
                    run.options.instructionBudget = budget
                case "--memory-cap":
                    guard let megabytes = Int(value) else { return nil }
                    run.options.memoryCap = megabytes
                case "--time-limit":
                    guard let seconds = Double(value) else { return nil }
                    run.options.timeLimit = seconds
                default: return nil
                }
            }
        }
        guard let script else { return nil }
        run.script = script
        guard (try? run.validate()) != nil else { return nil }
        self = run
    }
}
