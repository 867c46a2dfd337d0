/*
 * Lua 5.4's string.find, string.match, string.gmatch, string.gsub, string.rep and table.move,
 * as the system's Lua 5.4.4 behaves (results, arguments and error messages alike), written again
 * so that their work is charged to the running entry's budget.
 *
 * The system library's versions run inside one C call where no count hook fires: a pattern such
 * as ("x?"):rep(100)..("x"):rep(100) backtracks exponentially, string.rep("", math.maxinteger)
 * loops 2^63 times, table.move(t, 1, 2^62, 2) 2^62 times, and neither the budget nor the
 * watchdog could stop them. Here each step of matching (an item tried at a position, a
 * backtrack), each element moved and each 64 bytes copied is counted, and every
 * CHARGE_BATCH units are passed to scrim_budget_charge, which raises a Lua error once the
 * entry must stop. Nothing here holds memory of its own across a charge: buffers are Lua's.
 *
 * A gmatch iterator starts each call afresh, so one that failed (a spent budget, a pattern too
 * complex) can be called again safely, which the system's cannot (its recursion limit is not
 * reset after an error).
 */
#include <lua.h>
#include <lauxlib.h>
#include "CLuaBridge.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#define CHARGE_BATCH 1024
#define MAX_CAPTURES 32  /* LUA_MAXCAPTURES */
#define MAX_DEPTH 200    /* nested calls of `match`: MAXCCALLS in lstrlib.c */
#define CAP_OPEN (-1)
#define CAP_POSITION (-2)
#define SPECIALS "^$*+?.([%-"
/* The longest string string.rep makes: lstrlib.c's MAXSIZE, which fits in an int. */
#define MAX_STRING (sizeof(size_t) < sizeof(int) ? (size_t)-1 : (size_t)INT_MAX)

#define uchar(c) ((unsigned char)(c))

/* Work done and not yet charged. */
typedef struct meter {
    lua_State *L;
    long long units;
} meter;

static void meter_flush(meter *m) {
    long long units = m->units;
    m->units = 0;
    if (units > 0) scrim_budget_charge(m->L, units);
}

static void meter_add(meter *m, long long units) {
    m->units += units;
    if (m->units >= CHARGE_BATCH) meter_flush(m);
}

/* Copies `n` bytes in slices, charging one unit per 64 bytes. */
static void copy_metered(meter *m, char *to, const char *from, size_t n) {
    while (n > 0) {
        size_t slice = n < 65536 ? n : 65536;
        memcpy(to, from, slice);
        to += slice, from += slice, n -= slice;
        meter_add(m, 1 + (long long)(slice >> 6));
    }
}

/* The 0-based offset where a search starts, from the Lua index `pos` (negative from the end). */
static size_t start_offset(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos - 1;
    if (pos == 0 || pos < -(lua_Integer)len) return 0;
    return len - (size_t)-pos;
}


/* ---------------------------------------------------------------------------------------- */
/* The matcher                                                                                */

typedef struct matcher {
    meter m;
    const char *src, *src_end, *pat_end;
    int depth;  /* calls of `match` that may still nest */
    int level;  /* captures begun */
    struct {
        const char *start;
        ptrdiff_t len;  /* or CAP_OPEN, CAP_POSITION */
    } cap[MAX_CAPTURES];
} matcher;

static void matcher_init(matcher *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    ms->m.L = L;
    ms->m.units = 0;
    ms->src = s;
    ms->src_end = s + ls;
    ms->pat_end = p + lp;
    ms->depth = MAX_DEPTH;
    ms->level = 0;
}

/* Whether the character `c` is in the class `%cl`; a `cl` that names no class stands for itself. */
static int class_has(int c, int cl) {
    int in;
    switch (tolower(cl)) {
    case 'a': in = isalpha(c); break;
    case 'c': in = iscntrl(c); break;
    case 'd': in = isdigit(c); break;
    case 'g': in = isgraph(c); break;
    case 'l': in = islower(c); break;
    case 'p': in = ispunct(c); break;
    case 's': in = isspace(c); break;
    case 'u': in = isupper(c); break;
    case 'w': in = isalnum(c); break;
    case 'x': in = isxdigit(c); break;
    case 'z': in = c == 0; break;
    default: return cl == c;
    }
    return isupper(cl) ? !in : in;
}

/* Whether `c` is in the set from the '[' at `p` to the ']' at `close`. */
static int set_has(int c, const char *p, const char *close) {
    int found = 1;
    if (p[1] == '^') {
        found = 0;
        p++;
    }
    for (p++; p < close; p++) {
        if (*p == '%') {
            p++;
            if (class_has(c, uchar(*p))) return found;
        } else if (p[1] == '-' && p + 2 < close) {
            if (uchar(p[0]) <= c && c <= uchar(p[2])) return found;
            p += 2;
        } else if (uchar(*p) == c) {
            return found;
        }
    }
    return !found;
}

/* Where the single-character item at `p` ends (a class, an escape, a set, or one character). */
static const char *item_end(matcher *ms, const char *p) {
    const char *q = p + 1;
    if (*p == '%') {
        if (q == ms->pat_end) luaL_error(ms->m.L, "malformed pattern (ends with '%%')");
        return q + 1;
    }
    if (*p != '[') return q;
    /* The first member may be ']'; an escaped ']' does not close the set. */
    if (*q == '^') q++;
    for (;;) {
        if (q == ms->pat_end) luaL_error(ms->m.L, "malformed pattern (missing ']')");
        q += *q == '%' && q + 1 < ms->pat_end ? 2 : 1;
        if (*q == ']') return q + 1;
    }
}

/* Whether the subject's character at `s` matches the item from `p` to `ep`. */
static int item_matches(const matcher *ms, const char *s, const char *p, const char *ep) {
    int c;
    if (s >= ms->src_end) return 0;
    c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case '%': return class_has(c, uchar(p[1]));
    case '[': return set_has(c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

static const char *match(matcher *ms, const char *s, const char *p);

/* `x*` (or `x+` past its first character): the longest run first, then shorter ones. */
static const char *expand_longest(matcher *ms, const char *s, const char *p, const char *ep) {
    ptrdiff_t n = 0;
    while (item_matches(ms, s + n, p, ep)) n++;
    meter_add(&ms->m, n);
    for (; n >= 0; n--) {
        const char *end = match(ms, s + n, ep + 1);
        if (end != NULL) return end;
        meter_add(&ms->m, 1);
    }
    return NULL;
}

/* `x-`: the shortest run first, then longer ones. */
static const char *expand_shortest(matcher *ms, const char *s, const char *p, const char *ep) {
    for (;;) {
        const char *end = match(ms, s, ep + 1);
        if (end != NULL) return end;
        if (!item_matches(ms, s, p, ep)) return NULL;
        s++;
        meter_add(&ms->m, 1);
    }
}

static const char *open_capture(matcher *ms, const char *s, const char *p, ptrdiff_t what) {
    const char *end;
    if (ms->level >= MAX_CAPTURES) luaL_error(ms->m.L, "too many captures");
    ms->cap[ms->level].start = s;
    ms->cap[ms->level].len = what;
    ms->level++;
    end = match(ms, s, p);
    if (end == NULL) ms->level--;
    return end;
}

static const char *close_capture(matcher *ms, const char *s, const char *p) {
    const char *end;
    int i = ms->level - 1;
    while (i >= 0 && ms->cap[i].len != CAP_OPEN) i--;
    if (i < 0) luaL_error(ms->m.L, "invalid pattern capture");
    ms->cap[i].len = s - ms->cap[i].start;
    end = match(ms, s, p);
    if (end == NULL) ms->cap[i].len = CAP_OPEN;
    return end;
}

/* `%1`–`%9` (and the invalid `%0`): the text of a closed capture again. */
static const char *match_back_reference(matcher *ms, const char *s, int digit) {
    int i = digit - '1';
    size_t len;
    if (i < 0 || i >= ms->level || ms->cap[i].len == CAP_OPEN)
        luaL_error(ms->m.L, "invalid capture index %%%d", i + 1);
    if (ms->cap[i].len == CAP_POSITION) return NULL;
    len = (size_t)ms->cap[i].len;
    if ((size_t)(ms->src_end - s) < len) return NULL;
    meter_add(&ms->m, (long long)(len >> 6));
    return memcmp(ms->cap[i].start, s, len) == 0 ? s + len : NULL;
}

/* `%bxy` with `p` at x. At the end of the subject `*s` is its terminating '\0'. */
static const char *match_balance(matcher *ms, const char *s, const char *p) {
    const char *q;
    int open, close, depth = 1;
    if (p >= ms->pat_end - 1) luaL_error(ms->m.L, "malformed pattern (missing arguments to '%%b')");
    if (*s != *p) return NULL;
    open = *p;
    close = p[1];
    for (q = s + 1; q < ms->src_end; q++) {
        if (*q == close) {
            if (--depth == 0) break;
        } else if (*q == open) {
            depth++;
        }
    }
    meter_add(&ms->m, q - s);
    return q < ms->src_end ? q + 1 : NULL;
}

/* `%f[set]` with `p` at '['. */
static const char *match_frontier(matcher *ms, const char *s, const char *p) {
    const char *ep;
    int before;
    if (*p != '[') luaL_error(ms->m.L, "missing '[' after '%%f' in pattern");
    ep = item_end(ms, p);
    before = s == ms->src ? 0 : uchar(s[-1]);
    return !set_has(before, p, ep - 1) && set_has(uchar(*s), p, ep - 1) ? ep : NULL;
}

/* The end of a match of the pattern from `p` at the subject's `s`, or NULL. It recurses only
   where the rest of the pattern must be tried from several places (after a capture's bound, a
   quantifier), at most MAX_DEPTH deep. Malformed items are reported when they are reached. */
static const char *match(matcher *ms, const char *s, const char *p) {
    if (ms->depth-- == 0) luaL_error(ms->m.L, "pattern too complex");
    while (p != ms->pat_end) {
        const char *ep;
        meter_add(&ms->m, 1);
        switch (*p) {
        case '(':
            s = p[1] == ')' ? open_capture(ms, s, p + 2, CAP_POSITION) : open_capture(ms, s, p + 1, CAP_OPEN);
            goto done;
        case ')':
            s = close_capture(ms, s, p + 1);
            goto done;
        case '$':
            if (p + 1 != ms->pat_end) break;  /* an ordinary character */
            if (s != ms->src_end) s = NULL;
            goto done;
        case '%':
            if (p[1] == 'b') {
                if ((s = match_balance(ms, s, p + 2)) == NULL) goto done;
                p += 4;
                continue;
            }
            if (p[1] == 'f') {
                if ((p = match_frontier(ms, s, p + 2)) == NULL) {
                    s = NULL;
                    goto done;
                }
                continue;
            }
            if (isdigit(uchar(p[1]))) {
                if ((s = match_back_reference(ms, s, uchar(p[1]))) == NULL) goto done;
                p += 2;
                continue;
            }
            break;  /* a class or an escaped character */
        }
        ep = item_end(ms, p);
        if (!item_matches(ms, s, p, ep)) {
            if (*ep != '*' && *ep != '?' && *ep != '-') {
                s = NULL;
                goto done;
            }
            p = ep + 1;  /* zero repetitions */
            continue;
        }
        switch (*ep) {
        case '?': {
            const char *end = match(ms, s + 1, ep + 1);
            if (end != NULL) {
                s = end;
                goto done;
            }
            p = ep + 1;
            continue;
        }
        case '+': s = expand_longest(ms, s + 1, p, ep); goto done;
        case '*': s = expand_longest(ms, s, p, ep); goto done;
        case '-': s = expand_shortest(ms, s, p, ep); goto done;
        default:
            s++;
            p = ep;
        }
    }
done:
    ms->depth++;
    return s;
}

/* Capture `i` of the match from `s` to `e` (the whole match for `i` 0 in a pattern without
   captures): its start, and its length or CAP_POSITION. */
static ptrdiff_t capture_of(matcher *ms, int i, const char *s, const char *e, const char **start) {
    if (i >= ms->level) {
        if (i != 0) luaL_error(ms->m.L, "invalid capture index %%%d", i + 1);
        *start = s;
        return e - s;
    }
    if (ms->cap[i].len == CAP_OPEN) luaL_error(ms->m.L, "unfinished capture");
    *start = ms->cap[i].start;
    return ms->cap[i].len;
}

static void push_capture(matcher *ms, int i, const char *s, const char *e) {
    const char *start;
    ptrdiff_t len = capture_of(ms, i, s, e, &start);
    if (len == CAP_POSITION) lua_pushinteger(ms->m.L, (start - ms->src) + 1);
    else lua_pushlstring(ms->m.L, start, (size_t)len);
}

/* Pushes the captures, or the whole match when there are none and `s` is not NULL. */
static int push_captures(matcher *ms, const char *s, const char *e) {
    int i, n = ms->level == 0 && s != NULL ? 1 : ms->level;
    luaL_checkstack(ms->m.L, n, "too many captures");
    for (i = 0; i < n; i++) push_capture(ms, i, s, e);
    return n;
}


/* ---------------------------------------------------------------------------------------- */
/* find, match, gmatch, gsub                                                                  */

static int has_specials(const char *p, size_t lp) {
    size_t i;
    for (i = 0; i < lp; i++)
        if (memchr(SPECIALS, p[i], sizeof SPECIALS - 1) != NULL) return 1;
    return 0;
}

/* The first occurrence of p in s, or NULL. */
static const char *find_plain(meter *m, const char *s, size_t ls, const char *p, size_t lp) {
    const char *last;
    if (lp == 0) return s;
    if (lp > ls) return NULL;
    last = s + (ls - lp);
    while (s <= last) {
        const char *at = memchr(s, *p, (size_t)(last - s) + 1);
        if (at == NULL) return NULL;
        meter_add(m, 1 + (long long)(((size_t)(at - s) + lp) >> 6));
        if (memcmp(at + 1, p + 1, lp - 1) == 0) return at;
        s = at + 1;
    }
    return NULL;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
        meter m = {L, 0};
        const char *at = find_plain(&m, s + init, ls - init, p, lp);
        meter_flush(&m);
        if (at != NULL) {
            lua_pushinteger(L, (at - s) + 1);
            lua_pushinteger(L, (lua_Integer)((size_t)(at - s) + lp));
            return 2;
        }
    } else {
        matcher ms;
        const char *at = s + init;
        int anchored = *p == '^';
        if (anchored) p++, lp--;
        matcher_init(&ms, L, s, ls, p, lp);
        do {
            const char *e;
            ms.level = 0;
            if ((e = match(&ms, at, p)) != NULL) {
                meter_flush(&ms.m);
                if (!find) return push_captures(&ms, at, e);
                lua_pushinteger(L, (at - s) + 1);
                lua_pushinteger(L, e - s);
                return push_captures(&ms, NULL, NULL) + 2;
            }
        } while (at++ < ms.src_end && !anchored);
        meter_flush(&ms.m);
    }
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, 1); }
static int str_match(lua_State *L) { return find_or_match(L, 0); }

/* A gmatch iterator's place; the subject and pattern are its upvalues 1 and 2. */
typedef struct gmatch_state {
    const char *next;     /* where the next search starts */
    const char *last_end; /* where the last match ended: no match may end there again */
} gmatch_state;

static int gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    gmatch_state *g = (gmatch_state *)lua_touserdata(L, lua_upvalueindex(3));
    const char *at;
    matcher ms;
    matcher_init(&ms, L, s, ls, p, lp);
    for (at = g->next; at <= ms.src_end; at++) {
        const char *e;
        ms.level = 0;
        if ((e = match(&ms, at, p)) != NULL && e != g->last_end) {
            meter_flush(&ms.m);  /* before the iterator moves on, so that a stop loses no match */
            g->next = g->last_end = e;
            return push_captures(&ms, at, e);
        }
    }
    meter_flush(&ms.m);
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    size_t init;
    gmatch_state *g;
    luaL_checklstring(L, 2, &lp);
    init = start_offset(luaL_optinteger(L, 3, 1), ls);
    if (init > ls) init = ls + 1;
    lua_settop(L, 2);
    g = (gmatch_state *)lua_newuserdatauv(L, sizeof *g, 0);
    g->next = s + init;
    g->last_end = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

/* Adds the replacement string (argument 3) for the match from `s` to `e`, its `%n` expanded. */
static void add_template(matcher *ms, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = ms->m.L;
    size_t l;
    const char *t = lua_tolstring(L, 3, &l), *end = t + l, *esc;
    meter_add(&ms->m, (long long)(l >> 6));
    while ((esc = memchr(t, '%', (size_t)(end - t))) != NULL) {
        luaL_addlstring(b, t, (size_t)(esc - t));
        esc++;  /* the terminating '\0' when '%' ends the template */
        if (*esc == '%') {
            luaL_addchar(b, '%');
        } else if (*esc == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit(uchar(*esc))) {
            const char *start;
            ptrdiff_t len = capture_of(ms, *esc - '1', s, e, &start);
            if (len == CAP_POSITION) {
                lua_pushinteger(L, (start - ms->src) + 1);
                luaL_addvalue(b);
            } else {
                luaL_addlstring(b, start, (size_t)len);
            }
        } else {
            luaL_error(L, "invalid use of '%%' in replacement string");
        }
        t = esc + 1;
    }
    luaL_addlstring(b, t, (size_t)(end - t));
}

/* Adds the replacement of the match from `s` to `e`; returns whether it may differ from it. */
static int add_replacement(matcher *ms, luaL_Buffer *b, const char *s, const char *e, int type) {
    lua_State *L = ms->m.L;
    if (type == LUA_TFUNCTION) {
        int n;
        lua_pushvalue(L, 3);
        n = push_captures(ms, s, e);
        lua_call(L, n, 1);
    } else if (type == LUA_TTABLE) {
        push_capture(ms, 0, s, e);
        lua_gettable(L, 3);
    } else {
        add_template(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {  /* nil or false: the match stays */
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *src = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int type = lua_type(L, 3);
    lua_Integer max = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    int anchored = *p == '^', changed = 0;
    const char *last_end = NULL;
    lua_Integer n = 0;
    matcher ms;
    luaL_Buffer b;
    luaL_argexpected(L, type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TFUNCTION || type == LUA_TTABLE,
                     3, "string/function/table");
    luaL_buffinit(L, &b);
    if (anchored) p++, lp--;
    matcher_init(&ms, L, src, ls, p, lp);
    while (n < max) {
        const char *e;
        ms.level = 0;
        if ((e = match(&ms, src, p)) != NULL && e != last_end) {
            n++;
            changed |= add_replacement(&ms, &b, src, e, type);
            src = last_end = e;
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);
        } else {
            break;
        }
        if (anchored) break;
    }
    meter_flush(&ms.m);
    if (changed) {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    } else {
        lua_pushvalue(L, 1);
    }
    lua_pushinteger(L, n);
    return 2;
}


/* ---------------------------------------------------------------------------------------- */
/* rep, move                                                                                  */

/* The result is `s sep s sep … s`: the first `total` bytes of `s sep` repeated, which is made
   by writing `s sep` once and then copying what is written after itself, doubling it. */
static int str_rep(lua_State *L) {
    size_t l, lsep, unit, total, done;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    meter m = {L, 0};
    luaL_Buffer b;
    char *out;
    unit = l + lsep;
    if (n <= 0 || unit == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (unit < l || unit > MAX_STRING / (size_t)n) return luaL_error(L, "resulting string too large");
    total = (size_t)n * unit - lsep;
    out = luaL_buffinitsize(L, &b, total);
    copy_metered(&m, out, s, l);
    done = l;
    if (done < total) {
        copy_metered(&m, out + done, sep, lsep);
        done += lsep;
    }
    while (done < total) {
        size_t more = done < total - done ? done : total - done;
        copy_metered(&m, out + done, out, more);
        done += more;
    }
    meter_flush(&m);
    luaL_pushresultsize(&b, total);
    return 1;
}

/* As table.move requires of its tables: a table, or a value whose metatable has `field`. */
static void check_table(lua_State *L, int arg, const char *field) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    if (lua_getmetatable(L, arg)) {
        lua_pushstring(L, field);
        if (lua_rawget(L, -2) != LUA_TNIL) {
            lua_pop(L, 2);
            return;
        }
    }
    luaL_checktype(L, arg, LUA_TTABLE);
}

static int tab_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int to = lua_isnoneornil(L, 5) ? 1 : 5;
    check_table(L, 1, "__index");
    check_table(L, to, "__newindex");
    if (e >= f) {
        meter m = {L, 0};
        lua_Integer n, i;
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        /* Front to back unless the ranges overlap in the same table with the destination after. */
        if (t > e || t <= f || (to != 1 && !lua_compare(L, 1, to, LUA_OPEQ))) {
            for (i = 0; i < n; i++) {
                lua_geti(L, 1, f + i);
                lua_seti(L, to, t + i);
                meter_add(&m, 1);
            }
        } else {
            for (i = n - 1; i >= 0; i--) {
                lua_geti(L, 1, f + i);
                lua_seti(L, to, t + i);
                meter_add(&m, 1);
            }
        }
        meter_flush(&m);
    }
    lua_pushvalue(L, to);
    return 1;
}

void scrim_open_budgeted_library(lua_State *L, int string_index, int table_index) {
    static const luaL_Reg string_functions[] = {
        {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch},
        {"gsub", str_gsub}, {"rep", str_rep}, {NULL, NULL},
    };
    const luaL_Reg *r;
    string_index = lua_absindex(L, string_index);
    table_index = lua_absindex(L, table_index);
    for (r = string_functions; r->name != NULL; r++) {
        lua_pushcfunction(L, r->func);
        lua_setfield(L, string_index, r->name);
    }
    lua_pushcfunction(L, tab_move);
    lua_setfield(L, table_index, "move");
}
