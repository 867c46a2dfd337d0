/*
 * CLuaBridge: what the Lua bridge does in C, where Swift cannot (Lua's macros, errors raised by
 * longjmp, hooks): the limits (an instruction budget and a watchdog per turn, a memory cap on
 * every allocation, cancels), the message handler of protected calls, the trampoline of native
 * functions, and the standard library's long C calls rewritten to charge their work to the
 * budget as they go.
 */
#ifndef SCRIM_CLUABRIDGE_H
#define SCRIM_CLUABRIDGE_H

#include <stddef.h>
#include "Limits.h"
#include "NativeCalls.h"
#include "MessageHandler.h"
#include "BoundObjects.h"
#include "NumberFields.h"

struct lua_State;

/* Replaces find, match, gmatch, gsub and rep in the table at `string_index`, and move in the
   table at `table_index`, with versions that behave as Lua 5.4.4's but charge their work to the
   running entry's budget through scrim_budget_charge (PatternMatching.c), so that no pattern,
   repetition or move can run unbounded inside one C call. */
void scrim_open_budgeted_library(struct lua_State *L, int string_index, int table_index);

/* Loads `length` bytes of `text` as lua_load does (the function or the error pushed, the status
   returned), giving the parser its text in pieces and stopping between them once the turn in
   flight is stopped (ChunkLoading.c); with no turn in flight, the load is a turn of its own. */
int scrim_load_text(struct lua_State *L, const char *text, size_t length, const char *chunkname, const char *mode);

/* The function on top of the stack in Lua's binary form (lua_dump, debug information kept), in
   a buffer the caller frees; NULL when it cannot be made. */
unsigned char *scrim_dump(struct lua_State *L, size_t *length);

/* Replaces the global `load` with one that reads its text, or calls its reader function,
   under the same watch. */
void scrim_open_budgeted_load(struct lua_State *L);

#endif
