//! Data-driven front-end tests.
//!
//! - `tests/ui/**/*.bb`: invalid programs, or valid programs that draw
//!   warnings. Each line that must carry an error ends with
//!   `//~ ERROR E0123` (a warning: `//~ WARNING W0001`); the errors and
//!   warnings reported must be exactly those (code and line). The rendered diagnostics are compared with the
//!   `.stderr` file beside the program; `BLESS=1 cargo test` rewrites them.
//! - `tests/check-pass/*.bb` and `examples/*.bb`: valid programs; checking
//!   them must report nothing at all.
//! - `tests/run/*.bb` and `benchmarks/*/*.bb`: valid programs; the warnings
//!   they draw must be exactly their `//~ WARNING` annotations (a run test
//!   may keep a task that never runs on purpose).

use bambooc::driver::{check_source_in, render, ErrorFormat};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod common;
use common::repo_root;

fn bb_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            bb_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "bb") {
            out.push(p);
        }
    }
    out.sort();
}

/// Runs `f` on a thread with a large stack, like the `bambooc` binary does.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// The (line, code) pairs of `//~ ERROR` and `//~ WARNING` annotations.
fn expected_diagnostics(text: &str) -> BTreeSet<(usize, String)> {
    let mut set = BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        for marker in ["//~ ERROR ", "//~ WARNING "] {
            if let Some(pos) = line.find(marker) {
                // Codes, then optionally a comment: `//~ WARNING W0001 (why)`.
                for code in line[pos + marker.len()..]
                    .split([',', ' '])
                    .filter(|c| !c.is_empty())
                    .take_while(|c| is_code(c))
                {
                    set.insert((i + 1, code.trim().to_string()));
                }
            }
        }
    }
    set
}

fn is_code(c: &str) -> bool {
    c.len() == 5 && c.starts_with(['E', 'W']) && c[1..].bytes().all(|b| b.is_ascii_digit())
}

/// The (line, code) pairs of the diagnostics reported.
fn found_diagnostics(fe: &bambooc::driver::Frontend) -> BTreeSet<(usize, String)> {
    fe.diagnostics
        .iter()
        .map(|d| {
            let line = d.primary.as_ref().map_or(0, |l| fe.sources.line(l.span));
            (line, d.code.to_string())
        })
        .collect()
}

#[test]
fn ui() {
    with_big_stack(|| {
        let root = repo_root();
        let mut files = Vec::new();
        bb_files(&root.join("tests/ui"), &mut files);
        assert!(
            files.len() >= 80,
            "expected the ui corpus, found {} files",
            files.len()
        );
        let bless = std::env::var_os("BLESS").is_some();
        let failures = in_parallel(&root, &files, move |root, path| ui_case(root, path, bless));
        if !failures.is_empty() {
            panic!(
                "{} of {} ui tests failed:\n\n{}",
                failures.len(),
                files.len(),
                failures.join("\n\n")
            );
        }
        eprintln!("{} ui tests passed", files.len());
    });
}

/// Runs `case` over the files on every core; returns the failures in file
/// order.
fn in_parallel(
    root: &Path,
    files: &[PathBuf],
    case: impl Fn(&Path, &Path) -> Option<String> + Sync,
) -> Vec<String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let chunks: Vec<&[PathBuf]> = files.chunks(files.len().div_ceil(threads).max(1)).collect();
    let case = &case;
    std::thread::scope(|scope| {
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                std::thread::Builder::new()
                    .stack_size(256 * 1024 * 1024)
                    .spawn_scoped(scope, move || {
                        chunk
                            .iter()
                            .filter_map(|p| case(root, p))
                            .collect::<Vec<_>>()
                    })
                    .unwrap()
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

fn ui_case(root: &Path, path: &Path, bless: bool) -> Option<String> {
    let rel = path
        .strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let text = std::fs::read_to_string(path).unwrap();
    let fe = check_source_in(&rel, &text, common::dialect_of(path));
    let expected = expected_diagnostics(&text);
    let found = found_diagnostics(&fe);
    let rendered = render(&fe, ErrorFormat::Human, false);
    if expected.is_empty() {
        return Some(format!("{rel}: no `//~ ERROR` or `//~ WARNING` annotation"));
    } else if expected != found {
        return Some(format!(
            "{rel}: expected diagnostics (line, code) {expected:?}, found {found:?}\n{rendered}"
        ));
    }
    let snapshot = path.with_extension("stderr");
    if bless {
        std::fs::write(&snapshot, &rendered).unwrap();
        return None;
    }
    match std::fs::read_to_string(&snapshot) {
        Ok(old) if old == rendered => None,
        Ok(old) => Some(format!("{rel}: rendered diagnostics differ from {}\n--- expected\n{old}\n--- found\n{rendered}", snapshot.display())),
        Err(_) => Some(format!("{rel}: missing {} (run with BLESS=1)", snapshot.display())),
    }
}

#[test]
fn check_pass() {
    with_big_stack(|| {
        let root = repo_root();
        let mut files = Vec::new();
        bb_files(&root.join("tests/check-pass"), &mut files);
        bb_files(&root.join("examples"), &mut files);
        assert!(
            files.len() >= 40,
            "expected the check-pass corpus, found {} files",
            files.len()
        );
        let failures = in_parallel(&root, &files, |root, path| {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(path).unwrap();
            let fe = check_source_in(&rel, &text, common::dialect_of(path));
            (!fe.diagnostics.is_empty()).then(|| render(&fe, ErrorFormat::Human, false))
        });
        if !failures.is_empty() {
            panic!(
                "{} of {} valid programs were rejected:\n\n{}",
                failures.len(),
                files.len(),
                failures.join("\n")
            );
        }
        eprintln!("{} valid programs checked cleanly", files.len());
    });
}

#[test]
fn corpus_warnings_are_annotated() {
    with_big_stack(|| {
        let root = repo_root();
        let mut files = Vec::new();
        bb_files(&root.join("tests/run"), &mut files);
        bb_files(&root.join("benchmarks"), &mut files);
        bb_files(&root.join("tests/graphs"), &mut files);
        assert!(
            files.len() >= 60,
            "expected the run corpus, found {} files",
            files.len()
        );
        let failures = in_parallel(&root, &files, |root, path| {
            let rel = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(path).unwrap();
            let fe = check_source_in(&rel, &text, common::dialect_of(path));
            let expected = expected_diagnostics(&text);
            let found = found_diagnostics(&fe);
            (expected != found).then(|| {
                format!(
                    "{rel}: expected (line, code) {expected:?}, found {found:?}\n{}",
                    render(&fe, ErrorFormat::Human, false)
                )
            })
        });
        if !failures.is_empty() {
            panic!(
                "{} of {} programs drew unexpected diagnostics:\n\n{}",
                failures.len(),
                files.len(),
                failures.join("\n")
            );
        }
        eprintln!("{} run programs and benchmarks checked", files.len());
    });
}

#[test]
fn explain_covers_every_code() {
    for c in bambooc::diagnostics::codes::CODES {
        assert!(c.explanation.len() > 40, "{} has no explanation", c.code);
        assert!(
            c.explanation.contains(c.code),
            "{}'s explanation does not name its code",
            c.code
        );
    }
}
