import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct SegueSurfaceTests {
    @Test func seguesAndUnwindFromLua() throws {
        let h = Harness()
        try h.run("""
            log = {}
            List = scrim.ViewController:extend("List")
            function List:shouldPerformSegue(identifier, sender) log[#log + 1] = "should " .. identifier .. " " .. tostring(sender); return true end
            function List:prepare(segue, sender) segue.destination.title = "item " .. sender.index end
            list = List{ name = "list" }
            nav = NavigationController{ name = "nav", root = list }
            window.rootViewController = nav
            list:registerUnwindAction("backToList", function(self, segue) log[#log + 1] = "unwound from " .. segue.source.name end)
            list:registerSegue{ identifier = "open", kind = "show", destination = function()
              local detail = ViewController{ name = "detail" }
              detail:registerSegue{ identifier = "close", kind = "unwind", action = "backToList" }
              return detail
            end }
            list:performSegue("open", { index = 3 })
            run(0.5)
            opened = nav.topViewController.title
            nav.topViewController:performSegue("close")
            run(0.5)
            """)
        #expect(try h.value("opened") == "item 3")
        #expect(try h.value("log[2] .. ' ' .. nav.topViewController.name") == "unwound from detail list")
        #expect(try h.value("log[1]:sub(1, 11)") == "should open")
        for (code, message) in [
            ("list:performSegue('missing')", "'list' has no segue with identifier 'missing'"),
            ("list:registerSegue{ identifier = 'x', kind = 'sideways', destination = function() end }",
             "bad argument #1 to 'ViewController:registerSegue' (segue kinds are \"show\", \"showDetail\", \"present\", \"unwind\" and \"custom\")"),
            ("list:registerSegue{ identifier = 'y', kind = 'unwind' }",
             "bad argument #1 to 'ViewController:registerSegue' (an unwind segue needs an 'action')"),
        ] {
            do {
                try h.run(code)
                Issue.record("no error for \(code)")
            } catch {
                #expect("\(error)" == "test.lua:1: " + message)
            }
        }
    }

    /// A controller's segues and unwind actions live in the controller: they keep the runtime's
    /// functions, not the controller itself, which goes once nothing else holds it (its
    /// destination's function held it, and it never did).
    @Test func aControllerWithSeguesIsCollected() throws {
        let h = Harness()
        try h.run("""
            alive = setmetatable({}, { __mode = "k" })
            do
              local kinds = {
                { identifier = "back", kind = "unwind", action = "done" },
                { identifier = "next", destination = function() return ViewController{ name = "made" } end },
                { identifier = "own", kind = "custom", destination = function() return ViewController{} end,
                  perform = function(segue) end },
              }
              for i, segue in ipairs(kinds) do
                local vc = ViewController{ name = "with " .. segue.identifier }
                vc:registerSegue(segue)
                vc:registerUnwindAction("done", function() end)
                alive[vc] = true
              end
            end
            for _ = 1, 4 do collectgarbage() end
            """)
        #expect(try h.value("next(alive) and next(alive).name or 'none'") == "none")
    }
}
