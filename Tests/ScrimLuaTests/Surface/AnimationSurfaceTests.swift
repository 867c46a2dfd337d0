import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct AnimationSurfaceTests {
    @Test func animateChangesTheModelAtOnceAndThePresentationOverTime() throws {
        let h = Harness()
        try h.run("""
            v = View{ frame = rect(0, 0, 100, 100), alpha = 0 }
            log = {}
            animate({ duration = 0.5, curve = "linear" }, function()
              v.alpha = 1
              v.frame = rect(100, 0, 100, 100)
            end, function(finished) log[#log + 1] = tostring(finished) .. "@" .. scrim.now() end)
            """)
        #expect(try h.value("v.alpha .. ' ' .. v.presentation.alpha") == "1 0")
        try h.run("step(15)")
        #expect(try h.value("v.presentation.alpha .. ' ' .. tostring(v.presentation.frame)") == "0.5 rect(50, 0, 100, 100)")
        try h.run("step(15)")
        #expect(try h.value("table.concat(log)") == "true@0.5")
        #expect(try h.value("v.presentation.frame == v.frame") == "true")
    }

    @Test func curvesSpringsAndOptions() throws {
        let h = Harness()
        try h.run("""
            v = View{}
            animate({ duration = 1, curve = { 0.42, 0, 0.58, 1 } }, function() v.cornerRadius = 10 end)
            step(30)
            r1 = v.presentation.cornerRadius
            animate({ spring = { dampingRatio = 1, response = 0.5 } }, function() v.alpha = 0 end)
            animate({ spring = { mass = 1, stiffness = 100, damping = 20 }, delay = 0.1 }, function() v.center = point(5, 5) end)
            animate(0.25, function() v.backgroundColor = "#ff0000" end)
            """)
        #expect(try h.value("r1") == "5")
        let errors: [(String, String)] = [
            ("animate({ duration = 1, curve = 'bouncy' }, function() end)",
             "bad argument #1 to 'animate' (unknown curve 'bouncy'; use linear, easeIn, easeOut, easeInOut or {x1, y1, x2, y2})"),
            ("animate({ duration = 1, curve = 'linear', spring = { dampingRatio = 1 } }, function() end)",
             "bad argument #1 to 'animate' (give either 'curve' or 'spring', not both)"),
            ("animate({ curve = 'linear' }, function() end)",
             "an animation needs a duration (only a spring has one of its own)"),
            ("animate({ duration = -1 }, function() end)",
             "duration must be a finite number of seconds >= 0, got -1.0"),
            ("animate({ duration = 'long' }, function() end)",
             "bad argument #1 to 'animate' (field 'duration' must be a number, got string)"),
            ("animate({ duration = 1 })", "bad argument #2 to 'animate' (function expected, got no value)"),
            ("animate({ spring = { response = 1 } }, function() end)",
             "bad argument #1 to 'animate' (field 'spring' needs dampingRatio (and response) or stiffness and damping)"),
            ("addKeyframe(0, 1, function() end)", "addKeyframe must be called inside an animateKeyframes block"),
        ]
        for (code, message) in errors {
            do {
                try h.run(code)
                Issue.record("no error for \(code)")
            } catch {
                #expect("\(error)" == "test.lua:1: " + message)
            }
        }
    }

    /// Each keyframe is kept until its animation ends: a loop adding them meets an end.
    @Test func anAnimationTakesAtMostTenThousandKeyframes() throws {
        let h = Harness()
        try h.run("animateKeyframes({ duration = 1 }, function() for i = 1, 1e8 do addKeyframe(0, 1, function() end) end end)")
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.map { $0[arg: "message"] }
                == [.string("test.lua:1: an animation takes at most 10000 keyframes")])
    }

    /// The keyframes of all running animations are bounded together: a chain of long keyframe
    /// animations held 2 GB outside the memory cap. Once they end, there is room again.
    @Test func theKeyframesOfAllRunningAnimationsAreBounded() throws {
        let h = Harness(limits: .none)
        try h.run("""
            v = View{}; window:addSubview(v)
            function long(duration)
              animateKeyframes({ duration = duration }, function()
                for i = 1, 10000 do addKeyframe((i - 1) / 10000, 1 / 10000, function() v.alpha = i % 2 end) end
              end)
            end
            for i = 1, 10 do long(1) end
            """)
        func scriptErrors() -> [TraceValue?] { h.runtime.trace.filter { $0.event == "scriptError" }.map { $0[arg: "message"] } }
        try h.run("long(3600)")
        let refused = TraceValue.string("test.lua:4: at most 100000 keyframes (each of one property of one view) can be kept by the animations running at once")
        #expect(scriptErrors() == [refused])
        try h.run("run(1.1) long(1)")
        #expect(scriptErrors() == [refused])
    }

    /// So are the property animations (additive ones pile up on a property): a chain of
    /// completions adding hour-long animations grew the host by 100 MB a minute under a 16 MB cap.
    @Test func theAnimationsRunningAtOnceAreBounded() throws {
        let h = Harness(limits: .none)
        try h.run("""
            views = {}
            for i = 1, 500 do views[i] = View{}; window:addSubview(views[i]) end
            function wave(value) animate(1, function() for i = 1, 500 do views[i].alpha = value end end) end
            for round = 1, 100 do wave(round / 1000) end
            """)
        #expect(h.failure("wave(0.5)") == "test.lua:3: at most 50000 property animations can run at once")
        #expect(try h.value("views[1].alpha") == "0.5")
        // A property animator past the bound leaves its properties at their new values.
        try h.run("""
            other = View{}; window:addSubview(other)
            pa = PropertyAnimator{ duration = 1 } pa:addAnimations(function() other.alpha = 0.25 end) pa:startAnimation()
            """)
        #expect(try h.value("other.presentation.alpha") == "0.25")
        try h.run("run(1.1) wave(1) step(1)")
        #expect(try h.value("views[1].presentation.alpha < 1") == "true")
    }

    @Test func keyframesFromLua() throws {
        let h = Harness()
        try h.run("""
            v = View{}
            animateKeyframes({ duration = 1 }, function()
              addKeyframe(0, 0.5, function() v.alpha = 0 end)
              addKeyframe(0.5, 0.5, function() v.alpha = 1 end)
            end)
            step(15); a = v.presentation.alpha
            step(15); b = v.presentation.alpha
            step(15); c = v.presentation.alpha
            """)
        #expect(try h.value("a .. ' ' .. b .. ' ' .. c") == "0.5 0 0.5")
    }

    @Test func propertyAnimatorFromLua() throws {
        let h = Harness()
        try h.run("""
            v = View{ alpha = 1 }
            a = PropertyAnimator{ duration = 1, curve = "linear" }
            a:addAnimations(function() v.alpha = 0 end)
            a:addCompletion(function(position) finishedAt = position end)
            states = { a.state }
            a:startAnimation()
            run(0.5)
            a:pauseAnimation()
            states[#states + 1] = a.state .. ":" .. tostring(a.isRunning) .. ":" .. a.fractionComplete
            a.fractionComplete = 0.25
            scrubbed = v.presentation.alpha
            a.isReversed = true
            a:continueAnimation{ durationFactor = 0.5 }
            run(1)
            """)
        #expect(try h.value("table.concat(states, ' ')") == "inactive active:false:0.5")
        #expect(try h.value("scrubbed") == "0.75")
        #expect(try h.value("finishedAt .. ' ' .. v.alpha .. ' ' .. a.state") == "start 1 inactive")
        let errors: [(String, String)] = [
            ("a:finishAnimation('end')", "finishAnimation needs a stopped animator; call stopAnimation(false) first"),
            ("a:finishAnimation('middle')", "bad argument #1 to 'PropertyAnimator:finishAnimation' (position must be \"end\", \"start\" or \"current\", got 'middle')"),
            ("a:startAnimation(); a.fractionComplete = 0.5", "cannot set fractionComplete while the animator runs; pause it first"),
            ("PropertyAnimator{ curve = 'linear' }", "a property animator needs a duration (only a spring has one of its own)"),
            ("a.state = 'active'", "property 'state' of PropertyAnimator is read-only"),
        ]
        for (code, message) in errors {
            do {
                try h.run(code)
                Issue.record("no error for \(code)")
            } catch {
                #expect("\(error)" == "test.lua:1: " + message)
            }
        }
    }

    @Test func stopAndFinishFromLua() throws {
        let h = Harness()
        try h.run("""
            v = View{ frame = rect(0, 0, 10, 10) }
            a = PropertyAnimator{ duration = 1, curve = "linear" }
            a:addAnimations(function() v.center = point(105, 5) end)
            a:startAnimation()
            run(0.4)
            a:stopAnimation(false)
            stopped = a.state .. " " .. v.center.x
            a:finishAnimation("start")
            """)
        #expect(try h.value("stopped") == "stopped 45")
        #expect(try h.value("v.center.x .. ' ' .. a.state") == "5 inactive")
    }

    @Test func errorsInsideAnimationBlocksAreReported() throws {
        let h = Harness()
        try h.run("""
            v = View{}
            animate(0.5, function() v.alpha = 0; error("half done") end, function() error("in completion") end)
            run(0.5)
            """)
        let errors = h.runtime.trace.filter { $0.event == "scriptError" }
        #expect(errors.map { $0[arg: "callback"] } == [.string("animations"), .string("completion")])
        #expect(errors.first?[arg: "message"] == .string("test.lua:2: half done"))
        #expect(try h.value("v.alpha") == "0")
    }
}
