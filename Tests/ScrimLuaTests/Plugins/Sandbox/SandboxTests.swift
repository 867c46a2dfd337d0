import Foundation
@testable import ScrimLua
import Testing

@Suite struct SandboxTests {
    /// A plugin that tries each capability and records what happened, without its own location.
    static let probe = HostilePlugin.recorder + """
        try("os.execute", function() return os.execute("true") end)
        try("os.getenv", function() return os.getenv("HOME") end)
        try("io.popen", function() return io.popen("ls") end)
        try("io.read", function() return io.read() end)
        try("package.loadlib", function() return package.loadlib("libc.so.6", "puts") end)
        try("debug.getinfo", function() return debug.getinfo(1) end)
        try("debug.traceback", function() return debug.traceback("x") end)
        try("binary chunk", function() assert(load(string.dump(function() end))) end)
        try("text chunk", function() assert(load("return 1"))() end)
        try("own file", function() return io.open("data.txt"):read("a") end)
        try("parent file", function() return io.open("../secret.txt") end)
        try("absolute file", function() return io.open("/etc/passwd") end)
        try("symlink out", function() return io.open("escape/secret.txt") end)
        try("dofile out", function() return dofile("/etc/hostname") end)
        try("string metatable", function() assert(getmetatable("") == nil) end)
        try("set scrim", function() scrim.run = nil end)
        try("collectgarbage stop", function() collectgarbage("stop") end)
        try("require helper", function() assert(require("helpers.math").double(2) == 4) end)
        try("require missing", function() require("nowhere") end)
        try("scenario global", function() assert(secretGlobal == nil) end)
        try("os.clock", function() return os.clock() end)
        return scrim.plugin { name = "probe", state = results }
        """

    func pluginFolder() -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("plugins/probe/init.lua", Self.probe)
        folder.write("plugins/probe/data.txt", "inside")
        folder.write("plugins/secret.txt", "outside")
        folder.write("plugins/helpers/math.lua", "return { double = function(x) return 2 * x end }")
        try! FileManager.default.createSymbolicLink(atPath: folder.path + "/plugins/probe/escape",
                                                    withDestinationPath: folder.path + "/plugins")
        return folder
    }

    @Test func eachForbiddenCapabilityIsRefusedInsideAPlugin() throws {
        let folder = pluginFolder()
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("secretGlobal = 42; probe = plugin 'probe'")
        let results = try h.run("return table.concat(probe.state, '\\n')").first!.split(separator: "\n").map(String.init)
        let root = folder.path + "/plugins/probe"
        let expected: [String] = [
            "os.execute: os.execute is not allowed in a plugin (the host can grant 'os')",
            "os.getenv: os.getenv is not allowed in a plugin (the host can grant 'os')",
            "io.popen: io.popen is not allowed in a plugin (the host can grant 'io')",
            "io.read: io.read is not allowed in a plugin (the host can grant 'io')",
            "package.loadlib: package.loadlib is not allowed in a plugin (the host can grant 'package')",
            "debug.getinfo: attempt to call a nil value (field 'getinfo')",
            "debug.traceback: allowed",
            "binary chunk: attempt to load a binary chunk (mode is 't')",
            "text chunk: allowed",
            "own file: allowed",
            "parent file: io.open: '../secret.txt' is outside the plugin's folder (\(root))",
            "absolute file: io.open: '/etc/passwd' is outside the plugin's folder (\(root))",
            "symlink out: io.open: 'escape/secret.txt' is outside the plugin's folder (\(root))",
            "dofile out: dofile: '/etc/hostname' is outside the plugin's folder (\(root))",
            "string metatable: allowed",
            "set scrim: scrim is read-only in a plugin (cannot set 'run')",
            "collectgarbage stop: collectgarbage('stop') is not allowed in a plugin",
            "require helper: allowed",
            "require missing: module 'nowhere' not found in the plugin paths:\n\tno file '\(folder.path)/plugins/nowhere.lua'\n\tno file '\(folder.path)/plugins/nowhere/init.lua'",
            "scenario global: allowed",
            "os.clock: allowed",
        ]
        #expect(results == expected.flatMap { $0.split(separator: "\n").map(String.init) })
        folder.write("plugins/exiter.lua", "return scrim.plugin { name = 'exiter', state = { pcall(os.exit, 1) } }")
        #expect(try h.value("plugin('exiter').state[2]").hasSuffix("os.exit is not allowed in a plugin (the host can grant 'os')"))
        // The scenario keeps the whole standard library.
        #expect(try h.value("type(os.getenv) .. type(io.popen) .. type(debug.getinfo)") == "functionfunctionfunction")
        #expect(try h.value("type(scrim.run)") == "function")
    }

    @Test func theHostGrantsMoreByName() throws {
        let folder = pluginFolder()
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.runtime.plugins.grant([.os, .debug], to: "probe")
        try h.run("probe = plugin 'probe'")
        let results = try h.run("return table.concat(probe.state, '\\n')").first!
        #expect(results.contains("os.getenv: allowed") && results.contains("debug.getinfo: allowed"))
        #expect(results.contains("io.popen: io.popen is not allowed"))
        #expect(throws: ConfigurationError("unknown permission 'net' (known: io, os, debug, binaryChunks, package, all)")) {
            try PluginPermissions(parsing: "io,net")
        }
        #expect(try PluginPermissions(parsing: "io, os") == [.io, .os])
    }
}
