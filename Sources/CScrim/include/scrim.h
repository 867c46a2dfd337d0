/*
 * scrim.h — embedding Scrim, UIKit's view-controller machinery with transitions in Lua, from C.
 *
 * A runtime is an opaque handle. It lives on a thread of its own: every function below may be
 * called from any thread, waits while the runtime's thread does the work, and returns. Between
 * calls that thread serves the runtime's control socket (scrim_listen), reloads plugins whose
 * files change, and ticks a real clock.
 *
 * Strings are UTF-8 and NUL-terminated. A string a function hands back through a `char **` is
 * the caller's: release it with scrim_free. Functions return SCRIM_OK or an error code; then
 * scrim_last_error() describes the failure (per thread, until that thread's next call).
 *
 * Link with `pkg-config --cflags --libs scrim` (libCScrim).
 */
#ifndef SCRIM_H
#define SCRIM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A runtime: clock, run loop, window, Lua state, plugins, trace. */
typedef struct scrim_runtime scrim_runtime;

/** What a function returns. */
typedef int scrim_status;
enum {
    SCRIM_OK = 0,
    /** A bad argument: a null handle or string, options that do not parse, a value out of range;
        a handle that is not live (destroyed, or never made); a call that would wait for ever
        (from a trace callback into a runtime whose own callback is waiting on this one). */
    SCRIM_ERROR_ARGUMENT = 1,
    /** Lua code failed: the chunk of scrim_eval or scrim_run_script, a plugin's load or reload. */
    SCRIM_ERROR_LUA = 2,
    /** The control socket could not listen (the path, its folder, another runtime there). */
    SCRIM_ERROR_SOCKET = 3,
    /** scrim_cancel stopped the frames of scrim_tick or scrim_advance. */
    SCRIM_ERROR_CANCELLED = 4
};

/**
 * Called with each trace event as one line of JSON (no newline), on the runtime's thread,
 * while the call that caused it runs (or while the runtime serves its socket). It may call
 * scrim functions on the same runtime; they run at once.
 */
typedef void (*scrim_trace_callback)(const char *json_line, void *context);

/** The library's version, like "0.9.0". */
const char *scrim_version(void);

/**
 * Makes a runtime. `options_json` may be NULL (all defaults) or a JSON object with any of:
 *   "clock":      "virtual" (default: time moves only with scrim_tick / scrim_advance) or "real"
 *   "fps":        frames per second, 1…1000 (default 60)
 *   "device":     a device preset: "iPhone SE", "iPhone 15" (default), "iPhone 15 Pro Max",
 *                 "iPad Air", "iPad Pro 13"
 *   "pluginPaths": folders searched for plugins, in order
 *   "defaultPluginPaths": true (default) to search also ./Plugins, $SCRIM_PLUGIN_PATH and
 *                 Scrim's shipped plugins after "pluginPaths"
 *   "instructionBudget": Lua instructions one entry into Lua may run once counted, after its
 *                 first 5 ms (default 10000000), or null for none
 *   "memoryCap":  bytes the Lua state may hold (default 268435456), or null for none
 *   "timeLimit":  seconds one entry into Lua may run by the wall clock before the watchdog
 *                 stops it (default 2), or null for none
 *   "grants":     {"plugin-name": "io,os"}: what a plugin may do beyond the sandbox
 *   "transitionWatchdog": seconds after which a transition that never completes is ended
 * On success stores the runtime in *runtime.
 */
scrim_status scrim_create(const char *options_json, scrim_runtime **runtime);

/**
 * Stops the runtime's thread and releases the runtime (and its control sockets). NULL is ignored.
 * Refused, leaving the runtime live (scrim_last_error says why), for a handle that is not live
 * and from the runtime's own trace callback (or one it is waiting for): the thread this waits
 * for is the one running it. Not while another thread is calling the same runtime.
 */
void scrim_destroy(scrim_runtime *runtime);

/** Loads a plugin by name (found along the plugin paths) or by path (a .lua file or a folder). */
scrim_status scrim_load_plugin(scrim_runtime *runtime, const char *name_or_path);

/** Reloads a loaded plugin from its files; on failure the old version stays live. */
scrim_status scrim_reload_plugin(scrim_runtime *runtime, const char *name);

/** Runs a scenario script file with the scenario surface as globals. */
scrim_status scrim_run_script(scrim_runtime *runtime, const char *path);

/**
 * Runs a chunk of Lua as the REPL does (an expression's values are its results). If result_json
 * is not NULL it receives, also when the chunk fails,
 *   {"output": "what it printed\n", "results": [JSON values], "descriptions": ["tostring of each"],
 *    "error": {"message": …, "where": "file:line", "traceback": …}}   ("error" only on failure)
 * Returns SCRIM_ERROR_LUA when the chunk failed.
 */
scrim_status scrim_eval(scrim_runtime *runtime, const char *code, char **result_json);

/** Runs `frames` run-loop turns (a virtual clock moves one frame before each): at most an hour of
    them (216000 at 60 fps), as Lua's `step`. */
scrim_status scrim_tick(scrim_runtime *runtime, int32_t frames);

/** Runs the frames in `seconds` (0…3600, as Lua's `run`) of clock time, rounded to whole frames. */
scrim_status scrim_advance(scrim_runtime *runtime, double seconds);

/**
 * Stops what the runtime is running now, from any thread (the one waiting in another call
 * stays blocked until then): a chunk of scrim_eval fails with "interrupted!", the frames of
 * scrim_tick or scrim_advance stop (SCRIM_ERROR_CANCELLED). Call it from a thread, not from
 * inside a signal handler (it takes a lock).
 */
scrim_status scrim_cancel(scrim_runtime *runtime);

/** Clock seconds now (0 for a NULL runtime). */
double scrim_now(scrim_runtime *runtime);

/**
 * The trace events whose seq is at least `since` (0: all of them) as JSON Lines, each line
 * ending in a newline, in *jsonl. If next_seq is not NULL it receives the seq the next event
 * will have: pass it as `since` next time to read only new events.
 */
scrim_status scrim_trace(scrim_runtime *runtime, int64_t since, char **jsonl, int64_t *next_seq);

/** The window's controllers and views as JSON, in *json (see docs/embedding.md). */
scrim_status scrim_tree(scrim_runtime *runtime, char **json);

/** Calls `callback` with every trace event from now on; NULL stops it. Replaces an earlier one. */
scrim_status scrim_set_trace_callback(scrim_runtime *runtime, scrim_trace_callback callback, void *context);

/**
 * Answers a control socket at `path` (JSON-RPC 2.0, one message per line; mode 0600, in a folder
 * only this user can write) until the runtime is destroyed.
 */
scrim_status scrim_listen(scrim_runtime *runtime, const char *path);

/** What the last failing call on this thread said; "" when none has failed. */
const char *scrim_last_error(void);

/** Releases a string a scrim function handed back. NULL is ignored. */
void scrim_free(char *string);

#ifdef __cplusplus
}
#endif

#endif /* SCRIM_H */
