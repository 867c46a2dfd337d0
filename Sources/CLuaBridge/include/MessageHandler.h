/*
 * The message handler of every protected call the host makes (MessageHandler.c).
 */
#ifndef SCRIM_MESSAGE_HANDLER_H
#define SCRIM_MESSAGE_HANDLER_H

#include <stddef.h>

struct lua_State;

/* Pushes the handler: it turns an error into { message = string, where = "file:line" or nil,
   traceback = string, value = original }; a message or traceback longer than
   SCRIM_MESSAGE_LIMIT bytes keeps its beginning and says how many bytes were left out. */
#define SCRIM_MESSAGE_LIMIT (16 << 10)

/* Replaces the string on top of the stack, when longer than SCRIM_MESSAGE_LIMIT bytes, with its
   beginning (cut where a character starts) and "… (N bytes more)". */
void scrim_bound_message(struct lua_State *L);
void scrim_pushmsgh(struct lua_State *L);

/* Where an error at stack `level` is the user's: the first frame from there that runs a line of
   Lua code outside Scrim's own chunks (named "=[scrim …]"), which an error in them, or a stop
   that lands in them, is the caller's. Pushes "file:line: ", or "" when there is none. */
void scrim_push_where(struct lua_State *L, int level);

/* luaL_where, but a level that lands in Scrim's own chunks (the sandbox's wrappers, the
   prelude's constructors, the read-only views) goes on to their caller. */
void scrim_where(struct lua_State *L, int level);

/* Replaces the global `error` with one that places its level by scrim_where. */
void scrim_open_located_error(struct lua_State *L);

/* The same place as "file:line" in `buffer`, without touching the Lua stack (so the allocator
   may ask, as it refuses memory); returns 0, the buffer untouched, when there is none. */
int scrim_format_where(struct lua_State *L, int level, char *buffer, size_t size);

#endif
