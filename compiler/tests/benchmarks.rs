//! Benchmark tests: every `benchmarks/<name>/` with a `sizes.toml` and a
//! `<name>.bb` is compiled with the built `bambooc` (at `-O1` to keep the
//! suite fast, bounds checks on) and run in its own folder, as
//! `benchmarks/compare.py` runs it:
//!
//! - at the `quick` size, its output must equal `expected.txt` (if there is
//!   one);
//! - at every size that sizes.toml's `[reference]` table names a file for,
//!   except `full`, its output must match that file (the original
//!   benchmark's output: JGF, STAMP, StreamIt, SD-VBS) within the
//!   tolerances given there.
//!
//! Outputs are compared as exact text unless the table in question
//! (`[compare]` for expected.txt, `[reference]` for the references) gives an
//! `absolute` and/or `relative` tolerance; then the outputs' whitespace-
//! separated words are compared, numbers within the tolerance. A size is a
//! top-level key of sizes.toml or one of its `[sizes]` table. An argument
//! listed in the `[generate]` table names an input that the benchmark's
//! `gen.py` writes (with `python3`) into a temporary folder first.
//!
//! Every check runs the default-layout build on one and four cores
//! (`BAMBOO_CORES`); the `quick` size also on 2, 3 and 8, and with the
//! layouts synthesised for 2 and 4 cores from a profile of the quick run.
//!
//! The sizes checked here are the small ones: the whole file takes seconds.
//! Timing is `benchmarks/compare.py`'s job, never a test's.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

mod common;
use common::repo_root;

/// Runs a command in `cwd`, killing it after `limit`; its stdout, or why
/// it failed.
fn run(cmd: &mut Command, cwd: &Path, limit: Duration) -> Result<String, String> {
    let shown = format!("{cmd:?}");
    let out = common::run_with_timeout(cmd.current_dir(cwd), limit)?;
    if out.status != 0 {
        return Err(format!(
            "{shown} failed (exit status {}):\n{}",
            out.status, out.stderr
        ));
    }
    Ok(out.stdout)
}

/// The arguments of a size: a top-level key or one of the `[sizes]` table.
fn size_args(sizes: &toml::Table, size: &str) -> Option<Vec<String>> {
    let found = match sizes.get(size) {
        Some(toml::Value::Array(a)) => Some(a),
        _ => sizes
            .get("sizes")
            .and_then(|t| t.get(size))
            .and_then(|v| v.as_array()),
    }?;
    Some(
        found
            .iter()
            .map(|v| match v {
                toml::Value::String(s) => s.clone(),
                other => other.to_string(),
            })
            .collect(),
    )
}

/// A tolerance table's `absolute` and `relative` entries, if it has either.
fn tolerances(table: Option<&toml::Value>) -> Option<(f64, f64)> {
    let table = table?.as_table()?;
    let get = |k: &str| {
        table.get(k).and_then(|v| match v {
            toml::Value::Float(f) => Some(*f),
            toml::Value::Integer(i) => Some(*i as f64),
            _ => None,
        })
    };
    match (get("absolute"), get("relative")) {
        (None, None) => None,
        (a, r) => Some((a.unwrap_or(0.0), r.unwrap_or(0.0))),
    }
}

/// None if `out` agrees with `want` (exactly, or word by word with numbers
/// within the tolerances); otherwise the first difference.
fn disagreement(out: &str, want: &str, tol: Option<(f64, f64)>) -> Option<String> {
    let Some((absolute, relative)) = tol else {
        if out == want {
            return None;
        }
        let (a, b): (Vec<_>, Vec<_>) = (out.lines().collect(), want.lines().collect());
        let line = (0..a.len().max(b.len()))
            .find(|&i| a.get(i) != b.get(i))
            .unwrap_or(0);
        return Some(format!(
            "line {}: {:?}, expected {:?}",
            line + 1,
            a.get(line).copied().unwrap_or("<missing>"),
            b.get(line).copied().unwrap_or("<missing>")
        ));
    };
    let (a, b): (Vec<_>, Vec<_>) = (
        out.split_whitespace().collect(),
        want.split_whitespace().collect(),
    );
    if a.len() != b.len() {
        return Some(format!("{} words, expected {}", a.len(), b.len()));
    }
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        let close = match (x.parse::<f64>(), y.parse::<f64>()) {
            (Ok(fx), Ok(fy)) => {
                let diff = (fx - fy).abs();
                diff <= absolute || diff <= relative * fx.abs().max(fy.abs())
            }
            _ => x == y,
        };
        if !close {
            return Some(format!("word {}: {x}, expected {y}", i + 1));
        }
    }
    None
}

/// The core counts of the builds with a synthesised layout.
const SYNTHESISED_CORES: [u32; 2] = [2, 4];

/// Profiles benchmark `name` on `args` (a `--profile-gen` build run once)
/// and builds it with the layouts synthesised from that profile (`--profile
/// P --cores N`, paper 4.3-4.5); the executables by core count.
fn synthesise(
    bambooc: &Path,
    dir: &Path,
    name: &str,
    args: &[String],
    scratch: &Path,
    failures: &mut Vec<String>,
) -> Vec<(u32, PathBuf)> {
    let source = dir.join(format!("{name}.bb"));
    let profiling = scratch.join(format!("{name}_profgen"));
    let profile = scratch.join(format!("{name}.profile"));
    let limit = Duration::from_secs(300);
    let profiled = run(
        Command::new(bambooc)
            .args(["-O1", "--profile-gen"])
            .arg(&source)
            .arg("-o")
            .arg(&profiling),
        dir,
        limit,
    )
    .and_then(|_| {
        run(
            Command::new(&profiling)
                .args(args)
                .env("BAMBOO_PROFILE_OUT", &profile),
            dir,
            limit,
        )
    });
    if let Err(e) = profiled {
        failures.push(format!("{name}: profiling failed: {e}"));
        return Vec::new();
    }
    let mut built = Vec::new();
    for n in SYNTHESISED_CORES {
        let exe = scratch.join(format!("{name}_synth{n}"));
        match common::build_synthesised(&source, &profile, n, 1, dir, &exe) {
            Ok(()) => built.push((n, exe)),
            Err(e) => failures.push(format!(
                "{name}: the build with a synthesised layout for {n} cores failed: {e}"
            )),
        }
    }
    built
}

/// Checks one benchmark; its failures.
fn check(bambooc: &Path, dir: &Path, scratch: &Path) -> Vec<String> {
    let name = dir.file_name().unwrap().to_string_lossy().into_owned();
    let mut failures = Vec::new();
    let text = std::fs::read_to_string(dir.join("sizes.toml")).unwrap();
    let sizes: toml::Table = match text.parse() {
        Ok(t) => t,
        Err(e) => return vec![format!("{name}: sizes.toml: {e}")],
    };
    let exe = scratch.join(format!("{name}_bb"));
    let compiled = run(
        Command::new(bambooc)
            .arg("-O1")
            .arg(dir.join(format!("{name}.bb")))
            .arg("-o")
            .arg(&exe),
        dir,
        Duration::from_secs(300),
    );
    if let Err(e) = compiled {
        return vec![format!("{name}: does not compile: {e}")];
    }

    // (size, the file its output must match, the tolerance table's name)
    let mut runs: Vec<(String, PathBuf, &str)> = Vec::new();
    if dir.join("expected.txt").is_file() {
        runs.push(("quick".into(), dir.join("expected.txt"), "compare"));
    }
    if let Some(refs) = sizes.get("reference").and_then(|r| r.as_table()) {
        for (size, file) in refs {
            if let (Some(file), true) = (file.as_str(), size != "full") {
                runs.push((size.clone(), dir.join(file), "reference"));
            }
        }
    }
    if runs.is_empty() {
        failures.push(format!(
            "{name}: nothing to check (no expected.txt, no [reference])"
        ));
    }
    let generate = sizes.get("generate").and_then(|g| g.as_table());
    for (size, want_file, table) in runs {
        let Some(args) = size_args(&sizes, &size) else {
            failures.push(format!(
                "{name}: [reference] names size {size}, which has no arguments"
            ));
            continue;
        };
        let mut resolved = Vec::new();
        for arg in args {
            let Some(gen_args) = generate
                .and_then(|g| g.get(&arg))
                .and_then(|v| v.as_array())
            else {
                resolved.push(arg);
                continue;
            };
            let target = scratch.join(format!("{name}-{arg}"));
            if !target.is_file() {
                let made = run(
                    Command::new("python3")
                        .arg(dir.join("gen.py"))
                        .args(gen_args.iter().map(|v| v.as_str().unwrap_or_default()))
                        .arg("-o")
                        .arg(&target),
                    dir,
                    Duration::from_secs(300),
                );
                if let Err(e) = made {
                    failures.push(format!("{name}: cannot generate {arg}: {e}"));
                }
            }
            resolved.push(target.display().to_string());
        }
        let want = match std::fs::read_to_string(&want_file) {
            Ok(w) => w,
            Err(e) => {
                failures.push(format!("{name}: cannot read {}: {e}", want_file.display()));
                continue;
            }
        };
        // The quick size runs on every core count of the run tests; the
        // reference sizes on one and four.
        let core_counts: &[u32] = if size == "quick" {
            &[1, 2, 3, 4, 8]
        } else {
            &[1, 4]
        };
        let mut builds: Vec<(String, PathBuf, Option<u32>)> = core_counts
            .iter()
            .map(|&n| (format!("{n} cores"), exe.clone(), Some(n)))
            .collect();
        if size == "quick" {
            let synthesised = synthesise(bambooc, dir, &name, &resolved, scratch, &mut failures);
            for (n, synth) in &synthesised {
                builds.push((
                    format!("synthesised layout, {n} cores"),
                    synth.clone(),
                    None,
                ));
            }
        }
        for (how, exe, cores) in builds {
            let mut cmd = Command::new(&exe);
            cmd.args(&resolved);
            if let Some(n) = cores {
                cmd.env("BAMBOO_CORES", n.to_string());
            }
            match run(&mut cmd, dir, Duration::from_secs(120)) {
                Err(e) => failures.push(format!("{name} ({size}, {how}): {e}")),
                Ok(out) => {
                    if let Some(diff) = disagreement(&out, &want, tolerances(sizes.get(table))) {
                        failures.push(format!(
                            "{name} ({size}, {how}): output differs from {}: {diff}",
                            want_file.strip_prefix(dir).unwrap_or(&want_file).display()
                        ));
                    }
                }
            }
        }
    }
    failures
}

#[test]
fn benchmarks_validate_at_their_small_sizes() {
    let root = repo_root();
    let bambooc = PathBuf::from(env!("CARGO_BIN_EXE_bambooc"));
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("benchmarks"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|d| {
            let name = d.file_name().unwrap().to_string_lossy().into_owned();
            d.join("sizes.toml").is_file() && d.join(format!("{name}.bb")).is_file()
        })
        .collect();
    dirs.sort();
    assert!(!dirs.is_empty(), "no benchmarks found under benchmarks/");
    let scratch = std::env::temp_dir().join(format!("bambooc-benchtest-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let failures = common::in_parallel(&dirs, |d| check(&bambooc, d, &scratch));
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        failures.is_empty(),
        "{} benchmark checks failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
    eprintln!("{} benchmarks validated", dirs.len());
}
