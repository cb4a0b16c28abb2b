//! Benchmark checks for FilterBank and Tracking: each Bamboo program under
//! `benchmarks/<name>/` is compiled (bounds checks on) and run, in its own
//! directory, at every size its `sizes.toml` gives a reference output for,
//! plus the `quick` size:
//! - `[reference]` names, per size, the original benchmark's output (StreamIt's
//!   FilterBankNew output, SD-VBS's `expected_C.txt`) and the tolerance
//!   (`absolute` and/or `relative`) its numbers must be matched to;
//! - at the `quick` size, `expected.txt` (the C reference's output), if
//!   present, must be matched exactly — unless a `[compare]` table says the
//!   versions print numbers differently, in which case its tolerance applies.
//!
//! `benchmarks/compare.py` applies the same rules to the C and OpenMP
//! versions and times them.

use bambooc::driver::{compile_program, frontend, read_sources, CodegenArgs, CommonArgs};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The benchmarks this file checks.
const BENCHMARKS: &[&str] = &["filterbank", "tracking"];

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The tolerances of a `[compare]` or `[reference]` table; `None` if it
/// has neither (exact comparison).
fn tolerance(table: Option<&toml::Table>) -> Option<(f64, f64)> {
    let table = table?;
    let get = |key: &str| {
        table
            .get(key)
            .and_then(|v| v.as_float().or(v.as_integer().map(|i| i as f64)))
    };
    match (get("absolute"), get("relative")) {
        (None, None) => None,
        (a, r) => Some((a.unwrap_or(0.0), r.unwrap_or(0.0))),
    }
}

/// `None` if `out` and `want` hold as many whitespace-separated numbers and
/// each pair agrees within the absolute or the relative tolerance.
fn numbers_differ(out: &str, want: &str, (absolute, relative): (f64, f64)) -> Option<String> {
    let a: Vec<&str> = out.split_whitespace().collect();
    let b: Vec<&str> = want.split_whitespace().collect();
    if a.len() != b.len() {
        return Some(format!("{} numbers, expected {}", a.len(), b.len()));
    }
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        let (Ok(fx), Ok(fy)) = (x.parse::<f64>(), y.parse::<f64>()) else {
            return Some(format!("item {}: `{x}` or `{y}` is not a number", i + 1));
        };
        let diff = (fx - fy).abs();
        if !(diff <= absolute || diff <= relative * fx.abs().max(fy.abs())) {
            return Some(format!("number {}: {x} vs {y}", i + 1));
        }
    }
    None
}

/// The arguments of a size: a top-level key or one of the `[sizes]` table.
fn size_args(sizes: &toml::Table, size: &str) -> Option<Vec<String>> {
    let value = sizes.get(size).filter(|v| v.is_array()).or_else(|| {
        sizes
            .get("sizes")
            .and_then(|t| t.as_table())
            .and_then(|t| t.get(size))
    })?;
    value.as_array().map(|items| {
        items
            .iter()
            .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_string))
            .collect()
    })
}

/// Checks one benchmark; returns its failures.
fn check(root: &Path, name: &str, exe_dir: &Path) -> Vec<String> {
    let dir = root.join("benchmarks").join(name);
    let sizes: toml::Table = match std::fs::read_to_string(dir.join("sizes.toml"))
        .map_err(|e| e.to_string())
        .and_then(|s| s.parse().map_err(|e: toml::de::Error| e.to_string()))
    {
        Ok(t) => t,
        Err(e) => return vec![format!("{name}: sizes.toml: {e}")],
    };
    let source = PathBuf::from(format!("benchmarks/{name}/{name}.bb"));
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&source));
    let fe = frontend(sources, ids, diags);
    if fe.has_errors() {
        return vec![format!(
            "{name}: does not check:\n{}",
            bambooc::driver::render(&fe, bambooc::driver::ErrorFormat::Human, false)
        )];
    }
    let exe = exe_dir.join(name);
    let common = CommonArgs {
        files: vec![source],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: 2,
        no_bounds_checks: false,
    };
    if let Err(e) = compile_program(&fe, &common, &cg, &exe, &exe) {
        return vec![format!("{name}: does not compile:\n{e}")];
    }

    let reference = sizes.get("reference").and_then(|v| v.as_table());
    let compare = tolerance(sizes.get("compare").and_then(|v| v.as_table()));
    let mut wanted: Vec<String> = vec!["quick".into()];
    wanted.extend(
        reference
            .into_iter()
            .flat_map(|t| t.iter())
            .filter(|(_, v)| v.is_str())
            .map(|(k, _)| k.clone())
            .filter(|k| k != "quick"),
    );
    let mut failures = Vec::new();
    for size in wanted {
        let Some(args) = size_args(&sizes, &size) else {
            failures.push(format!("{name}: sizes.toml has no size `{size}`"));
            continue;
        };
        let out = match Command::new(&exe).args(&args).current_dir(&dir).output() {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{name} {size}: cannot run: {e}"));
                continue;
            }
        };
        let stdout = String::from_utf8_lossy(&out.stdout);
        if !out.status.success() {
            failures.push(format!(
                "{name} {size}: exit status {:?}\n{}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
            continue;
        }
        if size == "quick" {
            if let Ok(want) = std::fs::read_to_string(dir.join("expected.txt")) {
                let diff = match compare {
                    Some(tol) => numbers_differ(&stdout, &want, tol),
                    None => (stdout != want).then(|| "text differs".to_string()),
                };
                if let Some(d) = diff {
                    failures.push(format!("{name} quick: differs from expected.txt: {d}"));
                }
            }
        }
        let Some(file) = reference
            .and_then(|t| t.get(&size))
            .and_then(|v| v.as_str())
        else {
            continue;
        };
        let Some(tol) = tolerance(reference) else {
            failures.push(format!("{name}: [reference] gives no tolerance"));
            continue;
        };
        match std::fs::read_to_string(dir.join(file)) {
            Ok(want) => {
                if let Some(d) = numbers_differ(&stdout, &want, tol) {
                    failures.push(format!("{name} {size}: differs from {file}: {d}"));
                }
            }
            Err(e) => failures.push(format!("{name}: {file}: {e}")),
        }
    }
    failures
}

#[test]
fn stream_benchmarks_validate() {
    let root = repo_root();
    // Programs are named relative to the repository root, as in the run tests.
    std::env::set_current_dir(&root).unwrap();
    let exe_dir = std::env::temp_dir().join(format!("bambooc-bench-stream-{}", std::process::id()));
    std::fs::create_dir_all(&exe_dir).unwrap();
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = BENCHMARKS
            .iter()
            .map(|name| {
                let (root, exe_dir) = (&root, &exe_dir);
                std::thread::Builder::new()
                    .stack_size(256 * 1024 * 1024)
                    .spawn_scoped(scope, move || check(root, name, exe_dir))
                    .unwrap()
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let _ = std::fs::remove_dir_all(&exe_dir);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn number_comparison_has_teeth() {
    assert!(numbers_differ("1.0 2.0", "1.0 2.0000001", (0.0, 1e-5)).is_none());
    assert!(numbers_differ("1.0 2.0", "1.0 2.1", (0.0, 1e-5)).is_some());
    assert!(numbers_differ("10.5\t", "12.4\t", (2.0, 0.0)).is_none());
    assert!(numbers_differ("10.5", "12.6", (2.0, 0.0)).is_some());
    assert!(numbers_differ("1 2", "1 2 3", (2.0, 0.0)).is_some());
    assert!(numbers_differ("", "\n\n", (2.0, 0.0)).is_none());
}
