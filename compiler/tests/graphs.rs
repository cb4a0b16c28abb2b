//! Snapshot tests of the state transition graphs (paper 4.1 and 4.3.1).
//!
//! Each program in `tests/graphs/*.bb`, and the paper's keyword example
//! `examples/keyword.bb`, has its ASTGs and CSTG as Graphviz dot in
//! `tests/graphs/NAME.astg.dot` and `NAME.cstg.dot`, derived by hand and
//! compared byte for byte; `BLESS=1 cargo test -p bambooc --test graphs`
//! rewrites them (check the diff by hand before committing).

use bambooc::analysis::{astg, cstg};
use bambooc::driver::{check_source, render, ErrorFormat};
use std::path::{Path, PathBuf};

mod common;
use common::repo_root;

fn programs(root: &Path) -> Vec<PathBuf> {
    let mut files = common::bb_files_in(&root.join("tests/graphs"));
    files.push(root.join("examples/keyword.bb"));
    files
}

/// The two dumps of one program, as `bambooc --emit astg,cstg` writes them.
fn dumps(root: &Path, path: &Path) -> Result<(String, String), String> {
    let rel = path
        .strip_prefix(root)
        .unwrap()
        .to_string_lossy()
        .replace('\\', "/");
    let text = std::fs::read_to_string(path).unwrap();
    let fe = check_source(&rel, &text);
    if fe.has_errors() {
        return Err(format!(
            "{rel} does not check:\n{}",
            render(&fe, ErrorFormat::Human, false)
        ));
    }
    let p = fe.program.as_ref().unwrap();
    let graphs = astg::build(p);
    let g = cstg::build(p, &graphs);
    Ok((cstg::astgs_to_dot(p, &graphs), g.to_dot(p, &fe.sources)))
}

#[test]
fn graph_snapshots() {
    let root = repo_root();
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    let files = programs(&root);
    assert!(
        files.len() >= 4,
        "expected the graph programs, found {}",
        files.len()
    );
    for path in &files {
        let (astg_dot, cstg_dot) = match dumps(&root, path) {
            Ok(d) => d,
            Err(e) => {
                failures.push(e);
                continue;
            }
        };
        // The same input gives the same bytes.
        assert_eq!(
            dumps(&root, path).unwrap(),
            (astg_dot.clone(), cstg_dot.clone())
        );
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for (ext, actual) in [("astg.dot", &astg_dot), ("cstg.dot", &cstg_dot)] {
            let snapshot = root.join("tests/graphs").join(format!("{stem}.{ext}"));
            if bless {
                std::fs::write(&snapshot, actual).unwrap();
                continue;
            }
            match std::fs::read_to_string(&snapshot) {
                Ok(expected) if &expected == actual => {}
                Ok(expected) => failures.push(format!(
                    "{}: differs\n--- expected\n{expected}\n--- found\n{actual}",
                    snapshot.display()
                )),
                Err(_) => failures.push(format!(
                    "{}: missing (run with BLESS=1)",
                    snapshot.display()
                )),
            }
        }
    }
    if !failures.is_empty() {
        panic!(
            "{} graph snapshots failed:\n\n{}",
            failures.len(),
            failures.join("\n\n")
        );
    }
}

/// The paper's Figure 3, edge by edge, independent of the snapshot format.
#[test]
fn keyword_cstg_draws_figure_3() {
    let root = repo_root();
    let (_, dot) = dumps(&root, &root.join("examples/keyword.bb")).unwrap();
    let node = |label: &str| -> String {
        let line = dot
            .lines()
            .find(|l| l.contains(&format!("[label=\"{label}\"")))
            .unwrap_or_else(|| panic!("no node {label} in\n{dot}"));
        line.trim().split(' ').next().unwrap().to_string()
    };
    let has_edge = |from: &str, to: &str, label: &str, dashed: bool| {
        let (f, t) = (node(from), node(to));
        dot.lines().any(|l| {
            l.trim()
                .starts_with(&format!("{f} -> {t} [label=\"{label}"))
                && l.contains("style=dashed") == dashed
        })
    };
    for (label, double) in [
        ("StartupObject{initialstate}", true),
        ("StartupObject{}", false),
        ("Text{process}", true),
        ("Text{submit}", false),
        ("Text{}", false),
        ("Results{}", true),
        ("Results{finished}", false),
    ] {
        let n = node(label);
        let line = dot
            .lines()
            .find(|l| l.trim().starts_with(&format!("{n} [")))
            .unwrap();
        assert_eq!(line.contains("peripheries=2"), double, "{line}");
    }
    assert!(has_edge(
        "StartupObject{initialstate}",
        "StartupObject{}",
        "startup:",
        false
    ));
    assert!(has_edge(
        "Text{process}",
        "Text{submit}",
        "processText:",
        false
    ));
    assert!(has_edge(
        "Text{submit}",
        "Text{}",
        "mergeIntermediateResult:",
        false
    ));
    assert!(has_edge(
        "Results{}",
        "Results{finished}",
        "mergeIntermediateResult:",
        false
    ));
    assert!(has_edge(
        "StartupObject{initialstate}",
        "Text{process}",
        "new #",
        true
    ));
    assert!(has_edge(
        "StartupObject{initialstate}",
        "Results{}",
        "new #",
        true
    ));
    // Two new-object edges and the legend's example of one.
    assert_eq!(dot.matches("style=dashed").count(), 3, "{dot}");
    assert!(dot.contains("subgraph cluster_legend {"), "{dot}");
    // The two exits of mergeIntermediateResult from Text{submit} to Text{}
    // are one edge with a label line each, so their labels cannot overlap.
    let (f, t) = (node("Text{submit}"), node("Text{}"));
    let parallel: Vec<&str> = dot
        .lines()
        .filter(|l| l.trim().starts_with(&format!("{f} -> {t} ")))
        .collect();
    assert_eq!(
        parallel,
        ["  n3 -> n4 [label=\"mergeIntermediateResult:1 (tp)\\nmergeIntermediateResult:2 (tp)\"];"],
        "{dot}"
    );
}
