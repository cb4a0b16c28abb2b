//! The driver: command line, file reading, the order of the stages, and
//! what is written where. The only module that does I/O.
//!
//! In: command-line arguments. Out: diagnostics on stderr, artifacts on
//! disk, an exit status (0 success, 1 any error).

use crate::diagnostics::{self, Diagnostic, Label};
use crate::hir;
use crate::sema;
use crate::source::SourceMap;
use bambooc_syntax::ast;
use bambooc_syntax::span::{FileId, Span};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

#[derive(Parser, Debug)]
#[command(
    name = "bambooc",
    version,
    about = "Compiler for Bamboo, the data-centric task language (Zhou and Demsky, PLDI 2010)",
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
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
    Sim(simcmd::SimArgs),
    /// Measure this machine's many-core costs with microbenchmarks of the
    /// real runtime and write a machine description (TOML).
    Calibrate(CalibrateArgs),
}

#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// Where to write the machine description.
    #[arg(short = 'o', value_name = "FILE")]
    pub output: PathBuf,
    /// Runs of each measurement (the median is used).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub runs: u32,
}

mod calibrate;
mod cbuild;
mod simcmd;
pub use simcmd::{read_machine, synthesise, DEFAULT_SEED};

/// The program's name in layouts: the first source file's stem.
fn program_name(args: &CommonArgs) -> String {
    args.files
        .first()
        .and_then(|f| f.file_stem())
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "program".into())
}

#[derive(Args, Debug, Default)]
pub struct CommonArgs {
    /// Bamboo source files (`.bb`).
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Intermediate results to write: ast, hir, c, astg, cstg, markov
    /// (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "KIND")]
    pub emit: Vec<EmitKind>,
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = ErrorFormat::Human)]
    pub error_format: ErrorFormat,
    /// Colour in diagnostics: auto (when stderr is a terminal), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// Output path; artifacts of `--emit` are written beside it.
    #[arg(short = 'o', value_name = "PATH")]
    pub output: Option<PathBuf>,
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

fn parse_count_hint(s: &str) -> Result<crate::synthesis::markov::CountHint, String> {
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

/// Everything the front end produced for one program.
pub struct Frontend {
    pub sources: SourceMap,
    pub user_files: Vec<FileId>,
    /// The user files' trees (the library's are parsed once per process).
    pub asts: Vec<(FileId, ast::SourceFile)>,
    pub diagnostics: Vec<Diagnostic>,
    /// Present when parsing succeeded (sema ran); complete only without
    /// errors.
    pub program: Option<hir::Program>,
    /// The ASTGs (paper 4.1), present when the program checked without
    /// errors.
    pub astgs: Option<Vec<crate::analysis::astg::Astg>>,
    /// How long each stage took, in order (`BAMBOOC_TIME_PASSES=1` prints
    /// them).
    pub timings: Vec<(&'static str, std::time::Duration)>,
    /// The CSTG (paper 4.3.1) and the lock plan (4.2), each built the first
    /// time a stage asks (`cstg`, `lock_plan`): one compiler run builds
    /// every stage product once and hands it on.
    cstg: std::cell::OnceCell<crate::analysis::cstg::Cstg>,
    locks: std::cell::OnceCell<crate::analysis::disjoint::LockPlan>,
}

impl Frontend {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }

    /// The CSTG of the checked program (None when it did not check).
    pub fn cstg(&self) -> Option<&crate::analysis::cstg::Cstg> {
        let (Some(p), Some(astgs)) = (&self.program, &self.astgs) else {
            return None;
        };
        Some(
            self.cstg
                .get_or_init(|| timed("cstg", || crate::analysis::cstg::build(p, astgs))),
        )
    }

    /// The disjointness analysis' lock plan of the checked program.
    pub fn lock_plan(&self) -> Option<&crate::analysis::disjoint::LockPlan> {
        let p = self.program.as_ref()?;
        Some(self.locks.get_or_init(|| lock_plan(p).0))
    }
}

/// Runs one stage; with `BAMBOOC_TIME_PASSES` set, prints how long it took.
pub fn timed<T>(stage: &str, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let out = f();
    if std::env::var_os("BAMBOOC_TIME_PASSES").is_some() {
        print_time(stage, t.elapsed());
    }
    out
}

fn print_time(stage: &str, d: std::time::Duration) {
    eprintln!("time: {stage:<8} {:>10.3} ms", d.as_secs_f64() * 1e3);
}

/// Reads source files; unreadable files and invalid UTF-8 become
/// diagnostics.
pub fn read_sources(paths: &[PathBuf]) -> (SourceMap, Vec<FileId>, Vec<Diagnostic>) {
    let mut sources = stdlib_sources();
    let mut ids = Vec::new();
    let mut diags = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        if path.is_dir() {
            diags.push(
                Diagnostic::global("E0011", format!("cannot read `{shown}`: it is a directory"))
                    .with_help("give the `.bb` files inside it"),
            );
            continue;
        }
        match std::fs::read(path) {
            Err(e) => {
                let reason = match e.kind() {
                    std::io::ErrorKind::NotFound => "no such file".to_string(),
                    std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                    _ => e.to_string(),
                };
                diags.push(Diagnostic::global(
                    "E0011",
                    format!("cannot read `{shown}`: {reason}"),
                ));
            }
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) => ids.push(sources.add(shown, text, false)),
                Err(e) => {
                    let valid = e.utf8_error().valid_up_to();
                    let bytes = e.into_bytes();
                    // Keep the file (lossily) so the error can point at the
                    // offending byte.
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    let id = sources.add(shown, text, false);
                    diags.push(
                        Diagnostic::error(
                            "E0010",
                            "source file is not valid UTF-8",
                            Label::new(
                                Span::new(id, valid, valid + '\u{FFFD}'.len_utf8()),
                                format!("invalid byte 0x{:02x} at offset {valid}", bytes[valid]),
                            ),
                        )
                        .with_help("save the file as UTF-8"),
                    );
                }
            },
        }
    }
    (sources, ids, diags)
}

/// A source map holding the standard library's files, which always come
/// first (so their parsed trees can be shared between compilations).
pub fn stdlib_sources() -> SourceMap {
    let mut sources = SourceMap::new();
    for (name, text) in crate::stdlib::STDLIB {
        sources.add(format!("<stdlib>/{name}"), text.to_string(), true);
    }
    sources
}

/// The standard library parsed once per process.
fn stdlib_trees() -> &'static [(ast::SourceFile, Vec<bambooc_syntax::ParseError>)] {
    static TREES: std::sync::OnceLock<Vec<(ast::SourceFile, Vec<bambooc_syntax::ParseError>)>> =
        std::sync::OnceLock::new();
    TREES.get_or_init(|| {
        crate::stdlib::STDLIB
            .iter()
            .enumerate()
            .map(|(i, (_, text))| bambooc_syntax::parse(FileId(i as u32), text))
            .collect()
    })
}

/// Parses and checks the given user files together with the standard
/// library (`sources` must come from `stdlib_sources`).
pub fn frontend(
    sources: SourceMap,
    user_files: Vec<FileId>,
    diagnostics: Vec<Diagnostic>,
) -> Frontend {
    frontend_with(sources, user_files, diagnostics, None)
}

/// The standard library checked once per process, for `check_source`;
/// `None` if reusing its bodies is not possible.
pub fn prechecked_stdlib() -> Option<&'static sema::StdlibBodies> {
    static BODIES: std::sync::OnceLock<Option<sema::StdlibBodies>> = std::sync::OnceLock::new();
    BODIES
        .get_or_init(|| {
            let fe = frontend(stdlib_sources(), Vec::new(), Vec::new());
            let p = fe.program.as_ref()?;
            if fe.has_errors() {
                return None;
            }
            sema::StdlibBodies::from_program(p)
        })
        .as_ref()
}

/// `frontend`, with the library's bodies taken from `stdlib` (prechecked
/// once, `prechecked_stdlib`) instead of checked again: the same result.
pub fn frontend_with(
    sources: SourceMap,
    user_files: Vec<FileId>,
    mut diagnostics: Vec<Diagnostic>,
    stdlib: Option<&sema::StdlibBodies>,
) -> Frontend {
    let start = std::time::Instant::now();
    let mut asts = Vec::new();
    let mut parse_failed = false;
    // The library's trees are parsed once per process and not copied.
    for (_, errors) in stdlib_trees() {
        parse_failed |= !errors.is_empty();
        diagnostics.extend(errors.iter().map(diagnostics::parse_diagnostic));
    }
    for &id in &user_files {
        let (file, errors) = bambooc_syntax::parse(id, &sources.file(id).text);
        parse_failed |= !errors.is_empty();
        diagnostics.extend(errors.iter().map(diagnostics::parse_diagnostic));
        asts.push((id, file));
    }
    let mut program = None;
    let mut astgs = None;
    let mut timings = vec![("parse", start.elapsed())];
    if !parse_failed && !diagnostics.iter().any(Diagnostic::is_error) {
        let library = stdlib_trees().iter().map(|(ast, _)| sema::InputFile {
            ast,
            is_stdlib: true,
        });
        let inputs: Vec<sema::InputFile> = library
            .chain(asts.iter().map(|(id, ast)| sema::InputFile {
                ast,
                is_stdlib: sources.file(*id).is_stdlib,
            }))
            .collect();
        let t = std::time::Instant::now();
        let (p, errors) = sema::check_with(&inputs, stdlib);
        timings.push(("sema", t.elapsed()));
        diagnostics.extend(errors.iter().map(diagnostics::sema_diagnostic));
        if errors.is_empty() {
            let (graphs, warnings) = graph_warnings(&p, &mut timings);
            diagnostics.extend(warnings);
            astgs = Some(graphs);
        }
        program = Some(p);
    }
    diagnostics::sort(&mut diagnostics);
    Frontend {
        sources,
        user_files,
        asts,
        diagnostics,
        program,
        astgs,
        timings,
        cstg: Default::default(),
        locks: Default::default(),
    }
}

/// The ASTGs of a checked program and the warnings drawn from them.
fn graph_warnings(
    p: &hir::Program,
    timings: &mut Vec<(&'static str, std::time::Duration)>,
) -> (Vec<crate::analysis::astg::Astg>, Vec<Diagnostic>) {
    use crate::analysis::{astg, checks};
    let t = std::time::Instant::now();
    let graphs = astg::build(p);
    timings.push(("astg", t.elapsed()));
    let t = std::time::Instant::now();
    let warnings = checks::check(p, &graphs)
        .iter()
        .map(|w| diagnostics::analysis_diagnostic(p, w))
        .collect();
    timings.push(("checks", t.elapsed()));
    (graphs, warnings)
}

/// Checks source text given in memory (tests, fuzzing).
/// The standard library is checked once per process
/// (`prechecked_stdlib`), so that checking many sources is fast.
pub fn check_source(name: &str, text: &str) -> Frontend {
    let mut sources = stdlib_sources();
    let id = sources.add(name, text.to_string(), false);
    frontend_with(sources, vec![id], Vec::new(), prechecked_stdlib())
}

/// Renders diagnostics as the command line prints them.
pub fn render(fe: &Frontend, format: ErrorFormat, color: bool) -> String {
    match format {
        ErrorFormat::Human => diagnostics::render_human(&fe.diagnostics, &fe.sources, color),
        ErrorFormat::Json => diagnostics::render_json(&fe.diagnostics, &fe.sources),
    }
}

/// The entry point of the `bambooc` binary; returns the exit status.
pub fn main(cli: Cli) -> i32 {
    if let Some(code) = &cli.explain {
        return explain(code);
    }
    match cli.command {
        Some(Command::Check(args)) => check(&args),
        Some(Command::Build(args)) => build(&args.common, &args.codegen),
        Some(Command::Run(args)) => run(&args),
        Some(Command::Sim(args)) => simcmd::sim(&args),
        Some(Command::Calibrate(args)) => calibrate::calibrate(&args),
        None => build(&cli.build.common, &cli.build.codegen),
    }
}

fn explain(code: &str) -> i32 {
    match diagnostics::explain(code) {
        Some(info) => {
            print!("{}", info.explanation);
            0
        }
        None => {
            eprintln!("error: `{code}` is not a bambooc diagnostic code");
            eprintln!("codes look like E0001; `bambooc check` prints them in brackets");
            1
        }
    }
}

fn use_color(choice: ColorChoice) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    }
}

/// Parses and checks, prints diagnostics and writes `--emit` artifacts.
fn run_frontend(args: &CommonArgs) -> Option<Frontend> {
    if args.files.is_empty() {
        eprintln!("error: no input files");
        eprintln!("usage: bambooc check FILE.bb ... (see `bambooc --help`)");
        return None;
    }
    let (sources, ids, diags) = read_sources(&args.files);
    let fe = frontend(sources, ids, diags);
    if std::env::var_os("BAMBOOC_TIME_PASSES").is_some() {
        for (stage, d) in &fe.timings {
            print_time(stage, *d);
        }
    }
    let text = render(&fe, args.error_format, use_color(args.color));
    if !text.is_empty() {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
    if let Err(e) = emit(args, &fe) {
        eprintln!("error: {e}");
        return None;
    }
    Some(fe)
}

fn check(args: &CommonArgs) -> i32 {
    match run_frontend(args) {
        Some(fe) if !fe.has_errors() => 0,
        _ => 1,
    }
}

/// The layout of `--layout FILE`, validated against the program; a bad
/// file is reported as a diagnostic. Returns the code generation arguments
/// to build with.
fn with_layout(args: &CommonArgs, cg: &CodegenArgs, fe: &Frontend) -> Result<CodegenArgs, i32> {
    let mut cg = cg.clone();
    if cg.profile.profile_gen && (cg.cores > 1 || cg.layout_file.is_some()) {
        // The profiler times task bodies on one core (runtime-c/src/profile.c).
        let what = if cg.layout_file.is_some() {
            "`--layout`".to_string()
        } else {
            format!("`--cores {}`", cg.cores)
        };
        eprintln!("error: `--profile-gen` builds run on one core; remove {what}");
        return Err(1);
    }
    let (Some(file), Some(program)) = (&cg.layout_file, &fe.program) else {
        return Ok(cg);
    };
    let text = std::fs::read_to_string(file).map_err(|e| {
        eprintln!("error: cannot read layout `{}`: {e}", file.display());
        1
    })?;
    let name = program_name(args);
    match crate::synthesis::layout::Layout::from_json(program, &name, &text) {
        Ok(layout) => {
            cg.layout = Some(layout);
            Ok(cg)
        }
        Err(e) => {
            let d = diagnostics::layout_diagnostic(&file.display().to_string(), &e);
            let text = match args.error_format {
                ErrorFormat::Human => {
                    diagnostics::render_human(&[d], &fe.sources, use_color(args.color))
                }
                ErrorFormat::Json => diagnostics::render_json(&[d], &fe.sources),
            };
            let _ = std::io::stderr().write_all(text.as_bytes());
            Err(1)
        }
    }
}

fn build(args: &CommonArgs, cg: &CodegenArgs) -> i32 {
    let Some(fe) = run_frontend(args) else {
        return 1;
    };
    if fe.has_errors() {
        return 1;
    }
    let Ok(markov) = load_profile(&fe, args, &cg.profile) else {
        return 1;
    };
    let mut cg = match with_layout(args, cg, &fe) {
        Ok(cg) => cg,
        Err(code) => return code,
    };
    if let (Some(markov), None) = (&markov, &cg.layout) {
        let layout = synthesised_layout(args, &fe, markov, cg.cores);
        if layout.used_cores() < cg.cores {
            eprintln!(
                "note: the model estimates no gain from more than {} of the {} cores: the program is built for {}",
                layout.used_cores(),
                cg.cores,
                layout.used_cores()
            );
        }
        cg.layout = Some(layout.trimmed());
    } else if cg.layout.is_none() && cg.cores > 1 && !cg.spread {
        if let Some(program) = &fe.program {
            let name = program_name(args);
            let default =
                crate::synthesis::layout::Layout::default_for(program, &name, "smp", cg.cores);
            if !default.spreads() {
                // Nothing the estimate finds worth another core: the
                // one-core runtime has no cross-core costs at all.
                eprintln!(
                    "note: no task is estimated large enough to gain from another core: the program is built for 1 core (BAMBOO_CORES=N, --spread or a profile change this)"
                );
                cg.cores = 1;
            }
        }
    }
    let cg = &cg;
    let output = args.output.clone().unwrap_or_else(|| artifact_stem(args));
    if args.emit.contains(&EmitKind::Layout) {
        if let Err(e) = write_build_layout(&fe, args, cg, &output) {
            eprintln!("{e}");
            return 1;
        }
    }
    match compile_program(&fe, args, cg, &output, &output) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("{e}");
            1
        }
    }
}

/// Writes `<output>.layout.json`: the layout this build runs with (given,
/// synthesised, or the default for `--cores`), so that `bambooc sim
/// --layout` can estimate exactly what was built.
fn write_build_layout(
    fe: &Frontend,
    args: &CommonArgs,
    cg: &CodegenArgs,
    output: &Path,
) -> Result<(), String> {
    let program = fe
        .program
        .as_ref()
        .ok_or("error: the program did not check")?;
    let name = program_name(args);
    let layout = match &cg.layout {
        Some(l) => l.clone(),
        None => crate::synthesis::layout::Layout::default_or_spread(
            program, &name, "smp", cg.cores, cg.spread,
        ),
    };
    let path = PathBuf::from(format!("{}.layout.json", output.display()));
    std::fs::write(&path, layout.to_json(program)).map_err(|e| {
        format!(
            "error: cannot write `{}`: {}",
            path.display(),
            cbuild::reason(&e)
        )
    })
}

/// The layout that synthesis and directed simulated annealing choose from
/// a profile (paper 4.3-4.5) for `cores` cores of this machine (`smp:N`).
fn synthesised_layout(
    args: &CommonArgs,
    fe: &Frontend,
    markov: &crate::synthesis::markov::MarkovModel,
    cores: u32,
) -> crate::synthesis::layout::Layout {
    let name = program_name(args);
    let (Some(program), Some(cstg), Some(locks)) = (&fe.program, fe.cstg(), fe.lock_plan()) else {
        unreachable!("a profile is loaded only for a checked program");
    };
    let model = timed("simmodel", || {
        crate::synthesis::sim::model_from(program, &name, cstg, markov, locks)
    });
    let machine = crate::synthesis::machine::Machine::smp(cores.max(1))
        .expect("smp:N is a built-in machine for every N >= 1");
    timed("synth", || {
        synthesise(
            &model,
            &machine,
            cores.max(1),
            DEFAULT_SEED,
            crate::synthesis::sim::SimOptions::default(),
            &[],
        )
    })
    .layout
}

fn run(args: &RunArgs) -> i32 {
    let Some(fe) = run_frontend(&args.common) else {
        return 1;
    };
    if fe.has_errors() {
        return 1;
    }
    if load_profile(&fe, &args.common, &args.codegen.profile).is_err() {
        return 1;
    }
    let codegen = match with_layout(&args.common, &args.codegen, &fe) {
        Ok(cg) => cg,
        Err(code) => return code,
    };
    // The executable runs from a fresh private folder, removed afterwards.
    let dir = match cbuild::build_dir("run") {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    let stem = artifact_stem(&args.common);
    let exe = dir.path().join(stem.file_name().unwrap_or_default());
    match compile_program(&fe, &args.common, &codegen, &exe, &stem) {
        Err(e) => {
            eprintln!("{e}");
            1
        }
        Ok(()) => cbuild::run_executable(&exe, &args.program_args),
    }
}

/// An error was printed; the caller only stops.
#[derive(Debug)]
pub struct ErrorReported;

/// Reads and validates `--profile` (printing its diagnostics) and builds
/// the Markov model with the `--count-hint`s; writes it with `--emit
/// markov`. `Ok(None)` without `--profile`; `Err` once an error has been
/// printed.
pub fn load_profile(
    fe: &Frontend,
    args: &CommonArgs,
    pa: &ProfileArgs,
) -> Result<Option<crate::synthesis::markov::MarkovModel>, ErrorReported> {
    use crate::synthesis::profile::Profile;
    let Some(path) = &pa.profile else {
        return Ok(None);
    };
    let Some(program) = &fe.program else {
        return Err(ErrorReported);
    };
    let shown = path.display().to_string();
    let report = |d: Diagnostic| {
        let text = match args.error_format {
            ErrorFormat::Human => {
                diagnostics::render_human(&[d], &fe.sources, use_color(args.color))
            }
            ErrorFormat::Json => diagnostics::render_json(&[d], &fe.sources),
        };
        let _ = std::io::stderr().write_all(text.as_bytes());
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ if path.is_dir() => "it is a directory".to_string(),
                _ => e.to_string(),
            };
            report(diagnostics::profile_unreadable(&shown, &reason));
            return Err(ErrorReported);
        }
    };
    let profile = Profile::from_json(program, &text).map_err(|e| {
        report(diagnostics::profile_diagnostic(&shown, &e));
        ErrorReported
    })?;
    let Some(cstg) = fe.cstg() else {
        return Err(ErrorReported);
    };
    let model = timed("markov", || {
        crate::synthesis::markov::model_with_hints(program, cstg, &profile, &pa.count_hint)
    })
    .map_err(|e| {
        report(diagnostics::count_hint_diagnostic(&e));
        ErrorReported
    })?;
    if args.emit.contains(&EmitKind::Markov) {
        let out = PathBuf::from(format!("{}.markov.txt", artifact_stem(args).display()));
        let text = format!("{}{}", model.dump(program), model.dump_graph(program, cstg));
        if let Err(e) = std::fs::write(&out, text) {
            eprintln!("error: cannot write `{}`: {e}", out.display());
            return Err(ErrorReported);
        }
    }
    Ok(Some(model))
}

/// Generates C, writes it into a build folder, and compiles it with `$CC`
/// (default `cc`) against the runtime into `output`. With `--emit c` the
/// folder `<c_stem>.c/` keeps the C; otherwise a fresh temporary folder is
/// used and removed on every way out.
pub fn compile_program(
    fe: &Frontend,
    args: &CommonArgs,
    cg: &CodegenArgs,
    output: &Path,
    c_stem: &Path,
) -> Result<(), String> {
    let program = fe
        .program
        .as_ref()
        .ok_or("error: the program did not check")?;
    let mut inputs: Vec<&Path> = args.files.iter().map(PathBuf::as_path).collect();
    inputs.extend(cg.profile.profile.as_deref());
    inputs.extend(cg.layout_file.as_deref());
    let exe = cbuild::OutputFile::new(output, &inputs)?;
    let name = args
        .files
        .first()
        .and_then(|f| f.file_name())
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_else(|| "program".into());
    let opts = crate::codegen::Options {
        bounds_checks: !cg.no_bounds_checks,
        program_name: name,
        profile_fingerprint: cg
            .profile
            .profile_gen
            .then(|| crate::synthesis::profile::fingerprint(program)),
        layout: cg.layout.clone(),
        cores: cg.cores,
        spread: cg.spread,
    };
    let none;
    let locks = match fe.lock_plan() {
        Some(l) if !cg.no_lock_merge => l,
        _ => {
            none = crate::analysis::disjoint::LockPlan::none(program);
            &none
        }
    };
    let c = timed("codegen", || {
        crate::codegen::generate(program, &fe.sources, &opts, locks)
    })
    .map_err(|e| format!("error: {e}"))?;
    let keep = args.emit.contains(&EmitKind::C);
    let temp = cbuild::build_dir("build")?;
    let dir = if keep {
        let dir = PathBuf::from(format!("{}.c", c_stem.display()));
        std::fs::create_dir_all(&dir).map_err(|e| {
            format!(
                "error: cannot create `{}`: {}",
                dir.display(),
                cbuild::reason(&e)
            )
        })?;
        dir
    } else {
        temp.path().to_path_buf()
    };
    let program_c = dir.join("program.c");
    std::fs::write(&program_c, &c).map_err(|e| {
        format!(
            "error: cannot write `{}`: {}",
            program_c.display(),
            cbuild::reason(&e)
        )
    })?;
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let extra = extra_cflags();
    let runtime = timed("runtime", || {
        cbuild::runtime_object(&cc, &optimisation_flags(cg.opt_level), &extra, temp.path())
    })?;
    // Compiled and linked in two steps, so each can be timed.
    let program_o = dir.join("program.o");
    let out = timed("cc", || {
        std::process::Command::new(&cc)
            .args(bambooc_runtime::CFLAGS)
            .args(optimisation_flags(cg.opt_level))
            // Java never turns a call into a jump: without this flag gcc
            // makes `return f(n + 1) + 1` a loop, and infinite recursion
            // spins instead of overflowing the stack (a run-time error).
            .arg("-fno-optimize-sibling-calls")
            .args(&extra)
            .arg("-w")
            .arg("-I")
            .arg(
                runtime
                    .parent()
                    .expect("the runtime object lies in its source folder")
                    .join(bambooc_runtime::INCLUDE_DIR),
            )
            .arg("-c")
            .arg(&program_c)
            .arg("-o")
            .arg(&program_o)
            .output()
    })
    .map_err(|e| cbuild::cannot_run(&cc, &e))?;
    let out = if out.status.success() {
        timed("link", || {
            std::process::Command::new(&cc)
                .args(bambooc_runtime::CFLAGS)
                .args(optimisation_flags(cg.opt_level))
                .args(&extra)
                .arg(&program_o)
                .arg(&runtime)
                .arg("-o")
                .arg(exe.path())
                .args(bambooc_runtime::LIBS)
                .output()
        })
        .map_err(|e| cbuild::cannot_run(&cc, &e))?
    } else {
        out
    };
    if !out.status.success() {
        let what = if keep {
            format!(
                "the generated code\nnote: the generated C is kept in `{}`",
                dir.display()
            )
        } else {
            "the generated code\nnote: build again with `--emit c` to keep the generated C".into()
        };
        return Err(cbuild::cc_failure(&cc, &extra, &what, &out.stderr));
    }
    exe.persist()
}

/// The C compiler's optimisation flags for the generated program and the
/// runtime at `-O<opt_level>`. From -O2 on, loops start on a 32-byte
/// boundary (`-falign-loops=32`; the compiler's own default is 16 with a
/// skip limit): x86 cores decode and cache code in 32-byte windows, and a
/// hot inner loop of a few instructions that straddles two windows ran
/// ~20% slower than the same loop inside one (KMeans' distance loop; see
/// benchmarks/README.md), so where a loop lands would otherwise decide a
/// benchmark by luck of layout.
fn optimisation_flags(opt_level: u8) -> Vec<String> {
    let mut flags = vec![format!("-O{opt_level}")];
    if opt_level >= 2 {
        flags.push("-falign-loops=32".to_string());
    }
    flags
}

/// Extra flags for the C compiler from `BAMBOOC_CFLAGS` (for example
/// `-fsanitize=address,undefined` for a sanitizer build of the runtime and
/// the generated code), split at white space.
fn extra_cflags() -> Vec<String> {
    std::env::var("BAMBOOC_CFLAGS")
        .map(|s| s.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The stem next to which `--emit` writes: `-o`'s path, else the first
/// input's file name without extension.
fn artifact_stem(args: &CommonArgs) -> PathBuf {
    match &args.output {
        Some(o) => o.clone(),
        None => {
            let first = args
                .files
                .first()
                .map(|p| p.as_path())
                .unwrap_or(Path::new("out"));
            PathBuf::from(first.file_stem().unwrap_or_default())
        }
    }
}

fn emit(args: &CommonArgs, fe: &Frontend) -> Result<(), String> {
    let stem = artifact_stem(args);
    for kind in &args.emit {
        let (ext, text) = match kind {
            EmitKind::Ast => {
                let mut s = String::new();
                for (id, ast) in &fe.asts {
                    if fe.user_files.contains(id) {
                        s.push_str(&format!("// {}\n{:#?}\n", fe.sources.file(*id).name, ast));
                    }
                }
                ("ast.txt", s)
            }
            EmitKind::Hir => match &fe.program {
                Some(p) => ("hir.txt", dump_hir(p)),
                None => continue,
            },
            // Written by the build, which knows the output path and the
            // profile.
            EmitKind::C | EmitKind::Markov | EmitKind::Layout | EmitKind::SimTrace => continue,
            EmitKind::Astg | EmitKind::Cstg => {
                let (Some(p), Some(astgs), Some(g)) = (&fe.program, &fe.astgs, fe.cstg()) else {
                    continue;
                };
                let (ext, dot) = if *kind == EmitKind::Astg {
                    ("astg", crate::analysis::cstg::astgs_to_dot(p, astgs))
                } else {
                    ("cstg", g.to_dot(p, &fe.sources))
                };
                write_dot(&stem, ext, &dot)?;
                continue;
            }
            EmitKind::Locks => match (&fe.program, fe.lock_plan()) {
                (Some(p), Some(plan)) => {
                    if std::env::var_os("BAMBOOC_TIME_PASSES").is_some() {
                        eprintln!(
                            "note: disjointness analysis: {} lock merges",
                            plan.merge_count()
                        );
                    }
                    ("locks.txt", dump_locks(p, &fe.sources, plan))
                }
                _ => continue,
            },
        };
        let path = PathBuf::from(format!("{}.{ext}", stem.display()));
        std::fs::write(&path, text)
            .map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    }
    Ok(())
}

/// Writes `<stem>.<ext>.dot` and, when Graphviz's `dot` is installed,
/// `<stem>.<ext>.svg` beside it.
fn write_dot(stem: &Path, ext: &str, dot: &str) -> Result<(), String> {
    let path = PathBuf::from(format!("{}.{ext}.dot", stem.display()));
    std::fs::write(&path, dot).map_err(|e| format!("cannot write `{}`: {e}", path.display()))?;
    let svg = PathBuf::from(format!("{}.{ext}.svg", stem.display()));
    match std::process::Command::new("dot")
        .arg("-Tsvg")
        .arg(&path)
        .arg("-o")
        .arg(&svg)
        .output()
    {
        // Without Graphviz the dot file is all there is.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("cannot run Graphviz `dot`: {e}")),
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(format!(
            "Graphviz `dot` failed on `{}`: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr).trim()
        )),
    }
}

/// Runs the disjointness analysis and measures it (printed as `disjoint`
/// with `BAMBOOC_TIME_PASSES`).
pub fn lock_plan(p: &hir::Program) -> (crate::analysis::disjoint::LockPlan, std::time::Duration) {
    let start = std::time::Instant::now();
    let plan = timed("disjoint", || crate::analysis::disjoint::analyze(p));
    (plan, start.elapsed())
}

/// The `--emit locks` text.
pub fn dump_locks(
    p: &hir::Program,
    sources: &SourceMap,
    plan: &crate::analysis::disjoint::LockPlan,
) -> String {
    plan.dump(p, &|span| sources.line(span) as u32)
}

/// The user program's part of the HIR (library classes omitted).
pub fn dump_hir(p: &hir::Program) -> String {
    let mut s = String::new();
    for (i, c) in p.classes.iter().enumerate() {
        if c.is_stdlib {
            continue;
        }
        s.push_str(&format!("class #{i} {:#?}\n", c));
        for &m in c.methods.iter().chain(&c.constructors) {
            s.push_str(&format!("method #{} {:#?}\n", m.0, p.method(m)));
        }
        for &f in &c.fields {
            s.push_str(&format!("field #{} {:#?}\n", f.0, p.field(f)));
        }
    }
    for (i, t) in p.tasks.iter().enumerate() {
        s.push_str(&format!("task #{i} {:#?}\n", t));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::optimisation_flags;

    #[test]
    fn loops_are_aligned_from_o2_on() {
        assert_eq!(optimisation_flags(0), vec!["-O0"]);
        assert_eq!(optimisation_flags(1), vec!["-O1"]);
        assert_eq!(optimisation_flags(2), vec!["-O2", "-falign-loops=32"]);
        assert_eq!(optimisation_flags(3), vec!["-O3", "-falign-loops=32"]);
    }
}
