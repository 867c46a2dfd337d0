/*
 * The members of bridged objects, dispatched in C: a class's `__index`, `__newindex` and methods
 * find a member by the address of its interned name and hand the host the object and the
 * member's number, so that an access costs one hash probe and one call into the host.
 *
 * A bound userdata is two pointers: the retained native object (NULL once collected) and its
 * class, the tag every access checks. What the fast path cannot answer — another class's object
 * as `self`, a collected object, a key that is not a member, a class that keeps Lua fields — goes
 * to the host with member -1 (or, for a method, with a NULL object), which answers it in full.
 */
#ifndef SCRIM_BOUND_OBJECTS_H
#define SCRIM_BOUND_OBJECTS_H

struct lua_State;

/* The bytes of a bound userdata: the object, then its class. */
#define SCRIM_BOUND_SIZE (2 * sizeof(void *))

/* A host function of a class: for `__index` (`member` a getter), `__newindex` (a setter; the
   value at stack index 3) or a method (arguments from index 1). `object` is the native object
   of stack index 1, or NULL when the host must check `self` itself. Returns its number of
   results, or SCRIM_RAISE / SCRIM_RAISE_RAW (NativeCalls.h). Runs with the cap lifted. */
typedef int (*scrim_member_fn)(struct lua_State *L, void *context, void *object, int member);

/* A number property's getter and setter, for members that read or write one number and do
   nothing else: nothing that can fail, allocate Lua memory or run Lua code. The C dispatch calls
   them directly, with no host entry around them (a setter only with a number at index 3; any
   other value goes to the host's setter of the member, which says what is wrong). */
typedef double (*scrim_number_get_fn)(void *context, void *object, int member);
typedef void (*scrim_number_set_fn)(void *context, void *object, int member, double value);

/* A keyed object method's direct answer, for methods that take a key among a few strings and
   return an object (`ctx:view("to")`): stores in `*result` the address of the object for key
   number `key` (NULL: nil) and returns 1, or returns 0 when only the host's method can answer.
   Like the number accessors, it must do nothing else: no check that can fail, no Lua, no
   allocation. The C dispatch pushes the object's userdata from the identity table; an object
   that has none yet goes to the host's method, which makes it. */
typedef int (*scrim_object_get_fn)(void *context, void *object, int member, int key, void **result);

typedef struct scrim_class scrim_class;

/* A class whose host functions get `context`; `keeps_lua_fields`: its objects have an instance
   table, consulted after native properties and before native methods (by the host). */
scrim_class *scrim_class_new(void *context, scrim_member_fn get, scrim_member_fn set, scrim_member_fn call,
                             int keeps_lua_fields);
void scrim_class_free(scrim_class *cls);

/* Gives `cls` its number properties' functions (scrim_class_add_number). */
void scrim_class_set_number_access(scrim_class *cls, scrim_number_get_fn get, scrim_number_set_fn set);

/* Gives `cls` its keyed object methods' function (scrim_class_add_keyed) and the registry
   reference of the identity table: objects by address, their userdata as values. */
void scrim_class_set_object_access(scrim_class *cls, scrim_object_get_fn get, int identity);

/* Declares member `name`: its getter, setter and method numbers, or -1 for none. Call before
   scrim_class_install. A name longer than Lua interns (40 bytes) is found by the host, by name. */
void scrim_class_add(scrim_class *cls, const char *name, int getter, int setter, int method);

/* Makes the member `name`, added before, a number property: `getter` and `setter` number it
   for the functions of scrim_class_set_number_access (-1: none). Its host getter and setter
   stay its slow path. */
void scrim_class_add_number(scrim_class *cls, const char *name, int getter, int setter);

/* Makes the method `name`, added before, a keyed object method: its first argument is matched
   against the `count` (at most SCRIM_MAX_KEYS) short strings `keys`, and `getter` numbers it
   for the function of scrim_class_set_object_access. Any other argument, and any object the
   getter does not answer, take the host's method. */
#define SCRIM_MAX_KEYS 4
void scrim_class_add_keyed(scrim_class *cls, const char *name, int getter, const char *const *keys, int count);

/* Sets `__index` and `__newindex` in the metatable at `metatable`, and `__methods`: a table of
   the methods by name, closures that call the host with their number. Anchors the member
   names in the metatable, so that their addresses stay theirs. */
void scrim_class_install(struct lua_State *L, scrim_class *cls, int metatable);

/* Whether `key`, a short string's address (lua_topointer), names a member of `cls`. */
int scrim_class_has_member(const scrim_class *cls, const void *key);

/* The light userdata under which a read-only view's metatable holds the table it shows. */
static inline void *scrim_view_key(void) { return (void *)0x5C414D00; }

/* The light userdata under which the metatable of a class, or of a class's instances, holds the
   class it indexes through: its `__index` is that class's read-only view, which the host's
   lookups go past. */
static inline void *scrim_super_key(void) { return (void *)0x5C414D01; }

/* Pushes instance[key], the key at `key` and the instance table at `instance`, found through the
   instance's class chain (each metatable's `__index` table, or a read-only view's table) without
   running metamethods; nil when absent. */
void scrim_lookup_field(struct lua_State *L, int instance, int key);

/* Replaces the instance table at `instance` with its method named by the string in registry slot
   `key_ref`, found as `scrim_lookup_field` finds it, and returns 1; or, when that is not a
   function or is the function the table in registry slot `base_ref` holds under the key (a base
   class's default, which stands for "not implemented"; `base_ref` <= 0 for none), leaves the
   stack as it was and returns 0. One call for what the runtime asks before every hook. */
int scrim_find_method(struct lua_State *L, int instance, int key_ref, int base_ref);

/* Gives the userdata at `userdata` its instance table: until a field is set, the empty table
   that every instance whose metatable is the table at `meta` shares (a controller with no fields
   of its own keeps no table of its own). Lookups through it are those of an empty table of its
   own; a write goes through `scrim_own_instance_table` first. */
void scrim_share_instance_table(struct lua_State *L, int userdata, int meta);

/* The instance table of the userdata at `userdata`, on top of the stack, made its own first if it
   is the shared empty one (`scrim_share_instance_table`): replaced, on the stack and as the
   userdata's user value, by a new empty table with the same metatable. Call it before writing. */
void scrim_own_instance_table(struct lua_State *L, int userdata);

/* Pops a function that makes a table's read-only view, for scrim_class_table_view. */
void scrim_set_class_table_view(struct lua_State *L);

/* A table a class holds, read through an instance, comes out read-only, as its class does through
   its instances (docs/plugins.md): when the value on top is a table — found under the key at
   `key` through the instance table at `instance` — pushes the view function below it and the
   view's name above it, and returns 2, the arguments the caller calls it with (one result);
   else returns 0 and leaves the stack as it was. */
int scrim_class_table_view(struct lua_State *L, int instance, int key);

#endif
