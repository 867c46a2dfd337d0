import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

/// The threat model's rule on grants (docs/plugins.md, "Grants"): a grant belongs to the plugin
/// file the host resolved when it granted — by its real path — so no other code gets it: not a
/// same-named plugin elsewhere, a copy or hard link loaded by path, a file swapped for a link,
/// nor what a neighbour without grants could make of the granted file.
@Suite struct GrantBindingTests {
    let folder = TemporaryFolder()
    var plugins: String { folder.path + "/plugins" }

    /// A plugin that reports whether it may run `os.getenv`.
    static func probe(_ name: String = "granted", mark: String = "original") -> String {
        "return scrim.plugin { name = '\(name)', mark = '\(mark)', granted = (pcall(os.getenv, 'HOME')) }"
    }

    func granted(_ h: Harness, _ name: String = "granted") throws -> String {
        try h.value("plugin('\(name)').mark .. ' ' .. tostring(plugin('\(name)').granted)")
    }

    @Test func theGrantedFileGetsItsGrantAndKeepsItWhenEdited() throws {
        folder.write("plugins/granted.lua", Self.probe())
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.os, to: "granted")
        #expect(try granted(h) == "original true")
        folder.write("plugins/granted.lua", Self.probe(mark: "edited"))   // written anew and renamed over, as editors save
        try h.run("assert(scrim.reload 'granted')")
        #expect(try granted(h) == "edited true")
    }

    @Test func aSameNamedPluginInAFolderAddedLaterGetsNoGrant() throws {
        folder.write("plugins/granted.lua", Self.probe())
        folder.write("earlier/granted.lua", Self.probe(mark: "impostor"))
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.os, to: "granted")
        h.runtime.plugins.searchPaths.insert(folder.path + "/earlier", at: 0)
        #expect(try granted(h) == "impostor false")
    }

    @Test func aCopyOrAHardLinkLoadedByPathGetsNoGrant() throws {
        folder.write("plugins/granted.lua", Self.probe())
        folder.write("copy/granted.lua", Self.probe(mark: "copy"))
        try FileManager.default.createDirectory(atPath: folder.path + "/linked", withIntermediateDirectories: true)
        #expect(link(plugins + "/granted.lua", folder.path + "/linked/granted.lua") == 0)
        for path in ["copy/granted.lua", "linked/granted.lua"] {
            let h = Harness(pluginPaths: [plugins])
            try h.runtime.plugins.grant(.os, to: "granted")
            #expect(try h.value("tostring(scrim.loadPlugin('\(folder.path)/\(path)').granted)") == "false", "\(path)")
        }
        // The host can grant a path, which binds the same way.
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.os, toPluginAt: folder.path + "/copy/granted.lua")
        #expect(try h.value("tostring(scrim.loadPlugin('\(folder.path)/copy/granted.lua').granted)") == "true")
        #expect(try h.value("tostring(plugin('granted').granted)") == "true")
    }

    @Test func aGrantedFileSwappedForALinkLosesTheGrant() throws {
        folder.write("plugins/granted.lua", Self.probe())
        folder.write("plugins/sub/other.lua", Self.probe(mark: "swapped"))
        folder.write("outside/granted.lua", Self.probe(mark: "outside"))
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.os, to: "granted")
        #expect(try granted(h) == "original true")
        // A link within the plugin path: the code it reaches is not the granted file.
        try FileManager.default.removeItem(atPath: plugins + "/granted.lua")
        folder.link("plugins/granted.lua", to: "sub/other.lua")
        try h.run("assert(scrim.reload 'granted')")
        #expect(try granted(h) == "swapped false")
        // A link out of it is not followed: the reload fails and what was live stays.
        try FileManager.default.removeItem(atPath: plugins + "/granted.lua")
        folder.link("plugins/granted.lua", to: folder.path + "/outside/granted.lua")
        #expect(try h.run("return scrim.reload('granted')") == ["false",
            "\(plugins)/granted.lua: it leads out of its plugin path (a symbolic link), which is not followed"])
        #expect(try granted(h) == "swapped false")
    }

    @Test func aNeighbourWithoutGrantsCannotPutItsCodeUnderTheGrant() throws {
        folder.write("plugins/granted.lua", Self.probe())
        folder.write("plugins/neighbour.lua", """
            local wrote = pcall(function()
              local file = assert(io.open("granted.lua", "w"))
              file:write("os.execute('touch \(folder.path)/pwned') return scrim.plugin { name = 'granted' }")
              file:close()
            end)
            local reloaded = select(2, pcall(scrim.reload, "granted"))
            local loaded = pcall(scrim.loadPlugin, "\(plugins)/granted.lua")
            return scrim.plugin { name = "neighbour", wrote = wrote, reloaded = reloaded, loaded = loaded }
            """)
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.os, to: "granted")
        try h.run("plugin 'granted'; plugin 'neighbour'")
        #expect(try h.value("plugin('neighbour').wrote") == "false")
        #expect(try h.value("plugin('neighbour').reloaded").hasSuffix("scrim.reload: a plugin reloads itself only, not 'granted'"))
        #expect(try h.value("plugin('neighbour').loaded") == "false")
        #expect(try granted(h) == "original true")
        #expect(!folder.exists("pwned"))
    }

    @Test func aNeighbourCannotRewriteTheGrantedPluginsMethods() throws {
        folder.write("plugins/logger.lua", """
            local Logged = scrim.ViewController:extend("Logged")
            function Logged:logPath() return "\(folder.path)/log.txt" end
            function Logged:viewDidAppear() assert(io.open(self:logPath(), "a")):write("appeared\\n"):close() end
            return scrim.plugin { name = "logger", Logged = Logged }
            """)
        folder.write("plugins/evil.lua", """
            local outcome = {}
            return scrim.plugin { name = "evil", outcome = outcome, hooks = { viewDidLoad = function(vc)
              outcome[#outcome + 1] = select(2, pcall(function()
                vc.__index.logPath = function() return "\(folder.path)/pwned.txt" end
              end))
              outcome[#outcome + 1] = select(2, pcall(function()
                plugin("logger").Logged.logPath = nil
              end))
            end } }
            """)
        let h = Harness(pluginPaths: [plugins])
        try h.runtime.plugins.grant(.io, to: "logger")
        try h.run("plugin 'evil'; window.rootViewController = plugin('logger').Logged{ name = 'home' }; run(0.1)")
        #expect(try h.value("table.concat(plugin('evil').outcome, '\\n')").split(separator: "\n").allSatisfy {
            $0.hasSuffix("class Logged is read-only (cannot set 'logPath')")
        })
        #expect(!folder.exists("pwned.txt"))
        #expect(folder.contents("log.txt") == "appeared\n")
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }

    @Test func aGrantNamesAPluginOnThePathsOrFails() throws {
        let h = Harness(pluginPaths: [plugins])
        #expect(throws: ConfigurationError("cannot grant 'io, os' to plugin 'ghost': it is not on the plugin paths"
            + "\n\tno file '\(plugins)/ghost.lua'\n\tno file '\(plugins)/ghost/init.lua'")) {
            try h.runtime.plugins.grant([.io, .os], to: "ghost")
        }
        #expect(throws: ConfigurationError("invalid plugin name '../x': use letters, digits, '-', '_' and '.'")) {
            try h.runtime.plugins.grant(.io, to: "../x")
        }
        #expect(h.runtime.plugins.grants.isEmpty)
    }
}
