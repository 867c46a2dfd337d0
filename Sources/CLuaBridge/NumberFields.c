/* Tables of number fields (NumberFields.h). */
#include "NumberFields.h"
#include <lua.h>
#include <lauxlib.h>
#include <math.h>

void scrim_push_number(lua_State *L, double value) {
    if (value == floor(value) && fabs(value) < 9007199254740992.0) lua_pushinteger(L, (lua_Integer)value);
    else lua_pushnumber(L, value);
}

void scrim_push_numbers(lua_State *L, const char *const *keys, const double *values, int n, const char *metatable) {
    lua_createtable(L, 0, n);
    for (int i = 0; i < n; i++) {
        scrim_push_number(L, values[i]);
        lua_setfield(L, -2, keys[i]);
    }
    luaL_setmetatable(L, metatable);
}

int scrim_to_numbers(lua_State *L, int index, const char *const *keys, double *values, int n) {
    if (lua_type(L, index) != LUA_TTABLE) return 0;
    index = lua_absindex(L, index);
    for (int i = 0; i < n; i++) {
        lua_pushstring(L, keys[i]);
        int type = lua_rawget(L, index);
        values[i] = lua_tonumberx(L, -1, NULL);
        lua_pop(L, 1);
        if (type != LUA_TNUMBER) return i;
    }
    return -1;
}
