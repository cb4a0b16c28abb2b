//! Tests of the simulator on fine-grained programs: the routing policies
//! that keep chains on their core, the sender's cost, parked cores, the
//! windowed estimate, runs that end by `System.exit`.

use super::tests::{layout_of, leave_after, model_of, state, task};
use super::*;
use crate::synthesis::layout::Policy;
use crate::synthesis::machine::Machine;

/// Startup makes `objects` objects that bounce between `a` and `b`
/// (`body` ns each) `rounds` times each (counted per object).
fn pingpong(objects: u32, rounds: u64, body: f64) -> Model {
    let mut start = task(
        "startup",
        1,
        1000.0,
        vec![None],
        vec![(1, f64::from(objects))],
    );
    start.startup = true;
    let mut a = task("a", 1, body, vec![Some(2)], vec![]);
    leave_after(&mut a, rounds);
    a.counting = Counting::PerObject;
    a.invocations = rounds * u64::from(objects);
    let mut b = task("b", 1, body, vec![Some(1)], vec![]);
    b.invocations = (rounds - 1) * u64::from(objects);
    Model {
        tag_types: 0,
        program: "pp".into(),
        tasks: vec![start, a, b],
        states: vec![
            state("S", vec![(0, 0)]),
            state("PING", vec![(1, 0)]),
            state("PONG", vec![(2, 0)]),
        ],
        startup: 0,
        terminates: true,
        outside: Outside::default(),
        locks: Vec::new(),
    }
}

/// `smp:N` in its steady state (no thread start or end), which the hand
/// computations below are of.
fn smp(cores: u32) -> Machine {
    Machine::smp(cores).unwrap().steady_state()
}

fn everywhere(m: &Model, cores: u32, policy: Policy) -> Layout {
    let hosts = (0..cores)
        .map(|c| if c == 0 { vec![0, 1, 2] } else { vec![1, 2] })
        .collect();
    let mut l = layout_of(m, hosts);
    l.policies[1] = policy;
    l.policies[2] = policy;
    l.routes = l.all_instance_routes();
    l
}

fn full() -> SimOptions {
    window_of(u64::MAX)
}

fn window_of(window: u64) -> SimOptions {
    SimOptions {
        window,
        ..SimOptions::default()
    }
}

#[test]
fn local_keeps_a_chain_on_its_core_and_round_robin_hops() {
    let m = pingpong(2, 1000, 20.0);
    let rr = simulate(&m, &smp(2), &everywhere(&m, 2, Policy::RoundRobin), full());
    let local = simulate(&m, &smp(2), &everywhere(&m, 2, Policy::Local), full());
    let one = simulate(&m, &smp(1), &layout_of(&m, vec![vec![0, 1, 2]]), full());
    assert!(rr.completed && local.completed && one.completed);
    // Each object stays on the core it was sent to: two chains, two cores.
    assert!(
        local.time_ns < 0.6 * one.time_ns,
        "{} {}",
        local.time_ns,
        one.time_ns
    );
    // Round-robin sends every other bounce across: slower than one core.
    assert!(rr.time_ns > one.time_ns, "{} {}", rr.time_ns, one.time_ns);
}

#[test]
fn here_keeps_new_objects_where_they_are_made() {
    let m = pingpong(2, 100, 20.0);
    let r = simulate(&m, &smp(2), &everywhere(&m, 2, Policy::Here), full());
    assert!(r.trace.iter().all(|i| i.core == 0));
}

#[test]
fn the_sender_pays_for_each_object_it_sends() {
    // 1000 items of 20 ns from one core, dispatched in 50: handing half of
    // them to another core costs more than running them.
    let m = super::tests::data_parallel(1000, 20.0);
    let two = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let mut mach = smp(2);
    mach.costs.dispatch_ns = 50.0;
    let spread = simulate(&m, &mach, &two, full());
    let one = simulate(&m, &mach, &layout_of(&m, vec![vec![0, 1]]), full());
    assert!(
        spread.time_ns > one.time_ns,
        "{} {}",
        spread.time_ns,
        one.time_ns
    );
    let mut free = mach.clone();
    free.costs.send_ns = 0.0;
    free.costs.receive_ns = 0.0;
    let spread_free = simulate(&m, &free, &two, full());
    assert!(spread_free.time_ns < one.time_ns);
}

#[test]
fn a_parked_core_wakes_late() {
    // The startup task (1000 ns) parks the other core when parking takes
    // less: its first object arrives a wake-up later.
    let m = super::tests::data_parallel(2, 100.0);
    let l = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let mut awake = smp(2);
    awake.costs.park_after_ns = 1e9;
    let mut parks = smp(2);
    parks.costs.park_after_ns = 500.0;
    let a = simulate(&m, &awake, &l, full());
    let p = simulate(&m, &parks, &l, full());
    assert!(
        (p.time_ns - a.time_ns - parks.costs.wake_ns).abs() < 1e-6,
        "{} {}",
        p.time_ns,
        a.time_ns
    );
}

#[test]
fn a_window_estimates_a_long_run_within_two_percent() {
    let m = pingpong(8, 20_000, 50.0);
    let l = everywhere(&m, 4, Policy::Local);
    let mach = smp(4);
    let whole = simulate(&m, &mach, &l, full());
    let windowed = simulate(&m, &mach, &l, window_of(20_000));
    assert!(whole.completed && windowed.completed);
    assert_eq!(windowed.simulated, 20_000);
    assert_eq!(windowed.invocations, whole.invocations);
    let err = (windowed.time_ns - whole.time_ns).abs() / whole.time_ns;
    assert!(err < 0.02, "{} {}", windowed.time_ns, whole.time_ns);
}

/// `pingpong(8, 5_000, 50.0)` whose bounces allocate 100 bytes each and
/// whose heap is due every 1000 bytes: a collection every few invocations,
/// after each of which both cores start one.
fn collecting_pingpong() -> Model {
    let mut m = pingpong(8, 5_000, 50.0);
    for t in &mut m.tasks[1..] {
        t.exits[0].alloc_bytes = 100.0;
    }
    m.outside = Outside {
        gc_ns: 4000.0,
        gc_mark_ns: 4000.0,
        collections: 4000,
        task_ns: 4e6,
        gc_min_bytes: 1000.0,
        ..Outside::default()
    };
    m
}

#[test]
fn every_window_extrapolates_even_when_its_half_falls_between_two_ends() {
    // Invocations are counted as they start, and several can start between
    // two ends (both cores start one as each collection ends): whatever
    // the window, the estimate must be carried to the end of the run.
    let m = collecting_pingpong();
    let l = everywhere(&m, 2, Policy::Local);
    let mach = smp(2);
    let whole = simulate(&m, &mach, &l, full());
    for window in 20_000..20_016 {
        let windowed = simulate(&m, &mach, &l, window_of(window));
        assert!(windowed.completed);
        let err = (windowed.time_ns - whole.time_ns).abs() / whole.time_ns;
        assert!(
            err < 0.02,
            "window {window}: {} {}",
            windowed.time_ns,
            whole.time_ns
        );
    }
}

#[test]
fn a_run_that_ended_by_exit_stops_at_its_profiled_count() {
    let mut m = pingpong(4, 1_000_000, 20.0);
    m.terminates = false;
    for t in &mut m.tasks[1..] {
        t.invocations = 5_000;
    }
    let r = simulate(&m, &smp(1), &layout_of(&m, vec![vec![0, 1, 2]]), full());
    assert!(r.completed && !r.stalled);
    assert_eq!(r.invocations, 10_001);
}

/// A token that makes its successor on every hop but the last (the hop
/// benchmark: mean 0.999 new tokens per hop) goes on for all its hops; an
/// accumulator that allocated late would stop it at the first.
#[test]
fn a_chain_that_allocates_its_successor_runs_to_the_end() {
    let hops = 1000u64;
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 1.0)]);
    start.startup = true;
    let mean = (hops - 1) as f64 / hops as f64;
    let mut hop = task("hop", 1, 100.0, vec![None], vec![(1, mean)]);
    hop.invocations = hops;
    let m = model_of(
        vec![start, hop],
        vec![state("S", vec![(0, 0)]), state("T", vec![(1, 0)])],
    );
    let r = simulate(&m, &smp(1), &layout_of(&m, vec![vec![0, 1]]), full());
    assert!(r.completed, "{r:?}");
    assert_eq!(r.invocations, hops + 1);
}

/// A collector that makes one result per ten inputs makes it at the tenth
/// input, not the first: its consumer starts only after the inputs.
#[test]
fn a_collector_allocates_after_its_inputs() {
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 10.0)]);
    start.startup = true;
    let mut collect = task("collect", 1, 100.0, vec![None], vec![(2, 0.1)]);
    collect.invocations = 10;
    let mut last = task("last", 1, 100.0, vec![None], vec![]);
    last.invocations = 1;
    let m = model_of(
        vec![start, collect, last],
        vec![
            state("S", vec![(0, 0)]),
            state("IN", vec![(1, 0)]),
            state("OUT", vec![(2, 0)]),
        ],
    );
    let l = layout_of(&m, vec![vec![0, 1, 2]]);
    let r = simulate(
        &m,
        &smp(1),
        &l,
        SimOptions {
            record: true,
            ..full()
        },
    );
    assert!(r.completed, "{r:?}");
    let order: Vec<u32> = r.trace.iter().map(|e| e.task).collect();
    assert_eq!(order.last(), Some(&2), "{order:?}");
}

/// A startup that makes a million objects at once: the window makes only
/// as many as it can use, and its extrapolated estimate stays close to the
/// full replay's.
#[test]
fn a_huge_batch_is_simulated_to_a_window_of_it() {
    let m = super::tests::data_parallel(1_000_000, 500.0);
    let l = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let windowed = simulate(&m, &smp(2), &l, SimOptions::default());
    let whole = simulate(&m, &smp(2), &l, full());
    assert!(windowed.completed && whole.completed);
    assert!(windowed.simulated <= WINDOW, "{}", windowed.simulated);
    let error = (windowed.time_ns - whole.time_ns).abs() / whole.time_ns;
    assert!(error < 0.05, "{} {}", windowed.time_ns, whole.time_ns);
}

#[test]
fn a_short_run_pays_for_starting_and_ending_other_cores() {
    // Four items of 10 us: two cores halve the work of a long run, but
    // this run is shorter than starting another core's thread.
    let m = super::tests::data_parallel(4, 10_000.0);
    let two = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let one = layout_of(&m, vec![vec![0, 1]]);
    let mach = Machine::smp(2).unwrap();
    let steady = simulate(&m, &smp(2), &two, full());
    let started = simulate(&m, &mach, &two, full());
    // Core 1 starts `core_start_ns` after the startup task begins (it
    // takes its items at once then), and the run ends `end_ns` later.
    assert!(
        started.time_ns >= steady.time_ns + mach.costs.end_ns,
        "{} {}",
        started.time_ns,
        steady.time_ns
    );
    let t0 = started.trace.iter().find(|i| i.core == 1).unwrap().start;
    assert!(t0 >= mach.costs.core_start_ns, "{t0}");
    // One core pays neither, whatever the machine says of other cores.
    assert_eq!(
        simulate(&m, &mach, &one, full()).time_ns,
        simulate(&m, &smp(1), &one, full()).time_ns
    );
    let alone = simulate(&m, &mach, &one, full());
    assert!(steady.time_ns < alone.time_ns && alone.time_ns < started.time_ns);
    // Synthesis for two cores keeps such a run on one.
    let chosen = crate::synthesis::synthesise(&m, &mach, 2, 1, full(), &[], &mut |_, _| {});
    assert_eq!(chosen.layout.used_cores(), 1);
    let long = super::tests::data_parallel(400, 10_000.0);
    let chosen = crate::synthesis::synthesise(&long, &mach, 2, 1, full(), &[], &mut |_, _| {});
    assert_eq!(chosen.layout.used_cores(), 2);
}
