//! Every path the documentation cites exists.
//!
//! In: the repository's guides (`README.md`, `ARCHITECTURE.md`,
//! `docs/*.md`, `benchmarks/README.md`, `runtime-c/README.md`) and the
//! `//!` docs of every Rust file. Out: one failure listing each cited path
//! that names nothing in the repository, with the file citing it.
//!
//! A citation is a span in backticks that looks like a path (it holds a
//! `/` and ends in `/` or a short lower-case extension), or any word
//! that starts with one of the repository's top folders and a `/`. It
//! exists when it names a file or folder from the repository's root, from
//! the folder of the file citing it or any folder above that, or, for a
//! path not starting at a top folder (`sema/wrappers.rs`), as the end of
//! some path in the tree. `*` matches within one part, and an upper-case
//! placeholder part (`NAME.bb`, `CODE.md`) matches any name.

use regex::Regex;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The repository's top folders: a path starting with one is cited from
/// the root (or from a folder of the citing file).
const TOP: &[&str] = &[
    ".ci",
    "benchmarks",
    "compiler",
    "docs",
    "editors",
    "examples",
    "fuzz",
    "runtime-c",
    "stdlib",
    "tests",
    "tools",
];

/// Prefixes that name places outside the repository: the project's shared
/// folder beside the checkout, and folders that builds create.
const OUTSIDE: &[&str] = &["shared/", "build/", "target/", "/"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the compiler crate sits in the repository")
        .to_path_buf()
}

/// Every file and folder below `dir`, relative to `root`, as `a/b/c`;
/// build output and version-control folders are skipped.
fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name == "target" || name == ".git" || name == "node_modules" {
            continue;
        }
        let rel = path
            .strip_prefix(root)
            .expect("walked below the root")
            .to_string_lossy()
            .replace('\\', "/");
        out.insert(rel);
        if path.is_dir() {
            walk(root, &path, out);
        }
    }
}

/// The text of a file that documents: a Markdown guide whole, a Rust file's
/// `//!` lines.
fn doc_text(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    if path.extension().is_some_and(|e| e == "md") {
        return text;
    }
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("//!"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths `text` cites.
fn citations(text: &str) -> BTreeSet<String> {
    let quoted = Regex::new(r"`([A-Za-z0-9_.*/-]+)`").unwrap();
    let top = Regex::new(&format!(
        r#"(?m)(?:^|[\s(`"])((?:{})/[A-Za-z0-9_.*/-]*[A-Za-z0-9_*/])"#,
        TOP.iter()
            .map(|t| regex::escape(t))
            .collect::<Vec<_>>()
            .join("|")
    ))
    .unwrap();
    // A file's extension is short and lower case (`Float.toString` is no file).
    let extension = Regex::new(r"\.[a-z0-9]{1,8}$").unwrap();
    let mut found = BTreeSet::new();
    for c in quoted.captures_iter(text) {
        let p = &c[1];
        if p.contains('/') && !p.starts_with('-') && (p.ends_with('/') || extension.is_match(p)) {
            found.insert(p.to_string());
        }
    }
    for c in top.captures_iter(text) {
        found.insert(c[1].trim_end_matches('.').to_string());
    }
    found
}

/// A regex for a cited path: `*` within one part, upper-case placeholder
/// stems any name, `..` folded.
fn pattern(cited: &str) -> Option<Regex> {
    let mut parts: Vec<&str> = Vec::new();
    for part in cited.trim_end_matches('/').split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    let placeholder = Regex::new(r"^[A-Z][A-Z_]*[A-Z]$").unwrap();
    let parts: Vec<String> = parts
        .iter()
        .map(|part| {
            let (stem, ext) = part.split_once('.').unwrap_or((part, ""));
            let stem = if placeholder.is_match(stem) {
                "[^/]+".to_string()
            } else {
                regex::escape(stem).replace(r"\*", "[^/]*")
            };
            let ext = regex::escape(ext).replace(r"\*", "[^/]*");
            if part.contains('.') {
                format!("{stem}\\.{ext}")
            } else {
                stem
            }
        })
        .collect();
    Regex::new(&format!("^{}$", parts.join("/"))).ok()
}

/// Whether `cited`, cited by the file `from`, names something in `tree`.
fn exists(tree: &BTreeSet<String>, from: &str, cited: &str) -> bool {
    // A path relative to the citing file's folder may climb with `..`.
    let mut bases: Vec<String> = vec![String::new()];
    let mut dir = from.rsplit_once('/').map(|d| d.0.to_string());
    while let Some(d) = dir {
        bases.push(format!("{d}/"));
        dir = d.rsplit_once('/').map(|x| x.0.to_string());
    }
    let first = cited.split('/').next().unwrap_or("");
    let anywhere = !TOP.contains(&first) && !cited.starts_with("..");
    bases.iter().any(|base| {
        pattern(&format!("{base}{cited}")).is_some_and(|re| tree.iter().any(|p| re.is_match(p)))
    }) || (anywhere
        && pattern(cited).is_some_and(|re| {
            let tail = Regex::new(&format!("^(?:.*/)?{}", &re.as_str()[1..])).unwrap();
            tree.iter().any(|p| tail.is_match(p))
        }))
}

#[test]
fn every_cited_path_exists() {
    let root = root();
    let mut tree = BTreeSet::new();
    walk(&root, &root, &mut tree);
    let mut docs: Vec<String> = [
        "README.md",
        "ARCHITECTURE.md",
        "benchmarks/README.md",
        "runtime-c/README.md",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    docs.extend(
        tree.iter()
            .filter(|p| {
                (p.starts_with("docs/") && p.ends_with(".md"))
                    || (p.ends_with(".rs") && !p.contains("/tests/ui/"))
            })
            .cloned(),
    );
    let mut missing = Vec::new();
    for doc in &docs {
        for cited in citations(&doc_text(&root.join(doc))) {
            if OUTSIDE.iter().any(|o| cited.starts_with(o)) {
                continue;
            }
            if !exists(&tree, doc, &cited) {
                missing.push(format!("{doc}: `{cited}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "{} cited paths name nothing in the repository:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn a_missing_path_is_caught() {
    let mut tree = BTreeSet::new();
    for p in [
        "compiler",
        "compiler/src",
        "compiler/src/sema",
        "compiler/src/sema/flow.rs",
    ] {
        tree.insert(p.to_string());
    }
    let cited =
        citations("See `compiler/src/sema/flow.rs`, `sema/gone.rs` and compiler/src/old.rs.");
    let bad: Vec<&String> = cited
        .iter()
        .filter(|c| !exists(&tree, "ARCHITECTURE.md", c))
        .collect();
    assert_eq!(bad, ["compiler/src/old.rs", "sema/gone.rs"]);
    assert!(exists(&tree, "compiler/src/x.rs", "../src/sema/flow.rs"));
    assert!(exists(&tree, "README.md", "sema/NAME.rs"));
    assert!(exists(&tree, "README.md", "compiler/src/sema/*.rs"));
}
