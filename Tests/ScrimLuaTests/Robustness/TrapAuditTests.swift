import Foundation
import ScrimControl
import ScrimCore
import ScrimFuzzing
@testable import ScrimLua
import Testing

/// What an audit of the host's traps (force unwraps, ranges, conversions reached from scripts,
/// clients and saved state) found: each of these crashed the host before.
@Suite struct TrapAuditTests {
    /// A spring whose closed form overflows (a huge initial velocity, a damping a hair below
    /// critical) counts as arrived: its colour in flight was NaN, and reading it trapped.
    @Test func aSpringThatOverflowsArrives() throws {
        let h = Harness()
        try h.run("""
            v = View{ frame = rect(0, 0, 10, 10), backgroundColor = "#ff000000" }
            animate({ duration = 1, spring = { stiffness = 1, damping = 2 * (1 - 1e-8), initialVelocity = 1e308 } },
                    function() v.backgroundColor = "#ff0000ff" end)
            run(0.1)
            """)
        #expect(try h.value("v.presentation.backgroundColor") == "#ff0000ff")
        #expect(Color(red: .nan, green: 0, blue: 0, alpha: 1).hexString == "#000000ff")
    }

    /// An integer key past an empty array part: `#t` is 0, and the range 1…0 trapped.
    @Test func aTableOfOneHighIndexIsRefusedByTheCoder() throws {
        let h = Harness()
        try h.run("""
            local Root = scrim.ViewController:extend("Root")
            function Root:encodeRestorableState(coder) coder:encode("k", { [5] = 1 }) end
            window.rootViewController = Root{ name = "root", restorationIdentifier = "root" }
            run(0.1)
            scrim.saveState()
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        #expect(errors.count == 1)
        #expect(errors.first.flatMap { $0[arg: "message"] } == .string(
            "test.lua:2: bad argument #2 to 'StateCoder:encode' (cannot encode a table with keys that are neither 1…n nor strings)"))
    }

    /// A `shouldSelect` that changes the tabs: the controller it allowed is selected where it is
    /// now, or not at all when it is gone (the old index was used, past the end).
    @Test func aDelegateThatChangesTheTabsWhileItIsAsked() throws {
        let h = Harness()
        try h.run("""
            a, b, c = ViewController{ name = "a" }, ViewController{ name = "b" }, ViewController{ name = "c" }
            tabs = TabBarController{ name = "tabs", viewControllers = { a, b, c } }
            window.rootViewController = tabs
            step(2)
            tabs.delegate = { shouldSelect = function(_, t, vc) if vc == c then t.viewControllers = { a, b } end return true end }
            """)
        #expect(try h.value("tabs:select(3)") == "false")
        #expect(try h.value("tabs.selectedViewController.name") == "a")
        try h.run("tabs.viewControllers = { a, b, c } step(2)")
        #expect(try h.value("tabs:select(2)") == "true")
        try h.run("step(30)")
        #expect(try h.value("tabs.selectedViewController.name") == "b")
        #expect(h.failure("tabs.viewControllers = { a, b, c } step(30) tabs.selectedIndex = 3 step(30)") == "no error")
    }

    /// A size change's coordinator in a window without a root: `viewController` is nil, as
    /// UIKit's is when there is none (a force unwrap trapped).
    @Test func aSizeChangeWithoutARootHasNoControllers() throws {
        let h = Harness()
        try h.run("""
            window:setSize(500, 900)
            coordinator = ViewController{ name = "x" }.transitionCoordinator
            """)
        #expect(try h.value("coordinator == nil or coordinator:viewController('to') == nil") == "true")
        #expect(h.failure("if coordinator then coordinator:animateAlongside(function() end) coordinator:notifyWhenInteractionChanges(function() end) end step(30)") == "no error")
    }

    /// Scenarios have `debug.traceback` and `debug.getinfo` of the debug library: a native
    /// function's upvalue rewritten with `debug.setupvalue` made the host index past its natives.
    @Test func scenariosHaveTheSafePartOfTheDebugLibrary() throws {
        let h = Harness()
        #expect(try h.value("debug.getinfo(1, 'l').currentline") == "1")
        #expect(try h.run("return type(debug.traceback()), require('debug') == debug") == ["string", "true"])
        #expect(h.failure("debug.setupvalue(scrim.now, 2, 123456789)") == "test.lua:1: attempt to call a nil value (field 'setupvalue')")
        #expect(h.failure("debug.getregistry()") == "test.lua:1: attempt to call a nil value (field 'getregistry')")
        #expect(h.failure("debug.setmetatable(io.stdout, {})") == "test.lua:1: attempt to call a nil value (field 'setmetatable')")
        // REPL completion still reads metatables, through the natives.
        try h.run("v = View{}")
        let session = ReplSession(runtime: h.runtime, output: { _ in })
        #expect(session.completions(for: "v:addSub").names == ["addSubview"])
        // And a class's methods, up its chain, for its instances and its subclasses.
        try h.run("""
            Slide = scrim.Animator:extend("Slide"); function Slide:glide() end
            Fast = Slide:extend("Fast"); f = Fast.new()
            """)
        #expect(session.completions(for: "f:gli").names == ["glide"])
        #expect(session.completions(for: "Fast.gli").names == ["glide"])
    }

    /// A plugin the host granted `debug` reaches the bridge's metamethods and metatables: each
    /// checks that its object is one of the bridge's userdata, of its class, before reading it.
    /// A light userdata (a key of Scrim's own metatables) given to `__index` or `__gc`, an I/O
    /// stream given a copy of a View's metatable, another class's object given a finalizer, and
    /// a collection sentinel's finalizer called by hand, each read or released what it was
    /// given as an object, or armed sentinels without end; and a live controller given its own
    /// finalizer was released under the host, which crashed at the next collection.
    @Test func aPluginGrantedDebugCannotPassOffOtherUserdataAsObjects() throws {
        let folder = TemporaryFolder()
        folder.write("prober.lua", """
            local Probe = scrim.Animator:extend("Probe")
            local light
            for key in next, debug.getmetatable(Probe.new()) do
              if type(key) == "userdata" then light = key end
            end
            local view = debug.getmetatable(View{})
            local sentinel
            for name, value in next, debug.getregistry() do
              if type(name) == "string" and name == "scrim.collectionSentinel" then sentinel = value end
            end
            local results = {}
            local function try(label, f, ...)
              local ok, message = pcall(f, ...)
              results[#results + 1] = label .. ": " .. (ok and "returned" or tostring(message):gsub("^.-:%d+: ", ""))
            end
            try("light __index", view.__index, light, "alpha")
            try("light __gc", view.__gc, light)
            try("stream __gc", view.__gc, io.stdout)
            local controller = ViewController{ name = "kept" }
            try("another class's __gc", view.__gc, controller)
            try("the controller after it", function() return controller.name end)
            try("its own __gc", debug.getmetatable(controller).__gc, controller)
            try("the controller after its own", function() return controller.name end)
            local Card = scrim.ViewController:extend("Card")
            local card = Card.new{ name = "card" }
            try("a Lua class's __gc", debug.getmetatable(card).__gc, card)
            local shown = View{}
            try("a view's own __gc", view.__gc, shown)
            try("the view after it", function() return shown.alpha end)
            controller, card, shown = nil, nil, nil
            collectgarbage() collectgarbage()
            -- The sandbox refuses a metatable with `__gc`: the rest of the View's will do.
            local copy = {}
            for key, value in next, view do if key ~= "__gc" then copy[key] = value end end
            debug.setmetatable(io.stdout, copy)
            try("stream as a view", function() View{}:addSubview(io.stdout) end)
            debug.setmetatable(light, copy)
            try("light as a view", function() View{}:addSubview(light) end)
            debug.setmetatable(light, nil)
            local function armMany()
              for _ = 1, 1000 do sentinel.__gc({}) end
            end
            return scrim.plugin { name = "prober", results = results, armMany = armMany }
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.runtime.plugins.grant([.debug, .io], to: "prober")
        let results = try h.run("return table.concat(plugin('prober').results, '\\n')").first ?? ""
        #expect(results.split(separator: "\n") == [
            "light __index: bad argument #1 to 'View' (View expected, got userdata)",
            "light __gc: returned",
            "stream __gc: returned",
            "another class's __gc: returned",
            "the controller after it: returned",
            "its own __gc: returned",
            "the controller after its own: returned",
            "a Lua class's __gc: returned",
            "a view's own __gc: returned",
            "the view after it: returned",
            "stream as a view: bad argument #1 to 'View:addSubview' (View expected, got View)",
            "light as a view: bad argument #1 to 'View:addSubview' (View expected, got userdata)",
        ])
        // Sentinels armed by hand would stay, each re-arming itself: some 50 KB for 1000.
        let kilobytes = "collectgarbage() collectgarbage() return collectgarbage('count')"
        let before = try #require(Double(try h.run(kilobytes).first ?? ""))
        try h.run("plugin('prober').armMany()")
        let after = try #require(Double(try h.run(kilobytes).first ?? ""))
        #expect(after - before < 8)
    }

    /// The pop gesture of a navigation controller that is gone, kept by a script and fired:
    /// its target held the controller unowned and trapped.
    @Test func aPopGestureOutlivingItsNavigationControllerDoesNothing() throws {
        let h = Harness()
        try h.run("""
            local nav = NavigationController{ name = "nav", root = ViewController{ name = "r" } }
            recognizer = nav.interactivePopGestureRecognizer
            nav = nil
            collectgarbage() collectgarbage()
            local v = View{ frame = rect(0, 0, 390, 844) }
            window:addSubview(v)
            v:addGestureRecognizer(recognizer)
            window:pan{ from = point(1, 300), to = point(300, 300), duration = 0.3 }
            run(1)
            """)
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }

    /// A real clock with a timer days away (a huge transition watchdog): the wait for it in
    /// milliseconds passed Int32 and trapped; it is now waited for a minute at a time.
    @Test func aTimerDaysAwayIsWaitedForInMinutes() throws {
        let runtime = Runtime(clock: RealClock())
        try runtime.eval("""
            scrim.setTransitionWatchdog(1e7)
            local a = ViewController{ name = "a" }
            window.rootViewController = a
            a:present(ViewController{ name = "b" }, false)
            """)
        // Frames until the presentation is over and only the watchdog's timer is left.
        let loop = RuntimeLoop(runtime)
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (runtime.application.secondsUntilNextTurn ?? 0) < 60 { loop.serveOnce() }
        #expect((runtime.application.secondsUntilNextTurn ?? 0) > 1e6)
        // A job waiting makes the poll return at once, after its timeout was worked out.
        loop.mailbox.post {}
        loop.serveOnce()
        #expect(try runtime.eval("return window.rootViewController.presentedViewController.name") == ["b"])
    }

    /// A server answering with an error code no integer holds: the client converted it and trapped.
    @Test func aServersHugeErrorCodeIsNoCode() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/fake.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (i, byte) in path.utf8.enumerated() { bytes[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        chmod(path, 0o600)
        let server = Thread {
            let connection = accept(listener, nil, nil)
            var byte: UInt8 = 0
            while read(connection, &byte, 1) == 1, byte != UInt8(ascii: "\n") {}
            let answer = #"{"jsonrpc":"2.0","id":1,"error":{"code":1e300,"message":"no"}}"# + "\n"
            _ = answer.withCString { write(connection, $0, strlen($0)) }
            close(connection)
        }
        server.start()
        defer { close(listener) }
        let client = try ControlClient(path: path)
        do {
            _ = try client.call("tree")
            Issue.record("the call succeeded")
        } catch {
            #expect(error.code == nil)
            #expect(error.message == "no")
        }
    }

    /// A restoration delegate answering for the root with a controller that has a parent: the
    /// window's rules for its root refuse it, and the window keeps its root.
    @Test func restorationDoesNotMakeAChildTheRoot() throws {
        let h = Harness()
        try h.run("""
            home = ViewController{ name = "home", restorationIdentifier = "home" }
            window.rootViewController = home
            step(1)
            saved = scrim.saveState()
            child = ViewController{ name = "child" }
            parent = ViewController{ name = "parent" }
            parent:addChild(child)
            scrim.setRestorationDelegate{ viewControllerWithRestorationIdentifierPath = function() return child end }
            window.rootViewController = ViewController{ name = "other" }
            step(1)
            scrim.restoreState(saved)
            step(1)
            """)
        #expect(try h.value("window.rootViewController.name") == "other")
        #expect(try h.value("child.parent.name") == "parent")
        #expect(HierarchyShape.check(h.runtime.application) == nil)
    }
}
