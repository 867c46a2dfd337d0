import Foundation
import Testing

/// A `scrim repl` (or other long-running `scrim` command) process driven line by line, through a
/// pipe or a pseudo-terminal.
final class LiveRepl {
    let process = Process()
    private let input: FileHandle
    private let output: FileHandle
    private var keepAlive: [FileHandle] = []
    private(set) var transcript = ""

    /// Starts `scrim repl` with `arguments`; `terminal` puts it on a pseudo-terminal.
    init(_ arguments: [String], in directory: URL, home: URL, terminal: Bool, command: String = "repl") throws {
        process.executableURL = Scrim.executable
        process.arguments = [command] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.path
        environment["TERM"] = "dumb"
        environment.removeValue(forKey: "SCRIM_PLUGIN_PATH")
        process.environment = environment
        if terminal {
            // posix_openpt, unlockpt and ptsname (which Glibc's module leaves out), by their Linux
            // ioctls: TIOCSPTLCK = _IOW('T', 0x31, int), TIOCGPTN = _IOR('T', 0x30, unsigned int).
            let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430
            let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            var unlock: Int32 = 0, number: UInt32 = 0
            #expect(master >= 0 && ioctl(master, TIOCSPTLCK, &unlock) == 0 && ioctl(master, TIOCGPTN, &number) == 0)
            let secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            let secondaryHandle = FileHandle(fileDescriptor: secondary, closeOnDealloc: true)
            process.standardInput = secondaryHandle
            process.standardOutput = secondaryHandle
            process.standardError = secondaryHandle
            let masterHandle = FileHandle(fileDescriptor: master, closeOnDealloc: true)
            input = masterHandle
            output = masterHandle
            keepAlive = [secondaryHandle]
        } else {
            let stdin = Pipe(), stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stdout
            input = stdin.fileHandleForWriting
            output = stdout.fileHandleForReading
        }
        try process.run()
        if terminal { keepAlive.removeAll() }
    }

    func send(_ text: String) {
        input.write(Data(text.utf8))
    }

    /// Reads output until it contains `text` (after what was already matched); fails after 20 s.
    @discardableResult
    func expect(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !transcript.contains(text) {
            guard Date() < deadline else {
                Issue.record("no \"\(text)\" in the REPL's output:\n\(transcript)", sourceLocation: sourceLocation)
                return false
            }
            var descriptor = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            let data = output.availableData
            if data.isEmpty { break }
            transcript += String(decoding: data, as: UTF8.self)
        }
        guard let range = transcript.range(of: text) else {
            Issue.record("no \"\(text)\" in the REPL's output:\n\(transcript)", sourceLocation: sourceLocation)
            return false
        }
        transcript.removeSubrange(transcript.startIndex..<range.upperBound)
        return true
    }

    func closeInput() throws {
        try input.close()
    }

    /// Waits for the process to end (killing it after 20 s) and returns its status.
    func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) -> Int32 {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            Issue.record("the REPL did not exit:\n\(transcript)", sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

@Suite struct ReplCommandTests {
    static let fade = """
        local Fade = scrim.Animator:extend("Fade")
        function Fade:describe() return "%MARK%" end
        return scrim.plugin { name = "fade", version = "%MARK%", Fade = Fade }
        """

    @Test func pipedInputRunsExpressionsChunksAndCommandsWithoutPrompts() throws {
        let scratch = Scratch()
        let file = scratch.write("P/fade.lua", Self.fade.replacingOccurrences(of: "%MARK%", with: "one"))
        let lines = [
            "1 + 1", "x = 10", "x, x * 2, 'text'",
            "function triple(a)", "  return a * 3", "end", "triple(4)",
            "error('boom')", "local t = {", "}", "nil",
            "root = ViewController{ name = 'root' }", "window.rootViewController = root",
            "m = ViewController{ name = 'm', modalPresentationStyle = 'overFullScreen' }",
            "root:present(m, false)", ":step 2", ":tree",
            "live = plugin('fade').Fade.new()", "live:describe()",
            "-- the file changes here", ":reload fade", "live:describe()", ":plugins",
            ":trace 1", ":nope", ":clock", ":step x", ":step 9223372036854775807", "print('bye')", ":quit", "print('never')",
        ]
        // The plugin is rewritten before the REPL starts reading: :reload picks it up.
        let process = LiveReplScript(lines: lines)
        let result = try process.run(in: scratch.url) {
            try Self.fade.replacingOccurrences(of: "%MARK%", with: "two").write(toFile: file, atomically: true, encoding: .utf8)
        }
        #expect(result.status == 0)
        let expected = """
            2
            10\t20\ttext
            12
            stdin:1: boom
            stack traceback:
            \t[C]: in function 'error'
            \tstdin:1: in main chunk
            nil
            t = 0.033333
            window 393x852 (iPhone 15, compact/regular)
            controllers
            └─ root: ViewController, appeared, view (0, 0, 393, 852)
               └─ presents m (overFullScreen): ViewController, appeared, view (0, 0, 393, 852)
            views
            └─ window (0, 0, 393, 852)
               ├─ view of root (0, 0, 393, 852)
               └─ container (0, 0, 393, 852)
                  └─ view of m (0, 0, 393, 852)
            one
            reloaded fade two in
            """
        #expect(result.stdout.hasPrefix(expected), "\(result.stdout)")
        let rest = result.stdout.dropFirst(expected.count).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rest.dropFirst().prefix(3) == ["two", "fade two  P/fade.lua  (reloaded 1×)", "watching files: off"])
        #expect(rest.dropFirst(4).first?.contains(#""event":"pluginReloaded""#) == true)
        #expect(Array(rest.dropFirst(5)) == [
            "unknown command ':nope' (try :help)", "clock: virtual, t = 0.033333",
            "usage: :step [n]   (n: frames to run, 0 to 216000, default 1)",
            "usage: :step [n]   (n: frames to run, 0 to 216000, default 1)", "bye", "",
        ])
    }

    @Test func ctrlCInterruptsARunawayChunkAndTheSessionGoesOn() throws {
        let scratch = Scratch()
        let repl = try LiveRepl([], in: scratch.url, home: scratch.url, terminal: false)
        repl.send("io.stdout:write('looping\\n'); io.stdout:flush(); while true do end\n")
        repl.expect("looping")
        kill(repl.process.processIdentifier, SIGINT)
        repl.expect("stdin:1: interrupted!")
        repl.send("print('still here')\n")
        repl.expect("still here")
        try repl.closeInput()
        #expect(repl.waitForExit() == 0)
    }

    @Test func ctrlCStopsTheTestsOfTestAndTheSessionGoesOn() throws {
        let scratch = Scratch()
        scratch.write("loop_test.lua", """
            test("loops", function() io.stdout:write("looping\\n"); io.stdout:flush(); while true do end end)
            test("never starts", function() end)
            """)
        let repl = try LiveRepl(["--no-limits"], in: scratch.url, home: scratch.url, terminal: false)
        repl.send(":test loop_test.lua\n")
        repl.expect("looping")
        kill(repl.process.processIdentifier, SIGINT)
        repl.expect("loop_test.lua:1: interrupted!")
        repl.expect("0 passed, 1 failed (1 test in 1 file); interrupted (Ctrl-C)")
        repl.send("print('still here')\n")
        repl.expect("still here")
        try repl.closeInput()
        #expect(repl.waitForExit() == 0)
    }

    @Test func aTerminalGetsPromptsHistoryAndCompletion() throws {
        let scratch = Scratch()
        let repl = try LiveRepl([], in: scratch.url, home: scratch.url, terminal: true)
        repl.expect("> ")
        repl.send("answer = 6 * 7\n")
        repl.expect("> ")
        repl.send("if answer then\n")
        repl.expect(">> ")
        repl.send("print('inside') end\n")
        repl.expect("inside")
        // Tab completes a global, then a field of a native object.
        repl.send("answ\t\n")
        repl.expect("42")
        repl.send("window.rootViewCont\t = ViewController{ name = 'tabbed' }\n")
        repl.expect("> ")
        repl.send("window.rootViewController.name\n")
        repl.expect("tabbed")
        // Up arrow brings back the line before.
        repl.send("\u{1B}[A\n")
        repl.expect("tabbed")
        repl.send(":quit\n")
        #expect(repl.waitForExit() == 0)
        // The history outlives the session: the next one recalls the lines before `:quit`.
        let next = try LiveRepl([], in: scratch.url, home: scratch.url, terminal: true)
        next.expect("> ")
        next.send("\u{1B}[A\u{1B}[A\n")
        next.expect("attempt to index a nil value (field 'rootViewController')")
        next.expect("> ")
        // (Not Ctrl-D: sent before libedit leaves canonical mode, the terminal would swallow it.)
        next.send(":quit\n")
        #expect(next.waitForExit() == 0)
    }
}

/// Runs `scrim repl` on piped lines, after `beforeReading` (the REPL is already running then).
struct LiveReplScript {
    let lines: [String]

    func run(in directory: URL, beforeReading: () throws -> Void) throws -> Scrim.Result {
        let repl = try LiveRepl(["--plugins", "P", "--clock", "virtual"], in: directory, home: directory, terminal: false)
        let marker = "ready \(UUID().uuidString.prefix(6))"
        repl.send(":watch off\nplugin 'fade'\nprint('\(marker)')\n")
        repl.expect(marker + "\n")
        try beforeReading()
        repl.send(lines.joined(separator: "\n") + "\n")
        try repl.closeInput()
        let status = repl.waitForExit()
        return Scrim.Result(status: status, stdout: repl.remaining, stderr: "")
    }
}

extension LiveRepl {
    /// The output not matched yet, after reading to the end.
    var remaining: String {
        var text = transcript
        while true {
            let data = (process.standardOutput as? Pipe)?.fileHandleForReading.availableData ?? Data()
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        return text
    }
}
