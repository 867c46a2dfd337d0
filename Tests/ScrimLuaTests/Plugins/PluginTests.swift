import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct PluginLoadingTests {
    static let counter = """
        local state = { appeared = {} }
        return scrim.plugin {
          name = "counter",
          version = "2.1",
          state = state,
          -- Other plugins reach the exports read-only: they record through this.
          record = function(entry) state.appeared[#state.appeared + 1] = entry end,
          hooks = {
            viewDidAppear = function(vc, animated)
              state.appeared[#state.appeared + 1] = vc.name .. ":" .. tostring(animated)
            end,
          },
        }
        """

    @Test func findsFilePluginsByNameAlongThePaths() throws {
        let first = TemporaryFolder(), second = TemporaryFolder()
        first.write("other.lua", "return scrim.plugin { name = 'other' }")
        second.write("counter.lua", PluginLoadingTests.counter)
        second.write("other.lua", "error('the first path should win')")
        let h = Harness(pluginPaths: [first.path, second.path])
        try h.run("counter = plugin 'counter'; other = plugin 'other'")
        #expect(try h.value("plugin('counter') == counter and counter.version") == "2.1")
        #expect(try h.value("#scrim.plugins() .. scrim.plugins()[1].name .. scrim.plugins()[2].name") == "2counterother")
        #expect(h.runtime.plugins.plugin(named: "counter")?.path == second.path + "/counter.lua")
        let loaded = h.runtime.trace.filter { $0.event == "pluginLoaded" }
        #expect(loaded.map(\.jsonLine) == [
            #"{"seq":0,"t":0.000000,"event":"pluginLoaded","vc":null,"args":{"name":"counter","version":"2.1","path":"\#(second.path)/counter.lua"}}"#,
            #"{"seq":1,"t":0.000000,"event":"pluginLoaded","vc":null,"args":{"name":"other","version":null,"path":"\#(first.path)/other.lua"}}"#,
        ])
    }

    @Test func loadsFolderPluginsAndExplicitPaths() throws {
        let folder = TemporaryFolder()
        folder.write("sheet/init.lua", "return scrim.plugin { name = 'sheet', kind = 'folder' }")
        folder.write("elsewhere/custom.lua", "return scrim.plugin { name = 'custom-name' }")
        let h = Harness(pluginPaths: [folder.path])
        #expect(try h.value("plugin('sheet').kind") == "folder")
        #expect(try h.value("scrim.loadPlugin('\(folder.path)/elsewhere/custom.lua').name") == "custom-name")
        #expect(try h.value("plugin('custom-name').name") == "custom-name")
        #expect(try h.value("scrim.loadPlugin('\(folder.path)/sheet') == plugin 'sheet'") == "true")
    }

    @Test func hooksRunForEveryControllerAfterItsOwnCallbackInLoadOrder() throws {
        let folder = TemporaryFolder()
        folder.write("counter.lua", PluginLoadingTests.counter)
        folder.write("second.lua", """
            return scrim.plugin { name = "second", hooks = {
              viewDidAppear = function(vc) plugin("counter").record("second saw " .. vc.name) end,
            } }
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("""
            local counter = plugin "counter"
            plugin "second"
            local parent = ViewController{ name = "p", viewDidAppear = function(self)
              table.insert(counter.state.appeared, "override " .. self.name)
            end }
            local child = ViewController{ name = "c" }
            parent:addChild(child); parent.view:addSubview(child.view); child:didMove(parent)
            window.rootViewController = parent
            """)
        #expect(try h.value("table.concat(plugin('counter').state.appeared, ', ')") ==
                "override p, p:false, second saw p, c:false, second saw c")
    }

    @Test func pluginGlobalsStayInThePlugin() throws {
        let folder = TemporaryFolder()
        folder.write("leaky.lua", "helper = 42; return scrim.plugin { name = 'leaky', value = helper }")
        let h = Harness(pluginPaths: [folder.path])
        #expect(try h.value("plugin('leaky').value") == "42")
        #expect(try h.value("helper") == "nil")
    }

    @Test func badPluginsAreReportedWithTheirLocation() throws {
        let folder = TemporaryFolder()
        folder.write("syntax.lua", "return scrim.plugin {\n  name = 'syntax'\n  oops\n}")
        folder.write("fails.lua", "local x = nil\nreturn x.y")
        folder.write("plain.lua", "return { name = 'plain' }")
        folder.write("misnamed.lua", "return scrim.plugin { name = 'other' }")
        folder.write("empty/readme.txt", "no init.lua here")
        let h = Harness(pluginPaths: [folder.path])
        // Lua shortens long chunk names with "...": the temporary folder's path may be cut.
        #expect(h.failure("plugin 'syntax'").hasPrefix("test.lua:1: "))
        #expect(h.failure("plugin 'syntax'").hasSuffix("/syntax.lua:3: '}' expected (to close '{' at line 1) near 'oops'"))
        #expect(h.failure("plugin 'fails'").hasSuffix("/fails.lua:2: attempt to index a nil value (local 'x')"))
        #expect(h.failure("plugin 'plain'") == "test.lua:1: \(folder.path)/plain.lua: a plugin must return scrim.plugin{ name = …, … }, got table")
        #expect(h.failure("plugin 'misnamed'").hasSuffix("misnamed.lua: declares plugin 'other' but was looked up as 'misnamed'; the name must match the file or folder name"))
        #expect(h.failure("plugin 'missing'") == "test.lua:1: plugin 'missing' not found (searched \(folder.path))")
        #expect(h.failure("plugin '../etc/passwd'") == "test.lua:1: invalid plugin name '../etc/passwd': use letters, digits, '-', '_' and '.'")
        #expect(h.failure("scrim.loadPlugin('\(folder.path)/empty')") == "test.lua:1: cannot load plugin: the folder '\(folder.path)/empty' has no init.lua")
        #expect(h.failure("scrim.plugin { version = 1 }") == "test.lua:1: bad argument #1 to 'plugin' (field 'name' must be a non-empty string)")
        #expect(h.runtime.plugins.loaded.isEmpty)
    }

    /// Loading in a circle would recurse until Lua's C stack ran out: it is refused where it
    /// closes, located at the user's line (not inside the sandbox's `require`).
    @Test func aPluginOrModuleThatLoadsItselfIsRefused() throws {
        let folder = TemporaryFolder()
        folder.write("self.lua", "seen = select(2, pcall(plugin, 'self'))\nreturn scrim.plugin { name = 'self', seen = seen }")
        folder.write("ping.lua", "local pong = plugin 'pong'\nreturn scrim.plugin { name = 'ping' }")
        folder.write("pong.lua", "local ping = plugin 'ping'\nreturn scrim.plugin { name = 'pong' }")
        folder.write("loopy/init.lua", "local m = require 'loopy.m'\nreturn scrim.plugin { name = 'loopy' }")
        folder.write("loopy/m.lua", "local n = require 'loopy.n'\nreturn {}")
        folder.write("loopy/n.lua", "local m = require 'loopy.m'\nreturn {}")
        let h = Harness(pluginPaths: [folder.path])
        let display = { PluginManager.displayPath(folder.path + "/" + $0) }
        #expect(try h.value("plugin('self').seen") == "\(display("self.lua")): a plugin cannot load itself while it loads (self → self)")
        #expect(h.failure("plugin 'ping'").hasSuffix(
            "\(display("pong.lua")):1: \(display("ping.lua")): a plugin cannot load itself while it loads (ping → pong → ping)"))
        #expect(h.failure("plugin 'loopy'").hasSuffix(
            "\(display("loopy/n.lua")):1: module 'loopy.m' requires itself while it loads (directly or through others)"))
        #expect(h.runtime.plugins.loaded.map(\.name) == ["self"])
    }

    @Test func defaultSearchPathsComeInTheDocumentedOrder() {
        let paths = PluginManager.defaultSearchPaths(extra: ["mine", "more"],
                                                     environment: ["SCRIM_PLUGIN_PATH": "/opt/a:/opt/b"],
                                                     shipped: "/scrim/Plugins")
        #expect(paths == ["mine", "more", "Plugins", "/opt/a", "/opt/b", "/scrim/Plugins"])
        #expect(PluginManager.defaultSearchPaths(extra: [], environment: [:], shipped: nil) == ["Plugins"])
        // A folder named twice is searched once, where it first comes.
        let cwd = FileManager.default.currentDirectoryPath
        #expect(PluginManager.defaultSearchPaths(extra: ["./Plugins/", "mine", "x/../mine", cwd + "//mine/."],
                                                 environment: ["SCRIM_PLUGIN_PATH": "/opt/a:/opt/./a/:/opt/b/.."],
                                                 shipped: cwd + "/Plugins")
                == ["./Plugins/", "mine", "/opt/a", "/opt/b/.."])
        #expect(PluginManager.standardized("../../..", in: "/a") == "/")
        #expect(PluginManager.standardized("b//c/../d", in: "/a") == "/a/b/d")
    }

    @Test func theShippedLoggerLoadsFromTheShippedFolder() throws {
        let shipped = try #require(PluginManager.shippedPluginsDirectory)
        let h = Harness(pluginPaths: [shipped])
        try h.run("logger = plugin 'lifecycle-logger'; logger.state.enabled = false")
        #expect(try h.value("logger.version") == "1.0")
        #expect(h.runtime.plugins.loaded.first?.path == shipped + "/lifecycle-logger.lua")
    }
}
