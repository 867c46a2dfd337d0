/*
 * The limits of a Lua state: the memory cap, the instruction budget and the watchdog, applied
 * to every entry from the host into Lua code (Limits.c says how).
 */
#ifndef SCRIM_LIMITS_H
#define SCRIM_LIMITS_H

#include <stddef.h>

struct lua_State;
typedef struct scrim_limits scrim_limits;

/* Why a turn was stopped. */
enum {
    SCRIM_STOP_NONE = 0,
    SCRIM_STOP_BUDGET = 1,
    SCRIM_STOP_WATCHDOG = 2,
    SCRIM_STOP_CANCEL = 3,
    /* Entered by a host unit (scrim_host_unit_begin) that had already run past the limit. */
    SCRIM_STOP_UNIT = 4,
};

/* How long a turn runs before its instructions are counted. */
#define SCRIM_DEFAULT_SLICE_NS 5000000LL

/* A state's limits (never freed: reused) and the state that allocates through them. */
scrim_limits *scrim_limits_new(void);
void scrim_limits_free(scrim_limits *limits);
struct lua_State *scrim_limits_newstate(scrim_limits *limits);
scrim_limits *scrim_limits_of(struct lua_State *L);

/* The budget in instructions, the cap in bytes, the watchdog's limit in nanoseconds; 0: none. */
void scrim_limits_set(scrim_limits *limits, long long instruction_budget, size_t memory_cap, long long watchdog_ns);
size_t scrim_limits_memory_used(const scrim_limits *limits);
size_t scrim_limits_memory_peak(const scrim_limits *limits);
/* Whether allocations are refused past the cap now; scrim_limits_enforce sets it, returning
   what it was. */
int scrim_limits_memory_capped(const scrim_limits *limits);
/* Whether the state holds more than its cap (its Lua memory and the native objects counted
   with it), and, if so, a full collection (finalizers included, which Lua's own emergency
   collection skips) and the reclaimer, returning whether it still does. */
int scrim_limits_reclaim_if_over_cap(struct lua_State *L, scrim_limits *limits);
int scrim_limits_enforce(scrim_limits *limits, int enforcing);
/* Counts (or, negative, stops counting) `bytes` the host holds for Lua outside the state: the
   native objects bridged to it. */
void scrim_limits_add_native(scrim_limits *limits, long long bytes);

/* Sets what is asked, before memory is refused for the cap, to give back the weight of native
   objects that have gone (NULL: nothing). Called on the state's thread, never re-entered. */
void scrim_limits_set_reclaimer(scrim_limits *limits, void (*reclaim)(void *context), void *context);
/* What a native object weighs toward the cap: its own heap block (not what it refers to), at
   most 64 KB. */
long long scrim_native_weight(void *object);

/* A turn that causes another waits for it: an entry the host makes from inside a turn, and
   the callbacks of the frames Lua code runs, are turns of their own, each with its own limits.
   The waiting turn pays SCRIM_ENTRY_COST instructions for each entry or frame, and its watchdog's
   clock runs on while it waits: what it set off is its time too (a chain of callbacks, each
   within its own limit, cannot hold the host past the outer turn's). */
#define SCRIM_ENTRY_COST 100
enum { SCRIM_TURN_NONE = 0, SCRIM_TURN_SUSPENDED = 1, SCRIM_TURN_HOST = 2 };
typedef struct scrim_turn_state {
    int kind, stop, counting;
    long long instructions, ran, suspended_at;
    struct lua_State *entry, *running;
    const void *entered_from;
    long long outer_unit_started;
} scrim_turn_state;

/* An entry from the host into Lua code on thread L: a turn, with the budget and the watchdog's
   time of its own; the turn in flight, if any, waits and pays. */
void scrim_turn_begin(scrim_limits *limits, struct lua_State *L, scrim_turn_state *state);
void scrim_turn_end(scrim_limits *limits, const scrim_turn_state *state);

/* An entry through the gate, from scrim_enter to scrim_leave. */
typedef struct scrim_entry {
    scrim_turn_state turn;
    int enforcing;      /* whether the cap held before the entry */
    int capped;         /* whether it held as the call ended (for the error's wording) */
} scrim_entry;

/* The gate: calls the function below its `nargs` arguments on thread L as a turn
   (scrim_turn_begin), protected, through the message handler, with the cap applied while its
   Lua code runs; an entry begun over the cap collects first. Returns lua_pcall's status with
   the results, or the error, on the stack, the turn still open and the cap lifted so that the
   host can read the error; scrim_leave then ends the turn. */
int scrim_enter(struct lua_State *L, scrim_limits *limits, int nargs, int nresults, scrim_entry *entry);
/* scrim_enter through the message handler already at stack index `handler`, below the
   function: a host that enters Lua several times in a row pushes it once, and no entry moves
   the stack to put it in place and take it out. */
int scrim_enter_handled(struct lua_State *L, scrim_limits *limits, int handler, int nargs, int nresults,
                        scrim_entry *entry);
void scrim_leave(scrim_limits *limits, const scrim_entry *entry);

/* Host work done for the turn in flight (frames run from Lua) runs inside it, its clock
   running: scrim_turn_charge charges it `units`, returning SCRIM_STOP_… once the work must stop
   (the turn then fails with it at its next instruction); with no turn in flight, only a cancel
   stops it. What the work enters in Lua are turns of their own, as any entry made inside a
   turn. */
int scrim_turn_charge(scrim_limits *limits, long long units);

/* Host work that must not run inside a turn (host calls into Lua) suspends the turn in flight,
   if any; a cancel then stops the work and what it calls. scrim_turn_charge_suspended charges
   the suspended turn as scrim_turn_charge does. */
void scrim_turn_suspend(scrim_limits *limits, scrim_turn_state *state);
void scrim_turn_resume(scrim_limits *limits, const scrim_turn_state *state);
int scrim_turn_charge_suspended(scrim_limits *limits, scrim_turn_state *state, long long units);

/* A unit of the host's own work that enters Lua code through entries of its own — a frame the
   host runs, the descriptions of an evaluation's results — with no turn in flight: its clock
   runs, and once it has run longer than the watchdog's limit, what it enters begins stopped
   (each entry also has its own limits), so the unit is bounded. A cancel stops it, as any host
   work. With a turn in flight, the work is that turn's: begin and end do nothing. */
void scrim_host_unit_begin(scrim_limits *limits, scrim_turn_state *state);
void scrim_host_unit_end(scrim_limits *limits, const scrim_turn_state *state);

/* Whether a turn is in flight. */
int scrim_limits_turn_in_flight(const scrim_limits *limits);

/* Stops the turn in flight, from any thread or a signal handler: its Lua code fails with
   "interrupted!". scrim_limits_cancels counts the calls, so work made of many turns (a batch
   of requests) can tell that one came and stop the rest. */
void scrim_turn_cancel(scrim_limits *limits);
unsigned long scrim_limits_cancels(const scrim_limits *limits);

/* Charges `units` of native work to the turn in flight; raises the stop's error in L when the
   budget is spent or the turn was stopped. */
void scrim_budget_charge(struct lua_State *L, long long units);

/* As scrim_budget_charge, for C code that must raise the error itself (a chunk's reader, which
   locates it in the chunk): returns SCRIM_STOP_NONE, or the stop with its message pushed. */
int scrim_budget_check(struct lua_State *L, long long units);

/* Pushes "not enough memory (the runtime's Lua memory cap of … is reached)". */
void scrim_limits_push_cap_error(struct lua_State *L, const scrim_limits *limits);

/* Copies where the running code was ("file:line") when the cap last refused it memory into
   `buffer` ("" when unknown), and forgets it. */
void scrim_limits_take_refused_where(scrim_limits *limits, char *buffer, size_t size);

/* Ctrl-C, as lua.c handles it: SIGINT cancels the turn of the armed limits (NULL: none) and
   is counted, so a host idle at a prompt can notice one. Process-wide. */
int scrim_interrupt_install(void);
void scrim_interrupt_arm(scrim_limits *limits);
int scrim_interrupt_signals(void);

/* Replaces coroutine.resume in the table at `index` with one that keeps the budget, and
   coroutine.close with one that does not run the `__close` metamethods of a coroutine the
   limits stopped (it died with hooks off). */
void scrim_limits_open_coroutines(struct lua_State *L, int index);

/* Replaces the global xpcall with one whose message handler does not run once the turn must
   stop (Lua runs a handler with hooks off after a hook's error, where nothing could stop it). */
void scrim_limits_open_xpcall(struct lua_State *L);

#endif
