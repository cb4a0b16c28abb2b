//! The C compiler: the generated program, the cached runtime object
//! (`cbuild`) and `$CC` with the optimisation flags into an executable.
//!
//! In: the checked program and the codegen arguments (with the layout
//! chosen). Out: the executable on disk, or a [`Failure`].

use super::*;

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
) -> Result<(), Failure> {
    let program = fe
        .program
        .as_ref()
        .ok_or(Failure::Internal(Internal::Unchecked))?;
    let mut inputs: Vec<&Path> = args.files.iter().map(PathBuf::as_path).collect();
    inputs.extend(cg.profile.profile.as_deref());
    inputs.extend(cg.layout_file.as_deref());
    let exe = cbuild::OutputFile::new(output, &inputs)?;
    let name = match args.files.first() {
        Some(f) if is_stdin(f) => STDIN_NAME.to_string(),
        Some(f) => f
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned(),
        None => "program".into(),
    };
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
        meets: Vec::new(),
        pinned: Vec::new(),
    };
    let none;
    let locks = match fe.lock_plan() {
        Some(l) if !cg.no_lock_merge => l,
        _ => {
            none = crate::analysis::disjoint::LockPlan::none(program);
            &none
        }
    };
    let mut opts = opts;
    if cg.mpi {
        super::mpi::check_program(program, fe.astgs.as_deref(), locks, cg.spread)
            .map_err(Failure::Mpi)?;
        opts.meets = super::mpi::meeting_tasks(program, locks, cg.spread);
        opts.pinned = super::mpi::pinned_tasks(program, fe.astgs.as_deref(), locks);
    }
    let c = timed("codegen", || {
        crate::codegen::generate(program, &fe.sources, &opts, locks)
    })
    .map_err(Failure::Codegen)?;
    let keep = args.emit.contains(&EmitKind::C);
    let temp = cbuild::build_dir("build")?;
    let dir = if keep {
        let dir = PathBuf::from(format!("{}.c", c_stem.display()));
        if let Err(error) = std::fs::create_dir_all(&dir) {
            return Err(Failure::CreateFolder { path: dir, error });
        }
        dir
    } else {
        temp.path().to_path_buf()
    };
    let program_c = dir.join("program.c");
    if let Err(error) = std::fs::write(&program_c, &c) {
        return Err(Failure::Write {
            path: program_c,
            error,
        });
    }
    let cc = if cg.mpi {
        super::mpi::mpicc()?
    } else {
        std::env::var("CC").unwrap_or_else(|_| "cc".into())
    };
    let mut extra = extra_cflags();
    if cg.mpi {
        extra.push(super::mpi::MPI_DEFINE.to_string());
    }
    let runtime = timed("runtime", || {
        cbuild::runtime_object(&cc, &optimisation_flags(cg.opt_level), &extra, temp.path())
    })?;
    // Compiled and linked in two steps, so each can be timed.
    let program_o = dir.join("program.o");
    let include = runtime
        .parent()
        .map(|r| r.join(bambooc_runtime::INCLUDE_DIR))
        .unwrap_or_default();
    let steps = c_steps(&cc, cg.opt_level, &extra, &include);
    let mut compile = steps.compile;
    compile.arg(&program_c).arg("-o").arg(&program_o);
    let mut link = steps.link;
    link.arg(&program_o).arg(&runtime).arg("-o").arg(exe.path());
    link.args(bambooc_runtime::LIBS);
    let out = timed("cc", || run_shown(&mut compile)).map_err(|e| cbuild::cannot_run(&cc, e))?;
    let out = if out.status.success() {
        timed("link", || run_shown(&mut link)).map_err(|e| cbuild::cannot_run(&cc, e))?
    } else {
        out
    };
    if !out.status.success() {
        let what = Rejected::Program {
            kept: keep.then(|| dir.clone()),
        };
        return Err(cbuild::cc_failure(&cc, &extra, what, &out.stderr));
    }
    if keep {
        let name = c_stem.file_name().unwrap_or_default().to_string_lossy();
        write_rebuild_script(&dir, &cc, cg.opt_level, &extra, &name)?;
        report_note(format!(
            "the generated C is kept in `{}`; `sh {}` builds `{name}` from it again",
            dir.display(),
            dir.join("build.sh").display()
        ));
    }
    exe.persist()
}

/// The two C compiler commands of a build, without their files: the
/// generated program's compile step and the link step.
struct CSteps {
    compile: std::process::Command,
    link: std::process::Command,
}

fn c_steps(cc: &str, opt_level: u8, extra: &[String], include: &Path) -> CSteps {
    let mut compile = std::process::Command::new(cc);
    compile
        .args(bambooc_runtime::CFLAGS)
        .args(optimisation_flags(opt_level))
        .args(extra)
        .arg("-w")
        .arg("-I")
        .arg(include)
        .arg("-c");
    let mut link = std::process::Command::new(cc);
    link.args(bambooc_runtime::CFLAGS)
        .args(optimisation_flags(opt_level))
        .args(extra);
    CSteps { compile, link }
}

/// Runs a command, printing its command line first under `-v`.
pub(super) fn run_shown(cmd: &mut std::process::Command) -> std::io::Result<std::process::Output> {
    if verbose() {
        let words: Vec<String> = std::iter::once(cmd.get_program())
            .chain(cmd.get_args())
            .map(|w| shell_word(&w.to_string_lossy()))
            .collect();
        report_line(format!("run: {}", words.join(" ")));
    }
    cmd.output()
}

/// A word as a POSIX shell reads it back: quoted unless plainly safe.
fn shell_word(w: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-+=/.,:@%".contains(c);
    if !w.is_empty() && w.chars().all(plain) {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', "'\\''"))
    }
}

/// `--emit c`: the runtime's sources beside the generated C, and
/// `build.sh`, which compiles both with the build's compiler and flags
/// into `../<name>`, from wherever it is run.
fn write_rebuild_script(
    dir: &Path,
    cc: &str,
    opt_level: u8,
    extra: &[String],
    name: &str,
) -> Result<(), Failure> {
    let runtime = dir.join("runtime");
    for (rel, text) in bambooc_runtime::SOURCES {
        let path = runtime.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|error| Failure::CreateFolder {
                path: parent.to_path_buf(),
                error,
            })?;
        }
        cbuild::write_atomically(&path, text.as_bytes())?;
    }
    let include = Path::new("runtime").join(bambooc_runtime::INCLUDE_DIR);
    let steps = c_steps("$CC", opt_level, extra, &include);
    let line = |cmd: &std::process::Command, files: &[&str]| {
        let words: Vec<String> = cmd
            .get_args()
            .map(|w| shell_word(&w.to_string_lossy()))
            .chain(files.iter().map(|f| shell_word(f)))
            .collect();
        format!("\"$CC\" {}\n", words.join(" "))
    };
    let unity = format!("runtime/{}", bambooc_runtime::UNITY_SOURCE);
    // The runtime object is compiled as `cbuild::runtime_object` does.
    let mut runtime_cmd = std::process::Command::new("$CC");
    runtime_cmd
        .args(steps.link.get_args())
        .args(["-c", "-I"])
        .arg(&include);
    let out = format!("../{name}");
    let mut script = format!(
        "#!/bin/sh\n# Builds `{name}` from the C that `bambooc --emit c` kept here, with\n# the compiler and flags of that build.\nset -e\ncd \"$(dirname \"$0\")\"\nCC=${{CC:-{}}}\n",
        shell_word(cc)
    );
    script.push_str(&line(&runtime_cmd, &[&unity, "-o", "runtime.o"]));
    script.push_str(&line(&steps.compile, &["program.c", "-o", "program.o"]));
    let mut link_files = vec!["program.o", "runtime.o", "-o", out.as_str()];
    link_files.extend(bambooc_runtime::LIBS);
    script.push_str(&line(&steps.link, &link_files));
    cbuild::write_atomically(&dir.join("build.sh"), script.as_bytes())
}

/// The C compiler's optimisation flags for the generated program and the
/// runtime at `-O<opt_level>`. From -O2 on, `bambooc_runtime::ALIGN_FLAGS`
/// (`runtime-c/cflags.txt`: loops start on a 32-byte boundary; the
/// compiler's own default is 16 with a skip limit): x86 cores decode and
/// cache code in 32-byte windows, and a hot inner loop of a few
/// instructions that straddles two windows ran ~20% slower than the same
/// loop inside one (KMeans' distance loop), so
/// where a loop lands would otherwise decide a benchmark by luck of layout.
pub(super) fn optimisation_flags(opt_level: u8) -> Vec<String> {
    let mut flags = vec![format!("-O{opt_level}")];
    if opt_level >= 2 {
        flags.extend(bambooc_runtime::ALIGN_FLAGS.iter().map(|f| f.to_string()));
    }
    flags
}

/// Extra flags for the C compiler from `BAMBOOC_CFLAGS` (for example
/// `-fsanitize=address,undefined` for a sanitizer build of the runtime and
/// the generated code), split at white space.
pub(super) fn extra_cflags() -> Vec<String> {
    std::env::var("BAMBOOC_CFLAGS")
        .map(|s| s.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
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
