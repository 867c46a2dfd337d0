import CLua
import LuaBridge
import ScrimCore

extension Runtime {
    /// Calls `method` of the Lua object whose table `pushSelfTable` pushes, with the Lua value
    /// `pushSelf` pushes as `self` and `pushArguments` pushing the rest (returning how many).
    /// Returns false, with nothing on the stack, when there is no such function, it is the one
    /// `base` (a class) defines, or it failed (reported as a `scriptError` about `controller`);
    /// otherwise leaves `nresults` results.
    func callMethod(_ method: String, table pushSelfTable: () -> Bool, self pushSelf: () -> Void,
                    arguments pushArguments: () -> Int32 = { 0 }, nresults: Int32 = 0,
                    unlessFrom base: LuaRef? = nil, controller: ViewController?) -> Bool {
        let top = lua.top
        guard pushMethod(method, table: pushSelfTable, unlessFrom: base) else {
            lua.top = top
            return false
        }
        pushSelf()
        let count = pushArguments()
        guard callLua(nargs: 1 + count, nresults: nresults, controller: controller, callback: method) else {
            lua.top = top
            return false
        }
        return true
    }

    /// Reports that `method` of the Lua object whose table `pushSelfTable` pushes returned what
    /// it may not (`message`), located where the method is defined: the value came from there,
    /// and no Lua line is running any more to name.
    func reportReturned(_ message: String, by method: String, table pushSelfTable: () -> Bool,
                        controller: ViewController?) {
        reportScriptError(LuaError(message: message, location: definition(of: method, table: pushSelfTable)),
                          controller: controller, callback: method)
    }

    /// `file:line` where the function `method` of the Lua object whose table `pushSelfTable`
    /// pushes is defined; nil when it is not a function written in Lua, or is Scrim's own
    /// (a script that made `scrim.Object.new` a method did not write it).
    func definition(of method: String, table pushSelfTable: () -> Bool) -> String? {
        let top = lua.top
        defer { lua.top = top }
        guard pushSelfTable() else { return nil }
        lua.push(methodKeys.key(method, in: lua))
        lua.lookupKey(inInstance: -2)
        guard lua_type(lua.L, -1) == LUA_TFUNCTION, lua_iscfunction(lua.L, -1) == 0 else { return nil }
        var info = lua_Debug()
        guard lua_getinfo(lua.L, ">S", &info) != 0, let source = info.source,
              strncmp(source, "=[scrim ", 8) != 0 else { return nil }
        let file = withUnsafeBytes(of: info.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "\(file):\(info.linedefined)"
    }

    /// Whether the Lua object whose table `pushSelfTable` pushes has a function `method`
    /// other than the one `base` (a class) defines.
    func hasMethod(_ method: String, table pushSelfTable: () -> Bool, unlessFrom base: LuaRef?) -> Bool {
        let top = lua.top
        defer { lua.top = top }
        return pushMethod(method, table: pushSelfTable, unlessFrom: base)
    }

    /// Pushes the function `method` of the Lua object whose table `pushSelfTable` pushes and
    /// returns true; or returns false, leaving what it pushed, when there is none or it is the
    /// one `base` (a class) defines.
    private func pushMethod(_ method: String, table pushSelfTable: () -> Bool, unlessFrom base: LuaRef?) -> Bool {
        guard pushSelfTable() else { return false }
        return lua.replaceInstanceWithMethod(methodKeys.key(method, in: lua), unlessFrom: base)
    }
}
