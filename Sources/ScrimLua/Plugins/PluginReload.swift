import CLua
import Dispatch
import Foundation
import LuaBridge
import ScrimCore

/// What set a reload off.
public enum ReloadTrigger: Sendable, Equatable {
    /// `scrim.reload(name)`, the REPL's `:reload`, `PluginManager.reload(named:)`.
    case call
    /// A change to one of the plugin's files, first seen at `detectedAt` (`DispatchTime`
    /// nanoseconds): the trace reports the time from there to the new code being live.
    case fileChange(detectedAt: UInt64)
}

extension PluginManager {
    /// Re-runs the plugin `name` from its file, in a new sandbox environment, and swaps the new
    /// version in (docs/plugins.md, "Hot reload"):
    /// - its classes are refilled **in place**, so live instances use the new methods at their
    ///   next call, and the table `plugin(name)` returned (with its `transitioningDelegate`,
    ///   `hooks` …) is patched, so delegates already assigned follow too — hooks are replaced,
    ///   never doubled;
    /// - its `state` survives (the old fields are copied into the new state table) unless the
    ///   new version says `keepState = false`; then `onReload(oldState)` runs.
    ///
    /// A version that fails to load, to run, or to return `scrim.plugin{…}` under the same name
    /// leaves the old one live; the failure is traced as `pluginReloadFailed` and thrown.
    @discardableResult
    public func reload(named name: String) throws(LuaError) -> Plugin {
        guard let plugin = plugin(named: name) else {
            let names = loaded.isEmpty ? "none is" : loaded.map { "'\($0.name)'" }.joined(separator: ", ") + " are"
            throw LuaError(message: "no plugin named '\(name)' is loaded (\(names) loaded)")
        }
        if let error = reload(plugin, trigger: .call) { throw error }
        return plugin
    }

    /// Reloads `plugin`; returns the failure, already traced and printed. The main chunk, the
    /// comparisons, `onReload` and the version's `__tostring` are one host unit
    /// (`LuaState.hostUnit`): together they cannot hold the host past the time limit.
    @discardableResult
    public func reload(_ plugin: Plugin, trigger: ReloadTrigger) -> LuaError? {
        guard let runtime, let lua = runtime.lua else { return LuaError(message: "the runtime is gone") }
        return lua.hostUnit { reloadUnit(plugin, trigger: trigger, runtime: runtime, lua: lua) }
    }

    private func reloadUnit(_ plugin: Plugin, trigger: ReloadTrigger, runtime: Runtime, lua: LuaState) -> LuaError? {
        let L = lua.L
        let top = lua.top
        defer { lua.top = top }
        let run: PluginRun
        do throws(LuaError) {
            run = try execute(try PluginSource(reopening: plugin.location), expectedName: plugin.name, owner: plugin.owner,
                              previousClasses: plugin.classes, renamed: { "is loaded as '\($0)'; a reload cannot rename a plugin" })
            try callInternal("swapPlugin", results: 1) {
                plugin.exports.push()
                lua_pushvalue(L, top + 1)
                return 2
            }
        } catch {
            reportReloadFailure(error, of: plugin)
            return error
        }
        plugin.classes = run.classes
        plugin.version = run.version
        plugin.watchedFiles = watchedFiles(of: plugin.path, modules: run.modules)
        plugin.reloadCount += 1
        plugin.exports.push()
        exposeContainerClass(of: plugin.name)
        var args: [(String, TraceValue)] = [
            ("name", .string(plugin.name)), ("version", run.version.map { .string($0) } ?? .null),
            ("path", .string(plugin.path)),
        ]
        switch trigger {
        case .call: args.append(("trigger", .string("call")))
        case .fileChange(let detectedAt):
            args.append(("trigger", .string("file")))
            let elapsed = DispatchTime.now().uptimeNanoseconds &- detectedAt
            args.append(("latency", .number((Double(elapsed) / 1e9 * 1e6).rounded() / 1e6)))
        }
        runtime.application.dispatcher.record(.pluginReloaded, controller: nil, args: args)
        lua.rawField("onReload", of: -1)
        if lua_type(L, -1) == LUA_TFUNCTION {
            lua_pushvalue(L, top + 2)
            runtime.callLua(nargs: 1, controller: nil, callback: "onReload of plugin '\(plugin.name)'")
        }
        return nil
    }

    private func reportReloadFailure(_ error: LuaError, of plugin: Plugin) {
        guard let runtime else { return }
        runtime.application.dispatcher.record(.pluginReloadFailed, controller: nil, args: [
            ("name", .string(plugin.name)), ("path", .string(plugin.path)),
            ("message", .string(error.message)), ("where", error.location.map { .string($0) } ?? .null),
        ])
        var text = "scrim: reload of plugin '\(plugin.name)' failed, the loaded version stays: \(error)"
        if !error.traceback.isEmpty { text += "\n" + error.traceback }
        runtime.errorOutput(text)
    }
}
