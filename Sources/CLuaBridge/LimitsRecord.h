/*
 * The record behind scrim_limits (Limits.h), for the files of CSandbox that use it on hot paths
 * (Limits.c, NativeCalls.c).
 */
#ifndef SCRIM_LIMITS_RECORD_H
#define SCRIM_LIMITS_RECORD_H

#include "Limits.h"
#include <lua.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/types.h>

struct scrim_limits {
    /* Memory: what Lua holds, and the cap (0: none) applied while `enforcing`. */
    size_t memory_used, memory_cap, memory_peak;
    int enforcing;
    /* The budget (0: none), the watchdog's limit and the slice (nanoseconds; 0: no watchdog). */
    long long instruction_budget, watchdog_ns, slice_ns;
    /* The turn in flight, written by its thread; `turn` numbers them. */
    _Atomic unsigned long turn;
    _Atomic int active;
    _Atomic long long started;          /* by the turn clock; it runs on while the turn waits */
    _Atomic int stop;                   /* SCRIM_STOP_… for this turn */
    _Atomic int cancelled;              /* scrim_turn_cancel since the outermost entry began */
    _Atomic unsigned long cancels;      /* scrim_turn_cancel calls, ever */
    _Atomic unsigned long counting;     /* the turn whose instructions are counted */
    _Atomic unsigned long count_asked, stop_asked;   /* what the watchdog signalled, per turn */
    long long instructions;
    int suspensions;                    /* turns waiting on what they caused */
    long long host_unit_started;        /* the innermost open host unit's start (0: none) */
    _Atomic pid_t tid;  /* the watchdog reads it while a turn opens */
    volatile sig_atomic_t hooked;       /* a hook of the budget may be set on entry or running */
    lua_State *entry, *running;         /* the thread the turn entered on; the one running now */
    scrim_limits *next;
    /* Rarely used, kept past the hot fields above. */
    /* Asked to give back the weight of native objects that are gone before memory is refused. */
    void (*reclaim)(void *context);
    void *reclaim_context;
    /* The call the turn was entered from, on `entry` (NULL at the top): its code runs above it. */
    const void *entered_from;
    /* Where the running code was when the cap last refused it memory ("file:line" or ""). */
    char refused_where[160];
};

/* Sets whether allocations are refused past the cap, returning what it was. */
static inline int enforce(scrim_limits *limits, int enforcing) {
    int previous = limits->enforcing;
    limits->enforcing = enforcing && limits->memory_cap > 0;
    return previous;
}

static inline int over_cap(const scrim_limits *limits) {
    return limits->memory_cap > 0 && limits->memory_used > limits->memory_cap;
}

/* over_cap, once the reclaimer has given back what it can. */
static inline int over_cap_after_reclaiming(scrim_limits *limits) {
    if (!over_cap(limits)) return 0;
    if (limits->reclaim) limits->reclaim(limits->reclaim_context);
    return over_cap(limits);
}

#endif
