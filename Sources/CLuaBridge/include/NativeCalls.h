/*
 * Native functions callable from Lua: a Swift function is entered through a C trampoline, so
 * a Lua error is never raised while a Swift frame is on the stack (lua_error longjmps, and a
 * longjmp across Swift frames is undefined behaviour). A Swift function signals an error by
 * returning SCRIM_RAISE with the error value on top of the stack; the trampoline raises it after
 * the Swift frames have returned.
 */
#ifndef SCRIM_NATIVE_CALLS_H
#define SCRIM_NATIVE_CALLS_H

struct lua_State;

/* A Swift function callable from Lua: returns the number of results, or one of the codes below. */
typedef int (*scrim_native_fn)(struct lua_State *L);

/* Raise the value on top of the stack; a string gets the calling Lua line prepended (luaL_error's rule). */
#define SCRIM_RAISE (-1)
/* Raise the value on top of the stack as it is. */
#define SCRIM_RAISE_RAW (-2)

/* Pushes a C closure calling `fn`; `nup` upvalues on the stack become upvalues 2…nup+1. */
void scrim_pushnative(struct lua_State *L, scrim_native_fn fn, int nup);

#endif
