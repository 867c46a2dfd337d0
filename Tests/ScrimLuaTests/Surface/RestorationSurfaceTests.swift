import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct RestorationSurfaceTests {
    /// The classes both runtimes define, as a script and its plugins would.
    static let classes = """
        Detail = ViewController:extend("Detail")
        function Detail:encodeRestorableState(coder)
          coder:encode("item", self.item)
          coder:encode("tags", { "a", "b" })
          coder:encode("origin", { x = 1, list = self.parent.viewControllers[1] })
        end
        function Detail:decodeRestorableState(coder)
          self.item = coder:decode("item")
          self.decoded = table.concat(coder:decode("tags"), ",") .. " " .. coder:decode("origin").x
            .. " " .. coder:decode("origin").list.name .. " " .. table.concat(coder.path, "/")
        end
        function Detail:applicationFinishedRestoringState() self.finished = true end
        function Detail:viewControllerWithRestorationIdentifierPath(path, coder)
          return Detail{ name = "detail " .. coder:decode("item") }
        end

        """

    @Test func saveInOneRuntimeAndRestoreInAnother() throws {
        let first = Harness()
        try first.run(Self.classes + """
            list = ViewController{ name = "list", restorationIdentifier = "list" }
            nav = NavigationController{ name = "nav", root = list, restorationIdentifier = "nav" }
            window.rootViewController = nav
            step()
            for item = 1, 2 do
              local d = Detail{ name = "detail " .. item, restorationIdentifier = "detail" }
              d.item = item
              d.restorationClass = Detail
              nav:push(d, false)
            end
            run(1)
            saved = scrim.saveState()
            """)
        let saved = try first.value("saved")

        let second = Harness()
        second.runtime.application.stateRestoration.register(RestorationClass(name: "Unused") { _, _ in nil })
        try second.run(Self.classes + """
            list = ViewController{ name = "list", restorationIdentifier = "list" }
            nav = NavigationController{ name = "nav", root = list, restorationIdentifier = "nav" }
            window.rootViewController = nav
            step()
            result = scrim.restoreState(...)
            run(1)
            """.replacingOccurrences(of: "...", with: "[==[\(saved)]==]"))
        #expect(try second.value("#result.restored .. ' ' .. #result.skipped") == "4 0")
        #expect(try second.value("nav.viewControllers[3].name .. ' ' .. nav.topViewController.item") == "detail 2 2")
        #expect(try second.value("nav.topViewController.decoded") == "a,b 1 list nav/detail#2")
        #expect(try second.value("tostring(nav.topViewController.finished) .. ' ' .. tostring(nav.topViewController.restorationClass == Detail)") == "true true")
        #expect(try second.value("scrim.saveState() == [==[\(saved)]==]") == "true")
        #expect(second.errors.isEmpty)
    }

    @Test func theDelegateAnswersForPathsWithoutAClass() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root", restorationIdentifier = "root" }
            window.rootViewController = root
            step()
            root:present(ViewController{ name = "sheet", restorationIdentifier = "sheet" }, false)
            run(1)
            saved = scrim.saveState()
            root:dismiss(false)
            run(1)
            asked = {}
            scrim.setRestorationDelegate{
              viewControllerWithRestorationIdentifierPath = function(self, path, coder)
                asked[#asked + 1] = table.concat(path, "/")
                if path[2] == "sheet" then return ViewController{ name = "new sheet" } end
              end,
            }
            result = scrim.restoreState(saved)
            run(1)
            """)
        #expect(try h.value("table.concat(asked, ' ')") == "root root/sheet")
        #expect(try h.value("table.concat(root.presentedViewController.restorationPath, '/')") == "root/sheet")
        #expect(try h.value("root.presentedViewController.name .. ' ' .. root.presentedViewController.restorationIdentifier") == "new sheet sheet")
    }

    @Test func aFailingRestorationClassSkipsItsPath() throws {
        let h = Harness()
        try h.run("""
            Broken = ViewController:extend("Broken")
            function Broken:viewControllerWithRestorationIdentifierPath(path, coder) error("no") end
            root = ViewController{ name = "root", restorationIdentifier = "root" }
            child = ViewController{ name = "child", restorationIdentifier = "child", restorationClass = Broken }
            root:addChild(child)
            window.rootViewController = root
            result = scrim.restoreState(scrim.saveState())
            """)
        #expect(try h.value("#result.restored .. ' ' .. result.skipped[1]") == "1 root/child")
        #expect(h.runtime.trace.last { $0.event == "scriptError" }?[arg: "callback"] == .string("viewControllerWithRestorationIdentifierPath"))
    }

    @Test func errorsAreLuaErrorsWithTheirLocation() throws {
        let h = Harness()
        let cases = [
            ("scrim.restoreState('{')", "test.lua:1: saved state is not JSON: line 1, column 2: a string key expected"),
            ("ViewController{}.restorationClass = ViewController:extend('Plain')",
             "test.lua:1: bad value for 'ViewController.restorationClass' (class 'Plain' has no viewControllerWithRestorationIdentifierPath)"),
        ]
        for (code, expected) in cases {
            #expect(throws: LuaError.self) { try h.run(code) }
            do { try h.run(code) } catch { #expect("\(error)" == expected) }
        }
        try? h.run("""
            Bad = ViewController:extend("Bad")
            function Bad:encodeRestorableState(coder) coder:encode("f", print) end
            window.rootViewController = Bad{ name = "bad", restorationIdentifier = "bad" }
            saved = scrim.saveState()
            """)
        #expect(h.errors.first?.hasPrefix("scrim: error in encodeRestorableState of 'bad': test.lua:2: bad argument #2 to 'StateCoder:encode' (cannot encode a function)") == true)
        #expect(try h.value("saved") == #"{"controllers":[{"path":["bad"],"state":{}}],"format":"scrim.state","version":1}"#)
    }
}
