//! The C compiler: the generated program, the cached runtime object
//! (`cbuild`) and `$CC` with the optimisation flags into an executable.
//!
//! In: the checked program and the codegen arguments (with the layout
//! chosen). Out: the executable on disk, or an error message.

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
    if cg.mpi {
        super::mpi::check_program(program, fe.astgs.as_deref(), locks, cg.spread)?;
    }
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
pub(super) fn optimisation_flags(opt_level: u8) -> Vec<String> {
    let mut flags = vec![format!("-O{opt_level}")];
    if opt_level >= 2 {
        flags.push("-falign-loops=32".to_string());
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
