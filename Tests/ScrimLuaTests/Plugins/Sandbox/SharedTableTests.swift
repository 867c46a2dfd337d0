import Foundation
import ScrimCore
@testable import ScrimLua
import Testing

/// The threat model's rule on shared tables (docs/plugins.md, "Shared tables"): nothing that
/// more than one plugin reaches — `scrim`, the base classes, geometry and class metatables, the
/// trace, another plugin's exports and classes — can be changed by a plugin through any
/// standard function, and no plugin sees another's globals.
@Suite struct SharedTableTests {
    /// A plugin that tries each write and records what happened, without its location.
    static let attacker = HostilePlugin.recorder + """
        local function evil() return "evil" end
        try("assign scrim", function() scrim.saveState = evil end)
        try("rawset scrim", function() rawset(scrim, "saveState", evil) end)
        try("pairs state", function() local _, t, k = pairs(scrim); assert(t == nil and k == nil) end)
        try("next scrim", function() assert(next(scrim) == nil) end)
        try("rawget scrim", function() assert(rawget(scrim, "run") == nil) end)
        try("iterate and rawset", function()
          local tables, refused = 0, 0
          for _, value in pairs(scrim) do
            if type(value) == "table" then
              tables = tables + 1
              if not pcall(rawset, value, "planted", evil) then refused = refused + 1 end
            end
          end
          assert(tables >= 7 and refused == tables, refused .. " of " .. tables)
        end)
        try("getmetatable scrim", function() assert(getmetatable(scrim) == false) end)
        try("setmetatable scrim", function() setmetatable(scrim, {}) end)
        try("load with scrim as env", function() load("saveState = ...", "=x", "t", scrim)(evil) end)
        try("table.insert", function() table.insert(scrim.transform, evil) end)
        try("table.move", function() table.move({ evil }, 1, 1, 1, scrim.transform) end)
        try("identity", function() scrim.transform.identity.a = 5 end)
        try("base class", function() scrim.ViewController.viewDidLoad = evil end)
        try("rawset base class", function() rawset(scrim.Animator, "animationEnded", evil) end)
        try("class index", function() scrim.ViewController.__index.viewDidLoad = evil end)
        try("instance metatable", function() getmetatable(scrim.Animator.new()).animationEnded = evil end)
        try("class metatable", function() assert(getmetatable(scrim.ViewController) == false) end)
        try("super", function() scrim.Animator:extend("Mine").super.animationEnded = evil end)
        try("own class metatable", function() assert(getmetatable(scrim.Animator:extend("Own")) == false) end)
        try("controller's class", function() ViewController{}.__index.init = evil end)
        try("controller's super", function() ViewController{}.super.init = evil end)
        try("instance's class", function() rawset(scrim.Object.new().__index, "init", evil) end)
        try("instance's super", function() scrim.Animator.new().super.init = evil end)
        try("victim instance's class", function() plugin("victim").Fade.new().__index.describe = evil end)
        try("geometry metatable", function() getmetatable(rect(0, 0, 1, 1)).__eq = evil end)
        try("setmetatable rect", function() setmetatable(rect(0, 0, 1, 1), nil) end)
        try("trace", function() trace.clear = evil end)
        try("trace.clear", function() trace.clear() end)
        try("trace()", function() assert(type(trace()) == "table") end)
        try("watchdog", function() scrim.setTransitionWatchdog(0.001) end)
        try("restoration delegate", function() scrim.setRestorationDelegate({}) end)
        try("reload another", function() scrim.reload("victim") end)
        try("string metatable", function() assert(getmetatable("") == nil) end)
        try("own string library", function() string.upper = evil; assert(("x"):upper() == "X") end)
        try("victim exports", function() plugin("victim").state.count = 99 end)
        try("victim delegate", function() plugin("victim").transitioningDelegate.animationControllerForPresented = evil end)
        try("rawset victim", function() rawset(plugin("victim"), "state", {}) end)
        try("victim class", function() plugin("victim").Fade.animateTransition = evil end)
        try("victim instance", function() getmetatable(plugin("victim").Fade.new()).animateTransition = evil end)
        try("classNamed", function() scrim.classNamed("VictimFade").animateTransition = evil end)
        try("extend victim", function() assert(plugin("victim").Fade:extend("Mine2").new():describe() == "victim") end)
        try("isInstance", function() assert(plugin("victim").Fade:isInstance(plugin("victim").Fade.new())) end)
        try("equality", function() assert(plugin("victim") == plugin("victim")) end)
        shared = "planted"
        return scrim.plugin { name = "attacker", state = results }
        """

    static let victim = """
        local Fade = scrim.Animator:extend("VictimFade")
        function Fade:describe() return "victim" end
        function Fade:transitionDuration() return 0.1 end
        function Fade:animateTransition(ctx)
          ctx.containerView:addSubview(ctx:view("to"))
          ctx:completeTransition(true)
        end
        local state = { count = 0 }
        return scrim.plugin {
          name = "victim", state = state, Fade = Fade,
          transitioningDelegate = {
            animationControllerForPresented = function() state.count = state.count + 1; return Fade.new() end,
          },
          upper = function() return ("x"):upper() end,
          sawShared = function() return tostring(shared) end,
          ownMetatable = function() return getmetatable(Fade.new()) == Fade end,
        }
        """

    @Test func noSharedTableCanBeChangedByAPlugin() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/attacker.lua", Self.attacker)
        folder.write("plugins/victim.lua", Self.victim)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("plugin 'victim'; plugin 'attacker'")
        let results = try h.run("return table.concat(plugin('attacker').state, '\\n')").first!.split(separator: "\n").map(String.init)
        #expect(results == [
            "assign scrim: scrim is read-only in a plugin (cannot set 'saveState')",
            "rawset scrim: scrim is read-only in a plugin (cannot set 'saveState')",
            "pairs state: allowed",
            "next scrim: allowed",
            "rawget scrim: allowed",
            "iterate and rawset: allowed",
            "getmetatable scrim: allowed",
            "setmetatable scrim: cannot change a protected metatable",
            "load with scrim as env: scrim is read-only in a plugin (cannot set 'saveState')",
            "table.insert: scrim.transform is read-only (cannot set '1')",
            "table.move: scrim.transform is read-only (cannot set '1')",
            "identity: scrim.transform.identity is read-only (cannot set 'a')",
            "base class: class ViewController is read-only (cannot set 'viewDidLoad')",
            "rawset base class: class Animator is read-only (cannot set 'animationEnded')",
            "class index: class ViewController is read-only (cannot set 'viewDidLoad')",
            "instance metatable: class Animator is read-only (cannot set 'animationEnded')",
            "class metatable: allowed",
            "super: class Animator is read-only (cannot set 'animationEnded')",
            "own class metatable: allowed",
            "controller's class: class ViewController is read-only (cannot set 'init')",
            "controller's super: class Object is read-only (cannot set 'init')",
            "instance's class: class Object is read-only (cannot set 'init')",
            "instance's super: class Object is read-only (cannot set 'init')",
            "victim instance's class: class VictimFade is read-only (cannot set 'describe')",
            "geometry metatable: Rect is read-only (cannot set '__eq')",
            "setmetatable rect: cannot change a protected metatable",
            "trace: trace is read-only (cannot set 'clear')",
            "trace.clear: trace.clear is the host's: not allowed in a plugin",
            "trace(): allowed",
            "watchdog: scrim.setTransitionWatchdog is the host's: not allowed in a plugin",
            "restoration delegate: scrim.setRestorationDelegate is the host's: not allowed in a plugin",
            "reload another: scrim.reload: a plugin reloads itself only, not 'victim'",
            "string metatable: allowed",
            "own string library: allowed",
            "victim exports: plugin 'victim'.state is read-only (cannot set 'count')",
            "victim delegate: plugin 'victim'.transitioningDelegate is read-only (cannot set 'animationControllerForPresented')",
            "rawset victim: plugin 'victim' is read-only (cannot set 'state')",
            "victim class: class VictimFade is read-only (cannot set 'animateTransition')",
            "victim instance: class VictimFade is read-only (cannot set 'animateTransition')",
            "classNamed: class VictimFade is read-only (cannot set 'animateTransition')",
            "extend victim: allowed",
            "isInstance: allowed",
            "equality: allowed",
        ])
        // What the scenario and the victim see is untouched, and all of it still works.
        #expect(try h.value("type(scrim.saveState) .. ' ' .. tostring(scrim.planted) .. ' ' .. tostring(shared)") == "function nil nil")
        #expect(try h.value("tostring(rawget(scrim.transform, 'planted')) .. tostring(rawget(trace, 'clear') == trace.clear)") == "niltrue")
        #expect(try h.value("scrim.transform.identity.a .. ' ' .. tostring(scrim.ViewController.viewDidLoad == nil)") == "1 false")
        #expect(try h.value("plugin('victim').upper() .. ' ' .. plugin('victim').sawShared()") == "X nil")
        #expect(try h.value("tostring(plugin('victim').ownMetatable())") == "true")
        try h.run("""
            window.rootViewController = ViewController{ name = "root" }
            local modal = ViewController{ name = "modal" }
            modal.modalPresentationStyle = "custom"
            modal.transitioningDelegate = plugin "victim"
            window.rootViewController:present(modal); run(0.5)
            """)
        #expect(try h.value("plugin('victim').state.count") == "1")
        #expect(try h.value("tostring(rect(0, 0, 1, 1) == rect(0, 0, 1, 1))") == "true")
        #expect(h.runtime.trace.filter { $0.event == "scriptError" }.isEmpty)
    }

    /// A table a class holds comes out of its instances read-only — a controller's (by the C
    /// dispatch and, for a name longer than Lua interns, by the host's), a presentation
    /// controller's, a plain object's — and out of its subclasses, another plugin's included,
    /// for every plugin and the scenario; its owner changes it through the class, and an
    /// instance's own tables stay as they are.
    @Test func aClassesTablesComeOutOfItsInstancesReadOnly() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/owner.lua", """
            local Card = scrim.ViewController:extend("Card")
            Card.settings = { threshold = 0.5 }
            Card.Self = Card
            Card[("k"):rep(50)] = { long = "kept" }
            function Card:who() return "owner" end
            local Sheet = scrim.PresentationController:extend("OwnerSheet")
            Sheet.options = { dim = "#00000066" }
            local Fade = scrim.Animator:extend("OwnerFade")
            Fade.config = { duration = 0.3 }
            Card.__class = Card
            local Store = {}
            local Kept = scrim.Object:extend("OwnerKept")
            Kept.__newindex = Store
            Fade.__call = setmetatable({}, { __call = function() return "owner's call" end })
            return scrim.plugin { name = "owner", Card = Card, Sheet = Sheet, Fade = Fade, Kept = Kept,
              retune = function() Card.settings.threshold = 0.7 end,
              stored = function() return tostring(rawget(Store, "planted")) end }
            """)
        folder.write("plugins/tamperer.lua", HostilePlugin.recorder + """
            return scrim.plugin { name = "tamperer", tamper = function(card, sheet, fade)
              try("instance's table", function() card.settings.threshold = 99 end)
              try("instance's class", function() card.Self.who = function() return "evil" end end)
              try("long name", function() card[("k"):rep(50)].long = "evil" end)
              try("presentation controller", function() sheet.options.dim = "#ff0000ff" end)
              try("plain object", function() fade.config.duration = 9 end)
              try("subclass of __index", function() card.__index:extend("Thief").settings.threshold = 99 end)
              try("subclass of exports", function() plugin("owner").Card:extend("Thief2").Self.who = function() return "evil" end end)
              try("subclass of classNamed", function() scrim.classNamed("OwnerFade"):extend("Thief3").config.duration = 9 end)
              try("rawget on subclass", function() rawget(plugin("owner").Card:extend("Thief4"), "__class").who = function() return "evil" end end)
              try("__newindex table", function() plugin("owner").Kept.new().planted = "evil" end)
              try("__call table", function() setmetatable(rawget(plugin("owner").Fade:extend("Thief5"), "__call"), {}) end)
              try("own field", function() card.mine = { x = 1 }; card.mine.x = 2; assert(card.mine.x == 2) end)
              return table.concat(results, "\\n")
            end }
            """)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("""
            local owner = plugin "owner"
            card = owner.Card.new()
            sheet = owner.Sheet.new(ViewController{}, nil)
            fade = owner.Fade.new()
            """)
        #expect(try h.value("plugin('tamperer').tamper(card, sheet, fade)") == """
            instance's table: class Card.settings is read-only (cannot set 'threshold')
            instance's class: class Card is read-only (cannot set 'who')
            long name: class Card.kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk is read-only (cannot set 'long')
            presentation controller: class OwnerSheet.options is read-only (cannot set 'dim')
            plain object: class OwnerFade.config is read-only (cannot set 'duration')
            subclass of __index: class Card.settings is read-only (cannot set 'threshold')
            subclass of exports: class Card is read-only (cannot set 'who')
            subclass of classNamed: class OwnerFade.config is read-only (cannot set 'duration')
            rawget on subclass: class Card is read-only (cannot set 'who')
            __newindex table: class OwnerKept.__newindex is read-only (cannot set 'planted')
            __call table: cannot change a protected metatable
            own field: allowed
            """)
        #expect(h.failure("card.settings.threshold = 1") == "test.lua:1: class Card.settings is read-only (cannot set 'threshold')")
        try h.run("plugin('owner').retune()")
        #expect(try h.value("card.settings.threshold .. ' ' .. card:who() .. ' ' .. card[('k'):rep(50)].long") == "0.7 owner kept")
        #expect(try h.value("sheet.options.dim .. ' ' .. fade.config.duration") == "#00000066 0.3")
        #expect(try h.value("plugin('owner').stored() .. ' ' .. fade()") == "nil owner's call")
    }

    @Test func aDelegateComesBackFromItsObjectReadOnly() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/victim.lua", Self.victim)
        folder.write("plugins/reader.lua", """
            return scrim.plugin { name = "reader", tamper = function(vc, nav)
              local results = {}
              for _, f in ipairs({
                function() vc.transitioningDelegate.animationControllerForPresented = nil end,
                function() rawset(vc.transitioningDelegate, "animationControllerForPresented", nil) end,
                function() nav.delegate.navigationControllerDidShow = nil end,
              }) do
                local ok, message = pcall(f)
                results[#results + 1] = ok and "allowed" or tostring(message):gsub("^[^:]*:%d+: ", "")
              end
              return table.concat(results, "\\n")
            end }
            """)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("""
            modal = ViewController{ name = "modal" }
            modal.modalPresentationStyle = "custom"
            modal.transitioningDelegate = plugin "victim"
            nav = NavigationController{ root = ViewController{} }
            nav.delegate = { navigationControllerDidShow = function() end }
            """)
        #expect(try h.value("plugin('reader').tamper(modal, nav)") == """
            the transitioningDelegate of 'modal' is read-only (cannot set 'animationControllerForPresented')
            the transitioningDelegate of 'modal' is read-only (cannot set 'animationControllerForPresented')
            the delegate of 'NavigationController#1' is read-only (cannot set 'navigationControllerDidShow')
            """)
        // Compared with what was set, the view is the same table.
        #expect(try h.value("tostring(modal.transitioningDelegate == plugin('victim').transitioningDelegate)") == "true")
    }

    @Test func aPluginResumesOnlyItsOwnCoroutines() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/thief.lua", """
            local stolen, attempts = nil, {}
            return scrim.plugin { name = "thief", attempts = attempts, hooks = {
              viewDidLoad = function(vc)
                local running = coroutine.running()
                if running then stolen = running end
                attempts[#attempts + 1] = vc.name .. ": " .. tostring(running)
                local own = coroutine.create(function(x) return x * 2 end)
                attempts[#attempts + 1] = "own: " .. tostring(select(2, coroutine.resume(own, 21)))
              end,
            } }
            """)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("""
            plugin 'thief'
            scenarioThread = coroutine.create(function()
              local _ = ViewController{ name = "inside" }.view
              return coroutine.yield("waiting")
            end)
            assert(coroutine.resume(scenarioThread))
            local _ = ViewController{ name = "outside" }.view
            """)
        #expect(try h.value("table.concat(plugin('thief').attempts, ', ')") == "inside: nil, own: 42, outside: nil, own: 42")
        #expect(try h.value("select(2, coroutine.resume(scenarioThread, 'mine'))") == "mine")
    }

    @Test func aPluginCannotTakeAClassNameAnotherHolds() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/squatter.lua", """
            scrim.Object:extend("Detail")
            local hidden = load("return function(Base) return Base:extend('Detail') end", "=x", "t", { })()
            hidden(scrim.Object)
            scrim.Object:extend("Free")
            return scrim.plugin { name = "squatter", again = function()
              local made = scrim.Object:extend("Detail")
              return scrim.Object:extend("Detail"), made
            end, tail = function() return scrim.Object:extend("Detail") end }
            """)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        try h.run("Detail = ViewController:extend('Detail'); plugin 'squatter'; plugin('squatter').again(); plugin('squatter').tail()")
        #expect(try h.value("tostring(scrim.classNamed('Detail') == Detail)") == "true")
        #expect(try h.value("tostring(scrim.classNamed('Free') ~= nil)") == "true")
        // The scenario is the user's: it takes any name.
        #expect(try h.value("tostring(scrim.classNamed('Free') ~= scrim.classNamed('Free')) .. tostring(scrim.Object:extend('Free') == scrim.classNamed('Free'))") == "falsetrue")
    }

    @Test func aPluginsOwnTablesStayItsOwn() throws {
        let folder = TemporaryFolder()
        folder.write("plugins/own.lua", """
            local Own = scrim.Animator:extend("Own")
            local state = { n = 0 }
            return scrim.plugin {
              name = "own", state = state, Own = Own,
              bump = function() plugin("own").state.n = plugin("own").state.n + 1; return plugin("own").state.n end,
              isOwn = function() return getmetatable(Own.new()) == Own and scrim.classNamed("Own") == Own end,
            }
            """)
        let h = Harness(pluginPaths: [folder.path + "/plugins"])
        #expect(try h.value("plugin('own').bump() + plugin('own').bump()") == "3")
        #expect(try h.value("tostring(plugin('own').isOwn())") == "true")
        // A plugin hands out a table of its own read-only when it chooses.
        #expect(try h.value("select(2, pcall(function() local v = scrim.readOnly({ n = { 1 } }, 'config'); assert(v.n[1] == 1); v.n[1] = 2 end))")
                    .hasSuffix("config.n is read-only (cannot set '1')"))
        // The scenario is the user's own code: it may change what plugins export.
        #expect(try h.run("plugin('own').state.n = 10; return plugin('own').bump()") == ["11"])
    }
}
