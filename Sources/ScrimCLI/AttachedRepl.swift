import Foundation
import LuaBridge
import ScrimControl
import ScrimCore

/// `scrim repl --attach SOCKET`: the REPL against another process's runtime. Each line goes to
/// the runtime's own REPL session for this client (`repl` over the control socket), so
/// statements, expressions, incomplete chunks and the meta-commands behave as in a local REPL;
/// completion asks the runtime. Between lines it shows what the runtime reports by itself:
/// plugin reloads, and errors in callbacks.
final class AttachedRepl {
    private let client: ControlClient
    private let path: String
    /// While a line is answered, its output already holds what the notifications would say.
    private var answering = false

    init(path: String) throws {
        do { client = try ControlClient(path: path) } catch { throw CLIError("scrim: \(error.description)") }
        self.path = path
    }

    func run(interactive: Bool) throws {
        _ = LuaState.handleInterrupts()
        // Ctrl-C while the runtime answers stops what it runs for us.
        client.interruptCount = { LuaState.interruptSignals }
        client.onInterrupt = { [unowned client] in try? client.notify("cancel") }
        client.onNotification = { [unowned self] method, params in
            if !answering, method == "trace", let line = Self.report(params) {
                print(line)
                fflush(nil)
            }
        }
        _ = try call("subscribe")
        let input = ReplInput.started(interactive: interactive, banner: "Scrim REPL attached to \(path) — :help for commands, Ctrl-D to leave")
        var interrupts = LuaState.interruptSignals
        var prompt = "> "
        while true {
            var descriptors = [pollfd(fd: input.wakeDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 2, -1)
            if LuaState.interruptSignals != interrupts {
                interrupts = LuaState.interruptSignals
                if prompt != "> " {
                    _ = try call("repl", ["cancel": .bool(true)])
                    prompt = "> "
                    print("\n(unfinished chunk dropped)")
                }
            }
            if descriptors[1].revents != 0 { try takeNotifications() }
            for event in input.takeEvents() {
                switch event {
                case .line(let line):
                    let answer = try call("repl", ["line": .string(line)])
                    if case .string(let output)? = answer["output"], !output.isEmpty { print(output, terminator: "") }
                    fflush(nil)
                    if answer["quit"] == .bool(true) {
                        input.stop()
                        return
                    }
                    if case .string(let next)? = answer["prompt"] { prompt = next }
                    input.lineDone(nextPrompt: prompt)
                case .complete(let text):
                    let answer = try? call("complete", ["text": .string(text)])
                    var names: [String] = []
                    if case .array(let entries)? = answer?["names"] {
                        names = entries.compactMap { if case .string(let name) = $0 { name } else { nil } }
                    }
                    var replacing = 0
                    if case .number(let count)? = answer?["replacing"] { replacing = Int(count) }
                    input.answerCompletion((names, replacing))
                case .end:
                    return
                }
            }
        }
    }

    private func call(_ method: String, _ params: [String: JSONValue] = [:]) throws -> [String: JSONValue] {
        answering = true
        defer { answering = false }
        do {
            guard case .object(let fields) = try client.call(method, params) else { return [:] }
            return fields
        } catch {
            throw CLIError(error.code == nil ? "scrim: \(path): \(error.message)" : "scrim: \(error.message)")
        }
    }

    private func takeNotifications() throws {
        do { try client.takeNotifications() } catch { throw CLIError("scrim: \(path): \(error.message)") }
    }

    /// The line a reload or a callback's error gets in the transcript, as a local REPL shows them.
    private static func report(_ event: JSONValue) -> String? {
        guard case .object(let fields) = event, case .string(let name)? = fields["event"],
              case .object(let args)? = fields["args"] else { return nil }
        func text(_ key: String) -> String {
            if case .string(let value)? = args[key] { return value }
            return "?"
        }
        switch name {
        case "pluginReloaded":
            var line = "[reloaded \(text("name"))"
            if case .number(let latency)? = args["latency"] { line += " in \(String(format: "%.1f", latency * 1000)) ms" }
            return line + "]"
        case "pluginReloadFailed":
            return "[reload of plugin '\(text("name"))' failed, the loaded version stays: \(text("message"))]"
        case "scriptError":
            var subject = ""
            if case .string(let controller)? = fields["vc"] { subject = " of '\(controller)'" }
            return "[error in \(text("callback"))\(subject): \(text("message"))]"
        default:
            return nil
        }
    }
}
