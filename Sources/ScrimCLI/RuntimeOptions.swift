import ArgumentParser
import Foundation
import LuaBridge
import ScrimCore
import ScrimLua

/// The options every command that makes a runtime takes — plugin folders, grants and limits — as
/// plain values, read into the one `Runtime.Configuration` that the C library's JSON options also
/// give. `ConfigurationArguments` declares them to the argument parser; `scrim run`'s quick path
/// (`ScenarioRun(quickParsing:)`) fills them without it.
struct RuntimeOptions: Equatable {
    var pluginFolders: [String] = []
    var grants: [String] = []
    var noLimits = false
    var instructionBudget: Int?
    var memoryCap: Int?
    var timeLimit: Double?

    /// Whether any option was given.
    var describesARuntime: Bool {
        !pluginFolders.isEmpty || !grants.isEmpty || noLimits || instructionBudget != nil || memoryCap != nil || timeLimit != nil
    }

    /// The limits the options ask for.
    var limits: LuaLimits {
        if noLimits { return .none }
        var limits = LuaLimits.standard
        if let instructionBudget { limits.instructionBudget = instructionBudget }
        if let memoryCap { limits.memoryCap = memoryCap << 20 }
        if let timeLimit { limits.timeLimit = timeLimit }
        return limits
    }

    func validate() throws {
        if let instructionBudget, instructionBudget < 1000 {
            throw ValidationError("--instruction-budget must be at least 1000, got \(instructionBudget)")
        }
        if let memoryCap, !(1...1 << 20).contains(memoryCap) {
            throw ValidationError("--memory-cap must be between 1 and 1048576 megabytes, got \(memoryCap)")
        }
        if let timeLimit, !(timeLimit >= 0.01 && timeLimit <= 86_400) {
            throw ValidationError("--time-limit must be between 0.01 and 86400 seconds, got \(timeLimit)")
        }
        if noLimits, instructionBudget != nil || memoryCap != nil || timeLimit != nil {
            throw ValidationError("--no-limits cannot be combined with --instruction-budget, --memory-cap or --time-limit")
        }
        _ = try parsedGrants()
    }

    /// `--grant name=io,os` values, by plugin name.
    func parsedGrants() throws -> [(String, PluginPermissions)] {
        try grants.map { grant in
            let parts = grant.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty else {
                throw ValidationError("--grant \(grant): expected name=permissions, like --grant my-plugin=io,os")
            }
            do throws(ConfigurationError) {
                return (parts[0], try PluginPermissions(parsing: parts[1]))
            } catch {
                throw ValidationError("--grant \(grant): \(error.message)")
            }
        }
    }

    /// The configuration of a runtime on `clock`, imitating `device`, with these plugin paths and
    /// limits. The grants are `makeRuntime`'s: each `--grant` in the order given.
    func configuration(clock: Clock, device: DevicePreset = .iPhone15) throws -> Runtime.Configuration {
        for folder in pluginFolders where !FileManager.default.fileExists(atPath: folder) {
            throw CLIError("--plugins \(folder): no such folder")
        }
        return Runtime.Configuration(time: .clock(clock), device: device,
                                     pluginPaths: PluginManager.defaultSearchPaths(extra: pluginFolders), limits: limits)
    }

    /// A runtime made as `configuration(clock:device:)` says, then each `--grant` in the order
    /// given; the first that cannot bind stops with `--grant NAME: why`.
    func makeRuntime(clock: Clock, device: DevicePreset = .iPhone15) throws -> Runtime {
        let configuration = try configuration(clock: clock, device: device)
        let runtime: Runtime
        do { runtime = try Runtime(configuration: configuration) } catch { throw CLIError(error.message) }
        for (name, permissions) in try parsedGrants() {
            do { try runtime.plugins.grant(permissions, to: name) } catch { throw CLIError("--grant \(name): \(error.message)") }
        }
        return runtime
    }
}
