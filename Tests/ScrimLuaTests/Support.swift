import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua

/// A runtime whose error output is captured, running chunks named `test.lua`.
final class Harness {
    let runtime: Runtime
    private(set) var errors: [String] = []

    /// Where plugins' data folders go (`scrim.dataPath`): a folder of the test's, not the user's.
    let dataFolder = TemporaryFolder()

    /// The standard limits with a wall-clock watchdog generous enough for a loaded machine
    /// under a sanitizer: the instruction budget still stops a runaway at the same place.
    static let testLimits = LuaLimits(instructionBudget: LuaLimits.standard.instructionBudget,
                                      memoryCap: LuaLimits.standard.memoryCap, timeLimit: 60)

    init(pluginPaths: [String] = [], device: DevicePreset = .iPhone15, limits: LuaLimits = Harness.testLimits) {
        runtime = Runtime(device: device, pluginPaths: pluginPaths, limits: limits)
        runtime.plugins.dataDirectory = dataFolder.path + "/plugin-data"
        runtime.errorOutput = { [unowned self] in errors.append($0) }
    }

    /// Runs `code` as `test.lua`; returns its results as strings.
    @discardableResult
    func run(_ code: String) throws -> [String] {
        try runtime.eval(code, chunkName: "@test.lua")
    }

    /// What running `code` fails with, or "no error".
    func failure(_ code: String) -> String {
        do {
            try run(code)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    /// The single result of `code` (an expression).
    func value(_ expression: String) throws -> String {
        try run("return " + expression).first ?? "nil"
    }

    /// The trace as `vc.event` strings.
    var events: [String] {
        runtime.trace.map { "\($0.controller ?? "-").\($0.event)" }
    }

    var eventsWithoutLayout: [String] {
        events.filter { !$0.contains("LayoutSubviews") }
    }

    var traceLines: [String] { runtime.trace.map(\.jsonLine) }

    /// The messages of the `scriptError` events so far.
    var scriptErrorMessages: [String] {
        runtime.trace.compactMap { event in
            guard event.event == "scriptError", case .string(let message)? = event[arg: "message"] else { return nil }
            return message
        }
    }

    /// The `where` of the `scriptError` events so far (nil where there is none).
    var scriptErrorLocations: [String?] {
        runtime.trace.compactMap { event in
            guard event.event == "scriptError" else { return nil }
            guard case .string(let location)? = event[arg: "where"] else { return .some(nil) }
            return location
        }
    }
}

/// A temporary folder, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("scrim-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Writes `contents` to `relativePath` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ contents: String) -> String {
        let full = path + "/" + relativePath
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        try! contents.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
