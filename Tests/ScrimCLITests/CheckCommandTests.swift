import Foundation
import Testing

@Suite struct CheckCommandTests {
    @Test func theShippedPluginsPass() throws {
        let plugins = try FileManager.default.contentsOfDirectory(atPath: Scrim.packageRoot.appendingPathComponent("Plugins").path)
            .sorted().map { "Plugins/\($0)" }
        let result = try Scrim.run(["check"] + plugins)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok    half-sheet 1.0 (Plugins/half-sheet.lua, self-test passed)"))
        #expect(result.stdout.contains("skip  Plugins/library: a folder without init.lua (modules for plugins to require), not a plugin"))
        #expect(result.stdout.contains("skip  Plugins/tests: a folder without init.lua (modules for plugins to require), not a plugin"))
        #expect(result.stdout.hasSuffix("11 plugins checked: 11 passed, 0 failed, 2 skipped\n"))
    }

    @Test func aBrokenPluginFailsWithItsFileAndLine() throws {
        let scratch = Scratch()
        scratch.write("sheet.lua", """
            return scrim.plugin {
              name = "sheet",
              hooks = { viewDidApear = function(vc) end },
            }
            """)
        let result = try Scrim.run(["check", "sheet.lua"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stdout == """
            FAIL  sheet (sheet.lua)
                  sheet.lua:3: hooks.viewDidApear is not a lifecycle event, so nothing calls it (did you mean 'viewDidAppear'?)
            1 plugin checked: 0 passed, 1 failed

            """)
    }
}
