//! Running the library programs (`library`) against Java. One JVM runs
//! every program and says how each ended (`LibMain`); Bamboo builds a batch
//! of programs into one executable whose startup task runs the program
//! named by its argument, so each program is its own process (an error or
//! `System.exit` ends it) without a C compile each. Each runs plainly and
//! under GC stress; its output, exit status and error line are compared:
//! the run-time error must be the one Java throws, worded as the runtime
//! words it, at the line (so in the method) where Java throws it.

use super::library::{self, LibCase};
use super::runner::{differential_test, in_parallel, run_java, Round};
use super::{build_bamboo, run_with_timeout, Built, RunOut};
use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
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
        // The line is read whatever the wording, to name the method.
        let got_line = r
            .stderr
            .trim_end()
            .rsplit_once(':')
            .and_then(|(_, l)| l.parse::<usize>().ok())
            .and_then(|l| (l + 1).checked_sub(start));
        if r.status != Some(1) || got_line != Some(line) || !r.stderr.starts_with(&prefix) {
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
    if let Built::Err(e) = build_bamboo(&src, &exe, opt, 1, false) {
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

/// One round of library programs: Java, then the Bamboo batches.
fn library_round(r: &Round) -> Vec<String> {
    let cases: Vec<LibCase> = r.seeds.clone().map(library::generate).collect();
    let mut sources: Vec<(String, String)> = cases
        .iter()
        .map(|c| (format!("L{}", c.seed), library::java_text(c)))
        .collect();
    sources.push(("LibMain".into(), library::LIB_MAIN.into()));
    let names: Vec<String> = cases.iter().map(|c| format!("L{}", c.seed)).collect();
    let t0 = Instant::now();
    let java =
        run_java(r.tools, &r.dir, &sources, "LibMain", &names).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "differential (library): java {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    // How the programs end, so that a run says what it compared.
    let mut ends: std::collections::BTreeMap<String, usize> = Default::default();
    for out in java.values() {
        let end = out.lines().last().unwrap_or("");
        let kind = match end.strip_prefix("!!! error ") {
            Some(e) => e.split([' ', ':']).next().unwrap_or("").to_string(),
            None => end.trim_start_matches("!!! ").to_string(),
        };
        *ends.entry(kind).or_default() += 1;
    }
    let ends: Vec<String> = ends.iter().map(|(k, n)| format!("{k} {n}")).collect();
    eprintln!("differential (library): endings: {}", ends.join(", "));
    let batches: Vec<Vec<&LibCase>> = cases.chunks(r.batch).map(|b| b.iter().collect()).collect();
    let t0 = Instant::now();
    let failures = in_parallel(&batches, |i, b| {
        run_batch(&r.dir, &r.failures, i, b, &java, r.opt)
    });
    eprintln!(
        "differential (library): {} batches built and run in {:.1} s",
        batches.len(),
        t0.elapsed().as_secs_f64()
    );
    failures
}

#[test]
fn library_programs_against_java() {
    differential_test("library", "LIB", 24, 25, library_round);
}
