//! Property tests on generated programs.
//!
//! A typed generator (in `generated/`, by job) builds Bamboo programs that
//! are syntactically valid and well typed by construction: classes with flags, `static final`
//! constants, fields, constructors (with `super(..)`/`this(..)`), instance,
//! static, private, abstract and overriding methods; statements of every
//! kind (`if`, `while`, `do`, `for`, for-each, `switch` with fall-through,
//! labelled loops, `break`/`continue`/`return`); expressions over
//! `boolean byte short char int long float double`, `String`, classes and
//! arrays with every operator, casts, `instanceof`, `?:`, compound
//! assignment and calls; and the task language: a startup task, task
//! objects made by allocation blocks, tags, and consuming tasks with guards
//! and `taskexit`, each in the paper's and the original spelling.
//!
//! Properties:
//! - (a) `check_source` accepts every generated program: no error, no panic;
//! - (b) deleting a run of tokens from a generated program never makes
//!   `check_source` (or the rendering of its diagnostics) panic.
//!
//! Where the generator's decisions come from: a vector of numbers that
//! proptest makes and shrinks (`Choices`). Every decision maps 0 to its
//! simplest outcome and an exhausted vector answers 0, so shrinking the
//! vector shrinks the program. The shrunk failure is then reduced further
//! by deleting lines (tokens, for (b)) while the same error (panic) stays,
//! and reported with that small program. Shrinking and reduction are each
//! bounded to a minute.
//!
//! Generated programs never recurse and their loops are bounded (bodies
//! only call bodies declared earlier; see `Slot::rank`), so they can be run
//! as well as checked.
//!
//! `PROPTEST_CASES` sets the number of cases per property (default 64).
//! `GENERATED_DUMP=DIR cargo test --test generated dump -- --ignored`
//! writes `GENERATED_COUNT` (default 100) sample programs to DIR
//! (`GENERATED_JAVA=1`: the Java-only subset, without the task language,
//! which javac must accept: a cross-check of the generator itself).

use bambooc::driver::{check_source, render, ErrorFormat};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use std::panic::{catch_unwind, AssertUnwindSafe};

// The typed generator, by job.
#[path = "generated/classes.rs"]
mod classes;
#[path = "generated/exprs.rs"]
mod exprs;
#[path = "generated/model.rs"]
mod model;
#[path = "generated/program.rs"]
mod program;
#[path = "generated/stmts.rs"]
mod stmts;
#[path = "generated/tasks.rs"]
mod tasks;
#[path = "generated/types.rs"]
mod types;
#[path = "generated/values.rs"]
mod values;

use model::*;
use types::*;

// ------------------------------------------------------------------- tests

const STACK_SIZE: usize = 256 * 1024 * 1024;

/// Runs `f` on a thread with a large stack, like the `bambooc` binary does.
fn with_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK_SIZE)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

fn config() -> Config {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(64);
    Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2048,
        // Shrinking re-checks the program each time: bound it.
        max_shrink_time: 60_000,
        ..Config::default()
    }
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..3000)
}

fn numbered(text: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, l)| format!("{:4} | {l}\n", i + 1))
        .collect()
}

fn panic_message(e: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = e.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = e.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic)".into()
    }
}

/// Checks `text` and renders its diagnostics; Err on a panic.
fn check_no_panic(text: &str) -> Result<bambooc::driver::Frontend, String> {
    catch_unwind(AssertUnwindSafe(|| {
        let fe = check_source("generated.bb", text);
        let _ = render(&fe, ErrorFormat::Human, false);
        let _ = render(&fe, ErrorFormat::Json, false);
        fe
    }))
    .map_err(|e| panic_message(&*e))
}

/// The first error of a check as `code: message (label)`, the identity a
/// reduced program must keep.
fn first_error(fe: &bambooc::driver::Frontend) -> Option<String> {
    fe.diagnostics.iter().find(|d| d.is_error()).map(|d| {
        let label = d.primary.as_ref().map(|l| l.message.as_str()).unwrap_or("");
        format!("{}: {} ({label})", d.code, d.message)
    })
}

/// All errors of a check, as `first_error` spells them.
fn errors(fe: &bambooc::driver::Frontend) -> Vec<String> {
    fe.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            let label = d.primary.as_ref().map(|l| l.message.as_str()).unwrap_or("");
            format!("{}: {} ({label})", d.code, d.message)
        })
        .collect()
}

/// Deletes runs of units (lines, or tokens) from `units` as long as
/// `keep` holds for the units joined with `sep` (delta debugging), so a
/// failure is shown on a small input. Bounded in time.
fn reduce(units: Vec<&str>, sep: &str, keep: &dyn Fn(&str) -> bool) -> String {
    let start = std::time::Instant::now();
    let mut units = units;
    let mut chunk = units.len().max(1).next_power_of_two();
    while chunk >= 1 && start.elapsed().as_secs() < 60 {
        let mut i = 0;
        let mut progress = false;
        while i < units.len() {
            let end = (i + chunk).min(units.len());
            let candidate: Vec<&str> = units[..i].iter().chain(&units[end..]).copied().collect();
            if keep(&candidate.join(sep)) {
                units = candidate;
                progress = true;
            } else {
                i += chunk;
            }
        }
        if !progress {
            chunk /= 2;
        }
    }
    units.join(sep)
}

/// A panic message's first line (what a reduced input must reproduce).
fn panic_key(msg: &str) -> String {
    msg.lines().next().unwrap_or("").to_string()
}

/// Runs `f` with the panic hook silenced (reduction panics many times).
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let r = f();
    std::panic::set_hook(hook);
    r
}

type Case = (Vec<u32>, u32, u32);

/// Runs a property; on failure, `explain` describes the (shrunk) failing
/// case, with its input reduced further by `reduce`.
fn run(
    strategy: impl Strategy<Value = Case> + Send + 'static,
    test: fn(&[u32], u32, u32) -> Result<(), TestCaseError>,
    explain: fn(&[u32], u32, u32) -> String,
) {
    with_big_stack(move || {
        let mut runner = TestRunner::new(config());
        match runner.run(&strategy, |(data, a, b)| test(&data, a, b)) {
            Ok(()) => {}
            Err(TestError::Fail(reason, (data, a, b))) => {
                panic!("{reason}\n\n{}", quietly(|| explain(&data, a, b)))
            }
            Err(e) => panic!("{e}"),
        }
    })
}

/// (a) Every generated program is accepted.
#[test]
fn generated_programs_check_cleanly() {
    run(
        (choices(), Just(0u32), Just(0u32)),
        accepted,
        |data, _, _| {
            let text = generate(data, false);
            match check_no_panic(&text) {
                Err(msg) => {
                    let key = panic_key(&msg);
                    let small = reduce(text.lines().collect(), "\n", &|t| {
                        check_no_panic(t).is_err_and(|m| panic_key(&m) == key)
                    });
                    format!(
                        "check_source panics ({msg}); reduced program:\n{}",
                        numbered(&small)
                    )
                }
                Ok(fe) => {
                    let Some(first) = first_error(&fe) else {
                        return "(passes now)".into();
                    };
                    // Keep the first error; allow no error the original had not.
                    let all = errors(&fe);
                    let keep = |t: &str| {
                        check_no_panic(t).is_ok_and(|fe| {
                            let errs = errors(&fe);
                            errs.contains(&first) && errs.iter().all(|e| all.contains(e))
                        })
                    };
                    let small = reduce(text.lines().collect(), "\n", &keep);
                    let fe = check_source("reduced.bb", &small);
                    format!(
                        "reduced to a program that keeps the first error ({first}):\n{}\n{}",
                        numbered(&small),
                        render(&fe, ErrorFormat::Human, false)
                    )
                }
            }
        },
    );
}

fn accepted(data: &[u32], _: u32, _: u32) -> Result<(), TestCaseError> {
    let text = generate(data, false);
    match check_no_panic(&text) {
        Err(msg) => Err(TestCaseError::fail(format!(
            "check_source panicked ({msg}) on\n{}",
            numbered(&text)
        ))),
        Ok(fe) if fe.has_errors() => Err(TestCaseError::fail(format!(
            "a valid generated program was rejected:\n{}\n{}",
            numbered(&text),
            render(&fe, ErrorFormat::Human, false)
        ))),
        Ok(_) => Ok(()),
    }
}

/// The program of a deletion case: the generated one less a run of tokens.
fn with_deletion(data: &[u32], a: u32, b: u32) -> (String, String) {
    let text = generate(data, false);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let n = tokens.len();
    let start = a as usize % n;
    let len = if b.is_multiple_of(4) {
        1 + (b as usize / 4) % n
    } else {
        1 + (b as usize / 4) % 8
    };
    let end = (start + len).min(n);
    let deleted = format!("tokens {start}..{end} ({:?})", tokens[start..end].join(" "));
    (
        [&tokens[..start], &tokens[end..]].concat().join(" "),
        deleted,
    )
}

/// (b) Deleting a run of tokens never makes the front end panic.
#[test]
fn deleting_tokens_never_panics() {
    run(
        (choices(), any::<u32>(), any::<u32>()),
        |data, a, b| {
            let (mutated, deleted) = with_deletion(data, a, b);
            match check_no_panic(&mutated) {
                Err(msg) => Err(TestCaseError::fail(format!(
                    "check_source panicked ({msg}) after deleting {deleted}:\n{mutated}"
                ))),
                Ok(_) => Ok(()),
            }
        },
        |data, a, b| {
            let (mutated, _) = with_deletion(data, a, b);
            match check_no_panic(&mutated) {
                Ok(_) => "(passes now)".into(),
                Err(msg) => {
                    let key = panic_key(&msg);
                    let small = reduce(mutated.split(' ').collect(), " ", &|t| {
                        check_no_panic(t).is_err_and(|m| panic_key(&m) == key)
                    });
                    format!("reduced input that panics the same way:\n{small}")
                }
            }
        },
    );
}

/// The generator's output for the empty choice vector: the smallest
/// program, which must be accepted too.
#[test]
fn smallest_program_checks_cleanly() {
    with_big_stack(|| {
        let text = generate(&[], false);
        let fe = check_source("generated.bb", &text);
        assert!(
            !fe.has_errors(),
            "{}\n{}",
            numbered(&text),
            render(&fe, ErrorFormat::Human, false)
        );
    });
}

/// Writes sample programs to `$GENERATED_DUMP` (see the module comment).
#[test]
#[ignore]
fn dump() {
    let Some(dir) = std::env::var_os("GENERATED_DUMP") else {
        return;
    };
    let java = std::env::var_os("GENERATED_JAVA").is_some();
    let count: usize = std::env::var("GENERATED_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(100);
    std::fs::create_dir_all(&dir).unwrap();
    let mut runner = TestRunner::deterministic();
    for i in 0..count {
        let data =
            proptest::strategy::ValueTree::current(&choices().new_tree(&mut runner).unwrap());
        let (text, used) = generate_counting(&data, java);
        eprintln!(
            "program {i}: {} lines, {used} of {} choices used",
            text.lines().count(),
            data.len()
        );
        let name = if java {
            format!("g{i}/Gen.java")
        } else {
            format!("gen{i}.bb")
        };
        let path = std::path::Path::new(&dir).join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}
