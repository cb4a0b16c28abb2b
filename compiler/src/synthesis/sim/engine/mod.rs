//! The discrete-event simulation of a layout (paper 4.4): in, a [`Model`]
//! (or a [`PreparedModel`], for many layouts of one model), a [`Machine`]
//! and a [`Layout`]; out, a [`SimResult`] ([`simulate`],
//! [`simulate_prepared`]).

use super::prepare::{
    alloc_clusters, bundles, continuing_exits, stay_masks, Bundle, PreparedModel,
};
use super::*;

mod dispatch;
mod heaps;
mod locks;
mod network;
mod route;
mod tags;

use heaps::Heaps;
use locks::Locks;
use network::{Flight, Network};
pub(in crate::synthesis::sim) use tags::tag_hash;

#[derive(Copy, Clone)]
struct Obj {
    state: u32,
    /// Bumped when the object leaves its state: entries queued before are
    /// stale.
    version: u32,
    /// Taken by a running invocation: its entries wait, and are good again
    /// if the invocation leaves the object as it was (the runtime keeps an
    /// unchanged object in every parameter set it is in).
    held: bool,
    /// The packed bytes of its region (profile format 5; 0 when unknown).
    bytes: f32,
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
        /// Set for an object that crossed the network between nodes.
        flight: Option<Flight>,
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
    /// When it started and when it ends.
    start: f64,
    end: f64,
}

struct Sim<'a> {
    model: &'a Model,
    layout: &'a Layout,
    ntasks: usize,
    ncores: usize,
    costs: Costs,
    objs: Vec<Obj>,
    queues: Queues,
    cores: Cores,
    exits: ExitCounts,
    events: Events,
    out: Output,
    tags: Tags,
    scratch: Vec<Entry>,
    picks: Vec<usize>,
    gc: Gc,
    /// The objects' merged locks (`Locks`), when the model merges any.
    locks: Option<Locks>,
    /// Whether idle cores ask for work ([`SimOptions::balance`]).
    balancing: bool,
    /// New objects one allocation makes at most (`Some` unless the run is
    /// replayed in full).
    alloc_cap: Option<u64>,
    /// When the runtime's tag mutex is next free ([`Sim::hold_tag_mutex`]).
    tag_mutex_free_at: f64,
    /// The network between the machine's nodes, if it has any.
    network: Option<Network>,
}

/// The machine's costs the simulation charges (`machine::Costs`), per
/// hop pair the message latency.
struct Costs {
    /// `latency[a * ncores + b]`: a message from core `a` to core `b`.
    latency: Vec<f64>,
    /// The scheduler's cost of one invocation, locks aside.
    dispatch_ns: f64,
    lock_ns: f64,
    /// The sender's cost per remote object.
    send_ns: f64,
    /// The receiver's cost per remote object.
    receive_ns: f64,
    wake_ns: f64,
    park_after_ns: f64,
    /// What the run's other cores add at its start and end (0 on one core).
    core_start_ns: f64,
    end_ns: f64,
}

/// Each core's ready work: parameter sets and the notes that order them.
struct Queues {
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
}

/// Per core: what it runs, has run, owes and is waiting for.
struct Cores {
    busy: Vec<bool>,
    running: Vec<Running>,
    last_inv: Vec<u32>,
    rr: Vec<u32>,
    busy_ns: Vec<f64>,
    /// Per core: it has nothing to do and has asked for work (the
    /// runtime's `hungry` flag).
    hungry: Vec<bool>,
    /// Per core: objects sent to it that have not arrived yet (the
    /// runtime's inbox, which a core empties before it asks for work).
    inflight: Vec<u32>,
    /// Per core: objects sent since its invocation ended (each leaves
    /// after the ones before it, [`Costs::send_ns`] apart).
    sends: Vec<u32>,
    /// Per core, the sending time of the objects `alloc_cap` left unmade.
    unsent_ns: Vec<f64>,
    /// Per core: what it owes ([`Costs::receive_ns`] each) for the
    /// objects it took since it last started.
    owed: Vec<f64>,
    /// Per core: when it may start its next invocation (after its sends,
    /// or after waking up).
    free_at: Vec<f64>,
    /// Per core: since when it has found nothing to do; a message after
    /// `park_after_ns` of that finds it parked and arrives `wake_ns` late.
    idle_since: Vec<f64>,
}

/// The exits taken so far and the allocations they owe (the tables
/// `prepare` makes once from the model).
struct ExitCounts {
    task_counts: Vec<Vec<u64>>,
    /// Keyed by (task, object); FNV since SipHash showed in profiles of
    /// long simulations and the map is never iterated.
    object_counts: FnvHashMap<(u32, u32), Vec<u64>>,
    alloc_acc: Vec<Vec<Vec<f64>>>,
    /// Per task, exit and allocation: its loop ([`alloc_clusters`]).
    clusters: Vec<Vec<Vec<u32>>>,
    /// Exits keeping the first parameter in its state ([`stay_masks`]).
    stays: Vec<u64>,
    /// Per task and exit: whether it continues a loop ([`continuing_exits`]).
    continuing: Vec<Vec<bool>>,
    /// Per task, exit and allocation: its bundle, if any ([`bundles`]).
    bundles: Vec<Vec<Vec<Option<Bundle>>>>,
}

/// The pending events, earliest first, ties by order of scheduling.
struct Events {
    heap: BinaryHeap<Event>,
    seq: u64,
}

/// What the simulation reports: the time, the work and the trace.
struct Output {
    task_ns: f64,
    invocations: u64,
    end_time: f64,
    record: bool,
    trace: Vec<Invocation>,
}

/// Tag instances and the objects bound to them.
struct Tags {
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
}

/// Collections: when one is due, what it costs, who is still in it.
struct Gc {
    /// Body time between collections (the profile's task time over its
    /// collections; infinite without any) and one collection's marking
    /// (done by one core) and sweep (each core sweeps its own heap).
    every: f64,
    mark: f64,
    sweep: f64,
    work_since_gc: f64,
    /// Per core, the body time since the last collection: the share of
    /// the sweep that core does.
    work_since_gc_by_core: Vec<f64>,
    /// The runtime's per-core heap thresholds, when the profile has the
    /// heap figures (format 4); else collections follow `every`.
    heaps: Option<Heaps>,
    /// A collection is due: no core starts an invocation until it has run.
    pending: bool,
    /// Per core, whether it is still in the running collection (the
    /// marking, then its own sweep).
    collecting: Vec<bool>,
}

/// Simulates `layout` on `machine` with the model.
pub fn simulate(model: &Model, machine: &Machine, layout: &Layout, opts: SimOptions) -> SimResult {
    simulate_prepared(&PreparedModel::new(model), machine, layout, opts)
}

/// Simulates `layout` on `machine` with the prepared model: what a search
/// calls for each layout, so the model is prepared once for all of them.
pub fn simulate_prepared(
    prepared: &PreparedModel,
    machine: &Machine,
    layout: &Layout,
    opts: SimOptions,
) -> SimResult {
    let model = prepared.model;
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
    // Builds drop the cores after the last that hosts a task
    // (`Layout::trimmed`), so a layout hosting everything on core 0 runs
    // on one core: no thread to start or join, no atomic locks.
    let several_cores = layout.cores_up_to_last_host() > 1;
    let mut sim = Sim {
        model,
        layout,
        ntasks,
        ncores,
        costs: Costs {
            latency,
            dispatch_ns: if model.outside.sched_per_invocation_ns > 0.0 {
                model.outside.sched_per_invocation_ns
            } else {
                machine.costs.dispatch_ns
            },
            // The profile measured the one-core path, whose dispatch
            // takes no atomic locks; only a run on several cores pays them.
            lock_ns: if several_cores {
                machine.costs.lock_ns
            } else {
                0.0
            },
            send_ns: machine.costs.send_ns,
            receive_ns: machine.costs.receive_ns,
            wake_ns: machine.costs.wake_ns,
            park_after_ns: machine.costs.park_after_ns,
            core_start_ns: if several_cores {
                machine.costs.core_start_ns
            } else {
                0.0
            },
            end_ns: if several_cores {
                machine.costs.end_ns
            } else {
                0.0
            },
        },
        objs: Vec::new(),
        queues: Queues {
            psets,
            notes: vec![VecDeque::new(); ncores],
            queued: vec![0; ncores],
            last_due: vec![0; ncores],
            streak: vec![0; ncores],
        },
        cores: Cores {
            busy: vec![false; ncores],
            running: vec![Running::default(); ncores],
            last_inv: vec![NONE; ncores],
            // Core `c`'s counters start at `c` (modulo each route's length).
            rr: (0..ncores * ntasks).map(|i| (i / ntasks) as u32).collect(),
            busy_ns: vec![0.0; ncores],
            // Every core but core 0 starts with nothing to do.
            hungry: (0..ncores).map(|c| balancing && c != 0).collect(),
            inflight: vec![0; ncores],
            sends: vec![0; ncores],
            unsent_ns: vec![0.0; ncores],
            owed: vec![0.0; ncores],
            free_at: vec![0.0; ncores],
            idle_since: vec![0.0; ncores],
        },
        exits: ExitCounts {
            task_counts: model.tasks.iter().map(|t| vec![0; t.exits.len()]).collect(),
            object_counts: HashMap::default(),
            alloc_acc: prepared.alloc_starts.clone(),
            clusters: model
                .tasks
                .iter()
                .map(|t| t.exits.iter().map(|e| alloc_clusters(&e.allocs)).collect())
                .collect(),
            stays: stay_masks(model),
            continuing: continuing_exits(model),
            bundles: model
                .tasks
                .iter()
                .map(|t| t.exits.iter().map(|e| bundles(&e.allocs)).collect())
                .collect(),
        },
        events: Events {
            heap: BinaryHeap::new(),
            seq: 0,
        },
        out: Output {
            task_ns: 0.0,
            invocations: 0,
            end_time: 0.0,
            record: opts.record,
            trace: Vec::new(),
        },
        tags: Tags {
            obj_tags: Vec::new(),
            tag_types: model.tag_types as usize,
            open_tags: vec![(0, 0); model.tag_types as usize],
            next_tag: 1,
            tag_home: vec![0],
        },
        scratch: Vec::new(),
        picks: Vec::new(),
        gc: Gc {
            every: if model.outside.collections > 0 {
                model.outside.task_ns / model.outside.collections as f64
            } else {
                f64::INFINITY
            },
            // Without the marking's part (an older profile) the whole
            // collection is taken to be serial.
            mark: if model.outside.collections == 0 {
                0.0
            } else if model.outside.gc_mark_ns > 0.0 {
                model.outside.gc_mark_ns / model.outside.collections as f64
            } else {
                model.outside.gc_ns / model.outside.collections as f64
            },
            sweep: if model.outside.collections > 0 && model.outside.gc_mark_ns > 0.0 {
                (model.outside.gc_ns - model.outside.gc_mark_ns).max(0.0)
                    / model.outside.collections as f64
            } else {
                0.0
            },
            work_since_gc: 0.0,
            work_since_gc_by_core: vec![0.0; ncores],
            heaps: Heaps::of(model, ncores),
            pending: false,
            collecting: vec![false; ncores],
        },
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
        alloc_cap: None,
        tag_mutex_free_at: 0.0,
        network: Network::new(machine, ncores),
    };
    let startup = sim.new_obj(model.startup, 0.0);
    let t0 = model.outside.init_ns;
    // The other cores' threads start while the startup task runs.
    for c in 1..ncores {
        sim.cores.free_at[c] = t0 + sim.costs.core_start_ns;
        sim.cores.idle_since[c] = t0 + sim.costs.core_start_ns;
    }
    sim.route(0, startup, t0, NONE, true);
    sim.dispatch(0, t0);
    let profiled: u64 = model.tasks.iter().map(|t| t.invocations).sum();
    // A run that ended by `System.exit` (or an error) is over once it has
    // made the profiled invocations.
    let exits_early = !model.terminates && profiled > 0;
    let window = opts.window.max(2);
    let extrapolate = profiled > window;
    // A window also caps what one allocation makes (a startup making a
    // million jobs makes a window's worth), so no simulation but a full
    // replay makes more objects than the profile's check allows.
    sim.alloc_cap = (window < u64::MAX).then_some(window);
    let mut half: Option<(u64, Progress)> = None;
    let mut capped = false;
    let mut reached = false;
    while let Some(ev) = sim.events.heap.pop() {
        match ev.kind {
            Kind::End { core } => {
                sim.finish(core, ev.time);
                // Invocations are counted as they start, so several may
                // start between two ends: the half is the first end at or
                // past it.
                if extrapolate && half.is_none() && sim.out.invocations >= window / 2 {
                    half = Some((sim.out.invocations, sim.progress()));
                }
                if extrapolate && sim.out.invocations >= window {
                    reached = true;
                    break;
                }
                if exits_early && sim.out.invocations >= profiled {
                    reached = true;
                    break;
                }
                if sim.out.invocations >= opts.max_invocations {
                    capped = true;
                    break;
                }
                if sim.gc.pending {
                    sim.maybe_collect(ev.time);
                } else {
                    sim.dispatch(core as usize, ev.time);
                    sim.retry_waiting(ev.time);
                }
            }
            Kind::GcEnd { core } => {
                sim.gc.collecting[core as usize] = false;
                sim.out.end_time = sim.out.end_time.max(ev.time);
                if sim.gc.pending {
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
                flight,
            } => {
                if let Some(f) = flight {
                    sim.landed(core as usize, ev.time, f);
                }
                sim.cores.inflight[core as usize] -= 1;
                sim.cores.hungry[core as usize] = false;
                sim.wake(core as usize, ev.time);
                sim.cores.owed[core as usize] += sim.costs.receive_ns;
                sim.deliver(core as usize, task, param, entry, false);
                if !sim.cores.busy[core as usize] {
                    sim.dispatch(core as usize, ev.time);
                }
            }
        }
    }
    let mut end = sim.progress();
    let simulated = sim.out.invocations;
    let extrapolated = reached && extrapolate && simulated < profiled;
    if let (true, Some((at, h))) = (extrapolated, &half) {
        end = end.extrapolate(
            h,
            simulated - at,
            profiled - simulated,
            profiled_work(model),
        );
    }
    end.time += sim.cores.unsent_ns.iter().copied().fold(0.0, f64::max);
    // The finish follows the last invocation (or collection), and on
    // several cores the end of their threads.
    let time_ns = end.time.max(t0) + sim.costs.end_ns + model.outside.finish_ns;
    let useful_fraction = if time_ns > 0.0 {
        end.task_ns / (ncores as f64 * time_ns)
    } else {
        0.0
    };
    let terminates = model.terminates || exits_early;
    let stalled = !capped
        && !reached
        && terminates
        && (sim.out.invocations as f64) < STALL_SHARE * profiled as f64;
    SimResult {
        time_ns,
        completed: !capped && terminates && !stalled,
        stalled,
        invocations: if extrapolated { profiled } else { simulated },
        simulated,
        busy_ns: end.busy_ns,
        useful_fraction,
        trace: sim.out.trace,
        network: sim.network.map(Network::traffic),
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

/// The task time the profiled run spent in bodies: the invocations times
/// their exits' mean times.
fn profiled_work(model: &Model) -> f64 {
    model
        .tasks
        .iter()
        .map(|t| {
            let mean: f64 = t.exits.iter().map(|e| e.probability * e.mean_ns).sum();
            t.invocations as f64 * mean
        })
        .sum()
}

impl Progress {
    /// This point carried to the end of the run at the rate of the span
    /// since `earlier`: by the body time still to run (`work` in all, less
    /// what ran) over the body time the span ran, so a window whose second
    /// half ran a cheaper mix of tasks than the whole run does not
    /// promise too much; by invocations (`more` after the `span` since
    /// `earlier`) when the span ran no body time.
    fn extrapolate(&self, earlier: &Progress, span: u64, more: u64, work: f64) -> Progress {
        let span_work = self.task_ns - earlier.task_ns;
        let k = if span_work > 0.0 {
            (work - self.task_ns).max(0.0) / span_work
        } else {
            more as f64 / span.max(1) as f64
        };
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
/// otherwise the most probable runs, of equally probable ones one that
/// `continuing` marks. Rare exits so come when their share is complete (a
/// merge's "all merged" exit on the last object), and a loop's leaving
/// exit after its continuing one.
fn pick_exit(
    exits: &[ExitModel],
    continuing: &[bool],
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
        let tie = (ex.probability - best_p).abs() <= 1e-12;
        if ex.probability > best_p + 1e-12 || (tie && continuing[e] && !continuing[best]) {
            best = e;
            best_p = ex.probability;
        }
    }
    best
}

impl Sim<'_> {
    /// A message reaches `core` at `t`: a core idle for long enough has
    /// parked and starts only once it is awake.
    pub(super) fn wake(&mut self, core: usize, t: f64) {
        if self.costs.wake_ns > 0.0
            && !self.cores.busy[core]
            && !self.gc.collecting[core]
            && t - self.cores.idle_since[core] >= self.costs.park_after_ns
            && self.cores.free_at[core] < t
        {
            self.cores.free_at[core] = t + self.costs.wake_ns;
        }
    }

    pub(super) fn progress(&self) -> Progress {
        Progress {
            time: self.out.end_time,
            busy_ns: self.cores.busy_ns.clone(),
            task_ns: self.out.task_ns,
        }
    }

    pub(super) fn new_obj(&mut self, state: u32, bytes: f64) -> u32 {
        self.objs.push(Obj {
            state,
            version: 0,
            held: false,
            bytes: bytes as f32,
        });
        self.tags
            .obj_tags
            .extend(std::iter::repeat_n(0, self.tags.tag_types));
        let o = (self.objs.len() - 1) as u32;
        if let Some(l) = &mut self.locks {
            let set = l.sets.new_set();
            debug_assert_eq!(set, o);
            l.holder.push(NONE);
        }
        o
    }

    pub(super) fn push(&mut self, time: f64, kind: Kind) {
        self.events.seq += 1;
        self.events.heap.push(Event {
            time,
            seq: self.events.seq,
            kind,
        });
    }
}
