//! Nesting limits and robustness: no input makes `parse` panic, overflow
//! the stack or hang, and the tree it returns is never deeper than
//! `MAX_NESTING`, so a naive recursive walk is safe.
//!
//! Sizes are kept moderate for debug builds; `cargo test --release --
//! --ignored` runs the same shapes at full size.

use crate::common::*;
use bambooc_syntax::ast::MAX_NESTING;
use bambooc_syntax::parse;
use bambooc_syntax::span::FileId;
use std::time::{Duration, Instant};

/// Parses `src` on a small (1 MiB) stack and walks the result naively on
/// an 8 MiB one; returns the depth and the error codes.
fn check(src: String, budget: Duration) -> (u32, Vec<&'static str>) {
    let len = src.len();
    let start = Instant::now();
    let (f, errs) = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || parse(FileId(0), &src))
        .unwrap()
        .join()
        .unwrap();
    let took = start.elapsed();
    assert!(took < budget, "{len} bytes took {took:?}");
    let depth = with_stack(move || depth_file(&f));
    assert!(depth <= MAX_NESTING, "depth {depth}");
    (depth, codes(&errs))
}

fn deep(src: String) {
    let (_, codes) = check(src, Duration::from_secs(20));
    assert_eq!(
        codes.iter().filter(|c| **c == "E0009").count(),
        1,
        "{codes:?}"
    );
}

fn fine(src: String) -> u32 {
    let (d, codes) = check(src, Duration::from_secs(20));
    assert!(codes.is_empty(), "{codes:?}");
    d
}

/// Far past the limit, yet quick in a debug build.
const N: usize = if cfg!(debug_assertions) {
    20_000
} else {
    200_000
};

fn class(body: &str) -> String {
    format!("class A {{ void f() {{ {body} }} }}")
}

fn shapes(n: usize) -> Vec<(&'static str, String)> {
    vec![
        (
            "parentheses",
            class(&format!("x = {}1{};", "(".repeat(n), ")".repeat(n))),
        ),
        (
            "unclosed parentheses",
            class(&format!("x = {}1", "(".repeat(n))),
        ),
        (
            "negations",
            class(&format!("x = {}1{};", "-(".repeat(n), ")".repeat(n))),
        ),
        (
            "calls",
            class(&format!("x = {}1{};", "f(".repeat(n), ")".repeat(n))),
        ),
        (
            "indexing",
            class(&format!("x = {}1{};", "a[".repeat(n), "]".repeat(n))),
        ),
        (
            "right-nested additions",
            class(&format!("x = {}1{};", "1 + (".repeat(n), ")".repeat(n))),
        ),
        (
            "additions inside a chain's operands",
            class(&format!("x = {}1{};", "1 + 2 * (".repeat(n), ")".repeat(n))),
        ),
        ("field chain", class(&format!("x = a{};", ".b".repeat(n)))),
        (
            "method chain",
            class(&format!("x = a{};", ".b()".repeat(n))),
        ),
        ("bangs", class(&format!("x = {}y;", "!".repeat(n)))),
        ("minuses", class(&format!("x = {}y;", "- ".repeat(n)))),
        ("casts", class(&format!("x = {}y;", "(int)".repeat(n)))),
        (
            "reference casts",
            class(&format!("x = {}y;", "(A)".repeat(n))),
        ),
        ("assignments", class(&format!("{}x;", "a = ".repeat(n)))),
        (
            "conditional chain",
            class(&format!("x = {}y;", "a ? b : ".repeat(n))),
        ),
        (
            "conditional nest",
            class(&format!("x = {}y{};", "a ? ".repeat(n), " : b".repeat(n))),
        ),
        (
            "else if",
            class(&format!("{} x();", "if (a) x(); else ".repeat(n))),
        ),
        ("if if", class(&format!("{} x();", "if (a) ".repeat(n)))),
        (
            "while while",
            class(&format!("{} x();", "while (a) ".repeat(n))),
        ),
        (
            "do do",
            class(&format!(
                "{} x();{}",
                "do ".repeat(n),
                " while (a);".repeat(n)
            )),
        ),
        ("labels", class(&format!("{} x();", "l: ".repeat(n)))),
        (
            "blocks",
            class(&format!("{}{}", "{".repeat(n), "}".repeat(n))),
        ),
        ("unclosed blocks", class(&"{".repeat(n))),
        (
            "array initialisers",
            format!(
                "class A {{ int[] x = {}1{}; }}",
                "{".repeat(n),
                "}".repeat(n)
            ),
        ),
        (
            "new arrays",
            class(&format!("x = {}1{};", "new int[".repeat(n), "]".repeat(n))),
        ),
        (
            "guard negations",
            format!("task t(A a in {}x) {{}}", "!".repeat(n)),
        ),
        (
            "guard conjunctions",
            format!("task t(A a in x{}) {{}}", " and x".repeat(n)),
        ),
        (
            "guard parentheses",
            format!("task t(A a{{{}x{}}}) {{}}", "(".repeat(n), ")".repeat(n)),
        ),
    ]
}

#[test]
fn deep_nesting_is_cut_at_the_limit() {
    for (name, src) in shapes(N) {
        eprintln!("{name}");
        deep(src);
    }
}

#[test]
#[ignore = "full size; run with --release -- --ignored"]
fn deep_nesting_full_size() {
    fine(class(&format!("x = 1{};", "+1".repeat(5_000_000))));
    for (name, src) in shapes(1_000_000) {
        eprintln!("{name}");
        deep(src);
    }
}

#[test]
fn nesting_below_the_limit_is_fine() {
    let n = MAX_NESTING as usize - 10;
    assert!(fine(class(&format!("x = {}1{};", "-(".repeat(n), ")".repeat(n)))) > n as u32);
    fine(class(&format!("x = {}1{};", "(".repeat(n), ")".repeat(n))));
    fine(class(&format!("x = 1{};", "+1".repeat(n))));
    fine(class(&format!(
        "{} x();",
        "if (a) x(); else ".repeat(n / 2)
    )));
    fine(class(&format!("{}{}", "{".repeat(n), "}".repeat(n))));
    // Long flat lists are not nesting, and neither are left-associative
    // chains of binary operators, of one precedence or several.
    assert!(fine(class(&format!("x = 1{};", "+1".repeat(N)))) < 10);
    assert!(fine(class(&format!("x = 1{};", " * 2 + 3 - 4 / 5".repeat(N)))) < 10);
    assert!(fine(class(&format!("x = a{};", " && b || c == d".repeat(N)))) < 10);
    fine(format!("class A {{ int[] x = {{{}}}; }}", "1, ".repeat(N)));
    fine(class(&"x++; ".repeat(N)));
    fine(format!("class A {{ {} }}", "int x; ".repeat(N)));
}

#[test]
fn odd_inputs() {
    for src in [
        String::new(),
        " \n\t".into(),
        "\0".repeat(1000),
        "}".repeat(N),
        ")".repeat(N),
        ";".repeat(N),
        "{".repeat(N),
        "class".repeat(N),
        "class A {".repeat(N),
        "task t(".repeat(N),
        "/*".into(),
        "\"".into(),
        "'".into(),
        "class A { void f() { \"".into(),
        "@".repeat(N),
        "?".repeat(N),
        ":".repeat(N),
        "a ? b ".repeat(N),
        "taskexit(".repeat(N),
        ") ] = ".repeat(N),
    ] {
        check(src, Duration::from_secs(20));
    }
}

/// A small xorshift generator, so the fuzz inputs are the same every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn random_inputs() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    // Random bytes, read as UTF-8 the way the driver would.
    let bytes: Vec<u8> = (0..1_000_000).map(|_| (rng.next() >> 24) as u8).collect();
    check(
        String::from_utf8_lossy(&bytes).into_owned(),
        Duration::from_secs(20),
    );
    // Random Bamboo tokens: far more likely to reach deep parser states.
    const WORDS: &[&str] = &[
        "class", "task", "A", "x", "(", ")", "{", "}", "[", "]", ";", ",", ".", "=", "+", "-", "!",
        "?", ":", "if", "else", "while", "for", "new", "int", "return", "taskexit", "in", "and",
        "with", "1", "\"s\"", ":=", "flag", "tag", "<", ">", "&&", "||", "switch", "case",
        "default", "'c'", "@", "try", "/*",
    ];
    for _ in 0..20 {
        let src: String = (0..20_000)
            .map(|_| WORDS[(rng.next() % WORDS.len() as u64) as usize])
            .collect::<Vec<_>>()
            .join(" ");
        check(src, Duration::from_secs(20));
    }
    // A valid program with single tokens deleted or duplicated.
    let base = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/keyword.bb"
    ))
    .unwrap();
    let toks: Vec<&str> = base
        .split_inclusive([' ', '\n', '(', ')', ';', '{', '}'])
        .collect();
    for _ in 0..50 {
        let i = (rng.next() % toks.len() as u64) as usize;
        let mut t = toks.clone();
        if rng.next() & 1 == 0 {
            t.remove(i);
        } else {
            t.insert(i, toks[i]);
        }
        check(t.concat(), Duration::from_secs(20));
    }
}

#[test]
fn one_long_line() {
    // A long but ordinary line: a big array initialiser (10 MB in release).
    let n = if cfg!(debug_assertions) {
        150_000
    } else {
        1_500_000
    };
    let src = format!("class A {{ int[] x = {{{}}}; }}", "12345, ".repeat(n));
    let (d, codes) = check(src, Duration::from_secs(60));
    assert!(codes.is_empty());
    assert!(d <= 3);
}
