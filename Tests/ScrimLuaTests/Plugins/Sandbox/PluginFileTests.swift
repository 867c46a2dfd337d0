import Foundation
@testable import ScrimLua
import Testing

/// The threat model's rules on files (docs/plugins.md, "Files"), each tried by a hostile plugin:
/// code is never writable, writes go beneath the plugin's data folder only, reads beneath its
/// folder only, and no name — `..`, an absolute path, a link that exists or dangles, a hard
/// link — leads out; nothing is written outside, no message quotes a file it may not read.
@Suite struct PluginFileTests {
    let folder = TemporaryFolder()
    var plugins: String { folder.path + "/plugins" }

    func harness() -> Harness { Harness(pluginPaths: [plugins]) }

    func attack(_ code: String, name: String = "attacker", asFolder: Bool = false, _ h: Harness) throws -> String {
        try HostilePlugin.outcome(of: code, name: name, asFolder: asFolder, in: folder, harness: h)
    }

    /// The data folder the harness gives plugin `name`.
    func dataFolder(_ h: Harness, _ name: String = "attacker") -> String { h.dataFolder.path + "/plugin-data/" + name }

    @Test func aPluginCannotWriteItsOwnCode() throws {
        for mode in ["w", "a", "r+", "w+b", "a+"] {
            let h = harness()
            let outcome = try attack("return io.open('attacker.lua', '\(mode)')", h)
            #expect(outcome == "io.open: cannot write 'attacker.lua': the plugin's folder is read-only to plugins "
                + "(write under scrim.dataPath; the host can grant 'io')", "mode \(mode)")
            #expect(folder.contents("plugins/attacker.lua")?.contains("pcall") == true)
        }
        let h = harness()
        let outcome = try attack("return io.open('init.lua', 'w')", name: "folded", asFolder: true, h)
        #expect(outcome.hasPrefix("io.open: cannot write 'init.lua': the plugin's folder is read-only"))
        #expect(folder.contents("plugins/folded/init.lua")?.contains("pcall") == true)
    }

    @Test func aPluginCannotWriteAnotherPluginsCodeOrMakeNewCode() throws {
        folder.write("plugins/granted.lua", "return scrim.plugin { name = 'granted' }")
        let h = harness()
        #expect(try attack("return io.open('granted.lua', 'w')", h).hasPrefix("io.open: cannot write 'granted.lua'"))
        #expect(folder.contents("plugins/granted.lua") == "return scrim.plugin { name = 'granted' }")
        #expect(try attack("return io.open('evil.lua', 'a')", name: "second", h).hasPrefix("io.open: cannot write 'evil.lua'"))
        #expect(!folder.exists("plugins/evil.lua"))
    }

    @Test func writesGoToThePluginsOwnDataFolder() throws {
        let h = harness()
        let outcome = try attack("""
            local file = assert(io.open(scrim.dataPath .. '/notes.txt', 'w'))
            file:write('kept'); file:close()
            assert(io.open(scrim.dataPath .. '/notes.txt', 'a')):write(' and more'):close()
            local lines = {}
            for line in io.lines(scrim.dataPath .. '/notes.txt') do lines[#lines + 1] = line end
            return scrim.dataPath .. ' ' .. table.concat(lines)
            """, h)
        #expect(outcome == "ok: \(dataFolder(h)) kept and more")
        var status = stat()
        #expect(stat(dataFolder(h), &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(stat(dataFolder(h) + "/notes.txt", &status) == 0 && status.st_mode & 0o777 == 0o600)
        // A chunk written there is named by its own path (not the plugin's folder's glued to it).
        let chunk = try attack("""
            assert(io.open(scrim.dataPath .. '/chunk.lua', 'w')):write('\\nerror("here")'):close()
            return select(2, pcall(assert(loadfile(scrim.dataPath .. '/chunk.lua'))))
            """, name: "chunky", h)
        #expect(chunk == "ok: \(dataFolder(h, "chunky"))/chunk.lua:2: here")
    }

    @Test func aDanglingLinkCannotCreateAFileOutside() throws {
        let h = harness()
        for (name, target) in [("absolute", folder.path + "/made-absolute"), ("relative", "../../../made-relative")] {
            let data = dataFolder(h, name)
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: data + "/link", withDestinationPath: target)
            #expect(try attack("return io.open(scrim.dataPath .. '/link', 'w')", name: name, h)
                        == "io.open: '\(data)/link' is outside the plugin's data folder (\(data))")
        }
        folder.link("plugins/in-folder", to: folder.path + "/made-from-folder")
        #expect(try attack("return io.open('in-folder', 'w')", name: "third", h)
                    .hasPrefix("io.open: cannot write 'in-folder': the plugin's folder is read-only"))
        for made in ["made-absolute", "made-relative", "made-from-folder"] { #expect(!folder.exists(made)) }
    }

    @Test func readsFollowNoLinkOutOfThePluginsFolder() throws {
        folder.write("secret.txt", "TOP SECRET LINE")
        folder.write("plugins/mine.txt", "mine")
        folder.link("plugins/out", to: folder.path + "/secret.txt")
        folder.link("plugins/up", to: "../secret.txt")
        folder.link("plugins/dir", to: folder.path)
        folder.link("plugins/in", to: "mine.txt")
        let h = harness()
        let root = plugins
        let cases = [
            ("io.open('in'):read('a')", "ok: mine"),
            ("io.open('out')", "io.open: 'out' is outside the plugin's folder (\(root))"),
            ("io.open('up')", "io.open: 'up' is outside the plugin's folder (\(root))"),
            ("io.open('dir/secret.txt')", "io.open: 'dir/secret.txt' is outside the plugin's folder (\(root))"),
            ("io.open('../secret.txt')", "io.open: '../secret.txt' is outside the plugin's folder (\(root))"),
            ("io.open('\(folder.path)/secret.txt')", "io.open: '\(folder.path)/secret.txt' is outside the plugin's folder (\(root))"),
            ("io.lines('out')", "io.lines: 'out' is outside the plugin's folder (\(root))"),
            ("loadfile('up')", "loadfile: 'up' is outside the plugin's folder (\(root))"),
            ("dofile('out')", "dofile: 'out' is outside the plugin's folder (\(root))"),
            ("select(2, io.open('missing'))", "ok: missing: No such file or directory"),
            ("io.open('mine.txt\\0x')", "io.open: a file name cannot hold a zero byte"),
            ("io.open('mine.txt', 'rw')", "bad argument #2 to 'io.open' (invalid mode 'rw')"),
            ("io.open(42)", "bad argument #1 to 'io.open' (string expected, got number)"),
            ("loadfile()", "loadfile() on standard input is not allowed in a plugin (the host can grant 'io')"),
        ]
        for (index, (code, expected)) in cases.enumerated() {
            let outcome = try attack("return \(code)", name: "reader\(index)", h)
            #expect(outcome == expected, "\(code)")
            #expect(!outcome.contains("TOP SECRET"))
        }
    }

    @Test func aHardLinkIsNotWrittenThrough() throws {
        let h = harness()
        let data = dataFolder(h)
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        folder.write("precious.txt", "precious")
        #expect(link(folder.path + "/precious.txt", data + "/alias") == 0)
        #expect(try attack("return io.open(scrim.dataPath .. '/alias', 'w')", h)
                    == "io.open: cannot write '\(data)/alias': the file has other names (hard links)")
        #expect(folder.contents("precious.txt") == "precious")
    }

    @Test func aFIFOIsRefusedWithoutStallingTheHost() throws {
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        #expect(mkfifo(plugins + "/pipe", 0o600) == 0)
        let h = harness()
        #expect(try attack("return io.open('pipe')", h) == "io.open: 'pipe' is not a regular file")
    }

    @Test func noMessageQuotesAFileThePluginMayNotRead() throws {
        folder.write("outside/secret.lua", "TOP SECRET LINE\n")
        folder.link("plugins/stolen.lua", to: folder.path + "/outside/secret.lua")
        folder.link("plugins/shared/leak.lua", to: "../../outside/secret.lua")
        let h = harness()
        let outcomes = try [
            attack("return require('stolen')", name: "one", h),
            attack("return require('shared.leak')", name: "two", h),
            attack("return plugin('stolen')", name: "three", h),
            attack("return scrim.loadPlugin('\(folder.path)/outside/secret.lua')", name: "four", h),
            attack("return loadfile('stolen.lua')", name: "five", h),
        ]
        for outcome in outcomes { #expect(!outcome.contains("SECRET"), "\(outcome)") }
        #expect(outcomes[0] == "module 'stolen' not found in the plugin paths:\n\t'\(plugins)/stolen.lua': "
            + "it leads out of its plugin path (a symbolic link), which is not followed\n\tno file '\(plugins)/stolen/init.lua'")
        #expect(outcomes[2].hasPrefix("plugin 'stolen' not found (searched \(plugins))\n\t'\(plugins)/stolen.lua': it leads out"))
        #expect(outcomes[3] == "scrim.loadPlugin: '\(folder.path)/outside/secret.lua' is a path; a plugin loads other plugins "
            + "by name, found on the plugin paths (paths are for the scenario and the host)")
        #expect(outcomes[4] == "loadfile: 'stolen.lua' is outside the plugin's folder (\(plugins))")
    }

    @Test func everyRefusalNamesThePluginsLine() throws {
        let attempts = ["dofile('../x')", "loadfile('../x')", "io.open('../x')", "io.lines('../x')", "require('../x')",
                        "loadfile()", "dofile()", "io.lines()", "io.open('x.lua', 'w')"]
        folder.write("plugins/located.lua", """
            local messages = {}
            for _, f in ipairs({
            \(attempts.map { "  function() \($0) end," }.joined(separator: "\n"))
            }) do
              messages[#messages + 1] = select(2, pcall(f)):match("^[^:]*:%d+:") or "unlocated"
            end
            return scrim.plugin { name = "located", messages = table.concat(messages, " ") }
            """)
        let h = harness()
        #expect(try h.value("plugin('located').messages")
                    == attempts.indices.map { "\(plugins)/located.lua:\($0 + 3):" }.joined(separator: " "))
    }

    @Test func moduleNamesAreNamesNotPaths() throws {
        let h = harness()
        for (index, name) in ["../x", "a..b", "/etc/passwd", ".hidden", "a/b", ""].enumerated() {
            #expect(try attack("return require('\(name)')", name: "requirer\(index)", h)
                        == "bad argument #1 to 'require' (module names are letters, digits, '_' and '-' in parts separated by '.', got '\(name)')")
        }
    }

    @Test func aDataFolderOnThePluginPathsIsNotWritten() throws {
        // The data folder inside a plugin path: what a plugin wrote there would be code.
        let h = harness()
        h.runtime.plugins.dataDirectory = plugins + "/data"
        #expect(try attack("return io.open(scrim.dataPath .. '/evil.lua', 'w')", h)
                    == "io.open: cannot write '\(plugins)/data/attacker/evil.lua': the data folder lies in the plugin path "
                       + "'\(plugins)', where a written file could become plugin code")
        #expect(!folder.exists("plugins/data/attacker/evil.lua"))
        // A plugin path inside the data folder.
        let second = harness()
        second.runtime.plugins.dataDirectory = folder.path + "/state"
        second.runtime.plugins.searchPaths.append(folder.path + "/state/victim/code")
        try FileManager.default.createDirectory(atPath: folder.path + "/state/victim/code", withIntermediateDirectories: true)
        #expect(try attack("return io.open(scrim.dataPath .. '/code/victim2.lua', 'w')", name: "victim", second)
                    == "io.open: cannot write '\(folder.path)/state/victim/code/victim2.lua': the plugin path "
                       + "'\(folder.path)/state/victim/code' lies in the data folder, where a written file could become plugin code")
        #expect(!folder.exists("state/victim/code/victim2.lua"))
    }

    @Test func aDataFolderThatIsALinkIsNotUsed() throws {
        let h = harness()
        try FileManager.default.createDirectory(atPath: h.dataFolder.path + "/plugin-data", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dataFolder(h), withDestinationPath: folder.path + "/elsewhere")
        #expect(try attack("return select(2, io.open(scrim.dataPath .. '/x', 'w'))", h)
                    == "ok: \(dataFolder(h)): Too many levels of symbolic links")
        #expect(!folder.exists("elsewhere/x"))
    }
}
