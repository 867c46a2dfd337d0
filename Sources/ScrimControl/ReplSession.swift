import Dispatch
import Foundation
import LuaBridge
import ScrimCore
import ScrimLua
import ScrimTesting

/// The REPL's evaluator, whatever feeds it lines (a terminal, a pipe, a socket client): Lua
/// statements and expressions against a live runtime, read as `lua5.4` reads them — an
/// expression's values are printed with `tostring`, tab-separated; an incomplete chunk asks for
/// more lines — and the meta-commands (`:help`). Errors are printed with `file:line` and never end
/// the session. The runtime's globals are the scenario surface with the whole standard library.
public final class ReplSession {
    /// The runtime the session evaluates in.
    public let runtime: ControlHost
    /// Where results and meta-command output go (a line at a time, without newline).
    public var output: (String) -> Void
    /// The runtime's clock when it can switch between real and virtual time (`:clock`).
    public let clock: SwitchableClock?
    /// Set by `:quit`.
    public private(set) var wantsQuit = false
    /// The lines of a chunk still incomplete.
    private var pending: [String] = []

    public init(runtime: ControlHost, clock: SwitchableClock? = nil, output: @escaping (String) -> Void) {
        self.runtime = runtime
        self.clock = clock
        self.output = output
    }

    /// Whether the lines so far are an incomplete chunk (the prompt becomes `>>`).
    public var isContinuing: Bool { !pending.isEmpty }

    /// The prompt for the next line: `> `, or `>> ` inside an incomplete chunk.
    public var prompt: String { isContinuing ? ">> " : "> " }

    /// Drops the lines of an incomplete chunk (Ctrl-C at a continuation prompt).
    public func cancelPending() { pending.removeAll() }

    /// Handles one line of input.
    public func submit(_ line: String) {
        if pending.isEmpty, line.hasPrefix(":") {
            runCommand(line)
            return
        }
        pending.append(line)
        let chunk = pending.joined(separator: "\n")
        guard chunk.utf8.count <= Self.longestChunk else {
            pending.removeAll()
            output("an unfinished chunk longer than \(Self.longestChunk >> 20) MB is dropped")
            return
        }
        evaluate(chunk, firstLine: pending.count == 1)
    }

    /// The longest chunk the session gathers over lines (each line parses all of it again).
    static let longestChunk = 4 << 20

    // MARK: Lua

    private func evaluate(_ source: String, firstLine: Bool) {
        switch runtime.evaluateLines(source, firstLine: firstLine) {
        case .incomplete:
            return
        case .syntaxError(let error):
            pending.removeAll()
            output(error.message)
        case .failed(let failure):
            pending.removeAll()
            output(failure.traceback.isEmpty ? failure.description : failure.description + "\n" + failure.traceback)
        case .values(let descriptions):
            pending.removeAll()
            if !descriptions.isEmpty { output(descriptions.joined(separator: "\t")) }
        }
    }

    /// Completions for the end of `text`: the candidate names, and how many characters at the end
    /// of `text` they replace.
    public func completions(for text: String) -> (names: [String], replacing: Int) {
        runtime.completions(for: text)
    }

    // MARK: Meta-commands

    public static let help = """
        Lua statements and expressions run against the live runtime; a chunk that is not complete
        continues on the next line (prompt >>). Meta-commands:
          :reload [name]        reload a plugin, or every loaded plugin
          :plugins              the loaded plugins
          :tree                 the window's controllers and views, with frames
          :trace [n]            the last n trace events (default 10)
          :watch on|off         reload plugins when their files change (on by default)
          :clock virtual|real   time from the system clock, or only when stepped
          :step [n]             run n frames (default 1; Ctrl-C stops them)
          :test [path…]         run the tests of files or folders (default: the current folder),
                                each in a fresh runtime with this one's plugin paths and limits
          :help                 this text
          :quit                 leave (also Ctrl-D)
        """

    private func runCommand(_ line: String) {
        let words = line.dropFirst().split(separator: " ").map(String.init)
        guard let command = words.first else {
            output("empty command (try :help)")
            return
        }
        let arguments = Array(words.dropFirst())
        switch command {
        case "help": output(ReplSession.help)
        case "quit", "q", "exit": wantsQuit = true
        case "reload": reload(arguments)
        case "plugins": listPlugins()
        case "tree": output(runtime.hierarchyDescription)
        case "trace": showTrace(arguments)
        case "watch": watch(arguments)
        case "clock": switchClock(arguments)
        case "step": step(arguments)
        case "test": test(arguments)
        default: output("unknown command ':\(command)' (try :help)")
        }
    }

    private func reload(_ arguments: [String]) {
        let plugins = runtime.plugins
        let targets = arguments.isEmpty ? plugins.loaded : arguments.compactMap { name in
            if let plugin = plugins.plugin(named: name) { return plugin }
            output("no plugin named '\(name)' is loaded")
            return nil
        }
        if arguments.isEmpty && targets.isEmpty { output("no plugins are loaded") }
        for plugin in targets {
            let start = DispatchTime.now().uptimeNanoseconds
            guard plugins.reload(plugin, trigger: .call) == nil else { continue }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            output("reloaded \(plugin.name)\(plugin.version.map { " \($0)" } ?? "") in \(String(format: "%.1f", milliseconds)) ms")
        }
    }

    private func listPlugins() {
        let plugins = runtime.plugins
        guard !plugins.loaded.isEmpty else {
            output("no plugins are loaded (search paths: \(plugins.searchPaths.joined(separator: ", ")))")
            return
        }
        for plugin in plugins.loaded {
            var line = plugin.name + (plugin.version.map { " \($0)" } ?? "") + "  " + plugin.path
            if plugin.reloadCount > 0 { line += "  (reloaded \(plugin.reloadCount)×)" }
            output(line)
        }
        output("watching files: \(plugins.isWatching ? "on" : "off")")
    }

    private func showTrace(_ arguments: [String]) {
        guard arguments.count <= 1, let count = arguments.first.map({ Int($0) }) ?? 10, count >= 0 else {
            output("usage: :trace [n]   (n: how many of the last events, default 10)")
            return
        }
        for event in runtime.trace(since: 0).suffix(count) { output(event.jsonLine) }
    }

    private func watch(_ arguments: [String]) {
        switch arguments.first {
        case "on" where arguments.count == 1:
            do {
                try runtime.plugins.startWatching()
                output("watching plugin files: on")
            } catch {
                output(error.description)
            }
        case "off" where arguments.count == 1:
            runtime.plugins.stopWatching()
            output("watching plugin files: off")
        case nil: output("watching plugin files: \(runtime.plugins.isWatching ? "on" : "off")")
        default: output("usage: :watch on|off")
        }
    }

    private func switchClock(_ arguments: [String]) {
        guard let clock else {
            output("this runtime's clock cannot switch")
            return
        }
        guard arguments.count <= 1 else {
            output("usage: :clock virtual|real")
            return
        }
        if let name = arguments.first {
            guard let mode = SwitchableClock.Mode(rawValue: name) else {
                output("usage: :clock virtual|real")
                return
            }
            clock.switchTo(mode)
        }
        output("clock: \(clock.mode.rawValue), t = \(formatNumber(clock.now))")
    }

    /// `:test [path…]`: as `scrim test`, each test in a runtime of its own made like this one
    /// (`ControlHost.makeTestRuntime`), so it sees the plugins this session works on as their
    /// files are now; the live runtime is not touched.
    private func test(_ arguments: [String]) {
        let paths = arguments.isEmpty ? ["."] : arguments
        let files: [String]
        do { files = try TestDiscovery.files(in: paths) } catch {
            output(error.message)
            return
        }
        guard !files.isEmpty else {
            output("no tests found in \(paths.joined(separator: ", ")): test files are named *_test.lua, or are in a tests/ folder")
            return
        }
        let host = runtime
        let runner = TestRunner(makeRuntime: { host.makeTestRuntime() })
        runner.stopsOnInterrupt = true
        runner.onResult = { [output] result in output(TestReport.line(for: result)) }
        let results = runner.run(files: files)
        output(TestReport.summary(of: results, files: files.count) + (runner.wasInterrupted ? "; interrupted (Ctrl-C)" : ""))
    }

    /// `:step [n]`: as Lua's `step`, at most an hour of frames, stopped by Ctrl-C or `cancel`.
    private func step(_ arguments: [String]) {
        let most = runtime.mostFramesPerCall
        guard arguments.count <= 1, let frames = arguments.first.map({ Int($0) }) ?? 1, (0...most).contains(frames) else {
            output("usage: :step [n]   (n: frames to run, 0 to \(most), default 1)")
            return
        }
        let ran = runtime.tickInterruptibly(frames: frames)
        output((ran ? "" : "interrupted: ") + "t = \(formatNumber(runtime.now))")
    }
}
