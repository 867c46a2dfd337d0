import Foundation
import Testing

/// Runs the built `scrim` executable, as a user would.
struct Scrim {
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrim")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ arguments: [String], in directory: URL = packageRoot,
                    environment: [String: String] = [:], input: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "SCRIM_PLUGIN_PATH")
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }
}

/// A temporary folder for a test, removed afterwards.
final class Scratch {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("scrim-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ path: String, _ contents: String) -> String {
        let file = url.appendingPathComponent(path)
        try! FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try! contents.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

@Suite struct RunCommandTests {
    @Test func theDemoRunsAndNarrates() throws {
        let result = try Scrim.run(["run", "Scripts/demo.lua"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for expected in [
            "[1.517] back at 426.0; still presented: true",
            "[2.617] still presented: false",
            "[3.017] half-way: 20 of 40 old tiles folded away, 0 new ones unfolded",
            "[4.517] popped: inbox is on top",
            "[5.417] selected: settings",
            "[6.417] selected: nav",
        ] {
            #expect(lines.contains(expected), "no line \(expected.debugDescription)")
        }
        #expect(lines.last?.hasSuffix("trace events, 0 script errors") == true)
    }

    @Test func traceToStandardOutputIsJSONLinesInOrderWithPrint() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", """
            print("before")
            window.rootViewController = ViewController{ name = "root" }
            print("after")
            """)
        let result = try Scrim.run(["run", script, "--trace", "-"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "before" && lines.last == "after")
        #expect(lines[1] == #"{"seq":0,"t":0.000000,"event":"loadView","vc":"root","args":{}}"#)
        #expect(lines.count == 9)
        for line in lines.dropFirst().dropLast() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["event"] is String)
        }
    }

    @Test func traceToAFileAndFpsSetTheClock() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "step(2); window.rootViewController = ViewController{ name = 'r' }")
        let traceFile = scratch.url.appendingPathComponent("out.jsonl").path
        let result = try Scrim.run(["run", script, "--trace", traceFile, "--fps", "120"])
        #expect(result.status == 0)
        let first = try String(contentsOfFile: traceFile, encoding: .utf8).split(separator: "\n").first
        #expect(first == #"{"seq":0,"t":0.016667,"event":"loadView","vc":"r","args":{}}"#)
    }

    @Test func aTopLevelErrorExitsOneWithFileAndLine() throws {
        let scratch = Scratch()
        scratch.write("boom.lua", "local a = 1\n\nerror('the scenario failed')\n")
        let result = try Scrim.run(["run", "boom.lua"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr == "boom.lua:3: the scenario failed\n")
    }

    @Test func callbackErrorsAreReportedAndTheRunSucceeds() throws {
        let scratch = Scratch()
        scratch.write("cb.lua", """
            local vc = ViewController{ name = "v", viewDidAppear = function() error("in a callback") end }
            window.rootViewController = vc
            print("still running")
            """)
        let result = try Scrim.run(["run", "cb.lua", "--trace", "-"], in: scratch.url)
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""event":"scriptError","vc":"v","args":{"message":"cb.lua:1: in a callback","where":"cb.lua:1","callback":"viewDidAppear"}"#))
        #expect(result.stdout.hasSuffix("still running\n"))
        #expect(result.stderr.hasPrefix("scrim: error in viewDidAppear of 'v': cb.lua:1: in a callback\nstack traceback:"))
    }

    @Test func badInvocationsExplainThemselves() throws {
        let missing = try Scrim.run(["run", "/nonexistent/scenario.lua"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "/nonexistent/scenario.lua: cannot read the scenario (no such file, or not readable)\n")
        let fps = try Scrim.run(["run", "Scripts/demo.lua", "--fps", "0"])
        #expect(fps.status != 0)
        #expect(fps.stderr.contains("--fps must be between 1 and 1000, got 0"))
        let folder = try Scrim.run(["run", "Scripts/demo.lua", "--plugins", "/nonexistent"])
        #expect(folder.status == 1)
        #expect(folder.stderr == "--plugins /nonexistent: no such folder\n")
    }

    @Test func grantsLetANamedPluginDoMore() throws {
        let scratch = Scratch()
        scratch.write("Plugins/env.lua", "return scrim.plugin { name = 'env', home = pcall(os.getenv, 'HOME') }")
        scratch.write("s.lua", "print(plugin('env').home)")
        let sandboxed = try Scrim.run(["run", "s.lua"], in: scratch.url)
        #expect(sandboxed.stdout == "false\n", "\(sandboxed.stderr)")
        let granted = try Scrim.run(["run", "s.lua", "--grant", "env=os"], in: scratch.url)
        #expect(granted.stdout == "true\n", "\(granted.stderr)")
        let bad = try Scrim.run(["run", "s.lua", "--grant", "env=net"], in: scratch.url)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--grant env=net: unknown permission 'net' (known: io, os, debug, binaryChunks, package, all)"))
        let ghost = try Scrim.run(["run", "s.lua", "--grant", "ghost=os"], in: scratch.url)
        #expect(ghost.status != 0)
        #expect(ghost.stderr.contains("--grant ghost: cannot grant 'os' to plugin 'ghost': it is not on the plugin paths"), "\(ghost.stderr)")
    }

    @Test func limitsStopARunawayCallbackUnlessLifted() throws {
        let scratch = Scratch()
        scratch.write("s.lua", """
            root = ViewController{ name = "root", viewDidLoad = function(self)
              local n = 0
              for i = 1, 1e8 do n = n + 1 end
              self.n = n
            end }
            window.rootViewController = root
            step()
            print(root.n)
            """)
        let stopped = try Scrim.run(["run", "s.lua", "--instruction-budget", "100000"], in: scratch.url)
        #expect(stopped.status == 0)
        #expect(stopped.stdout == "nil\n")
        #expect(stopped.stderr.hasPrefix("scrim: error in viewDidLoad of 'root': s.lua:3: stopped: it ran past its budget of 100000 Lua instructions"))
        let lifted = try Scrim.run(["run", "s.lua", "--no-limits"], in: scratch.url)
        #expect(lifted.stdout == "100000000\n", "\(lifted.stderr)")
        let both = try Scrim.run(["run", "s.lua", "--no-limits", "--memory-cap", "10"], in: scratch.url)
        #expect(both.stderr.contains("--no-limits cannot be combined with --instruction-budget, --memory-cap or --time-limit"))
        let nan = try Scrim.run(["run", "s.lua", "--time-limit", "nan"], in: scratch.url)
        #expect(nan.stderr.contains("--time-limit must be between 0.01 and 86400 seconds, got nan"), "\(nan.stderr)")
    }

    @Test func pluginsComeFromEachKindOfPath() throws {
        let scratch = Scratch()
        scratch.write("flag/a.lua", "return scrim.plugin { name = 'a', from = 'flag' }")
        scratch.write("work/Plugins/b.lua", "return scrim.plugin { name = 'b', from = 'cwd' }")
        scratch.write("work/Plugins/a.lua", "return scrim.plugin { name = 'a', from = 'cwd' }")
        scratch.write("env/c/init.lua", "return scrim.plugin { name = 'c', from = 'env' }")
        scratch.write("work/s.lua", """
            print(plugin("a").from, plugin("b").from, plugin("c").from, plugin("lifecycle-logger").version)
            """)
        let result = try Scrim.run(["run", "s.lua", "--plugins", scratch.url.appendingPathComponent("flag").path],
                                   in: scratch.url.appendingPathComponent("work"),
                                   environment: ["SCRIM_PLUGIN_PATH": scratch.url.appendingPathComponent("env").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "flag\tcwd\tenv\t1.0\n")
    }

    @Test func twoProcessesWriteIdenticalTraces() throws {
        let first = try Scrim.run(["run", "Scripts/demo.lua", "--trace", "-"])
        let second = try Scrim.run(["run", "Scripts/demo.lua", "--trace", "-"])
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.split(separator: "\n").count > 60)
    }

    @Test func watchRunsTheScenarioAgainWhenItOrAPluginChanges() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "print('run ' .. plugin('mark').mark)")
        let pluginFile = scratch.write("P/mark.lua", "return scrim.plugin { name = 'mark', mark = 'one' }")
        let watching = try LiveRepl([script, "--watch", "--plugins", scratch.url.path + "/P"], in: scratch.url,
                                    home: scratch.url, terminal: false, command: "run")
        watching.expect("run one")
        watching.expect("watching")
        try "return scrim.plugin { name = 'mark', mark = 'two' }".write(toFile: pluginFile, atomically: true, encoding: .utf8)
        watching.expect("P/mark.lua changed; running again")
        watching.expect("run two")
        watching.expect("watching")
        try "error('broken')".write(toFile: script, atomically: true, encoding: .utf8)
        watching.expect("s.lua:1: broken")
        watching.expect("watching")
        kill(watching.process.processIdentifier, SIGINT)
        #expect(watching.waitForExit() == SIGINT && watching.process.terminationReason == .uncaughtSignal)
    }
}
