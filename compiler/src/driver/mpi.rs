//! `--mpi` builds (issue 31): the MPI C compiler wrapper, and the rules a
//! program must keep to run across MPI ranks.
//!
//! In: the checked program and its lock plan (paper 4.2). Out: the `mpicc`
//! to compile with, or an error naming what stops the program from running
//! across ranks. The runtime half is `runtime-c/src/mpi.c`; the rules are
//! explained in ARCHITECTURE.md, "Across MPI ranks".

use crate::analysis::disjoint::LockPlan;
use crate::hir;

/// The flag that compiles the runtime's MPI backend in.
pub const MPI_DEFINE: &str = "-DBB_MPI";

/// The MPI compiler wrapper: `$MPICC`, else `mpicc`, checked to run.
pub fn mpicc() -> Result<String, String> {
    let cc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    match std::process::Command::new(&cc).arg("--version").output() {
        Ok(o) if o.status.success() => Ok(cc),
        Ok(_) => Err(format!(
            "error: `{cc}` does not work: `{cc} --version` failed\nhelp: `--mpi` builds need an MPI C compiler; set MPICC or install Open MPI (`apt-get install openmpi-bin libopenmpi-dev`)"
        )),
        Err(_) => Err(format!(
            "error: `--mpi` needs the MPI C compiler `{cc}`, which was not found\nhelp: install Open MPI (`apt-get install openmpi-bin libopenmpi-dev`) or set MPICC"
        )),
    }
}

/// What the MPI backend cannot do yet for `program`: tag-matched tasks
/// (objects bound to one tag instance would have to meet on one rank, and
/// tag instances have no identity across ranks yet) and regions the lock
/// plan merged (their objects must stay on one rank, and the default
/// layout spreads every data-parallel task over all ranks).
pub fn check_program(program: &hir::Program, locks: &LockPlan) -> Result<(), String> {
    let help = "help: build without `--mpi` to run it on the cores of one machine";
    for t in &program.tasks {
        if let Some(p) = t.params.iter().find(|p| !p.tags.is_empty()) {
            return Err(format!(
                "error: `--mpi` does not support tag-matched tasks yet: task `{}` matches parameter `{}` by tag, and objects bound to one tag instance would have to meet on one rank\n{help}",
                t.name, p.name
            ));
        }
    }
    for (ti, tl) in locks.tasks.iter().enumerate() {
        if let Some(ei) = tl.exits.iter().position(|e| !e.is_empty()) {
            let t = &program.tasks[ti];
            let exit = if t.exits.get(ei).is_some_and(|e| e.implicit) {
                "its end".to_string()
            } else {
                format!("exit {ei}")
            };
            return Err(format!(
                "error: `--mpi` cannot run this program across ranks: at {exit} of task `{}` the lock plan merges the regions of task objects (they may share objects), and merged objects must stay on one rank, which the default layout over all ranks does not keep\nnote: `--emit locks` shows the plan\n{help}",
                t.name
            ));
        }
    }
    Ok(())
}
