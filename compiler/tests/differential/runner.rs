//! Running the task programs (`tasks`) against their Java model: one
//! `javac` and one JVM for all programs, Bamboo executables of a batch of
//! programs each, run at 1, 2 and 4 cores and under GC stress (the
//! one-core stress run also under the sharing sanitizer), half the batches
//! built with `--spread` so that the objects really move between cores.
//! Every program prints one line, so a batch's output is compared line
//! set against line set; a batch run that crashes, hangs or writes to
//! stderr is rerun one program at a time (the executable takes the seed
//! of the program to run), so every failure names its program.

use super::tasks::{self, TaskCase};
use super::{
    build_bamboo, env_num, find_tools, parallel_map, run_with_timeout, sections, test_threads,
    Built, RunOut, Tools, INSTALL_HELP,
};
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Compiles the Java files of `dir` and runs `main` with `args`; its
/// stdout, split at `=== case N` lines.
pub fn run_java(
    tools: &Tools,
    dir: &Path,
    sources: &[(String, String)],
    main: &str,
    args: &[String],
) -> Result<HashMap<u64, String>, String> {
    let src = dir.join("java");
    let cls = dir.join("classes");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&cls).unwrap();
    let mut list = String::new();
    for (name, text) in sources {
        let p = src.join(format!("{name}.java"));
        std::fs::write(&p, text).unwrap();
        list.push_str(&format!("\"{}\"\n", p.display()));
    }
    let argfile = dir.join("javac.args");
    std::fs::write(&argfile, list).unwrap();
    let out = Command::new(&tools.javac)
        .args(["-J-Xss8m", "-encoding", "UTF-8", "--release", "17"])
        .args(["-nowarn", "-Xlint:none", "-d"])
        .arg(&cls)
        .arg(format!("@{}", argfile.display()))
        .output()
        .map_err(|e| format!("cannot run javac: {e}\n{INSTALL_HELP}"))?;
    if !out.status.success() {
        return Err(format!(
            "javac rejects generated programs (a generator bug; sources in {}):\n{}",
            src.display(),
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .take(40)
                .collect::<Vec<_>>()
                .join("\n")
        ));
    }
    let mut cmd = Command::new(&tools.java);
    cmd.args(["-Dstdout.encoding=UTF-8", "-Dfile.encoding=UTF-8"])
        .args([
            "-Xss16m",
            "-XX:+UseSerialGC",
            "-XX:TieredStopAtLevel=1",
            "-cp",
        ])
        .arg(&cls)
        .arg(main)
        .args(args);
    let r = run_with_timeout(&mut cmd, Duration::from_secs(1200))?;
    if r.status != Some(0) {
        return Err(format!("java failed ({:?}): {}", r.status, r.stderr));
    }
    Ok(sections(&r.stdout).into_iter().collect())
}

/// A run-time environment of the task programs.
#[derive(Clone, Copy)]
struct Mode {
    cores: u32,
    gc_stress: bool,
}

const MODES: [Mode; 5] = [
    Mode {
        cores: 1,
        gc_stress: false,
    },
    Mode {
        cores: 2,
        gc_stress: false,
    },
    Mode {
        cores: 4,
        gc_stress: false,
    },
    Mode {
        cores: 1,
        gc_stress: true,
    },
    Mode {
        cores: 2,
        gc_stress: true,
    },
];

impl Mode {
    fn describe(self) -> String {
        let stress = if self.gc_stress {
            " BAMBOO_GC_STRESS=1"
        } else {
            ""
        };
        let sharing = if self.gc_stress && self.cores == 1 {
            " BAMBOO_CHECK_SHARING=1"
        } else {
            ""
        };
        format!("BAMBOO_CORES={}{stress}{sharing}", self.cores)
    }
    fn run(self, exe: &Path, only: Option<u64>) -> RunOut {
        let mut cmd = Command::new(exe);
        cmd.env("BAMBOO_CORES", self.cores.to_string());
        if self.gc_stress {
            cmd.env("BAMBOO_GC_STRESS", "1");
            if self.cores == 1 {
                cmd.env("BAMBOO_CHECK_SHARING", "1");
            }
        }
        if let Some(s) = only {
            cmd.arg(s.to_string());
        }
        run_with_timeout(&mut cmd, Duration::from_secs(60))
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()))
    }
}

/// The report lines of a run, by seed (`case S: ...`).
fn report_lines(out: &str) -> BTreeMap<u64, Vec<String>> {
    let mut m: BTreeMap<u64, Vec<String>> = BTreeMap::new();
    for line in out.lines() {
        let seed = line
            .strip_prefix("case ")
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse().ok());
        m.entry(seed.unwrap_or(0))
            .or_default()
            .push(line.to_string());
    }
    m
}

fn record(root: &Path, case: &TaskCase, java_out: &str, got: &str, what: &str) -> String {
    let dir = root.join(format!("task-seed-{}", case.seed));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("prog.bb"), tasks::bamboo_program(&[case])).unwrap();
    std::fs::write(dir.join(format!("P{}.java", case.seed)), &case.java).unwrap();
    std::fs::write(dir.join("TaskMain.java"), tasks::TASK_RT).unwrap();
    std::fs::write(dir.join("java.out"), java_out).unwrap();
    std::fs::write(dir.join("bamboo.out"), got).unwrap();
    std::fs::write(dir.join("what.txt"), what).unwrap();
    format!(
        "task seed {}: {what}\n    programs and outputs: {}",
        case.seed,
        dir.display()
    )
}

/// Builds and runs one batch in every mode; the failures, one per program.
fn run_batch(
    dir: &Path,
    root: &Path,
    index: usize,
    batch: &[&TaskCase],
    java: &HashMap<u64, String>,
    opt: u8,
) -> Vec<(u64, String)> {
    let name = format!("tbatch{index}");
    let src = dir.join(format!("{name}.bb"));
    std::fs::write(&src, tasks::bamboo_program(batch)).unwrap();
    let exe = dir.join(&name);
    let spread = index.is_multiple_of(2);
    let mut failures = Vec::new();
    if let Built::Err(e) = build_bamboo(&src, &exe, opt, 4, spread) {
        for c in batch {
            let f = record(root, c, &java[&c.seed], "", &format!("does not build\n{e}"));
            failures.push((c.seed, f));
        }
        return failures;
    }
    let mut failed: std::collections::HashSet<u64> = Default::default();
    for mode in MODES {
        let r = mode.run(&exe, None);
        let whole = r.status == Some(0) && !r.timed_out && r.stderr.is_empty();
        let lines = report_lines(&r.stdout);
        for c in batch {
            if failed.contains(&c.seed) {
                continue;
            }
            let want = &java[&c.seed];
            let got = lines.get(&c.seed).map(|v| v.join("\n") + "\n");
            if whole && got.as_deref() == Some(want.as_str()) {
                continue;
            }
            // Alone, so that a crash or a hang names its program.
            let r1 = if whole {
                RunOut {
                    status: r.status,
                    stdout: got.unwrap_or_default(),
                    stderr: String::new(),
                    timed_out: false,
                }
            } else {
                mode.run(&exe, Some(c.seed))
            };
            let got1 = r1.stdout.clone();
            if got1 == *want && r1.status == Some(0) && r1.stderr.is_empty() {
                continue;
            }
            let mut what = format!(
                "{} (built for 4 cores{}): java printed {:?}, bamboo {:?}",
                mode.describe(),
                if spread { ", --spread" } else { "" },
                want.trim_end(),
                got1.trim_end()
            );
            if r1.timed_out {
                what.push_str("; bamboo timed out");
            } else if r1.status != Some(0) || !r1.stderr.is_empty() {
                what.push_str(&format!(
                    "; bamboo exit status {:?}, stderr: {}",
                    r1.status,
                    r1.stderr.trim()
                ));
            }
            failed.insert(c.seed);
            failures.push((c.seed, record(root, c, want, &got1, &what)));
        }
    }
    let _ = std::fs::remove_file(&exe);
    failures
}

/// Runs `f` on every batch, on as many threads as there are processors
/// (at most 8); the failures it returns, by seed.
pub fn in_parallel<B: Sync>(
    batches: &[B],
    f: impl Fn(usize, &B) -> Vec<(u64, String)> + Sync,
) -> Vec<String> {
    let mut found: Vec<(u64, String)> = parallel_map(batches, test_threads(), f)
        .into_iter()
        .flatten()
        .collect();
    found.sort();
    found.into_iter().map(|f| f.1).collect()
}

/// What a round of a differential test gets: the tools, its folder, the
/// failures folder, its seeds, the C optimisation level and batch size.
pub struct Round<'a> {
    pub tools: &'a Tools,
    pub dir: PathBuf,
    pub failures: PathBuf,
    pub seeds: std::ops::Range<u64>,
    pub opt: u8,
    pub batch: usize,
}

/// The test of one kind of generated program (`KIND` in the environment
/// variables `BAMBOOC_DIFF_KIND_CASES`, `_SEED`, `_BATCH`): runs `round` on
/// rounds of up to 500 seeds and fails listing every program that differs.
pub fn differential_test(
    name: &str,
    kind: &str,
    cases: u64,
    batch: usize,
    round: impl Fn(&Round) -> Vec<String>,
) {
    if std::env::var_os("BAMBOOC_DIFF_SKIP").is_some() {
        eprintln!("differential ({name}): skipped (BAMBOOC_DIFF_SKIP is set)");
        return;
    }
    let n: u64 = env_num(&format!("BAMBOOC_DIFF_{kind}_CASES"), cases);
    let seed0: u64 = env_num(&format!("BAMBOOC_DIFF_{kind}_SEED"), 1);
    let batch: usize = env_num(&format!("BAMBOOC_DIFF_{kind}_BATCH"), batch).max(1);
    let opt: u8 = env_num("BAMBOOC_DIFF_OPT", 1);
    let tools = find_tools().unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let tmp = std::env::temp_dir();
    let work = tmp.join(format!("bambooc-diff{name}-{}", std::process::id()));
    let mut failures = Vec::new();
    let mut first = seed0;
    while first < seed0 + n {
        let count = 500.min(seed0 + n - first);
        let r = Round {
            tools: &tools,
            dir: work.join(format!("round-{first}")),
            failures: tmp.join("bambooc-difftest-failures"),
            seeds: first..first + count,
            opt,
            batch,
        };
        std::fs::create_dir_all(&r.dir).unwrap();
        failures.extend(round(&r));
        first += count;
    }
    eprintln!(
        "differential ({name}): {n} programs (seeds {seed0}..{}) in {:.1} s",
        seed0 + n - 1,
        start.elapsed().as_secs_f64()
    );
    if std::env::var_os("BAMBOOC_DIFF_KEEP").is_some() {
        eprintln!("differential ({name}): programs kept in {}", work.display());
    } else if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    if !failures.is_empty() {
        panic!(
            "{} of {n} {name} programs behave differently under bambooc and Java:\n{}\nreproduce one: BAMBOOC_DIFF_{kind}_SEED=<seed> BAMBOOC_DIFF_{kind}_CASES=1",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// One round of task programs: Java, then the Bamboo batches.
fn task_round(r: &Round) -> Vec<String> {
    let mut failures = Vec::new();
    let cases: Vec<TaskCase> = r.seeds.clone().map(tasks::generate).collect();
    let mut sources: Vec<(String, String)> = cases
        .iter()
        .map(|c| (format!("P{}", c.seed), c.java.clone()))
        .collect();
    sources.push(("TaskMain".into(), tasks::TASK_RT.into()));
    let names: Vec<String> = cases.iter().map(|c| format!("P{}", c.seed)).collect();
    let t0 = Instant::now();
    let java =
        run_java(r.tools, &r.dir, &sources, "TaskMain", &names).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "differential (task): java {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    for c in &cases {
        let out = java.get(&c.seed).map(String::as_str).unwrap_or("");
        if out.lines().count() != 1 || !out.starts_with("case ") {
            failures.push(record(
                &r.failures,
                c,
                out,
                "",
                "GENERATOR BUG: the Java model does not print one report line",
            ));
        }
    }
    let batches: Vec<Vec<&TaskCase>> = cases.chunks(r.batch).map(|b| b.iter().collect()).collect();
    let t0 = Instant::now();
    failures.extend(in_parallel(&batches, |i, b| {
        run_batch(&r.dir, &r.failures, i, b, &java, r.opt)
    }));
    eprintln!(
        "differential (task): {} batches built and run 5 ways in {:.1} s",
        batches.len(),
        t0.elapsed().as_secs_f64()
    );
    failures
}

#[test]
fn task_programs_against_java() {
    differential_test("task", "TASK", 20, 10, task_round);
}
