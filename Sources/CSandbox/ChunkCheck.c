/*
 * What a plugin's source may not contain, because the system's Lua 5.4.4 mishandles it
 * (docs/robustness.md, "The system Lua's bugs"):
 *
 * - a long run of indexings (`d.x.x.x…`, `((d.x).x).x`, `t[t[t[…]]]`): describing such a value in
 *   an error message recurses once per indexing in C (ldebug.c getobjname, unbounded before
 *   5.4.7), past the end of the C stack, in quadratic time the instruction budget cannot
 *   interrupt. Only one expression can chain so: a named local, an upvalue, a constant or a
 *   value made by an operator or in a branch ends the description;
 * - an attribute on `_ENV` (`local _ENV <const>`): code generation for it is wrong before 5.4.5
 *   (CVE-2022-28805).
 *
 * A small lexer finds both, skipping comments and strings as Lua's does.
 */
#include "CSandbox.h"

#include <stdio.h>
#include <string.h>

typedef struct lexer {
    const char *p, *end;
    int line;
} lexer;

/* At a line break: past it, counting it. "\r\n" and "\n\r" are one, as Lua's lexer counts them. */
static void skip_newline(lexer *x) {
    char first = *x->p++;
    if (x->p < x->end && (*x->p == '\n' || *x->p == '\r') && *x->p != first) x->p++;
    x->line++;
}

static int is_newline(char c) { return c == '\n' || c == '\r'; }

static int is_name_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static int is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

/* At `[` or `]`: the level of a long bracket `[==[` (its `=` count), or -1 when it is none. */
static int long_bracket(const lexer *x, char bracket) {
    const char *q = x->p + 1;
    int level = 0;
    while (q < x->end && *q == '=') q++, level++;
    return q < x->end && *q == bracket ? level : -1;
}

/* Skips a long string or comment whose opening bracket of `level` is at the cursor. */
static void skip_long(lexer *x, int level) {
    x->p += level + 2;
    while (x->p < x->end) {
        if (*x->p == ']' && long_bracket(x, ']') == level) {
            x->p += level + 2;
            return;
        }
        if (is_newline(*x->p)) skip_newline(x);
        else x->p++;
    }
}

static void skip_quoted(lexer *x) {
    char quote = *x->p++;
    while (x->p < x->end && *x->p != quote) {
        if (*x->p == '\\' && x->p + 1 < x->end) x->p++;
        if (is_newline(*x->p)) skip_newline(x);
        else x->p++;
    }
    if (x->p < x->end) x->p++;
}

/* The kinds of token the checks tell apart. */
enum { T_END, T_NAME, T_ENV, T_DOT, T_OPEN, T_CLOSE, T_PAREN, T_LITERAL, T_LESS, T_OTHER };

static int next_token(lexer *x) {
    for (;;) {
        char c;
        if (x->p >= x->end) return T_END;
        c = *x->p;
        if (is_newline(c)) {
            skip_newline(x);
        } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            x->p++;
        } else if (c == '-' && x->p + 1 < x->end && x->p[1] == '-') {
            x->p += 2;
            if (x->p < x->end && *x->p == '[' && long_bracket(x, '[') >= 0) {
                skip_long(x, long_bracket(x, '['));
            } else {
                /* A short comment ends at either line break, as in Lua's lexer. */
                while (x->p < x->end && !is_newline(*x->p)) x->p++;
            }
        } else {
            break;
        }
    }
    {
        const char *start = x->p;
        char c = *x->p;
        if (is_name_start(c)) {
            while (x->p < x->end && is_name_char(*x->p)) x->p++;
            return x->p - start == 4 && memcmp(start, "_ENV", 4) == 0 ? T_ENV : T_NAME;
        }
        if ((c >= '0' && c <= '9') || (c == '.' && x->p + 1 < x->end && x->p[1] >= '0' && x->p[1] <= '9')) {
            while (x->p < x->end) {
                char d = *x->p;
                if ((d == '+' || d == '-') && strchr("eEpP", x->p[-1])) x->p++;
                else if (is_name_char(d) || d == '.') x->p++;
                else break;
            }
            return T_LITERAL;
        }
        if (c == '"' || c == '\'') {
            skip_quoted(x);
            return T_LITERAL;
        }
        if (c == '[') {
            int level = long_bracket(x, '[');
            if (level >= 0) {
                skip_long(x, level);
                return T_LITERAL;
            }
            x->p++;
            return T_OPEN;
        }
        x->p++;
        if (c == ']') return T_CLOSE;
        if (c == '(' || c == ')') return T_PAREN;
        if (c == '.') {
            if (x->p < x->end && *x->p == '.') {
                while (x->p < x->end && *x->p == '.') x->p++;
                return T_OTHER;
            }
            return T_DOT;
        }
        if (c == '<') {
            if (x->p < x->end && (*x->p == '=' || *x->p == '<')) {
                x->p++;
                return T_OTHER;
            }
            return T_LESS;
        }
        return T_OTHER;
    }
}

int scrim_chunk_problem(const char *source, size_t length, char *message, size_t size) {
    lexer x = { source, source + length, 1 };
    int run = 0, previous = T_OTHER, token;
    if (length > 0 && source[0] == '\033') return 0; /* a binary chunk: load refuses it, or it is granted */
    while ((token = next_token(&x)) != T_END) {
        if (token == T_LESS && previous == T_ENV) {
            snprintf(message, size, "%d: an attribute on _ENV is refused in plugins "
                     "(the system's Lua 5.4.4 can compile 'local _ENV <const>' wrongly)", x.line);
            return 1;
        }
        if (token == T_DOT || token == T_OPEN) {
            if (++run > SCRIM_MAX_INDEXINGS) {
                snprintf(message, size, "%d: more than %d indexings in a row ('a.b.c…', 't[t[…]]') are refused in "
                         "plugins (the system's Lua 5.4.4 can overflow the C stack describing them in an error)",
                         x.line, SCRIM_MAX_INDEXINGS);
                return 1;
            }
        } else if (token != T_NAME && token != T_ENV && token != T_CLOSE && token != T_PAREN && token != T_LITERAL) {
            /* Anything else makes a new value (an operator, a constructor) or ends the expression:
               Lua's description of a value follows registers no further back. Parentheses make
               no value, and a call only overcounts. */
            run = 0;
        }
        previous = token;
    }
    return 0;
}
