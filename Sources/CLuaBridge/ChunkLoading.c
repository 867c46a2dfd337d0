/*
 * Loading chunks under the limits (docs/plugins.md, "Limits"). Lua's parser runs inside one C
 * call, where no hook fires, and some text costs it quadratic time: a chain of 40,000 `elseif`,
 * `and` or `or` takes it 2 s, 100,000 take 12 s. And a reader function given to `load` may be a
 * C function that never ends the text (`load(os.time)`). So the parser gets its text in pieces,
 * and before each piece the turn in flight is charged and looked at: once the turn is stopped
 * (the watchdog's time, a cancel, the budget) the load fails with the stop's message, located at
 * the line the parser has reached.
 */
#include "CLuaBridge.h"

#include <lua.h>
#include <lauxlib.h>
#include <stdlib.h>
#include <string.h>

/* Text goes to the parser 4 KB at a time: at the worst of the quadratic cases, a few hundred
   links of a chain, a tenth of a second. */
#define PIECE 4096

/* The slot where parse keeps the piece a reader function returned, as lbaselib's load does. */
#define RESERVED_SLOT 5

typedef struct piece_reader {
    const char *text, *chunkname;
    size_t left;
    int line;               /* where the parser is: the line after every piece it was given */
} piece_reader;

static void count_lines(piece_reader *reader, const char *piece, size_t size) {
    size_t i;
    for (i = 0; i < size; i++) reader->line += piece[i] == '\n';
}

/* Charges one unit to the turn in flight; when it is stopped, raises its message located at
   the parser's line, with the chunk named as Lua names it (from a function loaded with the
   same name, so the rules are Lua's own). */
static void check_turn(lua_State *L, piece_reader *reader) {
    lua_Debug ar;
    if (scrim_budget_check(L, 1) == SCRIM_STOP_NONE) return;
    if (luaL_loadbufferx(L, "", 0, reader->chunkname, "t") == LUA_OK && lua_getinfo(L, ">S", &ar)) {
        lua_pushfstring(L, "%s:%d: ", ar.short_src, reader->line);
    } else {
        lua_pop(L, 1);
        lua_pushfstring(L, "%s:%d: ", reader->chunkname, reader->line);
    }
    lua_insert(L, -2);
    lua_concat(L, 2);
    lua_error(L);
}

static const char *read_text(lua_State *L, void *data, size_t *size) {
    piece_reader *reader = data;
    const char *piece = reader->text;
    check_turn(L, reader);
    *size = reader->left < PIECE ? reader->left : PIECE;
    if (*size == 0) return NULL;
    reader->text += *size;
    reader->left -= *size;
    count_lines(reader, piece, *size);
    return piece;
}

/* The reader function at index 1, called as lbaselib's generic_reader calls it. */
static const char *read_from_function(lua_State *L, void *data, size_t *size) {
    piece_reader *reader = data;
    const char *piece;
    check_turn(L, reader);
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, RESERVED_SLOT);
    piece = lua_tolstring(L, RESERVED_SLOT, size);
    count_lines(reader, piece, *size);
    return piece;
}

/* What parse is asked to do. */
typedef struct load_request {
    lua_Reader read;
    piece_reader *reader;
    const char *mode;
    int status;
} load_request;

/* lua_load inside a call of its own: a reader's error (a stop, a reader function's) is raised
   while a message handler may be set, and only a protected call without one keeps the error a
   message. Index 1 holds the reader function or nil, 2 the request. */
static int parse(lua_State *L) {
    load_request *request = lua_touserdata(L, 2);
    lua_settop(L, RESERVED_SLOT);
    request->status = lua_load(L, request->read, request->reader, request->reader->chunkname, request->mode);
    return 1;
}

/* Pushes the chunk or the message; returns lua_load's status. */
static int load_in_pieces(lua_State *L, lua_Reader read, piece_reader *reader, int function, const char *mode) {
    load_request request = { read, reader, mode, LUA_OK };
    int status;
    luaL_checkstack(L, 3, "too many nested functions");
    lua_pushcfunction(L, parse);
    if (function) lua_pushvalue(L, function);
    else lua_pushnil(L);
    lua_pushlightuserdata(L, &request);
    status = lua_pcall(L, 2, 1, 0);
    return status != LUA_OK ? status : request.status;
}

int scrim_load_text(lua_State *L, const char *text, size_t length, const char *chunkname, const char *mode) {
    scrim_limits *limits = scrim_limits_of(L);
    piece_reader reader = { text, chunkname, length, 1 };
    scrim_turn_state turn;
    int status, own_turn = !scrim_limits_turn_in_flight(limits);
    if (own_turn) scrim_turn_begin(limits, L, &turn);
    status = load_in_pieces(L, read_text, &reader, 0, mode);
    if (own_turn) scrim_turn_end(limits, &turn);
    return status;
}

/* `load`, as lbaselib's (same arguments, results and messages), reading through the pieces;
   a load the turn's stop ends raises the stop in its caller. */
static int load(lua_State *L) {
    size_t length;
    const char *text = lua_tolstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    int status;
    if (text != NULL) {
        status = scrim_load_text(L, text, length, luaL_optstring(L, 2, text), mode);
    } else {
        piece_reader reader = { NULL, luaL_optstring(L, 2, "=(load)"), 0, 1 };
        luaL_checktype(L, 1, LUA_TFUNCTION);
        status = load_in_pieces(L, read_from_function, &reader, 1, mode);
    }
    if (status != LUA_OK) {
        /* A stopped load stops its caller, as any native work the budget stops does. */
        scrim_budget_charge(L, 0);
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

void scrim_open_budgeted_load(lua_State *L) {
    lua_pushcfunction(L, load);
    lua_setglobal(L, "load");
}

/* What scrim_dump writes into: a buffer that grows. */
typedef struct dump_buffer {
    unsigned char *bytes;
    size_t length, capacity;
} dump_buffer;

static int write_dump(lua_State *L, const void *piece, size_t size, void *data) {
    dump_buffer *buffer = data;
    (void)L;
    if (buffer->length + size > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + size) capacity *= 2;
        unsigned char *grown = realloc(buffer->bytes, capacity);
        if (!grown) return 1;
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->length, piece, size);
    buffer->length += size;
    return 0;
}

unsigned char *scrim_dump(lua_State *L, size_t *length) {
    dump_buffer buffer = { NULL, 0, 0 };
    if (lua_dump(L, write_dump, &buffer, 0) != 0) {
        free(buffer.bytes);
        return NULL;
    }
    *length = buffer.length;
    return buffer.bytes;
}
