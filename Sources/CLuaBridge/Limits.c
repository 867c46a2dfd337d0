/*
 * The limits of a Lua state (docs/plugins.md, "Limits"): the memory cap, the instruction
 * budget and the watchdog, applied to every entry from the host into Lua code.
 *
 * An entry, with everything it runs, is one turn. Counting instructions with Lua's count hook
 * makes the interpreter stop at every instruction (twice the cost of a tight loop, whatever the
 * count), so a turn starts with no hook at all. A watchdog thread looks at the turns in flight:
 * one that has run longer than a slice is counted from then on, and one that has run longer
 * than the watchdog's limit, or that was cancelled, is stopped. The watchdog acts by a signal
 * to the turn's thread, whose handler does nothing but set the hook (lua_sethook may be called
 * from a signal handler; never from another thread): Lua code then fails at its next
 * instruction. Native work that can run long (pattern matching, frame loops) charges the
 * budget itself through scrim_budget_charge.
 *
 * A scrim_limits is never freed, only reused (a pool), so a signal that arrives late never
 * reads freed memory.
 */
#define _GNU_SOURCE
#include "Limits.h"
#include "LimitsRecord.h"
#include "MessageHandler.h"
#include "RegistryTables.h"
#include <lua.h>
#include <lauxlib.h>
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>


#define HOOK_STEP 1000

/* ThreadSanitizer hands a signal to its thread only when that thread next enters an intercepted
   call, which a loop of Lua code never does, so the watchdog's signals would never land: under
   it, a turn is counted from its start, and the hook finds a stop every HOOK_STEP instructions. */
#if defined(__SANITIZE_THREAD__)
#define COUNT_FROM_START 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define COUNT_FROM_START 1
#endif
#endif
#ifndef COUNT_FROM_START
#define COUNT_FROM_START 0
#endif
#define WATCH_PERIOD_NS 2000000LL   /* the watchdog looks every 2 ms while turns run */
#define PARK_AFTER_NS 500000000LL   /* and sleeps until woken after 0.5 s without one */

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* The clock of turns: coarse (a few milliseconds), and cheap enough to read at every entry. */
static long long turn_clock(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* ---------------------------------------------------------------- the pool and the watchdog */

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t registry_wake = PTHREAD_COND_INITIALIZER;
static scrim_limits *registered;     /* in use, linked by `next` */
static scrim_limits *spare;          /* reusable */
static int watchdog_started;
static _Atomic int watchdog_parked;
static int stop_signal;              /* the real-time signal the watchdog sends; 0: none free */

static void stop_handler(int signo, siginfo_t *info, void *context);

/* Takes the highest real-time signal nobody handles (a host's own stay theirs). */
static void install_signal(void) {
    int signo;
    for (signo = SIGRTMAX; signo > SIGRTMIN + 2; signo--) {
        struct sigaction current, action;
        if (sigaction(signo, NULL, &current) != 0) continue;
        if ((current.sa_flags & SA_SIGINFO) ? current.sa_sigaction != NULL : current.sa_handler != SIG_DFL) continue;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = stop_handler;
        action.sa_flags = SA_SIGINFO | SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(signo, &action, NULL) == 0) {
            stop_signal = signo;
            return;
        }
    }
}

static pid_t current_tid(void) {
    static __thread pid_t tid;
    if (tid == 0) {
        sigset_t set;
        tid = (pid_t)syscall(SYS_gettid);
        /* A thread that runs Lua takes the watchdog's signal, whatever mask it inherited. */
        if (stop_signal) {
            sigemptyset(&set);
            sigaddset(&set, stop_signal);
            pthread_sigmask(SIG_UNBLOCK, &set, NULL);
        }
    }
    return tid;
}

/* Asks the turn's thread to look at its limits (under registry_lock). */
static void signal_turn(scrim_limits *limits) {
    siginfo_t info;
    if (!stop_signal) return;
    memset(&info, 0, sizeof info);
    info.si_signo = stop_signal;
    info.si_code = SI_QUEUE;
    info.si_pid = getpid();
    info.si_uid = getuid();
    info.si_value.sival_ptr = limits;
    syscall(SYS_rt_tgsigqueueinfo, getpid(), atomic_load(&limits->tid), stop_signal, &info);
}

/* Whether a registered state has a turn open; called with registry_lock held. */
static int any_turn_active(void) {
    scrim_limits *limits;
    for (limits = registered; limits; limits = limits->next) {
        if (atomic_load(&limits->active)) return 1;
    }
    return 0;
}

static void *watchdog_main(void *unused) {
    long long idle_since = turn_clock();
    (void)unused;
    pthread_mutex_lock(&registry_lock);
    for (;;) {
        long long now = turn_clock();
        int busy = 0;
        scrim_limits *limits;
        for (limits = registered; limits; limits = limits->next) {
            unsigned long turn;
            long long ran;
            if (!atomic_load(&limits->active)) continue;
            busy = 1;
            turn = atomic_load(&limits->turn);
            ran = now - atomic_load(&limits->started);
            if (atomic_load(&limits->stop) != SCRIM_STOP_NONE) {
                if (atomic_load(&limits->stop_asked) != turn) {
                    atomic_store(&limits->stop_asked, turn);
                    signal_turn(limits);
                }
            } else if (limits->watchdog_ns > 0 && ran > limits->watchdog_ns) {
                int none = SCRIM_STOP_NONE;
                atomic_compare_exchange_strong(&limits->stop, &none, SCRIM_STOP_WATCHDOG);
                atomic_store(&limits->stop_asked, turn);
                signal_turn(limits);
            } else if (limits->instruction_budget > 0 && ran > limits->slice_ns &&
                       atomic_load(&limits->count_asked) != turn) {
                atomic_store(&limits->count_asked, turn);
                signal_turn(limits);
            }
        }
        if (busy) idle_since = now;
        if (now - idle_since > PARK_AFTER_NS) {
            atomic_store(&watchdog_parked, 1);
            /* A turn that opened after the look above and read `watchdog_parked` before the
               store did not wake it: look again before sleeping (see open_turn). */
            if (any_turn_active()) {
                atomic_store(&watchdog_parked, 0);
                idle_since = now;
                continue;
            }
            pthread_cond_wait(&registry_wake, &registry_lock);
            atomic_store(&watchdog_parked, 0);
            idle_since = turn_clock();
        } else {
            struct timespec until;
            long long wake = monotonic_ns() + WATCH_PERIOD_NS;
            until.tv_sec = wake / 1000000000LL;
            until.tv_nsec = wake % 1000000000LL;
            pthread_cond_timedwait(&registry_wake, &registry_lock, &until);
        }
    }
    return NULL;
}

static void start_watchdog(void) {
    pthread_condattr_t attributes;
    pthread_t thread;
    sigset_t all, previous;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&registry_wake, &attributes);
    pthread_condattr_destroy(&attributes);
    install_signal();
    /* The watchdog takes no signal (SIGINT stays with the host's threads). */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    if (pthread_create(&thread, NULL, watchdog_main, NULL) == 0) pthread_detach(thread);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    watchdog_started = 1;
}

scrim_limits *scrim_limits_new(void) {
    scrim_limits *limits;
    pthread_mutex_lock(&registry_lock);
    if (!watchdog_started) start_watchdog();
    limits = spare;
    if (limits) spare = limits->next;
    else limits = calloc(1, sizeof *limits);
    if (limits) {
        unsigned long turn = atomic_load(&limits->turn);
        memset(limits, 0, sizeof *limits);
        /* Turn numbers go on from the last user's, so a late signal matches no turn. */
        atomic_store(&limits->turn, turn + 1);
        limits->slice_ns = SCRIM_DEFAULT_SLICE_NS;
        limits->next = registered;
        registered = limits;
    }
    pthread_mutex_unlock(&registry_lock);
    return limits;
}

void scrim_limits_free(scrim_limits *limits) {
    scrim_limits **link;
    pthread_mutex_lock(&registry_lock);
    atomic_store(&limits->active, 0);
    for (link = &registered; *link; link = &(*link)->next) {
        if (*link == limits) {
            *link = limits->next;
            break;
        }
    }
    limits->entry = limits->running = NULL;
    limits->next = spare;
    spare = limits;
    pthread_mutex_unlock(&registry_lock);
}

/* ---------------------------------------------------------------- memory */

/* The call a thread runs now (NULL when none), as lua_getstack sees it. */
static const void *current_call(lua_State *L) {
    lua_Debug ar;
    return lua_getstack(L, 0, &ar) ? (const void *)ar.i_ci : NULL;
}

/* Whether the turn's code has unwound to where it was entered from: Lua is tidying up after
   an error (it shrinks the stack, and tolerates a refusal), and the place of the refusal that
   raised the error must stay. */
static int tidying_up(scrim_limits *limits) {
    return limits->running == limits->entry && current_call(limits->entry) == limits->entered_from;
}

void *scrim_allocate(void *ud, void *ptr, size_t osize, size_t nsize) {
    scrim_limits *limits = (scrim_limits *)ud;
    size_t old = ptr ? osize : 0;
    void *block;
    if (nsize == 0) {
        free(ptr);
        limits->memory_used -= old;
        return NULL;
    }
    if (limits->enforcing && limits->memory_cap > 0 && nsize > old &&
        limits->memory_used - old + nsize > limits->memory_cap) {
        if (limits->reclaim) limits->reclaim(limits->reclaim_context);
        if (limits->memory_used - old + nsize > limits->memory_cap) {
            /* Lua raises the refusal as a memory error, which no message handler sees: the
               place is taken now, while the stack still shows it (reading it allocates nothing). */
            if (!atomic_load(&limits->active) || !limits->running) {
                limits->refused_where[0] = '\0';
            } else if (!tidying_up(limits)) {
                limits->refused_where[0] = '\0';
                scrim_format_where(limits->running, 0, limits->refused_where, sizeof limits->refused_where);
            }
            return NULL;
        }
    }
    block = realloc(ptr, nsize);
    if (block == NULL) {
        limits->refused_where[0] = '\0';
        return NULL;
    }
    limits->memory_used = limits->memory_used - old + nsize;
    if (limits->memory_used > limits->memory_peak) limits->memory_peak = limits->memory_used;
    return block;
}

static int panic(lua_State *L) {
    const char *message = lua_tostring(L, -1);
    fprintf(stderr, "scrim: unprotected Lua error: %s\n", message ? message : "(not a string)");
    return 0;
}

lua_State *scrim_limits_newstate(scrim_limits *limits) {
    lua_State *L = lua_newstate(scrim_allocate, limits);
    if (L) lua_atpanic(L, panic);
    return L;
}

scrim_limits *scrim_limits_of(lua_State *L) {
    void *ud;
    lua_getallocf(L, &ud);
    return (scrim_limits *)ud;
}

void scrim_limits_set(scrim_limits *limits, long long instruction_budget, size_t memory_cap, long long watchdog_ns) {
    /* The watchdog reads the budget and the time limit under the registry's lock. */
    pthread_mutex_lock(&registry_lock);
    limits->instruction_budget = instruction_budget;
    limits->memory_cap = memory_cap;
    limits->watchdog_ns = watchdog_ns;
    pthread_mutex_unlock(&registry_lock);
}

size_t scrim_limits_memory_used(const scrim_limits *limits) { return limits->memory_used; }
size_t scrim_limits_memory_peak(const scrim_limits *limits) { return limits->memory_peak; }
int scrim_limits_memory_capped(const scrim_limits *limits) { return limits->enforcing && limits->memory_cap > 0; }

int scrim_limits_reclaim_if_over_cap(lua_State *L, scrim_limits *limits) {
    int enforcing;
    if (!over_cap(limits)) return 0;
    enforcing = scrim_limits_enforce(limits, 0);
    lua_gc(L, LUA_GCCOLLECT);
    scrim_limits_enforce(limits, enforcing);
    return over_cap_after_reclaiming(limits);
}

int scrim_limits_enforce(scrim_limits *limits, int enforcing) {
    return enforce(limits, enforcing);
}

long long scrim_native_weight(void *object) {
    size_t size = malloc_usable_size(object);
    return size < (64u << 10) ? (long long)size : 64 << 10;
}

void scrim_limits_set_reclaimer(scrim_limits *limits, void (*reclaim)(void *context), void *context) {
    limits->reclaim = reclaim;
    limits->reclaim_context = context;
}

void scrim_limits_add_native(scrim_limits *limits, long long bytes) {
    if (bytes < 0 && (size_t)-bytes > limits->memory_used) bytes = -(long long)limits->memory_used;
    limits->memory_used += bytes;
    if (limits->memory_used > limits->memory_peak) limits->memory_peak = limits->memory_used;
}


/* ---------------------------------------------------------------- the budget */

static void budget_hook(lua_State *L, lua_Debug *ar);

static void set_hook(scrim_limits *limits, lua_State *L, int count) {
    if (!L) return;
    limits->hooked = 1;
    lua_sethook(L, budget_hook, LUA_MASKCOUNT, count);
}

static void clear_hook(lua_State *L) {
    if (L && lua_gethook(L) == budget_hook) lua_sethook(L, NULL, 0, 0);
}

/* Pushes what the turn's stop says ("stopped: …", "interrupted!"). */
static void push_stop_message(lua_State *L, scrim_limits *limits) {
    switch (atomic_load(&limits->stop)) {
    case SCRIM_STOP_BUDGET:
        lua_pushfstring(L, "stopped: it ran past its budget of %I Lua instructions",
                        (lua_Integer)limits->instruction_budget);
        break;
    case SCRIM_STOP_WATCHDOG:
        lua_pushfstring(L, "stopped by the watchdog: it ran longer than %f s",
                        (lua_Number)limits->watchdog_ns / 1e9);
        break;
    case SCRIM_STOP_UNIT:
        lua_pushfstring(L, "stopped by the watchdog: the host's work it is part of (a frame, a load or "
                        "reload, an evaluation's results) ran longer than %f s", (lua_Number)limits->watchdog_ns / 1e9);
        break;
    default:
        lua_pushliteral(L, "interrupted!");
        break;
    }
}

/* Raises the stop's error in the running code; every further instruction raises it again, so
   code that catches it with pcall stops too. */
static int raise_stop(lua_State *L, scrim_limits *limits, int level) {
    set_hook(limits, L, 1);
    scrim_push_where(L, level);
    push_stop_message(L, limits);
    lua_concat(L, 2);
    return lua_error(L);
}

static void budget_hook(lua_State *L, lua_Debug *ar) {
    scrim_limits *limits = scrim_limits_of(L);
    (void)ar;
    if (!atomic_load(&limits->active)) {
        /* A coroutine kept the hook of a turn that ended: it runs free again. */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    if (atomic_load(&limits->stop) != SCRIM_STOP_NONE) raise_stop(L, limits, 0);
    if (atomic_load(&limits->counting) != atomic_load(&limits->turn)) {
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    limits->instructions += lua_gethookcount(L);
    if (limits->instruction_budget > 0 && limits->instructions > limits->instruction_budget) {
        atomic_store(&limits->stop, SCRIM_STOP_BUDGET);
        raise_stop(L, limits, 0);
    }
}

/* Charges `units`, returning the turn's stop. */
static int charge(scrim_limits *limits, long long units) {
    limits->instructions += units;
    if (atomic_load(&limits->stop) == SCRIM_STOP_NONE && limits->instruction_budget > 0 &&
        limits->instructions > limits->instruction_budget) {
        atomic_store(&limits->stop, SCRIM_STOP_BUDGET);
    }
    return atomic_load(&limits->stop);
}

void scrim_budget_charge(lua_State *L, long long units) {
    scrim_limits *limits = scrim_limits_of(L);
    if (!atomic_load(&limits->active)) return;
    if (charge(limits, units) != SCRIM_STOP_NONE) raise_stop(L, limits, 1);
}

int scrim_budget_check(lua_State *L, long long units) {
    scrim_limits *limits = scrim_limits_of(L);
    if (!atomic_load(&limits->active) || charge(limits, units) == SCRIM_STOP_NONE) return SCRIM_STOP_NONE;
    set_hook(limits, L, 1);
    push_stop_message(L, limits);
    return atomic_load(&limits->stop);
}

/* The signal's handler: only hooks are set here. */
static void stop_handler(int signo, siginfo_t *info, void *context) {
    scrim_limits *limits;
    unsigned long turn;
    int saved = errno;
    (void)signo;
    (void)context;
    if (info->si_code != SI_QUEUE || info->si_pid != getpid()) return;
    limits = (scrim_limits *)info->si_value.sival_ptr;
    if (!limits || !atomic_load(&limits->active) || atomic_load(&limits->tid) != (pid_t)syscall(SYS_gettid)) {
        errno = saved;
        return;
    }
    turn = atomic_load(&limits->turn);
    if (atomic_load(&limits->stop) != SCRIM_STOP_NONE) {
        set_hook(limits, limits->running, 1);
        if (limits->entry != limits->running) set_hook(limits, limits->entry, 1);
    } else if (atomic_load(&limits->count_asked) == turn && atomic_load(&limits->counting) != turn) {
        atomic_store(&limits->counting, turn);
        set_hook(limits, limits->running, HOOK_STEP);
        if (limits->entry != limits->running) set_hook(limits, limits->entry, HOOK_STEP);
    }
    errno = saved;
}

/* ---------------------------------------------------------------- turns */

static void wake_watchdog(void) {
    pthread_mutex_lock(&registry_lock);
    pthread_cond_signal(&registry_wake);
    pthread_mutex_unlock(&registry_lock);
}

/* Makes the turn current on this thread, as begun `ran` nanoseconds ago. */
static void open_turn(scrim_limits *limits, lua_State *entry, lua_State *running, long long started) {
    limits->entry = entry;
    limits->running = running;
    /* Only this thread writes these: they need no locked instruction. The store of `active`
       publishes them to the watchdog (which loads `active` first), and is sequentially
       consistent so that it and the load of `watchdog_parked` below pair with the watchdog's
       store of `watchdog_parked` and its second look at `active`: one of the two sees the other. */
    atomic_store_explicit(&limits->tid, current_tid(), memory_order_relaxed);
    atomic_store_explicit(&limits->started, started, memory_order_relaxed);
    atomic_store_explicit(&limits->turn, atomic_load_explicit(&limits->turn, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    atomic_store(&limits->active, 1);
    if (COUNT_FROM_START) {
        atomic_store(&limits->counting, atomic_load(&limits->turn));
        set_hook(limits, running, HOOK_STEP);
    }
    if (atomic_load_explicit(&watchdog_parked, memory_order_relaxed)) wake_watchdog();
}

/* Begins a turn with nothing outside it; `stop` set when what caused it is stopped. */
static void begin_fresh(scrim_limits *limits, lua_State *L, int stop) {
    long long now = turn_clock();
    limits->instructions = 0;
    atomic_store_explicit(&limits->stop, stop, memory_order_relaxed);
    limits->entered_from = current_call(L);
    open_turn(limits, L, L, now);
    if (stop != SCRIM_STOP_NONE) set_hook(limits, L, 1);
}

static void close_turn(scrim_limits *limits) {
    atomic_store_explicit(&limits->active, 0, memory_order_release);
    if (!limits->hooked) return;
    limits->hooked = 0;
    clear_hook(limits->entry);
    clear_hook(limits->running);
}

static int host_unit_out_of_time(const scrim_limits *limits, long long started) {
    return started != 0 && limits->watchdog_ns > 0 && turn_clock() - started > limits->watchdog_ns;
}

void scrim_turn_begin(scrim_limits *limits, lua_State *L, scrim_turn_state *state) {
    int stop;
    if (atomic_load(&limits->active)) {
        /* An entry made from inside a turn is a turn of its own; the one that made it waits,
           and pays for it. */
        scrim_turn_suspend(limits, state);
        stop = scrim_turn_charge_suspended(limits, state, SCRIM_ENTRY_COST);
    } else {
        state->kind = SCRIM_TURN_NONE;
        /* A cancel asked while nothing ran is for no one; one asked while a turn waits on what
           it caused stops that too. What a host unit enters once it is out of time begins
           stopped. */
        if (limits->suspensions == 0) atomic_store(&limits->cancelled, 0);
        stop = atomic_load(&limits->cancelled) ? SCRIM_STOP_CANCEL : SCRIM_STOP_NONE;
        if (stop == SCRIM_STOP_NONE && host_unit_out_of_time(limits, limits->host_unit_started))
            stop = SCRIM_STOP_UNIT;
    }
    begin_fresh(limits, L, stop);
}

void scrim_turn_end(scrim_limits *limits, const scrim_turn_state *state) {
    close_turn(limits);
    if (state->kind == SCRIM_TURN_SUSPENDED) scrim_turn_resume(limits, state);
}

int scrim_enter(lua_State *L, scrim_limits *limits, int nargs, int nresults, scrim_entry *entry) {
    int status, base = lua_gettop(L) - nargs;
    scrim_pushmsgh(L);
    lua_insert(L, base);
    status = scrim_enter_handled(L, limits, base, nargs, nresults, entry);
    lua_remove(L, base);
    return status;
}

int scrim_enter_handled(lua_State *L, scrim_limits *limits, int handler, int nargs, int nresults,
                        scrim_entry *entry) {
    int status;
    /* Native objects whose userdata went weigh until their finalizers run: an entry begun over
       the cap collects first, so a script that let go of them can go on. */
    scrim_limits_reclaim_if_over_cap(L, limits);
    entry->enforcing = enforce(limits, 1);
    scrim_turn_begin(limits, L, &entry->turn);
    status = lua_pcall(L, nargs, nresults, handler);
    /* What follows is the host's, outside any protected call: an allocation refused for the
       cap here would be an unprotected error. */
    entry->capped = enforce(limits, 0);
    return status;
}

void scrim_leave(scrim_limits *limits, const scrim_entry *entry) {
    scrim_turn_end(limits, &entry->turn);
    enforce(limits, entry->enforcing);
}

void scrim_turn_suspend(scrim_limits *limits, scrim_turn_state *state) {
    long long now;
    limits->suspensions++;
    if (!atomic_load(&limits->active)) {
        state->kind = SCRIM_TURN_HOST;
        return;
    }
    now = turn_clock();
    state->kind = SCRIM_TURN_SUSPENDED;
    state->instructions = limits->instructions;
    state->stop = atomic_load(&limits->stop);
    state->counting = atomic_load(&limits->counting) == atomic_load(&limits->turn);
    state->ran = now - atomic_load(&limits->started);
    state->suspended_at = now;
    state->entry = limits->entry;
    state->running = limits->running;
    state->entered_from = limits->entered_from;
    close_turn(limits);
}

void scrim_turn_resume(scrim_limits *limits, const scrim_turn_state *state) {
    long long now;
    limits->suspensions--;
    if (state->kind != SCRIM_TURN_SUSPENDED) {
        /* The host's own work is over: a cancel it took was for it, not for what comes next. */
        if (limits->suspensions == 0) atomic_store(&limits->cancelled, 0);
        return;
    }
    now = turn_clock();
    limits->instructions = state->instructions;
    limits->entered_from = state->entered_from;
    atomic_store(&limits->stop, state->stop == SCRIM_STOP_NONE && atomic_load(&limits->cancelled)
                                    ? SCRIM_STOP_CANCEL : state->stop);
    /* Its clock ran on while it waited: what it set off is its time too. */
    open_turn(limits, state->entry, state->running, state->suspended_at - state->ran);
    if (atomic_load(&limits->stop) != SCRIM_STOP_NONE) {
        set_hook(limits, limits->running, 1);
    } else if (state->counting) {
        atomic_store(&limits->counting, atomic_load(&limits->turn));
        set_hook(limits, limits->running, HOOK_STEP);
    }
}

int scrim_turn_charge_suspended(scrim_limits *limits, scrim_turn_state *state, long long units) {
    int cancelled = atomic_load(&limits->cancelled);
    if (state->kind != SCRIM_TURN_SUSPENDED) return cancelled ? SCRIM_STOP_CANCEL : SCRIM_STOP_NONE;
    state->instructions += units;
    if (state->stop == SCRIM_STOP_NONE && cancelled) state->stop = SCRIM_STOP_CANCEL;
    if (state->stop == SCRIM_STOP_NONE && limits->instruction_budget > 0 &&
        state->instructions > limits->instruction_budget) state->stop = SCRIM_STOP_BUDGET;
    if (state->stop == SCRIM_STOP_NONE && limits->watchdog_ns > 0 &&
        turn_clock() - (state->suspended_at - state->ran) > limits->watchdog_ns) state->stop = SCRIM_STOP_WATCHDOG;
    return state->stop;
}

void scrim_host_unit_begin(scrim_limits *limits, scrim_turn_state *state) {
    memset(state, 0, sizeof *state);
    if (atomic_load(&limits->active)) return;
    scrim_turn_suspend(limits, state);
    state->outer_unit_started = limits->host_unit_started;
    /* The clock is never 0 once it runs; 1 keeps "none" apart all the same. */
    limits->host_unit_started = turn_clock() | 1;
}

void scrim_host_unit_end(scrim_limits *limits, const scrim_turn_state *state) {
    if (state->kind != SCRIM_TURN_HOST) return;
    limits->host_unit_started = state->outer_unit_started;
    scrim_turn_resume(limits, state);
}

int scrim_limits_turn_in_flight(const scrim_limits *limits) { return atomic_load(&limits->active); }
unsigned long scrim_limits_cancels(const scrim_limits *limits) { return atomic_load(&limits->cancels); }

int scrim_turn_charge(scrim_limits *limits, long long units) {
    int stop;
    if (!atomic_load(&limits->active)) return atomic_load(&limits->cancelled) ? SCRIM_STOP_CANCEL : SCRIM_STOP_NONE;
    stop = charge(limits, units);
    /* Its Lua code fails at its next instruction. */
    if (stop != SCRIM_STOP_NONE) set_hook(limits, limits->running, 1);
    return stop;
}

void scrim_turn_cancel(scrim_limits *limits) {
    int none = SCRIM_STOP_NONE;
    atomic_fetch_add(&limits->cancels, 1);
    atomic_store(&limits->cancelled, 1);
    if (!atomic_load(&limits->active)) return;
    atomic_compare_exchange_strong(&limits->stop, &none, SCRIM_STOP_CANCEL);
    /* The watchdog sends the signal at its next look (a signal handler may call this). */
}

/* ---------------------------------------------------------------- coroutines */

/* A coroutine that died of a stop died with hooks off: Lua does not turn them back on after
   an error a hook raised in a coroutine, and closing it would run its pending `__close`
   metamethods where no budget or watchdog reaches. Such coroutines are kept in a weak set, and
   coroutine.close leaves their variables unclosed, as a collected coroutine's are. */
static const char stopped_threads = 0;

static void push_stopped_threads(lua_State *L) { scrim_push_weak_keyed_table(L, &stopped_threads); }

static void mark_stopped(lua_State *L, lua_State *co) {
    push_stopped_threads(L);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
}

/* coroutine.resume, as the library's, with the budget: the resumed coroutine is the running
   thread the watchdog hooks, and it runs with the hook its resumer has. */
static int resume(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    lua_State *co = lua_tothread(L, 1);
    lua_Hook hook = lua_gethook(L);
    int status;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (co == NULL) {
        lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
        return lua_gettop(L);
    }
    if (hook == budget_hook) set_hook(limits, co, lua_gethookcount(L));
    if (atomic_load(&limits->active)) limits->running = co;
    status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (limits->running == co) limits->running = L;
    if (co != NULL && lua_status(co) != LUA_OK && lua_status(co) != LUA_YIELD &&
        atomic_load(&limits->active) && atomic_load(&limits->stop) != SCRIM_STOP_NONE)
        mark_stopped(L, co);
    if (lua_gethook(co) == budget_hook && atomic_load(&limits->active)) set_hook(limits, L, lua_gethookcount(co));
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

/* coroutine.close, as the library's, except for a coroutine the limits stopped. The `__close`
   metamethods it runs run in the coroutine: as resume does, it is the running thread the
   watchdog hooks, with the hook its closer has (a coroutine made before its turn was counted
   has none of its own). */
static int close_unless_stopped(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    lua_State *co = lua_tothread(L, 1);
    lua_Hook hook = lua_gethook(L);
    int stopped, status;
    if (co != NULL) {
        push_stopped_threads(L);
        lua_pushvalue(L, 1);
        stopped = lua_rawget(L, -2) == LUA_TBOOLEAN;
        lua_pop(L, 2);
        if (stopped) {
            lua_pushboolean(L, 0);
            lua_pushliteral(L, "the coroutine was stopped by the limits: its to-be-closed variables are not closed");
            return 2;
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    if (co != NULL && co != L) {
        if (hook == budget_hook) set_hook(limits, co, lua_gethookcount(L));
        if (atomic_load(&limits->active)) limits->running = co;
    }
    status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    if (co != NULL && limits->running == co) limits->running = L;
    if (co != NULL && lua_gethook(co) == budget_hook && atomic_load(&limits->active)) set_hook(limits, L, lua_gethookcount(co));
    if (status != LUA_OK) return lua_error(L);
    return lua_gettop(L);
}

void scrim_limits_open_coroutines(lua_State *L, int coroutine_index) {
    coroutine_index = lua_absindex(L, coroutine_index);
    lua_getfield(L, coroutine_index, "resume");
    lua_pushcclosure(L, resume, 1);
    lua_setfield(L, coroutine_index, "resume");
    lua_getfield(L, coroutine_index, "close");
    lua_pushcclosure(L, close_unless_stopped, 1);
    lua_setfield(L, coroutine_index, "close");
}

/* ---------------------------------------------------------------- message handlers */

/* A script's message handler, as xpcall calls it, unless the turn is stopped. Lua calls the
   handler of an error that a hook raised with hooks off, and calls it again for an error
   inside it: a handler that looped would run where nothing can stop it. Once the turn must
   stop, the error goes on as it is. */
static int guarded_handler(lua_State *L) {
    scrim_limits *limits = scrim_limits_of(L);
    if (limits && atomic_load(&limits->active) && atomic_load(&limits->stop) != SCRIM_STOP_NONE)
        return 1;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext extra) {
    if (status != LUA_OK && status != LUA_YIELD) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - (int)extra;
}

/* xpcall, as lbaselib's, with the script's handler guarded. */
static int guarded_xpcall(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, 1);
    lua_rotate(L, 3, 2);
    return finish_xpcall(L, lua_pcallk(L, n - 2, LUA_MULTRET, 2, 2, finish_xpcall), 2);
}

void scrim_limits_open_xpcall(lua_State *L) {
    lua_pushcfunction(L, guarded_xpcall);
    lua_setglobal(L, "xpcall");
}

/* ---------------------------------------------------------------- messages and Ctrl-C */

void scrim_limits_take_refused_where(scrim_limits *limits, char *buffer, size_t size) {
    snprintf(buffer, size, "%s", limits->refused_where);
    limits->refused_where[0] = '\0';
}

void scrim_limits_push_cap_error(lua_State *L, const scrim_limits *limits) {
    size_t cap = limits->memory_cap;
    if (cap >= (1u << 20) && cap % (1u << 20) == 0)
        lua_pushfstring(L, "not enough memory (the runtime's Lua memory cap of %I MB is reached)", (lua_Integer)(cap >> 20));
    else if (cap >= (1u << 10) && cap % (1u << 10) == 0)
        lua_pushfstring(L, "not enough memory (the runtime's Lua memory cap of %I KB is reached)", (lua_Integer)(cap >> 10));
    else
        lua_pushfstring(L, "not enough memory (the runtime's Lua memory cap of %I bytes is reached)", (lua_Integer)cap);
}

static scrim_limits *volatile interrupt_target;
static volatile sig_atomic_t interrupt_count;

static void interrupt_signal(int signo) {
    scrim_limits *target = interrupt_target;
    (void)signo;
    interrupt_count++;
    if (target) scrim_turn_cancel(target);
}

int scrim_interrupt_install(void) {
    struct sigaction action;
    sigset_t interrupt;
    memset(&action, 0, sizeof action);
    action.sa_handler = interrupt_signal;
    sigemptyset(&action.sa_mask);
    if (sigaction(SIGINT, &action, NULL) != 0) return -1;
    /* A host started with SIGINT blocked (inherited from its parent) would never see one. */
    sigemptyset(&interrupt);
    sigaddset(&interrupt, SIGINT);
    return pthread_sigmask(SIG_UNBLOCK, &interrupt, NULL);
}

void scrim_interrupt_arm(scrim_limits *limits) { interrupt_target = limits; }
int scrim_interrupt_signals(void) { return (int)interrupt_count; }
