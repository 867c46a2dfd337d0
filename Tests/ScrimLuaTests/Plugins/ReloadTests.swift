import Foundation
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

/// A transition plugin whose animator's duration and `animationEnded` mark are parameters, so
/// a test can write one version, then another.
private func fadePlugin(version: Int, duration: Double, mark: String) -> String {
    """
    local Fade = scrim.Animator:extend("Fade")
    function Fade:transitionDuration() return \(duration) end
    function Fade:animateTransition(ctx)
      local to = ctx:view("to")
      ctx.containerView:addSubview(to)
      to.alpha = 0
      animate({ duration = self:transitionDuration(), curve = "linear" }, function() to.alpha = 1 end,
              function() ctx:completeTransition(true) end)
    end
    function Fade:animationEnded(completed) table.insert(plugin("fade").state.ended, "\(mark)") end
    function Fade:describe() return "\(mark)" end
    return scrim.plugin {
      name = "fade", version = "\(version)",
      state = { ended = {}, made = 0 },
      Fade = Fade,
      transitioningDelegate = {
        animationControllerForPresented = function()
          local state = plugin("fade").state
          state.made = state.made + 1
          return Fade.new()
        end,
      },
    }
    """
}

private let scene = """
    root = ViewController{ name = "root" }
    window.rootViewController = root
    modal = ViewController{ name = "modal" }
    modal.modalPresentationStyle = "custom"
    modal.transitioningDelegate = plugin "fade"
    """

@Suite struct ReloadTests {
    @Test func aChangedAnimatorTakesEffectOnADelegateAssignedBefore() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fade.lua", fadePlugin(version: 1, duration: 0.2, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "root:present(modal); run(0.5); modal:dismiss(false); run(0.1); live = plugin('fade').Fade.new()")
        folder.write("fade.lua", fadePlugin(version: 2, duration: 0.5, mark: "two"))
        #expect(try h.run("return scrim.reload('fade')") == ["true"])
        #expect(h.reloadEvents == [#"{"event":"pluginReloaded","args":{"name":"fade","version":"2","path":"\#(file)","trigger":"call"}}"#])
        try h.run("trace.clear(); root:present(modal); run(0.3)")
        // The presentation starts on the next frame: 0.283333 s into the new 0.5 s animation.
        #expect(try h.value("modal.view.presentation.alpha") == "0.56666666666667")
        #expect(!h.events.contains("modal.completeTransition"))
        try h.run("run(0.3)")
        #expect(try h.value("table.concat(plugin('fade').state.ended, ',')") == "one,two")
        // An instance made by the old version follows the new methods.
        #expect(try h.value("live:describe()") == "two")
        #expect(try h.value("plugin('fade').version .. ' ' .. scrim.plugins()[1].reloadCount") == "2 1")
    }

    @Test func stateSurvivesAndOnReloadReceivesTheOldState() throws {
        let folder = TemporaryFolder()
        let counter = { (version: String, extra: String) in
            """
            local state = { count = 0, \(extra) }
            return scrim.plugin {
              name = "counter", version = "\(version)", state = state,
              hooks = { viewDidAppear = function(vc) state.count = state.count + 1 end },
              onReload = function(old) state.sawOld = old.count .. "/" .. tostring(old == state) end,
            }
            """
        }
        folder.write("counter.lua", counter("1", "label = 'old'"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'counter'; window.rootViewController = ViewController{ name = 'a' }; run(0.1)")
        try h.run("window.rootViewController:present(ViewController{ name = 'b', modalPresentationStyle = 'fullScreen' }); run(1)")
        #expect(try h.value("plugin('counter').state.count") == "2")
        folder.write("counter.lua", counter("2", "label = 'new', added = 'default'"))
        try h.run("assert(scrim.reload 'counter')")
        // The old fields win over the new version's initial values; new fields keep theirs.
        #expect(try h.value("plugin('counter').state.count .. plugin('counter').state.label .. plugin('counter').state.added")
            == "2olddefault")
        #expect(try h.value("plugin('counter').state.sawOld") == "2/false")
        // The new hook counts into the kept state.
        try h.run("window.rootViewController.presentedViewController:dismiss(false); run(0.1)")
        #expect(try h.value("plugin('counter').state.count") == "3")
    }

    @Test func aPluginCanOptOutOfKeepingItsState() throws {
        let folder = TemporaryFolder()
        folder.write("fresh.lua", "return scrim.plugin { name = 'fresh', state = { n = 5 } }")
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin('fresh').state.n = 7")
        folder.write("fresh.lua", """
            local state = { n = 0 }
            return scrim.plugin { name = 'fresh', keepState = false, state = state,
                                  onReload = function(old) state.previous = old.n end }
            """)
        try h.run("assert(scrim.reload 'fresh')")
        #expect(try h.value("plugin('fresh').state.n .. ' ' .. plugin('fresh').state.previous") == "0 7")
    }

    @Test func aSyntaxErrorOnReloadKeepsTheOldVersion() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fade.lua", fadePlugin(version: 1, duration: 0.2, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "live = plugin('fade').Fade.new()")
        folder.write("fade.lua", "local Fade = scrim.Animator:extend('Fade')\nfunction Fade:describe( return 1 end\n")
        #expect(try h.run("return scrim.reload('fade')") == ["false", "\(file):2: <name> or '...' expected near 'return'"])
        #expect(h.reloadEvents == [
            #"{"event":"pluginReloadFailed","args":{"name":"fade","path":"\#(file)","message":"\#(file):2: <name> or '...' expected near 'return'","where":"\#(file):2"}}"#,
        ])
        #expect(h.errors == ["scrim: reload of plugin 'fade' failed, the loaded version stays: \(file):2: <name> or '...' expected near 'return'"])
        try h.run("root:present(modal); run(0.5)")
        #expect(try h.value("live:describe() .. ' ' .. plugin('fade').state.ended[1] .. ' ' .. plugin('fade').version") == "one one 1")
    }

    @Test func aVersionThatFailsAfterRemakingItsClassesLeavesThemAsTheyWere() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fade.lua", fadePlugin(version: 1, duration: 0.2, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "live = plugin('fade').Fade.new()")
        folder.write("fade.lua", """
            local Fade = scrim.Animator:extend("Fade")
            function Fade:describe() return "broken" end
            error("not ready yet")
            """)
        #expect(try h.run("return scrim.reload('fade')") == ["false", "\(file):3: not ready yet"])
        #expect(try h.value("live:describe() .. ' ' .. tostring(live.transitionDuration ~= nil)") == "one true")
        // Not a plugin, or under another name: refused the same way.
        folder.write("fade.lua", "return { name = 'fade' }")
        #expect(try h.run("return select(2, scrim.reload('fade'))") == [
            "\(file): a plugin must return scrim.plugin{ name = …, … }, got table"])
        folder.write("fade.lua", "return scrim.plugin { name = 'other' }")
        #expect(try h.run("return select(2, scrim.reload('fade'))") == [
            "\(file): declares plugin 'other' but is loaded as 'fade'; a reload cannot rename a plugin"])
        try FileManager.default.removeItem(atPath: file)
        #expect(try h.run("return select(2, scrim.reload('fade'))") == ["\(file): the plugin's file is gone"])
        #expect(try h.value("live:describe()") == "one")
        #expect(throws: LuaError.self) { try h.run("scrim.reload('nothing')") }
        #expect(h.runtime.trace.filter { $0.event == "pluginReloadFailed" }.count == 4)
    }

    /// A class may not give its instances a finalizer or weak fields: the first instance is
    /// refused, and a reload that adds either fails and leaves live instances as they were.
    @Test func classesGiveTheirInstancesNoFinalizerAndNoWeakFields() throws {
        let folder = TemporaryFolder()
        // A version whose Card inherits what its base gives instances.
        let card = { (base: String) in
            """
            local Base = scrim.ViewController:extend("Base")
            \(base)
            local Card = Base:extend("Card")
            function Card:describe() return "card" end
            return scrim.plugin { name = "card", Card = Card }
            """
        }
        folder.write("card.lua", card(""))
        let h = Harness(pluginPaths: [folder.path])
        try h.run("live = plugin('card').Card{ name = 'live' }; window.rootViewController = live; live.data = { 1, 2 }")
        folder.write("card.lua", card("Base.__gc = function() while true do end end"))
        #expect(try h.run("return select(2, scrim.reload('card'))").first?.hasSuffix(
            "class Card has a __gc metamethod, which Scrim refuses (Lua runs finalizers where no budget or watchdog can stop them)") == true)
        folder.write("card.lua", card("Base.__mode = 'v'"))
        #expect(try h.run("return select(2, scrim.reload('card'))").first?.hasSuffix(
            "class Card has a __mode field, which Scrim refuses (the fields of its instances would be weak)") == true)
        // Given to the class after `extend`, once the version's classes are made, the same.
        folder.write("card.lua", card("").replacingOccurrences(of: "return scrim.plugin", with: "Card.__gc = function() end\nreturn scrim.plugin"))
        #expect(try h.run("return select(2, scrim.reload('card'))") == [
            "class Card has a __gc metamethod, which Scrim refuses (Lua runs finalizers where no budget or watchdog can stop them)"])
        try h.run("collectgarbage(); collectgarbage()")
        #expect(try h.value("live:describe() .. ' ' .. #live.data") == "card 2")
        let refusals: [(String, String)] = [
            ("local C = scrim.ViewController:extend('Gc'); C.__gc = function() end; C{ name = 'c' }", "class Gc has a __gc metamethod"),
            ("local C = scrim.PresentationController:extend('Gc2'); C.__gc = function() end; C.new(live, nil)", "class Gc2 has a __gc metamethod"),
            ("local C = scrim.ViewController:extend('Weak'); C.__mode = 'kv'; C{ name = 'w' }", "class Weak has a __mode field"),
        ]
        for (code, message) in refusals {
            #expect(h.failure(code).contains(message), "\(code)")
        }
    }

    /// A version whose class would descend from the class it replaces — extending the old
    /// version's subclass of it — fails to load, at its line, and the loaded version stays.
    @Test func aReloadCannotMakeAClassItsOwnAncestor() throws {
        let folder = TemporaryFolder()
        folder.write("chain.lua", """
            local K = scrim.ViewController:extend("DK")
            local Mid = K:extend("Mid")
            function K:describe() return "one" end
            return scrim.plugin { name = "chain", K = K, Mid = Mid }
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("live = plugin('chain').Mid{ name = 'live' }")
        folder.write("chain.lua", """
            local old = plugin("chain")
            local K = old.Mid:extend("DK")
            return scrim.plugin { name = "chain", K = K, Mid = old.Mid }
            """)
        #expect(try h.run("return select(2, scrim.reload('chain'))") == [
            "\(folder.path)/chain.lua:2: bad self to 'extend' (class Mid descends from the class DK it would replace)"])
        #expect(try h.value("live:describe() .. ' ' .. tostring(plugin('chain').K:isInstance(live))") == "one true")
    }

    @Test func hooksAreReplacedNotDoubled() throws {
        let folder = TemporaryFolder()
        let hooks = { (mark: String) in
            "return scrim.plugin { name = 'log', state = { seen = {} }, hooks = { viewDidAppear = function(vc) "
                + "table.insert(plugin('log').state.seen, '\(mark)' .. vc.name) end } }"
        }
        folder.write("log.lua", hooks("v1:"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'log'; window.rootViewController = ViewController{ name = 'a' }; run(0.1)")
        folder.write("log.lua", hooks("v2:"))
        try h.run("assert(scrim.reload 'log'); assert(scrim.reload 'log')")
        try h.run("window.rootViewController:present(ViewController{ name = 'b' }); run(1)")
        #expect(try h.value("table.concat(plugin('log').state.seen, ' ')") == "v1:a v2:b")
    }

    @Test func aReloadInTheMiddleOfATransitionLetsItFinish() throws {
        let folder = TemporaryFolder()
        folder.write("fade.lua", fadePlugin(version: 1, duration: 0.3, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "root:present(modal, true, function() done = true end); run(0.1)")
        folder.write("fade.lua", fadePlugin(version: 2, duration: 1, mark: "two"))
        try h.run("assert(scrim.reload 'fade'); run(0.3)")
        #expect(try h.value("done") == "true")
        #expect(try h.value("table.concat(plugin('fade').state.ended, ',')") == "two")
        #expect(try h.value("modal.view.alpha .. ' ' .. modal.view.presentation.alpha") == "1 1")
        let tail = h.runtime.trace.filter { ["pluginReloaded", "completeTransition", "presentCompletion", "animationEnded"].contains($0.event) }
        #expect(tail.map { "\(formatNumber($0.time)) \($0.event)" } == [
            "0.1 pluginReloaded", "0.316667 completeTransition", "0.316667 presentCompletion", "0.316667 animationEnded",
        ])
        #expect(h.errors.isEmpty)
    }

    @Test func foldersReloadWithTheirModulesAndTheirClassesKeepTheirIdentity() throws {
        let folder = TemporaryFolder()
        folder.write("stack/init.lua", """
            local Card = require "stack.card"
            return scrim.plugin { name = "stack", container = Card, made = Card }
            """)
        folder.write("stack/card.lua", """
            local Card = scrim.ViewController:extend("CardStack")
            function Card:greeting() return "hello" end
            return Card
            """)
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'stack'; card = CardStack{ name = 'c' }; class = CardStack")
        #expect(h.runtime.plugins.plugin(named: "stack")?.watchedFiles == [folder.path + "/stack"])
        folder.write("stack/card.lua", """
            local Card = scrim.ViewController:extend("CardStack")
            function Card:greeting() return "hello again" end
            return Card
            """)
        try h.run("assert(scrim.reload 'stack')")
        #expect(try h.value("card:greeting() .. ' ' .. tostring(CardStack == class and plugin('stack').made == class)")
            == "hello again true")
        #expect(try h.value("CardStack:isInstance(card)") == "true")
    }
}

extension Harness {
    /// The plugin reload events, without `seq` and `t`.
    var reloadEvents: [String] {
        runtime.trace.filter { $0.event.hasPrefix("pluginReload") }.map { event in
            let line = event.jsonLine
            let start = line.range(of: #""event""#)!.lowerBound
            return "{" + line[start...].replacingOccurrences(of: #","vc":null"#, with: "")
        }
    }
}

@Suite struct FileWatchReloadTests {
    /// Writes `contents` the way editors that save atomically do: a temporary file renamed over.
    func saveAtomically(_ contents: String, to path: String) throws {
        let temporary = (path as NSString).deletingLastPathComponent + "/.\((path as NSString).lastPathComponent).swp"
        try contents.write(toFile: temporary, atomically: false, encoding: .utf8)
        #expect(rename(temporary, path) == 0)
    }

    /// Truncates the file and writes it in place, as editors that keep the inode do.
    func saveInPlace(_ contents: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(contents.utf8))
        try handle.close()
    }

    @Test func anAtomicRenameSaveReloadsThePluginOnce() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fade.lua", fadePlugin(version: 1, duration: 0.2, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "live = plugin('fade').Fade.new()")
        try h.runtime.plugins.startWatching()
        #expect(h.runtime.plugins.reloadChangedPlugins() == [])
        try saveAtomically(fadePlugin(version: 2, duration: 0.2, mark: "two"), to: file)
        #expect(h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 5) == ["fade"])
        #expect(try h.value("live:describe()") == "two")
        let reloaded = try #require(h.runtime.trace.last)
        #expect(reloaded.event == "pluginReloaded")
        #expect(reloaded[arg: "trigger"] == .string("file"))
        guard case .number(let latency)? = reloaded[arg: "latency"] else {
            Issue.record("no latency in \(reloaded.jsonLine)")
            return
        }
        #expect(latency >= 0 && latency < 5)
        // One save, one reload: nothing more is pending.
        #expect(h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 0.4) == [])
    }

    @Test func aTruncateThenWriteSaveReloadsOnceAndABrokenSaveKeepsTheOldVersion() throws {
        let folder = TemporaryFolder()
        let file = folder.write("fade.lua", fadePlugin(version: 1, duration: 0.2, mark: "one"))
        let h = Harness(pluginPaths: [folder.path])
        try h.run(scene + "live = plugin('fade').Fade.new()")
        try h.runtime.plugins.startWatching()
        try saveInPlace(fadePlugin(version: 2, duration: 0.2, mark: "two"), to: file)
        #expect(h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 5) == ["fade"])
        #expect(try h.value("live:describe()") == "two")
        try saveInPlace("return scrim.plugin {", to: file)
        #expect(h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 5) == ["fade"])
        #expect(h.runtime.trace.last?.event == "pluginReloadFailed")
        #expect(h.runtime.trace.last?[arg: "where"] == .string("\(file):1"))
        #expect(try h.value("live:describe()") == "two")
        #expect(h.runtime.trace.filter { $0.event.hasPrefix("pluginReload") }.count == 2)
    }

    @Test func aChangedModuleOfAFolderPluginReloadsIt() throws {
        let folder = TemporaryFolder()
        folder.write("tiles/init.lua", "return scrim.plugin { name = 'tiles', size = require('tiles.size') }")
        let module = folder.write("tiles/size.lua", "return 8")
        let h = Harness(pluginPaths: [folder.path])
        try h.run("plugin 'tiles'")
        try h.runtime.plugins.startWatching()
        try saveAtomically("return 16", to: module)
        #expect(h.runtime.plugins.reloadChangedPlugins(waitingUpTo: 5) == ["tiles"])
        #expect(try h.value("plugin('tiles').size") == "16")
    }
}
