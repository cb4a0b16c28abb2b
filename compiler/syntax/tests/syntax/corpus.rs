//! The repository's Bamboo sources: the standard library, the examples and
//! the programs that must compile parse without a syntax error, and the UI
//! tests of syntax errors report exactly the codes they are annotated with.

use bambooc_syntax::parse;
use bambooc_syntax::span::FileId;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

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
}

fn syntax_errors(path: &Path) -> (String, BTreeSet<(usize, String)>) {
    let src = std::fs::read_to_string(path).unwrap();
    let (_, errs) = parse(FileId(0), &src);
    let found = errs
        .iter()
        .map(|e| {
            (
                src[..e.span().start as usize].matches('\n').count() + 1,
                e.code().to_string(),
            )
        })
        .collect();
    (src, found)
}

#[test]
fn valid_sources_parse_cleanly() {
    let mut files = Vec::new();
    for dir in [
        "stdlib",
        "examples",
        "tests/check-pass",
        "tests/run",
        "benchmarks",
    ] {
        bb_files(&repo().join(dir), &mut files);
    }
    assert!(!files.is_empty());
    for f in files {
        let (_, found) = syntax_errors(&f);
        assert!(found.is_empty(), "{}: {found:?}", f.display());
    }
}

#[test]
fn ui_tests_get_exactly_their_syntax_errors() {
    let mut files = Vec::new();
    bb_files(&repo().join("tests/ui"), &mut files);
    let mut failures = Vec::new();
    for f in files {
        let (src, found) = syntax_errors(&f);
        let mut expected = BTreeSet::new();
        for (i, line) in src.lines().enumerate() {
            if let Some(pos) = line.find("//~ ERROR ") {
                for code in line[pos + 10..].split([',', ' ']).map(str::trim) {
                    // Only the parser's codes; sema's come after it.
                    if code.starts_with("E00") && code <= "E0012" {
                        expected.insert((i + 1, code.to_string()));
                    }
                }
            }
        }
        // A file annotated only with sema's errors must parse cleanly
        // (sema runs only then).
        if expected != found {
            failures.push(format!(
                "{}: expected {expected:?}, found {found:?}",
                f.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
