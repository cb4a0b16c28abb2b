//! The driver: command line, file reading, the order of the stages, and
//! what is written where. The only module that does I/O.
//!
//! In: command-line arguments. Out: diagnostics on stderr, artifacts on
//! disk, an exit status (0 success, 1 any error).
//!
//! This file runs the pipeline for `check`, `build` and `run` (with the
//! profile and the layout a build uses); the rest by job: `cli.rs` (the
//! command line), `frontend.rs` (sources, the standard library, parse,
//! sema, the analyses), `cc.rs` (the C compiler), `cbuild.rs` (the cached
//! runtime object), `emit.rs` (the `--emit` files), `simcmd.rs` (`bambooc
//! sim` and the progress of synthesis), `calibrate.rs` (`bambooc
//! calibrate`).

use crate::diagnostics::{self, Diagnostic, Label};
use crate::hir;
use crate::sema;
use crate::source::SourceMap;
use bambooc_syntax::ast;
use bambooc_syntax::span::{FileId, Span};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

mod calibrate;
mod cbuild;
mod cc;
mod cli;
mod emit;
mod frontend;
mod mpi;
mod simcmd;

pub use cc::*;
pub use cli::*;
pub use emit::*;
pub use frontend::*;
pub use simcmd::{read_machine, Spinner, DEFAULT_SEED};

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
        Some(Command::Lsp) => crate::lsp::serve(),
        Some(Command::Completions { shell }) => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "bambooc", &mut std::io::stdout());
            0
        }
        Some(Command::Man) => man(),
        None => build(&cli.build.common, &cli.build.codegen),
    }
}

/// Writes the manual page, generated from the command line's definition.
fn man() -> i32 {
    let page = clap_mangen::Man::new(<Cli as clap::CommandFactory>::command());
    match page.render(&mut std::io::stdout()) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: cannot write the manual page: {e}");
            1
        }
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

/// Prints an error met outside the source text, written as `error: what`
/// with `help:` and `note:` lines and any tool output after it, in the
/// chosen format: as it is, or as one JSON diagnostic (E0700).
pub(crate) fn report_failure(format: ErrorFormat, text: &str) {
    let text = text.trim_end();
    match format {
        ErrorFormat::Human => eprintln!("{text}"),
        ErrorFormat::Json => {
            let d = diagnostics::failure_diagnostic(text);
            let json = diagnostics::render_json(&[d], &SourceMap::new());
            let _ = std::io::stderr().write_all(json.as_bytes());
        }
    }
}

/// Prints a note about the run (no code, no place): `note: what` for
/// people, an object of severity `note` under `--error-format json`.
pub(crate) fn report_note(format: ErrorFormat, message: String) {
    let text = render_diagnostics(
        &[Diagnostic::note(message)],
        &SourceMap::new(),
        format,
        false,
    );
    let _ = std::io::stderr().write_all(text.as_bytes());
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
        report_failure(
            args.error_format,
            &format!("error: `--profile-gen` builds run on one core; remove {what}"),
        );
        return Err(1);
    }
    let (Some(file), Some(program)) = (&cg.layout_file, &fe.program) else {
        return Ok(cg);
    };
    let text = std::fs::read_to_string(file).map_err(|e| {
        let reason = cbuild::reason(&e);
        let what = format!("error: cannot read layout `{}`: {reason}", file.display());
        report_failure(args.error_format, &what);
        1
    })?;
    let name = program_name(args);
    match crate::synthesis::layout::Layout::from_json(program, &name, &text) {
        Ok(layout) => {
            // Cores after the last that hosts a task would receive nothing;
            // without them a layout that hosts everything on core 0 runs on
            // one core, taking no atomic locks, as the simulator assumes.
            cg.layout = Some(layout.trimmed());
            Ok(cg)
        }
        Err(e) => {
            let d = diagnostics::layout_diagnostic(&file.display().to_string(), &e);
            let text =
                render_diagnostics(&[d], &fe.sources, args.error_format, use_color(args.color));
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
            report_note(
                args.error_format,
                format!(
                    "the model estimates no gain from more than {} of the {} cores: the program is built for {}",
                    layout.used_cores(),
                    cg.cores,
                    layout.used_cores()
                ),
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
                report_note(
                    args.error_format,
                    "no task is estimated large enough to gain from another core: the program is built for 1 core (BAMBOO_CORES=N, --spread or a profile change this)".into(),
                );
                cg.cores = 1;
            }
        }
    }
    let cg = &cg;
    let output = args.output.clone().unwrap_or_else(|| artifact_stem(args));
    if args.emit.contains(&EmitKind::Layout) {
        if let Err(e) = write_build_layout(&fe, args, cg, &output) {
            report_failure(args.error_format, &e);
            return 1;
        }
    }
    match compile_program(&fe, args, cg, &output, &output) {
        Ok(()) => 0,
        Err(e) => {
            report_failure(args.error_format, &e);
            1
        }
    }
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
    let spinner = Spinner::new(&machine, cores.max(1));
    let outcome = timed("synth", || {
        crate::synthesis::synthesise(
            &model,
            &machine,
            cores.max(1),
            DEFAULT_SEED,
            crate::synthesis::sim::SimOptions::default(),
            &[],
            &mut |round, best| spinner.progress(round, best),
        )
    });
    drop(spinner);
    outcome.layout
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
            report_failure(args.common.error_format, &e);
            return 1;
        }
    };
    let stem = artifact_stem(&args.common);
    let exe = dir.path().join(stem.file_name().unwrap_or_default());
    match compile_program(&fe, &args.common, &codegen, &exe, &stem) {
        Err(e) => {
            report_failure(args.common.error_format, &e);
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
        let text = render_diagnostics(&[d], &fe.sources, args.error_format, use_color(args.color));
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
            let reason = cbuild::reason(&e);
            report_failure(
                args.error_format,
                &format!("error: cannot write `{}`: {reason}", out.display()),
            );
            return Err(ErrorReported);
        }
    }
    Ok(Some(model))
}
