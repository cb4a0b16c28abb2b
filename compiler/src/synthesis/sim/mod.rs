//! The scheduling simulator (paper 4.4) and the critical path of a
//! simulated execution (4.5.1).
//!
//! In: a [`Model`] (the CSTG annotated with the profile's Markov model:
//! per task its exits with probability, mean time, the next state of each
//! parameter object and the expected allocations per state), a
//! [`Machine`] and a [`Layout`]. Out: a [`SimResult`]: the estimated time
//! (or, when the profile says the program does not terminate or the
//! invocation cap is reached, the fraction of useful work), per-core busy
//! time, and optionally every invocation with what it waited for, from
//! which [`critical_path`] and [`trace_json`] are computed.
//!
//! Semantics (shared with the many-core runtime, `runtime-c/README.md`):
//! the startup object is injected on core 0 at time 0. When a task on core
//! `c` exits, and when an object is injected, every parameter object and
//! every new object is sent, for each (task, parameter) its new state
//! enables, to one core of `layout.routes[c][task]` chosen by the task's
//! policy: round-robin per sending core and task (core `c` starting at
//! entry `c` modulo the route's length, as the runtime's counters do, so
//! that cores that each send a few objects spread them), the same for a
//! new object under `Local` while an object an exit hands on stays on `c`
//! if `c` is in the route, a hash of the object's tag, or the single
//! instance; a parameter object whose state the exit
//! leaves as it was, gaining no tag, is not routed but stays on `c` for the
//! task that ran (the runtime re-enqueues such an invocation where it ran,
//! so a task working on one object over several invocations keeps it on
//! one core, as 4.3.3's data locality rule intends). A message to another
//! core arrives after the machine's latency (base plus hops); to the same
//! core at once. Each
//! core runs one invocation at a time, taking its enabled invocations in
//! the runtime's order (sched.c): the newest first (one note per queued
//! object; a task's parameter objects are then taken from the newest end
//! of its parameter sets), so work runs depth first; when an invocation
//! ends, its changed parameters are routed first, then its new objects,
//! the last made first, then the parameters it kept (the runtime's
//! re-queued invocation, which so runs next, up to [`LOOP_BURST`] times
//! in a row, then waits at the oldest end); the oldest note is taken
//! instead once [`QUEUE_PATIENCE`] others were queued after it and since
//! the last note taken so (the parameter objects then from the oldest
//! end), and an invocation
//! blocked by another core's lock waits at the oldest end. An invocation
//! locks its parameter objects: copies of an object queued for other
//! tasks wait until it ends, and are stale if it changed the object's
//! state or tags, good again if not (the runtime leaves an unchanged
//! object in every parameter set it is in: a pipe used by one task stays
//! queued for the next that wants it). Balance (the runtime's, cores.c; off with
//! [`SimOptions::balance`] false, as `BAMBOO_BALANCE=0`): a core that
//! finds nothing to run, with nothing sent to it still on its way, is
//! hungry until something arrives; a core that ends an invocation
//! with two or more notes queued, the oldest of a one-parameter untagged
//! task routed round-robin, sends that object (and the next ones of the
//! task, up to half its notes), before it routes the
//! invocation's objects, to the first hungry core of its route for the
//! task with nothing on its way to it (arriving after the machine's
//! latency).
//!
//! Merged locks (4.2; the runtime's `bb_lock_merge`, runtime-c/README.md
//! "Lock merging"): the disjointness analysis' `LockPlan` says, per exit
//! ([`Model::locks`], [`ExitMerges`]), which locks the exit merges for
//! good: two parameters' objects, the invocation's new objects of an
//! allocation with a parameter's object, all its new objects of one or two
//! allocations. The simulator keeps the merged sets in a union-find over
//! its objects (`Locks`); a running invocation holds the sets of its
//! parameters until its end, when its exit's merges are applied (before
//! its objects are routed). An invocation starts only when no other core
//! holds one of its parameters' sets: a core passes over blocked
//! invocations to the next it can run, as the runtime's all-or-nothing
//! try-lock does, and one whose queued invocations are all blocked tries
//! again when another core releases a lock. An object whose lock was
//! never merged is its own set, which the locking of parameter objects
//! above already keeps to one invocation at a time, so programs without merges are
//! simulated exactly as without this model. Not modelled: the time the
//! runtime's failed attempts cost (its "lock failures"), and
//! [`critical_path`] does not name a lock as what an invocation waited for.
//!
//! An invocation takes an exit so that exit counts track the profiled
//! ratios (counted per task, or per parameter-0 object under the
//! per-object hint): an exit whose expected count is a whole invocation
//! ahead of its actual count is due, else the most probable exit runs
//! (when some exits keep the first parameter in its state and others let
//! it go, first the group, by the groups' combined counts, then an exit of
//! it: a collector's "round over" exits are due together after the
//! round's parts, whichever of them is due itself); it
//! lasts the exit's mean time plus the scheduler's cost after it (the
//! profile's `sched_mean_ns` of the exit: the gap the profiling build
//! measured after such bodies, applying the exit, publishing and
//! dispatching; else the run's `sched_ns` per invocation; the machine's
//! `dispatch_ns` for a profile without either) and, when a core after the
//! first hosts a task (builds drop the cores after the last that hosts
//! one), the machine's lock cost per parameter (the profile measured the
//! one-core path, which takes no atomic locks) and its uses of the
//! runtime's one tag mutex (`lock_ns` each: a task whose guards name tags
//! uses it once to check them and once per parameter as its objects
//! arrive, an exit binding tags once more; uses on other cores wait for
//! it); it allocates the exit's expected
//! number of objects, fractional means realised exactly over invocations
//! by accumulating (sites whose means are the same share of their
//! whole-number ceilings are realised together: `bundles`).
//!
//! Time outside the bodies (profile format 2, [`Outside`]): the startup
//! object is injected when the profiled start-up (`init_ns`) is over; on
//! several cores the others take nothing before the machine's
//! `core_start_ns` after it, and the run ends its `end_ns` after the last
//! invocation (threads started and joined: a millisecond's run can lose
//! more to them than a second core gains); a
//! collection is due, with a format 4 profile, when one core's heap has
//! taken its own threshold's worth of the exits' allocated bytes since the
//! last one, as in the runtime (`Heaps`: N cores collect up to N times
//! less often than one), and, as the runtime does, a due heap defers its
//! collection while another core runs an invocation, up to twice its
//! threshold (`Sim::defers_collection`); with an older profile the
//! profiled collections are spread evenly over the body time. Each collection
//! stops every core (as the runtime's stop-the-world collector does, at a
//! task boundary: a due collection waits for the invocations running on
//! other cores, then pauses all cores). A core's pause is one collection's
//! mean marking (`gc_mark_ns`: one core marks for the whole process) plus
//! its own share of the mean sweep, after which it goes on while others
//! may still sweep (as the runtime, whose sweeps never touch live
//! objects); its share is its part of the body time since the last
//! collection (a profile without `gc_mark_ns`: the whole mean, serial;
//! with the heap figures: the profiled sweep time per byte it allocated).
//! The profiled finish
//! (`finish_ns`: termination, flushing the output) follows the last
//! completion. Not modelled: the process's own start and exit (the
//! loader, freeing the heap: about a millisecond), slower bodies when
//! several cores share the memory system, and time the operating system
//! gives to other processes.
//!
//! Tags (4.3.4, 4.4): every object holds at most one instance per tag type
//! (the runtime allows several). The profile (format 3) says, per exit and
//! binding point (a parameter's `add`, an allocation block's `add`) and tag
//! type, which instance a binding takes ([`TagSource`]): the one a
//! parameter's object holds, or the open instance of the type, a new one
//! every `group` bindings (keywordcount's pair tags: two sections per
//! instance, survivors paired in the order they finish). Exits' `clear`s
//! come from the program. A multi-parameter task whose parameters share a
//! tag variable takes objects bound to one instance of its type; tag
//! hashing routes a parameter's objects by the instance of its first tag
//! type, and an object without one waits for a binding, as in the runtime.
//! An exit's allocation sites bind in the profiled order of their first
//! allocations, all objects of a site together.
//!
//! Exits are counted per task, or per object of the parameter that tells
//! them apart ([`TaskModel::count_param`]). Everything is deterministic: no
//! randomness, ties broken by event order.
//!
//! What the simulation covers besides the routing above:
//! Besides the task bodies it accounts for the profiled time outside them
//! (profile format 2: start-up, the scheduler after each invocation (per
//! exit), stop-the-world collections, each one core's marking after which
//! every core sweeps its own share and goes on, the finish), so that an
//! estimate is the whole run's time; from format 4, a collection is due
//! when one core's heap has allocated its own threshold (max(its live
//! bytes, the minimum)), as in the runtime, so N cores collect less often
//! than one, and a due heap defers its collection while another core works,
//! up to twice its threshold (older profiles: the profiled collections
//! spread over the body time); each core's round-robin starts at its own
//! index, as the runtime's; a core with nothing to do (and nothing on its
//! way to it) asks for work, and a core ending an invocation with two or
//! more invocations queued hands it its oldest (up to half its queue, while
//! they are of one task), before routing the ended invocation's objects,
//! when that is of a one-parameter, untagged, round-robin task routed to it
//! (`Sim::balance`, the runtime's `BAMBOO_BALANCE`, on unless
//! `SimOptions::balance` is false); each core takes its ready invocations
//! in the runtime's order (the newest first, new objects in the order they
//! were made, an invocation left enabled before them up to `LOOP_BURST`
//! times in a row, an object an invocation kept for its task before the
//! work the invocation handed on, the oldest after `QUEUE_PATIENCE` others
//! queued after it and since the last taken so); and, from format 3, tags:
//! each object holds an instance per tag type, bound as the profile's tag
//! binding records say, so tag-hashed tasks (keywordcount's merge tree)
//! spread over cores as in the runtime, and `TagHome` tasks (tracking's
//! passes on 2 cores) run on the core whose invocation made their tag
//! instance; and the disjointness analysis' merged locks (the `LockPlan`,
//! per exit in `Model::locks`): a union-find over the simulated objects,
//! merged at each exit as the runtime merges them (parameter pairs, new
//! objects of a site with a parameter or with other new objects), so an
//! invocation starts only when no other core holds one of its parameters'
//! lock sets, and a core whose invocations are all blocked tries again when
//! a lock is released. Invariants: a terminating run that ends with fewer
//! than 90% of the profiled invocations is `stalled` and costs infinity, so
//! no search prefers a layout for ending early; objects whose locks were
//! never merged are scheduled exactly as without the lock model (a model
//! without merges takes none of its code paths), so such programs'
//! estimates do not depend on it. Hand-offs cost more than their latency
//! (`machine::Costs`): the sender spends `send_ns` per object it sends to
//! another core (its next invocation starts after them), the receiver
//! `receive_ns` per object it takes, and a core idle for `park_after_ns`
//! has parked and starts `wake_ns` after the message that wakes it. A run
//! profiled with more invocations than `SimOptions::window` (50,000) is
//! simulated for that many and the rest extrapolated at the rate of the
//! window's second half (the profiled body time still to run over the
//! body time that half ran, so a half that ran a cheaper mix of tasks
//! does not promise too much), so a simulation's cost does not grow with the
//! profiled run's length; such a window makes at most a window's worth of
//! one allocation's objects (a startup making a million jobs makes 50,000),
//! and the sends the unmade ones would have cost their core are added to
//! the estimate. A run that ended by `System.exit` is simulated to its
//! profiled count. Fractional allocation means are realised late (a
//! collector making one result per n inputs makes it at the n-th), except
//! where the new objects lead back to the allocating task and most
//! invocations allocate (a chain making its successor on every hop but the
//! last allocates at once, or it would stall); new objects are bound to
//! tags in the order they were made: sites one after another unless the
//! profiled first-allocation orders show one loop made them together (then
//! interleaved). `benchmarks/simacc.py` compares estimates with measured
//! times (paper Figure 9), and so does section 2 of the harness's report,
//! from profiles taken between the runs it measures;
//! `benchmarks/finegrain_simacc.py` does so for tasks of 0.5-70 us, a hop
//! chain and a ping-pong, at 1 core, the synthesised 2-core layout and the
//! spread one.
//!
//! Files: `model.rs` (the [`Model`] and [`model_from`]), `prepare.rs` (the
//! tables a simulation prepares once from the model; [`PreparedModel`]
//! prepares the accumulator starts once for all the simulations of a
//! search, which it runs with [`simulate_prepared`]), `engine/` (the
//! simulation: `mod.rs` the state and the event loop, `route.rs`,
//! `dispatch.rs`, `tags.rs`, `heaps.rs` (collections), `locks.rs` (merged
//! locks), `network.rs` (objects between a cluster's nodes: their packed
//! bytes, profile format 5, at the network's bandwidth after its latency,
//! and [`NetworkTraffic`], the share of their flight hidden behind the
//! receivers' computation)), `critical.rs` ([`critical_path`]), `trace.rs`
//! ([`trace_json`]); tests in `tests.rs`, `grain_tests.rs`, `lock_tests.rs`
//! and `network_tests.rs`.

use crate::synthesis::layout::{Layout, Policy};
use crate::synthesis::machine::Machine;
use fnv::FnvHashMap;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap, VecDeque};

/// Notes queued on a core while its oldest note waits before it is taken
/// ahead of the newer ones: the runtime's `BB_QUEUE_PATIENCE` (sched.c).
pub const QUEUE_PATIENCE: u64 = 16384;

/// Times in a row an invocation whose exit keeps all its parameters is
/// queued again at the newest end: the runtime's `BB_LOOP_BURST`.
pub const LOOP_BURST: u32 = 16;

pub use crate::synthesis::markov::{Counting, Outside};

/// Limits of one simulation.
#[derive(Copy, Clone, Debug)]
pub struct SimOptions {
    /// Stop after this many invocations (the run then counts as not
    /// terminated).
    pub max_invocations: u64,
    /// Keep every invocation (for the trace and the critical path).
    pub record: bool,
    /// Idle cores are handed queued work, as the runtime does unless
    /// `BAMBOO_BALANCE=0` ([`Sim::balance`]).
    pub balance: bool,
    /// A run profiled with more invocations than this is simulated for
    /// this many, and the rest is extrapolated at the rate of the window's
    /// second half (the Markov chain's steady state), so that a simulation
    /// costs the same whatever the profiled run's length. `u64::MAX`
    /// replays the whole run.
    pub window: u64,
}

/// The default [`SimOptions::window`].
pub const WINDOW: u64 = 50_000;

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            max_invocations: 5_000_000,
            record: true,
            balance: true,
            window: WINDOW,
        }
    }
}

/// No invocation (the startup object's producer, the first on a core).
pub const NONE: u32 = u32::MAX;

/// One simulated invocation.
#[derive(Clone, Debug, PartialEq)]
pub struct Invocation {
    pub core: u32,
    pub task: u32,
    /// Index into the task's `exits`.
    pub exit: u32,
    /// When the last parameter object arrived (data dependencies resolved).
    pub ready: f64,
    pub start: f64,
    pub end: f64,
    /// The invocation that sent the last-arriving parameter object.
    pub data_pred: u32,
    /// The previous invocation on the same core.
    pub core_pred: u32,
}

/// The share of the profiled invocations below which a terminating run
/// counts as stalled. Exits chosen to track the profiled ratios make a run
/// the profile's invocations within a few; a run far short of them ended
/// because objects never met.
pub const STALL_SHARE: f64 = 0.9;

#[derive(Clone, Debug, PartialEq)]
pub struct SimResult {
    /// Estimated execution time (the last completion).
    pub time_ns: f64,
    /// False when the invocation cap stopped the run, the profile says the
    /// program does not terminate, or the run stalled.
    pub completed: bool,
    /// The run of a terminating program ended having made fewer than
    /// [`STALL_SHARE`] of the profiled invocations: objects waited for
    /// partners the model never delivered (a layout or model the simulator
    /// cannot run as the profiled program ran). Its cost is infinite, so
    /// that a search never prefers it for ending early.
    pub stalled: bool,
    /// Invocations of the estimated run (the profiled count when the rest
    /// was extrapolated from a window).
    pub invocations: u64,
    /// Invocations actually simulated.
    pub simulated: u64,
    /// Per core, time spent in invocations (overheads included).
    pub busy_ns: Vec<f64>,
    /// Task time (without overheads) over cores times elapsed time.
    pub useful_fraction: f64,
    /// Every invocation, in start order, when recorded.
    pub trace: Vec<Invocation>,
    /// The objects that crossed the network between nodes, on a machine
    /// that has one (in the simulated window, not extrapolated).
    pub network: Option<NetworkTraffic>,
}

/// Objects sent between nodes in a simulated run (`engine::network`).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct NetworkTraffic {
    pub messages: u64,
    /// Their packed bytes (0 for objects whose size the profile lacks).
    pub bytes: f64,
    /// Their time in flight, summed: from the sender's exit to arrival.
    pub flight_ns: f64,
    /// Of it, the time their destination cores spent running invocations.
    pub hidden_ns: f64,
}

impl NetworkTraffic {
    /// The share of the communication hidden behind computation (0 with
    /// no message).
    pub fn hidden_share(&self) -> f64 {
        if self.flight_ns > 0.0 {
            self.hidden_ns / self.flight_ns
        } else {
            0.0
        }
    }
}

impl SimResult {
    /// Per-core utilisation (busy time over elapsed time).
    pub fn utilisation(&self) -> Vec<f64> {
        self.busy_ns
            .iter()
            .map(|b| {
                if self.time_ns > 0.0 {
                    b / self.time_ns
                } else {
                    0.0
                }
            })
            .collect()
    }

    /// The figure the search minimises: the estimated time for terminating
    /// programs, else the time per unit of useful work.
    pub fn cost(&self) -> f64 {
        if self.stalled {
            f64::INFINITY
        } else if self.completed {
            self.time_ns
        } else if self.useful_fraction > 0.0 {
            1.0 / self.useful_fraction
        } else {
            f64::INFINITY
        }
    }
}

mod critical;
mod engine;
mod model;
mod trace;

pub use critical::{critical_path, Step, Via};
pub use engine::{simulate, simulate_prepared};
pub use model::*;
pub use prepare::PreparedModel;
pub use trace::trace_json;

mod prepare;

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod grain_tests;

#[cfg(test)]
mod lock_tests;

#[cfg(test)]
mod network_tests;
