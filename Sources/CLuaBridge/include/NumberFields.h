/*
 * Tables of number fields, the shape geometry crosses into Lua in ({x=,y=,width=,height=}):
 * made and read in one C call each, their keys C string constants (which Lua's string cache
 * finds by address).
 */
#ifndef SCRIM_NUMBER_FIELDS_H
#define SCRIM_NUMBER_FIELDS_H

struct lua_State;

/* Pushes `value` as the host pushes a number: a whole number within ±2^53 as an integer (so
   that it prints as `12`), any other as a float. */
void scrim_push_number(struct lua_State *L, double value);

/* Pushes a new table with `keys[i] = values[i]` for i < n (each as scrim_push_number does),
   whose metatable is the registry's `metatable`. */
void scrim_push_numbers(struct lua_State *L, const char *const *keys, const double *values, int n,
                        const char *metatable);

/* Reads `values[i] = t[keys[i]]` of the table t at `index` without metamethods. Returns -1 when
   t is a table and each is a number, else the position of the first that is not (0 when t is
   not a table). */
int scrim_to_numbers(struct lua_State *L, int index, const char *const *keys, double *values, int n);

#endif
