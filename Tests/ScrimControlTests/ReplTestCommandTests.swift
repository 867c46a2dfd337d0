import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
import ScrimLua
import Testing

@Suite struct ReplTestCommandTests {
    /// `:test` runs a file's tests in runtimes made like the session's — its plugin paths,
    /// grants and limits — and leaves the live runtime as it was.
    @Test func testsRunAgainstTheSessionsPluginsInFreshRuntimes() throws {
        let folder = TemporaryFolder()
        folder.write("P/mark.lua", "return scrim.plugin { name = 'mark', mark = 'one', env = function() return (pcall(os.getenv, 'HOME')) end }")
        let file = folder.write("mark_test.lua", """
            test("sees the plugin", function() expect(plugin("mark").mark):toBe("one") end)
            test("has its grant", function() expect(plugin("mark").env()):toBe(true) end)
            test("has its limits", function() while true do end end)
            test("starts empty", function() expect(window.rootViewController):toBeNil() end)
            """)
        let runtime = Runtime(pluginPaths: [folder.path + "/P"], limits: LuaLimits(instructionBudget: 100_000, memoryCap: 64 << 20))
        try runtime.plugins.grant(.os, to: "mark")
        try runtime.eval("window.rootViewController = ViewController{ name = 'live' }")
        var lines: [String] = []
        let session = ReplSession(runtime: runtime) { lines.append($0) }
        session.submit(":test " + file)
        let shown = PluginManager.displayPath(file)
        #expect(lines == [
            "ok    \(shown):1  sees the plugin  (0 s)",
            "ok    \(shown):2  has its grant  (0 s)",
            "FAIL  \(shown):3  has its limits\n      \(shown):3: stopped: it ran past its budget of 100000 Lua instructions",
            "ok    \(shown):4  starts empty  (0 s)",
            "3 passed, 1 failed (4 tests in 1 file)",
        ])
        #expect(try runtime.eval("return window.rootViewController.name") == ["live"])
        lines.removeAll()
        session.submit(":test " + folder.path + "/nowhere")
        #expect(lines == [folder.path + "/nowhere: no such file or folder"])
    }
}
