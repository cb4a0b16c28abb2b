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
//! routing runs tagged work on the core that made the tag.

mod common;

use bambooc::driver::{compile_program, frontend, read_sources, CodegenArgs, CommonArgs};
use std::path::{Path, PathBuf};
use std::process::Command;

fn build(rel: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::set_current_dir(root).unwrap();
    let rel = PathBuf::from(rel);
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&rel));
    let fe = frontend(sources, ids, diags);
    assert!(!fe.has_errors(), "{} does not check", rel.display());
    let dir = std::env::temp_dir().join(format!("bambooc-manycore-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(rel.file_stem().unwrap());
    let common = CommonArgs {
        files: vec![rel.clone()],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: 2,
        cores: 2,
        ..Default::default()
    };
    compile_program(&fe, &common, &cg, &exe, &exe).unwrap();
    exe
}

/// Runs `exe` on `cores` cores with `BAMBOO_STATS=1`, checks its exit
/// status and standard output, and returns the statistics it printed.
fn run_with_stats(exe: &Path, cores: u32, expected_stdout: &str) -> String {
    let out = Command::new(exe)
        .env("BAMBOO_CORES", cores.to_string())
        .env("BAMBOO_STATS", "1")
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
    let _ = std::fs::remove_file(&exe);
}

/// The "gc: live" figure of a `BAMBOO_STATS=1` run's standard error.
fn live_bytes(stats: &str) -> u64 {
    stats
        .lines()
        .find_map(|l| l.split("gc: live ").nth(1)?.split(' ').next()?.parse().ok())
        .unwrap_or_else(|| panic!("no `gc: live` line in:\n{stats}"))
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
    let _ = std::fs::remove_file(&exe);
}

#[test]
fn round_robin_starts_at_the_sending_cores_index() {
    // `spawn` runs on core 1 only; `work` runs on every core, round-robin.
    // Core 1's first choice is entry 1 of its route: the item stays on
    // core 1 (with every counter starting at 0 it went to core 0).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::set_current_dir(root).unwrap();
    let dir = std::env::temp_dir().join(format!("bambooc-manycore-rr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let routes = r#"{"startup": [0], "spawn": [1], "work": [0, 1, 2, 3]}"#;
    let core = |tasks: &str| format!(r#"{{"tasks": [{tasks}], "routes": {routes}}}"#);
    let layout = format!(
        r#"{{"format": "bambooc-layout", "version": 1, "program": "roundrobin", "machine": "smp:4",
            "policies": {{"startup": "single", "spawn": "single", "work": "round-robin"}},
            "cores": [{}, {}, {}, {}]}}"#,
        core(r#""startup", "work""#),
        core(r#""spawn", "work""#),
        core(r#""work""#),
        core(r#""work""#)
    );
    let layout_file = dir.join("roundrobin.layout.json");
    std::fs::write(&layout_file, layout).unwrap();
    let exe = dir.join("roundrobin");
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .args(["-O1", "tests/manycore/roundrobin.bb", "--layout"])
            .arg(&layout_file)
            .arg("-o")
            .arg(&exe),
    );
    let trace = dir.join("roundrobin.trace.json");
    let out = Command::new(&exe)
        .env("BAMBOO_TRACE", &trace)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "item 1\n");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&trace).unwrap()).unwrap();
    let core_of = |task: &str| {
        json["traceEvents"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == task && e["ph"] == "X")
            .and_then(|e| e["tid"].as_u64())
    };
    assert_eq!(core_of("spawn"), Some(1));
    assert_eq!(core_of("work"), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn one_core_runs_the_newest_work_first_and_the_oldest_in_time() {
    // tests/manycore/order.bb: depth first, newest first; the older Late
    // object waits while 16384 others are queued, then runs, and the other
    // after 16384 more (runtime-c/src/sched.c, BB_QUEUE_PATIENCE; the
    // simulator's QUEUE_PATIENCE).
    let exe = build("tests/manycore/order.bb");
    run_with_stats(
        &exe,
        1,
        "first 1\nsecond 1\nfirst 2\nsecond 2\nfirst 3\nsecond 3\nlink 8192\nlate 2\nlink 16384\nlink 24576\nlate 1\nlink 32768\n",
    );
    let _ = std::fs::remove_file(&exe);
}

#[test]
fn one_core_hands_out_all_work_before_running_it() {
    // tests/manycore/handout.bb: `hand` keeps its Boss and hands on each
    // Piece; the work it enables is held until no `hand` is left, then runs
    // the last held first (runtime-c/src/sched.c, "Order"; sim.rs, `keep`).
    let exe = build("tests/manycore/handout.bb");
    run_with_stats(
        &exe,
        1,
        "hand 1\nhand 2\nhand 3\nhand 4\nwork 4\nwork 3\nwork 2\nwork 1\n",
    );
    let _ = std::fs::remove_file(&exe);
}

#[test]
fn tag_home_runs_tagged_work_where_its_tag_was_made() {
    // tests/manycore/taghome.bb: `spawn` round-robin over 4 cores, `join`
    // by TagHome on all of them. Every core runs as many joins as spawns:
    // each pair joins where its tag was made (runtime-c/src/sched.c,
    // bb_tag_dest; the simulator's route).
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    std::env::set_current_dir(root).unwrap();
    let dir = std::env::temp_dir().join(format!("bambooc-manycore-th-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let routes = r#"{"startup": [0], "spawn": [0, 1, 2, 3], "join": [0, 1, 2, 3]}"#;
    let core = |tasks: &str| format!(r#"{{"tasks": [{tasks}], "routes": {routes}}}"#);
    let layout = format!(
        r#"{{"format": "bambooc-layout", "version": 1, "program": "taghome", "machine": "smp:4",
            "policies": {{"startup": "single", "spawn": "round-robin", "join": "tag-home"}},
            "cores": [{}, {}, {}, {}]}}"#,
        core(r#""startup", "spawn", "join""#),
        core(r#""spawn", "join""#),
        core(r#""spawn", "join""#),
        core(r#""spawn", "join""#)
    );
    let layout_file = dir.join("taghome.layout.json");
    std::fs::write(&layout_file, layout).unwrap();
    let exe = dir.join("taghome");
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .args(["-O1", "tests/manycore/taghome.bb", "--layout"])
            .arg(&layout_file)
            .arg("-o")
            .arg(&exe),
    );
    let trace = dir.join("taghome.trace.json");
    let out = Command::new(&exe)
        .env("BAMBOO_TRACE", &trace)
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut joins: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    joins.sort();
    let want: Vec<String> = (1..=8).map(|n| format!("join {n} {n}")).collect();
    assert_eq!(joins, want);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&trace).unwrap()).unwrap();
    let per_core = |task: &str| {
        let mut n = [0u32; 4];
        for e in json["traceEvents"].as_array().unwrap() {
            if e["name"] == task && e["ph"] == "X" {
                n[e["tid"].as_u64().unwrap() as usize] += 1;
            }
        }
        n
    };
    assert_eq!(per_core("spawn"), [2, 2, 2, 2]);
    assert_eq!(per_core("join"), per_core("spawn"));
    let _ = std::fs::remove_dir_all(&dir);
}
