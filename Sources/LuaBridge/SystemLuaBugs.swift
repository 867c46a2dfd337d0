import CLua
import Foundation

/// What a state does at birth about the bugs of the system's Lua (5.4.4) that reach every
/// script (docs/robustness.md, "The system Lua's bugs" has the whole table). The sandbox
/// handles the rest for plugins: no `__close` metamethod anywhere a plugin reaches, snapshots of
/// the metatables it sets, chunk checks (`Sandbox`, `scrim_chunk_problem`).
extension LuaState {
    package func neutraliseKnownBugs() {
        // Lua < 5.4.8 allocates "error in error handling" where a memory error cannot be caught
        // (luaD_seterrorobj): interned and kept, the string is found, never allocated.
        push("error in error handling")
        _ = luaL_ref(L, scrim_registryindex())
        // Lua < 5.4.7 reads past a string when strcoll calls unequal strings equal (l_strcmp):
        // Scrim compares strings bytewise, as the C locale does.
        if let current = setlocale(LC_COLLATE, nil).map({ String(cString: $0) }),
           !["C", "POSIX", "C.UTF-8", "C.utf8"].contains(current) {
            setlocale(LC_COLLATE, "C")
        }
        guard load(builtIn: LuaState.bugFixes, chunkName: "=[scrim lua fixes]") == nil,
              protectedCall(nargs: 0, nresults: 0) == nil else {
            fatalError("the fixes of the system Lua do not run")
        }
    }

    /// Run once, uncapped. A buffer box is made first: Lua < 5.4.9 leaves the box's metatable
    /// empty for the life of the state when its first use runs out of memory (lauxlib.c
    /// newbox). Then `utf8.codes` is replaced for every script: Lua < 5.4.6 accepts stray
    /// continuation bytes — invalid UTF-8 is an error, as since. (Lua < 5.4.9 does not reset a
    /// gmatch iterator's recursion budget after an error; Scrim's own pattern functions,
    /// `installBudgetedLibrary`, start each call afresh.)
    package static let bugFixes = String(decoding: PackageResources.system_lua_fixes_lua, as: UTF8.self)
}
