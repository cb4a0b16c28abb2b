//! Run tests: every `tests/run/NAME.bb` is compiled to an executable and run;
//! its standard output must equal `NAME.stdout`. Optional files beside it:
//! `NAME.args` (program arguments, one per line), `NAME.status` (the exit
//! status, default 0), `NAME.stderr` (the exact standard error, default
//! empty). Each program runs twice: normally and with `BAMBOO_GC_STRESS=1`
//! (a collection at every task boundary) together with
//! `BAMBOO_CHECK_SHARING=1` (the sharing sanitizer: no object may be
//! reachable from two task objects whose locks the disjointness analysis did
//! not merge). `BLESS=1` writes missing
//! expectation files from the actual run; review them before committing.
//!
//! `BAMBOOC_RUN_OPT=2` compiles at -O2 (the default here is -O1, to keep the
//! suite fast; the behaviour must not depend on it).

use bambooc::driver::{compile_program, frontend, read_sources, CodegenArgs, CommonArgs};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::repo_root;

fn run_with_timeout(
    exe: &Path,
    args: &[String],
    cwd: &Path,
    gc_stress: bool,
    cores: u32,
) -> Result<(i32, String, String), String> {
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .current_dir(cwd)
        .env("BAMBOO_CORES", cores.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if gc_stress {
        cmd.env("BAMBOO_GC_STRESS", "1");
    }
    // The sharing sanitizer runs a program on one core, so it joins the
    // one-core GC-stress run only.
    if gc_stress && cores == 1 {
        cmd.env("BAMBOO_CHECK_SHARING", "1");
    }
    let mut child = cmd.spawn().map_err(|e| e.to_string())?;
    let start = Instant::now();
    loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            return Err("timed out after 60 s".into());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    Ok((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// (cores, GC stress) of each run of a program.
const RUNS: [(u32, bool); 7] = [
    (1, false),
    (2, false),
    (3, false),
    (4, false),
    (8, false),
    (1, true),
    (4, true),
];

fn case(root: &Path, path: &Path, bless: bool, opt: u8) -> Option<String> {
    let rel = path.strip_prefix(root).unwrap().to_path_buf();
    let name = rel.display().to_string();
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&rel));
    let fe = frontend(sources, ids, diags);
    if fe.has_errors() {
        return Some(format!(
            "{name}: does not check:\n{}",
            bambooc::driver::render(&fe, bambooc::driver::ErrorFormat::Human, false)
        ));
    }
    let dir = std::env::temp_dir().join(format!("bambooc-runtest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(path.file_stem().unwrap());
    let common = CommonArgs {
        files: vec![rel.clone()],
        ..Default::default()
    };
    let cg = CodegenArgs {
        opt_level: opt,
        no_bounds_checks: false,
        ..Default::default()
    };
    if let Err(e) = compile_program(&fe, &common, &cg, &exe, &exe) {
        return Some(format!("{name}: does not compile:\n{e}"));
    }
    let args: Vec<String> = std::fs::read_to_string(path.with_extension("args"))
        .map(|s| s.lines().map(str::to_string).collect())
        .unwrap_or_default();
    let unordered = path.with_extension("unordered").exists();
    let mut failures = Vec::new();
    for (cores, gc_stress) in RUNS {
        let mode = match (cores, gc_stress) {
            (1, false) => String::new(),
            (1, true) => " (BAMBOO_GC_STRESS=1 BAMBOO_CHECK_SHARING=1)".to_string(),
            (n, false) => format!(" ({n} cores)"),
            (n, true) => format!(" ({n} cores, BAMBOO_GC_STRESS=1)"),
        };
        let (status, stdout, stderr) = match run_with_timeout(&exe, &args, root, gc_stress, cores) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}{mode}: {e}"));
                continue;
            }
        };
        let sorted = |text: &str| {
            if unordered && cores > 1 {
                let mut lines: Vec<&str> = text.lines().collect();
                lines.sort_unstable();
                lines.join("\n")
            } else {
                text.to_string()
            }
        };
        let expect = |ext: &str, actual: &str, default: &str| -> Option<String> {
            let file = path.with_extension(ext);
            match std::fs::read_to_string(&file) {
                Ok(want) => (sorted(&want) != sorted(actual)).then(|| {
                    format!(
                        "{name}{mode}: {ext} differs\n--- expected\n{want}\n--- found\n{actual}"
                    )
                }),
                Err(_) if bless && !gc_stress && cores == 1 && actual != default => {
                    std::fs::write(&file, actual).unwrap();
                    None
                }
                Err(_) => (actual != default).then(|| {
                    format!(
                        "{name}{mode}: {ext} differs\n--- expected\n{default}\n--- found\n{actual}"
                    )
                }),
            }
        };
        failures.extend(expect("stdout", &stdout, "\u{0}missing"));
        failures.extend(expect("stderr", &stderr, ""));
        failures.extend(expect("status", &format!("{status}\n"), "0\n"));
    }
    let _ = std::fs::remove_file(&exe);
    (!failures.is_empty()).then(|| failures.join("\n"))
}

#[test]
fn run_programs() {
    let root = repo_root();
    // Programs are named relative to the repository root in diagnostics and
    // run-time error messages; this binary holds this one test only.
    std::env::set_current_dir(&root).unwrap();
    let files = common::bb_files_in(&root.join("tests/run"));
    let bless = std::env::var_os("BLESS").is_some();
    let opt: u8 = std::env::var("BAMBOOC_RUN_OPT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let failures =
        common::in_parallel(&files, |p| case(&root, p, bless, opt).into_iter().collect());
    if !failures.is_empty() {
        panic!(
            "{} of {} run tests failed:\n\n{}",
            failures.len(),
            files.len(),
            failures.join("\n\n")
        );
    }
    eprintln!(
        "{} run tests passed (on 1, 2, 3, 4 and 8 cores, under BAMBOO_GC_STRESS=1 on 1 and 4, and BAMBOO_CHECK_SHARING=1 on 1)",
        files.len()
    );
}
