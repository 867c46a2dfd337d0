/*
 * The trampoline of native functions (NativeCalls.h). The host's own work is never refused
 * memory: the cap is lifted while a native function runs. When that work took the state past
 * the cap on behalf of Lua code that runs capped, the call fails there with the cap's error,
 * after a full collection, so what the host allocated for a plugin counts as the plugin's.
 */
#include "NativeCalls.h"
#include "HostCall.h"
#include "Limits.h"
#include "MessageHandler.h"
#include <lua.h>
#include <lauxlib.h>

/* scrim_host_return when the call failed or went past the cap. */
int scrim_host_raise(lua_State *L, scrim_limits *limits, int capped, int n) {
    if (capped && n >= 0 && over_cap(limits)) {
        lua_gc(L, LUA_GCCOLLECT);
        if (over_cap_after_reclaiming(limits)) {
            scrim_where(L, 1);
            scrim_limits_push_cap_error(L, limits);
            lua_concat(L, 2);
            enforce(limits, capped);
            return lua_error(L);
        }
    }
    enforce(limits, capped);
    if (n == SCRIM_RAISE) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            scrim_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    if (n == SCRIM_RAISE_RAW) return lua_error(L);
    return n;
}

static int trampoline(lua_State *L) {
    scrim_native_fn fn = (scrim_native_fn)lua_touserdata(L, lua_upvalueindex(1));
    scrim_limits *limits;
    int capped = scrim_host_enter(L, &limits);
    return scrim_host_return(L, limits, capped, fn(L));
}

void scrim_pushnative(lua_State *L, scrim_native_fn fn, int nup) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nup > 0) lua_insert(L, -(nup + 1));
    lua_pushcclosure(L, trampoline, nup + 1);
}
