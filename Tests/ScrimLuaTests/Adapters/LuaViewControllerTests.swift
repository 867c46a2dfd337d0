import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct LuaOverrideTests {
    @Test func overridesRunWithSelfAndUIKitArguments() throws {
        let h = Harness()
        try h.run("""
            log = {}
            local function note(...) log[#log + 1] = table.concat({ ... }, " ") end
            child = ViewController{ name = "child",
              willMoveToParent = function(self, parent) note("willMove", self.name, parent and parent.name or "nil") end,
              viewWillAppear = function(self, animated) note("willAppear", self.name, tostring(animated)) end,
            }
            root = ViewController{ name = "root",
              viewDidLoad = function(self)
                note("didLoad", tostring(self == root))
                self:addChild(child)
                self.view:addSubview(child.view)
                child:didMove(self)
              end,
              viewWillTransitionToSize = function(self, size) note("size", tostring(size)) end,
            }
            window.rootViewController = root
            window:setSize(852, 393)
            """)
        #expect(try h.value("table.concat(log, '; ')") ==
                "didLoad true; willMove child root; willAppear child false; size size(852, 393)")
        #expect(h.eventsWithoutLayout == [
            "root.loadView", "root.viewDidLoad", "child.willMoveToParent", "child.loadView", "child.viewDidLoad",
            "child.didMoveToParent", "root.viewWillAppear", "child.viewWillAppear", "root.viewIsAppearing",
            "child.viewIsAppearing", "root.viewDidAppear", "child.viewDidAppear",
            "root.willTransitionToTraitCollection", "child.willTransitionToTraitCollection",
            "root.viewWillTransitionToSize", "child.viewWillTransitionToSize",
        ])
    }

    @Test func luaClassesSubclassViewControllerWithSuperAndInit() throws {
        let h = Harness()
        try h.run("""
            Card = scrim.ViewController:extend("Card")
            function Card:init(props)
              Card.super.init(self, props)
              self.opened = 0
            end
            function Card:loadView()
              self.view = View{ name = "card view", backgroundColor = "#ffffff" }
            end
            function Card:viewDidAppear(animated)
              Card.super.viewDidAppear(self, animated)
              self.opened = self.opened + 1
            end
            Small = Card:extend("Small")
            a = Card{ title = "A" }
            b = Small.new{ name = "b" }
            c = Card.new()
            window.rootViewController = a
            """)
        #expect(try h.value("a.name .. ',' .. b.name .. ',' .. c.name") == "Card#1,b,Card#2")
        #expect(try h.value("a.title .. ' ' .. a.opened .. ' ' .. a.view.name") == "A 1 card view")
        #expect(try h.value("Card:isInstance(b) and not Small:isInstance(a)") == "true")
        #expect(try h.value("b.opened") == "0")
        #expect(h.eventsWithoutLayout.prefix(2) == ["Card#1.loadView", "Card#1.viewDidLoad"])
    }

    @Test func luaClassMethodsComeBeforeNativeMethods() throws {
        let h = Harness()
        try h.run("""
            Container = scrim.ViewController:extend("Container")
            function Container:show(other) self.shown = other.name end
            c = Container{ name = "c" }
            c:show(ViewController{ name = "x" })
            plain = ViewController{ name = "p" }
            """)
        #expect(try h.value("c.shown .. ' ' .. tostring(c.presentedViewController)") == "x nil")
        #expect(try h.value("type(plain.show)") == "function")
        #expect(throws: LuaError.self) { try h.run("c.title = 5") }
    }

    @Test func instanceFieldsAreLuaOnlyAndNativePropertiesStayNative() throws {
        let h = Harness()
        try h.run("""
            vc = ViewController{ name = "v", restorationIdentifier = "inbox", preferredContentSize = size(300, 200) }
            vc.score = 3
            vc.shouldAutomaticallyForwardAppearanceMethods = false
            """)
        #expect(try h.value("vc.score + 1") == "4")
        #expect(try h.value("vc.restorationIdentifier") == "inbox")
        #expect(try h.value("vc.preferredContentSize") == "size(300, 200)")
        #expect(try h.value("vc.shouldAutomaticallyForwardAppearanceMethods") == "false")
        #expect(try h.value("vc.isViewLoaded") == "false")
        #expect(throws: LuaError.self) { try h.run("vc.name = 'other'") }
    }

    /// A Lua controller's own fields are read and written in C when the key is a string that
    /// names no native member; everything else takes the host, with the same answers.
    @Test func fieldsOfLuaControllersAnswerAsDocumented() throws {
        let h = Harness()
        try h.run("""
            Card = scrim.ViewController:extend("Card")
            function Card:greet() return "class" end
            function Card:show() return "own show" end
            c = Card{ name = "c" }
            c.score = 1
            c.score = c.score + 1
            c.greet2 = function() return "instance" end
            d = Card{ name = "d" }
            d.greet = function() return "shadow" end
            c.dismiss = "a field named like a native method"
            c[("x"):rep(50)] = "long"
            plain = ViewController{ name = "p" }
            plain.extra = 5
            """)
        #expect(try h.value("c.score + plain.extra") == "7")
        #expect(try h.value("c:greet() .. ' ' .. d:greet() .. ' ' .. c:show() .. ' ' .. c.greet2()") == "class shadow own show instance")
        #expect(try h.value("c.dismiss .. ' ' .. type(d.dismiss)") == "a field named like a native method function")
        #expect(try h.value("c[('x'):rep(50)] .. tostring(c.nothing) .. tostring(c[('y'):rep(50)])") == "longnilnil")
        #expect(try h.value("rawequal(c.greet, Card.greet) and rawequal(d.show, Card.show)") == "true")
        #expect(try h.value("c[1] == nil and c[true] == nil") == "true")
        let errors: [(String, String)] = [
            ("c.name = 'x'", "property 'name' of ViewController is read-only"),
            ("c.isViewLoaded = true", "property 'isViewLoaded' of ViewController is read-only"),
            ("c.title = 5", "bad value for 'ViewController.title' (string expected, got number)"),
            ("c[1] = 2", "bad argument #2 to 'ViewController' (string expected, got number)"),
            ("c[c] = 1", "bad argument #2 to 'ViewController' (string expected, got ViewController)"),
        ]
        for (code, message) in errors {
            #expect(h.failure(code) == "test.lua:1: " + message)
        }
        try h.run("c.title = 'T'")
        #expect(try h.value("c.title") == "T")
    }

    /// Instances start with no table of their own (they share their class's empty one): a
    /// field set on one, by the bridge's C path or its host path (a name longer than Lua
    /// interns), is that instance's alone, and every instance follows its class.
    @Test func anInstancesFieldsAreItsOwnThoughItStartsWithNone() throws {
        let h = Harness()
        try h.run("""
            Card = scrim.ViewController:extend("Card")
            function Card:greet() return "class" end
            a, b = Card{ name = "a" }, Card{ name = "b" }
            p, q, r = ViewController{ name = "p" }, ViewController{ name = "q" }, ViewController{ name = "r" }
            long = ("k"):rep(50)
            a.score = 1
            p[long] = "long"
            r.extra = 2
            function Card:later() return "later" end
            """)
        #expect(try h.value("tostring(a.score) .. tostring(b.score)") == "1nil")
        #expect(try h.value("tostring(p[long]) .. tostring(q[long]) .. tostring(q.extra) .. tostring(r.extra)") == "longnilnil2")
        #expect(try h.value("a:greet() .. b:greet() .. a:later() .. b:later()") == "classclasslaterlater")
        #expect(try h.value("Card.isInstance(Card, b) and not Card.isInstance(Card, p)") == "true")
        try h.run("b.score = 3")
        #expect(try h.value("a.score + b.score") == "4")
    }

    /// A class chain ends at 32 classes, at `extend`, where its instances' methods are all
    /// still found.
    @Test func aClassChainEndsAtExtendNotInLookups() throws {
        let h = Harness()
        try h.run("""
            Deep = scrim.ViewController
            for i = 1, 30 do
              Deep = Deep:extend("L" .. i)
              if i == 1 then function Deep:greet() return "hi" end end
            end
            deep = Deep{ name = "deep" }
            """)
        #expect(try h.value("deep:greet() .. ' ' .. type(deep.viewDidLoad) .. ' ' .. deep.name") == "hi function deep")
        #expect(h.failure("Deep:extend('L31')") == "test.lua:1: bad self to 'extend' (class L30 is 32 classes deep, the most a class chain may be)")
    }

    @Test func transitionBetweenChildrenFromLua() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            a, b = ViewController{ name = "a" }, ViewController{ name = "b" }
            window.rootViewController = root
            root:addChild(a); root.view:addSubview(a.view); a:didMove(root)
            root:addChild(b)
            a:willMove(nil)
            done = nil
            root:transition(a, b, 0.5, function() b.view.alpha = 0.5 end, function(finished)
              a:removeFromParent(); b:didMove(root); done = finished
            end)
            """)
        #expect(try h.value("tostring(done) .. ' ' .. b.view.alpha") == "nil 0.5")
        try h.run("run(0.5)")
        #expect(try h.value("tostring(done) .. ' ' .. #root.children .. ' ' .. tostring(a.view.superview)") == "true 1 nil")
        let tail = h.eventsWithoutLayout.suffix(4)
        #expect(Array(tail) == ["a.viewDidDisappear", "b.viewDidAppear", "a.didMoveToParent", "b.didMoveToParent"])
        #expect(try h.value("scrim.now()") == "0.5")
    }

    @Test func manualAppearanceFromLua() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root", shouldAutomaticallyForwardAppearanceMethods = false }
            window.rootViewController = root
            child = ViewController{ name = "child" }
            root:addChild(child); root.view:addSubview(child.view); child:didMove(root)
            trace.clear()
            child:beginAppearanceTransition(false, true)
            child:beginAppearanceTransition(true, true)
            child:endAppearanceTransition()
            """)
        #expect(h.events == ["child.viewWillAppear", "child.viewIsAppearing", "child.viewDidAppear"])
        #expect(try h.value("child.appearanceState") == "appeared")
    }

    @Test func memoryWarningFromLua() throws {
        let h = Harness()
        try h.run("""
            offscreen = ViewController{ name = "off", didReceiveMemoryWarning = function(self) self.warned = true end }
            local _ = offscreen.view
            scrim.simulateMemoryWarning()
            """)
        #expect(try h.value("offscreen.warned and not offscreen.isViewLoaded") == "true")
    }
}
