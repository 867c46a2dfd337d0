import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct IdentityTests {
    @Test func theSameNativeObjectIsTheSameLuaValue() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            child = ViewController{ name = "child" }
            root:addChild(child)
            root.view:addSubview(child.view)
            child:didMove(root)
            window.rootViewController = root
            """)
        #expect(try h.value("window.rootViewController == root") == "true")
        #expect(try h.value("child.parent == root") == "true")
        #expect(try h.value("root.children[1] == child") == "true")
        #expect(try h.value("rawequal(child.view.superview, root.view)") == "true")
        #expect(try h.value("root.view.window == window") == "true")
        #expect(try h.value("root ~= child") == "true")
    }

    @Test func identitySurvivesCollection() throws {
        let h = Harness()
        try h.run("""
            parent = View{ name = "parent" }
            parent:addSubview(View{ name = "only" })
            seen = { [parent.subviews[1]] = "first handle" }
            collectgarbage(); collectgarbage()
            """)
        // The handle is reachable through `seen`, so reading the subview again gives the same value.
        #expect(try h.value("seen[parent.subviews[1]]") == "first handle")
        try h.run("seen = nil; collectgarbage(); collectgarbage()")
        // Once Lua let go of the handle, a new one stands for the same view.
        #expect(try h.value("parent.subviews[1] == parent.subviews[1]") == "true")
        #expect(try h.value("parent.subviews[1].superview == parent") == "true")
    }

    @Test func luaKeepsNativeObjectsAliveAndReleasesThem() throws {
        let h = Harness()
        weak var view: View?
        try h.run("kept = View{ name = 'kept' }")
        view = try #require(h.runtime.lua.global("kept", as: View.self))
        #expect(view != nil)
        try h.run("kept = nil; collectgarbage(); collectgarbage()")
        #expect(view == nil)
    }
}
