/*
 * The members of bridged objects, dispatched in C (BoundObjects.h). A member is found by the
 * address of its name: Lua interns short strings, and the class keeps its names alive in its
 * metatable, so no other string can have one of their addresses.
 */
#include "BoundObjects.h"
#include "HostCall.h"
#include "NativeCalls.h"
#include "NumberFields.h"
#include "RegistryTables.h"
#include <lua.h>
#include <lauxlib.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The longest string Lua 5.4 interns (LUAI_MAXSHORTLEN). */
#define SHORT_STRING 40

typedef struct {
    const char *name;
    const void *key;       /* the interned name's address, once installed; NULL: an empty slot */
    int getter, setter, method;
    int number_getter, number_setter;   /* scrim_class_add_number; -1: none */
    int object_getter;                  /* scrim_class_add_keyed; -1: none */
    int key_count;
    char *key_names[SCRIM_MAX_KEYS];
    const void *keys[SCRIM_MAX_KEYS];   /* their interned addresses, once installed */
} member;

struct scrim_class {
    void *context;
    scrim_member_fn get, set, call;
    scrim_number_get_fn get_number;
    scrim_number_set_fn set_number;
    scrim_object_get_fn get_object;
    int identity;           /* the identity table's registry reference */
    int keeps_lua_fields;
    int has_long_names;     /* a name Lua does not intern: found by the host, by name */
    member *members;        /* as declared, until installed */
    int count, capacity;
    member *slots;          /* open addressing by `key`, `mask + 1` of them */
    uintptr_t mask;
    const member **keyed;   /* keyed object methods by method number, once installed */
    int method_count;
};

scrim_class *scrim_class_new(void *context, scrim_member_fn get, scrim_member_fn set, scrim_member_fn call,
                             int keeps_lua_fields) {
    scrim_class *cls = calloc(1, sizeof *cls);
    if (!cls) return NULL;
    cls->context = context;
    cls->get = get;
    cls->set = set;
    cls->call = call;
    cls->keeps_lua_fields = keeps_lua_fields;
    return cls;
}

void scrim_class_free(scrim_class *cls) {
    if (!cls) return;
    for (int i = 0; i < cls->count; i++) {
        free((void *)cls->members[i].name);
        for (int k = 0; k < cls->members[i].key_count; k++) free(cls->members[i].key_names[k]);
    }
    free(cls->members);
    free(cls->keyed);
    free(cls->slots);
    free(cls);
}

void scrim_class_add(scrim_class *cls, const char *name, int getter, int setter, int method) {
    if (cls->count == cls->capacity) {
        int capacity = cls->capacity ? 2 * cls->capacity : 16;
        member *members = realloc(cls->members, capacity * sizeof *members);
        if (!members) return;
        cls->members = members;
        cls->capacity = capacity;
    }
    cls->members[cls->count++] = (member){ strdup(name), NULL, getter, setter, method, -1, -1, -1, 0, { 0 }, { 0 } };
}

void scrim_class_set_number_access(scrim_class *cls, scrim_number_get_fn get, scrim_number_set_fn set) {
    cls->get_number = get;
    cls->set_number = set;
}

void scrim_class_add_number(scrim_class *cls, const char *name, int getter, int setter) {
    for (int i = 0; i < cls->count; i++) {
        if (strcmp(cls->members[i].name, name) != 0) continue;
        cls->members[i].number_getter = cls->get_number ? getter : -1;
        cls->members[i].number_setter = cls->set_number ? setter : -1;
    }
}

void scrim_class_set_object_access(scrim_class *cls, scrim_object_get_fn get, int identity) {
    cls->get_object = get;
    cls->identity = identity;
}

void scrim_class_add_keyed(scrim_class *cls, const char *name, int getter, const char *const *keys, int count) {
    if (!cls->get_object || count > SCRIM_MAX_KEYS) return;
    for (int i = 0; i < cls->count; i++) {
        member *m = &cls->members[i];
        if (m->method < 0 || strcmp(m->name, name) != 0) continue;
        for (int k = 0; k < m->key_count; k++) free(m->key_names[k]);
        m->key_count = 0;
        for (int k = 0; k < count; k++) {
            if (strlen(keys[k]) > SHORT_STRING || !(m->key_names[k] = strdup(keys[k]))) break;
            m->key_count = k + 1;
        }
        m->object_getter = m->key_count == count ? getter : -1;
    }
}

static inline uintptr_t slot_of(const scrim_class *cls, const void *key) {
    uintptr_t h = (uintptr_t)key;
    return ((h >> 4) ^ (h >> 13)) & cls->mask;
}

static const member *find(const scrim_class *cls, const void *key) {
    if (!cls->slots) return NULL;
    for (uintptr_t i = slot_of(cls, key);; i = (i + 1) & cls->mask) {
        const member *m = &cls->slots[i];
        if (m->key == key) return m;
        if (!m->key) return NULL;
    }
}

int scrim_class_has_member(const scrim_class *cls, const void *key) {
    return find(cls, key) != NULL;
}

/* The object of the bound userdata at index 1 when it is one of `cls` and alive, else NULL.
   Its size is asked before its words are read: a light userdata, or a smaller full one, given
   to a metamethod reached some other way (a plugin granted `debug`) has none to read. */
static inline void *self_of(lua_State *L, const scrim_class *cls) {
    void **bound = (void **)lua_touserdata(L, 1);
    if (!bound || lua_rawlen(L, 1) != SCRIM_BOUND_SIZE || bound[1] != (void *)cls) return NULL;
    return bound[0];
}

/* The member that the string at index 2 names, or NULL. */
static inline const member *key_member(lua_State *L, const scrim_class *cls) {
    return lua_type(L, 2) == LUA_TSTRING ? find(cls, lua_topointer(L, 2)) : NULL;
}

static inline int host(lua_State *L, scrim_member_fn fn, const scrim_class *cls, void *object, int number) {
    scrim_limits *limits;
    int capped = scrim_host_enter(L, &limits);
    return scrim_host_return(L, limits, capped, fn(L, cls->context, object, number));
}

/* A number property read: no host entry, as scrim_number_get_fn promises. It allocates nothing,
   so the memory cap has nothing to refuse here: Lua memory over the cap is reported where code
   next allocates, as after a plain table read. */
static inline int push_number(lua_State *L, const scrim_class *cls, void *object, const member *m) {
    scrim_push_number(L, cls->get_number(cls->context, object, m->number_getter));
    return 1;
}

/* Whether the string key at index 2 can be a Lua field: it names no native member (`m`), and
   is short enough that no member the host finds by name could have it. */
static inline int field_key(lua_State *L, const scrim_class *cls, const member *m) {
    return !m && lua_type(L, 2) == LUA_TSTRING && (!cls->has_long_names || lua_rawlen(L, 2) <= SHORT_STRING);
}

static int bound_index(lua_State *L) {
    const scrim_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    void *object = self_of(L, cls);
    if (object && !cls->keeps_lua_fields) {
        const member *m = key_member(L, cls);
        if (!m) {
            if (cls->has_long_names && lua_type(L, 2) == LUA_TSTRING && lua_rawlen(L, 2) > SHORT_STRING) {
                return host(L, cls->get, cls, NULL, -1);
            }
            lua_pushnil(L);
            return 1;
        }
        if (m->number_getter >= 0) return push_number(L, cls, object, m);
        if (m->getter >= 0) return host(L, cls->get, cls, object, m->getter);
        lua_rawgeti(L, lua_upvalueindex(2), m->method + 1);
        return 1;
    }
    if (object) {
        const member *m = key_member(L, cls);
        if (m && m->number_getter >= 0) return push_number(L, cls, object, m);
        if (m && m->getter >= 0) return host(L, cls->get, cls, object, m->getter);
        /* A field or a Lua method — the instance's, or its Lua class's — found as the host
           finds it, else the native method of that name. */
        if (field_key(L, cls, m) || (m && m->method >= 0)) {
            if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
                lua_pushvalue(L, 2);
                if (lua_rawget(L, -2) != LUA_TNIL) return 1;    /* the instance's own field */
                lua_pop(L, 1);
                scrim_lookup_field(L, -1, 2);
                if (m && lua_isnil(L, -1)) lua_rawgeti(L, lua_upvalueindex(2), m->method + 1);
                else {
                    int nargs = scrim_class_table_view(L, -2, 2);
                    if (nargs) lua_call(L, nargs, 1);
                }
                return 1;
            }
            lua_settop(L, 2);
        }
    }
    return host(L, cls->get, cls, NULL, -1);
}

static int bound_newindex(lua_State *L) {
    const scrim_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    void *object = self_of(L, cls);
    if (object) {
        const member *m = key_member(L, cls);
        if (m && m->number_setter >= 0 && lua_type(L, 3) == LUA_TNUMBER) {
            cls->set_number(cls->context, object, m->number_setter, lua_tonumber(L, 3));
            return 0;
        }
        if (m && m->setter >= 0) return host(L, cls->set, cls, object, m->setter);
        /* A field of the instance, as the host would set it. */
        if (cls->keeps_lua_fields && field_key(L, cls, m)) {
            if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
                scrim_own_instance_table(L, 1);
                lua_pushvalue(L, 2);
                lua_pushvalue(L, 3);
                lua_rawset(L, -3);
                return 0;
            }
            lua_settop(L, 3);
        }
    }
    return host(L, cls->set, cls, NULL, -1);
}

static int bound_method(lua_State *L) {
    const scrim_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    return host(L, cls->call, cls, self_of(L, cls), (int)lua_tointeger(L, lua_upvalueindex(2)));
}

/* A keyed object method: the key at index 2 matched by address, the object answered by the
   host's getter and pushed from the identity table; anything else goes to the host's method. */
static int bound_keyed_method(lua_State *L) {
    const scrim_class *cls = lua_touserdata(L, lua_upvalueindex(1));
    lua_Integer number = lua_tointeger(L, lua_upvalueindex(2));
    void *object = self_of(L, cls);
    /* The number is the closure's upvalue: a plugin granted `debug` can change it. */
    if (object && number >= 0 && number < cls->method_count && cls->keyed[number] && lua_type(L, 2) == LUA_TSTRING) {
        const member *m = cls->keyed[number];
        const void *key = lua_topointer(L, 2);
        for (int k = 0; k < m->key_count; k++) {
            void *result;
            if (m->keys[k] != key) continue;
            if (!cls->get_object(cls->context, object, m->object_getter, k, &result)) break;
            if (!result) {
                lua_pushnil(L);
                return 1;
            }
            lua_rawgeti(L, LUA_REGISTRYINDEX, cls->identity);
            if (lua_rawgetp(L, -1, result) == LUA_TUSERDATA) return 1;
            lua_pop(L, 2);
            break;
        }
    }
    return host(L, cls->call, cls, object, (int)number);
}

void scrim_class_install(lua_State *L, scrim_class *cls, int metatable) {
    metatable = lua_absindex(L, metatable);
    uintptr_t size = 8;
    while (size < 2 * (uintptr_t)cls->count) size *= 2;
    free(cls->slots);
    cls->slots = calloc(size, sizeof *cls->slots);
    cls->mask = size - 1;

    int methods = 0;
    for (int i = 0; i < cls->count; i++) if (cls->members[i].method >= methods) methods = cls->members[i].method + 1;
    free(cls->keyed);
    cls->keyed = calloc(methods ? methods : 1, sizeof *cls->keyed);
    cls->method_count = cls->keyed ? methods : 0;
    lua_createtable(L, methods, 0);             /* by number, for __index */
    int by_number = lua_gettop(L);
    lua_createtable(L, 0, methods);             /* by name: __methods */
    int by_name = lua_gettop(L);
    lua_createtable(L, cls->count, 0);          /* the names, anchored */
    int names = lua_gettop(L);
    int anchored = cls->count;                  /* and after them, the keys */
    for (int i = 0; i < cls->count; i++) {
        member *m = &cls->members[i];
        lua_pushstring(L, m->name);
        const void *key = lua_topointer(L, -1);
        lua_rawseti(L, names, i + 1);
        if (strlen(m->name) > SHORT_STRING) {
            cls->has_long_names = 1;
        } else if (cls->slots) {
            m->key = key;
            uintptr_t s = slot_of(cls, key);
            while (cls->slots[s].key) s = (s + 1) & cls->mask;
            cls->slots[s] = *m;
        }
        int keyed = m->method >= 0 && m->object_getter >= 0 && !cls->keeps_lua_fields && cls->keyed;
        for (int k = 0; keyed && k < m->key_count; k++) {
            lua_pushstring(L, m->key_names[k]);
            m->keys[k] = lua_topointer(L, -1);
            lua_rawseti(L, names, ++anchored);
        }
        if (keyed) cls->keyed[m->method] = m;
        if (m->method >= 0) {
            lua_pushlightuserdata(L, cls);
            lua_pushinteger(L, m->method);
            lua_pushcclosure(L, keyed ? bound_keyed_method : bound_method, 2);
            lua_pushvalue(L, -1);
            lua_rawseti(L, by_number, m->method + 1);
            lua_setfield(L, by_name, m->name);
        }
    }
    lua_rawsetp(L, metatable, (void *)cls);     /* the names */
    lua_setfield(L, metatable, "__methods");
    lua_pushlightuserdata(L, cls);
    lua_insert(L, -2);
    lua_pushcclosure(L, bound_index, 2);
    lua_setfield(L, metatable, "__index");
    lua_pushlightuserdata(L, cls);
    lua_pushcclosure(L, bound_newindex, 1);
    lua_setfield(L, metatable, "__newindex");
}

void scrim_lookup_field(lua_State *L, int instance, int key) {
    instance = lua_absindex(L, instance);
    key = lua_absindex(L, key);
    lua_pushvalue(L, instance);                 /* the table searched, in place */
    int searched = lua_gettop(L);
    lua_pushliteral(L, "__index");              /* interned once for every level */
    int index_name = searched + 1;
    for (int depth = 0; depth < 64 && lua_type(L, searched) == LUA_TTABLE; depth++) {
        lua_pushvalue(L, key);
        if (lua_rawget(L, searched) != LUA_TNIL) {
            lua_copy(L, -1, searched);
            lua_settop(L, searched);
            return;
        }
        if (!lua_getmetatable(L, searched)) break;
        /* An instance's or a class's metatable indexes through a class's read-only view, and
           holds the class under the super key: the search goes there directly. */
        if (lua_rawgetp(L, -1, scrim_super_key()) != LUA_TTABLE) {
            lua_pop(L, 1);
            lua_pushvalue(L, index_name);
            /* A read-only view's `__index` is a function: its table is under the view key. */
            if (lua_rawget(L, -2) != LUA_TTABLE) lua_rawgetp(L, -2, scrim_view_key());
        }
        lua_copy(L, -1, searched);
        lua_settop(L, index_name);
    }
    lua_settop(L, searched - 1);
    lua_pushnil(L);
}

int scrim_find_method(lua_State *L, int instance, int key_ref, int base_ref) {
    instance = lua_absindex(L, instance);
    lua_rawgeti(L, LUA_REGISTRYINDEX, key_ref);
    int key = lua_gettop(L);
    scrim_lookup_field(L, instance, key);
    int found = lua_type(L, -1) == LUA_TFUNCTION;
    if (found && base_ref > 0 && lua_rawgeti(L, LUA_REGISTRYINDEX, base_ref) == LUA_TTABLE) {
        lua_pushvalue(L, key);
        lua_rawget(L, -2);
        found = !lua_rawequal(L, -1, -3);
    }
    if (found) lua_copy(L, key + 1, instance);
    lua_settop(L, key - 1);
    return found;
}

/* The registry's table of shared empty instance tables, with weak keys: each instance metatable
   to its shared empty table, and each shared empty table to true. */
static const char shared_instances_key = 0;

static void push_shared_instances(lua_State *L) { scrim_push_weak_keyed_table(L, &shared_instances_key); }

void scrim_share_instance_table(lua_State *L, int userdata, int meta) {
    userdata = lua_absindex(L, userdata);
    meta = lua_absindex(L, meta);
    push_shared_instances(L);
    lua_pushvalue(L, meta);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 0);
        lua_pushvalue(L, meta);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, meta);
        lua_pushvalue(L, -2);
        lua_rawset(L, -4);
        lua_pushvalue(L, -1);
        lua_pushboolean(L, 1);
        lua_rawset(L, -4);
    }
    lua_setiuservalue(L, userdata, 1);
    lua_pop(L, 1);
}

void scrim_own_instance_table(lua_State *L, int userdata) {
    userdata = lua_absindex(L, userdata);
    push_shared_instances(L);
    lua_pushvalue(L, -2);
    int shared = lua_rawget(L, -2) == LUA_TBOOLEAN;
    lua_pop(L, 2);
    if (!shared) return;
    lua_createtable(L, 0, 1);
    if (lua_getmetatable(L, -2)) lua_setmetatable(L, -2);
    lua_replace(L, -2);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, userdata, 1);
}

/* The function that makes a table's read-only view (scrim_set_class_table_view). */
static const char class_table_view_key = 0;

void scrim_set_class_table_view(lua_State *L) {
    lua_rawsetp(L, LUA_REGISTRYINDEX, &class_table_view_key);
}

int scrim_class_table_view(lua_State *L, int instance, int key) {
    if (lua_type(L, -1) != LUA_TTABLE) return 0;
    instance = lua_absindex(L, instance);
    key = lua_absindex(L, key);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &class_table_view_key) != LUA_TFUNCTION) {
        lua_pop(L, 1);
        return 0;
    }
    lua_insert(L, -2);
    /* Named as the class's own views name it: "class Card.settings". */
    const char *name = NULL;
    if (lua_getmetatable(L, instance)) {
        lua_pushliteral(L, "__name");
        if (lua_rawget(L, -2) == LUA_TSTRING) name = lua_tostring(L, -1);
        lua_pop(L, 2);  /* the string stays alive in the metatable */
    }
    if (name && lua_type(L, key) == LUA_TSTRING) lua_pushfstring(L, "class %s.%s", name, lua_tostring(L, key));
    else lua_pushliteral(L, "this table");
    return 2;
}
