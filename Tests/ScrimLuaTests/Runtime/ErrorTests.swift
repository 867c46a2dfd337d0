import CLua
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct CallbackErrorTests {
    @Test func anErrorInACallbackIsTracedPrintedAndTheRunGoesOn() throws {
        let h = Harness()
        try h.run("""
            vc = ViewController{ name = "bad",
              viewDidLoad = function(self)
                local missing = nil
                return missing.field
              end,
              viewDidAppear = function(self) self.appeared = true end,
            }
            window.rootViewController = vc
            """)
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error.jsonLine == #"{"seq":2,"t":0.000000,"event":"scriptError","vc":"bad","args":{"message":"test.lua:4: attempt to index a nil value (local 'missing')","where":"test.lua:4","callback":"viewDidLoad"}}"#)
        #expect(try h.value("vc.appeared") == "true")
        #expect(h.eventsWithoutLayout == [
            "bad.loadView", "bad.viewDidLoad", "bad.scriptError", "bad.viewWillAppear", "bad.viewIsAppearing",
            "bad.viewDidAppear",
        ])
        #expect(h.errors.count == 1)
        #expect(h.errors[0].hasPrefix("scrim: error in viewDidLoad of 'bad': test.lua:4: attempt to index a nil value (local 'missing')\nstack traceback:"))
    }

    @Test func aFailingLoadViewFallsBackToTheDefaultView() throws {
        let h = Harness()
        try h.run("""
            vc = ViewController{ name = "v", loadView = function(self) error("no view today") end }
            window.rootViewController = vc
            """)
        #expect(try h.value("vc.view.frame") == "rect(0, 0, 393, 852)")
        #expect(try h.value("vc.view.window == window") == "true")
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error[arg: "where"] == .string("test.lua:1"))
        #expect(error[arg: "message"] == .string("test.lua:1: no view today"))
    }

    @Test func errorValuesThatAreNotStringsAndNonFunctionOverrides() throws {
        let h = Harness()
        try h.run("""
            a = ViewController{ name = "a", viewDidLoad = function() error({ code = 7 }) end }
            local _ = a.view
            b = ViewController{ name = "b", viewDidLoad = 5 }
            local _ = b.view
            c = ViewController{ name = "c", viewDidLoad = function()
              error(setmetatable({}, { __tostring = function() return "custom failure" end }))
            end }
            local _ = c.view
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        #expect(errors.map { $0[arg: "message"] } == [
            .string("(error object is a table value)"),
            .string("'viewDidLoad' of 'b' is a number, not a function"),
            .string("custom failure"),
        ])
        #expect(errors[0][arg: "where"] == .string("test.lua:1"))
        #expect(errors[2][arg: "where"] == .string("test.lua:6"))
    }

    @Test func hookErrorsNameThePlugin() throws {
        let folder = TemporaryFolder()
        folder.write("broken.lua", "return scrim.plugin { name = 'broken', hooks = {\n  viewDidLoad = function(vc) error('hook failed') end } }")
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'broken'; local _ = ViewController{ name = 'v' }.view")
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error.controller == "v")
        #expect(error[arg: "callback"] == .string("hook viewDidLoad of plugin 'broken'"))
        #expect(error[arg: "where"].map { "\($0)" }?.hasSuffix("broken.lua:2\"") == true)
    }

    /// Every plugin's hook for an event is entered through one message handler: one that fails
    /// leaves the next their turn, with their arguments, and the stack as it was.
    @Test func aFailingHookLeavesTheNextPluginsTheirTurn() throws {
        let folder = TemporaryFolder()
        folder.write("broken.lua", "return scrim.plugin { name = 'broken', hooks = {\n  viewWillAppear = function(vc) error('hook failed') end } }")
        folder.write("keeper.lua", """
            local seen = {}
            return scrim.plugin { name = 'keeper', seen = seen, hooks = {
              viewWillAppear = function(vc, animated) seen[#seen + 1] = vc.name .. ":" .. tostring(animated) end } }
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'broken' plugin 'keeper' window.rootViewController = ViewController{ name = 'v' }")
        let top = lua_gettop(h.runtime.lua.L)
        h.runtime.application.step()
        #expect(lua_gettop(h.runtime.lua.L) == top)
        #expect(try h.value("table.concat(plugin('keeper').seen, ' ')") == "v:false")
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        #expect(errors.map { $0[arg: "callback"] } == [.string("hook viewWillAppear of plugin 'broken'")])
        #expect(errors.first?[arg: "where"].map { "\($0)" }?.hasSuffix("broken.lua:2\"") == true)
    }

    @Test func yieldingAcrossACallbackIsAnErrorNotACrash() throws {
        let h = Harness()
        try h.run("""
            co = coroutine.wrap(function()
              local vc = ViewController{ name = "y", viewDidLoad = function() coroutine.yield(1) end }
              local _ = vc.view
              return vc.name
            end)
            result = co()
            """)
        #expect(try h.value("result") == "y")
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error[arg: "message"] == .string("attempt to yield across a C-call boundary"))
    }

    @Test func nativeFunctionsWorkInsideCoroutines() throws {
        let h = Harness()
        try h.run("""
            co = coroutine.create(function()
              local v = View{ name = "in coroutine" }
              coroutine.yield(v.name)
              local ok, message = pcall(function() v:addSubview(5) end)
              return message
            end)
            _, first = coroutine.resume(co)
            _, second = coroutine.resume(co)
            """)
        #expect(try h.value("first") == "in coroutine")
        #expect(try h.value("second") == "test.lua:4: bad argument #1 to 'View:addSubview' (View expected, got number)")
    }
}

@Suite struct TopLevelErrorTests {
    @Test func scenarioErrorsCarryFileAndLine() throws {
        let folder = TemporaryFolder()
        let script = folder.write("scenario.lua", "local vc = ViewController{ name = 'a' }\n\nerror('stop here')\n")
        let h = Harness()
        do {
            try h.runtime.runScript(at: script)
            Issue.record("expected an error")
        } catch {
            #expect(error.location?.hasSuffix("scenario.lua:3") == true)
            #expect(error.message.hasSuffix("scenario.lua:3: stop here"))
            #expect(error.description == error.message)
        }
        let syntax = folder.write("syntax.lua", "local x = = 1")
        #expect(throws: LuaError.self) { try h.runtime.runScript(at: syntax) }
        do { try h.runtime.runScript(at: syntax) } catch {
            #expect(error.description.hasSuffix("syntax.lua:1: unexpected symbol near '='"))
        }
        do { try h.runtime.runScript(at: folder.path + "/missing.lua") } catch {
            #expect(error.description == "cannot open \(folder.path)/missing.lua")
        }
    }

    /// An error raised in Scrim's own Lua (a read-only view, the sandbox's wrappers, the
    /// library run in Lua) is the caller's: it is located at the user's line.
    @Test func errorsInScrimsOwnChunksAreLocatedAtTheUsersLine() throws {
        let h = Harness()
        #expect(h.failure("local t = scrim.readOnly({})\ntable.insert(t, 1)") == "test.lua:2: this table is read-only (cannot set '1')")
        #expect(h.failure("local t = scrim.readOnly({})\nt.x = 1") == "test.lua:2: this table is read-only (cannot set 'x')")
        #expect(h.failure("local Sheet = scrim.PresentationController:extend('Sheet')\nlocal sheet = Sheet.new()")
                == "test.lua:2: bad argument #2 to 'newPresentationController' (ViewController expected, got nil)")
        #expect(h.failure("""
            local Sheet = scrim.PresentationController:extend('Sheet')
            function Sheet:frameOfPresentedViewInContainerView() error('not yet', 2) end
            local root = ViewController{ name = 'root' }
            window.rootViewController = root
            local sheet = Sheet.new(ViewController{ name = 'shown' }, root)
            local frame = sheet:frameOfPresentedViewInContainerView()
            """) == "test.lua:6: not yet")
        // A level past Scrim's frames goes on to the caller; other levels are Lua's.
        #expect(h.failure("local function f() error('mine', 2) end\nf()") == "test.lua:2: mine")
        #expect(h.failure("error('plain', 0)") == "test.lua:1: plain")
    }

    @Test func nonStringTopLevelErrorsGetALocation() {
        let h = Harness()
        #expect(throws: LuaError.self) { try h.run("local a = 1\nerror({})") }
        do { try h.run("local a = 1\nerror({})") } catch {
            #expect((error as? LuaError)?.description == "test.lua:2: (error object is a table value)")
        }
    }
}

@Suite struct BadArgumentTests {
    static let cases: [(code: String, message: String)] = [
        ("View{}:addSubview(3)", "bad argument #1 to 'View:addSubview' (View expected, got number)"),
        ("View{}:addSubview()", "bad argument #1 to 'View:addSubview' (View expected, got no value)"),
        ("View.addSubview(3)", "attempt to index a function value (global 'View')"),
        ("local v = View{}; v.addSubview(3, v)", "calling 'View:addSubview' on bad self (View expected, got number)"),
        ("local v = View{}; v:addSubview(v)", "bad argument #1 to 'View:addSubview' (a view cannot be added inside itself)"),
        ("View{}:insertSubview(View{})", "bad argument #2 to 'View:insertSubview' (number expected, got no value)"),
        ("View{}:insertSubview(View{}, 0)", "bad argument #2 to 'View:insertSubview' (index out of range: 0 not in 1...1)"),
        ("View{ frame = 3 }", "bad field 'frame' in 'View' (rect expected, got number)"),
        ("View{ frame = { x = 1, y = 2, width = 3 } }", "bad field 'frame' in 'View' (rect expected, field 'height' is nil)"),
        ("View{ alpha = 'opaque' }", "bad field 'alpha' in 'View' (number expected, got string)"),
        ("View{ backgroundColor = 'teal-ish' }", "bad field 'backgroundColor' in 'View' (colour expected as #rrggbb, #rrggbbaa or a name, got 'teal-ish')"),
        ("View{ colour = 'red' }", "bad argument #1 to 'View' (View has no property 'colour')"),
        ("View(5)", "bad argument #1 to 'View' (table expected, got number)"),
        ("local v = View{}; v.frame = rect(0, 0, 1, 1); v.center = 5", "bad value for 'View.center' (point expected, got number)"),
        ("View{}.superview = View{}", "property 'superview' of View is read-only"),
        ("View{}.nonsense = 1", "View has no property 'nonsense'"),
        ("ViewController{ title = 3 }", "bad field 'title' in 'ViewController' (string expected, got number)"),
        ("ViewController{ name = 3 }", "bad field 'name' in 'ViewController' (string expected, got number)"),
        ("ViewController(7)", "bad argument #1 to 'ViewController' (table of properties expected, got number)"),
        ("ViewController{}:addChild(View{})", "bad argument #1 to 'ViewController:addChild' (ViewController expected, got View)"),
        ("ViewController{}:beginAppearanceTransition('yes')", "bad argument #1 to 'ViewController:beginAppearanceTransition' (boolean expected, got string)"),
        ("local p = ViewController{}; p:transition(ViewController{}, ViewController{}, 0)", "'ViewController#2' must be a child of 'ViewController#1' to transition between its children"),
        ("window.rootViewController = View{}", "bad value for 'Window.rootViewController' (ViewController expected, got View)"),
        ("window:setSize(0, 10)", "bad argument #1 to 'Window:setSize' (size must be positive, got 0x10)"),
        ("window:setDevice('Nokia')", "bad argument #1 to 'Window:setDevice' (unknown device 'Nokia'; known: 'iPhone SE', 'iPhone 15', 'iPhone 15 Pro Max', 'iPad Air', 'iPad Pro 13')"),
        ("rect(1, 2, 3)", "bad argument #4 to 'rect' (number expected, got nil)"),
        ("point('a', 1)", "bad argument #1 to 'point' (number expected, got string)"),
        ("run('soon')", "bad argument #1 to 'run' (number expected, got string)"),
        ("run(1e300)", "bad argument #1 to 'run' (seconds must be from 0 to 3600)"),
        ("window:pan{ from = point(0, 0), to = point(1, 1), duration = 1e300 }",
         "bad argument #1 to 'Window:pan' (duration must be > 0 and at most 3600 seconds)"),
        ("window:pan{ from = point(0, 0), to = point(1, 1), steps = 0/0 }",
         "bad argument #1 to 'Window:pan' (steps must be a whole number from 1 to 216000)"),
        ("window:pan{ from = point(0, 0), to = point(1, 1), duration = 3600, steps = 2^63 }",
         "bad argument #1 to 'Window:pan' (steps must be a whole number from 1 to 216000)"),
        ("window:pan{ from = point(0, 0), to = point(1, 1), duration = 3601 }",
         "bad argument #1 to 'Window:pan' (duration must be > 0 and at most 3600 seconds)"),
        ("scrim.ViewController:extend(5)", "bad argument #1 to 'extend' (string expected, got number)"),
        ("plugin(42)", "bad argument #1 to 'plugin' (table or plugin name expected, got number)"),
    ]

    @Test(arguments: cases)
    func badArgumentsRaiseLuaErrorsNamingFunctionAndArgument(code: String, message: String) {
        let h = Harness()
        do {
            try h.run(code)
            Issue.record("no error for \(code)")
        } catch {
            #expect((error as? LuaError)?.description == "test.lua:1: " + message)
            #expect((error as? LuaError)?.location == "test.lua:1")
        }
        #expect(h.runtime.application.window.rootViewController == nil)
    }
}

@Suite struct DeterminismTests {
    static let scenario = """
        local Root = scrim.ViewController:extend("Root")
        function Root:viewDidLoad()
          for i = 1, 3 do
            local child = ViewController{ name = "child" .. i, props = { i = i } }
            self:addChild(child)
            self.view:addSubview(child.view)
            child:didMove(self)
          end
        end
        local root = Root{ name = "root" }
        window.rootViewController = root
        run(0.25)
        local first = root.children[1]
        first:willMove(nil)
        first.view:removeFromSuperview()
        first:removeFromParent()
        window:setSize(852, 393)
        run(0.5)
        scrim.simulateMemoryWarning()
        local err = ViewController{ name = "boom", viewDidLoad = function() error("deterministic") end }
        local _ = err.view
        run(1 / 60)
        """

    @Test func twoRunsGiveIdenticalTraceBytes() throws {
        func run() throws -> String {
            let h = Harness()
            try h.run(DeterminismTests.scenario)
            return h.traceLines.joined(separator: "\n")
        }
        let first = try run(), second = try run()
        #expect(first == second)
        #expect(first.split(separator: "\n").count > 40)
    }
}
