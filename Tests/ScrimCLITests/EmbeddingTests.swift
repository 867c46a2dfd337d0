import Foundation
import ScrimControl
import ScrimCore
import ScrimLua
import Testing

/// The C library as hosts use it: Examples/ built and run against it, and the control socket
/// from the command line.
@Suite struct EmbeddingTests {
    /// Where the build put libCScrim.so and scrim.pc (`make test` builds both before the tests).
    static var buildDirectory: URL { Scrim.executable.deletingLastPathComponent() }

    /// Records why the C library cannot be used, if it cannot.
    static func libraryIsBuilt() -> Bool {
        for file in ["libCScrim.so", "scrim.pc"] where !FileManager.default.fileExists(atPath: buildDirectory.appendingPathComponent(file).path) {
            Issue.record("\(file) is not in \(buildDirectory.path): run `make test`, or `swift build --product CScrim && make pc CONFIG=debug` before `swift test`")
            return false
        }
        return true
    }

    /// Runs a command and returns its exit status and output (stdout and stderr together).
    static func shell(_ command: String, environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = Scrim.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func theCHostRunsAScenarioAndReadsItsTrace() throws {
        guard Self.libraryIsBuilt() else { return }
        let scratch = Scratch()
        let host = scratch.url.appendingPathComponent("host").path
        let build = try Self.shell("cc -std=c99 -Wall -Wextra -Werror Examples/c-host/host.c $(pkg-config --cflags --libs scrim) -o \(host)",
                                   environment: ["PKG_CONFIG_PATH": Self.buildDirectory.path])
        #expect(build.status == 0, "\(build.output)")
        guard build.status == 0 else { return }
        let run = try Self.shell(host)
        #expect(run.status == 0)
        #expect(run.output == """
            presented
            t = 0.500
            trace: 24 events, next seq 24, callback saw 24
            presentCompletion: yes
            eval: {"descriptions":["426","sheet"],"output":"","results":[426,"sheet"]}
            tree names the sheet: yes
            failing eval: status 2, last error "eval:1: no such thing"
            done

            """)
    }

    @Test func theHeaderCompilesAsCPlusPlus() throws {
        guard Self.libraryIsBuilt() else { return }
        let check = try Self.shell("echo '#include <scrim.h>\nint main() { return scrim_version() == nullptr; }' | c++ -x c++ -Wall -Werror $(pkg-config --cflags scrim) - $(pkg-config --libs scrim) -o /dev/null",
                                   environment: ["PKG_CONFIG_PATH": Self.buildDirectory.path])
        #expect(check.status == 0, "\(check.output)")
    }

    @Test func thePythonExampleRunsThroughCtypes() throws {
        guard Self.libraryIsBuilt() else { return }
        let run = try Self.shell("python3 Examples/python/scrim_host.py \(Self.buildDirectory.appendingPathComponent("libCScrim.so").path)")
        #expect(run.status == 0)
        #expect(run.output == """
            scrim \(Runtime.version)
            presented
            t = 0.500
            events: 24, next seq 24, seen live 24
            transition: presentationControllerForPresented presentationTransitionWillBegin animateTransition completeTransition presentationTransitionDidEnd presentCompletion
            sheet at y = 426
            presented: sheet
            error: eval:1: no such thing

            """)
    }

    @Test func badCallsGetErrorCodesAndMessages() throws {
        guard Self.libraryIsBuilt() else { return }
        let script = """
            import ctypes, sys
            lib = ctypes.CDLL(sys.argv[1])
            lib.scrim_last_error.restype = ctypes.c_char_p
            lib.scrim_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
            lib.scrim_tick.argtypes = [ctypes.c_void_p, ctypes.c_int32]
            lib.scrim_listen.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
            lib.scrim_load_plugin.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
            runtime = ctypes.c_void_p()
            for options in [b'{"fps": 0}', b'{"clock": "sundial"}', b'[1]', b'{"colour": 1}', b'{"grants": {"x": "net"}}',
                            b'{"timeLimit": 0}', b'{"transitionWatchdog": -1}']:
                print(lib.scrim_create(options, ctypes.byref(runtime)), lib.scrim_last_error().decode())
            print(lib.scrim_tick(None, 1), lib.scrim_last_error().decode())
            print(lib.scrim_create(None, ctypes.byref(runtime)), repr(lib.scrim_last_error().decode()))
            print(lib.scrim_tick(runtime, -1), lib.scrim_last_error().decode())
            lib.scrim_advance.argtypes = [ctypes.c_void_p, ctypes.c_double]
            print(lib.scrim_advance(runtime, 1e300), lib.scrim_last_error().decode())
            print(lib.scrim_load_plugin(runtime, b"missing-plugin"), lib.scrim_last_error().decode()[:40])
            print(lib.scrim_listen(runtime, b"/tmp"), lib.scrim_last_error().decode())
            print(lib.scrim_tick(runtime, 2000000), lib.scrim_last_error().decode())
            print(lib.scrim_cancel(None), lib.scrim_last_error().decode())
            lib.scrim_destroy(runtime)
            # scrim_cancel from another thread stops a chunk that nothing else would.
            import os, threading, time
            lib.scrim_eval.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
            print(lib.scrim_create(b'{"instructionBudget": null, "timeLimit": null}', ctypes.byref(runtime)))
            started = sys.argv[2]
            def cancel_once_started():
                deadline = time.time() + 60
                while not os.path.exists(started) and time.time() < deadline: time.sleep(0.001)
                lib.scrim_cancel(runtime)
            threading.Thread(target=cancel_once_started).start()
            code = "io.open('%s', 'w'):close() while true do end" % started
            print(lib.scrim_eval(runtime, code.encode(), None), lib.scrim_last_error().decode())
            lib.scrim_destroy(runtime)
            """
        let scratch = Scratch()
        let file = scratch.write("bad_calls.py", script)
        let run = try Self.shell("python3 \(file) \(Self.buildDirectory.appendingPathComponent("libCScrim.so").path) \(scratch.url.path)/started")
        #expect(run.status == 0)
        #expect(run.output == """
            1 scrim_create: the options 'fps' must be a whole number >= 1
            1 scrim_create: the options 'clock' must be "virtual" or "real"
            1 scrim_create: the options must be a JSON object
            1 scrim_create: the options have an unknown field 'colour' (known: clock, defaultPluginPaths, device, fps, grants, instructionBudget, memoryCap, pluginPaths, timeLimit, transitionWatchdog)
            1 scrim_create: the options 'grants.x': unknown permission 'net' (known: io, os, debug, binaryChunks, package, all)
            1 scrim_create: the options 'timeLimit' must be a number of seconds from 0.01 to 86400, or null
            1 scrim_create: the options 'transitionWatchdog' must be a number of seconds > 0
            1 scrim_tick: runtime must not be NULL
            0 ''
            1 scrim_tick: frames must be from 0 to 216000, got -1
            1 scrim_advance: seconds must be from 0 to 3600, got 1e+300
            2 plugin 'missing-plugin' not found (searc
            3 /tmp: a file that is not a socket is in the way
            1 scrim_tick: frames must be from 0 to 216000, got 2000000
            1 scrim_cancel: runtime must not be NULL
            0
            2 eval:1: interrupted!

            """)
    }

    @Test func replAttachDrivesAServedRuntimeThroughAPipe() throws {
        let scratch = Scratch()
        let socket = scratch.url.appendingPathComponent("run/scrim.sock").path
        let serve = try LiveRepl(["--listen", socket, "--clock", "virtual"], in: Scrim.packageRoot, home: scratch.url,
                                 terminal: false, command: "serve")
        defer { if serve.process.isRunning { kill(serve.process.processIdentifier, SIGKILL) } }
        serve.expect("scrim: listening on \(socket) (virtual clock); Ctrl-C to stop\n")
        let attached = try Scrim.run(["repl", "--attach", socket], input: """
            home = ViewController{ name = 'home' }
            window.rootViewController = home
            :step
            sheet = ViewController{ name = 'sheet', modalPresentationStyle = 'custom',
              transitioningDelegate = plugin('half-sheet').transitioningDelegate }
            home:present(sheet, true, function() print('presented') end)
            :step 40
            sheet.view.frame.y, home.presentedViewController.name
            :plugins
            :trace 1
            error('from the client')
            :quit
            print('never')

            """)
        #expect(attached.status == 0, "\(attached.stderr)")
        let lines = attached.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 12, "\(attached.stdout)")
        guard lines.count == 12 else { return }
        #expect(lines[0] == "t = 0.016667")
        #expect(lines[1] == "presented")
        #expect(lines[2] == "t = 0.683333")
        #expect(lines[3] == "426\tsheet")
        #expect(lines[4].hasPrefix("half-sheet 1.0  ") && lines[4].hasSuffix("Plugins/half-sheet.lua"))
        #expect(lines[5] == "watching files: on")
        #expect(lines[6].hasPrefix("{\"seq\":") && lines[6].contains("\"vc\":\"sheet\""))
        #expect(lines[7...] == ["stdin:1: from the client", "stack traceback:", "\t[C]: in function 'error'", "\tstdin:1: in main chunk", ""])
        // The runtime lives on after the client leaves; a second client sees its state.
        let again = try Scrim.run(["repl", "--attach", socket], input: "home.presentedViewController.name\n")
        #expect(again.stdout == "sheet\n")
        kill(serve.process.processIdentifier, SIGTERM)
        serve.expect("scrim: stopped listening on \(socket)\n")
        #expect(serve.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test func ctrlCOnAnAttachedReplStopsTheLineRunningInTheOtherProcess() throws {
        let scratch = Scratch()
        let socket = scratch.url.appendingPathComponent("run/scrim.sock").path
        let started = scratch.url.appendingPathComponent("started").path
        let serve = try LiveRepl(["--listen", socket, "--no-limits"], in: Scrim.packageRoot, home: scratch.url,
                                 terminal: false, command: "serve")
        defer { if serve.process.isRunning { kill(serve.process.processIdentifier, SIGKILL) } }
        serve.expect("scrim: listening on \(socket)")
        let attached = try LiveRepl(["--attach", socket], in: scratch.url, home: scratch.url, terminal: false)
        defer { if attached.process.isRunning { kill(attached.process.processIdentifier, SIGKILL) } }
        attached.send("io.open('\(started)', 'w'):close() while true do end\n")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: started), Date() < deadline { usleep(1000) }
        kill(attached.process.processIdentifier, SIGINT)
        attached.expect("stdin:1: interrupted!")
        attached.send("1 + 1\n")
        attached.expect("2\n")
        try attached.closeInput()
        #expect(attached.waitForExit() == 0)
        kill(serve.process.processIdentifier, SIGTERM)
        #expect(serve.waitForExit() == 0)
    }

    @Test func runListenKeepsTheScenariosRuntimeForClients() throws {
        let scratch = Scratch()
        let script = scratch.write("s.lua", "window.rootViewController = ViewController{ name = 'kept' }; step(2)")
        let socket = scratch.url.appendingPathComponent("s.sock").path
        let run = try LiveRepl([script, "--listen", socket], in: scratch.url, home: scratch.url, terminal: false, command: "run")
        defer { if run.process.isRunning { kill(run.process.processIdentifier, SIGKILL) } }
        run.expect("scrim: the scenario has run; listening on \(socket); Ctrl-C to stop\n")
        let client = try ControlClient(path: socket)
        #expect(try client.call("eval", ["code": .string("window.rootViewController.name")]).json.contains("\"results\":[\"kept\"]"))
        #expect(try client.call("tick").json == "{\"t\":0.05}")
        kill(run.process.processIdentifier, SIGINT)
        run.expect("scrim: stopped listening on \(socket)\n")
        #expect(run.waitForExit() == 0)
    }

    @Test func theVersionIsTheLibrarysToo() throws {
        let result = try Scrim.run(["--version"])
        #expect(result.stdout == Runtime.version + "\n")
    }

    @Test func attachingWhereNoRuntimeListensFails() throws {
        let scratch = Scratch()
        let result = try Scrim.run(["repl", "--attach", scratch.url.appendingPathComponent("none.sock").path], input: "")
        #expect(result.status == 1)
        #expect(result.stderr == "scrim: \(scratch.url.path)/none.sock: cannot connect: no runtime is listening there\n")
        let combined = try Scrim.run(["repl", "--attach", "x.sock", "--plugins", "P"], input: "")
        #expect(combined.status != 0)
        #expect(combined.stderr.contains("--attach uses the other process's runtime"))
    }
}
