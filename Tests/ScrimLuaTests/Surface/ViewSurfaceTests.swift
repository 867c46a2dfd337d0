import CLua
import LuaBridge
import ScrimCore
@testable import ScrimLua
import Testing

@Suite struct ViewSurfaceTests {
    @Test func propertiesUseUIKitNamesAndGeometryTables() throws {
        let h = Harness()
        try h.run("""
            v = View{ frame = rect(10, 20, 100, 50), backgroundColor = "#ff000080", alpha = 0.5, name = "card",
                      cornerRadius = 12, hidden = false }
            """)
        #expect(try h.value("v.frame") == "rect(10, 20, 100, 50)")
        #expect(try h.value("v.bounds") == "rect(0, 0, 100, 50)")
        #expect(try h.value("v.center") == "point(60, 45)")
        // Six decimals at most; past 1e15, inf and nan in Lua's form (%.6f gave 1e308 300 digits).
        #expect(try h.value("tostring(point(1e308, 2^63)) .. tostring(rect(1.25, 0.0000001, -0.0, 1/0)) .. tostring(size(-1e300, 1/3))")
                == "point(1e+308, 9.2233720368548e+18)rect(1.25, 0, 0, inf)size(-1e+300, 0.333333)")
        #expect(try h.value("v.backgroundColor") == "#ff000080")
        #expect(try h.value("v.alpha") == "0.5")
        #expect(try h.value("v.cornerRadius") == "12")
        #expect(try h.value("v.frame == rect(10, 20, 100, 50)") == "true")
        try h.run("v.transform = scrim.transform.scale(2, 2); v.center = point(0, 0)")
        #expect(try h.value("v.frame") == "rect(-100, -50, 200, 100)")
        #expect(try h.value("scrim.transform.translation(1, 2):concatenating(scrim.transform.scale(3))") ==
                "transform(3, 0, 0, 3, 3, 6)")
        #expect(try h.value("tostring(size(1.5, 2))") == "size(1.5, 2)")
    }

    /// `alpha` and `cornerRadius` are number properties, read and written by the C dispatch
    /// directly: whole numbers come back as integers as every number the host pushes does, a
    /// value of another type takes the ordinary setter's error, and an animation still sees
    /// the change.
    @Test func numberPropertiesKeepTheirValuesTypesAndErrors() throws {
        let h = Harness()
        try h.run("v = View{}")
        #expect(try h.value("math.type(v.alpha) .. ' ' .. v.alpha") == "integer 1")
        try h.run("v.alpha = 0.25; v.cornerRadius = 2^53")
        #expect(try h.value("math.type(v.alpha) .. ' ' .. v.alpha .. ' ' .. math.type(v.cornerRadius)") == "float 0.25 float")
        try h.run("v.alpha = 0/0")
        #expect(try h.value("v.alpha ~= v.alpha") == "true")
        #expect(h.failure("v.alpha = '0.5'").contains("test.lua:1: bad value for 'View.alpha' (number expected, got string)"))
        #expect(h.failure("v.cornerRadius = nil").contains("bad value for 'View.cornerRadius' (number expected, got nil)"))
        try h.run("v.alpha = 1; animate({ duration = 1 }, function() v.alpha = 0 end); step(30)")
        #expect(try h.value("v.alpha .. ' ' .. string.format('%.2f', v.presentation.alpha)") == "0 0.50")
        #expect(h.failure("v.percentComplete = 1").contains("View has no property 'percentComplete'"))
    }

    @Test func insertSubviewIsOneBased() throws {
        let h = Harness()
        try h.run("""
            p = View{}
            a, b, c = View{ name = "a" }, View{ name = "b" }, View{ name = "c" }
            p:addSubview(a); p:addSubview(b)
            p:insertSubview(c, 1)
            """)
        #expect(try h.value("p.subviews[1].name .. p.subviews[2].name .. p.subviews[3].name") == "cab")
        try h.run("p:insertSubview(c, 4)")
        #expect(try h.value("p.subviews[3] == c and #p.subviews") == "3")
        try h.run("c:removeFromSuperview()")
        #expect(try h.value("#p.subviews .. tostring(c.superview)") == "2nil")
    }

    @Test func hitTestAndConvert() throws {
        let h = Harness()
        try h.run("""
            root = ViewController{ name = "root" }
            window.rootViewController = root
            card = View{ frame = rect(50, 100, 200, 200), name = "card" }
            root.view:addSubview(card)
            """)
        #expect(try h.value("window:hitTest(point(60, 110)) == card") == "true")
        #expect(try h.value("card:convert(point(0, 0), window)") == "point(50, 100)")
        #expect(try h.value("card:convert(rect(0, 0, 10, 10), nil)") == "rect(50, 100, 10, 10)")
    }

    @Test func windowSizeTraitsAndDevices() throws {
        let h = Harness()
        #expect(try h.value("window.size") == "size(393, 852)")
        #expect(try h.value("window.traitCollection.horizontalSizeClass") == "compact")
        try h.run("window:setDevice('iPad Air')")
        #expect(try h.value("window.device .. ' ' .. window.traitCollection.horizontalSizeClass") == "iPad Air regular")
        try h.run("window:setSize(size(600, 800))")
        #expect(try h.value("window.size") == "size(600, 800)")
    }
}

extension LuaState {
    /// The native object in global `name`, if it is a `T`.
    func global<T: AnyObject>(_ name: String, as type: T.Type) -> T? {
        lua_getglobal(L, name)
        defer { top -= 1 }
        return (try? object(at: -1)) as? T
    }
}
