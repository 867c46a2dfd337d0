#include "MessageHandler.h"
#include "Limits.h"
#include <lua.h>
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

/*
 * The message handler of every protected call the host makes: turns the error into a table
 * { message = string, where = "file:line" or nil, traceback = string, value = original }.
 * The message and the traceback are bounded: the host keeps them (in the trace, once per
 * error), and a script can raise a string of any size as often as it likes.
 * `where` is the first frame of the user's Lua code from the error's point, so errors raised
 * by native functions, or by Scrim's own chunks, point at the line that called them.
 */

/* Fills `ar` with the first frame from `level` that runs a line outside Scrim's chunks. */
static int user_frame(lua_State *L, int level, lua_Debug *ar) {
    for (; lua_getstack(L, level, ar); level++) {
        if (!lua_getinfo(L, "Sl", ar)) return 0;
        if (ar->currentline > 0 && strncmp(ar->source, "=[scrim ", 8) != 0) return 1;
    }
    return 0;
}

int scrim_format_where(lua_State *L, int level, char *buffer, size_t size) {
    lua_Debug ar;
    if (!user_frame(L, level, &ar)) return 0;
    snprintf(buffer, size, "%s:%d", ar.short_src, ar.currentline);
    return 1;
}

/* Whether the frame at `level` runs one of Scrim's own chunks. */
static int in_scrim_chunk(lua_State *L, int level) {
    lua_Debug ar;
    return lua_getstack(L, level, &ar) && lua_getinfo(L, "S", &ar) && strncmp(ar.source, "=[scrim ", 8) == 0;
}

void scrim_where(lua_State *L, int level) {
    while (in_scrim_chunk(L, level)) level++;
    luaL_where(L, level);
}

/* `error`, as lbaselib's, its level placed by scrim_where. */
static int error_located(lua_State *L) {
    int level = (int)luaL_optinteger(L, 2, 1);
    lua_settop(L, 1);
    if (lua_type(L, 1) == LUA_TSTRING && level > 0) {
        scrim_where(L, level);
        lua_pushvalue(L, 1);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

void scrim_open_located_error(lua_State *L) {
    lua_pushcfunction(L, error_located);
    lua_setglobal(L, "error");
}

void scrim_push_where(lua_State *L, int level) {
    lua_Debug ar;
    if (user_frame(L, level, &ar)) lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
    else lua_pushliteral(L, "");
}

void scrim_bound_message(lua_State *L) {
    size_t length, kept = SCRIM_MESSAGE_LIMIT;
    const char *text = lua_tolstring(L, -1, &length);
    if (text == NULL || length <= SCRIM_MESSAGE_LIMIT) return;
    while (kept > 0 && ((unsigned char)text[kept] & 0xC0) == 0x80) kept--;
    lua_pushlstring(L, text, kept);
    lua_pushfstring(L, "… (%I bytes more)", (lua_Integer)(length - kept));
    lua_concat(L, 2);
    lua_remove(L, -2);
}

/* A message located in one of Scrim's own chunks ("[scrim sandbox]:58: bad argument …", raised
   by a library function a wrapper called) is located again, at the user's frame from `level`. */
static void relocate_message(lua_State *L, int level) {
    const char *message = lua_tostring(L, -1), *rest;
    lua_Debug ar;
    if (message == NULL || strncmp(message, "[scrim ", 7) != 0 || (rest = strstr(message, "]:")) == NULL) return;
    rest += 2;
    if (*rest < '0' || *rest > '9') return;
    while (*rest >= '0' && *rest <= '9') rest++;
    if (rest[0] != ':' || rest[1] != ' ') return;
    rest += 2;
    if (user_frame(L, level, &ar)) lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, rest);
    else lua_pushstring(L, rest);
    lua_remove(L, -2);
}

static int message_handler(lua_State *L) {
    lua_Debug ar;
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
    scrim_bound_message(L);
    relocate_message(L, 1);
    lua_createtable(L, 0, 4);
    lua_insert(L, 2);
    lua_setfield(L, 2, "message");
    lua_pushvalue(L, 1);
    lua_setfield(L, 2, "value");
    if (user_frame(L, 1, &ar)) {
        lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
        lua_setfield(L, 2, "where");
    }
    luaL_traceback(L, L, NULL, 1);
    scrim_bound_message(L);
    lua_setfield(L, 2, "traceback");
    return 1;
}

void scrim_pushmsgh(lua_State *L) { lua_pushcfunction(L, message_handler); }
