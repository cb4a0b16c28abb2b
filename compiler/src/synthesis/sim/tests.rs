//! Tests of the simulator: hand computations on small models.

use super::engine::tag_hash;
use super::prepare::bundles;
use super::*;
use crate::hir::TaskId;

/// A task with one exit.
pub fn task(
    name: &str,
    params: u32,
    mean_ns: f64,
    next: Vec<Option<u32>>,
    allocs: Vec<(u32, f64)>,
) -> TaskModel {
    let next = next
        .into_iter()
        .map(|n| n.map(|to| vec![(ANY, to)]).unwrap_or_default())
        .collect();
    TaskModel {
        count_param: 0,
        match_tag: None,
        param_tags: vec![None; params as usize],
        name: name.into(),
        params,
        startup: false,
        on_core0: false,
        tag_home: false,
        exits: vec![ExitModel {
            alloc_bytes: 0.0,
            param_bytes: vec![],
            binds: vec![],
            runtime_exit: 0,
            probability: 1.0,
            mean_ns,
            sched_ns: None,
            next,
            allocs: allocs
                .into_iter()
                .map(|(state, mean)| Alloc {
                    tags: vec![],
                    bytes: 0.0,
                    order: 0.0,
                    state,
                    mean,
                })
                .collect(),
        }],
        counting: Counting::PerTask,
        invocations: 1,
    }
}

/// Gives `t` a second exit (runtime exit 1), taken once in `runs`, after
/// which its object leaves the task world: a loop that ends.
pub fn leave_after(t: &mut TaskModel, runs: u64) {
    let mut leave = t.exits[0].clone();
    leave.next = vec![vec![]; t.params as usize];
    leave.runtime_exit = 1;
    leave.probability = 1.0 / runs as f64;
    t.exits[0].probability = 1.0 - leave.probability;
    t.exits.push(leave);
}

pub fn state(name: &str, consumers: Vec<(u32, u32)>) -> StateModel {
    StateModel {
        name: name.into(),
        consumers,
    }
}

/// Startup makes `n` work objects, each processed by `work` (`t` ns).
pub fn data_parallel(n: u32, t: f64) -> Model {
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, f64::from(n))]);
    start.startup = true;
    let mut work = task("work", 1, t, vec![None], vec![]);
    work.invocations = u64::from(n);
    model_of(
        vec![start, work],
        vec![state("S", vec![(0, 0)]), state("W", vec![(1, 0)])],
    )
}

/// Startup (1000 ns) makes 8 parts, a new `pair` tag per two of them
/// (the profile's 8 bindings, 4 fresh); `join` (100 ns) takes two
/// parts bound to one instance.
pub fn tagged_pairs() -> Model {
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 8.0)]);
    start.startup = true;
    start.exits[0].allocs[0].tags = vec![(0, TagSource::Open { group: 2 })];
    let mut join = task("join", 2, 100.0, vec![None, None], vec![]);
    join.match_tag = Some(0);
    join.param_tags = vec![Some(0), Some(0)];
    let mut m = model_of(
        vec![start, join],
        vec![state("S", vec![(0, 0)]), state("P", vec![(1, 0), (1, 1)])],
    );
    m.tag_types = 1;
    m
}

/// A terminating model whose startup object is in state 0.
pub fn model_of(tasks: Vec<TaskModel>, states: Vec<StateModel>) -> Model {
    Model {
        tag_types: 0,
        program: "test".into(),
        tasks,
        states,
        startup: 0,
        terminates: true,
        outside: Outside::default(),
        locks: Vec::new(),
    }
}

/// A terminating model in which state `i` is task `i`'s (its only
/// parameter's), state 0 the startup object's.
pub fn state_per_task(tasks: Vec<TaskModel>) -> Model {
    let states = (0..tasks.len() as u32)
        .map(|i| state(&format!("S{i}"), vec![(i, 0)]))
        .collect();
    model_of(tasks, states)
}

/// A one-parameter task's second exit (runtime exit 1), which lets its
/// object go.
fn letting_go(probability: f64, mean_ns: f64) -> ExitModel {
    ExitModel {
        alloc_bytes: 0.0,
        param_bytes: vec![],
        binds: vec![],
        runtime_exit: 1,
        probability,
        mean_ns,
        sched_ns: None,
        next: vec![vec![]],
        allocs: vec![],
    }
}

/// Every task on one core of a machine without overheads.
fn on_one_core(m: &Model) -> SimResult {
    let hosts = vec![(0..m.tasks.len() as u32).collect()];
    simulate(
        m,
        &free_machine(1),
        &layout_of(m, hosts),
        SimOptions::default(),
    )
}

pub fn layout_of(model: &Model, hosts: Vec<Vec<u32>>) -> Layout {
    crate::synthesis::candidates::layout_from_hosts(
        model,
        "smp",
        hosts
            .into_iter()
            .map(|h| h.into_iter().map(TaskId).collect())
            .collect(),
    )
}

pub fn free_machine(cores: u32) -> Machine {
    let mut m = Machine::smp(cores).unwrap();
    m.costs = crate::synthesis::machine::Costs::ZERO;
    m
}

#[test]
fn data_parallel_time_is_the_hand_computation() {
    let m = data_parallel(8, 100.0);
    let mach = free_machine(4);
    // One core: 1000 + 8 * 100.
    let one = simulate(
        &m,
        &mach,
        &layout_of(&m, vec![vec![0, 1]]),
        SimOptions::default(),
    );
    assert_eq!(
        (one.time_ns, one.invocations, one.completed),
        (1800.0, 9, true)
    );
    // Four cores, round-robin: each core gets two objects: 1000 + 200.
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    let r = simulate(&m, &mach, &four, SimOptions::default());
    assert_eq!(r.time_ns, 1200.0);
    // With a 300 ns message and a 50 ns dispatch: remote cores start
    // at 1050 + 300 and run two objects of 150: 1650.
    let mut mach = free_machine(4);
    mach.costs.message_base_ns = 300.0;
    mach.costs.dispatch_ns = 50.0;
    let r = simulate(&m, &mach, &four, SimOptions::default());
    assert_eq!(r.time_ns, 1650.0);
    let cp = critical_path(&r);
    assert_eq!(r.trace[cp[0].inv as usize].task, 0);
    assert_eq!(cp.len(), 3);
    assert_eq!(cp[2].via, Via::Core);
}

#[test]
fn a_run_far_short_of_the_profiled_invocations_stalled() {
    // The profile saw 100 work invocations, the model delivers 8: the
    // run ends early, which must not pass for a fast layout.
    let mut m = data_parallel(8, 100.0);
    let mach = free_machine(1);
    let layout = layout_of(&m, vec![vec![0, 1]]);
    let fine = simulate(&m, &mach, &layout, SimOptions::default());
    assert!(fine.completed && !fine.stalled);
    m.tasks[1].invocations = 100;
    let r = simulate(&m, &mach, &layout, SimOptions::default());
    assert_eq!((r.invocations, r.completed, r.stalled), (9, false, true));
    assert_eq!(r.cost(), f64::INFINITY);
}

#[test]
fn each_exit_costs_its_own_profiled_scheduler_time() {
    // The startup's exit publishes the eight objects (900 ns of
    // scheduler time); each work exit costs 10 ns. The machine's
    // 50 ns dispatch is only the fallback of exits without a figure.
    let mut m = data_parallel(8, 100.0);
    m.tasks[0].exits[0].sched_ns = Some(900.0);
    m.tasks[1].exits[0].sched_ns = Some(10.0);
    let mut mach = free_machine(4);
    mach.costs.dispatch_ns = 50.0;
    // One core: 1000 + 900 + 8 * (100 + 10).
    let one = simulate(
        &m,
        &mach,
        &layout_of(&m, vec![vec![0, 1]]),
        SimOptions::default(),
    );
    assert_eq!(one.time_ns, 2780.0);
    // Four cores, two objects each: 1900 + 2 * 110.
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    assert_eq!(
        simulate(&m, &mach, &four, SimOptions::default()).time_ns,
        2120.0
    );
    // Without the work exit's figure it costs the machine's dispatch.
    m.tasks[1].exits[0].sched_ns = None;
    assert_eq!(
        simulate(&m, &mach, &four, SimOptions::default()).time_ns,
        2200.0
    );
}

#[test]
fn exits_track_ratios_and_fractional_allocations_accumulate() {
    // A generator loop: `gen` keeps its object with probability 0.75
    // (exit 0) and allocates 0.5 work objects per invocation.
    let mut gen = task("gen", 1, 10.0, vec![Some(0)], vec![(1, 0.5)]);
    gen.exits.push(ExitModel {
        alloc_bytes: 0.0,
        param_bytes: vec![],
        binds: vec![],
        runtime_exit: 1,
        probability: 0.25,
        mean_ns: 10.0,
        sched_ns: None,
        next: vec![vec![]],
        allocs: vec![],
    });
    gen.exits[0].probability = 0.75;
    gen.startup = true;
    let work = task("work", 1, 1.0, vec![None], vec![]);
    let m = model_of(
        vec![gen, work],
        vec![state("G", vec![(0, 0)]), state("W", vec![(1, 0)])],
    );
    let r = on_one_core(&m);
    // Exit 1's lag (0.25 * n - count) reaches 1 at the fourth
    // invocation; before, the more probable exit 0 runs. The three
    // exit-0 runs allocate 0.5 each: 1.5, realised as one object (the
    // half stays in the accumulator).
    let gens = r.trace.iter().filter(|i| i.task == 0).count();
    let works = r.trace.iter().filter(|i| i.task == 1).count();
    assert_eq!((gens, works), (4, 1));
}

#[test]
fn collections_stop_every_core_and_sweep_in_parallel() {
    // Two collections of 500 ns over 1800 ns of bodies: one after the
    // startup task (1000 ns), one after the eighth work item.
    let mut m = data_parallel(8, 100.0);
    m.outside = Outside {
        gc_ns: 1000.0,
        collections: 2,
        task_ns: 1800.0,
        init_ns: 50.0,
        finish_ns: 7.0,
        ..Outside::default()
    };
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1800.0 + 1000.0 + 7.0);
    // Four cores: the work waits for the first collection (1050 to
    // 1550), runs two rounds, and the second collection follows.
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!(r.time_ns, 1550.0 + 200.0 + 500.0 + 7.0);
    assert!(r
        .trace
        .iter()
        .filter(|i| i.task == 1)
        .all(|i| i.start >= 1550.0));

    // One core marks, every core sweeps its own heap: with 100 ns of
    // each collection marking and 400 ns sweeping, one core still
    // takes the profiled pauses. On four, only core 0 worked (the
    // startup task) before the first collection, which so lasts
    // 100 + 400; each core then runs two items (200 ns of 800), so
    // the second sweep takes a quarter: 100 + 400 / 4. A core goes on
    // once it has swept its own heap: cores 1-3, which swept nothing
    // after the first collection, start their items at 1050 + 100,
    // while core 0 sweeps until 1550.
    m.outside.gc_mark_ns = 200.0;
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1800.0 + 1000.0 + 7.0);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!(r.time_ns, 1550.0 + 200.0 + (100.0 + 100.0) + 7.0);
    for core in 0..4 {
        let first = r
            .trace
            .iter()
            .filter(|i| i.task == 1 && i.core == core)
            .map(|i| i.start)
            .fold(f64::INFINITY, f64::min);
        assert_eq!(
            first,
            if core == 0 { 1550.0 } else { 1150.0 },
            "core {core}"
        );
    }
}

/// `data_parallel(8, 100.0)` whose items allocate 100 bytes each, with
/// heap figures: a heap is due at 200 bytes when nothing is live, and
/// each of the four profiled collections marked for 100 ns.
fn allocating_items() -> Model {
    let mut m = data_parallel(8, 100.0);
    m.tasks[1].exits[0].alloc_bytes = 100.0;
    m.outside = Outside {
        gc_ns: 400.0,
        gc_mark_ns: 400.0,
        collections: 4,
        task_ns: 1800.0,
        init_ns: 50.0,
        finish_ns: 7.0,
        gc_min_bytes: 200.0,
        gc_live_bytes: 0.0,
        ..Outside::default()
    };
    m
}

#[test]
fn each_core_collects_at_its_own_threshold() {
    // Every work item allocates 100 bytes; a heap collects once it has
    // allocated its threshold, 200 bytes (the minimum) when nothing is
    // live. Each collection marks for 100 ns.
    let mut m = allocating_items();
    // One core: a collection after every second item, as profiled.
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1000.0 + 800.0 + 400.0 + 7.0);
    // Four cores, two items each: every heap reaches its own threshold
    // only after both, so one collection, not the profiled four.
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!(r.time_ns, 50.0 + 1000.0 + 200.0 + 100.0 + 7.0);
    // With 400 bytes live after a collection, one core's threshold
    // becomes 400: collections after items 2 and 6 only.
    m.outside.gc_live_bytes = 400.0;
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1000.0 + 800.0 + 200.0 + 7.0);
    // The sweep costs the profiled sweep time per allocated byte, and
    // each core sweeps its own heap: half of the 400 ns sweeps over
    // 800 bytes is 0.25 ns a byte; the four cores' collection sweeps
    // 200 bytes on each at once.
    m.outside.gc_live_bytes = 0.0;
    m.outside.gc_mark_ns = 200.0;
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1000.0 + 800.0 + 400.0 + 7.0);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!(r.time_ns, 50.0 + 1000.0 + 200.0 + 50.0 + 50.0 + 7.0);
}

#[test]
fn an_idle_core_is_handed_queued_work() {
    // Startup (1000 ns, core 0) makes 8 jobs of 100 ns. Core 0 routes
    // `work` to core 1 alone; core 1 may route it to either core. Core
    // 0 asks for work at 1000; at 1100 core 1 ends its first job with 7
    // queued and hands over the 3 oldest (half its queue): core 0 runs
    // them until 1400, core 1 its other 4 until 1500, instead of all 8
    // until 1800.
    let m = data_parallel(8, 100.0);
    let mut layout = layout_of(&m, vec![vec![0, 1], vec![1]]);
    layout.policies[1] = Policy::RoundRobin;
    layout.routes[0][1] = vec![1];
    layout.routes[1][1] = vec![0, 1];
    let run = |balance| {
        let opts = SimOptions {
            balance,
            ..SimOptions::default()
        };
        simulate(&m, &free_machine(2), &layout, opts)
    };
    let jobs_on = |r: &SimResult, core| {
        r.trace
            .iter()
            .filter(|i| i.task == 1 && i.core == core)
            .count()
    };
    let balanced = run(true);
    assert_eq!((balanced.time_ns, balanced.invocations), (1500.0, 9));
    assert_eq!((jobs_on(&balanced, 0), jobs_on(&balanced, 1)), (3, 5));
    let fixed = run(false);
    assert_eq!((fixed.time_ns, fixed.invocations), (1800.0, 9));
    assert_eq!((jobs_on(&fixed, 0), jobs_on(&fixed, 1)), (0, 8));
}

#[test]
fn a_due_heap_defers_its_collection_while_another_core_works() {
    // Two cores, four items each, ending at 1100, 1200, 1300 and 1400
    // after the 1000 ns startup; every item allocates 100 bytes and a
    // heap is due at 200. Each heap is due after its second item, while
    // the other core works: both defer (the runtime's bb_gc_maybe), and
    // ask at twice the threshold, after the fourth item, so one
    // collection (100 ns of marking) instead of one after each pair.
    let m = allocating_items();
    let two = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let r = simulate(&m, &free_machine(2), &two, SimOptions::default());
    assert_eq!(r.time_ns, 50.0 + 1000.0 + 400.0 + 100.0 + 7.0);
    // One core never defers: a collection after every second item.
    assert_eq!(on_one_core(&m).time_ns, 50.0 + 1000.0 + 800.0 + 400.0 + 7.0);
}

#[test]
fn each_cores_round_robin_starts_at_its_own_index() {
    // Startup (core 0) hands one object to `relay` on core 1, which
    // makes one work item: core 1's round-robin over the four work
    // cores starts at its own index, as the runtime's does, so the
    // item stays on core 1 rather than going to core 0.
    let mut start = task("startup", 1, 10.0, vec![None], vec![(1, 1.0)]);
    start.startup = true;
    let relay = task("relay", 1, 10.0, vec![None], vec![(2, 1.0)]);
    let work = task("work", 1, 10.0, vec![None], vec![]);
    let m = state_per_task(vec![start, relay, work]);
    let l = layout_of(&m, vec![vec![0, 2], vec![1, 2], vec![2], vec![2]]);
    assert_eq!(l.policies[2], Policy::RoundRobin);
    assert_eq!(l.routes[1][2].len(), 4);
    let r = simulate(&m, &free_machine(4), &l, SimOptions::default());
    let work_core = r.trace.iter().find(|i| i.task == 2).map(|i| i.core);
    assert_eq!(work_core, Some(l.routes[1][2][1]));
    assert_ne!(work_core, Some(l.routes[1][2][0]));
}

#[test]
fn a_core_runs_the_newest_work_first() {
    // Startup makes three objects; `first` takes each to state 2, where
    // `second` takes it. As in the runtime (sched.c), one core runs the
    // work the last invocation enabled first: each object goes through
    // both tasks before the next starts (a FIFO would run the three
    // `first`s, then the three `second`s).
    let mut start = task("startup", 1, 10.0, vec![None], vec![(1, 3.0)]);
    start.startup = true;
    let first = task("first", 1, 10.0, vec![Some(2)], vec![]);
    let second = task("second", 1, 10.0, vec![None], vec![]);
    let m = state_per_task(vec![start, first, second]);
    let order: Vec<u32> = on_one_core(&m).trace.iter().map(|i| i.task).collect();
    assert_eq!(order, vec![0, 1, 2, 1, 2, 1, 2]);
}

#[test]
fn a_task_handing_out_work_hands_it_all_out_first() {
    // Startup makes a boss and four pieces; `hand` keeps the boss and
    // hands each piece on to `work`. As in the runtime (sched.c, the
    // hold; tests/manycore/handout.bb), the kept boss runs `hand` again
    // before the work it enabled: every piece is handed out first.
    let mut start = task("startup", 1, 10.0, vec![None], vec![(1, 1.0), (2, 4.0)]);
    start.startup = true;
    let mut hand = task("hand", 2, 10.0, vec![Some(1), Some(3)], vec![]);
    hand.invocations = 4;
    let mut work = task("work", 1, 10.0, vec![None], vec![]);
    work.invocations = 4;
    let states = vec![
        state("S", vec![(0, 0)]),
        state("Boss", vec![(1, 0)]),
        state("Idle", vec![(1, 1)]),
        state("Work", vec![(2, 0)]),
    ];
    let m = model_of(vec![start, hand, work], states);
    let order: Vec<u32> = on_one_core(&m).trace.iter().map(|i| i.task).collect();
    assert_eq!(order, vec![0, 1, 1, 1, 1, 2, 2, 2, 2]);
}

#[test]
fn a_loop_runs_first_for_a_burst_then_waits() {
    // Startup makes a `spin` object, then an `other` one (so the spin
    // object is the newest); `spin` keeps its object 39 times, then
    // lets it go. As in the runtime, the invocation queued again runs
    // next, LOOP_BURST times in a row, then waits behind `other`.
    let mut start = task("startup", 1, 10.0, vec![None], vec![(1, 1.0), (2, 1.0)]);
    start.startup = true;
    let mut spin = task("spin", 1, 10.0, vec![Some(1)], vec![]);
    spin.counting = Counting::PerObject;
    spin.invocations = 40;
    spin.exits[0].probability = 39.0 / 40.0;
    spin.exits.push(letting_go(1.0 / 40.0, 10.0));
    let other = task("other", 1, 10.0, vec![None], vec![]);
    let m = state_per_task(vec![start, spin, other]);
    let r = on_one_core(&m);
    assert_eq!(r.invocations, 42);
    let at = r.trace.iter().position(|i| i.task == 2);
    // Startup, the first run and LOOP_BURST runs queued again.
    assert_eq!(at, Some(2 + LOOP_BURST as usize));
}

#[test]
fn the_oldest_work_waits_a_bounded_time() {
    // Startup makes a `chain` object, then two `late` ones (routed the
    // last first, so the chain's is the newest); each `chain` makes the
    // next, without end. The first late one runs once QUEUE_PATIENCE
    // notes were queued after it, not never; the second once
    // QUEUE_PATIENCE more were, not right after it.
    let mut start = task("startup", 1, 10.0, vec![None], vec![(2, 1.0), (1, 2.0)]);
    start.startup = true;
    let late = task("late", 1, 10.0, vec![None], vec![]);
    let chain = task("chain", 1, 10.0, vec![None], vec![(2, 1.0)]);
    let m = state_per_task(vec![start, late, chain]);
    let hosts = vec![vec![0, 1, 2]];
    let opts = SimOptions {
        max_invocations: 3 * QUEUE_PATIENCE,
        record: true,
        ..SimOptions::default()
    };
    let r = simulate(&m, &free_machine(1), &layout_of(&m, hosts), opts);
    let at: Vec<usize> = (0..r.trace.len())
        .filter(|&k| r.trace[k].task == 1)
        .collect();
    // The late notes are the second and third queued; after startup
    // and chain invocation k (trace index k), k + 4 notes were queued.
    // The second waits for more than QUEUE_PATIENCE notes queued after
    // the first was taken: as many chain invocations.
    let patience = QUEUE_PATIENCE as usize;
    assert_eq!(at, vec![patience - 1, 2 * patience + 1]);
}

#[test]
fn allocations_that_belong_together_come_together() {
    let alloc = |state, mean| Alloc {
        tags: vec![],
        bytes: 0.0,
        order: 0.0,
        state,
        mean,
    };
    // A frame and its four pieces on 132 of 133 invocations.
    let b = bundles(&[alloc(1, 132.0 / 133.0), alloc(2, 528.0 / 133.0)]);
    assert!(b.iter().all(|x| x.is_some_and(|x| x.leader == 0)));
    assert_eq!(b[1].map(|x| x.size), Some(4.0));
    // A lone fractional mean and a whole one: plain accumulators.
    assert_eq!(bundles(&[alloc(1, 2.5), alloc(2, 3.0)]), vec![None, None]);
}

#[test]
fn an_object_a_task_keeps_stays_on_its_core() {
    // Startup makes 4 objects, round-robin over 4 cores; `work` (100
    // ns) keeps its object in its state three times (exit 0), then lets
    // it go (exit 1). As in the runtime, a kept object is not routed
    // again: each core runs its object's four invocations, 1000 + 400.
    let mut m = data_parallel(4, 100.0);
    let work = &mut m.tasks[1];
    work.invocations = 16;
    work.counting = Counting::PerObject;
    work.exits[0].probability = 0.75;
    work.exits[0].next = vec![vec![(ANY, 1)]];
    work.exits.push(letting_go(0.25, 100.0));
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!((r.time_ns, r.invocations, r.completed), (1400.0, 17, true));
    for core in 0..4 {
        let works = r
            .trace
            .iter()
            .filter(|i| i.task == 1 && i.core == core)
            .count();
        assert_eq!(works, 4, "core {core}");
    }
}

#[test]
fn rounds_end_after_their_parts() {
    // `gen` loops on its object three times in four (exit 0), then
    // leaves: to another round through `back` (exit 1, 3/16) or done
    // (exit 2, 1/16). Each round is four invocations: exit 1 is due
    // with the leaving group, not when its own share (every 5.33) is.
    let mut gen = task("gen", 1, 10.0, vec![Some(0)], vec![]);
    gen.startup = true;
    gen.exits[0].probability = 0.75;
    for (e, (p, next)) in [(0.1875, vec![(ANY, 1)]), (0.0625, vec![])]
        .into_iter()
        .enumerate()
    {
        gen.exits.push(ExitModel {
            alloc_bytes: 0.0,
            param_bytes: vec![],
            binds: vec![],
            runtime_exit: e as u32 + 1,
            probability: p,
            mean_ns: 10.0,
            sched_ns: None,
            next: vec![next],
            allocs: vec![],
        });
    }
    let back = task("back", 1, 1.0, vec![Some(0)], vec![]);
    let m = model_of(
        vec![gen, back],
        vec![state("G", vec![(0, 0)]), state("H", vec![(1, 0)])],
    );
    let r = on_one_core(&m);
    let exits: Vec<u32> = r
        .trace
        .iter()
        .filter(|i| i.task == 0)
        .map(|i| i.exit)
        .collect();
    let round = [0, 0, 0, 1];
    let mut want: Vec<u32> = round.repeat(3);
    want.extend([0, 0, 0, 2]);
    assert_eq!(exits, want);
}

#[test]
fn distinct_tag_pairs_spread_over_cores() {
    // tagged_pairs: `join` routed by hashing the pair's instance.
    let m = tagged_pairs();
    // One core: 1000 + 4 * 100.
    assert_eq!(on_one_core(&m).time_ns, 1400.0);
    // Four cores: the instances are 1 to 4, and each pair goes to the
    // core its instance hashes to (splitmix64 mod 4: 1, 2, 1, 2), so
    // two cores run two joins each: 1000 + 2 * 100.
    let loads = (1..=4u32).fold([0u32; 4], |mut l, t| {
        l[(tag_hash(t) % 4) as usize] += 1;
        l
    });
    assert_eq!(loads, [0, 2, 2, 0]);
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    assert_eq!(four.policies[1], Policy::TagHash);
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!((r.time_ns, r.invocations), (1200.0, 5));
    let cores: std::collections::BTreeSet<u32> = r
        .trace
        .iter()
        .filter(|i| i.task == 1)
        .map(|i| i.core)
        .collect();
    assert_eq!(cores.into_iter().collect::<Vec<_>>(), vec![1, 2]);
    // Every join took two parts of one pair: no part is left over.
    assert_eq!(r.trace.iter().filter(|i| i.task == 1).count(), 4);
}

#[test]
fn tag_home_pairs_meet_where_their_tag_was_made() {
    // tagged_pairs: startup, on core 0, makes every `pair` instance, so
    // with TagHome every join runs on core 0 (1000 + 4 * 100), where
    // TagHash spread them.
    let m = tagged_pairs();
    let mut four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    four.policies[1] = Policy::TagHome;
    let r = simulate(&m, &free_machine(4), &four, SimOptions::default());
    assert_eq!((r.time_ns, r.invocations), (1400.0, 5));
    assert!(r.trace.iter().filter(|i| i.task == 1).all(|i| i.core == 0));
    // Without an instance on the making core, the hash decides.
    let mut away = layout_of(&m, vec![vec![0], vec![1], vec![1], vec![1]]);
    away.policies[1] = Policy::TagHome;
    let r = simulate(&m, &free_machine(4), &away, SimOptions::default());
    assert_eq!((r.time_ns, r.invocations), (1200.0, 5));
}

#[test]
fn exits_bind_survivors_into_a_tree() {
    // Eight parts in pairs; `join` keeps the first part (exit 0), which
    // takes the next level's tag (a new instance per two survivors),
    // until one holds all (exit 1, the seventh join): a merge tree of
    // depth 3.
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 8.0)]);
    start.startup = true;
    start.exits[0].allocs[0].tags = vec![(0, TagSource::Open { group: 2 })];
    let mut join = task("join", 2, 100.0, vec![Some(1), None], vec![]);
    join.match_tag = Some(0);
    join.param_tags = vec![Some(0), Some(0)];
    join.exits[0].probability = 6.0 / 7.0;
    join.exits[0].binds = vec![Bind {
        param: 0,
        tag: 0,
        source: TagSource::Open { group: 2 },
    }];
    join.exits.push(ExitModel {
        alloc_bytes: 0.0,
        param_bytes: vec![],
        runtime_exit: 1,
        probability: 1.0 / 7.0,
        mean_ns: 100.0,
        sched_ns: None,
        next: vec![vec![], vec![]],
        allocs: vec![],
        binds: vec![],
    });
    let mut m = model_of(
        vec![start, join],
        vec![state("S", vec![(0, 0)]), state("P", vec![(1, 0), (1, 1)])],
    );
    m.tag_types = 1;
    let hosts = vec![
        vec![0, 1],
        vec![1],
        vec![1],
        vec![1],
        vec![1],
        vec![1],
        vec![1],
        vec![1],
    ];
    let r = simulate(
        &m,
        &free_machine(8),
        &layout_of(&m, hosts),
        SimOptions::default(),
    );
    assert_eq!(r.invocations, 8);
    let cp = critical_path(&r);
    let joins = cp
        .iter()
        .filter(|s| r.trace[s.inv as usize].task == 1)
        .count();
    assert_eq!(joins, 3);
    // Without tags every join would meet on one core: 1000 + 7 * 100.
    assert!(r.time_ns < 1700.0, "{}", r.time_ns);
}

#[test]
fn cap_reports_useful_fraction() {
    let mut gen = task("gen", 1, 10.0, vec![Some(0)], vec![]);
    gen.startup = true;
    // No profiled count: a run that never ends (one that ended by
    // `System.exit` stops at its profiled count instead).
    gen.invocations = 0;
    let m = Model {
        tag_types: 0,
        program: "loop".into(),
        tasks: vec![gen],
        states: vec![state("G", vec![(0, 0)])],
        startup: 0,
        terminates: false,
        outside: Outside::default(),
        locks: Vec::new(),
    };
    let mut mach = free_machine(2);
    mach.costs.dispatch_ns = 10.0;
    let opts = SimOptions {
        max_invocations: 100,
        record: false,
        ..SimOptions::default()
    };
    let r = simulate(&m, &mach, &layout_of(&m, vec![vec![0], vec![]]), opts);
    assert!(!r.completed);
    assert_eq!(r.invocations, 100);
    // Core 0 does 10 ns of work per 20 ns; core 1 idles.
    assert!((r.useful_fraction - 0.25).abs() < 1e-12);
}

#[test]
fn a_loop_of_two_rounds_takes_its_leaving_exit_last() {
    // `a` works on each object twice: first it hands the object to `b`,
    // which hands it back, then it lets it go. Its two exits are equally
    // probable and the leaving one comes first; taken first, `b` would
    // never run and the run would stall.
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 4.0)]);
    start.startup = true;
    let mut a = task("a", 1, 100.0, vec![Some(2)], vec![]);
    leave_after(&mut a, 2);
    a.exits.swap(0, 1);
    a.counting = Counting::PerObject;
    a.invocations = 8;
    let mut b = task("b", 1, 100.0, vec![Some(1)], vec![]);
    b.invocations = 4;
    let m = model_of(
        vec![start, a, b],
        vec![
            state("S", vec![(0, 0)]),
            state("A", vec![(1, 0)]),
            state("B", vec![(2, 0)]),
        ],
    );
    let r = on_one_core(&m);
    assert!(r.completed && !r.stalled);
    assert_eq!(r.invocations, 13);
}
