import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct GestureSurfaceTests {
    @Test func tapsAndPansFromLua() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            button = View{ frame = rect(0, 0, 100, 100), name = "button" }
            root.view:addSubview(button)
            log = {}
            button:addGestureRecognizer(TapGestureRecognizer{ name = "tap", handler = function(g)
              local p = g:location(button)
              log[#log + 1] = g.state .. " " .. p.x .. "," .. p.y
            end })
            pan = PanGestureRecognizer{ handler = function(g)
              if g.state == "ended" then
                local t, v = g:translation(), g:velocity()
                log[#log + 1] = "pan " .. t.y .. " " .. v.y
              end
            end }
            root.view:addGestureRecognizer(pan)
            hit = window:tap(point(10, 20))
            window:pan{ from = point(200, 200), to = point(200, 500), duration = 0.25 }
            run(0.3)
            edge = ScreenEdgePanGestureRecognizer{ edges = { "right" } }
            """)
        #expect(try h.value("table.concat(log, '; ')") == "ended 10,20; pan 300 1200")
        #expect(try h.value("hit == button and #button.gestureRecognizers and button.gestureRecognizers[1].name") == "tap")
        #expect(try h.value("table.concat(edge.edges, ',') .. ' ' .. pan.state") == "right possible")
        #expect(throws: LuaError.self) { try h.run("window:pan{ from = point(0, 0) }") }
        #expect(throws: LuaError.self) { try h.run("ScreenEdgePanGestureRecognizer{ edges = { 'middle' } }") }
    }

    @Test func handlerErrorsAreReported() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            root.view:addGestureRecognizer(TapGestureRecognizer{ handler = function() error("tap failed") end })
            window:tap(point(5, 5))
            """)
        let error = try #require(h.runtime.trace.first { $0.event == "scriptError" })
        #expect(error.controller == "root" && error[arg: "callback"] == .string("gesture handler"))
    }
}
