import LuaBridge
import ScrimCore

extension Runtime.Configuration {
    /// Reads options given as JSON text (nil: the defaults, with the default plugin paths), as
    /// `scrim_create` takes them; include/scrim.h lists the fields. Errors say "the options …".
    public init(json text: String?) throws(ConfigurationError) {
        var configuration = Runtime.Configuration()
        guard let text else {
            configuration.pluginPaths = PluginManager.defaultSearchPaths(extra: [])
            self = configuration
            return
        }
        let document: JSONValue
        do { document = try JSONValue(parsing: text) } catch { throw Self.problem("are not JSON: \(error)") }
        guard case .object(let fields) = document else { throw Self.problem("must be a JSON object") }
        let known: Set = ["clock", "fps", "device", "pluginPaths", "defaultPluginPaths", "instructionBudget",
                          "memoryCap", "timeLimit", "grants", "transitionWatchdog"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw Self.problem("have an unknown field '\(unknown)' (known: \(known.sorted().joined(separator: ", ")))")
        }
        switch fields["clock"] {
        case nil, .string("virtual")?: configuration.time = .virtual
        case .string("real")?: configuration.time = .real
        default: throw Self.problem("'clock' must be \"virtual\" or \"real\"")
        }
        if let fps = fields["fps"] { configuration.fps = try Self.integer(fps, "fps") }
        if let device = fields["device"] {
            guard case .string(let name) = device, let preset = DevicePreset.named(name) else {
                throw Self.problem("'device' must be one of \(DevicePreset.all.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            configuration.device = preset
        }
        var paths: [String] = []
        if let list = fields["pluginPaths"] {
            guard case .array(let entries) = list else { throw Self.problem("'pluginPaths' must be an array of strings") }
            for entry in entries {
                guard case .string(let path) = entry else { throw Self.problem("'pluginPaths' must be an array of strings") }
                paths.append(path)
            }
        }
        switch fields["defaultPluginPaths"] {
        case nil, .bool(true)?: configuration.pluginPaths = PluginManager.defaultSearchPaths(extra: paths)
        case .bool(false)?: configuration.pluginPaths = paths
        default: throw Self.problem("'defaultPluginPaths' must be true or false")
        }
        if let budget = fields["instructionBudget"] {
            configuration.limits.instructionBudget = budget == .null ? nil : try Self.integer(budget, "instructionBudget")
        }
        if let cap = fields["memoryCap"] {
            configuration.limits.memoryCap = cap == .null ? nil : try Self.integer(cap, "memoryCap")
        }
        if let limit = fields["timeLimit"] {
            switch limit {
            case .null: configuration.limits.timeLimit = nil
            case .number(let seconds) where seconds >= 0.01 && seconds <= 86_400: configuration.limits.timeLimit = seconds
            default: throw Self.problem("'timeLimit' must be a number of seconds from 0.01 to 86400, or null")
            }
        }
        if let grants = fields["grants"] {
            guard case .object(let entries) = grants else { throw Self.problem("'grants' must be an object of strings") }
            for (name, value) in entries {
                guard case .string(let permissions) = value else { throw Self.problem("'grants' must be an object of strings") }
                do {
                    configuration.grants[name] = try PluginPermissions(parsing: permissions)
                } catch {
                    throw Self.problem("'grants.\(name)': \(error.message)")
                }
            }
        }
        if let watchdog = fields["transitionWatchdog"] {
            guard case .number(let seconds) = watchdog, seconds > 0, seconds.isFinite else {
                throw Self.problem("'transitionWatchdog' must be a number of seconds > 0")
            }
            configuration.transitionWatchdog = seconds
        }
        self = configuration
    }

    private static func integer(_ value: JSONValue, _ name: String) throws(ConfigurationError) -> Int {
        guard case .number(let number) = value, number == number.rounded(), number >= 1, number < 1e15 else {
            throw Self.problem("'\(name)' must be a whole number >= 1")
        }
        return Int(number)
    }

    private static func problem(_ text: String) -> ConfigurationError {
        ConfigurationError("the options \(text)")
    }
}
