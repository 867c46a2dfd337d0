import CLua
import CSandbox

/// The standard library as every script gets it under the limits (docs/plugins.md, "Limits"):
/// the pattern functions, `string.rep` and `table.move` are Scrim's own, which charge their work
/// to the budget as they go (one C call of the system's could backtrack for ever where no hook
/// fires; PatternMatching.c); `coroutine.resume` and `coroutine.wrap` keep the budget and the
/// watchdog on the coroutine they run; `setmetatable` refuses `__gc`, because Lua runs
/// finalizers with hooks off, where no budget or watchdog can stop one.
extension LuaState {
    func installBudgetedLibrary() {
        lua_getglobal(L, "string")
        lua_getglobal(L, "table")
        scrim_open_budgeted_library(L, -2, -1)
        scrim_pop(L, 2)
        lua_getglobal(L, "coroutine")
        scrim_limits_open_coroutines(L, -1)
        scrim_pop(L, 1)
        guard load(source: LuaState.budgetedLibrary, chunkName: "=[scrim limits]") == nil,
              protectedCall(nargs: 0, nresults: 0) == nil else {
            fatalError("the budgeted library does not run")
        }
    }

    static let budgetedLibrary = #"""
local create, resume, status, close = coroutine.create, coroutine.resume, coroutine.status, coroutine.close
local error, type, rawget, setmetatable = error, type, rawget, setmetatable
local debugSetmetatable = debug.setmetatable

-- As the library's: errors come out with the caller's position; a coroutine that failed is closed.
function coroutine.wrap(f)
  local co = create(f)
  local function finish(ok, ...)
    if ok then return ... end
    local problem = ...
    if status(co) == "dead" then close(co) end
    if type(problem) == "string" then error(problem, 2) end
    error(problem, 0)
  end
  return function(...) return finish(resume(co, ...)) end
end

local function refuseFinalizer(mt, fname)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("bad argument #2 to '" .. fname .. "' ('__gc' metamethods are not allowed: Lua runs " ..
          "finalizers where no budget or watchdog can stop them)", 3)
  end
end

function _G.setmetatable(t, mt)
  refuseFinalizer(mt, "setmetatable")
  return setmetatable(t, mt)
end

function debug.setmetatable(value, mt)
  refuseFinalizer(mt, "setmetatable")
  return debugSetmetatable(value, mt)
end
"""#
}
