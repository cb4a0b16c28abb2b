//! Tests of objects crossing a cluster's network: their bytes on the wire
//! (profile format 5's sizes) and the share of their flight hidden behind
//! computation (`engine::network`).

use super::tests::{data_parallel, layout_of, leave_after, model_of, state, task};
use super::*;
use crate::synthesis::machine::Machine;

fn full() -> SimOptions {
    SimOptions {
        window: u64::MAX,
        ..SimOptions::default()
    }
}

/// Two nodes of one core: 2 us latency, 10 bytes a nanosecond; cores
/// never park, so that waiting costs no wake-up.
fn two_nodes() -> Machine {
    let mut m = Machine::builtin("cluster:2x1").unwrap().steady_state();
    m.costs.park_after_ns = f64::INFINITY;
    m
}

/// A generator on core 0 making one item of `bytes` bytes per 10 us
/// invocation, `n` in all; each item is worked on for `work_ns` on core 1.
fn pipeline(n: u64, work_ns: f64, bytes: f64) -> (Model, Layout) {
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 1.0)]);
    start.startup = true;
    let mut gen = task("gen", 1, 10_000.0, vec![Some(1)], vec![(2, 1.0)]);
    leave_after(&mut gen, n);
    gen.invocations = n;
    for e in &mut gen.exits {
        e.allocs[0].bytes = bytes;
    }
    let mut work = task("work", 1, work_ns, vec![None], vec![]);
    work.invocations = n;
    let m = model_of(
        vec![start, gen, work],
        vec![
            state("S", vec![(0, 0)]),
            state("G", vec![(1, 0)]),
            state("W", vec![(2, 0)]),
        ],
    );
    let l = layout_of(&m, vec![vec![0, 1], vec![2]]);
    (m, l)
}

/// `data_parallel` whose items carry `bytes` each, all run on core 1 (the
/// other node).
fn remote_items(n: u32, work_ns: f64, bytes: f64) -> (Model, Layout) {
    let mut m = data_parallel(n, work_ns);
    m.tasks[0].exits[0].allocs[0].bytes = bytes;
    let l = layout_of(&m, vec![vec![0], vec![1]]);
    (m, l)
}

#[test]
fn bytes_cross_the_network_at_its_bandwidth() {
    let (light, l) = remote_items(1, 100.0, 0.0);
    let (heavy, _) = remote_items(1, 100.0, 1e6);
    let a = simulate(&light, &two_nodes(), &l, full());
    let b = simulate(&heavy, &two_nodes(), &l, full());
    assert!(a.completed && b.completed);
    // One object of a megabyte at 10 bytes a nanosecond: 100 us more.
    assert!(
        (b.time_ns - a.time_ns - 1e5).abs() < 1.0,
        "{} {}",
        a.time_ns,
        b.time_ns
    );
    let n = b.network.expect("a cluster has a network");
    assert_eq!(n.messages, 1);
    assert_eq!(n.bytes, 1e6);
    // Nothing else ran on the other node meanwhile: nothing was hidden.
    assert_eq!(n.hidden_ns, 0.0);
}

#[test]
fn within_a_node_objects_move_by_pointer() {
    let (m, l) = remote_items(4, 100.0, 1e6);
    let smp = simulate(&m, &Machine::smp(2).unwrap(), &l, full());
    let (light, _) = remote_items(4, 100.0, 0.0);
    let smp_light = simulate(&light, &Machine::smp(2).unwrap(), &l, full());
    assert_eq!(smp.time_ns, smp_light.time_ns);
    assert!(smp.network.is_none());
}

#[test]
fn work_on_the_receiving_node_hides_the_flights_behind_it() {
    // Items of 50 us made every 10 us: the receiving core is busy with
    // earlier items while the next ones are in flight.
    let (m, l) = pipeline(20, 50_000.0, 1e5);
    let r = simulate(&m, &two_nodes(), &l, full());
    assert!(r.completed);
    let n = r.network.unwrap();
    assert_eq!(n.messages, 20);
    let share = n.hidden_share();
    assert!(share > 0.9 && share <= 1.0, "{share} of {n:?}");
    // Tiny items: the receiving core waits for each one.
    let (m, l) = pipeline(20, 10.0, 1e5);
    let tiny = simulate(&m, &two_nodes(), &l, full()).network.unwrap();
    assert!(tiny.hidden_share() < 0.1, "{tiny:?}");
}
