//! End to end: programs built with `--profile-gen` are run, and the profiles
//! they write are read back through `profile::Profile::from_json` and
//! checked exactly (counts, exits and allocations are deterministic; times
//! are not). A profile of another program is rejected by the driver with
//! E0605.

use bambooc::driver::{compile_program, frontend, read_sources, CodegenArgs, CommonArgs};
use bambooc::hir::Program;
use bambooc::synthesis::profile::{Profile, TaskProfile};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::repo_root;

fn temp_dir(what: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bambooc-proftest-{what}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Checks `rel` (relative to the repository) and builds it with
/// `--profile-gen` into `dir`; returns the program and the executable.
fn build_profiling(rel: &str, dir: &Path) -> (Program, PathBuf) {
    let root = repo_root();
    let path = root.join(rel);
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&path));
    let fe = frontend(sources, ids, diags);
    assert!(
        !fe.has_errors(),
        "{}",
        bambooc::driver::render(&fe, bambooc::driver::ErrorFormat::Human, false)
    );
    let exe = dir.join(path.file_stem().unwrap());
    let common = CommonArgs {
        files: vec![path.clone()],
        ..Default::default()
    };
    let mut cg = CodegenArgs {
        opt_level: 1,
        ..Default::default()
    };
    cg.profile.profile_gen = true;
    compile_program(&fe, &common, &cg, &exe, &exe).expect("the profiling build compiles");
    (fe.program.expect("checked"), exe)
}

/// A profiling build of benchmark `name` (benchmarks/NAME/NAME.bb) in a
/// fresh folder: (the folder, the source, the program, the executable, the
/// profile file it is to write).
fn profiling_benchmark(name: &str) -> (PathBuf, PathBuf, Program, PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let rel = format!("benchmarks/{name}/{name}.bb");
    let src = repo_root().join(&rel);
    let (program, exe) = build_profiling(&rel, &dir);
    let prof_file = dir.join(format!("{name}.profile"));
    (dir, src, program, exe, prof_file)
}

/// Runs a profiling build (`cmd`, its arguments and environment set) with
/// `BAMBOO_PROFILE_OUT` naming `file`; checks that it succeeded and returns
/// the valid profile it wrote, the profile's text and the run's output.
fn profiled_run(program: &Program, mut cmd: Command, file: &Path) -> (Profile, String, String) {
    let out = cmd.env("BAMBOO_PROFILE_OUT", file).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(file).expect("the profile was written");
    let prof = Profile::from_json(program, &text).expect("the profile is valid");
    (
        prof,
        text,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// (exit, count, [(site, class, total)]) of every exit of a task.
type Exits = Vec<(u32, u64, Vec<(u32, String, u64)>)>;

fn shape(t: &TaskProfile) -> (String, u64, Exits) {
    let exits = t
        .exits
        .iter()
        .map(|e| {
            let allocs = e
                .allocations
                .iter()
                .map(|a| (a.site, a.class.clone(), a.total))
                .collect();
            (e.exit, e.count, allocs)
        })
        .collect();
    (t.task.clone(), t.invocations, exits)
}

fn sites(list: &[(u32, &str, u64)]) -> Vec<(u32, String, u64)> {
    list.iter()
        .map(|&(s, c, n)| (s, c.to_string(), n))
        .collect()
}

#[test]
fn keyword_profile_is_exact_and_another_program_rejects_it() {
    let dir = temp_dir("keyword");
    let (program, exe) = build_profiling("examples/keyword.bb", &dir);
    // No BAMBOO_PROFILE_OUT: the profile goes to `<program>.profile` in the
    // current folder.
    let out = Command::new(&exe)
        .arg(repo_root().join("examples/words.txt"))
        .current_dir(&dir)
        .env_remove("BAMBOO_PROFILE_OUT")
        .output()
        .unwrap();
    assert!(out.status.success());
    let expected = std::fs::read_to_string(repo_root().join("examples/words.expected")).unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    let file = dir.join("keyword.profile");
    let text = std::fs::read_to_string(&file).expect("the profile was written");
    let prof = Profile::from_json(&program, &text).expect("the profile is valid");
    assert!(prof.complete);
    assert_eq!(prof.program, "keyword");
    assert_eq!(prof.invocations, 33);
    // startup cuts words.txt into 16 sections (Text, site 0) and makes one
    // Results (site 1); every section is processed once and merged once;
    // the last merge takes exit 1 (finished), the others exit 2.
    let got: Vec<_> = prof.tasks.iter().map(shape).collect();
    let want = vec![
        (
            "startup".to_string(),
            1,
            vec![
                (0, 0, vec![]),
                (1, 1, sites(&[(0, "Text", 16), (1, "Results", 1)])),
            ],
        ),
        (
            "processText".to_string(),
            16,
            vec![(0, 0, vec![]), (1, 16, vec![])],
        ),
        (
            "mergeIntermediateResult".to_string(),
            16,
            vec![(0, 0, vec![]), (1, 1, vec![]), (2, 15, vec![])],
        ),
    ];
    assert_eq!(got, want);
    let merge = &prof.tasks[2];
    assert_eq!(merge.exits[1].probability, 1.0 / 16.0);
    // The heap figures (version 4): the default minimum threshold, and the
    // bytes of every exit taken (startup allocates 17 objects, so at least
    // their 32-byte cells; an exit never taken has none).
    assert_eq!(prof.version, bambooc::synthesis::profile::VERSION);
    assert_eq!(prof.gc_min_bytes, 8 << 20);
    for (t, e) in prof
        .tasks
        .iter()
        .flat_map(|t| t.exits.iter().map(move |e| (t, e)))
    {
        assert_eq!(
            e.alloc_bytes_mean.is_some(),
            e.count > 0,
            "{} exit {}",
            t.task,
            e.exit
        );
    }
    assert!(prof.tasks[0].exits[1].alloc_bytes_mean.unwrap() >= 17.0 * 32.0);
    assert!(merge.exits.iter().all(|e| e.time_mean_ns >= 0.0));
    assert!(prof.task_ns > 0.0 && prof.task_ns <= prof.total_ns as f64);
    // Every exit taken has its scheduler gap, but for the run's last
    // invocation (the finishing merge, exit 1), which no body followed;
    // the gaps add up to no more than the run's scheduler time.
    let mut gaps = 0.0;
    for (t, e) in prof
        .tasks
        .iter()
        .flat_map(|t| t.exits.iter().map(move |e| (t, e)))
    {
        let last = t.task == "mergeIntermediateResult" && e.exit == 1;
        assert_eq!(
            e.sched_mean_ns.is_some(),
            e.count > 0 && !last,
            "{} exit {}",
            t.task,
            e.exit
        );
        gaps += e.sched_mean_ns.unwrap_or(0.0) * e.count as f64;
    }
    // (Each gap is clamped at zero once a clock reading is taken out.)
    let slack = prof.invocations as f64 * prof.clock_overhead_ns as f64 + 1.0;
    assert!(
        gaps <= prof.sched_ns + slack,
        "gaps {gaps} vs sched_ns {}",
        prof.sched_ns
    );

    // The driver rejects the profile for another program.
    let out = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(["--color", "never", "--profile"])
        .arg(&file)
        .arg(repo_root().join("tests/profile/loop.bb"))
        .arg("-o")
        .arg(dir.join("never-built"))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("[E0605]") && stderr.contains("is of another program (`keyword`)"),
        "{stderr}"
    );
    assert!(!dir.join("never-built").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn loop_profile_records_method_sites_reruns_and_system_exit() {
    let dir = temp_dir("loop");
    let (program, exe) = build_profiling("tests/profile/loop.bb", &dir);
    let file = dir.join("out.json");
    let mut cmd = Command::new(&exe);
    cmd.current_dir(&dir);
    let (prof, _, stdout) = profiled_run(&program, cmd, &file);
    assert_eq!(stdout, "done\n");
    // System.exit ended the run inside the fifth `finish`.
    assert!(!prof.complete);
    let got: Vec<_> = prof.tasks.iter().map(shape).collect();
    let want = vec![
        (
            "startup".to_string(),
            1,
            vec![
                (0, 0, vec![]),
                (1, 1, sites(&[(0, "Item", 5), (1, "Counter", 1)])),
            ],
        ),
        (
            "work".to_string(),
            15,
            vec![
                (0, 0, vec![]),
                (1, 10, vec![]),
                (2, 5, sites(&[(2, "Note", 5)])),
            ],
        ),
        (
            "finish".to_string(),
            4,
            vec![(0, 0, vec![]), (1, 4, vec![])],
        ),
    ];
    assert_eq!(got, want);
    assert_eq!(prof.invocations, 20);
    // Read back through the driver, with a count hint, into the model.
    let stem = dir.join("loop");
    common::output_of_success(
        Command::new(env!("CARGO_BIN_EXE_bambooc"))
            .args([
                "--color",
                "never",
                "--emit",
                "markov",
                "--count-hint",
                "work=per-object",
                "--profile",
            ])
            .arg(&file)
            .arg(repo_root().join("tests/profile/loop.bb"))
            .arg("-o")
            .arg(&stem),
    );
    let model = std::fs::read_to_string(dir.join("loop.markov.txt")).unwrap();
    assert!(
        model.contains("# Markov model (paper 4.3.1) from a partial profile"),
        "{model}"
    );
    assert!(
        model.contains("task work: 15 invocations, counted per object"),
        "{model}"
    );
    assert!(
        model.contains("exit 1 (runtime 2): count 5, p = 0.333333"),
        "{model}"
    );
    assert!(model.contains("site 2 (Note) x 1.000000"), "{model}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The estimate, in seconds, in the row of `bambooc sim`'s table that
/// starts with `machine` (`smp:2`).
#[test]
fn the_profile_gives_the_bytes_each_object_carries_when_it_moves() {
    let dir = temp_dir("sizes");
    let (program, exe) = build_profiling("tests/profile/sizes.bb", &dir);
    let file = dir.join("out.json");
    let mut cmd = Command::new(&exe);
    cmd.current_dir(&dir);
    let (prof, text, stdout) = profiled_run(&program, cmd, &file);
    assert_eq!(stdout, "3123750\n".repeat(4));
    assert!(text.contains("\"version\": 5"), "{text}");
    // A block and its array of 10,000 bytes, packed: the elements and two
    // objects' records.
    let block = |bytes: f64| (10_000.0..10_400.0).contains(&bytes);
    let task = |name: &str| prof.tasks.iter().find(|t| t.task == name).unwrap();
    let made = &task("startup").exits[1].allocations[0];
    assert!(block(made.bytes_mean.unwrap()), "{made:?}");
    for name in ["fill", "sum"] {
        let taken = task(name).exits.iter().find(|e| e.count > 0).unwrap();
        let bytes = taken.param_bytes_mean.as_ref().unwrap();
        assert!(bytes.len() == 1 && block(bytes[0]), "{name}: {taken:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn estimate_seconds(table: &str, machine: &str) -> f64 {
    let row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with(machine))
        .unwrap_or_else(|| panic!("no {machine} row in:\n{table}"))
        .split_whitespace()
        .collect();
    let v: f64 = row[2].parse().unwrap();
    v * match row[3] {
        "s" => 1.0,
        "ms" => 1e-3,
        "us" => 1e-6,
        other => panic!("unit {other}"),
    }
}

/// Runs `bambooc sim --color never` with `args`, checks that it succeeds,
/// and returns the table it prints.
fn sim_table<I, S>(args: I) -> String
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let sim = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(["sim", "--color", "never"])
        .args(args)
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&sim.stdout).into_owned();
    assert!(
        sim.status.success(),
        "{table}{}",
        String::from_utf8_lossy(&sim.stderr)
    );
    table
}

/// The profile accounts for the whole run (format version 2: start-up,
/// bodies, scheduler, collector, finish add up to the total), the 1-core
/// simulation of it is that total, and a real 1-core run of the program
/// takes about as long. The last bound is generous: the machine running the
/// tests may be busy (the benchmark harness measures the 5% goal).
#[test]
fn one_core_estimate_accounts_for_the_whole_run() {
    let (dir, src, program, exe, prof_file) = profiling_benchmark("fractal");
    let args = ["400", "300"];
    // A small heap threshold, so that the run collects (Fractal allocates
    // little: its row groups keep counts, not pixels).
    let gc_min = ("BAMBOO_GC_MIN", "1000");
    let mut cmd = Command::new(&exe);
    cmd.args(args).env(gc_min.0, gc_min.1);
    let (prof, text, _) = profiled_run(&program, cmd, &prof_file);
    let parts = prof.init_ns as f64
        + prof.task_ns
        + prof.sched_ns
        + prof.gc_ns as f64
        + prof.finish_ns as f64
        + prof.profiler_ns;
    let total = prof.total_ns as f64;
    assert!(
        parts <= total * 1.001 && parts >= total * 0.95,
        "parts {parts} of total {total}: {text}"
    );
    assert!(prof.collections > 0 && prof.gc_ns > 0, "{text}");
    // The threshold the run used, and what was live after its collections
    // (version 4), from which the simulator replays them.
    assert_eq!(prof.gc_min_bytes, 1000, "{text}");
    assert!(prof.gc_live_bytes > 0, "{text}");

    let table = sim_table([
        OsStr::new("--cores"),
        OsStr::new("1"),
        OsStr::new("--profile"),
        prof_file.as_os_str(),
        src.as_os_str(),
    ]);
    let estimate = estimate_seconds(&table, "smp:1");
    assert!(
        (estimate * 1e9 - total).abs() <= total * 0.02,
        "estimate {estimate} s, profiled run {total} ns"
    );

    // The same program without profiling, fastest of three runs.
    let plain = dir.join("fractal-plain");
    let common = CommonArgs {
        files: vec![src.clone()],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: 1,
        ..Default::default()
    };
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&src));
    let fe = frontend(sources, ids, diags);
    compile_program(&fe, &common, &cg, &plain, &plain).expect("the plain build compiles");
    let measured = (0..3)
        .map(|_| {
            let t0 = std::time::Instant::now();
            let out = Command::new(&plain)
                .args(args)
                .env(gc_min.0, gc_min.1)
                .output()
                .unwrap();
            assert!(out.status.success());
            t0.elapsed().as_secs_f64()
        })
        .fold(f64::INFINITY, f64::min);
    assert!(
        estimate > measured * 0.5 && estimate < measured * 2.0,
        "estimate {estimate} s, measured {measured} s"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn keywordcount_merge_tree_spreads_in_the_simulator() {
    // 16 sections: startup binds them to 8 pair tags (a new one per two),
    // and the survivors of the combinations pair up level by level, so the
    // simulated run on 16 cores combines on several cores and its critical
    // path holds a root-to-leaf branch of the tree (4 levels), not all 15
    // combinations.
    let dir = temp_dir("kwctree");
    let src = repo_root().join("benchmarks/keywordcount/keywordcount.bb");
    let (program, exe) = build_profiling("benchmarks/keywordcount/keywordcount.bb", &dir);
    let text = dir.join("words.txt");
    let words: Vec<String> = (0..40_000)
        .map(|i| format!("w{}", (i * 7919) % 613))
        .collect();
    std::fs::write(&text, words.join(" ")).unwrap();
    let prof_file = dir.join("kwc.profile");
    let mut cmd = Command::new(&exe);
    cmd.arg(&text).args(["5", "16"]);
    let (prof, json, _) = profiled_run(&program, cmd, &prof_file);
    let startup = prof.tasks.iter().find(|t| t.task == "startup").unwrap();
    let binds: Vec<(u64, u64)> = startup
        .exits
        .iter()
        .flat_map(|e| e.tags.iter().map(|b| (b.bound, b.fresh)))
        .collect();
    assert_eq!(binds, vec![(16, 8)], "{json}");

    let out = dir.join("kwc");
    let table = sim_table([
        OsStr::new("--machine"),
        OsStr::new("tilepro64"),
        OsStr::new("--cores"),
        OsStr::new("16"),
        OsStr::new("--emit"),
        OsStr::new("sim-trace"),
        OsStr::new("-o"),
        out.as_os_str(),
        OsStr::new("--profile"),
        prof_file.as_os_str(),
        src.as_os_str(),
    ]);
    let row = table
        .lines()
        .find(|l| l.starts_with("tilepro64"))
        .expect("a 16-core row");
    let path_combines: u32 = row
        .split(" > ")
        .filter(|s| s.starts_with("combine"))
        .map(|s| {
            s.trim_start_matches("combine")
                .trim()
                .trim_start_matches('x')
                .parse()
                .unwrap_or(1)
        })
        .sum();
    assert!((4..=5).contains(&path_combines), "{row}");
    let trace = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.to_string_lossy().ends_with("sim-trace.json"))
        .expect("a trace");
    let trace: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(trace).unwrap()).unwrap();
    let combine_cores: std::collections::BTreeSet<u64> = trace["traceEvents"]
        .as_array()
        .unwrap()
        .iter()
        // The invocations, not the flow arrows named after them.
        .filter(|e| e["name"] == "combine" && e["ph"] == "X")
        .map(|e| e["tid"].as_u64().unwrap())
        .collect();
    assert!(combine_cores.len() >= 4, "{combine_cores:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn jacobi3d_halo_exchange_simulates_to_completion() {
    // Jacobi-3D's slabs take their tags from a parameter and their pipes
    // from a method with tag parameters (so a site has a state per tag
    // type combination), and a pipe a send leaves unchanged must stay
    // queued for the next send of the other parity: the run completes,
    // faster on two cores than on one.
    let (dir, src, program, exe, prof_file) = profiling_benchmark("jacobi3d");
    let mut cmd = Command::new(&exe);
    cmd.args(["24", "20", "4"]);
    let (_, json, _) = profiled_run(&program, cmd, &prof_file);
    let table = sim_table([
        OsStr::new("--cores"),
        OsStr::new("1,2"),
        OsStr::new("--profile"),
        prof_file.as_os_str(),
        src.as_os_str(),
    ]);
    let one = estimate_seconds(&table, "smp:1");
    let two = estimate_seconds(&table, "smp:2");
    assert!(two < one, "{table}\n{json}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_simulator_hands_queued_work_to_idle_cores_unless_told_not_to() {
    // tests/manycore/balance.bb with the layout of compiler/tests/
    // manycore.rs: core 0 sends all eight jobs to core 1, which may hand
    // them to core 0 when core 0 asks for work (runtime-c/README.md,
    // "Balance"). The simulator models the hand-over; `--no-balance`
    // simulates a runtime without it, which runs every job on core 1.
    let (dir, src, prof_file) = profile_of_balance("balance");
    let layout = dir.join("balance.layout.json");
    std::fs::write(
        &layout,
        r#"{"format": "bambooc-layout", "version": 1, "program": "balance", "machine": "smp:2",
            "policies": {"startup": "single", "work": "round-robin"},
            "cores": [{"tasks": ["startup", "work"], "routes": {"startup": [0], "work": [1]}},
                      {"tasks": ["work"], "routes": {"startup": [0], "work": [0, 1]}}]}"#,
    )
    .unwrap();
    let estimate = |extra: &[&str]| {
        let mut args = vec![OsStr::new("--layout"), layout.as_os_str()];
        args.extend(extra.iter().map(OsStr::new));
        args.extend([
            OsStr::new("--profile"),
            prof_file.as_os_str(),
            src.as_os_str(),
        ]);
        estimate_seconds(&sim_table(args), "smp:2")
    };
    let balanced = estimate(&[]);
    let fixed = estimate(&["--no-balance"]);
    // Eight jobs on one core against at most five on either.
    assert!(
        balanced < 0.8 * fixed,
        "balanced {balanced} s, without balance {fixed} s"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn impossible_allocation_figures_are_simulated_in_bounded_memory() {
    // `"mean": 1e12` (or 1e9) in a profile once made `--profile P --cores
    // 4` allocate gigabytes in the simulator and abort with a backtrace.
    // A simulation now makes at most a window's worth of one allocation's
    // objects, so it finishes; a full replay, which would make them all,
    // is refused with a clear error.
    let dir = temp_dir("huge");
    let (program, exe) = build_profiling("examples/keyword.bb", &dir);
    let file = dir.join("keyword.profile");
    let mut cmd = Command::new(&exe);
    cmd.arg(repo_root().join("examples/words.txt"));
    let (_, text, _) = profiled_run(&program, cmd, &file);
    for mean in [1e9, 1e12] {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        let exit = v["tasks"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .flat_map(|t| t["exits"].as_array_mut().unwrap().iter_mut())
            .find(|e| !e["allocations"].as_array().unwrap().is_empty())
            .expect("an exit that allocates");
        let count = exit["count"].as_u64().unwrap();
        exit["allocations"][0]["mean"] = mean.into();
        exit["allocations"][0]["total"] = ((mean as u64) * count).into();
        let bad = dir.join("bad.profile");
        std::fs::write(&bad, v.to_string()).unwrap();
        let sim = |extra: &[&str]| {
            Command::new(env!("CARGO_BIN_EXE_bambooc"))
                .args(["sim", "--color", "never", "--cores", "4", "--profile"])
                .arg(&bad)
                .args(extra)
                .arg(repo_root().join("examples/keyword.bb"))
                .output()
                .unwrap()
        };
        let out = sim(&[]);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{mean}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(stdout.contains("smp:4"), "{mean}: {stdout}");
        let out = sim(&["--full-replay"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{mean}: {stderr}");
        assert!(
            stderr.contains("`--full-replay` would make all") && stderr.contains("task objects"),
            "{mean}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// tests/manycore/balance.bb profiled in a fresh folder named after `test`:
/// the folder, the source and the profile.
fn profile_of_balance(test: &str) -> (PathBuf, PathBuf, PathBuf) {
    let dir = temp_dir(test);
    let src = repo_root().join("tests/manycore/balance.bb");
    let (program, exe) = build_profiling("tests/manycore/balance.bb", &dir);
    let prof_file = dir.join("balance.profile");
    profiled_run(&program, Command::new(&exe), &prof_file);
    (dir, src, prof_file)
}

/// A machine whose name is longer than the table's first column (such as
/// `bambooc calibrate`'s `calibrated-smp:2`) widens the column instead of
/// pushing the figures out of line with their headers (issue 34).
#[test]
fn sim_table_columns_fit_a_long_machine_name() {
    let (dir, src, prof_file) = profile_of_balance("longname");
    let machine = dir.join("long.toml");
    std::fs::write(
        &machine,
        "name = \"a-calibrated-machine:2\"\ncores = 2\n\n[topology]\nkind = \"full\"\n\n[costs]\ndispatch_ns = 200\nmessage_base_ns = 300\nmessage_per_hop_ns = 0\nlock_ns = 20\n",
    )
    .unwrap();
    let table = sim_table([
        OsStr::new("--cores"),
        OsStr::new("1,2"),
        OsStr::new("--machine"),
        machine.as_os_str(),
        OsStr::new("--profile"),
        prof_file.as_os_str(),
        src.as_os_str(),
    ]);
    let lines: Vec<&str> = table.lines().collect();
    let header = lines.iter().find(|l| l.starts_with("machine")).unwrap();
    let end_of_cores = header.find("cores").unwrap() + "cores".len();
    let rows: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("a-calibrated-machine:2"))
        .collect();
    assert_eq!(rows.len(), 2, "{table}");
    for row in rows {
        let cores_digit = row[..end_of_cores].trim_end().chars().last();
        assert!(
            cores_digit.is_some_and(|c| c.is_ascii_digit())
                && row.as_bytes().get(end_of_cores) == Some(&b' '),
            "the core count is not under its header:\n{table}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `bambooc sim --format json` gives scripts every column of the table:
/// the same rows, with the same machine, cores, estimate, speedup, layouts
/// searched and critical path (the search's seconds are a timing, so they
/// differ between the two runs).
#[test]
fn sim_json_has_the_table_columns() {
    let (dir, src, prof_file) = profile_of_balance("simjson");
    let args = [
        OsStr::new("--cores"),
        OsStr::new("1,2"),
        OsStr::new("--profile"),
        prof_file.as_os_str(),
        src.as_os_str(),
    ];
    let table = sim_table(args);
    let json = sim_table(
        [OsStr::new("--format"), OsStr::new("json")]
            .into_iter()
            .chain(args),
    );
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON on stdout");
    let rows = v["rows"].as_array().expect("a rows array");
    let lines: Vec<&str> = table.lines().filter(|l| l.starts_with("smp:")).collect();
    assert_eq!(rows.len(), 2, "{json}");
    assert_eq!(lines.len(), rows.len(), "{table}");
    for (row, line) in rows.iter().zip(&lines) {
        let speedup = match row["speedup"].as_f64() {
            Some(x) => format!("{x:.2}x"),
            None => "-".to_string(),
        };
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[0], row["machine"].as_str().unwrap(), "{line}");
        assert_eq!(cells[1], row["cores"].to_string(), "{line}");
        let estimated = row["estimated"].as_str().unwrap();
        assert!(line.contains(estimated), "{line} vs {row}");
        assert!(cells.contains(&speedup.as_str()), "{line} vs {row}");
        assert!(
            line.ends_with(row["critical_path"].as_str().unwrap()),
            "{line} vs {row}"
        );
        let layouts = row["layouts"].as_u64().unwrap();
        assert!(
            layouts >= 1 && cells.contains(&layouts.to_string().as_str()),
            "{line}"
        );
        let ns = row["estimated_ns"]
            .as_f64()
            .expect("a completed simulation");
        assert!(
            ns > 0.0 && row["completed"].as_bool() == Some(true),
            "{row}"
        );
        let util = row["utilisation"].as_array().unwrap();
        assert_eq!(util.len() as u64, row["cores"].as_u64().unwrap(), "{row}");
        assert!(row["search_seconds"].as_f64().is_some_and(|s| s >= 0.0));
        assert!(row["used_cores"].as_u64().is_some_and(|u| u >= 1));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
