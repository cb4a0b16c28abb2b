//! The command line (clap): `bambooc [FILE]...` and its subcommands, their
//! arguments, and the `--emit` kinds.

use super::*;

#[derive(Parser, Debug)]
#[command(
    name = "bambooc",
    version = concat!(env!("CARGO_PKG_VERSION"), " (", env!("BAMBOOC_COMMIT"), ")"),
    about = "Compiler for Bamboo, the data-centric task language (Zhou and Demsky, PLDI 2010)",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true,
    after_help = ENVIRONMENT
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Print the long explanation of a diagnostic code, e.g. `E0400`.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    #[command(flatten)]
    pub build: BuildArgs,
}

/// The environment variables, shown at the end of `--help`.
const ENVIRONMENT: &str = "\
Environment:
  CC                     the C compiler (default `cc`)
  BAMBOOC_CFLAGS         extra flags for every C compilation
  NO_COLOR               no colour in diagnostics under `--color auto`
  BAMBOOC_TIME_PASSES=1  print the time of each compiler stage (as `-v` does)
  BAMBOOC_LSP_TIMING=1   `bambooc lsp` prints each analysis' time
  XDG_CACHE_HOME, HOME   the compiled runtime is cached in $XDG_CACHE_HOME/bambooc (else ~/.cache/bambooc)
  TMPDIR                 where the generated C is compiled
Built programs read BAMBOO_CORES, BAMBOO_STATS, BAMBOO_TRACE, BAMBOO_BALANCE,
BAMBOO_GC_STRESS, BAMBOO_STACK, BAMBOO_CHECK_SHARING, BAMBOO_PROFILE_OUT and
BAMBOO_PROFILE_CLOCK (README.md, runtime-c/README.md).";

/// The subcommands, for telling a misspelt one from a file name.
pub const SUBCOMMANDS: &[&str] = &[
    "check",
    "build",
    "run",
    "sim",
    "calibrate",
    "lsp",
    "completions",
    "man",
];

/// The subcommand a misspelt word was probably meant to be.
pub fn suggest_subcommand(word: &str) -> Option<String> {
    crate::sema::suggest(word, SUBCOMMANDS.iter().copied())
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check a program and report diagnostics; writes nothing unless
    /// `--emit` asks for it.
    Check(CommonArgs),
    /// Compile a program to an executable.
    Build(BuildArgs),
    /// Compile a program and run it; arguments after `--` go to the program.
    Run(RunArgs),
    /// What-if mode: estimate layouts with the simulator from a profile
    /// (paper 4.4-4.5); emits no C.
    // The simulator reads a profile; it cannot make one.
    #[command(mut_arg("profile_gen", |a| a.hide(true)))]
    Sim(simcmd::SimArgs),
    /// Measure this machine's many-core costs with microbenchmarks of the
    /// real runtime and write a machine description (TOML).
    Calibrate(CalibrateArgs),
    /// Run the language server (LSP over standard input and output) that
    /// editors start: diagnostics, hover, go to definition, outline.
    Lsp,
    /// Print a completion script for a shell, e.g. `bambooc completions
    /// bash > ~/.local/share/bash-completion/completions/bambooc`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `bambooc man >
    /// ~/.local/share/man/man1/bambooc.1`.
    Man {
        /// How errors are printed.
        #[arg(long, value_enum, default_value_t = ErrorFormat::Human)]
        error_format: ErrorFormat,
    },
}

#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// Where to write the machine description (standard output without).
    #[arg(short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Runs of each measurement (the median is used).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub runs: u32,
    /// Also measure the network between MPI ranks (`mpirun`, Open MPI's
    /// options) and write a cluster: these cores' costs within a node,
    /// the measured latency and bandwidth between nodes.
    #[arg(long)]
    pub mpi: bool,
    /// Ranks of the `--mpi` measurement (one core each).
    #[arg(long, default_value_t = 2, requires = "mpi", value_parser = clap::value_parser!(u32).range(2..=64))]
    pub ranks: u32,
    /// How errors, warnings and the measurements on stderr are printed.
    #[arg(long, value_enum, default_value_t = ErrorFormat::Human)]
    pub error_format: ErrorFormat,
}

/// The program's name in layouts: the first source file's stem (`stdin`
/// for the standard input).
pub(super) fn program_name(args: &CommonArgs) -> String {
    args.files
        .first()
        .map(|f| if is_stdin(f) { Path::new("stdin") } else { f })
        .and_then(|f| f.file_stem())
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "program".into())
}

#[derive(Args, Debug, Default)]
pub struct CommonArgs {
    /// Bamboo source files (`.bb`); `-` reads one from standard input.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Print each compiler stage and its time, and the C compiler's
    /// command lines.
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Intermediate results to write (comma separated): ast, hir, c, astg,
    /// cstg, markov, layout, sim-trace, locks.
    #[arg(long, value_delimiter = ',', value_name = "KIND")]
    pub emit: Vec<EmitKind>,
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = ErrorFormat::Human)]
    pub error_format: ErrorFormat,
    /// Show at most N errors (0: all); a note counts the rest.
    #[arg(long, value_name = "N", default_value_t = diagnostics::DEFAULT_ERROR_LIMIT)]
    pub error_limit: usize,
    /// Colour in diagnostics: auto (when stderr is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Output path; artifacts of `--emit` are written beside it.
    #[arg(short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
    /// Language rules: java (the default), or original, the original
    /// Bamboo compiler's, under which the Java rules it did not check are
    /// warnings W0104, W0124, W0128, W0300 and W0302, each with a defined
    /// behaviour (`bambooc --explain W0300`), and wrappers stand for their
    /// primitive.
    #[arg(long, value_enum, default_value_t = DialectArg::Java)]
    pub dialect: DialectArg,
}

/// `--dialect`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum DialectArg {
    #[default]
    Java,
    Original,
}

impl From<crate::sema::Dialect> for DialectArg {
    fn from(d: crate::sema::Dialect) -> Self {
        match d {
            crate::sema::Dialect::Java => DialectArg::Java,
            crate::sema::Dialect::Original => DialectArg::Original,
        }
    }
}

impl From<DialectArg> for crate::sema::Dialect {
    fn from(d: DialectArg) -> Self {
        match d {
            DialectArg::Java => crate::sema::Dialect::Java,
            DialectArg::Original => crate::sema::Dialect::Original,
        }
    }
}

#[derive(Args, Debug, Default)]
pub struct BuildArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub codegen: CodegenArgs,
}

#[derive(Args, Debug, Default, Clone)]
pub struct CodegenArgs {
    /// Optimisation level passed to the C compiler (0-3).
    #[arg(short = 'O', value_name = "LEVEL", default_value = "2", value_parser = clap::value_parser!(u8).range(0..=3))]
    pub opt_level: u8,
    /// Turn array bounds checks off (for measurements; the paper's
    /// benchmarks ran without them). An index out of bounds is then
    /// undefined, and so is one whose int arithmetic overflows (it is
    /// computed in 64 bits).
    #[arg(long)]
    pub no_bounds_checks: bool,
    /// Emit no lock merges at task exits (to test that the sharing
    /// sanitizer, `BAMBOO_CHECK_SHARING=1`, catches the sharing).
    #[arg(long, hide = true)]
    pub no_lock_merge: bool,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Cores to run on, with the default layout (every data-parallel task
    /// on every core; paper 4.7). `BAMBOO_CORES=N` changes it at run time.
    /// Without a profile, a task whose body the compiler estimates too
    /// small to be worth a hop keeps its objects on their core, and chains
    /// of tasks on one object stay on one core (ARCHITECTURE.md, "The
    /// default layout").
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=bambooc_runtime::MAX_CORES as i64))]
    pub cores: u32,
    /// With the default layout, spread every data-parallel task's objects
    /// over all cores round-robin, whatever the estimate (for measuring
    /// hand-offs).
    #[arg(long, conflicts_with = "layout_file")]
    pub spread: bool,
    /// A layout file (JSON, `bambooc-layout`) saying which core runs which
    /// task instances and where objects go.
    #[arg(long = "layout", value_name = "FILE", conflicts_with = "cores")]
    pub layout_file: Option<PathBuf>,
    /// Build for MPI (compiled with `mpicc`): `mpirun -np R ./prog` runs it
    /// on R ranks of `BAMBOO_CORES` cores each (default 1), the default
    /// layout spread over all of them; see ARCHITECTURE.md, "Across MPI
    /// ranks".
    #[arg(long, conflicts_with_all = ["layout_file", "profile_gen", "profile"])]
    pub mpi: bool,
    /// The layout code generation uses (read from `--layout`, or given by
    /// synthesis); `None`: the default layout on `cores` cores.
    #[arg(skip)]
    pub layout: Option<crate::synthesis::layout::Layout>,
}

/// Profiling (paper 4.3.1): `--profile-gen` builds, `--profile` reads.
#[derive(Args, Debug, Default, Clone)]
pub struct ProfileArgs {
    /// Build an instrumented single-core program that writes a profile when
    /// it ends (to $BAMBOO_PROFILE_OUT, else `<program>.profile`).
    #[arg(long, conflicts_with = "profile")]
    pub profile_gen: bool,
    /// A profile written by a `--profile-gen` build of this program.
    #[arg(long, value_name = "FILE")]
    pub profile: Option<PathBuf>,
    /// How the simulator counts the exits of a task (paper 4.4):
    /// `TASK=per-task` (the default) or `TASK=per-object`; repeatable.
    #[arg(long, value_name = "TASK=per-task|per-object", value_parser = parse_count_hint, requires = "profile")]
    pub count_hint: Vec<crate::synthesis::markov::CountHint>,
}

pub(super) fn parse_count_hint(s: &str) -> Result<crate::synthesis::markov::CountHint, String> {
    use crate::synthesis::markov::{CountHint, Counting};
    let (task, how) = s
        .split_once('=')
        .ok_or_else(|| format!("`{s}` is not TASK=per-task or TASK=per-object"))?;
    let counting = match how {
        "per-task" => Counting::PerTask,
        "per-object" => Counting::PerObject,
        _ => return Err(format!("`{how}` is neither `per-task` nor `per-object`")),
    };
    Ok(CountHint {
        task: task.to_string(),
        counting,
    })
}

#[derive(Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub codegen: CodegenArgs,
    /// Arguments for the program (after `--`).
    #[arg(last = true)]
    pub program_args: Vec<String>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum EmitKind {
    Ast,
    Hir,
    /// The generated C, kept in the folder `<output>.c/`.
    C,
    /// The abstract state transition graphs (paper 4.1) as Graphviz dot,
    /// `<output>.astg.dot` (and `.svg` when Graphviz is installed).
    Astg,
    /// The combined state transition graph (paper 4.3.1, Figure 3),
    /// `<output>.cstg.dot` (and `.svg`).
    Cstg,
    /// The Markov model built from `--profile` (text).
    Markov,
    /// The layout `bambooc sim` chose or simulated, or the layout a build runs with (JSON, `<output>.layout.json`).
    Layout,
    /// The simulated execution (Chrome trace-event JSON, one track per core).
    SimTrace,
    /// The disjointness analysis' lock plan (`<stem>.locks.txt`).
    Locks,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ErrorFormat {
    #[default]
    Human,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}
