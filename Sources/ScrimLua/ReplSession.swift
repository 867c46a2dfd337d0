import LuaBridge
import CLua
import Dispatch
import Foundation
import ScrimCore

/// The REPL's evaluator, whatever feeds it lines (a terminal, a pipe, a socket client): Lua
/// statements and expressions against a live runtime, read as `lua5.4` reads them — an
/// expression's values are printed with `tostring`, tab-separated; an incomplete chunk asks for
/// more lines — and the meta-commands (`:help`). Errors are printed with `file:line` and never end
/// the session. The runtime's globals are the scenario surface with the whole standard library.
public final class ReplSession {
    /// The runtime the session evaluates in.
    public var runtime: Runtime { ownedRuntime ?? runtimeReference.value! }
    /// Held strongly, unless the runtime itself keeps the session (see `init(keptBy:…)`).
    private let ownedRuntime: Runtime?
    private let runtimeReference: Unretained<Runtime>
    /// Where results and meta-command output go (a line at a time, without newline).
    public var output: (String) -> Void
    /// The runtime's clock when it can switch between real and virtual time (`:clock`).
    public let clock: SwitchableClock?
    /// Set by `:quit`.
    public private(set) var wantsQuit = false
    /// The lines of a chunk still incomplete.
    private var pending: [String] = []
    private var completer: LuaRef?

    public init(runtime: Runtime, clock: SwitchableClock? = nil, output: @escaping (String) -> Void) {
        ownedRuntime = runtime
        runtimeReference = runtime.unretained
        self.clock = clock
        self.output = output
    }

    /// A session that `runtime` keeps itself (a control client's), which must not keep the
    /// runtime alive in turn.
    init(keptBy runtime: Runtime, clock: SwitchableClock?, output: @escaping (String) -> Void) {
        ownedRuntime = nil
        runtimeReference = runtime.unretained
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
        let lua = runtime.lua!
        let top = lua.top
        defer { lua.top = top }
        // As lua5.4: a first line that is an expression prints its values.
        if !firstLine || lua.load(source: "return " + source, chunkName: "=stdin") != nil {
            lua.top = top
            if let error = lua.load(source: source, chunkName: "=stdin") {
                if error.message.hasSuffix("<eof>") { return }
                pending.removeAll()
                output(error.message)
                return
            }
        }
        pending.removeAll()
        let failure = lua.interruptibly { lua.enter(nargs: 0, nresults: scrim_multret()) }
        if let failure {
            output(failure.traceback.isEmpty ? failure.description : failure.description + "\n" + failure.traceback)
            return
        }
        guard lua.top > top else { return }
        let descriptions = lua.interruptibly { lua.hostUnit { (top + 1...lua.top).map { runtime.describe(at: $0) } } }
        output(descriptions.joined(separator: "\t"))
    }

    /// Completions for the end of `text`: the candidate names, and how many characters at the end
    /// of `text` they replace.
    public func completions(for text: String) -> (names: [String], replacing: Int) {
        let lua = runtime.lua!
        let top = lua.top
        defer { lua.top = top }
        if completer == nil {
            guard lua.load(source: ReplCompletion.source, chunkName: ReplCompletion.chunkName) == nil else { return ([], 0) }
            scrim_pushglobaltable(lua.L)
            runtime.natives.push()
            lua.rawField("classOf", of: -1)
            lua.rawField("metatableOf", of: -2)
            lua.rawField("rawGetmetatable", of: -3)
            scrim_remove(lua.L, -4)
            guard lua.enter(nargs: 4, nresults: 1) == nil else { return ([], 0) }
            completer = LuaRef(popping: lua)
        }
        completer!.push()
        lua.push(text)
        guard lua.enter(nargs: 1, nresults: 2) == nil else { return ([], 0) }
        let count = Int(lua_tointegerx(lua.L, -1, nil))
        var names: [String] = []
        let length = lua_rawlen(lua.L, -2)
        if length > 0 {
            for index in 1...length {
                lua_rawgeti(lua.L, -2, lua_Integer(index))
                if let name = lua.string(at: -1) { names.append(name) }
                scrim_pop(lua.L, 1)
            }
        }
        return (names, count)
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
        case "tree": output(runtime.application.window.hierarchyDescription)
        case "trace": showTrace(arguments)
        case "watch": watch(arguments)
        case "clock": switchClock(arguments)
        case "step": step(arguments)
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
        for event in runtime.trace.suffix(count) { output(event.jsonLine) }
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

    /// `:step [n]`: as Lua's `step`, at most an hour of frames, stopped by Ctrl-C or `cancel`.
    private func step(_ arguments: [String]) {
        let most = runtime.mostFramesPerCall
        guard arguments.count <= 1, let frames = arguments.first.map({ Int($0) }) ?? 1, (0...most).contains(frames) else {
            output("usage: :step [n]   (n: frames to run, 0 to \(most), default 1)")
            return
        }
        let ran = runtime.lua.interruptibly { runtime.runFrames(frames) }
        output((ran ? "" : "interrupted: ") + "t = \(formatNumber(runtime.application.clock.now))")
    }
}
