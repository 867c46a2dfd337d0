import Foundation
import LuaBridge
import ScrimLua
import Testing

/// What native code keeps on a script's behalf beside an object counts toward the memory cap
/// for as long as the object lives (`LingeringNatives.charge`), and the names and lists it keeps
/// are bounded: snapshots of big trees, detent lists and segue names grew the host by gigabytes
/// under a 16 MB cap while Lua held a few hundred KB.
@Suite struct NativeCopiesTests {
    private static let capped = LuaLimits(instructionBudget: nil, memoryCap: 16 << 20, timeLimit: 60)

    @Test func snapshotsWeighAsTheViewsTheyCopy() throws {
        let h = Harness(limits: Self.capped)
        let failure = h.failure("""
            local big = View{}
            for i = 1, 2000 do big:addSubview(View{ frame = rect(i, i, 1, 1) }) end
            local keep = {}
            for i = 1, 10000 do keep[i] = big:snapshotView(true) end
            """)
        #expect(failure.hasPrefix("test.lua:4: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(failure)")
        // The snapshots go with what kept them, and their weight with them.
        #expect(h.failure("local s = View{}:snapshotView(true)") == "no error")
    }

    /// A snapshot's copies weigh each for as long as it lives, wherever it goes (attack round
    /// 20): copies taken out into the script's own tree outlived the snapshot's charge (1.5 GB
    /// under a 16 MB cap), copies dropped from a snapshot were still charged to it (a script
    /// holding empty views was refused memory), and a copied label's text weighed only while
    /// the original held the same string (1 GB). Here each loop stays within the cap, or is
    /// stopped, only when they are weighed as they are.
    @Test func aSnapshotsCopiesWeighEachAsLongAsItLives() throws {
        let tree = """
            local src = View{}
            local inner = View{}
            src:addSubview(inner)
            for i = 1, 2000 do inner:addSubview(View{}) end
            """
        let escaping = Harness(limits: Self.capped)
        let failure = escaping.failure(tree + """

            local holder = View{}
            window:addSubview(holder)
            for k = 1, 60 do
              local snap = src:snapshotView(true)
              holder:addSubview(snap.subviews[1])
              snap = nil
              collectgarbage()
            end
            """)
        #expect(failure.hasPrefix("test.lua:8: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(failure)")

        let dropped = Harness(limits: Self.capped)
        #expect(dropped.failure(tree + """

            local keep = {}
            for k = 1, 30 do
              local snap = src:snapshotView(true)
              snap.subviews[1]:removeFromSuperview()
              keep[k] = snap
              collectgarbage()
            end
            """) == "no error")

        let labels = Harness(limits: Self.capped)
        let text = labels.failure("""
            local base = string.rep("x", (1 << 20) - 16)
            local keep = {}
            for k = 1, 40 do
              keep[k] = Label{ text = base .. k }:snapshotView(true)
              collectgarbage()
            end
            """)
        #expect(text.hasPrefix("test.lua:4: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(text)")
    }

    /// Names, titles and identifiers are kept natively for their object's life: a long one
    /// weighs with it (attack rounds 21 and 22: 1 KB strings on controllers took 530 MB under a
    /// 64 MB cap, named views 800 MB under the default one). Each loop below holds about 20 MB
    /// of strings natively, and little in Lua.
    @Test func longNamesWeighWithTheirObject() throws {
        let long = "local long = string.rep('n', 1000)\nlocal keep = {}\n"
        let loops = [
            "for i = 1, 20000 do keep[i] = ViewController{ name = long .. i } end",
            "for i = 1, 20000 do local vc = ViewController{} vc.title = long .. i keep[i] = vc end",
            "for i = 1, 20000 do local vc = ViewController{} vc.restorationIdentifier = long .. i keep[i] = vc end",
            "for i = 1, 20000 do keep[i] = View{ name = long .. i } end",
            "for i = 1, 20000 do keep[i] = TapGestureRecognizer{ name = long .. i } end",
            "for i = 1, 20000 do keep[i] = NavigationController{ name = long .. i } end",
            // Round 22: a controller named after its class (`Card#3`), a sheet's identifiers.
            "local K = scrim.ViewController:extend(long) for i = 1, 20000 do keep[i] = K{} end",
            "for i = 1, 20000 do local vc = ViewController{} vc.sheetPresentationController.selectedDetentIdentifier = long .. i keep[i] = vc end",
            "for i = 1, 20000 do local vc = ViewController{} vc.sheetPresentationController.largestUndimmedDetentIdentifier = long .. i keep[i] = vc end",
        ]
        for loop in loops {
            let h = Harness(limits: Self.capped)
            let failure = h.failure(long + loop)
            #expect(failure.hasPrefix("test.lua:3: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(loop): \(failure)")
            // Short names cost nothing beyond their object.
            try h.run("keep = nil collectgarbage() collectgarbage()")
            #expect(h.failure("local keep = {} for i = 1, 2000 do keep[i] = View{ name = 'v' .. i } end") == "no error")
        }
    }

    /// A saved state names controllers as a script does, in at most 1024 bytes: a 3 MB
    /// identifier in a path was kept by each restored controller unweighed (attack round 22:
    /// 1.4 GB under a 64 MB cap).
    @Test func restoredIdentifiersAreBoundedAndWeighed() throws {
        let h = Harness(limits: Self.capped)
        let state = { (identifier: String) in
            "'{\"format\":\"scrim.state\",\"version\":1,\"controllers\":[{\"path\":[\"root\"]},"
                + "{\"path\":[\"root\",\"' .. \(identifier) .. '\"]}]}'"
        }
        try h.run("""
            root = ViewController{ restorationIdentifier = "root" }
            window.rootViewController = root
            scrim.setRestorationDelegate{ viewControllerWithRestorationIdentifierPath = function(self, path)
              if #path == 1 then return root end
              return ViewController{}
            end }
            """)
        #expect(h.failure("scrim.restoreState(\(state("string.rep('x', 1025)")))")
                == "test.lua:1: saved state: controllers[1].path: a name of 1025 bytes is longer than 1024")
        let failure = h.failure("""
            local keep = {}
            for i = 1, 20000 do keep[i] = scrim.restoreState(\(state("string.rep('x', 1000) .. i"))).restored[2] end
            """)
        #expect(failure.hasPrefix("test.lua:2: not enough memory (the runtime's Lua memory cap of 16 MB is reached)"), "\(failure)")
    }

    @Test func detentsAreBoundedAndWeighed() throws {
        let h = Harness(limits: Self.capped)
        #expect(h.failure("""
            local d = {} for i = 1, 101 do d[i] = { identifier = "d" .. i, height = i } end
            ViewController{}.sheetPresentationController.detents = d
            """) == "test.lua:2: bad value for 'SheetPresentationController.detents' (a sheet has at most 100 detents, got 101)")
        #expect(h.failure("ViewController{}.sheetPresentationController.detents = { { identifier = string.rep('i', 1025), height = 1 } }")
                == "test.lua:1: detent 1: an identifier of 1025 bytes is longer than 1024")
        let failure = h.failure("""
            local d = {} for i = 1, 100 do d[i] = { identifier = string.rep("i", 1000) .. i, height = i } end
            local keep = {}
            for i = 1, 100000 do
              local vc = ViewController{ modalPresentationStyle = "pageSheet" }
              vc.sheetPresentationController.detents = d
              keep[i] = vc
            end
            """)
        #expect(failure.hasPrefix("test.lua:5: not enough memory"), "\(failure)")
    }

    /// A label's text is bounded and weighs what it holds; so does a gradient's list of stops.
    /// Labels sharing one 10 MB string grew the host by 10 MB each while Lua held the string once,
    /// and laid out and drew millions of lines no limit could interrupt.
    @Test func labelTextAndGradientStopsAreBoundedAndWeighed() throws {
        let h = Harness(limits: Self.capped)
        #expect(h.failure("Label{}.text = string.rep('x', (1 << 20) + 1)")
                == "test.lua:1: bad value for 'Label.text' (a label's text is at most 1048576 bytes, got 1048577)")
        #expect(h.failure("Label{ text = string.rep('x', 1 << 20) }") == "no error")
        let labels = h.failure("""
            local text = string.rep("x", 1 << 20)
            local keep = {}
            for i = 1, 100 do keep[i] = Label{ text = text } end
            """)
        #expect(labels.hasPrefix("test.lua:3: not enough memory"), "\(labels)")
        let gradients = h.failure("""
            local colors, locations = {}, {}
            for i = 1, 256 do colors[i] = "red"; locations[i] = i / 256 end
            local keep = {}
            for i = 1, 100000 do keep[i] = GradientView{ colors = colors, locations = locations } end
            """)
        #expect(gradients.hasPrefix("test.lua:4: not enough memory"), "\(gradients)")
    }

    @Test func segueNamesAndCountsAreBounded() throws {
        let h = Harness(limits: Self.capped)
        #expect(h.failure("ViewController{}:registerSegue{ identifier = string.rep('x', 1025), destination = function() return ViewController{} end }")
                == "test.lua:1: bad field 'identifier' in 'registerSegue' (a name of 1025 bytes is longer than 1024)")
        #expect(h.failure("ViewController{}:registerUnwindAction(string.rep('x', 1025))")
                == "test.lua:1: bad argument #1 to 'ViewController:registerUnwindAction' (a name of 1025 bytes is longer than 1024)")
        #expect(h.failure("""
            local vc = ViewController{}
            for i = 1, 1001 do vc:registerSegue{ identifier = "s" .. i, destination = function() return ViewController{} end } end
            """) == "test.lua:2: ViewController:registerSegue: at most 1000 segues per object")
        // Registering one again replaces it.
        #expect(h.failure("""
            local vc = ViewController{}
            for i = 1, 2000 do vc:registerSegue{ identifier = "same", destination = function() return ViewController{} end } end
            """) == "no error")
        let failure = h.failure("""
            local name = string.rep("x", 1000)
            local keep = {}
            for i = 1, 100000 do
              local vc = ViewController{}
              for j = 1, 100 do vc:registerUnwindAction(name .. j) end
              keep[i] = vc
            end
            """)
        #expect(failure.hasPrefix("test.lua:5: not enough memory"), "\(failure)")
        // An unwind segue's action weighs as its identifier does (attack round 21: 2.6 GB).
        let actions = h.failure("""
            local action = string.rep("a", 1000)
            local keep = {}
            for i = 1, 150 do
              local vc = ViewController{}
              for j = 1, 200 do vc:registerSegue{ identifier = "s" .. j, kind = "unwind", action = action .. j } end
              keep[i] = vc
            end
            """)
        #expect(actions.hasPrefix("test.lua:5: not enough memory"), "\(actions)")
    }

    @Test func passthroughViewsAndClassNamesAreBounded() throws {
        let h = Harness(limits: Self.capped)
        #expect(h.failure("""
            local v, t = View{}, {} for i = 1, 1001 do t[i] = v end
            local p = ViewController{ modalPresentationStyle = "popover" }
            p.popoverPresentationController.passthroughViews = t
            """) == "test.lua:3: bad value for 'PopoverPresentationController.passthroughViews' (a popover has at most 1000 passthrough views, got 1001)")
        let failure = h.failure("""
            local v, t = View{}, {} for i = 1, 1000 do t[i] = v end
            local keep = {}
            for i = 1, 100000 do
              local p = ViewController{ modalPresentationStyle = "popover" }
              p.popoverPresentationController.passthroughViews = t
              keep[i] = p
            end
            """)
        // The cap is reached making a controller or charging its copy, whichever allocates last.
        #expect(["test.lua:4: not enough memory", "test.lua:5: not enough memory"].contains { failure.hasPrefix($0) }, "\(failure)")
        #expect(h.failure("scrim.ViewController:extend(string.rep('A', 1025))")
                == "test.lua:1: bad argument #1 to 'extend' (a name of 1025 bytes is longer than 1024)")
        // A name set on the class after `extend`, or on a table handed to the constructor,
        // names every controller made from it just the same.
        #expect(h.failure("""
            local K = scrim.ViewController:extend("K")
            K.__name = string.rep("n", 4 * 1024 * 1024)
            K.new()
            """) == "test.lua:3: class name of 4194304 bytes is longer than 1024")
        #expect(h.failure("""
            scrim.ViewController.__construct({ __name = string.rep("n", 1025), init = function() end }, {})
            """) == "test.lua:1: class name of 1025 bytes is longer than 1024")
        // The application keeps each class name a controller was made of, to number its
        // controllers, after the classes and controllers are gone: they weigh toward the cap,
        // so a script making classes cannot grow the host past it.
        try h.run("collectgarbage(); collectgarbage(); collectgarbage()")
        let before = h.runtime.lua.memoryUsed
        try h.run("""
            local base = string.rep("a", 990)
            for i = 1, 2000 do local K = scrim.ViewController:extend(base .. i); K{} end
            """)
        try h.run("collectgarbage(); collectgarbage(); collectgarbage()")
        #expect(h.runtime.lua.memoryUsed - before > 2_000_000, "\(h.runtime.lua.memoryUsed - before) bytes for 2,000 names")
    }
}

