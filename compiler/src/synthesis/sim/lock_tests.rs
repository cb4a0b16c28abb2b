//! Tests of the simulator's merged locks (the disjointness analysis'
//! `LockPlan` applied at exits): hand computations on small models.

use super::model::exit_merges;
use super::tests::*;
use super::*;
use crate::hir::TaskId;

/// `data_parallel(n, 100)` whose startup exit merges the locks of
/// the first `merged` of its `n` new objects (their own allocation,
/// `merge all new`), on one core per object.
fn merged_data_parallel(n: u32, merged: u32) -> (Model, Layout) {
    let mut m = data_parallel(n, 100.0);
    let alloc = |mean: u32| Alloc {
        state: 1,
        mean: f64::from(mean),
        order: 0.0,
        tags: vec![],
        bytes: 0.0,
    };
    m.tasks[0].exits[0].allocs = vec![alloc(merged), alloc(n - merged)];
    m.locks = vec![vec![ExitMerges {
        new_with_new: vec![(0, 0)],
        ..ExitMerges::default()
    }]];
    let mut hosts = vec![vec![0, 1]];
    hosts.extend((1..n).map(|_| vec![1]));
    let layout = layout_of(&m, hosts);
    (m, layout)
}

/// The (start, end) of every `work` invocation, by core.
fn work_spans(r: &SimResult) -> Vec<(u32, f64, f64)> {
    let mut spans: Vec<_> = r
        .trace
        .iter()
        .filter(|i| i.task == 1)
        .map(|i| (i.core, i.start, i.end))
        .collect();
    spans.sort_by_key(|a| a.0);
    spans
}

#[test]
fn merged_locks_keep_tasks_apart() {
    // Two objects, one per core: unmerged they run at the same time
    // (1000 + 100); merged, the second core waits for the first
    // invocation to release the lock and then runs (1000 + 200).
    let mach = free_machine(2);
    let (mut m, layout) = merged_data_parallel(2, 2);
    let r = simulate(&m, &mach, &layout, SimOptions::default());
    assert!(r.completed);
    assert_eq!(r.time_ns, 1200.0);
    let spans = work_spans(&r);
    assert_eq!(spans.len(), 2);
    assert_ne!(spans[0].0, spans[1].0, "one invocation per core");
    let (a, b) = (spans[0], spans[1]);
    assert!(
        a.2 <= b.1 || b.2 <= a.1,
        "merged invocations overlap: {spans:?}"
    );
    m.locks.clear();
    let r = simulate(&m, &mach, &layout, SimOptions::default());
    assert_eq!(r.time_ns, 1100.0);
    assert!(work_spans(&r).iter().all(|s| s.1 == 1000.0));
}

#[test]
fn a_core_keeps_every_blocked_object() {
    // Four merged objects on two cores, two queued on each: they run
    // one at a time (1000 + 4 * 100), none left behind.
    let mut m = merged_data_parallel(4, 4).0;
    m.tasks[1].invocations = 4;
    let layout = layout_of(&m, vec![vec![0, 1], vec![1]]);
    let r = simulate(&m, &free_machine(2), &layout, SimOptions::default());
    assert!(r.completed, "{r:?}");
    assert_eq!((r.time_ns, r.invocations), (1400.0, 5));
}

#[test]
fn unmerged_objects_still_run_together() {
    // Four objects on four cores, the first two merged: those two run
    // one after the other, the other two at once beside them.
    let (m, layout) = merged_data_parallel(4, 2);
    let r = simulate(&m, &free_machine(4), &layout, SimOptions::default());
    assert!(r.completed);
    assert_eq!(r.time_ns, 1200.0);
    let spans = work_spans(&r);
    let starts: Vec<f64> = spans.iter().map(|s| s.1).collect();
    let at_once = starts.iter().filter(|&&t| t == 1000.0).count();
    assert_eq!(at_once, 3, "{spans:?}");
    assert_eq!(starts.iter().filter(|&&t| t == 1100.0).count(), 1);
}

#[test]
fn parameter_merges_carry_to_later_tasks() {
    // A pair task merges its two objects' locks; each then goes to a
    // one-object task on its own core, which so run one at a time.
    let mut start = task("startup", 1, 1000.0, vec![None], vec![(1, 2.0)]);
    start.startup = true;
    let mut pair = task("pair", 2, 10.0, vec![Some(2), Some(2)], vec![]);
    pair.invocations = 1;
    let mut work = task("work", 1, 100.0, vec![None], vec![]);
    work.invocations = 2;
    let mut m = model_of(
        vec![start, pair, work],
        vec![
            state("S", vec![(0, 0)]),
            state("P", vec![(1, 0), (1, 1)]),
            state("W", vec![(2, 0)]),
        ],
    );
    let layout = layout_of(&m, vec![vec![0, 1, 2], vec![2]]);
    let mach = free_machine(2);
    let unmerged = simulate(&m, &mach, &layout, SimOptions::default());
    assert_eq!(unmerged.time_ns, 1110.0);
    m.locks = vec![
        vec![],
        vec![ExitMerges {
            params: vec![(0, 1)],
            ..ExitMerges::default()
        }],
    ];
    let merged = simulate(&m, &mach, &layout, SimOptions::default());
    assert!(merged.completed);
    assert_eq!(merged.time_ns, 1210.0);
}

#[test]
fn lock_plan_sites_become_allocation_indices() {
    use crate::analysis::disjoint::{ExitLocks, LockPlan, TaskLocks};
    use crate::hir::{AllocSiteId, ExitId};
    let plan = LockPlan {
        tasks: vec![TaskLocks {
            exits: vec![ExitLocks {
                reachable: true,
                params: vec![(0, 1)],
                new_with_param: vec![(AllocSiteId(5), 0), (AllocSiteId(9), 1)],
                new_with_new: vec![
                    (AllocSiteId(5), AllocSiteId(7)),
                    (AllocSiteId(9), AllocSiteId(9)),
                ],
            }],
            ..Default::default()
        }],
    };
    // The exit allocated at sites 7 and 5 (in that order), never at 9.
    let sites = [AllocSiteId(7), AllocSiteId(5)];
    let m = exit_merges(&plan, TaskId(0), ExitId(0), &sites);
    assert_eq!(
        m,
        ExitMerges {
            params: vec![(0, 1)],
            new_with_param: vec![(1, 0)],
            new_with_new: vec![(1, 0)],
        }
    );
    assert_eq!(
        exit_merges(&plan, TaskId(1), ExitId(0), &sites),
        ExitMerges::default()
    );
}

#[test]
fn tag_operations_queue_on_the_one_tag_mutex() {
    // tagged_pairs with locks of 10 ns on four cores: startup (one
    // parameter, binding its new parts' tags) pays a lock and one use of
    // the tag mutex: 1000 + 10 + 10. Each join pays two locks and three
    // uses (its check and two arrivals): 100 + 20 + 30. The two cores
    // that run joins start together at 1020; one holds the mutex until
    // 1050, so the other waits 30 and ends at 1200, the first at 1170.
    // Their second joins find it free: 1170 + 150 and 1200 + 150.
    let m = tagged_pairs();
    let mut machine = free_machine(4);
    machine.costs.lock_ns = 10.0;
    let four = layout_of(&m, vec![vec![0, 1], vec![1], vec![1], vec![1]]);
    let r = simulate(&m, &machine, &four, SimOptions::default());
    assert_eq!((r.time_ns, r.invocations), (1350.0, 5));
    let mut ends: Vec<f64> = r
        .trace
        .iter()
        .filter(|i| i.task == 1)
        .map(|i| i.end)
        .collect();
    ends.sort_by(f64::total_cmp);
    assert_eq!(ends, vec![1170.0, 1200.0, 1320.0, 1350.0]);
    // One core takes neither atomic locks nor the tag mutex.
    let one = layout_of(&m, vec![vec![0, 1]]);
    let mut machine = free_machine(1);
    machine.costs.lock_ns = 10.0;
    assert_eq!(
        simulate(&m, &machine, &one, SimOptions::default()).time_ns,
        1400.0
    );
}

#[test]
fn a_layout_hosting_everything_on_core_zero_takes_no_locks() {
    // Builds drop the idle cores after core 0, so such a layout runs on
    // one core, whose dispatch takes no atomic locks; with a task on core
    // 1 each of the 9 single-parameter invocations (startup too) pays
    // 50 ns.
    let mut mach = free_machine(2);
    mach.costs.lock_ns = 50.0;
    let m = data_parallel(8, 100.0);
    let alone = simulate(
        &m,
        &mach,
        &layout_of(&m, vec![vec![0, 1], vec![]]),
        SimOptions::default(),
    );
    assert_eq!(alone.time_ns, 1000.0 + 8.0 * 100.0);
    let shared = simulate(
        &m,
        &mach,
        &layout_of(&m, vec![vec![0], vec![1]]),
        SimOptions::default(),
    );
    assert_eq!(shared.time_ns, 1050.0 + 8.0 * 150.0);
}
