import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua

/// The ways untrusted bytes get into Scrim, each fed to the real code as a host would, and
/// what must hold afterwards. Used by the libFuzzer driver (`make fuzz`) and by the test suite,
/// which runs generated inputs through the same checks.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A line on the control socket (JSON-RPC 2.0), through `Runtime.answerControlLine`.
    case controlLine = "control"
    /// Saved state given to `StateRestoration.restore`.
    case restoration
    /// A plugin's source, loaded in the sandbox as `scrim check` and `--plugins` load one.
    case pluginSource = "plugin"
}

/// Something that must hold did not: a bug, with what the input gave.
public struct FuzzFailure: Error, CustomStringConvertible {
    public let description: String
}

/// A runtime kept across inputs (as a host keeps one across messages), with a small
/// hierarchy that has restoration identifiers, and a folder for plugin files.
public final class FuzzHarness {
    public private(set) var runtime: Runtime {
        didSet { control = RuntimeLoop(runtime) }
    }
    /// Answers the control lines, as a host with a transport of its own would.
    private var control: RuntimeLoop
    private let folder: String
    private var inputs = 0

    public init() throws {
        folder = NSTemporaryDirectory() + "scrim-fuzz-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let runtime = try Self.makeRuntime(pluginPath: folder)
        self.runtime = runtime
        control = RuntimeLoop(runtime)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// A runtime with limits small enough that no input runs long: a budget of one million
    /// instructions per callback, a 64 MB cap.
    private static func makeRuntime(pluginPath: String) throws -> Runtime {
        let runtime = Runtime(pluginPaths: [pluginPath], limits: LuaLimits(instructionBudget: 1_000_000, memoryCap: 64 << 20))
        runtime.errorOutput = { _ in }
        runtime.printOutput = { _ in }
        try runtime.eval("""
            local home = ViewController{ name = "home", restorationIdentifier = "home" }
            local nav = NavigationController{ name = "nav", root = home, restorationIdentifier = "nav" }
            window.rootViewController = nav
            step()
            """)
        return runtime
    }

    /// Feeds `bytes` to `target`; throws `FuzzFailure` when something that must hold does not.
    public func run(_ target: FuzzTarget, _ bytes: [UInt8]) throws(FuzzFailure) {
        inputs += 1
        if inputs % 5000 == 0, let fresh = try? Self.makeRuntime(pluginPath: folder) { runtime = fresh }
        let text = String(decoding: bytes, as: UTF8.self)
        switch target {
        case .controlLine: try controlLine(text)
        case .restoration: try restoration(text)
        case .pluginSource: try pluginSource(bytes)
        }
        try stillWorks()
    }

    /// An answer is one JSON-RPC response (or a batch of them) or nothing for notifications.
    /// `eval` and `repl` run Lua, which the plugin target covers; a chunk may loop for ever
    /// there (remote evaluation has no budget), so they are left out here.
    private func controlLine(_ line: String) throws(FuzzFailure) {
        guard !line.contains("eval"), !line.contains("repl") else { return }
        guard let answer = control.answerControlLine(line) else { return }
        guard answer.hasPrefix("{\"jsonrpc\":\"2.0\"") || answer.hasPrefix("[{\"jsonrpc\":\"2.0\"") else {
            throw FuzzFailure(description: "control answer is not JSON-RPC: \(answer.prefix(200))")
        }
        guard (try? JSONValue(parsing: answer)) != nil else {
            throw FuzzFailure(description: "control answer is not JSON: \(answer.prefix(200))")
        }
    }

    /// Saved state restores or is refused with a `RestorationError`; either way the window
    /// keeps a root.
    private func restoration(_ json: String) throws(FuzzFailure) {
        _ = try? runtime.application.stateRestoration.restore(json)
        guard runtime.application.window.rootViewController != nil else {
            throw FuzzFailure(description: "restoring left the window without a root")
        }
    }

    /// A plugin loads and is listed, or fails with a message and is not.
    private func pluginSource(_ bytes: [UInt8]) throws(FuzzFailure) {
        let path = folder + "/fuzzed-\(inputs).lua"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loadedBefore = runtime.plugins.loaded.count
        do {
            let plugin = try runtime.loadPlugin(path)
            guard runtime.plugins.plugin(named: plugin.name) != nil else {
                throw FuzzFailure(description: "plugin '\(plugin.name)' loaded but is not listed")
            }
        } catch let error as LuaError {
            guard !error.message.isEmpty else { throw FuzzFailure(description: "a load error without a message") }
            guard runtime.plugins.loaded.count == loadedBefore else {
                throw FuzzFailure(description: "a plugin that failed to load is listed: \(error.message)")
            }
        } catch let failure as FuzzFailure {
            throw failure
        } catch {
            throw FuzzFailure(description: "unexpected error \(error)")
        }
    }

    /// The runtime still answers after the input, and its trace still counts up by one.
    private func stillWorks() throws(FuzzFailure) {
        guard (try? runtime.eval("return 1 + 1")) == ["2"] else {
            throw FuzzFailure(description: "the runtime no longer evaluates after the input")
        }
        let trace = runtime.trace
        if let first = trace.first, trace.last!.seq - first.seq != trace.count - 1 {
            throw FuzzFailure(description: "trace seq has a gap")
        }
    }
}
