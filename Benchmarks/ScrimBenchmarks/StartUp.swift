import CLua
import Foundation
import ScrimLua

/// Start-up, whole process: `scrim run` of an empty scenario, against `lua5.4 -e ''` — the
/// stand-alone interpreter doing nothing — each started, run and waited for. The floor is
/// `scrim --version`: the same executable loaded, started and ended, printing one line.
/// Beside them, what making a runtime costs in a process that has made runtimes before (a test
/// run, a host with a runtime per document), against a bare Lua state with its libraries.
enum StartUp {
    static func run(_ harness: Harness) throws -> [Finding] {
        guard let scrim = harness.options.scrimExecutable else {
            throw BenchmarkError("no scrim executable to start (run it as `scrim bench`)")
        }
        guard let lua = executable(named: harness.options.luaInterpreter) else {
            throw BenchmarkError("\(harness.options.luaInterpreter) is not installed (apt-get install lua5.4)")
        }
        let folder = try ScratchFolder()
        let empty = try folder.write("empty.lua", "")
        let runs = harness.size(20, quick: 2)
        var failure: String?
        func timed(_ arguments: [String]) throws -> Double {
            try spawnAndWait(arguments)
            return median(try harness.samples(arguments[0], iterations: runs) {
                do { try spawnAndWait(arguments) } catch { failure = failure ?? "\(error)" }
            })
        }
        let scrimRun = try timed([scrim, "run", empty])
        let process = try timed([scrim, "--version"])
        let bare = try timed([lua, "-e", ""])
        if let failure { throw BenchmarkError(failure) }

        let configuration = Runtime.Configuration(pluginPaths: [folder.path])
        _ = try Runtime(configuration: configuration)
        let runtime = try harness.nanoseconds("a runtime made and let go") { _ = try? Runtime(configuration: configuration) }
        let bareState = try harness.nanoseconds("a bare Lua state") {
            guard let L = luaL_newstate() else { return }
            luaL_openlibs(L)
            lua_close(L)
        }
        return [
            .cost("start-up", "start-up: scrim run of an empty scenario (ms)", scrimRun * 1e-6, unit: "ms",
                  against: "lua5.4 -e ''", bare * 1e-6, target: 5),
            .cost("start-up.process", "floor: the scrim process alone, scrim --version (ms)", process * 1e-6, unit: "ms",
                  against: "lua5.4 -e ''", bare * 1e-6),
            .cost("start-up.runtime", "a runtime made in a process that has made one (ms)", runtime * 1e-6, unit: "ms",
                  against: "a bare Lua state with its libraries", bareState * 1e-6),
        ]
    }

    /// The path of `name` on `PATH` (or `name` itself when it holds a slash).
    static func executable(named name: String) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `arguments` with its output to /dev/null and waits for it; throws unless it exits 0.
    static func spawnAndWait(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw BenchmarkError("`\(arguments.joined(separator: " "))` failed (wait status \(status))")
        }
    }
}
