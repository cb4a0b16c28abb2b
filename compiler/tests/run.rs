//! Run tests: every `tests/run/NAME.bb` is compiled to an executable and run;
//! its standard output must equal `NAME.stdout`. Optional files beside it:
//! `NAME.args` (program arguments, one per line), `NAME.status` (the exit
//! status, default 0), `NAME.stderr` (the exact standard error, default
//! empty). Each program runs twice: normally and with `BAMBOO_GC_STRESS=1`
//! (a collection at every task boundary) together with
//! `BAMBOO_CHECK_SHARING=1` (the sharing sanitizer: no object may be
//! reachable from two task objects whose locks the disjointness analysis did
//! not merge). A program of more than one task is then also built with
//! `--profile-gen` and run once (its output must be the same), and the
//! layouts synthesised from its profile for 2 and 4 cores (`--profile P
//! --cores N`) are built and run. `BLESS=1` writes missing
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

/// How one run of a program is made.
#[derive(Clone, Copy)]
enum Mode {
    /// The default-layout build on `cores` cores (`BAMBOO_CORES`), with
    /// or without GC stress.
    Default { cores: u32, gc_stress: bool },
    /// The `--profile-gen` build (one core), writing a profile.
    ProfileGen,
    /// A build with the layout synthesised from that profile for `cores`
    /// cores (`--profile P --cores N`).
    Synthesised { cores: u32 },
}

impl Mode {
    fn describe(self) -> String {
        match self {
            Mode::Default {
                cores: 1,
                gc_stress: false,
            } => String::new(),
            Mode::Default {
                cores: 1,
                gc_stress: true,
            } => " (BAMBOO_GC_STRESS=1 BAMBOO_CHECK_SHARING=1)".into(),
            Mode::Default {
                cores,
                gc_stress: false,
            } => format!(" ({cores} cores)"),
            Mode::Default { cores, .. } => format!(" ({cores} cores, BAMBOO_GC_STRESS=1)"),
            Mode::ProfileGen => " (--profile-gen)".into(),
            Mode::Synthesised { cores } => format!(" (synthesised layout, {cores} cores)"),
        }
    }

    fn cores(self) -> u32 {
        match self {
            Mode::Default { cores, .. } | Mode::Synthesised { cores } => cores,
            Mode::ProfileGen => 1,
        }
    }
}

fn run_with_timeout(
    exe: &Path,
    args: &[String],
    cwd: &Path,
    mode: Mode,
    profile_out: &Path,
) -> Result<(i32, String, String), String> {
    let mut cmd = Command::new(exe);
    cmd.args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match mode {
        Mode::Default { cores, gc_stress } => {
            cmd.env("BAMBOO_CORES", cores.to_string());
            if gc_stress {
                cmd.env("BAMBOO_GC_STRESS", "1");
            }
            // The sharing sanitizer runs a program on one core, so it joins
            // the one-core GC-stress run only.
            if gc_stress && cores == 1 {
                cmd.env("BAMBOO_CHECK_SHARING", "1");
            }
        }
        Mode::ProfileGen => {
            cmd.env("BAMBOO_PROFILE_OUT", profile_out);
        }
        Mode::Synthesised { .. } => {}
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

/// The runs of the default-layout build of a program.
const DEFAULT_RUNS: [Mode; 7] = [
    Mode::Default {
        cores: 1,
        gc_stress: false,
    },
    Mode::Default {
        cores: 2,
        gc_stress: false,
    },
    Mode::Default {
        cores: 3,
        gc_stress: false,
    },
    Mode::Default {
        cores: 4,
        gc_stress: false,
    },
    Mode::Default {
        cores: 8,
        gc_stress: false,
    },
    Mode::Default {
        cores: 1,
        gc_stress: true,
    },
    Mode::Default {
        cores: 4,
        gc_stress: true,
    },
];

/// The core counts of the synthesised-layout builds of a program.
const SYNTHESISED_CORES: [u32; 2] = [2, 4];

/// Compiles `rel` with the `bambooc` binary and the given extra options.
fn compile_with_cli(rel: &Path, extra: &[&str], opt: u8, exe: &Path) -> Result<(), String> {
    let out = Command::new(env!("CARGO_BIN_EXE_bambooc"))
        .arg(format!("-O{opt}"))
        .args(extra)
        .arg(rel)
        .arg("-o")
        .arg(exe)
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

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
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let exe = dir.join(&stem);
    let profile = dir.join(format!("{stem}.profile"));
    let common = CommonArgs {
        files: vec![rel.clone()],
        ..Default::default()
    };
    let mut cg = CodegenArgs {
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
    let check = |exe: &Path, mode: Mode| -> Vec<String> {
        let desc = mode.describe();
        let (status, stdout, stderr) = match run_with_timeout(exe, &args, root, mode, &profile) {
            Ok(r) => r,
            Err(e) => return vec![format!("{name}{desc}: {e}")],
        };
        let first_run = matches!(
            mode,
            Mode::Default {
                cores: 1,
                gc_stress: false
            }
        );
        let sorted = |text: &str| {
            if unordered && mode.cores() > 1 {
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
                        "{name}{desc}: {ext} differs\n--- expected\n{want}\n--- found\n{actual}"
                    )
                }),
                Err(_) if bless && first_run && actual != default => {
                    std::fs::write(&file, actual).unwrap();
                    None
                }
                Err(_) => (actual != default).then(|| {
                    format!(
                        "{name}{desc}: {ext} differs\n--- expected\n{default}\n--- found\n{actual}"
                    )
                }),
            }
        };
        [
            expect("stdout", &stdout, "\u{0}missing"),
            expect("stderr", &stderr, ""),
            expect("status", &format!("{status}\n"), "0\n"),
        ]
        .into_iter()
        .flatten()
        .collect()
    };
    let mut failures = Vec::new();
    for mode in DEFAULT_RUNS {
        failures.extend(check(&exe, mode));
    }
    // The profiling build must behave as the plain one; the layouts
    // synthesised from its profile (paper 4.3-4.5) must too. A program of
    // one task has one layout, which the runs above cover.
    let tasks = fe.program.as_ref().map_or(0, |p| p.tasks.len());
    if tasks < 2 {
        let _ = std::fs::remove_file(&exe);
        return (!failures.is_empty()).then(|| failures.join("\n"));
    }
    cg.profile.profile_gen = true;
    match compile_program(&fe, &common, &cg, &exe, &exe) {
        Err(e) => failures.push(format!(
            "{name}: the --profile-gen build does not compile:\n{e}"
        )),
        Ok(()) => {
            failures.extend(check(&exe, Mode::ProfileGen));
            for cores in SYNTHESISED_CORES {
                let profile_arg = profile.display().to_string();
                let cores_arg = cores.to_string();
                let extra = ["--profile", &profile_arg, "--cores", &cores_arg];
                match compile_with_cli(&rel, &extra, opt, &exe) {
                    Ok(()) => failures.extend(check(&exe, Mode::Synthesised { cores })),
                    Err(e) => failures.push(format!(
                        "{name}: the build with a synthesised layout for {cores} cores failed:\n{e}"
                    )),
                }
            }
        }
    }
    let _ = std::fs::remove_file(&exe);
    let _ = std::fs::remove_file(&profile);
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
        "{} run tests passed (on 1, 2, 3, 4 and 8 cores, under BAMBOO_GC_STRESS=1 on 1 and 4, BAMBOO_CHECK_SHARING=1 on 1, as a --profile-gen build, and with the layouts synthesised from its profile for 2 and 4 cores)",
        files.len()
    );
}
