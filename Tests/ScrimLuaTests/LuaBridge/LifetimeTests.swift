import ScrimControl
import ScrimCore
@testable import ScrimLua
import Testing

/// Controllers made from Lua and their userdata keep each other alive only while something
/// outside the pair holds one of them (toggle references), so cycles through Lua closures do
/// not leak, and controllers held only natively keep their Lua fields.
@Suite struct LifetimeTests {
    /// A few full collections: one releases unshared anchors, the next collects.
    func collect(_ h: Harness) throws {
        try h.run("for _ = 1, 4 do collectgarbage() end")
    }

    func controller(named name: String, in h: Harness) -> ViewController? {
        h.runtime.application.liveControllers.first { $0.name == name }
    }

    @Test func aControllerCapturedByItsOwnOverrideIsCollected() throws {
        let h = Harness()
        try h.run("""
            local vc
            vc = ViewController{ name = "cyclic", viewDidLoad = function() vc.loaded = true end }
            local _ = vc.view
            """)
        weak var cyclic = controller(named: "cyclic", in: h)
        #expect(cyclic != nil)
        try collect(h)
        #expect(cyclic == nil)
    }

    /// A controller whose last holder is a size change's completion goes while the application
    /// is torn down, when it can no longer take itself off the application's list: the list is
    /// read before anything is cut loose, never after (under AddressSanitizer, a read after).
    @Test func aControllerFreedAsTheApplicationGoesIsNotReadAgain() throws {
        weak var freed: ViewController?
        do {
            let h = Harness()
            try h.run("""
                local a = ViewController{ name = "a", viewWillTransitionToSize = function(self, size, c)
                  c:animateAlongside(nil, function() end) end }
                window.rootViewController = a
                window:setSize(500, 900)
                step(1)
                window.rootViewController = ViewController{ name = "b" }
                """)
            freed = controller(named: "a", in: h)
            #expect(freed != nil)
        }
        #expect(freed == nil)
    }

    @Test func aControllerHeldOnlyNativelyKeepsItsOverridesAndFields() throws {
        let h = Harness()
        try h.run("""
            window.rootViewController = ViewController{ name = "root",
              viewWillTransitionToSize = function(self, size) self.lastWidth = size.width end }
            window.rootViewController.score = 7
            """)
        try collect(h)
        try h.run("window:setSize(500, 700)")
        #expect(try h.value("window.rootViewController.lastWidth") == "500")
        #expect(try h.value("window.rootViewController.score") == "7")
        #expect(try h.value("window.rootViewController.name") == "root")

        weak var root = h.runtime.application.window.rootViewController
        try h.run("window.rootViewController = nil")
        try collect(h)
        #expect(root == nil)
    }

    @Test func handingAReleasedHandleToNativeCodeAnchorsItAgain() throws {
        let h = Harness()
        try h.run("""
            keep = ViewController{ name = "keep", viewDidAppear = function(self) appeared = self.name end }
            """)
        try collect(h)
        try h.run("window.rootViewController = keep; keep = nil")
        #expect(try h.value("appeared") == "keep")
        try collect(h)
        try h.run("appeared = nil; local root = window.rootViewController; window.rootViewController = nil; window.rootViewController = root")
        #expect(try h.value("appeared") == "keep")
    }

    @Test func aHandleBeingCollectedWhileNativeCodeHoldsItsObjectIsResurrected() throws {
        let h = Harness()
        try h.run("""
            held = ViewController{ name = "held", viewDidLoad = function(self) loadedBy = self.name end }
            """)
        try collect(h)
        // Take a strong reference natively, without going through Lua, then drop Lua's.
        let strong = try #require(controller(named: "held", in: h))
        try h.run("held = nil")
        try collect(h)
        _ = strong.view
        #expect(try h.value("loadedBy") == "held")
        #expect(try h.value("window.rootViewController == nil") == "true")
    }

    @Test func closingTheRuntimeReleasesEverything() throws {
        weak var view: View?
        weak var controller: ViewController?
        do {
            let h = Harness()
            try h.run("""
                local vc
                vc = ViewController{ name = "v", viewDidLoad = function() vc.view.name = "x" end }
                window.rootViewController = vc
                """)
            withExtendedLifetime(h) {
                controller = h.runtime.application.window.rootViewController
                view = controller?.viewIfLoaded
                #expect(controller != nil && view != nil)
            }
        }
        #expect(controller == nil)
        #expect(view == nil)
    }

    @Test func aRuntimeWhoseControlClientsHaveSessionsIsReleased() throws {
        weak var runtime: Runtime?
        weak var application: Application?
        do {
            let h = Harness()
            runtime = h.runtime
            application = h.runtime.application
            let control = RuntimeLoop(h.runtime)
            let answer = control.answerControlLine(#"{"jsonrpc":"2.0","id":1,"method":"repl","params":{"line":"x = 1 + 1"}}"#)
            #expect(answer?.contains(#""prompt":"> ""#) == true)
            _ = control.answerControlLine(#"{"jsonrpc":"2.0","id":2,"method":"subscribe"}"#)
            try h.runtime.eval("window:setSize(852, 393); step()")
        }
        #expect(runtime == nil)
        #expect(application == nil)
    }
}
