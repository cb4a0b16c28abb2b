//! The emitted files: `--emit ast,hir,astg,cstg,locks` dumps beside `-o`
//! (or the first input) and the layout a build runs with.

use super::*;

/// The stem next to which `--emit` writes: `-o`'s path, else the first
/// input's file name without extension (`out` for the standard input).
pub(super) fn artifact_stem(args: &CommonArgs) -> PathBuf {
    match &args.output {
        Some(o) => o.clone(),
        None => {
            let first = args
                .files
                .first()
                .map(|p| p.as_path())
                .filter(|p| !is_stdin(p))
                .unwrap_or(Path::new("out"));
            PathBuf::from(first.file_stem().unwrap_or_default())
        }
    }
}

pub(super) fn emit(args: &CommonArgs, fe: &Frontend) -> Result<(), Failure> {
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
                    if verbose() {
                        report_note(format!(
                            "disjointness analysis: {} lock merges",
                            plan.merge_count()
                        ));
                    }
                    ("locks.txt", dump_locks(p, &fe.sources, plan))
                }
                _ => continue,
            },
        };
        let path = PathBuf::from(format!("{}.{ext}", stem.display()));
        std::fs::write(&path, text).map_err(|error| Failure::Write { path, error })?;
    }
    Ok(())
}

/// Writes `<stem>.<ext>.dot` and, when Graphviz's `dot` is installed,
/// `<stem>.<ext>.svg` beside it.
pub(super) fn write_dot(stem: &Path, ext: &str, dot: &str) -> Result<(), Failure> {
    let path = PathBuf::from(format!("{}.{ext}.dot", stem.display()));
    if let Err(error) = std::fs::write(&path, dot) {
        return Err(Failure::Write { path, error });
    }
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
        Err(error) => Err(Failure::GraphvizNotRun { error }),
        Ok(out) if out.status.success() => Ok(()),
        Ok(out) => Err(Failure::GraphvizFailed {
            path,
            output: String::from_utf8_lossy(&out.stderr).into_owned(),
        }),
    }
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

/// Writes `<output>.layout.json`: the layout this build runs with (given,
/// synthesised, or the default for `--cores`), so that `bambooc sim
/// --layout` can estimate exactly what was built.
pub(super) fn write_build_layout(
    fe: &Frontend,
    args: &CommonArgs,
    cg: &CodegenArgs,
    output: &Path,
) -> Result<(), Failure> {
    let program = fe
        .program
        .as_ref()
        .ok_or(Failure::Internal(Internal::Unchecked))?;
    let name = program_name(args);
    let layout = match &cg.layout {
        Some(l) => l.clone(),
        None => crate::synthesis::layout::Layout::default_or_spread(
            program, &name, "smp", cg.cores, cg.spread,
        ),
    };
    let path = PathBuf::from(format!("{}.layout.json", output.display()));
    std::fs::write(&path, layout.to_json(program)).map_err(|error| Failure::Write { path, error })
}
