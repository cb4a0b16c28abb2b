//! The Markov model on the CSTG (paper 4.3.1, 4.4): Figure 3's edge labels
//! and node times, built from a validated profile.
//!
//! In: a checked `hir::Program`, its CSTG and a
//! [`Profile`](crate::synthesis::profile::Profile) (with `--count-hint`s).
//! Out: a [`MarkovModel`]: per task and exit, the probability, the mean and
//! variance of the body time, the mean number of task objects allocated
//! per allocation site and the tag bindings, the profiled time outside
//! task bodies ([`Outside`]), and the paper's per-task / per-object
//! counting of 4.4 ([`Counting`], [`inferred_counting`]).

use crate::analysis::cstg::{Cstg, CstgEdge};
use crate::hir::{AllocSiteId, ExitId, Program, TaskId};
use crate::synthesis::profile::{
    runtime_exit, AllocProfile, Profile, TagBindingProfile, TaskProfile,
};
use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// How the simulator keeps the exit counts of a task (paper 4.4): over all
/// its invocations, or per object (each object, over its own invocations of
/// the task, takes the exits in the profiled ratio; e.g. a task that loops
/// on an object nine times and then leaves).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    PerTask,
    PerObject,
}

/// What the profile says about one exit of one task.
#[derive(Clone, Debug, PartialEq)]
pub struct ExitStats {
    pub exit: ExitId,
    /// The runtime's number of the exit (as in the profile file).
    pub runtime_exit: u32,
    pub count: u64,
    pub probability: f64,
    pub mean_ns: f64,
    pub var_ns2: f64,
    /// The scheduler's mean time after such an invocation, if profiled.
    pub sched_ns: Option<f64>,
    /// Mean heap bytes such an invocation's body allocated (version 4; 0
    /// when unknown).
    pub alloc_bytes: f64,
    /// Mean task objects allocated per invocation taking this exit, per
    /// site (sites with none are left out), in the order the sites first
    /// allocated in the profiled invocations.
    pub allocs: Vec<(AllocSiteId, f64)>,
    /// Per entry of `allocs`: the mean index of the site's first
    /// allocation among the invocation's allocations (`order`, version 3).
    pub alloc_order: Vec<f64>,
    /// Per entry of `allocs`: the mean packed bytes of one new object's
    /// region (`bytes_mean`, version 5; 0 when unknown).
    pub alloc_region_bytes: Vec<f64>,
    /// Per parameter: the mean packed bytes of its object's region after
    /// the body (`param_bytes_mean`, version 5; empty when unknown).
    pub param_bytes: Vec<f64>,
    /// The tag bindings those invocations made (version 3).
    pub tags: Vec<TagStats>,
}

/// Where an exit binds objects to tag instances.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum BindPoint {
    /// The exit's `add` on a parameter's object.
    Param(u32),
    /// An allocation block's `add` on the objects of a site.
    Site(AllocSiteId),
}

/// The bindings of one exit at one point to instances of one tag type.
#[derive(Clone, Debug, PartialEq)]
pub struct TagStats {
    pub point: BindPoint,
    pub tag: crate::hir::TagTypeId,
    pub bound: u64,
    /// Bindings to an instance no object had been bound to before.
    pub fresh: u64,
    /// Per parameter: bindings to an instance its object held.
    pub from_params: Vec<u64>,
}

/// The profile's statistics for one task.
#[derive(Clone, Debug, PartialEq)]
pub struct TaskStats {
    pub invocations: u64,
    /// One entry per exit of the task, in `ExitId` order (exits the profile
    /// does not mention have count and probability 0).
    pub exits: Vec<ExitStats>,
    pub counting: Counting,
}

/// The Markov model of 4.3.1: the profile's statistics per task and, once
/// attached to a CSTG by [`model`], per edge and per node of the graph.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkovModel {
    pub tasks: Vec<TaskStats>,
    /// The profiled run's time outside task bodies.
    pub outside: Outside,
    /// Whether the profiled run ended normally (otherwise the simulator
    /// reports the fraction of useful work, 4.4).
    pub complete: bool,
    /// Per CSTG edge (indexed by `EdgeIndex::index()`); empty until
    /// attached to a CSTG.
    pub edges: Vec<EdgeStats>,
    /// Per CSTG node (indexed by `NodeIndex::index()`): a lower bound of the
    /// expected time to finish processing an object in that state (the
    /// figure in the nodes of the paper's Figure 3); empty until attached.
    pub node_ns: Vec<f64>,
}

/// The profiled run's time outside task bodies (format version 2), which
/// the simulator adds to its schedule: start-up before the first
/// invocation, the collections (stop-the-world pauses, due by the heap
/// figures of format 4 or else spread evenly over the body time), the
/// finish after the last invocation, and the scheduler's cost per
/// invocation as the profiling build measured it on one core.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Outside {
    pub init_ns: f64,
    pub gc_ns: f64,
    /// The marking part of `gc_ns` (at most `gc_ns`); 0 when unknown.
    pub gc_mark_ns: f64,
    pub collections: u64,
    /// Time in bodies (the collections are spread over it).
    pub task_ns: f64,
    pub finish_ns: f64,
    /// `sched_ns` over the invocations (0 when none ran).
    pub sched_per_invocation_ns: f64,
    /// The heap's minimum collection threshold and the mean bytes live
    /// after a collection (version 4; 0 when unknown): with the exits'
    /// allocated bytes, the simulator collects when one core's allocation
    /// reaches its own threshold, as the runtime does.
    pub gc_min_bytes: f64,
    pub gc_live_bytes: f64,
}

impl Outside {
    pub fn of(prof: &Profile) -> Outside {
        Outside {
            init_ns: prof.init_ns as f64,
            gc_ns: prof.gc_ns as f64,
            // A figure above the whole (a hand-edited profile) counts as the whole.
            gc_mark_ns: prof.gc_mark_ns.min(prof.gc_ns) as f64,
            collections: prof.collections,
            task_ns: prof.task_ns,
            finish_ns: prof.finish_ns as f64,
            sched_per_invocation_ns: if prof.invocations > 0 {
                prof.sched_ns / prof.invocations as f64
            } else {
                0.0
            },
            gc_min_bytes: prof.gc_min_bytes as f64,
            gc_live_bytes: prof.gc_live_bytes as f64,
        }
    }
}

/// The label of one CSTG edge in the paper's Figure 3.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum EdgeStats {
    /// A solid edge: the expected time of the task when it takes this exit,
    /// and the probability that it does.
    Transition { mean_ns: f64, probability: f64 },
    /// A dashed edge: the expected number of objects the task allocates at
    /// the site per invocation taking the exit.
    NewObject { expected: f64 },
}

/// A counting hint given on the command line: `--count-hint TASK=per-object`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountHint {
    pub task: String,
    pub counting: Counting,
}

/// A count hint naming a task the program does not have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownHintTask {
    pub name: String,
    pub suggestion: Option<String>,
}

impl MarkovModel {
    /// The statistics of a validated profile, with every task counted per
    /// task unless `hints` say otherwise.
    pub fn from_profile(
        p: &Program,
        prof: &Profile,
        hints: &[CountHint],
    ) -> Result<MarkovModel, UnknownHintTask> {
        let mut counting = vec![Counting::PerTask; p.tasks.len()];
        for h in hints {
            let Some(t) = p.tasks.iter().position(|t| t.name == h.task) else {
                return Err(UnknownHintTask {
                    name: h.task.clone(),
                    suggestion: crate::sema::suggest(
                        &h.task,
                        p.tasks.iter().map(|t| t.name.as_str()),
                    ),
                });
            };
            counting[t] = h.counting;
        }
        let by_name: BTreeMap<&str, &TaskProfile> =
            prof.tasks.iter().map(|t| (t.task.as_str(), t)).collect();
        let tasks = p
            .tasks
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let tp = by_name.get(t.name.as_str());
                let exits = (0..t.exits.len() as u32)
                    .map(|e| {
                        let exit = ExitId(e);
                        let runtime = runtime_exit(t, exit);
                        let ep = tp.and_then(|tp| tp.exits.iter().find(|x| x.exit == runtime));
                        // In allocation order (then by site).
                        let mut in_order: Vec<&AllocProfile> = ep
                            .map(|x| x.allocations.iter().collect())
                            .unwrap_or_default();
                        in_order
                            .sort_by(|a, b| a.order.total_cmp(&b.order).then(a.site.cmp(&b.site)));
                        ExitStats {
                            exit,
                            runtime_exit: runtime,
                            count: ep.map_or(0, |x| x.count),
                            probability: ep.map_or(0.0, |x| x.probability),
                            mean_ns: ep.map_or(0.0, |x| x.time_mean_ns),
                            var_ns2: ep.map_or(0.0, |x| x.time_var_ns2),
                            sched_ns: ep.and_then(|x| x.sched_mean_ns),
                            alloc_bytes: ep.and_then(|x| x.alloc_bytes_mean).unwrap_or(0.0),
                            allocs: in_order
                                .iter()
                                .map(|a| (AllocSiteId(a.site), a.mean))
                                .collect(),
                            alloc_order: in_order.iter().map(|a| a.order).collect(),
                            alloc_region_bytes: in_order
                                .iter()
                                .map(|a| a.bytes_mean.unwrap_or(0.0))
                                .collect(),
                            param_bytes: ep
                                .and_then(|x| x.param_bytes_mean.clone())
                                .unwrap_or_default(),
                            tags: ep.map(|x| tag_stats(p, &x.tags)).unwrap_or_default(),
                        }
                    })
                    .collect();
                TaskStats {
                    invocations: tp.map_or(0, |tp| tp.invocations),
                    exits,
                    counting: counting[i],
                }
            })
            .collect();
        Ok(MarkovModel {
            tasks,
            outside: Outside::of(prof),
            complete: prof.complete,
            edges: Vec::new(),
            node_ns: Vec::new(),
        })
    }

    /// Every exit of task `t`, in `ExitId` order.
    pub fn exits(&self, t: TaskId) -> &[ExitStats] {
        &self.tasks[t.0 as usize].exits
    }

    pub fn invocations(&self, t: TaskId) -> u64 {
        self.tasks[t.0 as usize].invocations
    }

    pub fn counting(&self, t: TaskId) -> Counting {
        self.tasks[t.0 as usize].counting
    }

    /// The expected body time of one invocation of `t` (probability-weighted
    /// over its exits; 0 for a task that never ran).
    pub fn expected_ns(&self, t: TaskId) -> f64 {
        self.exits(t)
            .iter()
            .map(|e| e.probability * e.mean_ns)
            .sum()
    }

    /// The expected number of objects `t` allocates at `site` per
    /// invocation (over all exits).
    pub fn expected_allocs(&self, t: TaskId, site: AllocSiteId) -> f64 {
        self.exits(t)
            .iter()
            .flat_map(|e| {
                e.allocs
                    .iter()
                    .filter(move |(s, _)| *s == site)
                    .map(move |(_, m)| e.probability * m)
            })
            .sum()
    }
}

/// An exit's tag binding records, by binding point and tag type (records
/// naming a tag type the program lacks are left out: validation rejects
/// them before).
fn tag_stats(p: &Program, records: &[TagBindingProfile]) -> Vec<TagStats> {
    let mut out: Vec<TagStats> = records
        .iter()
        .filter_map(|r| {
            let tag = p.tag_types.iter().position(|t| *t == r.tag)?;
            let point = match (r.param, r.site) {
                (Some(param), _) => BindPoint::Param(param),
                (None, Some(site)) => BindPoint::Site(AllocSiteId(site)),
                (None, None) => return None,
            };
            Some(TagStats {
                point,
                tag: crate::hir::TagTypeId(tag as u32),
                bound: r.bound,
                fresh: r.fresh,
                from_params: r.from_params.clone(),
            })
        })
        .collect();
    out.sort_by_key(|t| (t.point, t.tag));
    out
}

/// The Markov model of a validated profile on the CSTG, with the counting
/// of every task inferred (see [`inferred_counting`]).
pub fn model(p: &Program, cstg: &Cstg, prof: &Profile) -> MarkovModel {
    model_with_hints(p, cstg, prof, &[]).expect("no hints, no unknown task")
}

/// [`model`] with `--count-hint`s, which override the inferred counting.
pub fn model_with_hints(
    p: &Program,
    cstg: &Cstg,
    prof: &Profile,
    hints: &[CountHint],
) -> Result<MarkovModel, UnknownHintTask> {
    let mut m = MarkovModel::from_profile(p, prof, hints)?;
    let hinted: BTreeSet<&str> = hints.iter().map(|h| h.task.as_str()).collect();
    for (i, t) in p.tasks.iter().enumerate() {
        if !hinted.contains(t.name.as_str()) {
            m.tasks[i].counting = inferred_counting(cstg, &m, TaskId(i as u32));
        }
    }
    m.edges = cstg
        .graph
        .edge_weights()
        .map(|e| match *e {
            CstgEdge::Transition { task, exit, .. } => {
                let x = &m.exits(task)[exit.0 as usize];
                EdgeStats::Transition {
                    mean_ns: x.mean_ns,
                    probability: x.probability,
                }
            }
            CstgEdge::NewObject { task, exit, site } => EdgeStats::NewObject {
                expected: m.exits(task)[exit.0 as usize]
                    .allocs
                    .iter()
                    .find(|(s, _)| *s == site)
                    .map_or(0.0, |(_, n)| *n),
            },
        })
        .collect();
    m.node_ns = node_times(p, cstg, &m);
    Ok(m)
}

/// The counting of 4.4 when no hint is given: per object for a task that
/// can take, with some but not all of its probability, an exit that leads
/// its first parameter back to the state it came from (a self-loop in the
/// CSTG, or a cycle through other tasks: the object is worked on several
/// times, by this task alone or in a ping-pong, then let go; counting per
/// task would let some objects leave at once and others never); per task
/// otherwise.
pub fn inferred_counting(cstg: &Cstg, m: &MarkovModel, t: TaskId) -> Counting {
    let looping = cstg.graph.edge_references().any(|e| match *e.weight() {
        CstgEdge::Transition {
            task,
            exit,
            param: 0,
        } if task == t => {
            let pr = m.exits(t)[exit.0 as usize].probability;
            pr > 0.0
                && pr < 1.0
                && (e.source() == e.target()
                    || petgraph::algo::has_path_connecting(
                        &cstg.graph,
                        e.target(),
                        e.source(),
                        None,
                    ))
        }
        _ => false,
    });
    if looping {
        Counting::PerObject
    } else {
        Counting::PerTask
    }
}

/// Lower bounds of the expected time to finish an object in each state:
/// the least fixed point of T(n) = min over the tasks that can take the
/// object in state n of the sum over their exits of p·(mean time + T(next
/// state)), 0 for states no task takes. Computed by value iteration from
/// 0, whose every iterate is a lower bound, so stopping early (for a
/// profile whose loops never end) still gives one.
fn node_times(p: &Program, cstg: &Cstg, m: &MarkovModel) -> Vec<f64> {
    let n = cstg.graph.node_count();
    let consumers: Vec<Vec<(TaskId, u32)>> = cstg
        .graph
        .node_indices()
        .map(|v| cstg.consumers(p, v))
        .collect();
    let mut times = vec![0.0f64; n];
    for _ in 0..(100 + 20 * n) {
        let mut changed = false;
        for v in cstg.graph.node_indices() {
            let best = consumers[v.index()]
                .iter()
                .map(|&(task, param)| {
                    m.exits(task)
                        .iter()
                        .map(|x| {
                            let next = cstg
                                .successor(v, task, param, x.exit)
                                .map_or(0.0, |w| times[w.index()]);
                            x.probability * (x.mean_ns + next)
                        })
                        .sum::<f64>()
                })
                .fold(f64::INFINITY, f64::min);
            let best = if best.is_finite() { best } else { 0.0 };
            if (best - times[v.index()]).abs() > 1e-9 * best.max(1.0) {
                changed = true;
            }
            times[v.index()] = best;
        }
        if !changed {
            break;
        }
    }
    times
}

impl MarkovModel {
    /// The annotation of a CSTG edge (after [`model`]).
    pub fn edge(&self, e: EdgeIndex) -> Option<&EdgeStats> {
        self.edges.get(e.index())
    }

    /// The lower-bound time to finish an object in state `n` (Figure 3;
    /// after [`model`]).
    pub fn node_time(&self, n: NodeIndex) -> f64 {
        self.node_ns.get(n.index()).copied().unwrap_or(0.0)
    }

    /// The graph with its annotations, for `--emit markov`: every state
    /// with its time, every edge with its label.
    pub fn dump_graph(&self, p: &Program, cstg: &Cstg) -> String {
        let mut s = String::from(
            "# the CSTG with the model (states: time to finish; edges: Figure 3 labels)\n",
        );
        for v in cstg.graph.node_indices() {
            s.push_str(&format!(
                "state {} {}: {:.1} ns\n",
                v.index(),
                cstg.graph[v].state.label(p),
                self.node_time(v)
            ));
            for e in cstg.graph.edges(v) {
                let label = match (*e.weight(), self.edge(e.id())) {
                    (
                        CstgEdge::Transition { task, exit, param },
                        Some(EdgeStats::Transition {
                            mean_ns,
                            probability,
                        }),
                    ) => format!(
                        "{}: ({mean_ns:.1} ns, {probability:.6})",
                        crate::analysis::cstg::transition_label(p, task, exit, param)
                    ),
                    (
                        CstgEdge::NewObject { task, exit, site },
                        Some(EdgeStats::NewObject { expected }),
                    ) => format!(
                        "new {} by {}:{}: ({expected:.6})",
                        site.0,
                        p.task(task).name,
                        runtime_exit(p.task(task), exit)
                    ),
                    _ => "(not annotated)".to_string(),
                };
                s.push_str(&format!("  -> {} {label}\n", e.target().index()));
            }
        }
        s
    }

    /// A text rendering for `--emit markov`: per task, its invocations and
    /// counting, then per exit (HIR number, runtime number) the count,
    /// probability, mean and standard deviation of the time, and the mean
    /// allocations per site.
    pub fn dump(&self, p: &Program) -> String {
        let mut s = format!(
            "# Markov model (paper 4.3.1) from a {} profile\n",
            if self.complete { "complete" } else { "partial" }
        );
        for (i, t) in self.tasks.iter().enumerate() {
            let task = p.task(TaskId(i as u32));
            s.push_str(&format!(
                "task {}: {} invocations, counted {}, expected {:.1} ns\n",
                task.name,
                t.invocations,
                match t.counting {
                    Counting::PerTask => "per task",
                    Counting::PerObject => "per object",
                },
                self.expected_ns(TaskId(i as u32))
            ));
            for e in &t.exits {
                s.push_str(&format!(
                    "  exit {} (runtime {}): count {}, p = {:.6}, time {:.1} ns (sd {:.1})",
                    e.exit.0,
                    e.runtime_exit,
                    e.count,
                    e.probability,
                    e.mean_ns,
                    e.var_ns2.sqrt()
                ));
                for (site, mean) in &e.allocs {
                    s.push_str(&format!(
                        ", site {} ({}) x {mean:.6}",
                        site.0,
                        p.class(p.alloc_site(*site).class).name
                    ));
                }
                s.push('\n');
            }
        }
        s
    }
}
