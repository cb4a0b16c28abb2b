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
//! Semantics (shared with the many-core runtime, `notes/INTERFACES.md`):
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
//! locks its parameter objects, so copies of an object queued for other
//! tasks become stale. Balance (the runtime's, cores.c; off with
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
//! never merged is its own set, which the stale-copy rule above already
//! keeps to one invocation at a time, so programs without merges are
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
//! `dispatch_ns` for a profile without either) and the
//! machine's lock cost per parameter; it allocates the exit's expected
//! number of objects, fractional means realised exactly over invocations
//! by accumulating (sites whose means are the same share of their
//! whole-number ceilings are realised together: `bundles`).
//!
//! Time outside the bodies (profile format 2, [`Outside`]): the startup
//! object is injected when the profiled start-up (`init_ns`) is over; a
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

pub use crate::synthesis::profile::{Counting, Outside};

/// The Markov model the simulator and synthesis read.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub program: String,
    /// Indexed like the program's `TaskId`s (and a layout's tasks).
    pub tasks: Vec<TaskModel>,
    pub states: Vec<StateModel>,
    /// The state the startup object is injected in.
    pub startup: u32,
    /// False when the profiled run did not terminate: the simulator then
    /// reports the fraction of useful work.
    pub terminates: bool,
    /// The profiled run's time outside task bodies: start-up, collector,
    /// finish, scheduler per invocation.
    pub outside: Outside,
    /// The program's tag types (objects hold at most one instance of each).
    pub tag_types: u32,
    /// Per task and exit (indexed like `tasks[t].exits`): the locks the
    /// exit merges (paper 4.2's disjointness analysis). Missing entries
    /// merge nothing, so a hand-written model may leave it empty.
    pub locks: Vec<Vec<ExitMerges>>,
}

/// The lock merges of one exit, as the runtime applies them when the
/// exit is taken (`LockPlan`'s `ExitLocks`, with allocation sites read as
/// indices into the exit's [`ExitModel::allocs`]; a site the profile never
/// saw allocate has no entry and merges nothing).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ExitMerges {
    /// Parameter pairs whose objects' locks are merged.
    pub params: Vec<(u32, u32)>,
    /// (allocation, parameter): each new object of the allocation is
    /// merged with the parameter's object.
    pub new_with_param: Vec<(u32, u32)>,
    /// (allocation, allocation): all of the invocation's new objects of
    /// both (one allocation twice: its objects with each other) are merged.
    pub new_with_new: Vec<(u32, u32)>,
}

impl ExitMerges {
    pub fn is_empty(&self) -> bool {
        self.params.is_empty() && self.new_with_param.is_empty() && self.new_with_new.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct TaskModel {
    pub name: String,
    pub params: u32,
    /// Takes the startup object: one instance, on core 0.
    pub startup: bool,
    /// The tag type of the variable all parameters share: an invocation
    /// takes objects bound to one instance of it, and several instances
    /// of the task can be fed by tag hashing.
    pub match_tag: Option<u32>,
    /// Per parameter, the first tag type its guard requires: what tag
    /// hashing routes the parameter's objects by (as the runtime does).
    pub param_tags: Vec<Option<u32>>,
    pub exits: Vec<ExitModel>,
    pub counting: Counting,
    /// The parameter whose object exits are counted by (per-object
    /// counting) and whose staying in its state groups the exits: the
    /// first, unless every exit moves it alike and another parameter's
    /// move tells the exits apart (a frame that each of eight groups
    /// visits, the last visit ending the frame: counted per frame).
    pub count_param: u32,
    /// Profiled invocation count (synthesis estimates work from it).
    pub invocations: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ExitModel {
    /// The exit's number as the runtime and its traces count it.
    pub runtime_exit: u32,
    pub probability: f64,
    pub mean_ns: f64,
    /// The scheduler's time after the body (the profile's per-exit
    /// `sched_mean_ns`); `None` charges the run's average per invocation.
    pub sched_ns: Option<f64>,
    /// Mean heap bytes the body allocates (profile format 4; 0 when
    /// unknown): what fills its core's heap towards a collection.
    pub alloc_bytes: f64,
    /// Per parameter: (state before, state after) pairs; [`ANY`] as the
    /// state before matches every state. An object whose state has no pair
    /// leaves the task world.
    pub next: Vec<Vec<(u32, u32)>>,
    pub allocs: Vec<Alloc>,
    /// The exit's tag bindings of parameter objects (`add` in a
    /// `taskexit`), applied before the objects are routed.
    pub binds: Vec<Bind>,
}

/// An exit binds parameter `param`'s object to an instance of tag type
/// `tag` taken from `source`.
#[derive(Clone, Debug, PartialEq)]
pub struct Bind {
    pub param: u32,
    pub tag: u32,
    pub source: TagSource,
}

/// Which tag instance a binding takes (read from the profile's binding
/// records, `profile::TagStats`).
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum TagSource {
    /// The instance of the type that parameter `0`'s object holds (a tag
    /// variable bound by the task's guard, or passed on from one).
    Param(u32),
    /// The open instance of the type (the last one a binding of the type
    /// made) while fewer than `group` objects are bound to it, else a new
    /// one, which becomes the open instance; `group` 0 never opens a new one
    /// while there is an open instance. A loop making one tag per pair of
    /// objects is `group` 2; a tag made once and bound to every object of
    /// a site, or a tag made at one site and bound at the next, is 0.
    Open { group: u32 },
    /// No instance: the exit's `clear` unbinds the object's instance of
    /// the type (read from the program; applied before the exit's adds).
    Cleared,
}

impl TaskModel {
    /// All parameters share a tag variable, so several instances can be
    /// fed by tag hashing.
    pub fn tag_shared(&self) -> bool {
        self.match_tag.is_some()
    }
}

/// Matches any state before a transition (hand-written models).
pub const ANY: u32 = u32::MAX;

impl ExitModel {
    /// The state after this exit of parameter `param`'s object in `from`.
    pub fn successor(&self, param: usize, from: u32) -> Option<u32> {
        self.next
            .get(param)?
            .iter()
            .find(|&&(f, _)| f == from || f == ANY)
            .map(|&(_, to)| to)
    }
}

/// Objects allocated in `state`, `mean` per invocation taking the exit.
#[derive(Clone, Debug, PartialEq)]
pub struct Alloc {
    pub state: u32,
    pub mean: f64,
    /// The mean index of the site's first object among the invocation's
    /// new objects (the profile's `order`): sites whose objects a loop
    /// made together start before the previous site's objects are all made.
    pub order: f64,
    /// The tag instances each new object is bound to: (tag type, source).
    pub tags: Vec<(u32, TagSource)>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct StateModel {
    pub name: String,
    /// (task, parameter) pairs whose guard the state satisfies.
    pub consumers: Vec<(u32, u32)>,
}

impl Model {
    /// The lock merges of exit `exit` (an index into its `exits`) of
    /// `task`, if it has any.
    pub fn merges(&self, task: usize, exit: usize) -> Option<&ExitMerges> {
        self.locks.get(task)?.get(exit).filter(|m| !m.is_empty())
    }

    /// Indices of the states a task may allocate objects in, with the
    /// expected count per invocation (over all exits).
    pub fn expected_allocs(&self, task: usize) -> Vec<(u32, f64)> {
        let mut out: Vec<(u32, f64)> = Vec::new();
        for e in &self.tasks[task].exits {
            for a in &e.allocs {
                match out.iter_mut().find(|(s, _)| *s == a.state) {
                    Some((_, m)) => *m += e.probability * a.mean,
                    None => out.push((a.state, e.probability * a.mean)),
                }
            }
        }
        out
    }

    /// Mean time of one invocation of `task` over its exits.
    pub fn mean_time(&self, task: usize) -> f64 {
        self.tasks[task]
            .exits
            .iter()
            .map(|e| e.probability * e.mean_ns)
            .sum()
    }
}

/// The simulator's model of a program: the CSTG's states and transitions
/// annotated with the profile's Markov model (4.3.1), and the lock merges
/// of the disjointness analysis (4.2). `name` is the program's name (as
/// layouts record it).
pub fn model_from(
    p: &crate::hir::Program,
    name: &str,
    cstg: &crate::analysis::cstg::Cstg,
    mm: &crate::synthesis::profile::MarkovModel,
    plan: &crate::analysis::disjoint::LockPlan,
) -> Model {
    use crate::analysis::cstg::CstgEdge;
    use crate::hir::TaskId;
    use crate::synthesis::profile::BindPoint;
    use petgraph::visit::EdgeRef;
    let g = &cstg.graph;
    let states = g
        .node_indices()
        .map(|n| StateModel {
            name: g[n].state.label(p),
            consumers: cstg
                .consumers(p, n)
                .into_iter()
                .map(|(t, param)| (t.0, param))
                .collect(),
        })
        .collect();
    let tasks = (0..p.tasks.len())
        .map(|t| {
            let id = TaskId(t as u32);
            let task = p.task(id);
            let sites = cstg.sites_of(id);
            // An exit's bindings of parameters to new or open instances
            // are grouped by the task's figures for the tag type over all
            // its exits (the two exits of a pair's combination, one per
            // survivor, are one tree's steps).
            let mut pooled: std::collections::BTreeMap<u32, (u64, u64)> = Default::default();
            for e in mm.exits(id) {
                for t in &e.tags {
                    if let BindPoint::Param(param) = t.point {
                        if held_by(t, Some(param)).is_none() {
                            let (bound, fresh) = pooled.entry(t.tag.0).or_default();
                            (*bound, *fresh) = (*bound + t.bound, *fresh + t.fresh);
                        }
                    }
                }
            }
            let deciding = deciding_param(mm.exits(id), g, id);
            let exits = mm
                .exits(id)
                .iter()
                .map(|e| {
                    let mut next = vec![Vec::new(); task.params.len()];
                    for edge in g.edge_references() {
                        if let CstgEdge::Transition {
                            task: et,
                            exit,
                            param,
                        } = *edge.weight()
                        {
                            if et == id && exit == e.exit {
                                let pair =
                                    (edge.source().index() as u32, edge.target().index() as u32);
                                let list: &mut Vec<(u32, u32)> = &mut next[param as usize];
                                // The first successor, as `Cstg::successor` picks it.
                                if !list.iter().any(|&(f, _)| f == pair.0) {
                                    list.push(pair);
                                }
                            }
                        }
                    }
                    let pooled = &pooled;
                    let sources = |point: BindPoint, own: Option<u32>| -> Vec<(u32, TagSource)> {
                        e.tags
                            .iter()
                            .filter(|t| t.point == point)
                            .filter_map(|t| {
                                let totals = match own {
                                    Some(_) => {
                                        pooled.get(&t.tag.0).copied().unwrap_or((t.bound, t.fresh))
                                    }
                                    None => (t.bound, t.fresh),
                                };
                                Some((t.tag.0, tag_source(t, own, totals)?))
                            })
                            .collect()
                    };
                    let clears = task.exits[e.exit.0 as usize]
                        .changes
                        .iter()
                        .enumerate()
                        .flat_map(|(param, change)| {
                            change.clear_tags.iter().filter_map(move |local| {
                                let tag = task
                                    .params
                                    .iter()
                                    .flat_map(|par| par.tags.iter())
                                    .find(|&&(_, l)| l == *local)?
                                    .0;
                                Some(Bind {
                                    param: param as u32,
                                    tag: tag.0,
                                    source: TagSource::Cleared,
                                })
                            })
                        });
                    let binds = clears
                        .chain((0..task.params.len() as u32).flat_map(|param| {
                            sources(BindPoint::Param(param), Some(param))
                                .into_iter()
                                .map(move |(tag, source)| Bind { param, tag, source })
                        }))
                        .collect();
                    let (alloc_sites, allocs): (Vec<_>, Vec<_>) = e
                        .allocs
                        .iter()
                        .zip(&e.alloc_order)
                        .filter_map(|(&(site, mean), &order)| {
                            let node = sites
                                .iter()
                                .find(|(s, _)| *s == site)
                                .map(|&(_, n)| n)
                                .or_else(|| {
                                    g.node_indices().find(|&n| g[n].alloc_sites.contains(&site))
                                })?;
                            Some((
                                site,
                                Alloc {
                                    state: node.index() as u32,
                                    mean,
                                    order,
                                    tags: sources(BindPoint::Site(site), None),
                                },
                            ))
                        })
                        .unzip();
                    let merges = exit_merges(plan, id, e.exit, &alloc_sites);
                    let exit = ExitModel {
                        runtime_exit: e.runtime_exit,
                        probability: e.probability,
                        mean_ns: e.mean_ns,
                        sched_ns: e.sched_ns,
                        alloc_bytes: e.alloc_bytes,
                        next,
                        allocs,
                        binds,
                    };
                    (exit, merges)
                })
                .collect::<Vec<_>>();
            let (exits, merges): (Vec<_>, Vec<_>) = exits.into_iter().unzip();
            let task_model = TaskModel {
                name: task.name.clone(),
                params: task.params.len() as u32,
                startup: crate::synthesis::layout::is_startup_task(p, id),
                match_tag: crate::synthesis::layout::shared_tag_slot(p, id).and_then(|local| {
                    let first = task.params.first()?;
                    first
                        .tags
                        .iter()
                        .find(|&&(_, l)| l == local)
                        .map(|&(tt, _)| tt.0)
                }),
                param_tags: task
                    .params
                    .iter()
                    .map(|par| par.tags.first().map(|&(tt, _)| tt.0))
                    .collect(),
                count_param: deciding,
                counting: if deciding > 0 {
                    Counting::PerObject
                } else {
                    mm.counting(id)
                },
                exits,
                invocations: mm.invocations(id),
            };
            (task_model, merges)
        })
        .collect::<Vec<_>>();
    let (tasks, locks) = tasks.into_iter().unzip();
    Model {
        program: name.to_string(),
        tasks,
        states,
        startup: cstg.startup.index() as u32,
        terminates: mm.complete,
        outside: mm.outside,
        tag_types: p.tag_types.len() as u32,
        locks,
    }
}

/// The merges of exit `exit` of `task` in `plan`, allocation sites read
/// as indices into the exit's allocations (`alloc_sites`, in their order);
/// a site without one (never allocated in the profile) merges nothing.
fn exit_merges(
    plan: &crate::analysis::disjoint::LockPlan,
    task: crate::hir::TaskId,
    exit: crate::hir::ExitId,
    alloc_sites: &[crate::hir::AllocSiteId],
) -> ExitMerges {
    let Some(locks) = plan
        .tasks
        .get(task.0 as usize)
        .and_then(|t| t.exits.get(exit.0 as usize))
    else {
        return ExitMerges::default();
    };
    let index = |site| {
        alloc_sites
            .iter()
            .position(|&s| s == site)
            .map(|i| i as u32)
    };
    ExitMerges {
        params: locks.params.clone(),
        new_with_param: locks
            .new_with_param
            .iter()
            .filter_map(|&(site, param)| Some((index(site)?, param)))
            .collect(),
        new_with_new: locks
            .new_with_new
            .iter()
            .filter_map(|&(a, b)| Some((index(a)?, index(b)?)))
            .collect(),
    }
}

/// The parameter that tells a task's exits apart when the first does not:
/// the first parameter whose CSTG transitions differ between two exits that
/// ran, if the first parameter's are the same in all of them; else 0.
fn deciding_param(
    exits: &[crate::synthesis::profile::ExitStats],
    g: &petgraph::graph::DiGraph<crate::analysis::cstg::StateNode, crate::analysis::cstg::CstgEdge>,
    task: crate::hir::TaskId,
) -> u32 {
    use crate::analysis::cstg::CstgEdge;
    use petgraph::visit::EdgeRef;
    let moves = |exit: crate::hir::ExitId, param: u32| -> Vec<(usize, usize)> {
        let mut out: Vec<(usize, usize)> = g
            .edge_references()
            .filter(|e| {
                matches!(*e.weight(), CstgEdge::Transition { task: t, exit: x, param: p }
                    if t == task && x == exit && p == param)
            })
            .map(|e| (e.source().index(), e.target().index()))
            .collect();
        out.sort_unstable();
        out
    };
    let ran: Vec<crate::hir::ExitId> = exits
        .iter()
        .filter(|e| e.probability > 0.0)
        .map(|e| e.exit)
        .collect();
    let differ = |param: u32| {
        ran.windows(2)
            .any(|w| moves(w[0], param) != moves(w[1], param))
    };
    if ran.len() < 2 || differ(0) {
        return 0;
    }
    let nparams = g
        .edge_references()
        .filter_map(|e| match *e.weight() {
            CstgEdge::Transition { task: t, param, .. } if t == task => Some(param + 1),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    (1..nparams).find(|&p| differ(p)).unwrap_or(0)
}

/// The parameter whose object held the instance in most of a record's
/// bindings (`own`, the parameter an exit's record binds, included), if
/// any.
fn held_by(t: &crate::synthesis::profile::TagStats, own: Option<u32>) -> Option<u32> {
    let held = |q: usize| 2 * t.from_params[q] > t.bound;
    (0..t.from_params.len())
        .find(|&q| Some(q as u32) != own && held(q))
        .or_else(|| {
            own.map(|q| q as usize)
                .filter(|&q| q < t.from_params.len() && held(q))
        })
        .map(|q| q as u32)
}

/// The source of the bindings a profile record describes (see
/// [`TagSource`]), or `None` when there are none or they bind an instance
/// the object already holds (`own`: the parameter an exit's record binds).
/// Most bindings to an instance another parameter's object held: that
/// parameter's; otherwise `totals` (bindings, fresh ones) give the
/// bindings per new instance, rounded.
fn tag_source(
    t: &crate::synthesis::profile::TagStats,
    own: Option<u32>,
    (bound, fresh): (u64, u64),
) -> Option<TagSource> {
    if t.bound == 0 {
        return None;
    }
    match held_by(t, own) {
        Some(q) if Some(q) == own => None,
        Some(q) => Some(TagSource::Param(q)),
        None if fresh == 0 => Some(TagSource::Open { group: 0 }),
        None => Some(TagSource::Open {
            group: ((bound as f64 / fresh as f64).round() as u32).max(1),
        }),
    }
}

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

#[derive(Copy, Clone)]
struct Obj {
    state: u32,
    version: u32,
}

#[derive(Copy, Clone)]
struct Entry {
    obj: u32,
    version: u32,
    arrive: f64,
    from: u32,
}

enum Kind {
    End {
        core: u32,
    },
    /// A core has swept its heap after a collection's marking: it may
    /// dispatch again.
    GcEnd {
        core: u32,
    },
    Arrive {
        core: u32,
        task: u32,
        param: u32,
        entry: Entry,
    },
}

struct Event {
    time: f64,
    seq: u64,
    kind: Kind,
}

impl PartialEq for Event {
    fn eq(&self, o: &Self) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Event {}
impl PartialOrd for Event {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Event {
    // Reversed: the heap pops the earliest event, then the oldest.
    fn cmp(&self, o: &Self) -> Ordering {
        o.time
            .total_cmp(&self.time)
            .then_with(|| o.seq.cmp(&self.seq))
    }
}

/// The running invocation of a core: enough to apply its exit.
#[derive(Clone, Default)]
struct Running {
    task: u32,
    exit: u32,
    objs: Vec<u32>,
    /// The collector is due when this invocation ends.
    gc: bool,
}

struct Sim<'a> {
    model: &'a Model,
    layout: &'a Layout,
    ntasks: usize,
    ncores: usize,
    latency: Vec<f64>,
    /// The scheduler's cost of one invocation, locks aside.
    dispatch_ns: f64,
    lock_ns: f64,
    objs: Vec<Obj>,
    /// `psets[core * ntasks + task][param]`.
    psets: Vec<Vec<VecDeque<Entry>>>,
    /// Per core, one note per queued object: its task and its stamp (the
    /// core's count of notes queued before it). The back is the newest end.
    notes: Vec<VecDeque<(u32, u64)>>,
    /// Per core: notes queued so far.
    queued: Vec<u64>,
    /// Per core: `queued` when a note that had waited too long was last
    /// taken (sched.c, `last_due`).
    last_due: Vec<u64>,
    /// Per core: invocations queued again at the newest end in a row.
    streak: Vec<u32>,
    busy: Vec<bool>,
    running: Vec<Running>,
    last_inv: Vec<u32>,
    rr: Vec<u32>,
    task_counts: Vec<Vec<u64>>,
    /// Keyed by (task, object); FNV since SipHash showed in profiles of
    /// long simulations and the map is never iterated.
    object_counts: FnvHashMap<(u32, u32), Vec<u64>>,
    alloc_acc: Vec<Vec<Vec<f64>>>,
    /// Per task, exit and allocation: its loop ([`alloc_clusters`]).
    clusters: Vec<Vec<Vec<u32>>>,
    /// Exits keeping the first parameter in its state ([`stay_masks`]).
    stays: Vec<u64>,
    /// Per task, exit and allocation: its bundle, if any ([`bundles`]).
    bundles: Vec<Vec<Vec<Option<Bundle>>>>,
    heap: BinaryHeap<Event>,
    seq: u64,
    busy_ns: Vec<f64>,
    task_ns: f64,
    invocations: u64,
    end_time: f64,
    record: bool,
    trace: Vec<Invocation>,
    /// Per object and tag type (`object * tag_types + type`): the bound
    /// instance, 0 for none.
    obj_tags: Vec<u32>,
    tag_types: usize,
    /// Per tag type: the open instance ([`TagSource::Open`]) and the
    /// objects bound to it so far.
    open_tags: Vec<(u32, u32)>,
    next_tag: u32,
    /// Per tag instance: the core whose invocation made it (`TagHome`).
    tag_home: Vec<u32>,
    scratch: Vec<Entry>,
    picks: Vec<usize>,
    /// Body time between collections (the profile's task time over its
    /// collections; infinite without any) and one collection's marking
    /// (done by one core) and sweep (each core sweeps its own heap).
    gc_every: f64,
    gc_mark: f64,
    gc_sweep: f64,
    work_since_gc: f64,
    /// Per core, the body time since the last collection: the share of
    /// the sweep that core does.
    work_since_gc_by_core: Vec<f64>,
    /// The runtime's per-core heap thresholds, when the profile has the
    /// heap figures (format 4); else collections follow `gc_every`.
    heaps: Option<Heaps>,
    /// A collection is due: no core starts an invocation until it has run.
    gc_pending: bool,
    /// Per core, whether it is still in the running collection (the
    /// marking, then its own sweep).
    collecting: Vec<bool>,
    /// The objects' merged locks (`Locks`), when the model merges any.
    locks: Option<Locks>,
    /// Whether idle cores ask for work ([`SimOptions::balance`]).
    balancing: bool,
    /// Per core: it has nothing to do and has asked for work (the
    /// runtime's `hungry` flag).
    hungry: Vec<bool>,
    /// Per core: objects sent to it that have not arrived yet (the
    /// runtime's inbox, which a core empties before it asks for work).
    inflight: Vec<u32>,
    /// The machine's sender cost per remote object, and per core the
    /// objects sent since its invocation ended (each leaves after the
    /// ones before it).
    send_ns: f64,
    sends: Vec<u32>,
    /// New objects one allocation makes at most (`Some` when the run is
    /// simulated to a window and extrapolated).
    alloc_cap: Option<u64>,
    /// Per core, the sending time of the objects `alloc_cap` left unmade.
    unsent_ns: Vec<f64>,
    /// The machine's receiver cost per remote object, and per core what
    /// it owes for the objects it took since it last started.
    receive_ns: f64,
    owed: Vec<f64>,
    /// Per core: when it may start its next invocation (after its sends,
    /// or after waking up).
    free_at: Vec<f64>,
    /// Per core: since when it has found nothing to do; a message after
    /// `park_after_ns` of that finds it parked and arrives `wake_ns` late.
    idle_since: Vec<f64>,
    wake_ns: f64,
    park_after_ns: f64,
}

/// The objects' locks as the runtime keeps them (`bb_lock_root`,
/// `bb_lock_merge`): a union-find over objects whose sets only grow, each
/// set one lock, held by the core running an invocation on one of its
/// objects. Unmerged objects are sets of one, which the version check
/// already keeps to one invocation at a time.
struct Locks {
    sets: petgraph::unionfind::UnionFind<u32>,
    /// Per set (at its root): the core holding it, or [`NONE`].
    holder: Vec<u32>,
    /// Per core: its queued invocations were all blocked by locks other
    /// cores held, so it tries again when one is released.
    waiting: Vec<bool>,
    /// `form` passed over an invocation for a lock another core held.
    blocked: std::cell::Cell<bool>,
    /// Per allocation of the finishing exit: its new objects (a range).
    made: Vec<(u32, u32)>,
}

impl Locks {
    fn root(&self, o: u32) -> u32 {
        self.sets.find(o)
    }

    /// The object's lock is free or held by `core`.
    fn free(&self, o: u32, core: usize) -> bool {
        let h = self.holder[self.root(o) as usize];
        h == NONE || h == core as u32
    }

    fn set_holder(&mut self, o: u32, core: u32) {
        let r = self.root(o);
        self.holder[r as usize] = core;
    }

    /// Merges the locks of `a` and `b`; the merged set is held if either was.
    fn merge(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.root(a), self.root(b));
        if !self.sets.union(ra, rb) {
            return;
        }
        let merged = self.root(ra);
        let held = if self.holder[ra as usize] != NONE {
            self.holder[ra as usize]
        } else {
            self.holder[rb as usize]
        };
        self.holder[merged as usize] = held;
    }
}

/// Simulates `layout` on `machine` with the model.
pub fn simulate(model: &Model, machine: &Machine, layout: &Layout, opts: SimOptions) -> SimResult {
    let ncores = layout.hosts.len();
    let ntasks = model.tasks.len();
    let mut latency = vec![0.0; ncores * ncores];
    for a in 0..ncores {
        for b in 0..ncores {
            latency[a * ncores + b] = machine.message_ns(a as u32, b as u32);
        }
    }
    let mut psets = vec![Vec::new(); ncores * ntasks];
    for (c, hosted) in layout.hosts.iter().enumerate() {
        for t in hosted {
            let t = t.0 as usize;
            psets[c * ntasks + t] = vec![VecDeque::new(); model.tasks[t].params as usize];
        }
    }
    let balancing = opts.balance && ncores > 1;
    let mut sim = Sim {
        model,
        layout,
        ntasks,
        ncores,
        latency,
        dispatch_ns: if model.outside.sched_per_invocation_ns > 0.0 {
            model.outside.sched_per_invocation_ns
        } else {
            machine.costs.dispatch_ns
        },
        lock_ns: machine.costs.lock_ns,
        objs: Vec::new(),
        psets,
        notes: vec![VecDeque::new(); ncores],
        queued: vec![0; ncores],
        last_due: vec![0; ncores],
        streak: vec![0; ncores],
        busy: vec![false; ncores],
        running: vec![Running::default(); ncores],
        last_inv: vec![NONE; ncores],
        // Core `c`'s counters start at `c` (modulo each route's length).
        rr: (0..ncores * ntasks).map(|i| (i / ntasks) as u32).collect(),
        task_counts: model.tasks.iter().map(|t| vec![0; t.exits.len()]).collect(),
        object_counts: HashMap::default(),
        alloc_acc: alloc_starts(model),
        clusters: model
            .tasks
            .iter()
            .map(|t| t.exits.iter().map(|e| alloc_clusters(&e.allocs)).collect())
            .collect(),
        stays: stay_masks(model),
        bundles: model
            .tasks
            .iter()
            .map(|t| t.exits.iter().map(|e| bundles(&e.allocs)).collect())
            .collect(),
        heap: BinaryHeap::new(),
        seq: 0,
        busy_ns: vec![0.0; ncores],
        task_ns: 0.0,
        invocations: 0,
        end_time: 0.0,
        record: opts.record,
        trace: Vec::new(),
        obj_tags: Vec::new(),
        tag_types: model.tag_types as usize,
        open_tags: vec![(0, 0); model.tag_types as usize],
        next_tag: 1,
        tag_home: vec![0],
        scratch: Vec::new(),
        picks: Vec::new(),
        gc_every: if model.outside.collections > 0 {
            model.outside.task_ns / model.outside.collections as f64
        } else {
            f64::INFINITY
        },
        // Without the marking's part (an older profile) the whole
        // collection is taken to be serial.
        gc_mark: if model.outside.collections == 0 {
            0.0
        } else if model.outside.gc_mark_ns > 0.0 {
            model.outside.gc_mark_ns / model.outside.collections as f64
        } else {
            model.outside.gc_ns / model.outside.collections as f64
        },
        gc_sweep: if model.outside.collections > 0 && model.outside.gc_mark_ns > 0.0 {
            (model.outside.gc_ns - model.outside.gc_mark_ns).max(0.0)
                / model.outside.collections as f64
        } else {
            0.0
        },
        work_since_gc: 0.0,
        work_since_gc_by_core: vec![0.0; ncores],
        heaps: Heaps::of(model, ncores),
        gc_pending: false,
        collecting: vec![false; ncores],
        locks: model
            .locks
            .iter()
            .flatten()
            .any(|m| !m.is_empty())
            .then(|| Locks {
                sets: petgraph::unionfind::UnionFind::new(0),
                holder: Vec::new(),
                waiting: vec![false; ncores],
                blocked: std::cell::Cell::new(false),
                made: Vec::new(),
            }),
        balancing,
        // Every core but core 0 starts with nothing to do.
        hungry: (0..ncores).map(|c| balancing && c != 0).collect(),
        inflight: vec![0; ncores],
        send_ns: machine.costs.send_ns,
        sends: vec![0; ncores],
        alloc_cap: None,
        unsent_ns: vec![0.0; ncores],
        receive_ns: machine.costs.receive_ns,
        owed: vec![0.0; ncores],
        free_at: vec![0.0; ncores],
        idle_since: vec![0.0; ncores],
        wake_ns: machine.costs.wake_ns,
        park_after_ns: machine.costs.park_after_ns,
    };
    let startup = sim.new_obj(model.startup);
    let t0 = model.outside.init_ns;
    sim.route(0, startup, t0, NONE, true);
    sim.dispatch(0, t0);
    let profiled: u64 = model.tasks.iter().map(|t| t.invocations).sum();
    // A run that ended by `System.exit` (or an error) is over once it has
    // made the profiled invocations.
    let exits_early = !model.terminates && profiled > 0;
    let window = opts.window.max(2);
    let extrapolate = profiled > window;
    sim.alloc_cap = extrapolate.then_some(window);
    let mut half: Option<Progress> = None;
    let mut capped = false;
    let mut reached = false;
    while let Some(ev) = sim.heap.pop() {
        match ev.kind {
            Kind::End { core } => {
                sim.finish(core, ev.time);
                if extrapolate && sim.invocations == window / 2 {
                    half = Some(sim.progress());
                }
                if extrapolate && sim.invocations >= window {
                    reached = true;
                    break;
                }
                if exits_early && sim.invocations >= profiled {
                    reached = true;
                    break;
                }
                if sim.invocations >= opts.max_invocations {
                    capped = true;
                    break;
                }
                if sim.gc_pending {
                    sim.maybe_collect(ev.time);
                } else {
                    sim.dispatch(core as usize, ev.time);
                    sim.retry_waiting(ev.time);
                }
            }
            Kind::GcEnd { core } => {
                sim.collecting[core as usize] = false;
                sim.end_time = sim.end_time.max(ev.time);
                if sim.gc_pending {
                    sim.maybe_collect(ev.time);
                } else {
                    sim.dispatch(core as usize, ev.time);
                }
            }
            Kind::Arrive {
                core,
                task,
                param,
                entry,
            } => {
                sim.inflight[core as usize] -= 1;
                sim.hungry[core as usize] = false;
                sim.wake(core as usize, ev.time);
                sim.owed[core as usize] += sim.receive_ns;
                sim.deliver(core as usize, task, param, entry, false);
                if !sim.busy[core as usize] {
                    sim.dispatch(core as usize, ev.time);
                }
            }
        }
    }
    let mut end = sim.progress();
    let simulated = sim.invocations;
    let extrapolated = reached && extrapolate && simulated < profiled;
    if let (true, Some(h)) = (extrapolated, &half) {
        end = end.extrapolate(h, simulated - window / 2, profiled - simulated);
    }
    end.time += sim.unsent_ns.iter().copied().fold(0.0, f64::max);
    // The finish follows the last invocation (or collection).
    let time_ns = end.time.max(t0) + model.outside.finish_ns;
    let useful_fraction = if time_ns > 0.0 {
        end.task_ns / (ncores as f64 * time_ns)
    } else {
        0.0
    };
    let terminates = model.terminates || exits_early;
    let stalled = !capped
        && !reached
        && terminates
        && (sim.invocations as f64) < STALL_SHARE * profiled as f64;
    SimResult {
        time_ns,
        completed: !capped && terminates && !stalled,
        stalled,
        invocations: if extrapolated { profiled } else { simulated },
        simulated,
        busy_ns: end.busy_ns,
        useful_fraction,
        trace: sim.trace,
    }
}

/// Where a simulation stands: the last completion, per-core busy time and
/// the task time so far.
#[derive(Clone)]
struct Progress {
    time: f64,
    busy_ns: Vec<f64>,
    task_ns: f64,
}

impl Progress {
    /// This point carried `more` invocations further at the rate of the
    /// last `span` invocations since `earlier`.
    fn extrapolate(&self, earlier: &Progress, span: u64, more: u64) -> Progress {
        let k = more as f64 / span.max(1) as f64;
        Progress {
            time: self.time + (self.time - earlier.time) * k,
            busy_ns: self
                .busy_ns
                .iter()
                .zip(&earlier.busy_ns)
                .map(|(now, then)| now + (now - then) * k)
                .collect(),
            task_ns: self.task_ns + (self.task_ns - earlier.task_ns) * k,
        }
    }
}

/// An exit among those `allowed`: one whose expected count is a whole
/// invocation ahead of its actual count is due (the most overdue first);
/// otherwise the most probable runs. Rare exits so come when their share
/// is complete (a merge's "all merged" exit on the last object).
fn pick_exit(
    exits: &[ExitModel],
    counts: &[u64],
    n: f64,
    allowed: &dyn Fn(usize) -> bool,
) -> usize {
    let mut best = None;
    let mut best_lag = f64::NEG_INFINITY;
    for (e, ex) in exits.iter().enumerate().filter(|&(e, _)| allowed(e)) {
        let lag = ex.probability * n - counts[e] as f64;
        if lag >= 1.0 - 1e-9 && lag > best_lag + 1e-12 {
            best = Some(e);
            best_lag = lag;
        }
    }
    if let Some(e) = best {
        return e;
    }
    let mut best_p = f64::NEG_INFINITY;
    let mut best = 0;
    for (e, ex) in exits.iter().enumerate().filter(|&(e, _)| allowed(e)) {
        if ex.probability > best_p + 1e-12 {
            best = e;
            best_p = ex.probability;
        }
    }
    best
}

impl Sim<'_> {
    /// A message reaches `core` at `t`: a core idle for long enough has
    /// parked and starts only once it is awake.
    fn wake(&mut self, core: usize, t: f64) {
        if self.wake_ns > 0.0
            && !self.busy[core]
            && !self.collecting[core]
            && t - self.idle_since[core] >= self.park_after_ns
            && self.free_at[core] < t
        {
            self.free_at[core] = t + self.wake_ns;
        }
    }

    fn progress(&self) -> Progress {
        Progress {
            time: self.end_time,
            busy_ns: self.busy_ns.clone(),
            task_ns: self.task_ns,
        }
    }

    /// Whether `core`, whose heap is due as its invocation ends, defers the
    /// collection, as the runtime does (`heap.c`, `bb_gc_maybe`): while
    /// another core runs an invocation (never on one core) (a collection
    /// asked for now would wait for it) and the heap has allocated less
    /// than twice its threshold. Only with the heap figures (format 4).
    fn defers_collection(&self, core: usize) -> bool {
        let Some(h) = &self.heaps else {
            return false;
        };
        h.allocated[core] < 2.0 * h.threshold[core]
            && self.busy.iter().enumerate().any(|(c, &b)| c != core && b)
    }

    /// Starts the due collection once no core runs an invocation and every
    /// core has swept its heap after the last one: it stops every core
    /// (the runtime's collections are stop-the-world, at task boundaries)
    /// for one collection's marking, after which each core sweeps its own
    /// heap and goes on ([`Sim::gc_pauses`]).
    fn maybe_collect(&mut self, now: f64) {
        if self.collecting.iter().any(|&c| c) || self.busy.iter().any(|&b| b) {
            return;
        }
        self.gc_pending = false;
        for (core, pause) in self.gc_pauses().into_iter().enumerate() {
            self.collecting[core] = true;
            self.push(now + pause, Kind::GcEnd { core: core as u32 });
        }
        self.work_since_gc_by_core.fill(0.0);
        if let Some(h) = &mut self.heaps {
            h.collected();
        }
    }

    /// Each core's pause in a collection: the profiled marking, which one
    /// core does for the whole process while the others wait, then the
    /// core's sweep of its own heap. A core's share of the sweep is its
    /// part of the bytes allocated (or, without the heap figures, of the
    /// body time) since the last collection; on one core the pause is the
    /// profiled one.
    fn gc_pauses(&self) -> Vec<f64> {
        if let Some(h) = &self.heaps {
            return (0..self.busy.len())
                .map(|core| self.gc_mark + h.sweep_ns(core))
                .collect();
        }
        let total: f64 = self.work_since_gc_by_core.iter().sum();
        self.work_since_gc_by_core
            .iter()
            .map(|&work| {
                let share = if total > 0.0 { work / total } else { 1.0 };
                self.gc_mark + self.gc_sweep * share
            })
            .collect()
    }
}

/// The heaps of the runtime's cores as the collector sees them (profile
/// format 4). Each core allocates into its own heap, and the runtime asks
/// for a collection after an invocation when its core has allocated, since
/// the last collection, its threshold: the bytes live in its heap after
/// that collection, or the heap's minimum if more (`heap.c`,
/// `bb_gc_sweep_own`), unless it defers ([`Sim::defers_collection`]).
/// Every core then collects and starts counting again.
/// On one core this is one collection per max(live, minimum) bytes, as
/// profiled; on N cores each core fills its own threshold, so N cores
/// collect up to N times less often. The live bytes after a collection are
/// the profile's mean, split over the cores by their shares of the
/// allocation since the previous one; a core's sweep is taken to cost the
/// profiled sweep time per allocated byte (the pause's sweep is the
/// largest core's).
#[derive(Clone, Debug)]
struct Heaps {
    min_bytes: f64,
    live_bytes: f64,
    sweep_ns_per_byte: f64,
    /// Per core: bytes allocated since the last collection, and the
    /// threshold that asks for the next.
    allocated: Vec<f64>,
    threshold: Vec<f64>,
}

impl Heaps {
    /// The heaps of `ncores` cores, if the profile has the heap figures:
    /// the minimum threshold and some bytes allocated by bodies.
    fn of(model: &Model, ncores: usize) -> Option<Heaps> {
        let o = &model.outside;
        let bytes: f64 = model
            .tasks
            .iter()
            .flat_map(|t| {
                t.exits
                    .iter()
                    .map(move |e| e.probability * t.invocations as f64 * e.alloc_bytes)
            })
            .sum();
        if o.gc_min_bytes <= 0.0 || bytes <= 0.0 {
            return None;
        }
        let sweep_ns = if o.gc_mark_ns > 0.0 {
            (o.gc_ns - o.gc_mark_ns).max(0.0)
        } else {
            0.0
        };
        Some(Heaps {
            min_bytes: o.gc_min_bytes,
            live_bytes: o.gc_live_bytes,
            sweep_ns_per_byte: sweep_ns / bytes,
            allocated: vec![0.0; ncores],
            threshold: vec![o.gc_min_bytes; ncores],
        })
    }

    /// Core `core` allocated `bytes`; true when it asks for a collection.
    fn allocate(&mut self, core: usize, bytes: f64) -> bool {
        self.allocated[core] += bytes;
        self.allocated[core] >= self.threshold[core]
    }

    /// Core `core`'s sweep of its own heap in a collection now.
    fn sweep_ns(&self, core: usize) -> f64 {
        self.allocated[core] * self.sweep_ns_per_byte
    }

    /// A collection: each core keeps its share of the live bytes, which
    /// sets its next threshold, and starts counting again.
    fn collected(&mut self) {
        let total: f64 = self.allocated.iter().sum();
        let n = self.allocated.len() as f64;
        for (a, t) in self.allocated.iter_mut().zip(&mut self.threshold) {
            let share = if total > 0.0 { *a / total } else { 1.0 / n };
            *t = (self.live_bytes * share).max(self.min_bytes);
            *a = 0.0;
        }
    }
}

/// Mixes a tag id into a well-spread hash (splitmix64's finaliser).
fn tag_hash(tag: u32) -> u64 {
    let mut z = u64::from(tag).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Sim<'_> {
    fn new_obj(&mut self, state: u32) -> u32 {
        self.objs.push(Obj { state, version: 0 });
        self.obj_tags.extend(std::iter::repeat_n(0, self.tag_types));
        let o = (self.objs.len() - 1) as u32;
        if let Some(l) = &mut self.locks {
            let set = l.sets.new_set();
            debug_assert_eq!(set, o);
            l.holder.push(NONE);
        }
        o
    }

    /// Object `o`'s lock can be taken by `core`; else notes that an
    /// invocation was passed over for it.
    fn lockable(&self, o: u32, core: usize) -> bool {
        match &self.locks {
            None => true,
            Some(l) => {
                let free = l.free(o, core);
                if !free {
                    l.blocked.set(true);
                }
                free
            }
        }
    }

    /// Cores waiting for locks try again: one was released at `now`.
    fn retry_waiting(&mut self, now: f64) {
        if self.locks.is_none() {
            return;
        }
        for c in 0..self.ncores {
            if !self.busy[c] && self.locks.as_ref().is_some_and(|l| l.waiting[c]) {
                self.dispatch(c, now);
            }
        }
    }

    /// Applies the lock merges of the finishing exit: `objs` are the
    /// invocation's parameters; each allocation's new objects are in the
    /// ranges `Locks::made`.
    fn merge_locks(&mut self, task: usize, exit: usize, objs: &[u32]) {
        let model = self.model;
        let (Some(l), Some(m)) = (&mut self.locks, model.merges(task, exit)) else {
            return;
        };
        for &(i, j) in &m.params {
            if let (Some(&a), Some(&b)) = (objs.get(i as usize), objs.get(j as usize)) {
                l.merge(a, b);
            }
        }
        for &(k, p) in &m.new_with_param {
            if let (Some(&(lo, hi)), Some(&o)) = (l.made.get(k as usize), objs.get(p as usize)) {
                for n in lo..hi {
                    l.merge(n, o);
                }
            }
        }
        for &(a, b) in &m.new_with_new {
            let (Some(&ra), Some(&rb)) = (l.made.get(a as usize), l.made.get(b as usize)) else {
                continue;
            };
            let mut all = (ra.0..ra.1).chain(rb.0..rb.1);
            if let Some(first) = all.next() {
                for n in all {
                    l.merge(first, n);
                }
            }
        }
    }

    /// Where object `o`'s instance of tag type `tag` is kept in `obj_tags`,
    /// if the program has that type.
    fn tag_slot(&self, o: u32, tag: u32) -> Option<usize> {
        let t = tag as usize;
        (t < self.tag_types).then(|| o as usize * self.tag_types + t)
    }

    /// The instance of tag type `tag` object `o` is bound to (0: none).
    fn tag_of(&self, o: u32, tag: u32) -> u32 {
        self.tag_slot(o, tag).map_or(0, |i| self.obj_tags[i])
    }

    /// Binds object `o` to an instance of `tag` from `source` (`params`:
    /// the invocation's parameter objects, running on `core`). A parameter
    /// without an instance of the type leaves `o` as it is.
    fn bind(&mut self, o: u32, tag: u32, source: TagSource, params: &[u32], core: usize) {
        let Some(slot) = self.tag_slot(o, tag) else {
            return;
        };
        let t = tag as usize;
        let inst = match source {
            TagSource::Param(q) => match params.get(q as usize) {
                Some(&holder) => self.tag_of(holder, tag),
                None => 0,
            },
            TagSource::Cleared => {
                self.obj_tags[slot] = 0;
                return;
            }
            TagSource::Open { group } => {
                let (open, bound) = self.open_tags[t];
                if open != 0 && (group == 0 || bound < group) {
                    self.open_tags[t].1 += 1;
                    open
                } else {
                    let new = self.next_tag;
                    self.next_tag += 1;
                    self.tag_home.push(core as u32);
                    self.open_tags[t] = (new, 1);
                    new
                }
            }
        };
        if inst != 0 {
            self.obj_tags[slot] = inst;
        }
    }

    fn push(&mut self, time: f64, kind: Kind) {
        self.seq += 1;
        self.heap.push(Event {
            time,
            seq: self.seq,
            kind,
        });
    }

    /// Sends object `o` from core `from` at time `t` to every task its
    /// state enables (`fresh`: a new object).
    fn route(&mut self, from: usize, o: u32, t: f64, producer: u32, fresh: bool) {
        let obj = self.objs[o as usize];
        let model = self.model;
        for &(task, param) in &model.states[obj.state as usize].consumers {
            let dests = &self.layout.routes[from][task as usize];
            let policy = self.layout.policies[task as usize];
            let dest = match policy {
                Policy::Single => dests[0],
                // An object handed on stays where its route allows it.
                Policy::Local if !fresh && dests.contains(&(from as u32)) => from as u32,
                Policy::Here if dests.contains(&(from as u32)) => from as u32,
                Policy::RoundRobin | Policy::Local | Policy::Here => {
                    let k = &mut self.rr[from * self.ntasks + task as usize];
                    let d = dests[*k as usize % dests.len()];
                    *k = k.wrapping_add(1);
                    d
                }
                // The runtime routes by the instance of the parameter's
                // first tag type; an object without one is routed again
                // when it gains one.
                Policy::TagHash | Policy::TagHome if dests.len() > 1 => {
                    let inst = match model.tasks[task as usize].param_tags[param as usize] {
                        Some(tag) => self.tag_of(o, tag),
                        None => 0,
                    };
                    if inst == 0 {
                        continue;
                    }
                    // The core that made the instance, if it hosts the
                    // task (sched.c, bb_tag_dest).
                    let home = self.tag_home[inst as usize];
                    if policy == Policy::TagHome && dests.contains(&home) {
                        home
                    } else {
                        dests[(tag_hash(inst) % dests.len() as u64) as usize]
                    }
                }
                Policy::TagHash | Policy::TagHome => dests[0],
            } as usize;
            let arrive = if dest == from {
                t
            } else {
                self.departure(from, t) + self.latency[from * self.ncores + dest]
            };
            let entry = Entry {
                obj: o,
                version: obj.version,
                arrive,
                from: producer,
            };
            if dest == from {
                self.deliver(dest, task, param, entry, false);
            } else {
                self.send(dest, task, param, entry);
            }
        }
    }

    /// When the next object `from` sends at `t` leaves it: after the
    /// sender's work for the ones it sent before.
    fn departure(&mut self, from: usize, t: f64) -> f64 {
        self.sends[from] += 1;
        t + self.send_ns * f64::from(self.sends[from])
    }

    /// Charges `core`'s sends since its invocation ended at `t`: it is
    /// busy with them before it starts another invocation.
    fn settle_sends(&mut self, core: usize, t: f64) {
        let cost = self.send_ns * f64::from(std::mem::take(&mut self.sends[core]));
        if cost > 0.0 {
            self.busy_ns[core] += cost;
            self.free_at[core] = self.free_at[core].max(t + cost);
        }
    }

    /// Sends `entry` to another core for (`task`, `param`): it arrives at
    /// `entry.arrive` (and then the core no longer asks for work).
    fn send(&mut self, dest: usize, task: u32, param: u32, entry: Entry) {
        self.inflight[dest] += 1;
        self.push(
            entry.arrive,
            Kind::Arrive {
                core: dest as u32,
                task,
                param,
                entry,
            },
        );
    }

    /// When `core` ends an invocation (time `t`, before its objects are
    /// routed) and another core is hungry, hands over this core's oldest
    /// queued invocation if it may go (the runtime's `bb_balance`, cores.c
    /// "Balance"): a one-parameter task without tags, routed round-robin,
    /// with at least one more invocation queued behind it; the first
    /// hungry core in the task's route from this core with nothing on its
    /// way to it gets it and the next ones of the task, up to half the
    /// queue.
    fn balance(&mut self, core: usize, t: f64) {
        if !self.balancing || self.notes[core].len() < 2 {
            return;
        }
        let task = self.notes[core].front().expect("two notes").0;
        let tm = &self.model.tasks[task as usize];
        if tm.params != 1
            || tm.match_tag.is_some()
            || tm.param_tags.iter().any(Option::is_some)
            || !matches!(
                self.layout.policies[task as usize],
                Policy::RoundRobin | Policy::Local
            )
        {
            return;
        }
        let dests = &self.layout.routes[core][task as usize];
        let waits = |c: u32| {
            let c = c as usize;
            c != core && self.hungry[c] && self.inflight[c] == 0
        };
        let Some(&dest) = dests.iter().find(|&&c| waits(c)) else {
            return;
        };
        let dest = dest as usize;
        self.hungry[dest] = false;
        // Half the queue, while its oldest notes are of this task.
        for _ in 0..self.notes[core].len() / 2 {
            if self.notes[core].front().map(|n| n.0) != Some(task) {
                break;
            }
            self.notes[core].pop_front();
            let Some(mut entry) = self.psets[core * self.ntasks + task as usize][0].pop_front()
            else {
                break;
            };
            entry.arrive = self.departure(core, t) + self.latency[core * self.ncores + dest];
            self.send(dest, task, 0, entry);
        }
    }

    /// Keeps object `o`, unchanged by an invocation of `task` on `core`
    /// that ended at time `t`, on that core for `task` (for each of the
    /// task's parameters its state satisfies), as the runtime re-enqueues it.
    fn keep(&mut self, core: usize, o: u32, task: u32, t: f64, producer: u32, oldest: bool) {
        let obj = self.objs[o as usize];
        let model = self.model;
        for &(consumer, param) in &model.states[obj.state as usize].consumers {
            if consumer != task {
                continue;
            }
            let entry = Entry {
                obj: o,
                version: obj.version,
                arrive: t,
                from: producer,
            };
            self.deliver(core, consumer, param, entry, oldest);
        }
    }

    /// Queues `entry` for (`task`, `param`) on `core`: at the newest end,
    /// or at the oldest (`oldest`).
    fn deliver(&mut self, core: usize, task: u32, param: u32, entry: Entry, oldest: bool) {
        let set = &mut self.psets[core * self.ntasks + task as usize][param as usize];
        let note = (task, self.queued[core]);
        self.queued[core] += 1;
        if oldest {
            set.push_front(entry);
        } else {
            set.push_back(entry);
        }
        self.push_note(core, note, oldest);
    }

    /// Puts a note at the oldest or the newest end of `core`'s notes.
    fn push_note(&mut self, core: usize, note: (u32, u64), oldest: bool) {
        if oldest {
            self.notes[core].push_front(note);
        } else {
            self.notes[core].push_back(note);
        }
    }

    /// The end of `core`'s notes the next invocation comes from: the oldest
    /// when its oldest note has waited while [`QUEUE_PATIENCE`] others were
    /// queued, else the newest (sched.c, `bb_queue_oldest_due`).
    fn oldest_due(&self, core: usize) -> bool {
        self.notes[core].front().is_some_and(|&(_, stamp)| {
            self.queued[core] - stamp.max(self.last_due[core]) > QUEUE_PATIENCE
        })
    }

    fn valid(&self, e: &Entry) -> bool {
        self.objs[e.obj as usize].version == e.version
    }

    /// Finds the objects for one invocation of `task` on `core` and takes
    /// them out of the parameter sets: the newest that make one, or the
    /// oldest (`oldest`).
    fn form(&mut self, core: usize, task: u32, oldest: bool, out: &mut Vec<Entry>) -> bool {
        out.clear();
        let idx = core * self.ntasks + task as usize;
        let nparams = self.psets[idx].len();
        // Stale entries at the fronts are dropped first.
        for p in 0..nparams {
            while let Some(e) = self.psets[idx][p].front() {
                if self.valid(e) {
                    break;
                }
                self.psets[idx][p].pop_front();
            }
            if self.psets[idx][p].is_empty() {
                return false;
            }
        }
        let len0 = self.psets[idx][0].len();
        // Indices of the first parameter's entries in the order they are
        // tried.
        let order = move |k: usize| if oldest { k } else { len0 - 1 - k };
        if nparams == 1 {
            // The first valid entry whose lock is free, from the chosen end.
            let mut at = None;
            for k in 0..len0 {
                let i = order(k);
                let e = self.psets[idx][0][i];
                if self.valid(&e) && self.lockable(e.obj, core) {
                    at = Some(i);
                    break;
                }
            }
            match at.and_then(|i| self.psets[idx][0].remove(i)) {
                Some(e) => out.push(e),
                None => return false,
            }
            return true;
        }
        // Parameters sharing a tag variable take objects bound to one
        // instance of its type.
        let matched = self.model.tasks[task as usize].match_tag;
        // The chosen index per parameter (a reused buffer: this runs per
        // dispatch).
        let mut picks = std::mem::take(&mut self.picks);
        let mut found = false;
        for k0 in 0..len0 {
            let i0 = order(k0);
            let e0 = self.psets[idx][0][i0];
            if !self.valid(&e0) || !self.lockable(e0.obj, core) {
                continue;
            }
            let tag = matched.map_or(0, |m| self.tag_of(e0.obj, m));
            if matched.is_some() && tag == 0 {
                continue;
            }
            picks.clear();
            picks.push(i0);
            for p in 1..nparams {
                let fits = |e: &Entry| {
                    self.valid(e)
                        && e.obj != e0.obj
                        && matched.is_none_or(|m| self.tag_of(e.obj, m) == tag)
                        && self.lockable(e.obj, core)
                };
                let set = &self.psets[idx][p];
                let at = if oldest {
                    set.iter().position(fits)
                } else {
                    set.iter().rposition(fits)
                };
                match at {
                    Some(i) => picks.push(i),
                    None => break,
                }
            }
            if picks.len() == nparams {
                for (p, &i) in picks.iter().enumerate() {
                    out.push(self.psets[idx][p].remove(i).expect("index in range"));
                }
                found = true;
                break;
            }
        }
        self.picks = picks;
        found
    }

    /// Starts the next enabled invocation on an idle core.
    fn dispatch(&mut self, core: usize, now: f64) {
        if self.busy[core] || self.gc_pending || self.collecting[core] {
            return;
        }
        let mut entries = std::mem::take(&mut self.scratch);
        // Tasks whose invocations other cores' locks blocked, with their
        // notes (each stands for one queued object, so all are kept):
        // tried again when a lock is released. A task's further notes
        // would find the same sets blocked, so they are not formed again.
        let mut blocked: Vec<(u32, u64)> = Vec::new();
        loop {
            // The newest note, or the oldest when it has waited too long
            // (sched.c's order).
            let oldest = self.oldest_due(core);
            let note = if oldest {
                self.last_due[core] = self.queued[core];
                self.notes[core].pop_front()
            } else {
                self.notes[core].pop_back()
            };
            let Some((task, stamp)) = note else { break };
            if blocked.iter().any(|b| b.0 == task) {
                blocked.push((task, stamp));
                continue;
            }
            if let Some(l) = &self.locks {
                l.blocked.set(false);
            }
            if self.form(core, task, oldest, &mut entries) {
                if self.model.tasks[task as usize].params > 1 {
                    // The set may hold more complete invocations: the
                    // runtime queued them together, so they come next.
                    self.push_note(core, (task, stamp), oldest);
                }
                self.start(core, task, &entries, now);
                break;
            }
            if self.locks.as_ref().is_some_and(|l| l.blocked.get()) {
                blocked.push((task, stamp));
            }
        }
        self.scratch = entries;
        if !self.busy[core] {
            self.idle_since[core] = now;
        }
        if self.balancing && !self.busy[core] && blocked.is_empty() && self.inflight[core] == 0 {
            self.hungry[core] = true;
        }
        if let Some(l) = &mut self.locks {
            l.waiting[core] = !self.busy[core] && !blocked.is_empty();
            // Blocked invocations wait at the oldest end, as the runtime
            // puts them back (in the order they were taken, queued anew).
            for &(task, _) in &blocked {
                self.notes[core].push_front((task, self.queued[core]));
                self.queued[core] += 1;
            }
        }
    }

    fn choose_exit(&mut self, task: u32, obj0: u32) -> u32 {
        let model = self.model;
        let tm = &model.tasks[task as usize];
        let state0 = self.objs[obj0 as usize].state;
        let counts = match tm.counting {
            Counting::PerTask => &mut self.task_counts[task as usize],
            Counting::PerObject => self
                .object_counts
                .entry((task, obj0))
                .or_insert_with(|| vec![0; tm.exits.len()]),
        };
        let n = (counts.iter().sum::<u64>() + 1) as f64;
        // When some exits keep the first parameter in its state (a loop:
        // a collector taking one more part) and others let it go (the
        // last part), the choice is made in two steps: first loop or
        // leave, by the two groups' combined counts, then an exit of the
        // group. The leaving exits of a collector that ends each of its
        // rounds with one of two exits (another round, or done) are so due
        // together, after the round's parts.
        let stays = self.stays[task as usize * self.model.states.len() + state0 as usize];
        let all = |_: usize| true;
        let best = if stays != 0 && tm.exits.len() <= 64 {
            let leave_lag: f64 = tm
                .exits
                .iter()
                .enumerate()
                .filter(|(e, _)| stays & (1 << e) == 0)
                .map(|(e, ex)| ex.probability * n - counts[e] as f64)
                .sum();
            let leave = leave_lag >= 1.0 - 1e-9;
            let group = |e: usize| (stays & (1 << e) == 0) == leave;
            pick_exit(&tm.exits, counts, n, &group)
        } else {
            pick_exit(&tm.exits, counts, n, &all)
        };
        counts[best] += 1;
        best as u32
    }

    fn start(&mut self, core: usize, task: u32, entries: &[Entry], now: f64) {
        let ready = entries.iter().map(|e| e.arrive).fold(0.0, f64::max);
        let data_pred = entries
            .iter()
            .fold((f64::NEG_INFINITY, NONE), |(t, f), e| {
                if e.arrive > t {
                    (e.arrive, e.from)
                } else {
                    (t, f)
                }
            })
            .1;
        for e in entries {
            // Locked: copies queued for other tasks are now stale.
            self.objs[e.obj as usize].version += 1;
            if let Some(l) = &mut self.locks {
                l.set_holder(e.obj, core as u32);
            }
        }
        let deciding = self.model.tasks[task as usize].count_param as usize;
        let exit = self.choose_exit(task, entries[deciding.min(entries.len() - 1)].obj);
        let tm = &self.model.tasks[task as usize];
        let em = &tm.exits[exit as usize];
        let work = em.mean_ns;
        let sched = em.sched_ns.unwrap_or(self.dispatch_ns);
        let received = std::mem::take(&mut self.owed[core]);
        let dur = work + sched + self.lock_ns * f64::from(tm.params) + received;
        let start = now.max(ready).max(self.free_at[core]);
        let end = start + dur;
        let inv = self.invocations as u32;
        self.invocations += 1;
        self.busy_ns[core] += dur;
        self.task_ns += work;
        if self.record {
            self.trace.push(Invocation {
                core: core as u32,
                task,
                exit,
                ready,
                start,
                end,
                data_pred,
                core_pred: self.last_inv[core],
            });
        }
        self.last_inv[core] = inv;
        self.busy[core] = true;
        let run = &mut self.running[core];
        run.task = task;
        run.exit = exit;
        run.objs.clear();
        run.objs.extend(entries.iter().map(|e| e.obj));
        // The runtime collects at the boundary after the invocation that
        // fills the heap; the model spreads the profiled collections
        // evenly over the body time.
        self.work_since_gc_by_core[core] += work;
        if let Some(h) = &mut self.heaps {
            run.gc = h.allocate(core, em.alloc_bytes);
        } else {
            self.work_since_gc += work;
            run.gc = self.work_since_gc >= self.gc_every * (1.0 - 1e-9);
            if run.gc {
                self.work_since_gc = (self.work_since_gc - self.gc_every).max(0.0);
            }
        }
        self.push(end, Kind::End { core: core as u32 });
    }

    /// Applies the running invocation's exit on `core` at time `t`.
    fn finish(&mut self, core: u32, t: f64) {
        let core = core as usize;
        // Before the exit's objects are routed (the runtime's bb_step).
        self.balance(core, t);
        let run = std::mem::take(&mut self.running[core]);
        if run.gc && !self.defers_collection(core) {
            self.gc_pending = true;
        }
        let inv = self.last_inv[core];
        let objs = run.objs;
        let model = self.model;
        let ex = &model.tasks[run.task as usize].exits[run.exit as usize];
        // The invocation's locks are released as the exit is applied.
        if let Some(l) = &mut self.locks {
            for &o in &objs {
                l.set_holder(o, NONE);
            }
            l.made.clear();
        }
        // The body allocates (binding the new objects to their tags), then
        // the exit changes the parameters' tags, as in the runtime; the
        // parameters are routed before the new objects.
        let first_new = self.objs.len() as u32;
        let mut unmade = 0u64;
        let (ti, ei) = (run.task as usize, run.exit as usize);
        let bundles = &self.bundles[ti][ei];
        let accs = &mut self.alloc_acc[ti][ei];
        // A bundle's leader advances the shared accumulator once.
        let mut made: Vec<(usize, u32, u32)> = Vec::new();
        let mut fired = 0u64;
        for (k, b) in bundles.iter().enumerate() {
            if let Some(b) = b.filter(|b| b.leader == k) {
                accs[k] += b.rate;
                if accs[k] + 1e-9 >= 1.0 {
                    accs[k] -= 1.0;
                    fired |= 1 << (k % 64);
                }
            }
        }
        for (k, a) in ex.allocs.iter().enumerate() {
            let n = match self.bundles[ti][ei][k] {
                Some(b) if fired & (1 << (b.leader % 64)) != 0 => b.size,
                Some(_) => 0.0,
                None => {
                    let acc = &mut self.alloc_acc[ti][ei][k];
                    *acc += a.mean;
                    let n = (*acc + 1e-9).floor();
                    *acc -= n;
                    n
                }
            };
            let made_from = self.objs.len() as u32;
            // A window cannot use more new objects of one site than it has
            // invocations: the rest of a huge batch is left unmade, so the
            // search's cost does not grow with the profiled run; their
            // sending is added to the estimate below.
            let make = self.alloc_cap.map_or(n as u64, |cap| (n as u64).min(cap));
            unmade += n as u64 - make;
            for _ in 0..make {
                self.new_obj(a.state);
            }
            if !a.tags.is_empty() {
                made.push((k, made_from, self.objs.len() as u32 - made_from));
            }
            if let Some(l) = &mut self.locks {
                l.made.push((made_from, self.objs.len() as u32));
            }
        }
        // The new objects are bound to their tags in the order they were
        // made: sites one after another, except the sites of one loop
        // ([`alloc_clusters`]), whose objects are interleaved as a loop
        // making each site's objects in turn made them: the j-th of n
        // objects of a site at j / n of the way, sites in their profiled
        // order at the same point (a pair made per round binds its two
        // objects to one instance).
        let clusters = &self.clusters[ti][ei];
        let mut order: Vec<(u32, f64, usize, u32)> = made
            .iter()
            .flat_map(|&(k, first, n)| {
                (0..n).map(move |j| {
                    let at = (f64::from(j) + 0.5) / f64::from(n);
                    (clusters[k], at, k, first + j)
                })
            })
            .collect();
        if made.len() > 1 {
            order.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
        }
        for (_, _, k, o) in order {
            for &(tag, source) in &ex.allocs[k].tags {
                self.bind(o, tag, source, &objs, core);
            }
        }
        self.merge_locks(ti, ei, &objs);
        for b in &ex.binds {
            if let Some(&o) = objs.get(b.param as usize) {
                self.bind(o, b.tag, b.source, &objs, core);
            }
        }
        let mut kept = Vec::new();
        for (p, &o) in objs.iter().enumerate() {
            let before = self.objs[o as usize].state;
            match ex.successor(p, before) {
                // The runtime routes a parameter only when its flags change
                // or it gains a tag; otherwise the core that ran the task
                // keeps it for that task (sched.c, bb_enqueue), so a task
                // that processes an object over several invocations stays
                // on one core (paper 4.3.3's data locality).
                Some(s) if s == before && !ex.binds.iter().any(|b| b.param as usize == p) => {
                    kept.push(o);
                }
                Some(s) => {
                    self.objs[o as usize].state = s;
                    self.route(core, o, t, inv, false);
                }
                None => self.objs[o as usize].state = u32::MAX,
            }
        }
        // The runtime publishes the new objects the last first, so that
        // the first made runs first (sched.c).
        let sends_before = self.sends[core];
        for o in (first_new..self.objs.len() as u32).rev() {
            self.route(core, o, t, inv, true);
        }
        let made = self.objs.len() as u64 - u64::from(first_new);
        if unmade > 0 && made > 0 {
            // The unmade objects would have crossed cores as often as the
            // made ones did, each costing this core a send: time the
            // window's rate does not show, added to the end (an estimate
            // on the slow side, which is the safe side for synthesis).
            let crossed = f64::from(self.sends[core] - sends_before);
            self.unsent_ns[core] += crossed * unmade as f64 / made as f64 * self.send_ns;
        }
        // The invocation queued again (all its parameters kept) comes
        // after them: it runs next, up to LOOP_BURST times in a row, then
        // waits at the oldest end (sched.c).
        let again = !kept.is_empty() && kept.len() == objs.len();
        let oldest = again && self.streak[core] >= LOOP_BURST;
        self.streak[core] = if again && !oldest {
            self.streak[core] + 1
        } else {
            0
        };
        for o in kept {
            self.keep(core, o, run.task, t, inv, oldest);
        }
        self.busy[core] = false;
        self.running[core].objs = objs;
        self.settle_sends(core, t);
        if t > self.end_time {
            self.end_time = t;
        }
    }
}

/// How a critical-path step was reached from the previous one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// The first step.
    Start,
    /// It waited for data the previous step sent.
    Data,
    /// It waited for its core, busy with the previous step.
    Core,
}

/// One step of a critical path: an invocation index into the trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub inv: u32,
    pub via: Via,
}

/// The critical path of a recorded simulation (4.5.1), first step first.
///
/// The events graph has a node for each invocation's start and end, task
/// edges (start to end, the task's time), same-core waiting edges (an end
/// to the next start on that core) and data transfer edges (an end to the
/// start of an invocation using an object it sent, weighted with the
/// latency). The simulation starts every invocation at the maximum over
/// its incoming edges, so the longest path to the last end is found by
/// following, from the last invocation backwards, the incoming edge that
/// determined each start.
pub fn critical_path(r: &SimResult) -> Vec<Step> {
    let Some(last) = (0..r.trace.len()).max_by(|&a, &b| {
        r.trace[a]
            .end
            .total_cmp(&r.trace[b].end)
            .then_with(|| b.cmp(&a))
    }) else {
        return Vec::new();
    };
    let mut path = Vec::new();
    let mut cur = last as u32;
    loop {
        let inv = &r.trace[cur as usize];
        let core_bound = inv.core_pred != NONE
            && inv.start > inv.ready + 1e-9
            && (r.trace[inv.core_pred as usize].end - inv.start).abs() <= 1e-6 * inv.start.max(1.0);
        let (via, next) = if core_bound {
            (Via::Core, inv.core_pred)
        } else if inv.data_pred != NONE {
            (Via::Data, inv.data_pred)
        } else {
            (Via::Start, NONE)
        };
        path.push(Step { inv: cur, via });
        if next == NONE {
            break;
        }
        cur = next;
    }
    path.reverse();
    path
}

/// The simulated execution as Chrome trace-event JSON, one track per core,
/// in the shape of the runtime's `BAMBOO_TRACE` files.
pub fn trace_json(model: &Model, r: &SimResult) -> String {
    use std::fmt::Write;
    let mut s = String::from("{\"traceEvents\":[\n");
    let mut first = true;
    for c in 0..r.busy_ns.len() {
        if !first {
            s.push_str(",\n");
        }
        first = false;
        let _ = write!(
            s,
            "{{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":{c},\"args\":{{\"name\":\"core {c}\"}}}}"
        );
    }
    for inv in &r.trace {
        let task = &model.tasks[inv.task as usize];
        let _ = write!(
            s,
            ",\n{{\"name\":{},\"cat\":\"task\",\"ph\":\"X\",\"pid\":0,\"tid\":{},\"ts\":{:.3},\"dur\":{:.3},\"args\":{{\"exit\":{}}}}}",
            serde_json::to_string(&task.name).expect("strings serialise"),
            inv.core,
            inv.start / 1000.0,
            (inv.end - inv.start) / 1000.0,
            task.exits[inv.exit as usize].runtime_exit
        );
    }
    s.push_str("\n],\"displayTimeUnit\":\"ns\"}\n");
    s
}

mod prepare;
use prepare::{alloc_clusters, alloc_starts, bundles, stay_masks, Bundle};

#[cfg(test)]
pub(crate) mod tests;

#[cfg(test)]
mod grain_tests;
