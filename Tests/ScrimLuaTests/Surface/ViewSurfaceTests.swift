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

    /// A layer's border and shadow, on the view as `cornerRadius` is, with CALayer's defaults;
    /// `v.layer` is the view, so UIKit's `view.layer.borderWidth` reads the same.
    @Test func bordersAndShadowsHaveCALayersNamesAndDefaults() throws {
        let h = Harness()
        try h.run("v = View{}")
        #expect(try h.run("return v.borderWidth, v.borderColor, v.shadowColor, v.shadowOpacity, v.shadowRadius, v.shadowOffset").joined(separator: " ")
                == "0 #000000ff #000000ff 0 3 size(0, -3)")
        try h.run("""
            v = View{ borderWidth = 2, borderColor = "#ff000080", shadowOpacity = 0.25, shadowRadius = 6,
                      shadowOffset = size(1, 2), shadowColor = "white", masksToBounds = true }
            v.layer.borderWidth = 3
            """)
        #expect(try h.run("return v.layer == v, v.borderWidth, v.borderColor, v.shadowColor, v.shadowOpacity, v.shadowRadius, v.shadowOffset, v.clipsToBounds").joined(separator: " ")
                == "true 3 #ff000080 #ffffffff 0.25 6 size(1, 2) true")
        try h.run("v.borderColor = nil; v.masksToBounds = false")
        #expect(try h.run("return v.borderColor, v.clipsToBounds").joined(separator: " ") == "nil false")
        #expect(h.failure("v.shadowOffset = 3").contains("bad value for 'View.shadowOffset'"))
        #expect(h.failure("v.borderColor = 'mauve-ish'").contains("colour expected as #rrggbb, #rrggbbaa or a name, got 'mauve-ish'"))
        #expect(h.failure("v.shadowRadius = {}").contains("bad value for 'View.shadowRadius' (number expected, got table)"))
        try h.run("""
            animate({ duration = 1, curve = "linear" }, function()
              v.borderWidth = 13; v.shadowOffset = size(11, 12); v.borderColor = "#0000ff"
            end)
            step(30)
            """)
        #expect(try h.run("return v.borderWidth, v.presentation.borderWidth, v.presentation.shadowOffset, v.presentation.borderColor").joined(separator: " ")
                == "13 8 size(6, 7) #0000ff80")
    }

    /// `GradientView` has CAGradientLayer's properties and defaults, and View's.
    @Test func gradientViewsHaveCAGradientLayersProperties() throws {
        let h = Harness()
        try h.run("g = GradientView{}")
        #expect(try h.run("return #g.colors, g.locations, g.startPoint, g.endPoint, g.type").joined(separator: " ")
                == "0 nil point(0.5, 0) point(0.5, 1) axial")
        try h.run("""
            g = GradientView{ frame = rect(0, 0, 100, 50), colors = { "red", "#0000ff80" }, locations = { 0, 0.5 },
                              startPoint = point(0, 0), endPoint = point(1, 0), type = "radial", cornerRadius = 4 }
            copy = g:snapshotView()
            """)
        #expect(try h.run("return g.colors[1], g.colors[2], g.locations[2], g.type, g.frame, copy.colors[2], copy.type").joined(separator: " ")
                == "#ff0000ff #0000ff80 0.5 radial rect(0, 0, 100, 50) #0000ff80 radial")
        try h.run("g.locations = nil")
        #expect(try h.value("g.locations") == "nil")
        #expect(h.failure("g.colors = { 'red', 3 }").contains(
            "bad value for 'GradientView.colors' (colour 2: #rrggbb, #rrggbbaa or a colour name expected, got number)"))
        #expect(h.failure("g.colors = { 'red', 'mauve-ish' }").contains("colour 2: #rrggbb, #rrggbbaa or a colour name expected, got 'mauve-ish'"))
        #expect(h.failure("g.locations = { 0, '1' }").contains("location 2: number expected, got '1'"))
        #expect(h.failure("g.colors = {}; g.colors[300] = 'red'; local t = {} for i = 1, 300 do t[i] = 'red' end g.colors = t")
                .contains("at most 256 colours, got 300"))
        #expect(h.failure("g.type = 'conic'").contains("bad value for 'GradientView.type' ('conic' is not one of \"axial\", \"radial\")"))
        #expect(h.failure("GradientView{ colors = 'red' }").contains("bad field 'colors' in 'GradientView' (table expected, got string)"))
        #expect(h.failure("GradientView{ colours = {} }").contains("GradientView has no property 'colours'"))
    }

    /// `Label` has UILabel's properties and defaults, a font as `{ size =, weight = }`, and
    /// sizes itself by the font's metrics.
    @Test func labelsHaveUILabelsPropertiesAndMeasureTheirText() throws {
        let h = Harness()
        try h.run("l = Label{}")
        #expect(try h.run("return l.text, l.font.size, l.font.weight, l.textColor, l.textAlignment, l.numberOfLines, l.lineBreakMode").joined(separator: " ")
                == " 17 regular #000000ff natural 1 byTruncatingTail")
        // "Hello" is 5914 units of DejaVu Sans Bold's 2048 (FontFaceTests): 57.75390625 points at 20.
        try h.run("""
            l = Label{ frame = rect(10, 20, 300, 50), text = "Hello", font = { size = 20, weight = "bold" },
                       textAlignment = "center", numberOfLines = 0, lineBreakMode = "byWordWrapping", textColor = "#ff0000" }
            copy = l:snapshotView()
            """)
        #expect(try h.run("return l.intrinsicContentSize.width * 2048 / 20, l.font.weight, l.textAlignment, l.numberOfLines, l.lineBreakMode, copy.text, copy.font.size").joined(separator: " ")
                == "5914.0 bold center 0 byWordWrapping Hello 20")
        try h.run("l:sizeToFit()")
        #expect(try h.run("return l.frame.x, l.frame.y, l.frame.width * 2048 / 20").joined(separator: " ") == "10 20 5914.0")
        #expect(try h.value("l:sizeThatFits(size(30, 0)).width < 57") == "true")
        try h.run("l.text = nil")
        #expect(try h.value("l.text") == "")
        #expect(h.failure("l.font = { weight = 'heavyish' }").contains(
            "bad value for 'Label.font' (unknown font weight 'heavyish': one of \"ultraLight\", \"thin\", \"light\", \"regular\", \"medium\", \"semibold\", \"bold\", \"heavy\", \"black\")"))
        for size in ["0/0", "-1", "0", "1/0", "1e308"] {
            #expect(h.failure("l.font = { size = \(size) }").contains("font size: a number above 0 and at most 10000 expected"))
        }
        #expect(h.failure("l.font = { size = '12' }").contains("font size: number expected, got string"))
        #expect(h.failure("l.numberOfLines = -1").contains("0 (as many as fit) or more expected, got -1"))
        #expect(h.failure("l.numberOfLines = 1.5").contains("number has no integer representation"))
        #expect(h.failure("l.textAlignment = 'middle'").contains("'middle' is not one of"))
        #expect(h.failure("l.lineBreakMode = 'byEllipsis'").contains("'byEllipsis' is not one of"))
        #expect(h.failure("Label{ txt = 'x' }").contains("Label has no property 'txt'"))
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
