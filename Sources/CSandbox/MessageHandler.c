#include "MessageHandler.h"
#include "Limits.h"
#include <lua.h>
#include <lauxlib.h>

/*
 * The message handler of every protected call the host makes: turns the error into a table
 * { message = string, where = "file:line" or nil, traceback = string, value = original }.
 * `where` is the first Lua frame from the error's point, so errors raised by native
 * functions point at the Lua line that called them.
 */
static int message_handler(lua_State *L) {
    lua_Debug ar;
    int level;
    lua_settop(L, 1);
    /* The message first: a `__tostring` is Lua code, held to the limits like any. */
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        /* as lua.c does: a number is its text */
        lua_pushvalue(L, 1);
        lua_tostring(L, -1);
    } else if (!luaL_callmeta(L, 1, "__tostring") || lua_type(L, -1) != LUA_TSTRING) {
        lua_settop(L, 1);
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    /* The rest of the report is the host's work, never refused memory (the gate restores the
       cap). Room for the traceback: Lua < 5.4.7's luaL_traceback can need more than it checks. */
    scrim_limits_enforce(scrim_limits_of(L), 0);
    lua_checkstack(L, LUA_MINSTACK);
    lua_createtable(L, 0, 4);
    lua_insert(L, 2);
    lua_setfield(L, 2, "message");
    lua_pushvalue(L, 1);
    lua_setfield(L, 2, "value");
    for (level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar)) break;
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
            lua_setfield(L, 2, "where");
            break;
        }
    }
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, 2, "traceback");
    return 1;
}

void scrim_pushmsgh(lua_State *L) { lua_pushcfunction(L, message_handler); }
