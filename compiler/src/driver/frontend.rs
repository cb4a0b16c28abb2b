//! The front half of the pipeline as the driver runs it: reading the
//! sources, the standard library (parsed and checked once per process),
//! parse, sema, the ASTGs and their warnings, and the [`Frontend`] that
//! builds the CSTG and the lock plan the first time a stage asks.
//!
//! In: source paths or text. Out: a [`Frontend`] (the HIR and every stage
//! product built so far, with the diagnostics).

use super::*;

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
    /// How long each stage took, in order (`-v` or `BAMBOOC_TIME_PASSES=1`
    /// prints them).
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

/// Runs one stage; with `-v` or `BAMBOOC_TIME_PASSES` set, prints how long
/// it took.
pub fn timed<T>(stage: &str, f: impl FnOnce() -> T) -> T {
    let t = std::time::Instant::now();
    let out = f();
    if verbose() {
        print_time(stage, t.elapsed());
    }
    out
}

/// Reads source files; unreadable files and invalid UTF-8 become
/// diagnostics.
pub fn read_sources(paths: &[PathBuf]) -> (SourceMap, Vec<FileId>, Vec<Diagnostic>) {
    let mut sources = stdlib_sources();
    let mut ids = Vec::new();
    let mut diags = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        if is_stdin(path) {
            let mut bytes = Vec::new();
            match std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes) {
                Ok(_) => add_source(&mut sources, &mut ids, &mut diags, STDIN_NAME, bytes),
                Err(e) => diags.push(Diagnostic::global(
                    "E0011",
                    format!(
                        "cannot read the standard input: {}",
                        diagnostics::io_reason(&e)
                    ),
                )),
            }
            continue;
        }
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
            Ok(bytes) => add_source(&mut sources, &mut ids, &mut diags, &shown, bytes),
        }
    }
    (sources, ids, diags)
}

/// How a program read from the standard input (`-`) is named in
/// diagnostics.
pub const STDIN_NAME: &str = "<stdin>";

/// Whether a source path is `-`, the standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Adds one source's bytes to the map; invalid UTF-8 is E0010.
fn add_source(
    sources: &mut SourceMap,
    ids: &mut Vec<FileId>,
    diags: &mut Vec<Diagnostic>,
    shown: &str,
    bytes: Vec<u8>,
) {
    match String::from_utf8(bytes) {
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
    }
}

/// A source map holding the standard library's files, which always come
/// first (so their parsed trees can be shared between compilations).
pub fn stdlib_sources() -> SourceMap {
    static LIBRARY: std::sync::OnceLock<SourceMap> = std::sync::OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            let mut sources = SourceMap::new();
            for (name, text) in crate::stdlib::STDLIB {
                sources.add(format!("<stdlib>/{name}"), text.to_string(), true);
            }
            sources
        })
        .clone()
}

/// The standard library parsed once per process.
pub(super) fn stdlib_trees() -> &'static [(ast::SourceFile, Vec<bambooc_syntax::ParseError>)] {
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
    frontend_in(sources, user_files, diagnostics, None, sema::Dialect::Java)
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
    diagnostics: Vec<Diagnostic>,
    stdlib: Option<&sema::StdlibBodies>,
) -> Frontend {
    frontend_in(
        sources,
        user_files,
        diagnostics,
        stdlib,
        sema::Dialect::Java,
    )
}

/// `frontend_with`, holding the program to the rules of `dialect`.
pub fn frontend_in(
    sources: SourceMap,
    user_files: Vec<FileId>,
    mut diagnostics: Vec<Diagnostic>,
    stdlib: Option<&sema::StdlibBodies>,
    dialect: sema::Dialect,
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
        let (p, errors) = sema::check_dialect(&inputs, stdlib, dialect);
        timings.push(("sema", t.elapsed()));
        diagnostics.extend(errors.iter().map(diagnostics::sema_diagnostic));
        if !errors.iter().any(sema::SemaError::is_error) {
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
pub(super) fn graph_warnings(
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
    check_source_in(name, text, sema::Dialect::Java)
}

/// `check_source` under the rules of `dialect`.
pub fn check_source_in(name: &str, text: &str, dialect: sema::Dialect) -> Frontend {
    let mut sources = stdlib_sources();
    let id = sources.add(name, text.to_string(), false);
    frontend_in(sources, vec![id], Vec::new(), prechecked_stdlib(), dialect)
}

/// Renders diagnostics as the command line prints them.
pub fn render(fe: &Frontend, format: ErrorFormat, color: bool) -> String {
    render_diagnostics(&fe.diagnostics, &fe.sources, format, color)
}

/// Renders diagnostics in the chosen format and colour.
pub(super) fn render_diagnostics(
    diags: &[Diagnostic],
    sources: &SourceMap,
    format: ErrorFormat,
    color: bool,
) -> String {
    match format {
        ErrorFormat::Human => diagnostics::render_human(diags, sources, color),
        ErrorFormat::Json => diagnostics::render_json(diags, sources),
    }
}

/// Parses and checks, prints diagnostics and writes `--emit` artifacts.
pub(super) fn run_frontend(args: &CommonArgs) -> Option<Frontend> {
    set_verbose(args.verbose);
    if args.files.is_empty() {
        report_failure(&Failure::NoInputFiles);
        return None;
    }
    let (sources, ids, diags) = read_sources(&args.files);
    let fe = frontend_in(sources, ids, diags, None, args.dialect.into());
    if verbose() {
        for (stage, d) in &fe.timings {
            print_time(stage, *d);
        }
    }
    let (shown, hidden) = diagnostics::limit(&fe.diagnostics, args.error_limit);
    let mut shown = shown.to_vec();
    shown.extend(hidden);
    let mut text = render_diagnostics(
        &shown,
        &fe.sources,
        args.error_format,
        use_color(args.color),
    );
    if args.error_format == ErrorFormat::Human {
        text.extend(diagnostics::summary(&fe.diagnostics));
    }
    if !text.is_empty() {
        let _ = std::io::stderr().write_all(text.as_bytes());
    }
    if let Err(f) = emit(args, &fe) {
        report_failure(&f);
        return None;
    }
    Some(fe)
}

/// Runs the disjointness analysis and measures it (printed as `disjoint`
/// with `-v` or `BAMBOOC_TIME_PASSES`).
pub fn lock_plan(p: &hir::Program) -> (crate::analysis::disjoint::LockPlan, std::time::Duration) {
    let start = std::time::Instant::now();
    let plan = timed("disjoint", || crate::analysis::disjoint::analyze(p));
    if std::env::var_os("BAMBOOC_DISJOINT_STATS").is_some() {
        let rows = plan
            .tasks
            .iter()
            .enumerate()
            .map(|(t, tl)| (p.task(hir::TaskId(t as u32)).name.as_str(), tl.stats));
        eprint!("{}", crate::analysis::disjoint::render_stats(rows));
    }
    (plan, start.elapsed())
}
