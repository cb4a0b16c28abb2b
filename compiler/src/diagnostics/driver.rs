//! Wording of the driver's failures and warnings outside the source text
//! (`driver::Failure`, `driver::DriverWarning`).
//!
//! In: the data the driver met (paths, tools and their output, I/O
//! errors). Out: one `Diagnostic` without a place: E0700 (the command as
//! given), E0701 (files and folders), E0702 (the C compiler), E0703
//! (internal compiler errors), E0704 (code generation limits), E0705
//! (`--mpi` refusals), E0706 (the built program), the layout, machine and
//! profile codes of their own, and warnings W0700 and W0701. The same
//! diagnostic is printed for people and as JSON; `Display` gives the text
//! for people, for callers that keep the failure as a message.

use super::{Diagnostic, Severity};
use crate::driver::{
    CacheRefusal, DriverWarning, Failure, Internal, MergeEscape, MpiRefusal, Rejected, StdoutWhat,
};
use std::io::{Error, ErrorKind};
use std::path::Path;

/// An I/O error in words, without Rust's "(os error N)".
pub fn io_reason(e: &Error) -> String {
    match e.kind() {
        ErrorKind::NotFound => "no such file or folder".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::IsADirectory => "it is a folder".into(),
        _ => {
            // The system's words, lower-cased to read inside a sentence.
            let s = e.to_string();
            let s = s.split(" (os error").next().unwrap_or(&s);
            let mut chars = s.chars();
            chars
                .next()
                .map(|c| c.to_lowercase().chain(chars).collect())
                .unwrap_or_default()
        }
    }
}

const MPI_HELP: &str = "build without `--mpi` to run it on the cores of one machine";
const OPEN_MPI: &str = "install Open MPI (`apt-get install openmpi-bin libopenmpi-dev`)";

/// The diagnostic for a failure of the driver.
pub fn failure_diagnostic(f: &Failure) -> Diagnostic {
    use Failure::*;
    let shown = |p: &Path| p.display().to_string();
    let e = |code: &'static str, message: String| Diagnostic::global(code, message);
    match f {
        NoInputFiles => e("E0700", "no input files".into()).with_help(
            "bambooc check FILE.bb ... (`-` reads the standard input; see `bambooc --help`)",
        ),
        UnknownCode { code } => e("E0700", format!("`{code}` is not a bambooc diagnostic code"))
            .with_help("codes look like E0001; `bambooc check` prints them in brackets"),
        ProfileGenOnOneCore { layout, cores } => {
            let option = if *layout {
                "`--layout`".to_string()
            } else {
                format!("`--cores {cores}`")
            };
            e(
                "E0700",
                format!("`--profile-gen` builds run on one core; remove {option}"),
            )
            .with_help("the profile serves builds for any number of cores: `--profile FILE --cores N`")
        }
        SimNeedsProfile => e(
            "E0700",
            "`bambooc sim` needs `--profile FILE` (from a `--profile-gen` build)".into(),
        )
        .with_help("`bambooc --profile-gen prog.bb -o prog`, then `./prog` writes `prog.profile`"),
        SimReadsProfile => e(
            "E0700",
            "`bambooc sim` reads a profile; make one with `bambooc --profile-gen` (a build)".into(),
        ),
        FullReplayTooLarge { objects, limit } => e(
            "E0700",
            format!("`--full-replay` would make all {objects:.0} task objects of the profiled run; at most {limit} are replayed in full"),
        )
        .with_help("drop `--full-replay`: the simulator then simulates a window of the run and extrapolates"),
        Read { path, error } => e("E0701", format!("cannot read `{}`: {}", shown(path), io_reason(error))),
        Write { path, error } => e("E0701", format!("cannot write `{}`: {}", shown(path), io_reason(error))),
        CreateFolder { path, error } => e("E0701", format!("cannot create `{}`: {}", shown(path), io_reason(error))),
        WriteIn { folder, error } => e("E0701", format!("cannot write in `{}`: {}", shown(folder), io_reason(error))),
        BuildFolder { parent, error } => e(
            "E0701",
            format!("cannot create a build folder in `{}`: {}", shown(parent), io_reason(error)),
        )
        .with_help("set TMPDIR to a folder you can write"),
        OutputIsFolder { output } => e("E0701", format!("cannot write `{}`: it is a folder", shown(output)))
            .with_help("name a file with `-o`"),
        OutputIsInput { output, input } => e(
            "E0701",
            format!("the output `{}` is the input file `{}`; it would be overwritten", shown(output), shown(input)),
        )
        .with_help("name another output file with `-o`"),
        OutputFolderMissing { output, folder } => e(
            "E0701",
            format!("cannot write `{}`: the folder `{}` does not exist", shown(output), shown(folder)),
        ),
        OutputFolderNotFolder { output, folder } => e(
            "E0701",
            format!("cannot write `{}`: `{}` is not a folder", shown(output), shown(folder)),
        ),
        OutputFolderUnwritable { output, folder, error } => e(
            "E0701",
            format!("cannot write `{}`: {} (in the folder `{}`)", shown(output), io_reason(error), shown(folder)),
        ),
        CacheFolder { path, error } => e(
            "E0701",
            format!("cannot create the cache folder `{}`: {}", shown(path), io_reason(error)),
        )
        .with_help("set XDG_CACHE_HOME to a folder of your own"),
        CacheRefused { path, why } => {
            let what = match why {
                CacheRefusal::Symlink => "a symbolic link".to_string(),
                CacheRefusal::NotAFolder => "not a folder".to_string(),
                CacheRefusal::OtherUser { uid } => format!("owned by another user (uid {uid})"),
            };
            e("E0701", format!("refusing the cache folder `{}`: it is {what}", shown(path)))
                .with_help("remove it, or set XDG_CACHE_HOME to a folder of your own")
        }
        Stdout { what, error } => {
            let what = match what {
                StdoutWhat::ManPage => "the manual page",
                StdoutWhat::MachineDescription => "the machine description",
            };
            e("E0701", format!("cannot write {what} to the standard output: {}", io_reason(error)))
        }
        LayoutUnreadable { path, error } => e(
            "E0701",
            format!("cannot read layout `{}`: {}", shown(path), io_reason(error)),
        ),
        MachineUnreadable { path, error } => e(
            "E0701",
            format!("cannot read machine description `{}`: {}", shown(path), io_reason(error)),
        ),
        GraphvizNotRun { error } => e("E0701", format!("cannot run Graphviz `dot`: {}", io_reason(error)))
            .with_help("reinstall Graphviz, or remove it from PATH to get the dot files alone"),
        GraphvizFailed { path, output } => {
            with_output(e("E0701", format!("Graphviz `dot` failed on `{}`", shown(path))), output)
        }
        CcNotRun { cc, error } => e(
            "E0702",
            format!("cannot run the C compiler `{cc}`: {}", io_reason(error)),
        )
        .with_help("install a C compiler or set CC"),
        CcBroken { cc, flags, output } => {
            let flags = if flags.is_empty() {
                String::new()
            } else {
                format!(" with BAMBOOC_CFLAGS `{}`", flags.join(" "))
            };
            with_output(
                e("E0702", format!("`{cc}`{flags} does not work as a C compiler: it fails on an empty C program")),
                output,
            )
            .with_help("set CC to a working C compiler (gcc or clang)")
        }
        MpiCcBroken { cc } => e("E0702", format!("`{cc}` does not work: `{cc} --version` failed"))
            .with_help(format!("`--mpi` builds need an MPI C compiler; set MPICC or {OPEN_MPI}")),
        MpiCcMissing { cc } => e(
            "E0702",
            format!("`--mpi` needs the MPI C compiler `{cc}`, which was not found"),
        )
        .with_help(format!("{OPEN_MPI} or set MPICC")),
        CRejected { what, output } => {
            let (what, note) = match what {
                Rejected::Runtime => ("the runtime", None),
                Rejected::RuntimeEmpty => ("the runtime (it wrote an empty object)", None),
                Rejected::Program { kept: Some(dir) } => (
                    "the generated code",
                    Some(format!("the generated C is kept in `{}`", shown(dir))),
                ),
                Rejected::Program { kept: None } => (
                    "the generated code",
                    Some("build again with `--emit c` to keep the generated C".to_string()),
                ),
            };
            let mut d = e("E0703", format!("internal compiler error: the C compiler rejected {what}"));
            d.notes.extend(note);
            with_output(d, output)
        }
        Internal(i) => e("E0703", format!("internal compiler error: {}", internal(i))),
        Codegen(c) => e("E0704", c.to_string())
            .with_help("the C runtime has fixed limits; split the task or simplify its guard"),
        Mpi(refusal) => mpi_refusal(refusal).with_help(MPI_HELP),
        RunProgram { exe, error } => e("E0706", format!("cannot run `{}`: {}", shown(exe), io_reason(error))),
        WaitProgram { exe, error } => e("E0706", format!("cannot wait for `{}`: {}", shown(exe), io_reason(error))),
        BenchmarkFailed { exe, cores, error: Some(error) } => e(
            "E0706",
            format!("cannot run the calibration benchmark `{}` on {cores} cores: {}", shown(exe), io_reason(error)),
        ),
        BenchmarkFailed { exe, cores, error: None } => e(
            "E0706",
            format!("the calibration benchmark `{}` failed on {cores} cores", shown(exe)),
        )
        .with_help("calibrate on a machine where programs built by bambooc run (`bambooc run` shows why one fails)"),
        MpirunNotRun { mpirun, error } => e(
            "E0706",
            format!("`calibrate --mpi` cannot start `{mpirun}`: {}", io_reason(error)),
        )
        .with_help(format!("{OPEN_MPI} or set MPIRUN")),
        Layout { path, error } => super::layout_diagnostic(&shown(path), error),
        Machine { source, error } => super::machine_diagnostic(source, error),
        ProfileUnreadable { path, error } => super::profile_unreadable(&shown(path), &io_reason(error)),
        Profile { path, error } => super::profile_diagnostic(&shown(path), error),
        CountHint(e) => super::count_hint_diagnostic(e),
    }
}

/// `d` with a tool's output as its last note, kept whole.
fn with_output(d: Diagnostic, output: &str) -> Diagnostic {
    match output.trim_end() {
        "" => d,
        out => d.with_note(out.trim_start_matches('\n')),
    }
}

fn internal(i: &Internal) -> String {
    match i {
        Internal::Unchecked => "the program did not check".into(),
        Internal::BenchmarkUnchecked(name) => {
            format!("the calibration benchmark `{name}` does not check")
        }
        Internal::NoTaskTime => "the calibration profile of `handoff` records no task time".into(),
        Internal::Json(m) => format!("cannot write the results as JSON: {m}"),
    }
}

fn mpi_refusal(r: &MpiRefusal) -> Diagnostic {
    let message = match r {
        MpiRefusal::GlobalVariable { class, field } => format!(
            "`--mpi` does not support the original dialect's global variables: `{class}.{field}` (a blank `static final`, W0124) would hold a value of its own on each rank"
        ),
        MpiRefusal::MergedLocks { task, exit, why } => {
            let exit = match exit {
                Some(i) => format!("exit {i}"),
                None => "its end".to_string(),
            };
            let why = match why {
                MergeEscape::MergerEverywhere => format!("task `{task}` runs on every rank"),
                MergeEscape::Taker { task, class } => format!(
                    "task `{task}`, which runs on every rank, may take merged objects of class `{class}` afterwards"
                ),
            };
            format!("`--mpi` cannot run this program across ranks: at {exit} of task `{task}` the lock plan merges the regions of task objects (they may share objects), and {why}")
        }
    };
    let d = Diagnostic::global("E0705", message);
    match r {
        MpiRefusal::MergedLocks { .. } => {
            d.with_note("merged objects must stay on one rank; `--emit locks` shows the plan")
        }
        _ => d,
    }
}

/// The diagnostic for a problem the driver works around.
pub fn driver_warning(w: &DriverWarning) -> Diagnostic {
    let d = match w {
        DriverWarning::CacheUnavailable { path, error } => Diagnostic::global(
            "W0700",
            format!(
                "cannot create the cache folder `{}`: {}; the runtime is compiled for this build only",
                path.display(),
                io_reason(error)
            ),
        )
        .with_help("set XDG_CACHE_HOME to a folder you can write to keep the compiled runtime between builds"),
        DriverWarning::NoisyCalibration { percent, measurements } => Diagnostic::global(
            "W0701",
            format!(
                "runs differ by more than {percent:.0}% of their median for: {}",
                measurements.join(", ")
            ),
        )
        .with_help("this host's speed varied while measuring; calibrate on a quiet machine, or with more `--runs`"),
    };
    Diagnostic {
        severity: Severity::Warning,
        ..d
    }
}

impl std::fmt::Display for Failure {
    /// The text printed for people (`[E0701] Error: ...` and its help and
    /// notes), without the final newline.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = super::render::render_global(&failure_diagnostic(self));
        f.write_str(text.trim_end())
    }
}

#[cfg(test)]
mod tests;
