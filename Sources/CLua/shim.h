/*
 * CLua: the system's Lua 5.4, plus functions for the parts of its API that are C macros
 * (Swift cannot import macros). (The trampoline of native functions, the message handler of
 * protected calls and the limits are CSandbox's.)
 */
#ifndef SCRIM_CLUA_SHIM_H
#define SCRIM_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The API's macros, as functions. */
static inline int scrim_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int scrim_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int scrim_ridx_globals(void) { return LUA_RIDX_GLOBALS; }
static inline int scrim_noref(void) { return LUA_NOREF; }
static inline int scrim_multret(void) { return LUA_MULTRET; }
static inline void scrim_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void scrim_newtable(lua_State *L) { lua_newtable(L); }
static inline void scrim_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void scrim_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void scrim_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline void scrim_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline void *scrim_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline int scrim_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    return lua_pcall(L, nargs, nresults, msgh);
}
static inline const char *scrim_tostring(lua_State *L, int idx, size_t *len) { return lua_tolstring(L, idx, len); }
static inline lua_Number scrim_tonumber(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline lua_Integer scrim_tointeger(lua_State *L, int idx, int *isnum) { return lua_tointegerx(L, idx, isnum); }
static inline void **scrim_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }
static inline const char *scrim_typename(lua_State *L, int idx) { return luaL_typename(L, idx); }

/* A file of the io library for the descriptor `fd` (opened by the host, see CSandbox), as
 * io.open makes one: io.type, file:read, file:lines, file:close and the rest work on it.
 * Returns 0, with `fd` closed and nothing pushed, when fdopen fails. */
static int scrim_closefile(lua_State *L) {
    luaL_Stream *stream = (luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE);
    return luaL_fileresult(L, fclose(stream->f) == 0, NULL);
}

static inline int scrim_pushfile(lua_State *L, int fd, const char *mode) {
    FILE *file = fdopen(fd, mode);
    luaL_Stream *stream;
    if (file == NULL) {
        close(fd);
        return 0;
    }
    stream = (luaL_Stream *)lua_newuserdatauv(L, sizeof(luaL_Stream), 0);
    stream->f = file;
    stream->closef = scrim_closefile;
    luaL_setmetatable(L, LUA_FILEHANDLE);
    return 1;
}

#endif
