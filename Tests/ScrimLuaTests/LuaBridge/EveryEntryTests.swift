import CLua
import CLuaBridge
import Foundation
import LuaBridge
import ScrimControl
import ScrimCore
@testable import ScrimLua
import Testing

/// One budget for every road into Lua (docs/plugins.md, "Limits"): whatever the host enters —
/// a scenario's chunk, an evaluation, a metamethod it calls, a coroutine, frames run from Lua —
/// a runaway is cut short with a located error and the runtime goes on.
@Suite struct EveryEntryTests {
    static let small = LuaLimits(instructionBudget: 200_000, memoryCap: 8 << 20, timeLimit: nil)

    /// Installs `started()` in `h`'s Lua; each call of the returned function starts a thread
    /// that cancels once Lua code has called it.
    func cancelOnceStarted(_ h: Harness) -> () -> Void {
        let started = DispatchSemaphore(value: 0)
        let canceller = h.runtime.lua.canceller
        h.runtime.lua.pushFunction("started") { _ in
            started.signal()
            return 0
        }
        lua_setglobal(h.runtime.lua.L, "started")
        return {
            Thread {
                started.wait()
                canceller.cancel()
            }.start()
        }
    }

    func scriptErrors(_ h: Harness) -> [String] {
        h.runtime.trace.filter { $0.event == "scriptError" }.map {
            guard case .string(let message)? = $0[arg: "message"] else { return "?" }
            return message
        }
    }

    @Test func aScenarioChunkIsStoppedAndTheNextOneRuns() {
        let h = Harness(limits: Self.small)
        #expect(h.failure("local n = 0\nwhile true do n = n + 1 end") == "test.lua:2: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.failure("x = 1 + 1") == "no error")
    }

    @Test func anEvaluationIsStoppedAndTheNextOneRuns() {
        let h = Harness(limits: Self.small)
        let stopped = h.runtime.evaluate("while true do end")
        #expect(stopped.error?.message == "eval:1: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])
    }

    @Test func aCoroutineRunsWithinTheBudgetOfWhoResumesIt() {
        let h = Harness(limits: Self.small)
        // Made before the callback, resumed in it; and made and wrapped inside it.
        _ = try? h.run("""
            early = coroutine.create(function() while true do end end)
            root = ViewController{ name = "root", viewDidLoad = function(self)
              coroutine.resume(early)
              coroutine.wrap(function() while true do end end)()
            end }
            window.rootViewController = root
            """)
        #expect(scriptErrors(h) == ["test.lua:4: stopped: it ran past its budget of 200000 Lua instructions"])
        // A wrapped coroutine made as the turn begins, before it is counted.
        #expect(h.failure("coroutine.wrap(function() while true do end end)()")
                == "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.runtime.evaluate("local n = 0 for i in coroutine.wrap(function() for i = 1, 3 do coroutine.yield(i) end end) do n = n + i end return n")
                    .descriptions == ["6"])
    }

    @Test func longNativeCallsAreCutShort() throws {
        let h = Harness(limits: Self.small)
        let stopped = "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions"
        #expect(h.failure("string.find(('x'):rep(100), ('x?'):rep(100) .. ('x'):rep(100))") == stopped)
        #expect(h.failure("(('x'):rep(10000)):match(('x.*'):rep(100) .. 'y')") == stopped)
        #expect(h.failure("string.gsub(('x'):rep(10000), ('x.*'):rep(100) .. 'y', '')") == stopped)
        #expect(h.failure("for _ in (('x'):rep(10000)):gmatch(('x.-'):rep(100) .. 'y') do end") == stopped)
        #expect(h.failure("string.find(('('):rep(100000), '%b()')") == stopped)
        #expect(h.failure("table.move({}, 1, 2^62, 2)") == stopped)
        #expect(h.failure("assert(string.rep('', math.maxinteger) == '' and (''):rep(2^53, '') == '')") == "no error")
        // A table whose length lies, whose metamethods are C functions; strings that share a long prefix.
        let liar = "setmetatable({}, { __len = function() return math.maxinteger - 1 end, __index = rawlen, __newindex = rawlen })"
        #expect(h.failure("table.sort(\(liar))") == "test.lua:1: bad argument #1 to 'sort' (array too big)")
        #expect(h.failure("table.sort({ 3, 1, 'x' })") == "test.lua:1: attempt to compare string with number")
        for call in ["table.insert(\(liar), 1, 0)", "table.remove(\(liar), 1)",
                     "table.concat(setmetatable({}, { __index = rawlen }), '', 1, math.maxinteger)",
                     "local p = ('a'):rep(1 << 20) local t = { p .. 1, p .. 2 } for i = 1, 17 do table.move(t, 1, #t, #t + 1) end table.sort(t)"] {
            #expect(h.failure(call).contains("stopped: it ran past its budget"), "\(call)")
        }
        // What they do on ordinary tables, and their errors.
        #expect(try h.value("""
            (function()
              local t = setmetatable({ 1, 2, 3 }, {})
              table.insert(t, 4); table.insert(t, 1, 0); local r = table.remove(t, 2); table.sort(t, function(a, b) return a > b end)
              return table.concat(t, ",") .. " " .. r .. " " .. table.concat({ 3, 1, 2 }, ",", 2) .. " " ..
                select(2, pcall(table.insert, t, 9, 1)) .. " " .. select(2, pcall(table.insert, t, 1, 2, 3))
            end)()
            """) == "4,3,2,0 1 1,2 bad argument #2 to 'insert' (position out of bounds) wrong number of arguments to 'insert'")
        // In a plugin's callback: a scriptError, and the scenario goes on.
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function()
              string.find(('x'):rep(100), ('x?'):rep(100) .. ('x'):rep(100)) end }
            window.rootViewController = root
            """)
        #expect(scriptErrors(h) == ["test.lua:2: stopped: it ran past its budget of 200000 Lua instructions"])
        #expect(try h.value("('key=value'):gsub('(%w+)=(%w+)', '%2=%1')") == "value=key")
    }

    @Test func aRunawayCallbackCostsItsScriptErrorNotTheScenario() throws {
        let h = Harness(limits: Self.small)
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function() while true do end end }
            window.rootViewController = root
            after = "ran"
            """)
        #expect(scriptErrors(h) == ["test.lua:1: stopped: it ran past its budget of 200000 Lua instructions"])
        #expect(try h.value("after") == "ran")
    }

    @Test func metamethodsTheHostCallsAreStopped() throws {
        let h = Harness(limits: Self.small)
        let described = h.runtime.evaluate("setmetatable({}, { __tostring = function() while true do end end })")
        #expect(described.descriptions.first?.contains("stopped: it ran past its budget") == true)
        try h.run("""
            root = ViewController{ name = "root", viewDidLoad = function()
              error(setmetatable({}, { __tostring = function() while true do end end }))
            end }
            window.rootViewController = root
            """)
        #expect(scriptErrors(h).count == 1)
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])
    }

    @Test func aPluginsVersionThatNeverFormatsIsStopped() throws {
        let folder = TemporaryFolder()
        folder.write("vain.lua", """
            return scrim.plugin { name = "vain", version = setmetatable({}, { __tostring = function() while true do end end }) }
            """)
        let h = Harness(pluginPaths: [folder.path], limits: Self.small)
        try h.run("plugin 'vain'")
        #expect(h.runtime.plugins.loaded.first?.version?.contains("stopped: it ran past its budget") == true)
        #expect(h.failure("x = 1") == "no error")
    }

    @Test func finalizersAreRefused() throws {
        let h = Harness(limits: Self.small)
        let refusal = "bad argument #2 to 'setmetatable' ('__gc' metamethods are not allowed: Lua runs finalizers where no budget or watchdog can stop them)"
        #expect(h.failure("setmetatable({}, { __gc = function() while true do end end })") == "test.lua:1: " + refusal)
        #expect(h.failure("local mt = {}; setmetatable({}, mt); mt.__gc = function() end; collectgarbage()") == "no error")
        // The host's metatables are not handed out: none gains a `__gc`.
        #expect(try h.value("tostring(getmetatable(io.stdout)) .. ' ' .. tostring(getmetatable(View{})) .. ' ' .. tostring(getmetatable(window))")
                == "false false false")
    }

    @Test func framesRunFromLuaAreBounded() {
        let h = Harness(limits: Self.small)
        for bad in ["0/0", "-1", "1e308", "math.huge", "3601"] {
            #expect(h.failure("run(\(bad))") == "test.lua:1: bad argument #1 to 'run' (seconds must be from 0 to 3600)", "run(\(bad))")
        }
        #expect(h.failure("step(2^40)") == "test.lua:1: bad argument #1 to 'step' (frames must be from 0 to 216000)")
        #expect(h.failure("step(-1)") == "test.lua:1: bad argument #1 to 'step' (frames must be from 0 to 216000)")
        #expect(h.failure("step(2^53)") == "test.lua:1: bad argument #1 to 'step' (frames must be from 0 to 216000)")
        #expect(h.failure("step(2^60)") == "test.lua:1: bad argument #1 to 'step' (integer out of range (at most 2^53 either way))")
        #expect(h.failure("step(1.5)") == "test.lua:1: bad argument #1 to 'step' (number has no integer representation)")
        // Each frame, and each call, costs the turn that runs it.
        #expect(h.failure("while true do step(0) end") == "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.failure("for i = 1, 100 do run(60) end") == "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.runtime.application.clock.now < 60 * 60)
        #expect(h.failure("run(1)") == "no error")
    }

    @Test func framesAreNotRunFromInsideAFrame() throws {
        let h = Harness(limits: Self.small)
        try h.run("""
            animate({ duration = 0.1 }, function() end, function() run(1) end)
            run(0.5)
            """)
        #expect(scriptErrors(h) == ["test.lua:1: 'run' cannot run frames from inside a frame (a callback of the frame running now)"])
    }

    @Test func whatTheHostAllocatesForLuaCountsTowardTheCap() throws {
        let h = Harness(limits: Self.small)
        try h.run("window.rootViewController = ViewController{ name = 'root' }; step()")
        let message = h.failure("""
            hoarder = ViewController{ name = "hoarder", viewDidLoad = function()
              local kept = {}
              for i = 1, 1e6 do kept[i] = trace() end
            end }
            local _ = hoarder.view
            """)
        #expect(message == "no error")
        #expect(scriptErrors(h) == ["test.lua:3: not enough memory (the runtime's Lua memory cap of 8 MB is reached)"])
        #expect(h.runtime.lua.memoryPeak < (8 << 20) + (1 << 20))
        // Native objects count with their own size: a View's userdata and its slot in Lua's
        // tables are about 110 bytes.
        try h.run("hoarder = nil; collectgarbage(); collectgarbage()")
        let before = h.runtime.lua.memoryUsed
        try h.run("few = {} for i = 1, 1000 do few[i] = View{} end")
        #expect((h.runtime.lua.memoryUsed - before) / 1000 > 300, "\((h.runtime.lua.memoryUsed - before) / 1000) bytes per view")
        try h.run("few = nil")
        #expect(h.failure("local kept = {}\nfor i = 1, 1e6 do kept[i] = View{} end")
                == "test.lua:2: not enough memory (the runtime's Lua memory cap of 8 MB is reached)")
        try h.run("collectgarbage()")
        #expect(h.runtime.lua.memoryUsed < 4 << 20)
    }

    /// The host reads an error back outside any protected call: with the cap still on there,
    /// a full memory made Lua panic and abort the process. The error is located where memory
    /// was refused, not where Lua, tidying up after it, was refused memory again (at the top of
    /// the stack, or at the line that entered a callback).
    @Test func anErrorIsReadBackWithTheCapLifted() throws {
        let h = Harness(limits: LuaLimits(instructionBudget: nil, memoryCap: 16 << 20, timeLimit: nil))
        let filling = """
            local recognizers = {}
            local f = function() end
            local ok = pcall(function() for i = 0, 1e8 do local k = i // 1000 + 1 recognizers[k] = recognizers[k] or TapGestureRecognizer{} recognizers[k]:addTarget(f) end end)
            local text = string.rep("y", 1000) .. tostring(ok)
            """
        #expect(h.failure(filling) == "test.lua:4: not enough memory (the runtime's Lua memory cap of 16 MB is reached)")
        let indented = filling.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        let again = Harness(limits: h.runtime.lua.limits)
        #expect(again.failure("""
            local filler = ViewController{ name = "filler", viewDidLoad = function()
            \(indented)
            end }
            local _ = filler.view
            """) == "test.lua:7: not enough memory (the runtime's Lua memory cap of 16 MB is reached)")
        #expect(scriptErrors(again) == ["test.lua:5: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"])
    }

    /// A view a script made and put in a tree outlives its userdata: it keeps weighing until it
    /// is gone, and no longer once it is.
    @Test func nativeObjectsWeighAsLongAsTheyLive() throws {
        let h = Harness(limits: Self.small)
        #expect(h.failure("local root = View{}\nfor i = 1, 1e6 do root:addSubview(View{}) end")
                == "test.lua:2: not enough memory (the runtime's Lua memory cap of 8 MB is reached)")
        try h.run("collectgarbage()")
        #expect(h.runtime.lua.memoryUsed < 1 << 20)
        for _ in 1...3 {
            try h.run("local root = View{} for i = 1, 8000 do root:addSubview(View{}) end root = nil collectgarbage()")
        }
        #expect(h.runtime.lua.memoryUsed < 1 << 20)
    }

    /// A view stops weighing as it goes, not at a later sweep of what lingers: the count the
    /// memory cap reads, unswept, falls as the hierarchy lets the views go.
    @Test func aLingeringViewStopsWeighingAsItGoes() throws {
        let h = Harness(limits: Self.small)
        let unswept = { scrim_limits_memory_used(h.runtime.lua.limitsRecord) }
        try h.run("""
            holder = ViewController{ name = "holder" }
            window.rootViewController = holder
            local root = View{}
            holder.view:addSubview(root)
            for i = 1, 8000 do root:addSubview(View{ name = "v" .. i }) end
            root = nil
            collectgarbage()
            """)
        #expect(unswept() > 1 << 20)
        try h.run("holder.view.subviews[1]:removeFromSuperview() collectgarbage()")
        #expect(unswept() < 1 << 20)
    }

    /// A view that outlives its runtime — a host keeps it — goes without telling the runtime's
    /// freed counts (AddressSanitizer reads a write to them).
    @Test func aViewThatOutlivesItsRuntimeGoesQuietly() throws {
        var view: View?
        do {
            let runtime = try Runtime(configuration: .init())
            _ = try runtime.eval("""
                kept = View{ name = "kept" }
                window.rootViewController = ViewController{ name = "holder" }
                window.rootViewController.view:addSubview(kept)
                kept = nil
                collectgarbage()
                """)
            view = runtime.application.window.rootViewController?.view?.subviews.first
            #expect(view?.name == "kept")
        }
        #expect(view?.superview == nil)
        view = nil
    }

    @Test func aCancelFromAnotherThreadStopsAnEvaluationAndItsFrames() throws {
        let h = Harness(limits: .none)
        let armCancel = cancelOnceStarted(h)
        for endless in ["while true do end", "run(3600) return 'not reached'"] {
            armCancel()
            #expect(h.runtime.evaluate("started() " + endless).error?.message == "eval:1: interrupted!")
        }
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])
    }

    /// Frames cost their turn one instruction each: an hour of them, twice, fits the standard
    /// budget (at 100 a frame, a scenario's `run(3600)` ran out of it). The budget is what is
    /// measured: the watchdog is off, for a slow machine or a sanitizer.
    @Test func anHourOfFramesFitsTheStandardBudget() throws {
        let standard = LuaLimits.standard
        let h = Harness(limits: LuaLimits(instructionBudget: standard.instructionBudget, memoryCap: standard.memoryCap, timeLimit: nil))
        #expect(h.failure("run(3600) step(216000)") == "no error")
        #expect(h.runtime.application.clock.now == 7200)
    }

    /// Lua calls a message handler with hooks off when a hook raised the error, and calls it
    /// again for an error inside it: a handler that loops ran where nothing stopped it.
    @Test func aMessageHandlerIsNotRunOnceTheEntryIsStopped() throws {
        let h = Harness(limits: Self.small)
        let stopped = "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions"
        #expect(h.failure("xpcall(function() while true do end end, function(e) while true do end end)") == stopped)
        #expect(h.failure("xpcall(error, function(e) while true do end end)") == stopped)
        #expect(h.failure("xpcall(function() while true do end end, function(e) for i = 1, 1e12 do end return e end)") == stopped)
        #expect(h.failure("""
            coroutine.wrap(function() xpcall(function() while true do end end, function() while true do end end) end)()
            """) == stopped)
        // Otherwise xpcall is Lua's: the handler's result, yields across it, its errors.
        #expect(try h.value("select(2, xpcall(error, function(e) return 'handled ' .. e end, 'boom'))") == "handled boom")
        #expect(try h.value("""
            (function()
              local co = coroutine.wrap(function(a) return xpcall(function(b) return coroutine.yield(b) + 1 end, print, a) end)
              local first = co(1)
              local ok, value = co(41)
              return first .. " " .. tostring(ok) .. " " .. value
            end)()
            """) == "1 true 42")
        #expect(h.failure("xpcall(print)") == "test.lua:1: bad argument #2 to 'xpcall' (function expected, got no value)")
        #expect(try h.value("select('#', xpcall(function() return 1, 2, 3 end, print))") == "4")
        #expect(try h.value("select(2, xpcall(error, function(e) error('again') end))") == "error in error handling")
    }

    /// A coroutine stopped by the limits dies with hooks off (Lua does not turn them back on
    /// after a hook's error in a coroutine): closing it ran its `__close` where nothing stopped it.
    @Test func aCoroutineTheLimitsStoppedIsNotClosed() throws {
        let h = Harness(limits: Self.small)
        #expect(h.failure("""
            co = coroutine.create(function()
              local x <close> = setmetatable({}, { __close = function() while true do end end })
              while true do end
            end)
            coroutine.resume(co)
            """) == "test.lua:5: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(try h.run("return coroutine.close(co)") == ["false", "the coroutine was stopped by the limits: its to-be-closed variables are not closed"])
        #expect(h.failure("coroutine.wrap(function() local x <close> = setmetatable({}, { __close = function() while true do end end }) while true do end end)()")
                == "test.lua:1: stopped: it ran past its budget of 200000 Lua instructions")
        // Closing runs `__close` in the coroutine, which has no hook of its own when it was made
        // before its turn was counted: it runs with the closer's, and the watchdog reaches it.
        #expect(h.failure("""
            local c = coroutine.create(function() local x <close> = setmetatable({}, { __close = function() while true do end end }) coroutine.yield() end)
            coroutine.resume(c)
            coroutine.close(c)
            """) == "test.lua:3: stopped: it ran past its budget of 200000 Lua instructions")
        // Otherwise close is Lua's.
        #expect(try h.run("""
            local closed = false
            local c = coroutine.create(function() local x <close> = setmetatable({}, { __close = function() closed = true end }) coroutine.yield() end)
            coroutine.resume(c)
            return coroutine.close(c), closed
            """) == ["true", "true"])
    }

    /// Each registered callback is called in a turn of its own: 1.5 million alongside
    /// animations, completions or targets held the host 24-33 s, each failing and reported.
    /// An object keeps at most 1,000 callbacks of a kind.
    @Test func anObjectKeepsAtMost1000Callbacks() throws {
        let h = Harness(limits: .standard)
        try h.run("""
            f = function() end
            g = TapGestureRecognizer{}
            pa = PropertyAnimator{ duration = 1 }
            root = ViewController{ name = "root" }
            window.rootViewController = root
            step()
            sheet = ViewController{ name = "sheet", viewWillAppear = function(self)
              local c = self.transitionCoordinator
              for i = 1, 1000 do c:animateAlongside(f, f) c:notifyWhenInteractionChanges(f) end
              alongside = select(2, pcall(c.animateAlongside, c, f, f))
              handlers = select(2, pcall(c.notifyWhenInteractionChanges, c, f))
            end }
            root:present(sheet)
            run(1)
            """)
        for (call, message) in [("g:addTarget(f)", "TapGestureRecognizer:addTarget: at most 1000 targets per object"),
                                ("pa:addCompletion(f)", "PropertyAnimator:addCompletion: at most 1000 completions per object"),
                                ("pa:addAnimations(f)", "PropertyAnimator:addAnimations: at most 1000 animation blocks waiting to start per object")] {
            #expect(h.failure("for i = 1, 1000 do \(call) end") == "no error")
            #expect(h.failure(call) == "test.lua:1: " + message)
        }
        // Called by pcall itself, a native has no Lua caller to locate.
        #expect(try h.value("alongside") == "TransitionCoordinator:animateAlongside: at most 1000 alongside animations per object")
        #expect(try h.value("handlers") == "TransitionCoordinator:notifyWhenInteractionChanges: at most 1000 interaction handlers per object")
    }

    /// The REPL's `:step` has no Lua turn of its own: each frame is bounded, so a cancel
    /// (Ctrl-C) is what stops an hour of costly frames.
    @Test func aCancelStopsTheFramesOfReplStep() throws {
        let h = Harness(limits: .none)
        var lines: [String] = []
        let session = ReplSession(runtime: h.runtime) { lines.append($0) }
        let armCancel = cancelOnceStarted(h)
        session.submit("""
            local v = View{}; window:addSubview(v); local first = true
            local function again(finished)
              if finished and first then first = false; started() end
              local t = os.clock() while os.clock() < t + 0.001 do end
              animate({ duration = 1 / 60 }, function() v.alpha = 1 - v.alpha end, again)
            end
            again()
            """)
        armCancel()
        session.submit(":step 216000")
        let stopped = try #require(lines.last)
        #expect(stopped.hasPrefix("interrupted: t = "))
        let time = h.runtime.application.clock.now
        #expect(stopped == "interrupted: t = \(formatNumber(time))" && time < 3600)
        // The cancel was for those frames only: the next ones run.
        session.submit(":step 2")
        #expect(lines.last == "t = \(formatNumber(h.runtime.application.clock.now))")
        #expect(abs(h.runtime.application.clock.now - time - 2.0 / 60) < 1e-9)
    }

    /// Work the host does itself — a frame it runs, the descriptions of an evaluation's
    /// results — enters Lua once per callback or value, each within its own limit. Each frame,
    /// and each evaluation's descriptions, is a unit with a clock: once it has run past the
    /// limit, what it enters begins stopped. Waits on the wall clock, with a short limit.
    @Test func aFrameTheHostRunsAndTheDescriptionsOfResultsAreBoundedAsOne() throws {
        let h = Harness(limits: LuaLimits(instructionBudget: nil, memoryCap: nil, timeLimit: 0.2))
        // The wall clock: os.clock counts the process's processor time, which runs faster than
        // the wall's while the suite's other threads run.
        h.runtime.lua.pushFunction("wallClock") { call in
            lua_pushnumber(call.L, Double(DispatchTime.now().uptimeNanoseconds) / 1e9)
            return 1
        }
        lua_setglobal(h.runtime.lua.L, "wallClock")
        try h.run("""
            function busy() local t = wallClock() while wallClock() < t + 0.15 do end end
            local v = View{}; window:addSubview(v)
            ran = 0
            for i = 1, 8 do
              animate({ duration = 1 / 60 }, function() v.alpha = i / 10 end, function() busy(); ran = ran + 1 end)
            end
            """)
        #expect(h.runtime.tick(frames: 1))
        #expect(h.runtime.tick(frames: 1))
        let ran = try #require(Int(try h.value("ran")))
        #expect((1...2).contains(ran), "\(ran) completions ran")
        let stopped = scriptErrors(h).filter { $0 == "test.lua:5: " + Self.unitStop }
        #expect(stopped.count == 8 - ran, "\(scriptErrors(h))")

        let evaluation = h.runtime.evaluate("""
            (function()
              local slow = setmetatable({}, { __tostring = function() busy() return "slow" end })
              return slow, slow, slow, slow, slow, slow
            end)()
            """)
        let described = evaluation.descriptions.filter { $0 == "slow" }.count
        #expect((1...2).contains(described), "\(evaluation.descriptions)")
        #expect(evaluation.descriptions.dropFirst(described).allSatisfy { $0.hasSuffix(Self.unitStop + ">") })
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])
    }

    static let unitStop = "stopped by the watchdog: the host's work it is part of (a frame, a load or reload, an evaluation's results) ran longer than 0.2 s"

    /// A plugin's load or reload enters its main chunk, its version's `__tostring`, the swap,
    /// `onReload`: one unit, so eight slow plugins reloaded held the host 43 s. Once the version's
    /// `__tostring` is stopped at the limit, what follows begins stopped and the load or the
    /// reload fails (the old version stays). Waits on the wall clock.
    @Test func aLoadOrReloadIsBoundedAsOne() throws {
        let folder = TemporaryFolder()
        let slow = """
            local version = setmetatable({}, { __tostring = function() while true do end end })
            return scrim.plugin{ name = "slow", version = version }
            """
        let file = folder.write("slow.lua", slow)
        let h = Harness(pluginPaths: [folder.path], limits: LuaLimits(instructionBudget: nil, memoryCap: nil, timeLimit: 0.2))
        func failure(_ body: () throws -> Void) -> String {
            do { try body() } catch let error as LuaError { return error.message } catch { return "\(error)" }
            return "no error"
        }
        #expect(failure { _ = try h.runtime.loadPlugin(file) }.hasSuffix(Self.unitStop))
        #expect(h.runtime.plugins.plugin(named: "slow") == nil)
        _ = folder.write("slow.lua", "return scrim.plugin{ name = 'slow', version = '1' }")
        _ = try h.runtime.loadPlugin(file)
        _ = folder.write("slow.lua", slow)
        #expect(failure { _ = try h.runtime.plugins.reload(named: "slow") }.hasSuffix(Self.unitStop))
        #expect(h.runtime.plugins.plugin(named: "slow")?.version == "1")
    }

    /// The watchdog's own test: it waits on the wall clock, with a short limit.
    @Test func theWatchdogStopsWhatTheBudgetDoesNotCount() throws {
        let h = Harness(limits: LuaLimits(instructionBudget: nil, memoryCap: nil, timeLimit: 0.2))
        // The chunk's clock runs on while the callback it set off runs its 0.2 s, so the chunk
        // may be stopped too as it ends (on a slow machine, or under a sanitizer).
        let chunk = h.failure("""
            root = ViewController{ name = "root", viewDidLoad = function() while true do end end }
            window.rootViewController = root
            """)
        #expect(["no error", "test.lua:2: stopped by the watchdog: it ran longer than 0.2 s"].contains(chunk), "\(chunk)")
        #expect(scriptErrors(h) == ["test.lua:1: stopped by the watchdog: it ran longer than 0.2 s"])
        #expect(try h.value("root.view ~= nil") == "true")
        #expect(h.failure("x = 1") == "no error")

        // Frames run from Lua are the asking turn's native work: an hour of frames, each costly.
        #expect(h.failure("""
            local views = {}
            for i = 1, 500 do views[i] = View{ frame = rect(0, 0, 10, 10) }; root.view:addSubview(views[i]) end
            animate({ duration = 3600 }, function() for _, v in ipairs(views) do v.alpha = 0 end end)
            run(3600)
            """) == "test.lua:4: stopped by the watchdog: it ran longer than 0.2 s")
        #expect(h.failure("x = 1") == "no error")

        // And the callbacks they make: a chain of completions, each within its own limit.
        let before = scriptErrors(h).count
        #expect(h.failure("""
            completions = 0
            local function next()
              completions = completions + 1
              local t = os.clock() while os.clock() - t < 0.05 do end
              animate({ duration = 0.01 }, function() root.view.alpha = math.random() end, next)
            end
            next()
            run(3600)
            """) == "test.lua:8: stopped by the watchdog: it ran longer than 0.2 s")
        // Each takes 0.05 s: the limit leaves room for about four (without it, hundreds ran).
        #expect(try Int(h.value("completions"))! <= 8)
        #expect(scriptErrors(h).count <= before + 1)

        // Outside frames too: what a turn sets off is its time, however many turns it makes.
        // (Which line of the loop it lands on depends on when the watchdog looked.)
        let stopped = h.failure("""
            made = 0
            for i = 1, 1000 do
              local vc = ViewController{ viewDidLoad = function() local t = os.clock() while os.clock() - t < 0.05 do end end }
              local _ = vc.view
              made = i
            end
            """)
        #expect(["test.lua:3", "test.lua:4", "test.lua:5"].contains { stopped == $0 + ": stopped by the watchdog: it ran longer than 0.2 s" },
                "\(stopped)")
        #expect(try Int(h.value("made"))! <= 8)
    }

    @Test func stateIsNotSavedOrRestoredFromItsOwnCallbacks() throws {
        let h = Harness(limits: Self.small)
        try h.run("""
            root = ViewController{ name = "root", restorationIdentifier = "root",
              encodeRestorableState = function(self, coder) scrim.saveState() end,
              decodeRestorableState = function(self, coder) scrim.restoreState(saved) end }
            window.rootViewController = root
            step()
            saved = scrim.saveState()
            scrim.restoreState(saved)
            """)
        #expect(scriptErrors(h) == [
            "test.lua:2: 'saveState' cannot be called while state is being saved or restored (from a restoration callback)",
            "test.lua:3: 'restoreState' cannot be called while state is being saved or restored (from a restoration callback)",
        ])
    }

    /// Some text costs Lua's parser quadratic time (a long chain of `elseif`, `and`, `or`):
    /// these chains would take it minutes; the watchdog stops the parse where it has reached.
    @Test func parsingIsStoppedByTheWatchdog() throws {
        let folder = TemporaryFolder()
        let branches = String(repeating: "elseif x then ", count: 200_000)
        let path = folder.write("slow.lua", "local x = 1 if x == 0 then \(branches) end return scrim.plugin { name = 'slow' }")
        let limits = LuaLimits(instructionBudget: nil, memoryCap: nil, timeLimit: 0.2)
        let h = Harness(pluginPaths: [folder.path], limits: limits)
        #expect(h.failure("plugin 'slow'") == "test.lua:1: stopped by the watchdog: it ran longer than 0.2 s")
        let loaded = h.runtime.evaluate("scrim.loadPlugin('\(folder.path)/slow.lua')")
        #expect(loaded.error?.message == "\(PluginManager.displayPath(path)):1: stopped by the watchdog: it ran longer than 0.2 s")
        let chain = h.runtime.evaluate("return load('return 1' .. string.rep(' or x', 400000), '=chain')")
        #expect(chain.error?.message == "eval:1: stopped by the watchdog: it ran longer than 0.2 s")
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])

        // A host's load of plugin text is a turn of its own, located where the parser was.
        let check = PluginCheck.check(path: path, searchPaths: [], limits: limits)
        #expect(check.problems.map(\.description) == ["\(PluginManager.displayPath(path)):1: stopped by the watchdog: it ran longer than 0.2 s"])
    }

    /// The host keeps every error's message (the trace, the report): a script may raise one of
    /// any size, as often as it likes, so what is kept is bounded.
    @Test func errorMessagesAreBounded() throws {
        let h = Harness(limits: Self.small)
        try h.run("""
            big = string.rep("é", 1 << 19)
            root = ViewController{ name = "root", viewDidLoad = function() error(big, 0) end }
            window.rootViewController = root
            """)
        let message = try #require(scriptErrors(h).first)
        #expect(message.utf8.count < 16_500)
        #expect(message.hasPrefix("éé") && message.hasSuffix("é… (1032192 bytes more)"))
        let load = try #require(h.runtime.lua.load(source: "x = 1 '" + String(repeating: "a", count: 1 << 20) + "'", chunkName: "=long"))
        #expect(load.message.hasPrefix("long:1: unexpected symbol near ''aaa") && load.message.hasSuffix("a… (1032227 bytes more)"))
    }

    @Test func loadKeepsItsMeaningAndItsReaderIsCharged() {
        let h = Harness(limits: Self.small)
        let results = h.runtime.evaluate("""
            local pieces = { "return ", "x ", "+ 1" }
            local reader = function() return table.remove(pieces, 1) end
            return load(reader, "=pieces", "t", { x = 41 })(), load("return ...", "=c")(7),
              load("\\27Lua", "=b", "t"), select(2, load("x =", "=broken")), select(2, load(function() return {} end))
            """)
        #expect(results.descriptions == ["42", "7", "nil", "broken:1: unexpected symbol near <eof>", "reader function must return a string"])
        // A C function that never ends the text: one unit per piece, until the budget is spent.
        let endless = h.runtime.evaluate("return load(os.time)")
        #expect(endless.error?.message == "eval:1: stopped: it ran past its budget of 200000 Lua instructions")
        #expect(h.runtime.evaluate("1 + 1").descriptions == ["2"])
    }

    @Test func resultsAndEncodedStateAreBoundedInDepthAndSize() throws {
        let h = Harness(limits: Self.small)
        let deep = h.runtime.evaluate("local t = {} local c = t for i = 1, 200 do local n = {} c[1] = n c = n end return t")
        #expect(deep.error == nil)
        #expect(deep.results.first?.json.contains("<nested too deep>") == true)
        let shared = h.runtime.evaluate("local t = {} for i = 1, 30 do t = { t, t } end return t")
        #expect(shared.results.first?.json.contains("<more than 100000 values>") == true)
        try h.run("""
            local function deep(n) local t = {} local c = t for i = 1, n do local x = {} c[1] = x c = x end return t end
            local shared = {} for i = 1, 30 do shared = { shared, shared } end
            local border = {} for i = 50, 0, -1 do border[1 << i] = true end
            root = ViewController{ name = "root", restorationIdentifier = "root", encodeRestorableState = function(self, coder)
              borderError = select(2, pcall(coder.encode, coder, "border", border))
              coder:encode("deep", deep(99))
              coder:encode("shared", shared)
            end }
            window.rootViewController = root
            step()
            saved = scrim.saveState()
            """)
        #expect(scriptErrors(h) == [
            "test.lua:7: bad argument #2 to 'StateCoder:encode' (the saved state would pass the 4 MB restoreState reads)",
        ])
        #expect(try h.value("borderError") == "bad argument #2 to 'StateCoder:encode' (cannot encode a table of length 1125899906842624 (more than 1000000 values))")
        #expect(try h.value("#saved > 0") == "true")
        // Saved state nested past what the decoder follows is refused; within it, each level
        // checks Lua's stack (100,000 levels overran it, corrupting the heap).
        let nested = Harness(limits: .none).failure("""
            scrim.restoreState('{"controllers":[{"path":["r"],"state":{"k":' .. string.rep('[', 100000) .. '7' .. string.rep(']', 100000) .. '}}],"format":"scrim.state","version":1}')
            """)
        #expect(nested.hasPrefix("test.lua:1: saved state is not JSON: line 1, column ") && nested.hasSuffix(": nested more than 500 deep"), "\(nested)")
        try h.run("""
            decoded = nil
            scrim.setRestorationDelegate{ viewControllerWithRestorationIdentifierPath = function(_, path, coder)
              return ViewController{ name = "r", decodeRestorableState = function(_, c) decoded = c:decode("k") end }
            end }
            scrim.restoreState('{"controllers":[{"path":["r"],"state":{"k":' .. string.rep('[', 400) .. '7' .. string.rep(']', 400) .. '}}],"format":"scrim.state","version":1}')
            local levels, t = 0, decoded
            while type(t) == "table" do levels, t = levels + 1, t[1] end
            decodedLevels = levels
            """)
        #expect(try h.value("decodedLevels") == "400")
        // Decoding is native work: the state it reads is bounded.
        #expect(Harness(limits: .none).failure("scrim.restoreState(string.rep(' ', 5 << 20))")
                == "test.lua:1: bad argument #1 to 'restoreState' (state of 5242880 bytes is more than the 4 MB restoreState reads)")
        // So is what a save encodes, counted in bytes: one 1 MB string held 2,000 times (1 MB of
        // Lua) made the host copy and write 2 GB. Each save starts the count again.
        let bytes = Harness(limits: .none)
        try bytes.run("""
            local big = string.rep("x", 1 << 20)
            root = ViewController{ name = "root", restorationIdentifier = "root", encodeRestorableState = function(self, coder)
              coder:encode("three", { big, big, big })
              refused = select(2, pcall(coder.encode, coder, "more", { big, big }))
            end }
            window.rootViewController = root
            step()
            first, second = scrim.saveState(), scrim.saveState()
            """)
        #expect(try bytes.value("refused") == "bad argument #2 to 'StateCoder:encode' (the saved state would pass the 4 MB restoreState reads)")
        #expect(try bytes.value("#first > 3 << 20 and first == second") == "true")
    }

    /// Names are kept for an object's life and written into every trace event about it.
    @Test func namesAreBounded() throws {
        let folder = TemporaryFolder()
        let path = folder.write("named.lua", "return scrim.plugin { name = string.rep('n', 2000) }")
        let h = Harness(limits: .none)
        #expect(h.failure("View{ name = string.rep('v', 1 << 20) }")
                == "test.lua:1: bad field 'name' in 'View' (a name of 1048576 bytes is longer than 1024)")
        #expect(h.failure("ViewController{ name = string.rep('c', 2000) }").hasSuffix("(a name of 2000 bytes is longer than 1024)"))
        #expect(h.failure("NavigationController{ name = string.rep('c', 2000), root = ViewController{} }").hasSuffix("(a name of 2000 bytes is longer than 1024)"))
        #expect(h.failure("scrim.loadPlugin('\(path)')") == "test.lua:1: \(path): the plugin's name is 2000 bytes, longer than 1024")
        #expect(try h.value("View{ name = string.rep('v', 1024) }.name:len()") == "1024")
    }

    /// `#t` is a border, not a count: 51 keys make it 2^50.
    @Test func aTableWhoseLengthIsHugeIsGivenByItsKeys() throws {
        let h = Harness(limits: Self.small)
        let evaluation = h.runtime.evaluate("local t = {} for i = 50, 0, -1 do t[1 << i] = true end return #t, t")
        #expect(evaluation.descriptions.first == "1125899906842624")
        guard case .object(let fields)? = evaluation.results.last else { Issue.record("not an object"); return }
        #expect(fields.count == 51 && fields["1125899906842624"] == .bool(true))
        #expect(h.runtime.evaluate("return {1, 2, 3}").results == [.array([.number(1), .number(2), .number(3)])])
    }

    /// An answer is kept whole until it is sent: what an evaluation gives back is bounded.
    @Test func resultsAreBoundedInBytes() {
        let h = Harness(limits: .none)
        let big = h.runtime.evaluate("local s = string.rep('x', 10 << 20) return s, { [s] = 1 }")
        let past = "<10485760 bytes: past the 16 MB an evaluation gives back>"
        #expect(big.results.first == .string(String(repeating: "x", count: 10 << 20)))
        #expect(big.descriptions.first == past)
        #expect(big.results.last == .object([past: .number(1)]))
    }

    @Test func whatAnEvaluationPrintsIsBounded() {
        let h = Harness(limits: .none)
        let loud = h.runtime.evaluate("local s = ('x'):rep(1 << 20) for i = 1, 40 do print(s) end return 'done'")
        #expect(loud.descriptions == ["done"])
        #expect(loud.output.utf8.count < (16 << 20) + 100)
        #expect(loud.output.hasSuffix("[output past 16 MB dropped]\n"))
    }
}
