//! Running the library programs (`library`) against Java. One JVM runs
//! every program and says how each ended (`LibMain`); Bamboo builds a batch
//! of programs into one executable whose startup task runs the program
//! named by its argument, so each program is its own process (an error or
//! `System.exit` ends it) without a C compile each. Each runs plainly and
//! under GC stress; its output, exit status and error line are compared:
//! the run-time error must be the one Java throws, worded as the runtime
//! words it, at the line (so in the method) where Java throws it.

use super::library::{self, LibCase};
use super::runner::{build, run_java};
use super::{env_num, find_tools, run_with_timeout, Built, RunOut};
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The Bamboo program of a batch, and the line each case starts at.
fn bamboo_program(cases: &[&LibCase]) -> (String, Vec<usize>) {
    let mut s = String::new();
    let mut starts = Vec::new();
    let mut line = 1;
    for c in cases {
        starts.push(line);
        s.push_str(&c.src);
        line += c.src.lines().count();
    }
    s.push_str("task startup(StartupObject s in initialstate) {\n");
    for c in cases {
        s.push_str(&format!(
            "    if (s.args[0].equals(\"{0}\"))\n        L{0}.run();\n",
            c.seed
        ));
    }
    s.push_str("    taskexit(s: initialstate := false);\n}\n");
    (s, starts)
}

fn method_at(c: &LibCase, line: usize) -> &str {
    c.methods
        .iter()
        .find(|m| (m.0..=m.1).contains(&line))
        .map_or("?", |m| m.2.as_str())
}

/// What is wrong with Bamboo's run of `c` (None: it agrees with Java).
fn judge(c: &LibCase, java: &str, r: &RunOut, file: &str, start: usize) -> Option<String> {
    let (out, end) = match java.trim_end_matches('\n').rsplit_once('\n') {
        Some((o, e)) => (format!("{o}\n"), e),
        None => (String::new(), java.trim_end()),
    };
    let Some(end) = end.strip_prefix("!!! ") else {
        return Some(format!(
            "GENERATOR BUG: Java says nothing of how it ended: {java:?}"
        ));
    };
    let mut problems = Vec::new();
    if r.timed_out {
        return Some("bamboo timed out".into());
    }
    if r.stdout != out {
        problems.push(super::first_difference(&out, &r.stdout));
    }
    if end == "ok" || end.starts_with("exit ") {
        let want: i32 = end.strip_prefix("exit ").map_or(0, |n| n.parse().unwrap());
        if r.status != Some(want) || !r.stderr.is_empty() {
            problems.push(format!(
                "java ended with {end}; bamboo exit status {:?}, stderr {:?}",
                r.status,
                r.stderr.trim()
            ));
        }
    } else {
        let Some((what, method, line)) = library::expected_error(end) else {
            return Some(format!(
                "GENERATOR BUG: no frame of the program in Java's {end}"
            ));
        };
        let prefix = format!("bamboo: error: {what} in task startup at {file}:");
        let got_line = r
            .stderr
            .strip_prefix(&prefix)
            .and_then(|l| l.trim_end().parse::<usize>().ok())
            .map(|l| l + 1 - start);
        if r.status != Some(1) || got_line != Some(line) {
            let at = got_line.map_or("?".to_string(), |l| format!("{}:{l}", method_at(c, l)));
            problems.push(format!(
                "java throws {end} (expected `{what}` in {method}:{line}); bamboo exit status {:?}, at {at}, stderr: {}",
                r.status,
                r.stderr.trim()
            ));
        }
    }
    if problems.is_empty() {
        None
    } else {
        Some(problems.join("\n    "))
    }
}

fn record(root: &Path, c: &LibCase, java: &str, r: &RunOut, what: &str) -> String {
    let dir = root.join(format!("lib-seed-{}", c.seed));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (prog, _) = bamboo_program(&[c]);
    std::fs::write(dir.join("prog.bb"), prog).unwrap();
    std::fs::write(dir.join(format!("L{}.java", c.seed)), library::java_text(c)).unwrap();
    std::fs::write(dir.join("LibMain.java"), library::LIB_MAIN).unwrap();
    std::fs::write(dir.join("java.out"), java).unwrap();
    std::fs::write(dir.join("bamboo.out"), &r.stdout).unwrap();
    std::fs::write(dir.join("bamboo.err"), &r.stderr).unwrap();
    std::fs::write(dir.join("what.txt"), what).unwrap();
    format!(
        "library seed {}: {what}\n    programs and outputs (run prog.bb with argument {}): {}",
        c.seed,
        c.seed,
        dir.display()
    )
}

fn run_batch(
    dir: &Path,
    root: &Path,
    index: usize,
    batch: &[&LibCase],
    java: &HashMap<u64, String>,
    opt: u8,
) -> Vec<(u64, String)> {
    let src = dir.join(format!("lbatch{index}.bb"));
    let (text, starts) = bamboo_program(batch);
    std::fs::write(&src, text).unwrap();
    let exe = dir.join(format!("lbatch{index}"));
    let empty = RunOut {
        status: None,
        stdout: String::new(),
        stderr: String::new(),
        timed_out: false,
    };
    let mut failures = Vec::new();
    if let Built::Err(e) = build(&src, &exe, opt, 1, false) {
        for c in batch {
            let f = record(
                root,
                c,
                &java[&c.seed],
                &empty,
                &format!("does not build\n{e}"),
            );
            failures.push((c.seed, f));
        }
        return failures;
    }
    let file = src.display().to_string();
    for (c, &start) in batch.iter().zip(&starts) {
        for stress in [false, true] {
            let mut cmd = Command::new(&exe);
            cmd.arg(c.seed.to_string());
            if stress {
                cmd.env("BAMBOO_GC_STRESS", "1");
            }
            let r = run_with_timeout(&mut cmd, Duration::from_secs(60))
                .unwrap_or_else(|e| panic!("cannot run {}: {e}", exe.display()));
            if let Some(what) = judge(c, &java[&c.seed], &r, &file, start) {
                let what = format!("{}{what}", if stress { "BAMBOO_GC_STRESS=1: " } else { "" });
                failures.push((c.seed, record(root, c, &java[&c.seed], &r, &what)));
                break;
            }
        }
    }
    let _ = std::fs::remove_file(&exe);
    failures
}

/// Generates `n` library programs from `seed0` and compares each with
/// Java; the failures.
pub fn run_library_programs(n: u64, seed0: u64, opt: u8, batch: usize) -> Vec<String> {
    let tools = find_tools().unwrap_or_else(|e| panic!("{e}"));
    let tmp = std::env::temp_dir();
    let work = tmp.join(format!("bambooc-difflib-{}", std::process::id()));
    let root = tmp.join("bambooc-difftest-failures");
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let mut failures = Vec::new();
    let mut first = seed0;
    while first < seed0 + n {
        let count = 500u64.min(seed0 + n - first);
        let dir = work.join(format!("round-{first}"));
        std::fs::create_dir_all(&dir).unwrap();
        let cases: Vec<LibCase> = (first..first + count).map(library::generate).collect();
        let mut sources: Vec<(String, String)> = cases
            .iter()
            .map(|c| (format!("L{}", c.seed), library::java_text(c)))
            .collect();
        sources.push(("LibMain".into(), library::LIB_MAIN.into()));
        let names: Vec<String> = cases.iter().map(|c| format!("L{}", c.seed)).collect();
        let t0 = Instant::now();
        let java =
            run_java(&tools, &dir, &sources, "LibMain", &names).unwrap_or_else(|e| panic!("{e}"));
        eprintln!(
            "differential (library): java {:.1} s",
            t0.elapsed().as_secs_f64()
        );
        let batches: Vec<Vec<&LibCase>> = cases.chunks(batch).map(|b| b.iter().collect()).collect();
        let next = AtomicUsize::new(0);
        let found: Mutex<Vec<(u64, String)>> = Mutex::new(Vec::new());
        let t0 = Instant::now();
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= batches.len() {
                        break;
                    }
                    let f = run_batch(&dir, &root, i, &batches[i], &java, opt);
                    found.lock().unwrap().extend(f);
                });
            }
        });
        eprintln!(
            "differential (library): {} batches built and run in {:.1} s",
            batches.len(),
            t0.elapsed().as_secs_f64()
        );
        let mut found = found.into_inner().unwrap();
        found.sort();
        failures.extend(found.into_iter().map(|f| f.1));
        first += count;
    }
    if failures.is_empty() && std::env::var_os("BAMBOOC_DIFF_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(&work);
    }
    failures
}

#[test]
fn library_programs_against_java() {
    if std::env::var_os("BAMBOOC_DIFF_SKIP").is_some() {
        eprintln!("differential (library): skipped (BAMBOOC_DIFF_SKIP is set)");
        return;
    }
    let n: u64 = env_num("BAMBOOC_DIFF_LIB_CASES", 24);
    let seed0: u64 = env_num("BAMBOOC_DIFF_LIB_SEED", 1);
    let opt: u8 = env_num("BAMBOOC_DIFF_OPT", 1);
    let batch: usize = env_num("BAMBOOC_DIFF_LIB_BATCH", 25).max(1);
    let start = Instant::now();
    let failures = run_library_programs(n, seed0, opt, batch);
    eprintln!(
        "differential (library): {n} programs (seeds {seed0}..{}) in {:.1} s",
        seed0 + n - 1,
        start.elapsed().as_secs_f64()
    );
    if !failures.is_empty() {
        panic!(
            "{} of {n} library programs behave differently under bambooc and Java:\n{}\nreproduce one: BAMBOOC_DIFF_LIB_SEED=<seed> BAMBOOC_DIFF_LIB_CASES=1",
            failures.len(),
            failures.join("\n")
        );
    }
}
