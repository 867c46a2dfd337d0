/*
 * Tables the bridge keeps in the registry under the address of a static of its own, which no
 * script can name: the stopped coroutines (Limits.c), the shared empty instance tables
 * (BoundObjects.c).
 */
#ifndef SCRIM_REGISTRY_TABLES_H
#define SCRIM_REGISTRY_TABLES_H

struct lua_State;

/* Pushes the registry's table under `key`, made with weak keys on first use. */
void scrim_push_weak_keyed_table(struct lua_State *L, const void *key);

#endif
