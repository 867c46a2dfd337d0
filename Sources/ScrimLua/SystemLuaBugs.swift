import CLua
import Foundation

/// What a state does at birth about the bugs of the system's Lua (5.4.4) that reach every
/// script (docs/robustness.md, "The system Lua's bugs" has the whole table). The sandbox
/// handles the rest for plugins: no `__close` metamethod anywhere a plugin reaches, snapshots of
/// the metatables it sets, chunk checks (`Sandbox`, `scrim_chunk_problem`).
extension LuaState {
    func neutraliseKnownBugs() {
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
        guard load(source: LuaState.bugFixes, chunkName: "=[scrim lua fixes]") == nil,
              protectedCall(nargs: 0, nresults: 0) == nil else {
            fatalError("the fixes of the system Lua do not run")
        }
    }

    /// Run once, uncapped. A buffer box is made first: Lua < 5.4.9 leaves the box's metatable
    /// empty for the life of the state when its first use runs out of memory (lauxlib.c
    /// newbox). Then library functions are replaced for every script. `string.gmatch` (the
    /// string metatable's too): Lua < 5.4.9 does not reset a gmatch iterator's recursion budget
    /// after an error, so a second call recurses without bound — an iterator that failed stays
    /// failed. `utf8.codes`: Lua < 5.4.6 accepts stray continuation bytes — invalid UTF-8 is an
    /// error, as since.
    static let bugFixes = #"""
local gmatch, codes, len, error, type, pcall = string.gmatch, utf8.codes, utf8.len, error, type, pcall
local pack, unpack, gsub = table.pack, table.unpack, string.gsub
string.rep("x", 4096)

function string.gmatch(s, pattern, init)
  local iterate = gmatch(s, pattern, init)
  local failed = false
  return function()
    if failed then error("a gmatch iterator that failed cannot go on", 2) end
    local results = pack(pcall(iterate))
    if not results[1] then
      failed = true
      local problem = results[2]
      if type(problem) ~= "string" then error(problem, 0) end
      error((gsub(problem, "^%[scrim lua fixes%]:%d+: ", "")), 2)
    end
    return unpack(results, 2, results.n)
  end
end

function utf8.codes(s, lax)
  if type(s) == "string" and not len(s, 1, -1, lax) then error("invalid UTF-8 code", 2) end
  return codes(s, lax)
end
"""#
}
