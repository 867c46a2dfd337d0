import Foundation
import LuaBridge
import ScrimCore

/// `scrim check`: loads one plugin in a runtime of its own, looks over what it declares, and runs
/// its self-test when it has one. Every problem comes with the `file:line` it was found at (the
/// plugin's file when no line is known).
public struct PluginCheck {
    /// One thing wrong with a plugin.
    public struct Problem: Equatable, CustomStringConvertible, Sendable {
        public var location: String
        public var message: String
        public var description: String { "\(location): \(message)" }
    }

    /// What checking one path found.
    public struct Report: Sendable {
        /// The path as given.
        public var path: String
        /// The plugin's name, once it loaded.
        public var name: String?
        public var version: String?
        public var problems: [Problem] = []
        /// Whether a self-test ran (and passed when there are no problems).
        public var ranSelfTest = false
        /// Set when the path holds no plugin to check: a folder of modules without `init.lua`.
        public var skipped: String?
        public var passed: Bool { problems.isEmpty }
    }

    /// Checks the plugin file or folder at `path`, finding the plugins it uses along `searchPaths`
    /// (the plugin's own folder comes first), with `grants` and `limits` as a runtime would.
    public static func check(path: String, searchPaths: [String], grants: [(String, PluginPermissions)] = [],
                             limits: LuaLimits = .standard) -> Report {
        var report = Report(path: path)
        let displayPath = PluginManager.displayPath(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            report.problems.append(Problem(location: displayPath, message: "no such file or folder"))
            return report
        }
        if isFolder.boolValue, !FileManager.default.fileExists(atPath: path + "/init.lua") {
            report.skipped = "a folder without init.lua (modules for plugins to require), not a plugin"
            return report
        }
        if !isFolder.boolValue, !path.hasSuffix(".lua") {
            report.skipped = "not a Lua file"
            return report
        }
        let parent = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        let runtime = Runtime(pluginPaths: [parent] + searchPaths, limits: limits)
        runtime.errorOutput = { _ in }   // script errors are read from the trace
        // A grant names a plugin this runtime may not find (it checks one plugin and what it uses).
        for (name, permissions) in grants { try? runtime.plugins.grant(permissions, to: name) }
        let mainFile = isFolder.boolValue ? PluginManager.displayPath(path + "/init.lua") : displayPath

        let plugin: Plugin
        do {
            plugin = try runtime.plugins.load(path: path)
        } catch {
            report.problems.append(problem(from: error, defaultLocation: mainFile))
            return report
        }
        report.name = plugin.name
        report.version = plugin.version
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if plugin.name != fileName {
            report.problems.append(Problem(location: mainFile, message: "the plugin is named '\(plugin.name)', but "
                + "plugins are found by their file or folder name: call it '\(fileName)' or rename the file"))
        }
        do {
            let found = try runtime.eval(inspection, chunkName: "=[scrim check]")
            report.problems += found.first.map { lines in
                lines.split(separator: "\n").map { line in
                    let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let location = parts[0].isEmpty ? mainFile : PluginManager.displayPath(parts[0])
                    return Problem(location: location, message: parts.count > 1 ? parts[1] : "")
                }
            } ?? []
        } catch {
            report.problems.append(Problem(location: mainFile, message: "could not be inspected: \(error.message)"))
        }
        let before = runtime.trace.count
        do {
            let exports = "plugin(\(luaQuoted(plugin.name)))"
            if try runtime.eval("return type(rawget(\(exports), 'selfTest')) == 'function'", chunkName: "=[scrim check]") == ["true"] {
                report.ranSelfTest = true
                try runtime.eval("\(exports).selfTest()", chunkName: "=[scrim check]")
            }
        } catch {
            report.problems.append(problem(from: error, defaultLocation: mainFile, prefix: "self-test failed: "))
        }
        for event in runtime.trace.dropFirst(before) {
            guard let error = ScriptErrorReport(event) else { continue }
            let callback = error.callback.map { " (in \($0))" } ?? ""
            report.problems.append(Problem(location: error.location ?? mainFile, message: error.message + callback))
        }
        return report
    }

    /// `text` as a Lua string literal.
    private static func luaQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func problem(from error: LuaError, defaultLocation: String, prefix: String = "") -> Problem {
        var message = error.message
        var location = error.location ?? defaultLocation
        // A message that starts with its own `file:line:` says where better than the location.
        if let range = message.range(of: #"^[^\s:]+\.lua:\d+: "#, options: .regularExpression) {
            location = String(message[..<range.upperBound].dropLast(2))
            message = String(message[range.upperBound...])
        }
        return Problem(location: location, message: prefix + message)
    }

    /// Looks over the table of the plugin loaded last and returns one line per problem, `file:line<TAB>message`, the location empty
    /// when unknown.
    private static let inspection = String(decoding: PackageResources.check_lua, as: UTF8.self)
}
