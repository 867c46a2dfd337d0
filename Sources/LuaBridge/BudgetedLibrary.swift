import CLua
import CLuaBridge

/// The standard library as every script gets it under the limits (docs/plugins.md, "Limits"):
/// the pattern functions, `string.rep` and `table.move` are Scrim's own, which charge their work
/// to the budget as they go (one C call of the system's could backtrack for ever where no hook
/// fires; PatternMatching.c); `table.insert`, `remove` and `concat` on a table with a metatable
/// (whose `__len` may lie) run in Lua, and `table.sort` compares in Lua, so a hook reaches them;
/// `coroutine.resume` and `coroutine.wrap` keep the budget and the watchdog on the coroutine
/// they run; `xpcall` does not call its message handler once the entry is stopped (Lua calls
/// the handler of a hook's error with hooks off, where a handler that loops runs for ever);
/// `load` gives the parser its text in pieces and stops between them once the entry
/// is stopped (some text costs Lua's parser quadratic time, and a reader function may never end
/// the text; ChunkLoading.c); `setmetatable` refuses `__gc`, and the files' metatable is not
/// handed out, because Lua runs finalizers with hooks off, where no budget or watchdog can stop
/// one.
extension LuaState {
    package func installBudgetedLibrary() {
        lua_getglobal(L, "string")
        lua_getglobal(L, "table")
        scrim_open_budgeted_library(L, -2, -1)
        scrim_pop(L, 2)
        lua_getglobal(L, "coroutine")
        scrim_limits_open_coroutines(L, -1)
        scrim_pop(L, 1)
        scrim_open_budgeted_load(L)
        scrim_limits_open_xpcall(L)
        // Scripts do not get the files' metatable (`getmetatable` gives false): one that gained a
        // `__gc` would run it, hooks off, for every file opened after.
        if lua_getfield(L, scrim_registryindex(), "FILE*") == LUA_TTABLE {
            lua_pushboolean(L, 0)
            lua_setfield(L, -2, "__metatable")
        }
        scrim_pop(L, 1)
        guard load(builtIn: LuaState.budgetedLibrary, chunkName: "=[scrim limits]") == nil,
              protectedCall(nargs: 0, nresults: 0) == nil else {
            fatalError("the budgeted library does not run")
        }
    }

    package static let budgetedLibrary = String(decoding: PackageResources.budgeted_library_lua, as: UTF8.self)
}
