import CLua
import LuaBridge
import ScrimLua

/// Native properties read and written from Lua — `v.frame`, `v.alpha`, `v.alpha = x`,
/// `ctx:view("to")` — each against the floor of that kind of access in a Lua loop of the same
/// shape: a userdata whose `__index` (or `__newindex`) is an empty C function, and an empty C
/// function called as a method (`u:view("to")`, found in a method table). A plain table's field
/// is measured beside them, as the floor of the floors; and two floors of what the bridge cannot
/// avoid: a C `__index` that asks Lua what any checked dispatch must (its userdata and its size,
/// the key's type and address) and returns a number; a C method that such an `__index` hands
/// back (an object with properties cannot keep its methods in a table `__index`; the key is
/// checked, not looked up) and that checks its object and its key argument and returns an object
/// found by address in a table, as `ctx:view("to")` must; and a new table of a rect's four
/// fields with a metatable, made in Lua itself — what `v.frame` hands back on every read.
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
        local c = ctx
        local plain = { frame = rect(0, 0, 10, 10), alpha = 1, to = v }
        local empty, methods, checked, checkedMethods = emptyAccess, emptyMethods, checkedAccess, checkedMethods
        local rectMeta = {}
        function readFrame(n) local f for i = 1, n do f = v.frame end return f end
        function readAlpha(n) local f for i = 1, n do f = v.alpha end return f end
        function writeAlpha(n) for i = 1, n do v.alpha = i % 2 end end
        function contextView(n) local f for i = 1, n do f = c:view("to") end return f end
        function readPlain(n) local f for i = 1, n do f = plain.frame end return f end
        function writePlain(n) for i = 1, n do plain.alpha = i % 2 end end
        function readEmpty(n) local f for i = 1, n do f = empty.frame end return f end
        function writeEmpty(n) for i = 1, n do empty.alpha = i % 2 end end
        function callEmpty(n) local f for i = 1, n do f = methods:view("to") end return f end
        function readChecked(n) local f for i = 1, n do f = checked.alpha end return f end
        function callChecked(n) local f for i = 1, n do f = checkedMethods:view("to") end return f end
        function newRect(n)
          local f
          for i = 1, n do f = setmetatable({ x = i, y = 0, width = 10, height = 10 }, rectMeta) end
          return f
        end
        """

    static func run(_ harness: Harness) throws -> [Finding] {
        let runtime = try Runtime(configuration: .init())
        setEmptyAccess(runtime.lua.L)
        _ = try runtime.eval(setup)
        let L = runtime.lua.L
        let batch = 10_000
        func loop(_ function: String) throws -> Double {
            try callGlobal(L, function, 1)
            return try harness.nanoseconds(function, batch: batch) { _ = try? callGlobal(L, function, lua_Integer(batch)) }
        }
        let emptyIndex = try loop("readEmpty"), emptyNewindex = try loop("writeEmpty"), emptyMethod = try loop("callEmpty")
        let plainRead = try loop("readPlain"), plainWrite = try loop("writePlain")
        let checkedIndex = try loop("readChecked"), checkedMethod = try loop("callChecked"), newRect = try loop("newRect")
        return [
            .cost("property-access.frame", "property access: v.frame", try loop("readFrame"), unit: "ns",
                  against: "empty C __index", emptyIndex, target: 3),
            .cost("property-access.alpha-read", "property access: v.alpha", try loop("readAlpha"), unit: "ns",
                  against: "empty C __index", emptyIndex, target: 1.5),
            .cost("property-access.alpha", "property access: v.alpha = x", try loop("writeAlpha"), unit: "ns",
                  against: "empty C __newindex", emptyNewindex, target: 1.5),
            .cost("property-access.context-view", "property access: ctx:view(\"to\")", try loop("contextView"), unit: "ns",
                  against: "empty C method call", emptyMethod, target: 2),
            .cost("property-access.c-index", "floor: an empty C __index", emptyIndex, unit: "ns",
                  against: "plain table read", plainRead),
            .cost("property-access.c-newindex", "floor: an empty C __newindex", emptyNewindex, unit: "ns",
                  against: "plain table write", plainWrite),
            .cost("property-access.c-method", "floor: an empty C method call", emptyMethod, unit: "ns",
                  against: "plain table read", plainRead),
            .cost("property-access.c-index-checked", "floor: a C __index checking object and key", checkedIndex,
                  unit: "ns", against: "empty C __index", emptyIndex),
            .cost("property-access.c-method-checked", "floor: a C method found by a checked __index, returning an object",
                  checkedMethod, unit: "ns", against: "empty C method call", emptyMethod),
            .cost("property-access.new-rect", "floor: a new rect table made in Lua", newRect, unit: "ns",
                  against: "empty C __index", emptyIndex),
        ]
    }

    /// Sets the globals `emptyAccess`, a userdata whose `__index` and `__newindex` are C
    /// functions that do nothing, `emptyMethods`, a userdata whose method `view` (in the
    /// table its `__index` is) is a C function that returns nil, and `checkedAccess`, a
    /// userdata of a bound object's size whose `__index` checks it and its key as the bridge's
    /// dispatch must, then returns a number, and `checkedMethods`, the same whose `__index`
    /// returns a C function `view` that checks its object and its key argument and returns the
    /// userdata kept under the object's address in a table (its upvalue), as bound objects are.
    static func setEmptyAccess(_ L: OpaquePointer) {
        let returnNil: lua_CFunction = { L in
            lua_pushnil(L)
            return 1
        }
        _ = scrim_newuserdata(L, 8)
        lua_createtable(L, 0, 2)
        lua_pushcclosure(L, returnNil, 0)
        lua_setfield(L, -2, "__index")
        lua_pushcclosure(L, { _ in 0 }, 0)
        lua_setfield(L, -2, "__newindex")
        lua_setmetatable(L, -2)
        lua_setglobal(L, "emptyAccess")

        _ = scrim_newuserdata(L, 8)
        lua_createtable(L, 0, 1)
        lua_createtable(L, 0, 1)
        lua_pushcclosure(L, returnNil, 0)
        lua_setfield(L, -2, "view")
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        lua_setglobal(L, "emptyMethods")

        _ = scrim_newuserdata(L, 2 * MemoryLayout<UnsafeMutableRawPointer>.size)
        lua_createtable(L, 0, 1)
        lua_pushcclosure(L, { L in
            guard lua_touserdata(L, 1) != nil, lua_rawlen(L, 1) == 2 * MemoryLayout<UnsafeMutableRawPointer>.size,
                  lua_type(L, 2) == LUA_TSTRING, lua_topointer(L, 2) != nil else { return 0 }
            lua_pushnumber(L, 0.5)
            return 1
        }, 0)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        lua_setglobal(L, "checkedAccess")

        let object = scrim_newuserdata(L, 2 * MemoryLayout<UnsafeMutableRawPointer>.size)
        lua_createtable(L, 0, 1)
        lua_createtable(L, 0, 1)  // the objects by address: the method's upvalue
        lua_pushvalue(L, -3)
        lua_rawsetp(L, -2, object)
        lua_pushcclosure(L, { L in
            guard let object = lua_touserdata(L, 1), lua_rawlen(L, 1) == 2 * MemoryLayout<UnsafeMutableRawPointer>.size,
                  lua_type(L, 2) == LUA_TSTRING else { return 0 }
            var length = 0
            guard let key = lua_tolstring(L, 2, &length), length == 2, key[0] == 0x74, key[1] == 0x6F else { return 0 }
            lua_rawgetp(L, scrim_upvalueindex(1), object)
            return 1
        }, 1)
        lua_pushcclosure(L, { L in
            guard lua_touserdata(L, 1) != nil, lua_rawlen(L, 1) == 2 * MemoryLayout<UnsafeMutableRawPointer>.size,
                  lua_type(L, 2) == LUA_TSTRING, lua_topointer(L, 2) != nil else { return 0 }
            lua_pushvalue(L, scrim_upvalueindex(1))
            return 1
        }, 1)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        lua_setglobal(L, "checkedMethods")
    }
}
