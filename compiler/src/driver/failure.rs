//! What stops the driver outside the source text, as data: usage mistakes,
//! files and folders it cannot read or write, a C compiler that fails,
//! programs the back end or `--mpi` refuses, a built program that cannot
//! run, and bad layout, profile and machine files. Also the driver's
//! warnings that do not stop it.
//!
//! In: what each driver function met (paths, the tool and its output, the
//! I/O error). Out: a [`Failure`] or [`DriverWarning`]; every word of
//! their text is in `diagnostics/driver.rs`, which turns each into a
//! `Diagnostic` (codes E0700-E0706, E0620, E0621, E06xx for profiles,
//! W0700, W0701), printed by `report.rs`.

use crate::codegen::CodegenError;
use crate::synthesis::layout::LayoutError;
use crate::synthesis::machine::MachineError;
use crate::synthesis::markov::UnknownHintTask;
use crate::synthesis::profile::ProfileError;
use std::io;
use std::path::PathBuf;

/// An error that stops a command, met outside the source text.
#[derive(Debug)]
pub enum Failure {
    // The command as given (E0700).
    /// No source files on the command line.
    NoInputFiles,
    /// `--explain CODE` with a code the catalogue does not have.
    UnknownCode { code: String },
    /// `--profile-gen` with `--layout FILE` or `--cores N` (N > 1): the
    /// profiler times task bodies on one core.
    ProfileGenOnOneCore { layout: bool, cores: u32 },
    /// `bambooc sim` without `--profile`.
    SimNeedsProfile,
    /// `bambooc sim --profile-gen`: the simulator reads profiles only.
    SimReadsProfile,
    /// `bambooc sim --full-replay` on a run with more task objects than
    /// the simulator replays in full.
    FullReplayTooLarge { objects: f64, limit: u64 },

    // Files and folders (E0701).
    /// A file could not be read.
    Read { path: PathBuf, error: io::Error },
    /// A file could not be written.
    Write { path: PathBuf, error: io::Error },
    /// A folder could not be created.
    CreateFolder { path: PathBuf, error: io::Error },
    /// No private temporary file could be made in a folder.
    WriteIn { folder: PathBuf, error: io::Error },
    /// No fresh build folder could be made under `$TMPDIR`.
    BuildFolder { parent: PathBuf, error: io::Error },
    /// The output path names a folder.
    OutputIsFolder { output: PathBuf },
    /// The output path names one of the inputs.
    OutputIsInput { output: PathBuf, input: PathBuf },
    /// The output's folder does not exist.
    OutputFolderMissing { output: PathBuf, folder: PathBuf },
    /// What should be the output's folder is a file.
    OutputFolderNotFolder { output: PathBuf, folder: PathBuf },
    /// Nothing can be written into the output's folder.
    OutputFolderUnwritable {
        output: PathBuf,
        folder: PathBuf,
        error: io::Error,
    },
    /// The runtime cache folder exists but cannot be used.
    CacheFolder { path: PathBuf, error: io::Error },
    /// The runtime cache folder is not a private folder of this user's.
    CacheRefused { path: PathBuf, why: CacheRefusal },
    /// Writing to the standard output failed.
    Stdout { what: StdoutWhat, error: io::Error },
    /// `--layout FILE` could not be read.
    LayoutUnreadable { path: PathBuf, error: io::Error },
    /// `--machine FILE` could not be read.
    MachineUnreadable { path: PathBuf, error: io::Error },
    /// Graphviz `dot` is installed but could not be started.
    GraphvizNotRun { error: io::Error },
    /// Graphviz `dot` failed on a dot file.
    GraphvizFailed { path: PathBuf, output: String },

    // The C compiler (E0702).
    /// The C compiler could not be started.
    CcNotRun { cc: String, error: io::Error },
    /// The C compiler fails on an empty C program (with the build's
    /// `BAMBOOC_CFLAGS`, `flags`); `output` is what it printed.
    CcBroken {
        cc: String,
        flags: Vec<String>,
        output: String,
    },
    /// The MPI compiler wrapper runs but `--version` fails.
    MpiCcBroken { cc: String },
    /// The MPI compiler wrapper was not found.
    MpiCcMissing { cc: String },

    // Internal compiler errors (E0703).
    /// A working C compiler rejected C that bambooc wrote.
    CRejected { what: Rejected, output: String },
    /// A state the driver should never reach.
    Internal(Internal),

    /// A program beyond the code generator's limits (E0704).
    Codegen(CodegenError),
    /// A program `--mpi` cannot run across ranks (E0705).
    Mpi(MpiRefusal),

    // The built program (E0706).
    /// `bambooc run` could not start the program.
    RunProgram { exe: PathBuf, error: io::Error },
    /// `bambooc run` lost track of the program.
    WaitProgram { exe: PathBuf, error: io::Error },
    /// A calibration benchmark failed (`error`: it could not start; else
    /// it exited with a failure).
    BenchmarkFailed {
        exe: PathBuf,
        cores: u32,
        error: Option<io::Error>,
    },
    /// `bambooc calibrate --mpi` could not start `mpirun` (`$MPIRUN`).
    MpirunNotRun { mpirun: String, error: io::Error },

    // Input files with codes of their own (E06xx).
    /// `--layout FILE` does not fit the program (E0620).
    Layout { path: PathBuf, error: LayoutError },
    /// A machine description or name that is not valid (E0621).
    Machine { source: String, error: MachineError },
    /// `--profile FILE` could not be read (E0600).
    ProfileUnreadable { path: PathBuf, error: io::Error },
    /// `--profile FILE` is not a valid profile of the program (E0601-E0611).
    Profile { path: PathBuf, error: ProfileError },
    /// `--count-hint` names an unknown task (E0612).
    CountHint(UnknownHintTask),
}

/// Why the cache folder is refused.
#[derive(Debug)]
pub enum CacheRefusal {
    Symlink,
    NotAFolder,
    OtherUser { uid: u32 },
}

/// What was being written to the standard output.
#[derive(Debug, Clone, Copy)]
pub enum StdoutWhat {
    ManPage,
    MachineDescription,
}

/// The C a working C compiler rejected.
#[derive(Debug)]
pub enum Rejected {
    /// The runtime's sources.
    Runtime,
    /// The runtime's sources, compiled to an empty object.
    RuntimeEmpty,
    /// The generated program; `kept` is the `--emit c` folder holding it.
    Program { kept: Option<PathBuf> },
}

/// A state the driver should never reach.
#[derive(Debug)]
pub enum Internal {
    /// A stage after the front end was asked to work on a program that
    /// did not check.
    Unchecked,
    /// A calibration benchmark (the name) does not check.
    BenchmarkUnchecked(String),
    /// The calibration profile of `handoff` records no task time.
    NoTaskTime,
    /// The results could not be serialised (the serde message).
    Json(String),
}

/// What `--mpi` cannot run across ranks (ARCHITECTURE.md, "Across MPI
/// ranks").
#[derive(Debug)]
pub enum MpiRefusal {
    /// The original dialect's global variable `class.field`.
    GlobalVariable { class: String, field: String },
    /// The lock plan merges regions at an exit (`None`: the task's end) of
    /// `task`, and the merged objects could leave rank 0.
    MergedLocks {
        task: String,
        exit: Option<usize>,
        why: MergeEscape,
    },
}

/// How merged objects could leave rank 0.
#[derive(Debug)]
pub enum MergeEscape {
    /// The merging task itself runs on every rank.
    MergerEverywhere,
    /// `task` runs on every rank and may take merged objects of `class`.
    Taker { task: String, class: String },
}

/// A problem the driver works around, reported as a warning.
#[derive(Debug)]
pub enum DriverWarning {
    /// The cache folder cannot be created: the runtime is compiled for
    /// this build only (W0700).
    CacheUnavailable { path: PathBuf, error: io::Error },
    /// Runs of these calibration measurements differ by more than
    /// `percent` of their median (W0701).
    NoisyCalibration {
        percent: f64,
        measurements: Vec<String>,
    },
}
