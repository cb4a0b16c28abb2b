//! Run tests: every `tests/run/NAME.bb` is compiled to an executable and run;
//! its standard output must equal `NAME.stdout`. Optional files beside it:
//! `NAME.args` (program arguments, one per line), `NAME.env` (environment
//! variables for every run of the program, `NAME=VALUE` per line, e.g. a
//! small `BAMBOO_HEAP_MAX`), `NAME.status` (the exit status, default 0),
//! `NAME.stderr` (the exact standard error, default empty). Each program runs on 1, 2, 3, 4 and 8 cores (`BAMBOO_CORES`),
//! then with `BAMBOO_GC_STRESS=1` (a collection at every task boundary) on 1
//! and 4 cores, together with `BAMBOO_PACK_CHECK=1` (every task object's
//! region is packed into bytes and rebuilt at its exits, and the copy must
//! be the same graph: the MPI backend's transfer), the one-core run also
//! with `BAMBOO_CHECK_SHARING=1` (the
//! sharing sanitizer: no object may be reachable from two task objects whose
//! locks the disjointness analysis did not merge). With `NAME.stress2`
//! beside it (an empty marker) a program also runs under GC stress on 2
//! cores: there the collection barrier spins (the cores fit the processors
//! of any machine with two or more), while on 4 cores of a small machine it
//! sleeps at once. A few collector-heavy programs carry the marker, so that
//! the sanitizer runs cover the spinning barrier without doubling their
//! time. A program of more than one task is then also built with
//! `--profile-gen` and run once (its output must be the same), and the
//! layouts synthesised from its profile for 2 and 4 cores (`--profile P
//! --cores N`) are built and run. `BLESS=1` writes missing
//! expectation files from the actual run; review them before committing.
//!
//! `BAMBOOC_RUN_OPT=2` compiles at -O2 (the default here is -O1, to keep the
//! suite fast; the behaviour must not depend on it). `BAMBOOC_RUN_CORES=1,4,8`
//! chooses the core counts of the plain runs (default 1, 2, 3, 4 and 8; one
//! core always runs) and `BAMBOOC_RUN_TIMEOUT=S` the seconds a run may take
//! (default 60): `tools/sanitize-run.sh` uses both, since sanitizer builds
//! run several times slower. `BAMBOOC_RUN_ONE_CORE=0` drops the one-core
//! runs of the default-layout build, plain and under GC stress with the
//! sharing sanitizer (the `--profile-gen` run stays: the synthesised
//! layouts need its profile); the ThreadSanitizer run uses it, since a
//! program on one core has no thread to race with but the signal thread,
//! which every other run has too. `BAMBOOC_CFLAGS` reaches every build.

use bambooc::driver::{compile_program, frontend_in, read_sources, CodegenArgs, CommonArgs};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

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
            } => " (BAMBOO_GC_STRESS=1 BAMBOO_PACK_CHECK=1 BAMBOO_CHECK_SHARING=1)".into(),
            Mode::Default {
                cores,
                gc_stress: false,
            } => format!(" ({cores} cores)"),
            Mode::Default { cores, .. } => {
                format!(" ({cores} cores, BAMBOO_GC_STRESS=1 BAMBOO_PACK_CHECK=1)")
            }
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

/// The command that runs `exe` in `mode`, with the program's own
/// environment variables `env` (its `.env` file).
fn command(
    exe: &Path,
    args: &[String],
    env: &[(String, String)],
    cwd: &Path,
    mode: Mode,
    profile_out: &Path,
) -> Command {
    let mut cmd = Command::new(exe);
    cmd.args(args).current_dir(cwd);
    cmd.envs(env.iter().map(|(k, v)| (k, v)));
    match mode {
        Mode::Default { cores, gc_stress } => {
            cmd.env("BAMBOO_CORES", cores.to_string());
            if gc_stress {
                cmd.env("BAMBOO_GC_STRESS", "1");
                cmd.env("BAMBOO_PACK_CHECK", "1");
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
    cmd
}

/// The variables of a program's `.env` file (none when it has none): one
/// `NAME=VALUE` per line; blank lines and lines starting with `#` are
/// skipped.
fn read_env(file: &Path) -> Result<Vec<(String, String)>, String> {
    let Ok(text) = std::fs::read_to_string(file) else {
        return Ok(Vec::new());
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('=') {
            Some((k, v)) if !k.is_empty() => Ok((k.to_string(), v.to_string())),
            _ => Err(format!("{}: `{l}` is not NAME=VALUE", file.display())),
        })
        .collect()
}

/// How the suite runs, from the environment.
struct Settings {
    /// `BLESS=1`: write missing expectation files.
    bless: bool,
    /// `BAMBOOC_RUN_OPT`: the C optimisation level (default 1).
    opt: u8,
    /// `BAMBOOC_RUN_CORES`: the core counts of the plain default-layout
    /// runs (default `1,2,3,4,8`).
    cores: Vec<u32>,
    /// `BAMBOOC_RUN_TIMEOUT`: seconds one run may take (default 60).
    limit: Duration,
    /// `BAMBOOC_RUN_ONE_CORE` (default 1): whether the default-layout
    /// build also runs on one core, plain and under GC stress.
    one_core: bool,
}

impl Settings {
    fn from_env() -> Settings {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let number = |name: &str, default: u64| match var(name) {
            None => default,
            Some(v) => v
                .trim()
                .parse()
                .unwrap_or_else(|_| panic!("{name} must be a number, not `{v}`")),
        };
        let cores = match var("BAMBOOC_RUN_CORES") {
            None => vec![1, 2, 3, 4, 8],
            Some(v) => v
                .split(',')
                .map(|c| match c.trim().parse() {
                    Ok(n @ 1..=1024) => n,
                    _ => panic!(
                        "BAMBOOC_RUN_CORES must list core counts from 1 to 1024, like `1,4,8`, not `{v}`"
                    ),
                })
                .collect(),
        };
        let one_core = match number("BAMBOOC_RUN_ONE_CORE", 1) {
            0 => false,
            1 => true,
            n => panic!("BAMBOOC_RUN_ONE_CORE must be 0 or 1, not {n}"),
        };
        let bless = std::env::var_os("BLESS").is_some();
        // BLESS records the plain one-core run.
        assert!(
            one_core || !bless,
            "BLESS needs the one-core runs (unset BAMBOOC_RUN_ONE_CORE)"
        );
        Settings {
            bless,
            opt: number("BAMBOOC_RUN_OPT", 1) as u8,
            cores,
            limit: Duration::from_secs(number("BAMBOOC_RUN_TIMEOUT", 60)),
            one_core,
        }
    }

    /// The runs of the default-layout build of a program: on every core
    /// count of `cores` (the first run must be the plain one-core run, which
    /// `BLESS` records), then under GC stress on 1 and 4 cores, and on 2
    /// as well when `stress2`; without the one-core runs when `one_core`
    /// is off.
    fn default_runs(&self, stress2: bool) -> Vec<Mode> {
        let plain = std::iter::once(1).chain(self.cores.iter().copied().filter(|&c| c != 1));
        let stressed: &[u32] = if stress2 { &[1, 2, 4] } else { &[1, 4] };
        plain
            .map(|cores| Mode::Default {
                cores,
                gc_stress: false,
            })
            .chain(stressed.iter().map(|&cores| Mode::Default {
                cores,
                gc_stress: true,
            }))
            .filter(|mode| self.one_core || mode.cores() != 1)
            .collect()
    }
}

/// The core counts of the synthesised-layout builds of a program.
const SYNTHESISED_CORES: [u32; 2] = [2, 4];

fn case(root: &Path, path: &Path, settings: &Settings) -> Option<String> {
    let (bless, opt) = (settings.bless, settings.opt);
    let rel = path.strip_prefix(root).unwrap().to_path_buf();
    let name = rel.display().to_string();
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&rel));
    let dialect = common::dialect_of(path);
    let fe = frontend_in(sources, ids, diags, None, dialect);
    if fe.has_errors() {
        return Some(format!(
            "{name}: does not check:\n{}",
            bambooc::driver::render(&fe, bambooc::driver::ErrorFormat::Human, false)
        ));
    }
    let scratch = tempfile::Builder::new()
        .prefix("bambooc-runtest-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
    let exe = dir.join(&stem);
    let profile = dir.join(format!("{stem}.profile"));
    let common = CommonArgs {
        files: vec![rel.clone()],
        dialect: dialect.into(),
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
    let env = match read_env(&path.with_extension("env")) {
        Ok(env) => env,
        Err(e) => return Some(format!("{name}: {e}")),
    };
    let unordered = path.with_extension("unordered").exists();
    let check = |exe: &Path, mode: Mode| -> Vec<String> {
        let desc = mode.describe();
        let limit = settings.limit;
        let common::Finished {
            status,
            stdout,
            stderr,
        } = match common::run_with_timeout(
            &mut command(exe, &args, &env, root, mode, &profile),
            limit,
        ) {
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
    for mode in settings.default_runs(path.with_extension("stress2").exists()) {
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
                match common::build_synthesised(&rel, &profile, cores, opt, root, &exe) {
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
    let settings = Settings::from_env();
    let failures = common::in_parallel(&files, |p| case(&root, p, &settings).into_iter().collect());
    if !failures.is_empty() {
        panic!(
            "{} of {} run tests failed:\n\n{}",
            failures.len(),
            files.len(),
            failures.join("\n\n")
        );
    }
    let cores: Vec<String> = std::iter::once(1)
        .chain(settings.cores.iter().copied().filter(|&c| c != 1))
        .filter(|&c| settings.one_core || c != 1)
        .map(|c| c.to_string())
        .collect();
    let (stressed, sharing) = if settings.one_core {
        ("1 and 4", ", BAMBOO_CHECK_SHARING=1 on 1")
    } else {
        ("4", "")
    };
    eprintln!(
        "{} run tests passed (on {} cores, under BAMBOO_GC_STRESS=1 BAMBOO_PACK_CHECK=1 on {stressed} (and 2 for the programs marked .stress2){sharing}, as a --profile-gen build, and with the layouts synthesised from its profile for 2 and 4 cores)",
        files.len(),
        cores.join(", ")
    );
}
