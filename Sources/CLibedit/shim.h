/*
 * libedit (BSD editline) for the REPL. el_set and history take variable arguments, which Swift
 * cannot call: these wrappers name each use.
 */
#ifndef SCRIM_CLIBEDIT_SHIM_H
#define SCRIM_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>

typedef char *(*scrim_el_prompt_fn)(EditLine *);

/* An editor on the standard streams. */
static inline EditLine *scrim_el_init(const char *program) { return el_init(program, stdin, stdout, stderr); }
typedef unsigned char (*scrim_el_command_fn)(EditLine *, int);

static inline int scrim_el_set_prompt(EditLine *el, scrim_el_prompt_fn prompt) { return el_set(el, EL_PROMPT, prompt); }
static inline int scrim_el_set_editor(EditLine *el, const char *mode) { return el_set(el, EL_EDITOR, mode); }
static inline int scrim_el_set_history(EditLine *el, History *h) { return el_set(el, EL_HIST, history, h); }
static inline int scrim_el_add_command(EditLine *el, const char *name, const char *help, scrim_el_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int scrim_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}
static inline int scrim_el_source_defaults(EditLine *el) { return el_source(el, NULL); }

static inline int scrim_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int scrim_history_unique(History *h) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, 1);
}
static inline int scrim_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int scrim_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int scrim_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
