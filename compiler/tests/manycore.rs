//! Many-core runtime tests (paper 4.7): `tests/manycore/stress.bb` runs
//! 10^6 tiny task invocations with tagged merges on 1, 2, 4 and 8 cores
//! (8 oversubscribes a small machine) and must print the exact sums; with
//! `BAMBOO_STATS=1` every core reports its counters. The run tests
//! (`tests/run.rs`) cover every `tests/run` program on 1-8 cores.
//! `tests/manycore/stale.bb` checks that the collector drops parameter-set
//! entries whose objects changed state on another core.
//! `tests/manycore/roundrobin.bb` checks that a core's round-robin starts
//! at its own index, as the simulator's does.
//! `tests/manycore/order.bb` checks the order of one core's ready
//! invocations: the newest first, the oldest after a bounded wait;
//! `tests/manycore/handout.bb` that a task handing out work hands it all
//! out before the work runs; `tests/manycore/taghome.bb` that TagHome
//! routing runs tagged work on the core that made the tag, with and
//! without balance; `tests/manycore/balance.bb` that an idle core is
//! handed queued work (and is not with `BAMBOO_BALANCE=0`).

mod common;

use bambooc::driver::{compile_program, frontend, read_sources, CodegenArgs, CommonArgs};
use std::path::{Path, PathBuf};
use std::process::Command;

fn build(rel: &str) -> common::ScopedPath {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::set_current_dir(root).unwrap();
    let rel = PathBuf::from(rel);
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&rel));
    let fe = frontend(sources, ids, diags);
    assert!(!fe.has_errors(), "{} does not check", rel.display());
    let exe = common::ScopedPath::new("bambooc-manycore-", rel.file_stem().unwrap());
    let common = CommonArgs {
        files: vec![rel.clone()],
        ..Default::default()
    };
    // Every task spread round-robin: these programs test the runtime's
    // hand-offs, balance and routing, whatever the static estimate keeps
    // local.
    let cg = CodegenArgs {
        opt_level: 2,
        cores: 2,
        spread: true,
        ..Default::default()
    };
    compile_program(&fe, &common, &cg, &exe, &exe).unwrap();
    exe
}

/// Runs `exe` on `cores` cores with `BAMBOO_STATS=1`, checks its exit
/// status and standard output, and returns the statistics it printed.
fn run_with_stats(exe: &Path, cores: u32, expected_stdout: &str) -> String {
    run_with_stats_in(exe, cores, &[], expected_stdout)
}

/// [`run_with_stats`] with the environment `env` added.
fn run_with_stats_in(
    exe: &Path,
    cores: u32,
    env: &[(&str, &str)],
    expected_stdout: &str,
) -> String {
    let out = Command::new(exe)
        .env("BAMBOO_CORES", cores.to_string())
        .env("BAMBOO_STATS", "1")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(out.status.success(), "{cores} cores: {:?}", out.status);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        expected_stdout,
        "{cores} cores"
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_million_tiny_tasks_with_merges_on_1_to_8_cores() {
    let exe = build("tests/manycore/stress.bb");
    for cores in [1, 2, 4, 8] {
        let stats = run_with_stats(&exe, cores, "batches 250 sum 374999750000\n");
        let invocations: u64 = stats
            .lines()
            .filter_map(|l| {
                l.split(" invocations,")
                    .next()?
                    .rsplit(" ")
                    .next()?
                    .parse::<u64>()
                    .ok()
            })
            .sum();
        assert_eq!(invocations, 1_000_501, "{cores} cores:\n{stats}");
        for core in 0..cores {
            assert!(stats.contains(&format!("core {core}: ")), "{stats}");
        }
    }
}

/// The "gc: live" figure of a `BAMBOO_STATS=1` run's standard error.
fn live_bytes(stats: &str) -> u64 {
    stats
        .lines()
        .find_map(|l| l.split("gc: live ").nth(1)?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no `gc: live` line in:\n{stats}"))
}

/// Per core, (collections, of them inside task bodies) from a
/// `BAMBOO_STATS=1` run's standard error.
fn collections(stats: &str) -> Vec<(u64, u64)> {
    stats
        .lines()
        .filter_map(|l| {
            let counts = l.split(" ms (").nth(1)?;
            let (all, rest) = counts.split_once(" collections, ")?;
            let in_body = rest.split(' ').next()?;
            Some((all.parse().ok()?, in_body.parse().ok()?))
        })
        .collect()
}

#[test]
fn stats_count_the_collections_inside_task_bodies() {
    // One invocation allocates 100 times the heap limit, so it collects
    // inside its body; the other cores join those collections at a
    // boundary or while idle.
    let exe = build("tests/run/task_gc_in_task.bb");
    let expected = std::fs::read_to_string("tests/run/task_gc_in_task.stdout").unwrap();
    for cores in [1, 2] {
        let stats = run_with_stats_in(&exe, cores, &[("BAMBOO_HEAP_MAX", "4M")], &expected);
        let counts = collections(&stats);
        assert_eq!(counts.len(), cores as usize, "{stats}");
        let in_body: u64 = counts.iter().map(|c| c.1).sum();
        assert!(in_body >= 10, "{cores} cores: {stats}");
        assert!(counts.iter().all(|&(all, body)| body <= all), "{stats}");
    }
}

#[test]
fn stats_give_the_other_cores_start_and_the_end() {
    // `bambooc calibrate` reads this line for the machine's
    // `core_start_ns` and `end_ns`; a one-core run has no such line.
    let exe = build("tests/run/task_gc_in_task.bb");
    let expected = std::fs::read_to_string("tests/run/task_gc_in_task.stdout").unwrap();
    for cores in [1, 2, 4] {
        let stats = run_with_stats_in(&exe, cores, &[], &expected);
        let line = stats
            .lines()
            .find_map(|l| l.strip_prefix("bamboo: stats:   start-up: "));
        if cores == 1 {
            assert!(line.is_none(), "{stats}");
            continue;
        }
        let line = line.unwrap_or_else(|| panic!("{cores} cores: {stats}"));
        let (starts, end) = line.split_once(" after core 0; the end: ").unwrap();
        let starts: Vec<f64> = starts
            .split(", ")
            .enumerate()
            .map(|(i, s)| {
                let rest = s.strip_prefix(&format!("core {} ", i + 1)).unwrap();
                rest.strip_suffix(" us").unwrap().parse().unwrap()
            })
            .collect();
        assert_eq!(starts.len(), cores as usize - 1, "{line}");
        assert!(starts.iter().all(|&us| us >= 0.0), "{line}");
        let end: f64 = end
            .strip_suffix(" us after the last invocation")
            .unwrap()
            .parse()
            .unwrap();
        assert!(end > 0.0, "{line}");
    }
}

#[test]
fn stale_parameter_set_entries_do_not_keep_objects_alive() {
    // 200 walks one after another, each with a 256 KiB payload: one payload
    // is live at the end. Before the collector dropped stale entries, the
    // other core's sets kept every walk's payload (33 MB on 2 and 4 cores).
    let exe = build("tests/manycore/stale.bb");
    for cores in [1, 2, 4] {
        let live = live_bytes(&run_with_stats(&exe, cores, "rounds 200 hops 1600\n"));
        assert!(
            live < 4 << 20,
            "{cores} cores: {live} bytes live after the last collection"
        );
    }
}

/// Builds `tests/manycore/{name}.bb` with a 4-core layout whose every core
/// has the routes `routes` (JSON) and hosts the tasks `hosts[core]`, runs
/// it with a trace and the environment `env`, and returns its standard
/// output and the trace.
fn run_with_layout(
    name: &str,
    policies: &str,
    routes: &str,
    hosts: [&str; 4],
    env: &[(&str, &str)],
) -> (String, serde_json::Value) {
    let cores: Vec<(&str, &str)> = hosts.iter().map(|&tasks| (tasks, routes)).collect();
    run_with_core_layout(name, policies, &cores, env)
}

/// Builds `tests/manycore/{name}.bb` with a layout of one core per entry
/// of `cores`: (the tasks it hosts, its routes), both JSON. Runs it with
/// a trace and the environment `env`, and returns its standard output and
/// the trace.
fn run_with_core_layout(
    name: &str,
    policies: &str,
    cores: &[(&str, &str)],
    env: &[(&str, &str)],
) -> (String, serde_json::Value) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::set_current_dir(root).unwrap();
    let scratch = tempfile::Builder::new()
        .prefix(&format!("bambooc-manycore-{name}-"))
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let ncores = cores.len();
    let cores: Vec<String> = cores
        .iter()
        .map(|(tasks, routes)| format!(r#"{{"tasks": [{tasks}], "routes": {routes}}}"#))
        .collect();
    let layout = format!(
        r#"{{"format": "bambooc-layout", "version": 1, "program": "{name}", "machine": "smp:{ncores}",
            "policies": {policies}, "cores": [{}]}}"#,
        cores.join(", ")
    );
    let layout_file = dir.join(format!("{name}.layout.json"));
    std::fs::write(&layout_file, layout).unwrap();
    let exe = dir.join(name);
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .arg("-O1")
            .arg(format!("tests/manycore/{name}.bb"))
            .arg("--layout")
            .arg(&layout_file)
            .arg("-o")
            .arg(&exe),
    );
    let trace = dir.join(format!("{name}.trace.json"));
    let out = Command::new(&exe)
        .env("BAMBOO_TRACE", &trace)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert!(out.status.success());
    let json = serde_json::from_str(&std::fs::read_to_string(&trace).unwrap()).unwrap();
    (String::from_utf8_lossy(&out.stdout).into_owned(), json)
}

/// The cores of `task`'s invocations in a trace, in trace order.
fn cores_of(trace: &serde_json::Value, task: &str) -> Vec<u64> {
    trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["name"] == task && e["ph"] == "X")
        .filter_map(|e| e["tid"].as_u64())
        .collect()
}

#[test]
fn round_robin_starts_at_the_sending_cores_index() {
    // `spawn` runs on core 1 only; `work` runs on every core, round-robin.
    // Core 1's first choice is entry 1 of its route: the item stays on
    // core 1 (with every counter starting at 0 it went to core 0).
    let (out, trace) = run_with_layout(
        "roundrobin",
        r#"{"startup": "single", "spawn": "single", "work": "round-robin"}"#,
        r#"{"startup": [0], "spawn": [1], "work": [0, 1, 2, 3]}"#,
        [
            r#""startup", "work""#,
            r#""spawn", "work""#,
            r#""work""#,
            r#""work""#,
        ],
        &[],
    );
    assert_eq!(out, "item 1\n");
    assert_eq!(cores_of(&trace, "spawn"), vec![1]);
    assert_eq!(cores_of(&trace, "work"), vec![1]);
}

#[test]
fn one_core_runs_the_newest_work_first_and_the_oldest_in_time() {
    // tests/manycore/order.bb: depth first, newest first; the older Late
    // object waits while 16384 others are queued, then runs, and the other
    // after 16384 more (runtime-c/src/sched.c, BB_QUEUE_PATIENCE; the
    // simulator's QUEUE_PATIENCE).
    one_core_prints(
        "tests/manycore/order.bb",
        "first 1\nsecond 1\nfirst 2\nsecond 2\nfirst 3\nsecond 3\nlink 8192\nlate 2\nlink 16384\nlink 24576\nlate 1\nlink 32768\n",
    );
}

/// Builds `rel` and checks what it prints on one core.
fn one_core_prints(rel: &str, expected_stdout: &str) {
    let exe = build(rel);
    run_with_stats(&exe, 1, expected_stdout);
}

#[test]
fn one_core_hands_out_all_work_before_running_it() {
    // tests/manycore/handout.bb: `hand` keeps its Boss and hands on each
    // Piece; the work it enables is held until no `hand` is left, then runs
    // the last held first (runtime-c/src/sched.c, "Order"; sim.rs, `keep`).
    one_core_prints(
        "tests/manycore/handout.bb",
        "hand 1\nhand 2\nhand 3\nhand 4\nwork 4\nwork 3\nwork 2\nwork 1\n",
    );
}

#[test]
fn tag_home_runs_tagged_work_where_its_tag_was_made() {
    // tests/manycore/taghome.bb: `spawn` round-robin over 4 cores, `join`
    // by TagHome on all of them. Every core runs as many joins as spawns:
    // each pair joins where its tag was made (runtime-c/src/sched.c,
    // bb_tag_dest; the simulator's route). With BAMBOO_BALANCE=0 the
    // spawns stay where round-robin sent them, two per core; with it, an
    // idle core may be handed a queued spawn, and its join follows.
    for env in [&[("BAMBOO_BALANCE", "0")][..], &[]] {
        let (out, trace) = run_with_layout(
            "taghome",
            r#"{"startup": "single", "spawn": "round-robin", "join": "tag-home"}"#,
            r#"{"startup": [0], "spawn": [0, 1, 2, 3], "join": [0, 1, 2, 3]}"#,
            [
                r#""startup", "spawn", "join""#,
                r#""spawn", "join""#,
                r#""spawn", "join""#,
                r#""spawn", "join""#,
            ],
            env,
        );
        let mut joins: Vec<&str> = out.lines().collect();
        joins.sort();
        let want: Vec<String> = (1..=8).map(|n| format!("join {n} {n}")).collect();
        assert_eq!(joins, want);
        let per_core = |task: &str| {
            cores_of(&trace, task)
                .into_iter()
                .fold([0u32; 4], |mut n, c| {
                    n[c as usize] += 1;
                    n
                })
        };
        if !env.is_empty() {
            assert_eq!(per_core("spawn"), [2, 2, 2, 2]);
        }
        assert_eq!(per_core("join"), per_core("spawn"), "{env:?}");
    }
}

#[test]
fn an_idle_core_is_handed_queued_work() {
    // tests/manycore/balance.bb: core 0 sends all eight jobs to core 1
    // (its route for `work` is core 1 alone), and core 1 may send `work`
    // to either core. Core 0 then has nothing to do and asks for work;
    // core 1 hands it its oldest queued jobs, up to half its queue, at a
    // task boundary while it has two or more queued (runtime-c/src/
    // cores.c, "Balance"; the simulator's `Sim::balance`), never the last.
    // With BAMBOO_BALANCE=0 core 1 runs them all.
    let cores = [
        (r#""startup", "work""#, r#"{"startup": [0], "work": [1]}"#),
        (r#""work""#, r#"{"startup": [0], "work": [0, 1]}"#),
    ];
    let policies = r#"{"startup": "single", "work": "round-robin"}"#;
    let sorted = |out: String| {
        let mut lines: Vec<String> = out.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    let want: Vec<String> = (1..=8).map(|n| format!("job {n} done")).collect();
    let (out, trace) = run_with_core_layout("balance", policies, &cores, &[]);
    assert_eq!(sorted(out), want);
    let on_core_0 = cores_of(&trace, "work").iter().filter(|&&c| c == 0).count();
    assert!(
        (1..=7).contains(&on_core_0),
        "core 0 ran {on_core_0} of the 8 jobs"
    );
    let (out, trace) =
        run_with_core_layout("balance", policies, &cores, &[("BAMBOO_BALANCE", "0")]);
    assert_eq!(sorted(out), want);
    assert_eq!(cores_of(&trace, "work"), vec![1; 8]);
}

#[test]
fn trace_names_a_program_whose_file_name_needs_escaping() {
    // The process name is the source file's name, which may hold quotes
    // and backslashes; the trace must stay valid JSON (issue 34).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let scratch = tempfile::Builder::new()
        .prefix("bambooc-trace-name-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let name = "we\"ird\\name";
    let source = dir.join(format!("{name}.bb"));
    std::fs::copy(root.join("tests/run/algo_primes.bb"), &source).unwrap();
    let exe = dir.join("prog");
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .arg("-O1")
            .arg(&source)
            .arg("-o")
            .arg(&exe),
    );
    let trace = dir.join("trace.json");
    let out = Command::new(&exe)
        .env("BAMBOO_TRACE", &trace)
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = std::fs::read_to_string(&trace).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("the trace is not JSON ({e}):\n{text}"));
    let process = json["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "process_name")
        .unwrap();
    assert_eq!(process["args"]["name"], format!("{name}.bb"));
}
