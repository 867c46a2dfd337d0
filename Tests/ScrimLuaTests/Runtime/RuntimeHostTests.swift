import Foundation
import LuaBridge
import ScrimCore
import ScrimLua
import Testing

/// The facade a Swift host uses: configuration, evaluation, plugins, time, trace and tree.
@Suite struct RuntimeHostTests {
    @Test func aConfigurationMakesTheRuntimeItDescribes() throws {
        let runtime = try Runtime(configuration: .init(fps: 120, device: .iPadAir, pluginPaths: ["Plugins"],
                                                       grants: ["half-sheet": .io], transitionWatchdog: 2))
        #expect(runtime.application.clock.frameDuration == 1.0 / 120)
        #expect(runtime.application.window.device == .iPadAir)
        #expect(runtime.plugins.searchPaths == ["Plugins"])
        // The grant binds to the file the name stands for now, by its real path.
        let file = URL(fileURLWithPath: "Plugins/half-sheet.lua").resolvingSymlinksInPath().path
        #expect(runtime.plugins.grants == [file: .io])
        #expect(runtime.application.transitionWatchdog == 2)
        #expect(!runtime.clockMovesByItself)
        #expect(try Runtime(configuration: .init(time: .real)).clockMovesByItself)
    }

    @Test func aConfigurationOutOfRangeIsRefused() {
        #expect(throws: ConfigurationError("cannot grant 'io' to plugin 'nowhere': it is not on the plugin paths\n\tno file 'Plugins/nowhere.lua'\n\tno file 'Plugins/nowhere/init.lua'", plugin: "nowhere")) {
            try Runtime(configuration: .init(pluginPaths: ["Plugins"], grants: ["nowhere": .io]))
        }
        #expect(throws: ConfigurationError("fps must be between 1 and 1000, got 0")) { try Runtime(configuration: .init(fps: 0)) }
        #expect(throws: ConfigurationError("the transition watchdog must be a positive number of seconds, got -1.0")) {
            try Runtime(configuration: .init(transitionWatchdog: -1))
        }
    }

    @Test func evaluateCollectsWhatAChunkPrintsAndItsResultsAsJSON() throws {
        let runtime = try Runtime(configuration: .init())
        let evaluation = runtime.evaluate("print('a', 1, nil, true) print(rect(1, 2, 3, 4)) return 1 + 1, {1, 2, {x = 'y'}}, nil, window")
        #expect(evaluation.error == nil)
        #expect(evaluation.output == "a\t1\tnil\ttrue\nrect(1, 2, 3, 4)\n")
        #expect(evaluation.results.map(\.json) == ["2", "[1,2,{\"x\":\"y\"}]", "null", "\"\(evaluation.descriptions[3])\""])
        #expect(evaluation.descriptions[0] == "2")
        #expect(evaluation.json.json.hasPrefix("{\"descriptions\":[\"2\","))
    }

    @Test func statementsRunWhenTheChunkIsNotAnExpression() throws {
        let runtime = try Runtime(configuration: .init())
        #expect(runtime.evaluate("x = 41").results.isEmpty)
        #expect(runtime.evaluate("x + 1").results == [.number(42)])
    }

    @Test func tablesThatJSONCannotHoldAreStillConverted() throws {
        let runtime = try Runtime(configuration: .init())
        let results = runtime.evaluate("local t = {1, 2, n = 3}; t.self = t; return t, {}, {[true] = 1}, 0/0").results
        #expect(results[0] == .object(["1": .number(1), "2": .number(2), "n": .number(3), "self": .string("<cycle>")]))
        #expect(results[1] == .array([]))
        #expect(results[2] == .object(["<boolean>": .number(1)]))
        #expect(results[3].json == "null")
    }

    @Test func aFailingChunkKeepsWhatItPrintedBefore() throws {
        let runtime = try Runtime(configuration: .init())
        let evaluation = runtime.evaluate("print('before') error('boom')", chunkName: "=host")
        #expect(evaluation.output == "before\n")
        #expect(evaluation.error?.description == "host:1: boom")
        #expect(evaluation.results.isEmpty)
        guard case .object(let fields) = evaluation.json, case .object(let error)? = fields["error"] else {
            Issue.record("no error in \(evaluation.json.json)")
            return
        }
        #expect(error["message"] == .string("host:1: boom"))
        #expect(error["where"] == .string("host:1"))
        #expect(runtime.evaluate("syntax error here").error?.message == "eval:1: syntax error near 'error'")
    }

    @Test func callbackErrorsDuringAChunkAreInItsOutput() throws {
        let runtime = try Runtime(configuration: .init())
        let evaluation = runtime.evaluate("""
            window.rootViewController = ViewController{ name = 'a', viewDidLoad = function() error('no view') end }
            step()
            """)
        #expect(evaluation.error == nil)
        #expect(evaluation.output.hasPrefix("scrim: error in viewDidLoad of 'a': eval:1: no view\n"))
    }

    @Test func pluginsLoadByNameOrPathAndReload() throws {
        let folder = TemporaryFolder()
        let file = folder.write("P/fade.lua", "return scrim.plugin { name = 'fade', version = '1' }")
        let runtime = try Runtime(configuration: .init(pluginPaths: [folder.path + "/P"]))
        #expect(try runtime.loadPlugin("fade").version == "1")
        #expect(try runtime.loadPlugin(file) === runtime.plugins.plugin(named: "fade"))
        try "return scrim.plugin { name = 'fade', version = '2' }".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try runtime.reload("fade").version == "2")
        #expect(throws: LuaError(message: "plugin 'missing' not found (searched \(folder.path)/P)")) { try runtime.loadPlugin("missing") }
        #expect(throws: LuaError(message: "no plugin named 'missing' is loaded ('fade' are loaded)")) { try runtime.reload("missing") }
    }

    @Test func tickAndAdvanceRunFramesOnTheVirtualClock() throws {
        let runtime = try Runtime(configuration: .init(fps: 60))
        runtime.tick(frames: 3)
        #expect(runtime.now == 3.0 / 60)
        runtime.advance(seconds: 0.5)
        #expect(runtime.now == 33.0 / 60)
    }

    @Test func theTraceIsReadFromASequenceNumber() throws {
        let runtime = try Runtime(configuration: .init())
        runtime.evaluate("window.rootViewController = ViewController{ name = 'a' }; step()")
        let all = runtime.trace(since: 0)
        #expect(all.count == runtime.trace.count && all.count > 4)
        #expect(runtime.trace(since: 3).map(\.seq) == Array(3..<all.count))
        #expect(runtime.trace(since: all.count).isEmpty)
        #expect(runtime.traceJSONLines(since: all.count - 1) == all.last!.jsonLine + "\n")
        runtime.evaluate("trace.clear()")
        #expect(runtime.trace(since: 0).isEmpty)
        #expect(runtime.application.dispatcher.nextSeq == all.count)
    }

    @Test func theTreeIsTheHierarchyAsJSON() throws {
        let runtime = try Runtime(configuration: .init())
        runtime.evaluate("""
            local root = ViewController{ name = 'root' }
            window.rootViewController = root
            root:present(ViewController{ name = 'modal', modalPresentationStyle = 'overFullScreen' }, false)
            step(2)
            """)
        let tree = runtime.tree
        guard case .object(let fields) = tree, case .object(let root)? = fields["controllers"],
              case .object(let modal)? = root["presented"] else {
            Issue.record("unexpected tree \(tree.json)")
            return
        }
        #expect(fields["window"]?.json == "{\"device\":\"iPhone 15\",\"height\":852,\"horizontalSizeClass\":\"compact\",\"verticalSizeClass\":\"regular\",\"width\":393}")
        #expect(root["appearance"] == .string("appeared"))
        #expect(modal["name"] == .string("modal"))
        #expect(modal["style"] == .string("overFullScreen"))
        #expect(modal["view"]?.json == "{\"height\":852,\"onScreen\":true,\"width\":393,\"x\":0,\"y\":0}")
        #expect(runtime.tree.json.contains("\"name\":\"view of modal\""))
    }

    @Test func aTraceObservationSeesEventsUntilCancelledOrReleased() throws {
        let runtime = try Runtime(configuration: .init())
        var seen: [String] = []
        let observation = runtime.observeTrace { seen.append($0.event) }
        runtime.evaluate("window.rootViewController = ViewController{ name = 'a' }; step()")
        let count = seen.count
        #expect(count == runtime.trace.count)
        observation.cancel()
        runtime.tick()
        #expect(seen.count == count)
        var released: [String] = []
        do {
            let temporary = runtime.observeTrace { released.append($0.event) }
            _ = temporary
        }
        runtime.evaluate("window.rootViewController:didReceiveMemoryWarning()")
        #expect(released.isEmpty)
    }
}
