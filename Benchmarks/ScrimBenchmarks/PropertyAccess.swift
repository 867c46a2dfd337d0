import CLua
import LuaBridge
import ScrimLua

/// Native properties read and written from Lua — `v.frame`, `v.alpha = x`, `ctx:view("to")` —
/// against the same access to a plain Lua table, each in a Lua loop of the same shape; and the
/// floor of any bridged read: a table whose `__index` is a C function that returns nil.
enum PropertyAccess {
    static let setup = """
        local Hold = scrim.Animator:extend("Hold")
        function Hold:transitionDuration() return 1 end
        function Hold:animateTransition(context) ctx = context end
        root = ViewController{ name = "root" }
        window.rootViewController = root
        sheet = ViewController{ name = "sheet" }
        sheet.modalPresentationStyle = "overFullScreen"
        sheet.transitioningDelegate = { animationControllerForPresented = function() return Hold.new() end }
        root:present(sheet, true)
        step(2)
        assert(ctx, "the transition did not start")

        local v = View{ frame = rect(0, 0, 10, 10) }
        local plain = { frame = rect(0, 0, 10, 10), alpha = 1, to = v }
        function readFrame(n) local f for i = 1, n do f = v.frame end return f end
        function writeAlpha(n) for i = 1, n do v.alpha = i % 2 end end
        function contextView(n) local f for i = 1, n do f = ctx:view("to") end return f end
        function readPlain(n) local f for i = 1, n do f = plain.frame end return f end
        function writePlain(n) for i = 1, n do plain.alpha = i % 2 end end
        function readEmptyIndex(n) local f for i = 1, n do f = emptyIndex.frame end return f end
        """

    static func run(_ harness: Harness) throws -> [Finding] {
        let runtime = try Runtime(configuration: .init())
        let L = runtime.lua.L
        lua_createtable(L, 0, 0)
        lua_createtable(L, 0, 1)
        lua_pushcclosure(L, { L in
            lua_pushnil(L)
            return 1
        }, 0)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        lua_setglobal(L, "emptyIndex")
        _ = try runtime.eval(setup)
        let batch = 10_000
        func loop(_ function: String) throws -> Double {
            try callGlobal(L, function, 1)
            return try harness.nanoseconds(function, batch: batch) { _ = try? callGlobal(L, function, lua_Integer(batch)) }
        }
        let plainRead = try loop("readPlain"), plainWrite = try loop("writePlain")
        return [
            .cost("property-access.frame", "property access: v.frame", try loop("readFrame"), unit: "ns",
                  against: "plain table read", plainRead, target: 4),
            .cost("property-access.alpha", "property access: v.alpha = x", try loop("writeAlpha"), unit: "ns",
                  against: "plain table write", plainWrite, target: 4),
            .cost("property-access.context-view", "property access: ctx:view(\"to\")", try loop("contextView"), unit: "ns",
                  against: "plain table read", plainRead, target: 4),
            .cost("property-access.c-index", "property access floor: an empty C __index", try loop("readEmptyIndex"),
                  unit: "ns", against: "plain table read", plainRead),
        ]
    }
}
