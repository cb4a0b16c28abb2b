//! `bambooc sim --bench`: the simulator's speed on a generated model, in
//! invocations per second (wall clock and this thread's CPU time). In: no
//! program; out: one line on standard output. Paper 4.4's simulator is
//! what the synthesis loop calls thousands of times, so its rate bounds
//! the search.

use crate::synthesis::machine::Machine;
use crate::synthesis::sim::{self, Model, SimOptions};
use std::time::Instant;

/// Simulator speed on a generated model: a generator loop allocating
/// one work item per invocation, items spread over 4 cores. Prints the
/// median of 5 runs.
pub(super) fn bench() {
    use crate::synthesis::sim::{Alloc, ExitModel, StateModel, TaskModel, ANY};
    let n = 1_000_000u64;
    let exit = |p: f64, next: Vec<Vec<(u32, u32)>>, allocs: Vec<Alloc>| ExitModel {
        alloc_bytes: 0.0,
        param_bytes: vec![],
        runtime_exit: 0,
        probability: p,
        mean_ns: 1000.0,
        sched_ns: None,
        next,
        allocs,
        binds: vec![],
    };
    let item = || Alloc {
        state: 1,
        mean: 1.0,
        order: 0.0,
        tags: vec![],
        bytes: 0.0,
    };
    let gen = TaskModel {
        name: "gen".into(),
        params: 1,
        startup: true,
        on_core0: false,
        tag_home: false,
        match_tag: None,
        param_tags: vec![None],
        count_param: 0,
        exits: vec![
            exit(1.0 - 1.0 / n as f64, vec![vec![(ANY, 0)]], vec![item()]),
            exit(1.0 / n as f64, vec![vec![]], vec![item()]),
        ],
        counting: crate::synthesis::markov::Counting::PerTask,
        invocations: n,
    };
    let work = TaskModel {
        name: "work".into(),
        params: 1,
        startup: false,
        on_core0: false,
        tag_home: false,
        match_tag: None,
        param_tags: vec![None],
        count_param: 0,
        exits: vec![exit(1.0, vec![vec![]], vec![])],
        counting: crate::synthesis::markov::Counting::PerTask,
        invocations: n,
    };
    let model = Model {
        program: "bench".into(),
        tasks: vec![gen, work],
        states: vec![
            StateModel {
                name: "G".into(),
                consumers: vec![(0, 0)],
            },
            StateModel {
                name: "W".into(),
                consumers: vec![(1, 0)],
            },
        ],
        startup: 0,
        terminates: true,
        outside: crate::synthesis::sim::Outside::default(),
        locks: Vec::new(),
        tag_types: 0,
    };
    let machine = Machine::smp(4).expect("a built-in machine");
    let layout = crate::synthesis::candidates::layout_from_hosts(
        &model,
        "smp:4",
        vec![
            vec![crate::hir::TaskId(0)],
            vec![crate::hir::TaskId(1)],
            vec![crate::hir::TaskId(1)],
            vec![crate::hir::TaskId(1)],
        ],
    );
    let opts = SimOptions {
        max_invocations: u64::MAX,
        record: false,
        window: u64::MAX,
        ..SimOptions::default()
    };
    let mut rates = Vec::new();
    let mut cpu_rates = Vec::new();
    let mut invocations = 0;
    for _ in 0..5 {
        let t0 = Instant::now();
        let c0 = thread_cpu_ns();
        let r = sim::simulate(&model, &machine, &layout, opts);
        let secs = t0.elapsed().as_secs_f64();
        invocations = r.invocations;
        rates.push(r.invocations as f64 / secs);
        if let (Some(a), Some(b)) = (c0, thread_cpu_ns()) {
            cpu_rates.push(r.invocations as f64 / ((b - a) as f64 / 1e9));
        }
    }
    rates.sort_by(f64::total_cmp);
    cpu_rates.sort_by(f64::total_cmp);
    println!(
        "simulator: {invocations} invocations per run; median of 5 runs: {:.2} million invocations per wall-clock second{}",
        rates[2] / 1e6,
        if cpu_rates.len() == 5 {
            format!(", {:.2} million per CPU second", cpu_rates[2] / 1e6)
        } else {
            String::new()
        }
    );
}

/// This thread's CPU time (Linux: the first field of schedstat), which
/// stays meaningful on a machine busy with other work.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}
