//! Disjointness cases: every `tests/disjoint/NAME.bb` is analysed and its
//! lock plan (`--emit locks` text) must equal `NAME.locks`. Programs named
//! `disjoint_*` must need no merge in the task under test, `share_*` and the
//! sharing `newobj_*` ones must (the expectation files say which). Each
//! program is then built and run under the sharing sanitizer
//! (`BAMBOO_CHECK_SHARING=1`): with the plan's lock merges it must run clean
//! (standard output `NAME.stdout`); when `NAME.nomerge.stderr` exists, the
//! build without lock merges must fail with exactly that error, which proves
//! the sanitizer catches the sharing the merges cover. `BLESS=1` writes
//! missing or changed `.locks` files and missing `.stdout` files.

use bambooc::driver::{
    compile_program, dump_locks, frontend, lock_plan, read_sources, CodegenArgs, CommonArgs,
};
use std::path::Path;
use std::process::Command;

mod common;
use common::repo_root;

fn run(exe: &Path) -> (i32, String, String) {
    let out = Command::new(exe)
        .env("BAMBOO_CHECK_SHARING", "1")
        .output()
        .expect("the program runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn case(root: &Path, path: &Path, bless: bool) -> Vec<String> {
    let rel = path.strip_prefix(root).unwrap().to_path_buf();
    let name = rel.display().to_string();
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&rel));
    let fe = frontend(sources, ids, diags);
    let Some(p) = fe.program.as_ref().filter(|_| !fe.has_errors()) else {
        return vec![format!("{name}: does not check")];
    };
    let mut failures = Vec::new();
    let (plan, _) = lock_plan(p);
    let dump = dump_locks(p, &fe.sources, &plan);
    let want_file = path.with_extension("locks");
    match std::fs::read_to_string(&want_file) {
        Ok(want) if want == dump => {}
        _ if bless => std::fs::write(&want_file, &dump).unwrap(),
        Ok(want) => failures.push(format!(
            "{name}: lock plan differs\n--- expected\n{want}--- found\n{dump}"
        )),
        Err(_) => failures.push(format!("{name}: no {}", want_file.display())),
    }
    let scratch = tempfile::Builder::new()
        .prefix("bambooc-disjoint-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let common = CommonArgs {
        files: vec![rel.clone()],
        ..Default::default()
    };
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    for no_lock_merge in [false, true] {
        let expect_err = path.with_extension("nomerge.stderr");
        if no_lock_merge && !expect_err.exists() {
            continue;
        }
        let cg = CodegenArgs {
            opt_level: 1,
            no_lock_merge,
            ..Default::default()
        };
        let exe = dir.join(format!("{stem}-{no_lock_merge}"));
        if let Err(e) = compile_program(&fe, &common, &cg, &exe, &exe) {
            failures.push(format!("{name}: does not compile:\n{e}"));
            continue;
        }
        let (status, stdout, stderr) = run(&exe);
        let _ = std::fs::remove_file(&exe);
        if no_lock_merge {
            let want = std::fs::read_to_string(&expect_err).unwrap();
            if status != 1 || stderr != want {
                failures.push(format!(
                    "{name} (without lock merges): expected the sanitizer's error\n{want}--- found (status {status})\n{stderr}"
                ));
            }
            continue;
        }
        if status != 0 || !stderr.is_empty() {
            failures.push(format!(
                "{name}: sanitizer run failed (status {status})\n{stderr}"
            ));
        }
        let out_file = path.with_extension("stdout");
        match std::fs::read_to_string(&out_file) {
            Ok(want) if want == stdout => {}
            Ok(want) => failures.push(format!(
                "{name}: stdout differs\n--- expected\n{want}--- found\n{stdout}"
            )),
            Err(_) if bless => std::fs::write(&out_file, &stdout).unwrap(),
            Err(_) => failures.push(format!("{name}: no {}", out_file.display())),
        }
    }
    failures
}

#[test]
fn disjointness_cases() {
    let root = repo_root();
    std::env::set_current_dir(&root).unwrap();
    let files = common::bb_files_in(&root.join("tests/disjoint"));
    assert!(files.len() >= 20, "at least 20 disjointness cases");
    let bless = std::env::var_os("BLESS").is_some();
    let failures = common::in_parallel(&files, |p| case(&root, p, bless));
    // Each expectation says what it must: no merge in a `disjoint_*` case's
    // tasks, at least one in a `share_*` case's.
    let mut wrong = Vec::new();
    for f in &files {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let Ok(locks) = std::fs::read_to_string(f.with_extension("locks")) else {
            continue;
        };
        let merges = locks.lines().any(|l| l.trim_start().starts_with("merge"));
        if stem.starts_with("disjoint_") && merges {
            wrong.push(format!("{stem}: must report no sharing"));
        }
        if stem.starts_with("share_") && !merges {
            wrong.push(format!("{stem}: must report sharing"));
        }
    }
    let all: Vec<String> = failures.into_iter().chain(wrong).collect();
    if !all.is_empty() {
        panic!(
            "{} problems in {} disjointness cases:\n\n{}",
            all.len(),
            files.len(),
            all.join("\n\n")
        );
    }
}
