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
//! calibrate`), `mpi.rs` (`--mpi`), `failure.rs` (what stops a command,
//! as data) and `report.rs` (how failures, notes and `-v` lines are
//! printed in the chosen `--error-format`).

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
mod calibrate_mpi;
mod cbuild;
mod cc;
mod cli;
mod emit;
mod failure;
mod frontend;
mod mpi;
mod report;
mod simbench;
mod simcmd;

pub use cc::*;
pub use cli::*;
pub use emit::*;
pub use failure::*;
pub use frontend::*;
use report::{
    print_time, report_failure, report_line, report_note, report_warning, set_verbose, verbose,
};
pub use simcmd::{read_machine, Spinner, DEFAULT_SEED};

/// The entry point of the `bambooc` binary; returns the exit status.
pub fn main(cli: Cli) -> i32 {
    report::set_format(error_format(&cli));
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
        Some(Command::Man { .. }) => man(),
        None => build(&cli.build.common, &cli.build.codegen),
    }
}

/// The `--error-format` of the command line, wherever its subcommand keeps
/// it (`--explain` and a plain build read the top level's).
fn error_format(cli: &Cli) -> ErrorFormat {
    match &cli.command {
        Some(Command::Check(args)) => args.error_format,
        Some(Command::Build(args)) => args.common.error_format,
        Some(Command::Run(args)) => args.common.error_format,
        Some(Command::Sim(args)) => args.common.error_format,
        Some(Command::Calibrate(args)) => args.error_format,
        Some(Command::Man { error_format }) => *error_format,
        Some(Command::Lsp | Command::Completions { .. }) | None => cli.build.common.error_format,
    }
}

/// Writes the manual page, generated from the command line's definition.
fn man() -> i32 {
    let page = clap_mangen::Man::new(<Cli as clap::CommandFactory>::command());
    match page.render(&mut std::io::stdout()) {
        Ok(()) => 0,
        Err(error) => {
            report_failure(&Failure::Stdout {
                what: StdoutWhat::ManPage,
                error,
            });
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
            report_failure(&Failure::UnknownCode {
                code: code.to_string(),
            });
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

fn check(args: &CommonArgs) -> i32 {
    match run_frontend(args) {
        Some(fe) if !fe.has_errors() => 0,
        _ => 1,
    }
}

/// The front end's result when the program checked without errors (its
/// diagnostics printed either way).
fn checked_frontend(args: &CommonArgs) -> Option<Frontend> {
    run_frontend(args).filter(|fe| !fe.has_errors())
}

/// The code generation arguments a build or `bambooc run` compiles with:
/// the layout of `--layout FILE` (validated against the program), else one
/// synthesised from `--profile` (paper 4.3-4.5), else the default layout,
/// built for one core when it spreads nothing. Every chosen layout is
/// trimmed here, the one place.
fn plan_build(args: &CommonArgs, cg: &CodegenArgs, fe: &Frontend) -> Result<CodegenArgs, Failure> {
    use crate::synthesis::layout::Layout;
    let markov = load_profile(fe, args, &cg.profile)?;
    let mut cg = cg.clone();
    if cg.profile.profile_gen && (cg.cores > 1 || cg.layout_file.is_some()) {
        // The profiler times task bodies on one core (runtime-c/src/profile.c).
        return Err(Failure::ProfileGenOnOneCore {
            layout: cg.layout_file.is_some(),
            cores: cg.cores,
        });
    }
    let program = fe
        .program
        .as_ref()
        .ok_or(Failure::Internal(Internal::Unchecked))?;
    let name = program_name(args);
    if let Some(file) = &cg.layout_file {
        let text = std::fs::read_to_string(file).map_err(|error| Failure::LayoutUnreadable {
            path: file.clone(),
            error,
        })?;
        let layout = Layout::from_json(program, &name, &text).map_err(|error| Failure::Layout {
            path: file.clone(),
            error,
        })?;
        cg.layout = Some(layout);
    } else if let Some(markov) = &markov {
        let layout = synthesised_layout(args, fe, markov, cg.cores);
        if layout.used_cores() < cg.cores {
            report_note(format!(
                "the model estimates no gain from more than {} of the {} cores: the program is built for {}",
                layout.used_cores(),
                cg.cores,
                layout.used_cores()
            ));
        }
        cg.layout = Some(layout);
    } else if cg.cores > 1
        && !cg.spread
        && !Layout::default_for(program, &name, "smp", cg.cores).spreads()
    {
        // Nothing the estimate finds worth another core: the one-core
        // runtime has no cross-core costs at all.
        report_note(
            "no task is estimated large enough to gain from another core: the program is built for 1 core (BAMBOO_CORES=N, --spread or a profile change this)".into(),
        );
        cg.cores = 1;
    }
    // Cores after the last that hosts a task would receive nothing; without
    // them a layout that hosts everything on core 0 runs on one core,
    // taking no atomic locks, as the simulator assumes.
    cg.layout = cg.layout.map(|l| l.trimmed());
    Ok(cg)
}

fn build(args: &CommonArgs, cg: &CodegenArgs) -> i32 {
    let Some(fe) = checked_frontend(args) else {
        return 1;
    };
    let built = plan_build(args, cg, &fe).and_then(|cg| {
        let output = args.output.clone().unwrap_or_else(|| artifact_stem(args));
        if args.emit.contains(&EmitKind::Layout) {
            write_build_layout(&fe, args, &cg, &output)?;
        }
        compile_program(&fe, args, &cg, &output, &output)
    });
    match built {
        Ok(()) => 0,
        Err(f) => {
            report_failure(&f);
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
    let Some(fe) = checked_frontend(&args.common) else {
        return 1;
    };
    match build_and_run(args, &fe) {
        Ok(status) => status,
        Err(f) => {
            report_failure(&f);
            1
        }
    }
}

/// Builds the program into a fresh private folder, removed afterwards, and
/// runs it; its exit status.
fn build_and_run(args: &RunArgs, fe: &Frontend) -> Result<i32, Failure> {
    let cg = plan_build(&args.common, &args.codegen, fe)?;
    let dir = cbuild::build_dir("run")?;
    let stem = artifact_stem(&args.common);
    let exe = dir.path().join(stem.file_name().unwrap_or_default());
    compile_program(fe, &args.common, &cg, &exe, &stem)?;
    cbuild::run_executable(&exe, &args.program_args)
}

/// Reads and validates `--profile` and builds the Markov model with the
/// `--count-hint`s; writes it with `--emit markov`. `Ok(None)` without
/// `--profile`.
pub fn load_profile(
    fe: &Frontend,
    args: &CommonArgs,
    pa: &ProfileArgs,
) -> Result<Option<crate::synthesis::markov::MarkovModel>, Failure> {
    use crate::synthesis::profile::Profile;
    let Some(path) = &pa.profile else {
        return Ok(None);
    };
    let (Some(program), Some(cstg)) = (&fe.program, fe.cstg()) else {
        return Err(Failure::Internal(Internal::Unchecked));
    };
    let text = match std::fs::read(path) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(error) => {
            return Err(Failure::ProfileUnreadable {
                path: path.clone(),
                error,
            })
        }
    };
    let profile = Profile::from_json(program, &text).map_err(|error| Failure::Profile {
        path: path.clone(),
        error,
    })?;
    let model = timed("markov", || {
        crate::synthesis::markov::model_with_hints(program, cstg, &profile, &pa.count_hint)
    })
    .map_err(Failure::CountHint)?;
    if args.emit.contains(&EmitKind::Markov) {
        let out = PathBuf::from(format!("{}.markov.txt", artifact_stem(args).display()));
        let text = format!("{}{}", model.dump(program), model.dump_graph(program, cstg));
        if let Err(error) = std::fs::write(&out, text) {
            return Err(Failure::Write { path: out, error });
        }
    }
    Ok(Some(model))
}
