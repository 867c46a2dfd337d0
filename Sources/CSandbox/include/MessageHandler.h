/*
 * The message handler of every protected call the host makes (MessageHandler.c).
 */
#ifndef SCRIM_MESSAGE_HANDLER_H
#define SCRIM_MESSAGE_HANDLER_H

struct lua_State;

/* Pushes the handler: it turns an error into { message = string, where = "file:line" or nil,
   traceback = string, value = original }. */
void scrim_pushmsgh(struct lua_State *L);

#endif
