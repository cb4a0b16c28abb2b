//! The simulator's model of a program (paper 4.3.1, 4.4): the CSTG's
//! states and transitions annotated with the profile's Markov model and
//! the disjointness analysis' lock merges. In: the HIR program, the
//! CSTG, the [`MarkovModel`](crate::synthesis::markov::MarkovModel) and
//! the `LockPlan`; out: a [`Model`] ([`model_from`]).

use super::*;

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
    /// Must have one instance, on core 0, like the startup task: an MPI
    /// build keeps tasks whose merged lock groups must stay on one rank
    /// there (`driver::mpi::pinned_tasks`). Set for cluster machines only.
    pub on_core0: bool,
    /// The default layout routes it by tag to the core that made the
    /// instance (`Policy::TagHome`: its tags are made by tasks spread over
    /// the cores; `Layout::default_for`), so the search's layouts do too.
    pub tag_home: bool,
    /// The tag type of the variable all parameters share: an invocation
    /// takes objects bound to one instance of it, and several instances
    /// of the task can be fed by tag hashing.
    pub match_tag: Option<u32>,
    /// Per parameter, the tag type tag hashing routes its objects by (as
    /// the runtime does): the shared tag variable's, else the first its
    /// guard requires.
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
    /// Per parameter: the packed bytes of its object's region after the
    /// body (profile format 5; empty when unknown), what a transfer
    /// between nodes sends.
    pub param_bytes: Vec<f64>,
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
/// records, `markov::TagStats`).
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

    /// One instance, on core 0: the startup task, and tasks `on_core0`.
    pub fn single_on_core0(&self) -> bool {
        self.startup || self.on_core0
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
    /// The packed bytes of one new object's region (profile format 5; 0
    /// when unknown).
    pub bytes: f64,
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

    /// The task objects the profiled run allocated (what a full replay
    /// makes).
    pub fn task_objects(&self) -> f64 {
        self.tasks
            .iter()
            .flat_map(|t| {
                t.exits.iter().map(move |e| {
                    let per: f64 = e.allocs.iter().map(|a| a.mean).sum();
                    t.invocations as f64 * e.probability * per
                })
            })
            .sum()
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
    mm: &crate::synthesis::markov::MarkovModel,
    plan: &crate::analysis::disjoint::LockPlan,
) -> Model {
    use crate::analysis::cstg::CstgEdge;
    use crate::hir::TaskId;
    use crate::synthesis::markov::BindPoint;
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
    // Two cores: the rule for tag routing does not depend on how many.
    let default_policies =
        crate::synthesis::layout::Layout::default_for(p, name, "smp", 2).policies;
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
                        .zip(&e.alloc_region_bytes)
                        .filter_map(|((&(site, mean), &order), &bytes)| {
                            let node = site_state(g, &sites, site, &e.tags)?;
                            Some((
                                site,
                                Alloc {
                                    state: node.index() as u32,
                                    mean,
                                    order,
                                    tags: sources(BindPoint::Site(site), None),
                                    bytes,
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
                        param_bytes: e.param_bytes.clone(),
                        next,
                        allocs,
                        binds,
                    };
                    (exit, merges)
                })
                .collect::<Vec<_>>();
            let (exits, merges): (Vec<_>, Vec<_>) = exits.into_iter().unzip();
            let match_tag = crate::synthesis::layout::shared_tag_slot(p, id).and_then(|local| {
                let first = task.params.first()?;
                first
                    .tags
                    .iter()
                    .find(|&&(_, l)| l == local)
                    .map(|&(tt, _)| tt.0)
            });
            let task_model = TaskModel {
                name: task.name.clone(),
                params: task.params.len() as u32,
                startup: crate::synthesis::layout::is_startup_task(p, id),
                on_core0: false,
                tag_home: default_policies[id.0 as usize]
                    == crate::synthesis::layout::Policy::TagHome,
                match_tag,
                // The runtime routes by the shared tag variable's type
                // (sched.c, bb_route_tag_type), else the first.
                param_tags: task
                    .params
                    .iter()
                    .map(|par| match_tag.or(par.tags.first().map(|&(tt, _)| tt.0)))
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

/// The CSTG state a site's new objects start in. A site whose tag
/// variables may hold several tag types (a method's `tag` parameter, say)
/// has a state for each combination; the one with exactly the tag types
/// the profile saw the site bind, one instance each, is taken, else the
/// first with those types, else the site's first state.
fn site_state(
    g: &petgraph::graph::DiGraph<crate::analysis::cstg::StateNode, crate::analysis::cstg::CstgEdge>,
    sites: &[(crate::hir::AllocSiteId, petgraph::graph::NodeIndex)],
    site: crate::hir::AllocSiteId,
    tags: &[crate::synthesis::markov::TagStats],
) -> Option<petgraph::graph::NodeIndex> {
    use crate::analysis::astg::TagCount;
    let mut candidates: Vec<petgraph::graph::NodeIndex> = sites
        .iter()
        .filter(|(s, _)| *s == site)
        .map(|&(_, n)| n)
        .collect();
    if candidates.is_empty() {
        candidates.extend(
            g.node_indices()
                .filter(|&n| g[n].alloc_sites.contains(&site)),
        );
    }
    let bound: std::collections::BTreeSet<u32> = tags
        .iter()
        .filter(|t| t.point == crate::synthesis::markov::BindPoint::Site(site) && t.bound > 0)
        .map(|t| t.tag.0)
        .collect();
    let types = |n: petgraph::graph::NodeIndex| -> std::collections::BTreeSet<u32> {
        g[n].state
            .tags
            .iter()
            .filter(|(_, c)| *c != TagCount::Zero)
            .map(|(t, _)| t.0)
            .collect()
    };
    let single =
        |n: petgraph::graph::NodeIndex| g[n].state.tags.iter().all(|(_, c)| *c != TagCount::Many);
    candidates
        .iter()
        .copied()
        .find(|&n| types(n) == bound && single(n))
        .or_else(|| candidates.iter().copied().find(|&n| types(n) == bound))
        .or_else(|| candidates.first().copied())
}

/// The merges of exit `exit` of `task` in `plan`, allocation sites read
/// as indices into the exit's allocations (`alloc_sites`, in their order);
/// a site without one (never allocated in the profile) merges nothing.
pub(super) fn exit_merges(
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
    exits: &[crate::synthesis::markov::ExitStats],
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
fn held_by(t: &crate::synthesis::markov::TagStats, own: Option<u32>) -> Option<u32> {
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
    t: &crate::synthesis::markov::TagStats,
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
