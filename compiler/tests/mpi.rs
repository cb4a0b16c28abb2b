//! MPI tests (issue 31): the run tests (`tests/run`) built with `--mpi
//! --spread` (every one-parameter task round-robin over every core of every
//! rank, so objects cross ranks as often as they can) and run under
//! `mpirun --oversubscribe` at 2 ranks of one core; every fifth program also
//! at 3 ranks and at 2 ranks of 2 cores. Standard output is compared as
//! sorted lines (ranks interleave their lines; each line is whole), the exit
//! status exactly, and each expected standard-error line must begin a line
//! of the actual one (a run-time error names its rank after it; mpirun adds
//! its own notes). A program the compiler refuses under `--mpi` (merged
//! lock groups, original-dialect globals: driver/mpi.rs) must be refused
//! with a `--mpi` error; the programs with tag-matched tasks run (tags
//! across ranks); `tests/mpi/` holds the fault cases (an exit and an error on rank 1)
//! and a program whose objects carry arrays, strings and shared sub-objects
//! across ranks, and one of Jacobi's shape whose small shared object must
//! travel to its large ones (counted in bytes by `BAMBOO_STATS=1`); the MPI C versions of the cluster benchmarks
//! (`benchmarks/jacobi3d/`, `benchmarks/cannon/`) must print what their
//! Bamboo programs print; KeywordCount and Tracking, whose tasks match by
//! tag, validate at 2 ranks. `tests/manycore/relayout.bb` runs at 2 ranks
//! of 2 cores with a 4-core layout given at run time (`BAMBOO_LAYOUT`), and
//! layouts that do not fit the ranks are refused. Skipped, with a message, when `mpicc` or
//! `mpirun` is missing (but for `refusals`: an original-dialect global and
//! a missing MPI compiler are errors either way).

use bambooc::driver::{
    compile_program, frontend_in, read_sources, CodegenArgs, CommonArgs, Failure,
};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::repo_root;

/// Seconds one mpirun may take.
const LIMIT: Duration = Duration::from_secs(90);

/// Run tests that cannot pass under MPI, each with its reason.
const EXCLUDED: &[(&str, &str)] = &[
    // An object whose flags satisfy a parameter of a task on every rank and
    // one of a task on rank 0 alone, reached on another rank: it cannot
    // move (a copy on each rank could run both) nor stay, a run-time error
    // (runtime-c/src/mpi.c, bb_mpi_send).
    (
        "task_gc_churn",
        "an object for two parameters, one of a rank-0 task",
    ),
    (
        "task_guards",
        "an object for two parameters, one of a rank-0 task",
    ),
    // Its Reply is wanted by a tag-routed task (on the core of its tag
    // instance) and a rank-0 task at once: no one copy serves both.
    (
        "task_tags_clear",
        "an object for two parameters, one of a rank-0 task",
    ),
    // A hub bound to five instances of the tag type that routes it would
    // have to be on five cores at once (bb_mpi_unmovable's error).
    (
        "task_tag_hub",
        "an object bound to several instances of its routing tag type",
    ),
];

/// Whether the tests must be skipped, saying so: Open MPI is missing and
/// cannot be installed (apt-get as root, once per test binary).
fn skipped() -> bool {
    static PROVISIONED: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    let provisioned = PROVISIONED.get_or_init(|| {
        common::apt_provision(
            "Open MPI (mpicc, mpirun)",
            &["openmpi-bin", "libopenmpi-dev"],
            mpi_available,
        )
    });
    match provisioned {
        Ok(()) => false,
        Err(why) => {
            eprintln!("skipped: {why}");
            true
        }
    }
}

fn mpi_available() -> bool {
    let works = |cmd: &str| {
        Command::new(cmd)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    works("mpicc") && works("mpirun")
}

/// Builds `rel` (relative to the repository root) with `--mpi --spread`.
/// A `Failure::Mpi` when `--mpi` refuses the program. Every program given
/// checks (they are run tests and benchmarks).
fn build(root: &Path, rel: &Path, exe: &Path) -> Result<(), Failure> {
    build_as(root, rel, exe, true, true)
}

/// Builds `rel` with or without `--mpi` and `--spread`.
fn build_as(root: &Path, rel: &Path, exe: &Path, mpi: bool, spread: bool) -> Result<(), Failure> {
    let (sources, ids, diags) = read_sources(&[rel.to_path_buf()]);
    let dialect = common::dialect_of(&root.join(rel));
    let fe = frontend_in(sources, ids, diags, None, dialect);
    assert!(!fe.has_errors(), "{}: does not check", rel.display());
    let common = CommonArgs {
        files: vec![rel.to_path_buf()],
        dialect: dialect.into(),
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: 1,
        mpi,
        spread,
        ..Default::default()
    };
    compile_program(&fe, &common, &cg, exe, exe)
}

/// `mpirun` of `exe` in folder `cwd` on `ranks` ranks of `cores` cores each.
fn mpirun(
    cwd: &Path,
    exe: &Path,
    args: &[String],
    ranks: u32,
    cores: u32,
) -> Result<common::Finished, String> {
    mpirun_with(cwd, exe, args, ranks, cores, &[])
}

/// [`mpirun`] with the environment `env` added on every rank.
fn mpirun_with(
    cwd: &Path,
    exe: &Path,
    args: &[String],
    ranks: u32,
    cores: u32,
    env: &[(&str, &OsStr)],
) -> Result<common::Finished, String> {
    let mut cmd = Command::new("mpirun");
    cmd.current_dir(cwd)
        .env("OMPI_ALLOW_RUN_AS_ROOT", "1")
        .env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1")
        .env("BAMBOO_CORES", cores.to_string())
        .args(["--oversubscribe", "-x", "BAMBOO_CORES"]);
    for (key, value) in env {
        cmd.env(key, value).args(["-x", key]);
    }
    cmd.arg("-np").arg(ranks.to_string()).arg(exe).args(args);
    common::run_with_timeout(&mut cmd, LIMIT)
}

fn sorted_lines(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.sort_unstable();
    lines
}

/// The differences of one run from the expectation files beside `path`.
fn compare(name: &str, path: &Path, run: &common::Finished) -> Vec<String> {
    let mut failures = Vec::new();
    let want_status: i32 = std::fs::read_to_string(path.with_extension("status"))
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0);
    if run.status != want_status {
        failures.push(format!(
            "{name}: status {} instead of {want_status}\n{}",
            run.status, run.stderr
        ));
    }
    if let Ok(want) = std::fs::read_to_string(path.with_extension("stdout")) {
        if sorted_lines(&want) != sorted_lines(&run.stdout) {
            failures.push(format!(
                "{name}: stdout differs (as sorted lines)\n--- expected\n{want}\n--- found\n{}",
                run.stdout
            ));
        }
    }
    let want_err = std::fs::read_to_string(path.with_extension("stderr")).unwrap_or_default();
    for line in want_err.lines() {
        if !run.stderr.lines().any(|l| l.starts_with(line)) {
            failures.push(format!(
                "{name}: stderr lacks the line `{line}`\n--- found\n{}",
                run.stderr
            ));
        }
    }
    failures
}

/// A scratch folder of test `test` (the tests of this binary run at once).
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bambooc-mpitest-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn run_tests_across_ranks() {
    if skipped() {
        return;
    }
    let root = repo_root();
    std::env::set_current_dir(&root).unwrap();
    let files = common::bb_files_in(&root.join("tests/run"));
    let dir = scratch("run");
    let indexed: Vec<(usize, PathBuf)> = files.into_iter().enumerate().collect();
    let refused = std::sync::atomic::AtomicUsize::new(0);
    let failures = common::in_parallel(&indexed, |(i, path)| {
        let rel = path.strip_prefix(&root).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        if EXCLUDED.iter().any(|(n, _)| *n == stem) {
            return Vec::new();
        }
        let exe = dir.join(&stem);
        match build(&root, rel, &exe) {
            Ok(()) => {}
            Err(Failure::Mpi(_)) => {
                refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                return Vec::new();
            }
            Err(e) => return vec![format!("{stem}: does not build with --mpi:\n{e}")],
        }
        let args: Vec<String> = std::fs::read_to_string(path.with_extension("args"))
            .map(|s| s.lines().map(str::to_string).collect())
            .unwrap_or_default();
        // Some runs send every large array and string from its object
        // (BAMBOO_MPI_DIRECT_MIN=1) instead of packing it: the tests'
        // arrays are mostly below the default threshold.
        let mut shapes = vec![(2, 1, i % 3 == 1)];
        if i % 5 == 0 {
            shapes.extend([(3, 1, false), (2, 2, i % 2 == 0)]);
        }
        let mut failures = Vec::new();
        for (ranks, cores, direct) in shapes {
            let name = format!(
                "{stem} ({ranks} ranks x {cores} cores{})",
                if direct { ", bodies sent apart" } else { "" }
            );
            let env: &[(&str, &OsStr)] = if direct {
                &[("BAMBOO_MPI_DIRECT_MIN", OsStr::new("1"))]
            } else {
                &[]
            };
            match mpirun_with(&root, &exe, &args, ranks, cores, env) {
                Ok(run) => failures.extend(compare(&name, path, &run)),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
        failures
    });
    eprintln!(
        "{} run tests refused by --mpi (merged lock groups, original-dialect globals)",
        refused.into_inner()
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} failures:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn faults_and_moves_across_ranks() {
    if skipped() {
        return;
    }
    let root = repo_root();
    // Every test of this binary sets the same folder (sources are named
    // relative to the root, as in run-time error messages).
    std::env::set_current_dir(&root).unwrap();
    let dir = scratch("cases");
    let mut failures = Vec::new();
    for (stem, shapes) in [
        ("exit_rank1", &[(2, 1)][..]),
        ("error_rank1", &[(2, 1)][..]),
        ("moves", &[(2, 1), (3, 1), (2, 2)][..]),
        ("meet", &[(2, 1), (3, 1), (2, 2)][..]),
    ] {
        let rel = PathBuf::from(format!("tests/mpi/{stem}.bb"));
        let exe = dir.join(stem);
        if let Err(e) = build(&root, &rel, &exe) {
            failures.push(format!("{stem}: does not build:\n{e}"));
            continue;
        }
        for &(ranks, cores) in shapes {
            let name = format!("{stem} ({ranks} ranks x {cores} cores)");
            match mpirun(&root, &exe, &[], ranks, cores) {
                Ok(run) => failures.extend(compare(&name, &root.join(&rel), &run)),
                Err(e) => failures.push(format!("{name}: {e}")),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The bytes every rank's `BAMBOO_STATS=1` line says it sent to other
/// ranks (`objects to other ranks N (B bytes`), summed.
fn bytes_sent(stderr: &str) -> Option<u64> {
    let mut total = 0;
    let mut lines = 0;
    for line in stderr
        .lines()
        .filter(|l| l.contains("objects to other ranks"))
    {
        let after = line.split_once(" (")?.1;
        total += after.split_once(" bytes")?.0.parse::<u64>().ok()?;
        lines += 1;
    }
    (lines > 0).then_some(total)
}

/// The `--mpi` build of `rel` (from the repository root, which becomes
/// the working folder) in a fresh scratch folder `name`: (root, that
/// folder, rel, the executable).
fn mpi_build(name: &str, rel: &str) -> (PathBuf, PathBuf, PathBuf, PathBuf) {
    let root = repo_root();
    std::env::set_current_dir(&root).unwrap();
    let dir = scratch(name);
    let rel = PathBuf::from(rel);
    let exe = dir.join(rel.file_stem().unwrap());
    build_as(&root, &rel, &exe, true, false).unwrap();
    (root, dir, rel, exe)
}

/// Jacobi's shape (issue 32): four 256 KB Blocks meet one small Board twice
/// a step for 11 steps (`tests/mpi/meet.bb`). Built with the default layout,
/// at 2 ranks the Board must travel to the Blocks (runtime-c/src/meet.c):
/// the bytes crossing ranks stay below six Blocks' worth (the first spread
/// of new Blocks, and the first step's, before a rank learns which kind is
/// the larger), where moving the Blocks to the Board's rank and back costs
/// 48 (12.6 MB).
#[test]
fn small_objects_travel_to_large_ones() {
    if skipped() {
        return;
    }
    let (root, dir, rel, exe) = mpi_build("meet", "tests/mpi/meet.bb");
    let run = mpirun_with(&root, &exe, &[], 2, 1, &[("BAMBOO_STATS", OsStr::new("1"))]).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let failures = compare("meet (default layout, 2 ranks)", &root.join(&rel), &run);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    let bytes = bytes_sent(&run.stderr).expect("BAMBOO_STATS lines");
    let block = 32768 * 8;
    assert!(
        bytes < 6 * block,
        "{bytes} bytes crossed ranks, at least six Blocks' worth ({}):\n{}",
        6 * block,
        run.stderr
    );
}

/// The cluster benchmarks (issue 32, `benchmarks/cluster/`): at the tiny
/// size of their run tests, the MPI C versions of Jacobi-3D and Cannon
/// (blocking and overlapped exchange, built with `mpicc`) print at 1 and 2
/// ranks exactly what the Bamboo program must print (`tests/run/NAME.stdout`),
/// and so does the Bamboo program's MPI build at 2 ranks.
#[test]
fn cluster_benchmarks_agree_with_bamboo() {
    if skipped() {
        return;
    }
    let root = repo_root();
    std::env::set_current_dir(&root).unwrap();
    let dir = scratch("cluster");
    let mut failures = Vec::new();
    for name in ["jacobi3d", "cannon"] {
        let test = root.join("tests/run").join(format!("{name}.bb"));
        let want = std::fs::read_to_string(test.with_extension("stdout")).unwrap();
        let args: Vec<String> = std::fs::read_to_string(test.with_extension("args"))
            .unwrap()
            .lines()
            .map(str::to_string)
            .collect();
        let bench = PathBuf::from(format!("benchmarks/{name}"));
        let bamboo = dir.join(format!("{name}_bb"));
        match build(&root, &bench.join(format!("{name}.bb")), &bamboo) {
            Ok(()) => {
                // Their planes and tiles also go as bodies sent apart from
                // their objects (mpi.c, BB_MPI_OBJS).
                for direct in ["", "1"] {
                    let shown = format!("{name} (Bamboo, 2 ranks, direct minimum `{direct}`)");
                    let env: &[(&str, &OsStr)] = if direct.is_empty() {
                        &[]
                    } else {
                        &[("BAMBOO_MPI_DIRECT_MIN", OsStr::new(direct))]
                    };
                    match mpirun_with(&root, &bamboo, &args, 2, 1, env) {
                        Ok(run) => failures.extend(compare(&shown, &test, &run)),
                        Err(e) => failures.push(format!("{shown}: {e}")),
                    }
                }
            }
            Err(e) => failures.push(format!("{name}: does not build with --mpi:\n{e}")),
        }
        for variant in ["mpi_basic", "mpi_overlap"] {
            let exe = dir.join(format!("{name}_{variant}"));
            let built = Command::new("mpicc")
                .arg("-O2")
                .arg(root.join(&bench).join(format!("{name}_{variant}.c")))
                .arg("-o")
                .arg(&exe)
                .arg("-lm")
                .output()
                .unwrap();
            if !built.status.success() {
                failures.push(format!(
                    "{name}_{variant}.c: mpicc failed:\n{}",
                    String::from_utf8_lossy(&built.stderr)
                ));
                continue;
            }
            for ranks in [1, 2] {
                let shown = format!("{name}_{variant} ({ranks} ranks)");
                match mpirun(&root, &exe, &args, ranks, 1) {
                    Ok(run) if run.status == 0 && run.stdout == want => {}
                    Ok(run) => failures.push(format!(
                        "{shown}: status {}, stdout\n{}\ninstead of\n{want}{}",
                        run.status, run.stdout, run.stderr
                    )),
                    Err(e) => failures.push(format!("{shown}: {e}")),
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Whether two outputs agree word by word, numbers within `tolerance`.
fn same_words(a: &str, b: &str, tolerance: f64) -> bool {
    let (wa, wb): (Vec<&str>, Vec<&str>) = (
        a.split_whitespace().collect(),
        b.split_whitespace().collect(),
    );
    wa.len() == wb.len()
        && wa.iter().zip(&wb).all(|(x, y)| {
            x == y
                || matches!((x.parse::<f64>(), y.parse::<f64>()), (Ok(u), Ok(v)) if (u - v).abs() <= tolerance)
        })
}

/// The two benchmarks with tag-matched tasks (tags across ranks): built
/// with `--mpi` (the default layout, and `--spread`) and run at 2 ranks of
/// one core in their folders, KeywordCount at its quick size (1M words,
/// generated) must print `expected.txt`, and Tracking at its quick size
/// what its one-core build prints, numbers within sizes.toml's 1e-5.
#[test]
fn tag_benchmarks_across_ranks() {
    if skipped() {
        return;
    }
    let root = repo_root();
    std::env::set_current_dir(&root).unwrap();
    let dir = scratch("tagbench");
    let mut failures = Vec::new();
    let words = dir.join("words-1m.txt");
    let kw = root.join("benchmarks/keywordcount");
    let generated = Command::new("python3")
        .arg(kw.join("gen.py"))
        .args(["--words", "1000000", "--seed", "1", "-o"])
        .arg(&words)
        .status()
        .is_ok_and(|s| s.success());
    assert!(generated, "keywordcount/gen.py failed");
    let kw_want = std::fs::read_to_string(kw.join("expected.txt")).unwrap();
    let tr = root.join("benchmarks/tracking");
    let tr_args: Vec<String> = ["data/sqcif", "8", "500", "15", "2"]
        .map(String::from)
        .to_vec();
    let one_core = dir.join("tracking_1");
    let tr_want = build_as(
        &root,
        Path::new("benchmarks/tracking/tracking.bb"),
        &one_core,
        false,
        false,
    )
    .map_err(|e| e.to_string())
    .and_then(|()| {
        common::run_with_timeout(
            Command::new(&one_core).args(&tr_args).current_dir(&tr),
            LIMIT,
        )
    })
    .map(|run| run.stdout);
    let tr_want = match tr_want {
        Ok(w) if !w.is_empty() => w,
        other => panic!("tracking on one core: {other:?}"),
    };
    for spread in [false, true] {
        for (name, folder, args, want, tolerance) in [
            (
                "keywordcount",
                &kw,
                vec![words.display().to_string(), "20".into()],
                &kw_want,
                0.0,
            ),
            ("tracking", &tr, tr_args.clone(), &tr_want, 1e-5),
        ] {
            let shown = format!(
                "{name} (--mpi{}, 2 ranks)",
                if spread { " --spread" } else { "" }
            );
            let exe = dir.join(format!("{name}-{spread}"));
            let rel = PathBuf::from(format!("benchmarks/{name}/{name}.bb"));
            if let Err(e) = build_as(&root, &rel, &exe, true, spread) {
                failures.push(format!("{shown}: does not build:\n{e}"));
                continue;
            }
            match mpirun(folder, &exe, &args, 2, 1) {
                Ok(run) if run.status == 0 && same_words(&run.stdout, want, tolerance) => {}
                Ok(run) => failures.push(format!(
                    "{shown}: status {}, stdout\n{}\ninstead of\n{want}\n{}",
                    run.status, run.stdout, run.stderr
                )),
                Err(e) => failures.push(format!("{shown}: {e}")),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// What `--mpi` refuses, with or without Open MPI: the original dialect's
/// global variables, and a missing MPI compiler, each with its error and
/// status 1; tag-matched tasks are no longer refused (tags across ranks).
#[test]
fn calibrate_measures_the_network_between_ranks() {
    if skipped() {
        return;
    }
    // One run of each measurement: the figures are this host's loopback
    // MPI, so only their shape is checked, and that the simulator takes
    // the cluster it describes.
    let dir = scratch("calibrate");
    let toml = dir.join("cluster.toml");
    let out = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(["calibrate", "--mpi", "--runs", "1", "-o"])
        .arg(&toml)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("crossing ranks, 1048576 B"), "{stderr}");
    let text = std::fs::read_to_string(&toml).unwrap();
    assert!(
        text.contains("kind = \"cluster\"\nnodes = 2\ncores_per_node = 1"),
        "{text}"
    );
    let latency: f64 = field(&text, "latency_ns");
    let bandwidth: f64 = field(&text, "bandwidth_bytes_per_ns");
    assert!(latency >= 0.0 && bandwidth > 0.0, "{text}");
    let machine = bambooc::synthesis::machine::Machine::from_toml(&text).unwrap();
    assert_eq!(
        (machine.name.as_str(), machine.cores),
        ("calibrated-cluster:2x1", 2)
    );
    assert!(machine.wire_ns_per_byte(0, 1) > 0.0 && machine.wire_ns_per_byte(0, 0) == 0.0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The number after `name = ` in a TOML text.
fn field(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{name} = ")))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {name} in {text}"))
}

#[test]
fn refusals() {
    let root = repo_root();
    let run = |env: Option<(&str, &str)>, file: &str| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_bambooc"));
        if let Some((k, v)) = env {
            cmd.env(k, v);
        }
        let out = cmd
            .current_dir(&root)
            .args(["--dialect", "original", "--mpi", file, "-o"])
            .arg(scratch("refusals").join("refused"))
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (status, stderr) = run(None, "tests/run/original_globals.bb");
    assert_eq!(status, Some(1), "{stderr}");
    assert!(
        stderr.contains("does not support the original dialect's global variables"),
        "{stderr}"
    );
    // A tag-matched program passes the rules: only the missing compiler stops it.
    let (status, stderr) = run(
        Some(("MPICC", "/nonexistent/mpicc")),
        "tests/manycore/taghome.bb",
    );
    assert_eq!(status, Some(1), "{stderr}");
    assert!(!stderr.contains("tag"), "{stderr}");
    assert!(stderr.contains("/nonexistent/mpicc"), "{stderr}");
    let (status, stderr) = run(Some(("MPICC", "/nonexistent/mpicc")), "tests/mpi/moves.bb");
    assert_eq!(status, Some(1), "{stderr}");
    assert!(
        stderr.contains("`/nonexistent/mpicc`, which was not found"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let _ = std::fs::remove_dir_all(scratch("refusals"));
}

/// `BAMBOO_LAYOUT` across ranks (issue 31): one `--mpi` build of
/// `tests/manycore/relayout.bb` runs at 2 ranks x 2 cores with a 4-core
/// layout that runs `work` on global core 2 alone (rank 1), so one rank's
/// statistics count all 8 `work` runs and the other's none; a layout of
/// another core count, or one moving the startup task off core 0, is
/// refused before anything runs.
#[test]
fn layouts_given_at_run_time_across_ranks() {
    if skipped() {
        return;
    }
    let (root, dir, rel, exe) = mpi_build("layout", "tests/manycore/relayout.bb");
    let spread = dir.join("spread");
    let built = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .args(["-O1", "--cores", "4", "--spread", "--emit", "layout"])
        .arg(&rel)
        .arg("-o")
        .arg(&spread)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let text = std::fs::read_to_string(dir.join("spread.layout.json")).unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["policies"]["work"] = "single".into();
    for (c, core) in json["cores"].as_array_mut().unwrap().iter_mut().enumerate() {
        core["routes"]["work"] = serde_json::json!([2]);
        let tasks = if c == 0 {
            vec!["startup", "report"]
        } else {
            vec!["report"]
        };
        core["tasks"] = serde_json::json!(if c == 2 {
            [tasks, vec!["work"]].concat()
        } else {
            tasks
        });
    }
    let layout = dir.join("work-on-2.layout.json");
    std::fs::write(&layout, json.to_string()).unwrap();
    let env = [
        ("BAMBOO_LAYOUT", layout.as_os_str()),
        ("BAMBOO_STATS", OsStr::new("1")),
    ];
    let run = mpirun_with(&root, &exe, &[], 2, 2, &env).unwrap();
    assert_eq!(run.status, 0, "{}", run.stderr);
    let want: Vec<String> = [1, 11, 21, 31, 41, 51, 61, 71]
        .iter()
        .map(|n| format!("item {n}"))
        .collect();
    assert_eq!(sorted_lines(&run.stdout), want);
    let mut work: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.contains("task work: "))
        .collect();
    work.sort_unstable();
    assert_eq!(work.len(), 2, "{}", run.stderr);
    assert!(
        work[0].contains("task work: 0 runs") && work[1].contains("task work: 8 runs"),
        "{work:?}"
    );

    // The same file at 2 ranks of one core: 4 cores named, 2 launched.
    let run = mpirun_with(&root, &exe, &[], 2, 1, &env[..1]).unwrap();
    assert_ne!(run.status, 0);
    let prefix = format!(
        "bamboo: error: BAMBOO_LAYOUT={}: has 4 cores, but this run has 2 (2 ranks x 1 core)",
        layout.display()
    );
    assert!(run.stderr.lines().any(|l| l == prefix), "{}", run.stderr);
    // Startup on core 1: `--mpi` allowed the build on the rule that tasks it
    // keeps on one core stay on core 0.
    json["cores"][0]["tasks"] = serde_json::json!(["report"]);
    json["cores"][1]["tasks"] = serde_json::json!(["startup", "report"]);
    for core in json["cores"].as_array_mut().unwrap() {
        core["routes"]["startup"] = serde_json::json!([1]);
    }
    let moved = dir.join("startup-on-1.layout.json");
    std::fs::write(&moved, json.to_string()).unwrap();
    let run = mpirun_with(
        &root,
        &exe,
        &[],
        2,
        2,
        &[("BAMBOO_LAYOUT", moved.as_os_str())],
    )
    .unwrap();
    assert_ne!(run.status, 0);
    assert!(
        run.stderr
            .contains("moves task `startup` off core 0: an MPI build keeps it `single` there"),
        "{}",
        run.stderr
    );
    let _ = std::fs::remove_dir_all(&dir);
}
