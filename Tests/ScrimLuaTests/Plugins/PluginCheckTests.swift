import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct PluginCheckTests {
    func check(_ file: String, _ source: String, in folder: TemporaryFolder = TemporaryFolder()) -> (PluginCheck.Report, String) {
        let path = folder.write(file, source)
        return (PluginCheck.check(path: path, searchPaths: [PluginManager.shippedPluginsDirectory!]), path)
    }

    @Test func aSoundPluginPassesAndItsSelfTestRuns() {
        let (report, _) = check("fine.lua", """
            return scrim.plugin {
              name = "fine", version = "2.0",
              transitioningDelegate = { animationControllerForPresented = function() return plugin("cross-dissolve").animator() end },
              selfTest = function()
                window.rootViewController = ViewController{ name = "root" }
                step()
                local vc = ViewController{ name = "vc", modalPresentationStyle = "overFullScreen" }
                vc.transitioningDelegate = plugin("fine").transitioningDelegate
                window.rootViewController:present(vc, true)
                run(0.5)
                assert(vc.view.alpha == 1)
              end,
            }
            """)
        #expect(report.passed && report.ranSelfTest)
        #expect(report.name == "fine" && report.version == "2.0")
    }

    @Test func namesThatNothingCallsAreReportedWithTheirLineAndASuggestion() {
        let (report, path) = check("typo.lua", """
            return scrim.plugin {
              name = "typo",
              transitioningDelegate = {
                animationControllerForPresenting = function() end,
              },
              hooks = {
                viewDidApear = function() end,
                viewDidLoad = 3,
              },
              container = {},
              state = 1,
            }
            """)
        let shown = PluginManager.displayPath(path)
        #expect(report.problems.map(\.description) == [
            "\(shown):4: transitioningDelegate.animationControllerForPresenting is not a transitioning delegate method, so nothing calls it (did you mean 'animationControllerForPresented'?)",
            "\(shown):7: hooks.viewDidApear is not a lifecycle event, so nothing calls it (did you mean 'viewDidAppear'?)",
            "\(shown): hooks.viewDidLoad is a number, not a function",
            "\(shown): 'container' is not a class made with scrim.ViewController:extend",
            "\(shown): 'state' is a number, not a table",
        ])
    }

    @Test func loadErrorsAndAWrongNameAreReportedWhereTheyAre() {
        let (syntax, syntaxPath) = check("syntax.lua", "return scrim.plugin {\n  name = 'syntax', x = }\n")
        #expect(syntax.problems.map(\.description) == ["\(PluginManager.displayPath(syntaxPath)):2: unexpected symbol near '}'"])
        let (named, namedPath) = check("named.lua", "return scrim.plugin { name = 'other' }")
        #expect(named.problems.map(\.description) == [
            "\(PluginManager.displayPath(namedPath)): the plugin is named 'other', but plugins are found by their file or folder name: call it 'named' or rename the file",
        ])
    }

    @Test func aFailingSelfTestAndScriptErrorsDuringItAreProblems() {
        let (report, path) = check("shaky.lua", """
            local Broken = scrim.Animator:extend("Broken")
            function Broken:transitionDuration() return 0.2 end
            function Broken:animateTransition(ctx)
              error("no animation today")
            end
            return scrim.plugin {
              name = "shaky",
              transitioningDelegate = { animationControllerForPresented = function() return Broken.new() end },
              selfTest = function()
                window.rootViewController = ViewController{ name = "root" }
                step()
                local vc = ViewController{ name = "vc", modalPresentationStyle = "overFullScreen" }
                vc.transitioningDelegate = plugin("shaky").transitioningDelegate
                window.rootViewController:present(vc, true)
                run(0.5)
                assert(vc.view.alpha == 0.5, "the card should be half faded")
              end,
            }
            """)
        let shown = PluginManager.displayPath(path)
        #expect(report.ranSelfTest)
        #expect(report.problems.map(\.description) == [
            "\(shown):16: self-test failed: the card should be half faded",
            "\(shown):4: no animation today (in animateTransition)",
        ])
    }

    @Test func aSelfTestThatNeverEndsIsStopped() {
        let (report, path) = check("spinning.lua", """
            return scrim.plugin {
              name = "spinning",
              selfTest = function()
                while true do end
              end,
            }
            """)
        #expect(report.ranSelfTest)
        #expect(report.problems.map(\.description) == [
            "\(PluginManager.displayPath(path)):4: self-test failed: stopped: it ran past its budget of 10000000 Lua instructions",
        ])
    }

    @Test func foldersOfModulesAreSkippedAndMissingPathsAreProblems() {
        let folder = TemporaryFolder()
        folder.write("lib/helpers.lua", "return {}")
        #expect(PluginCheck.check(path: folder.path + "/lib", searchPaths: []).skipped != nil)
        let missing = PluginCheck.check(path: folder.path + "/nothing.lua", searchPaths: [])
        #expect(missing.problems.map(\.message) == ["no such file or folder"])
    }

    @Test func everyShippedPluginPasses() throws {
        let shipped = try #require(PluginManager.shippedPluginsDirectory)
        let names = ["card-stack", "checkerboard", "circular-reveal", "cross-dissolve", "half-sheet", "lifecycle-logger",
                     "page-container", "popover-bubble", "slide", "swipe-tabs", "zoom"]
        for name in names {
            let report = PluginCheck.check(path: "\(shipped)/\(name).lua", searchPaths: [shipped])
            #expect(report.passed, "\(name): \(report.problems)")
            #expect(report.ranSelfTest, "\(name) has no self-test")
        }
    }
}
