/*
 * CLua: the system's Lua 5.4, plus functions for the parts of its API that are C macros
 * (Swift cannot import macros) and the trampoline through which Swift functions are called
 * from Lua.
 *
 * The trampoline exists so that a Lua error is never raised while a Swift frame is on the
 * stack: lua_error longjmps, and a longjmp across Swift frames is undefined behaviour. A Swift
 * function signals an error by returning SCRIM_RAISE with the error value on top of the stack;
 * the trampoline raises it after the Swift frames have returned.
 */
#ifndef SCRIM_CLUA_SHIM_H
#define SCRIM_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <pthread.h>
#include <unistd.h>

/*
 * Limits (design section 7). One scrim_limits per state is the allocator's userdata: it
 * counts the bytes Lua holds and refuses an allocation that would pass `memory_cap` (0: no
 * cap), which Lua reports as a memory error in the running code — the process goes on. While
 * the host runs a callback it installs scrim_budget_hook, which counts instructions in steps
 * and raises an error in the running Lua code once `instruction_budget` is spent.
 */
typedef struct scrim_limits {
    size_t memory_used;
    size_t memory_cap;
    size_t memory_peak;
    /* The cap applies only while Lua code of a callback runs: never to the host's own pushes
       or inside native functions, where a memory error would unwind through Swift frames. */
    int enforcing;
    long long instructions;
    long long instruction_budget;
} scrim_limits;

#define SCRIM_HOOK_STEP 1000

static void *scrim_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    scrim_limits *limits = (scrim_limits *)ud;
    size_t old = ptr ? osize : 0;
    void *block;
    if (nsize == 0) {
        free(ptr);
        limits->memory_used -= old;
        return NULL;
    }
    if (limits->enforcing && limits->memory_cap > 0 && nsize > old && limits->memory_used - old + nsize > limits->memory_cap) return NULL;
    block = realloc(ptr, nsize);
    if (block == NULL) return NULL;
    limits->memory_used = limits->memory_used - old + nsize;
    if (limits->memory_used > limits->memory_peak) limits->memory_peak = limits->memory_used;
    return block;
}

static int scrim_panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "scrim: unprotected Lua error: %s\n", message ? message : "(not a string)");
    return 0;
}

static inline lua_State *scrim_newstate(scrim_limits *limits) {
    lua_State *L = lua_newstate(scrim_alloc, limits);
    if (L) lua_atpanic(L, scrim_panic);
    return L;
}

static void scrim_budget_hook(lua_State *L, lua_Debug *ar) {
    void *ud;
    scrim_limits *limits;
    (void)ar;
    lua_getallocf(L, &ud);
    limits = (scrim_limits *)ud;
    limits->instructions += lua_gethookcount(L);
    if (limits->instruction_budget > 0 && limits->instructions > limits->instruction_budget) {
        /* From now on every instruction raises again, so code that catches the error with
           pcall stops at its next instruction too. */
        lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, 1);
        luaL_where(L, 0);
        lua_pushfstring(L, "callback stopped: it ran past its budget of %I Lua instructions",
                        (lua_Integer)limits->instruction_budget);
        lua_concat(L, 2);
        lua_error(L);
    }
}

/* Starts counting for a callback (the hook stays for the coroutines it creates). */
static inline void scrim_budget_start(lua_State *L, scrim_limits *limits) {
    limits->instructions = 0;
    lua_sethook(L, scrim_budget_hook, LUA_MASKCOUNT, SCRIM_HOOK_STEP);
}

static inline void scrim_budget_stop(lua_State *L) { lua_sethook(L, NULL, 0, 0); }

/* A Swift function callable from Lua: returns the number of results, or one of the codes below. */
typedef int (*scrim_native_fn)(lua_State *L);

/* Raise the value on top of the stack; a string gets the calling Lua line prepended (luaL_error's rule). */
#define SCRIM_RAISE (-1)
/* Raise the value on top of the stack as it is. */
#define SCRIM_RAISE_RAW (-2)

static int scrim_trampoline(lua_State *L) {
    scrim_native_fn fn = (scrim_native_fn)lua_touserdata(L, lua_upvalueindex(1));
    void *ud;
    int enforcing, n;
    lua_getallocf(L, &ud);
    enforcing = ((scrim_limits *)ud)->enforcing;
    ((scrim_limits *)ud)->enforcing = 0;
    n = fn(L);
    ((scrim_limits *)ud)->enforcing = enforcing;
    if (n == SCRIM_RAISE) {
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    if (n == SCRIM_RAISE_RAW) return lua_error(L);
    return n;
}

/* Pushes a C closure calling `fn`; `nup` upvalues on the stack become upvalues 2…nup+1. */
static inline void scrim_pushnative(lua_State *L, scrim_native_fn fn, int nup) {
    lua_pushlightuserdata(L, (void *)fn);
    if (nup > 0) lua_insert(L, -(nup + 1));
    lua_pushcclosure(L, scrim_trampoline, nup + 1);
}

/*
 * The message handler of every protected call: turns the error into a table
 * { message = string, where = "file:line" or nil, traceback = string, value = original }.
 * `where` is the first Lua frame from the error's point, so errors raised by native
 * functions point at the Lua line that called them.
 */
static int scrim_msgh(lua_State *L) {
    lua_Debug ar;
    int level;
    lua_settop(L, 1);
    /* Room for the traceback (Lua < 5.4.7's luaL_traceback can need more than it checks for). */
    lua_checkstack(L, LUA_MINSTACK);
    lua_createtable(L, 0, 4);
    lua_pushvalue(L, 1);
    lua_setfield(L, 2, "value");
    if (lua_type(L, 1) == LUA_TSTRING || lua_type(L, 1) == LUA_TNUMBER) {
        /* as lua.c does: a number is its text */
        lua_pushvalue(L, 1);
        lua_tostring(L, -1);
    } else if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) {
        /* the metamethod's string is on the stack */
    } else {
        if (lua_gettop(L) > 2) lua_settop(L, 2);
        lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    lua_setfield(L, 2, "message");
    for (level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar)) break;
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d", ar.short_src, ar.currentline);
            lua_setfield(L, 2, "where");
            break;
        }
    }
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, 2, "traceback");
    return 1;
}

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
static inline void scrim_pushmsgh(lua_State *L) { lua_pushcfunction(L, scrim_msgh); }
static inline int scrim_loadbuffer(lua_State *L, const char *buf, size_t size, const char *name, const char *mode) {
    return luaL_loadbufferx(L, buf, size, name, mode);
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

/* Ctrl-C, as lua.c handles it: while the host evaluates user code it names the state in
 * scrim_interrupt_target; SIGINT then sets a hook that raises "interrupted!" at the state's next
 * instruction, call or return (never inside a native function). scrim_interrupt_count counts
 * every SIGINT, so a host idle at a prompt can notice one. Used from ScrimLua only. */
static lua_State *volatile scrim_interrupt_target = NULL;
static volatile sig_atomic_t scrim_interrupt_count = 0;

static void scrim_interrupt_raise(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted!");
}

static void scrim_interrupt_signal(int signal_number) {
    (void)signal_number;
    lua_State *L = scrim_interrupt_target;
    scrim_interrupt_count++;
    if (L) lua_sethook(L, scrim_interrupt_raise, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

static inline int scrim_interrupt_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = scrim_interrupt_signal;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    /* A host started with SIGINT blocked (inherited from its parent) would never see one. */
    sigset_t interrupt;
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    return pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
}

static inline void scrim_interrupt_arm(lua_State *L) { scrim_interrupt_target = L; }
static inline void scrim_interrupt_disarm(lua_State *L) {
    scrim_interrupt_target = NULL;
    if (lua_gethook(L) == scrim_interrupt_raise) lua_sethook(L, NULL, 0, 0);
}
static inline int scrim_interrupt_signals(void) { return (int)scrim_interrupt_count; }

#endif
