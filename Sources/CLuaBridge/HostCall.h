/*
 * Entering the host from Lua (NativeCalls.c, BoundObjects.c): the host's own work is never
 * refused memory, so the cap is lifted while it runs; what it allocated on behalf of Lua code
 * that runs capped is checked after it returns, and its errors are raised then, once no Swift
 * frame is on the stack.
 */
#ifndef SCRIM_HOST_CALL_H
#define SCRIM_HOST_CALL_H

#include "LimitsRecord.h"
#include <lua.h>

/* The limits of `L`, and the cap lifted: returns whether it held (for scrim_host_return). */
static inline int scrim_host_enter(lua_State *L, scrim_limits **limits) {
    void *ud;
    lua_getallocf(L, &ud);
    *limits = (scrim_limits *)ud;
    return enforce(*limits, 0);
}

int scrim_host_raise(lua_State *L, scrim_limits *limits, int capped, int n);

/* What a host function that returned `n` returns to Lua: `n`, or the error it raised, or the
   cap's error when its work took Lua code that runs capped past the cap. */
static inline int scrim_host_return(lua_State *L, scrim_limits *limits, int capped, int n) {
    if (n < 0 || (capped && over_cap(limits))) return scrim_host_raise(L, limits, capped, n);
    enforce(limits, capped);
    return n;
}

#endif
