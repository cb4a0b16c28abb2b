//! `--mpi` builds (issue 31): the MPI C compiler wrapper, and the rules a
//! program must keep to run across MPI ranks.
//!
//! In: the checked program and its lock plan (paper 4.2). Out: the `mpicc`
//! to compile with, or an error naming what stops the program from running
//! across ranks. The runtime half is `runtime-c/src/mpi.c`; the rules are
//! explained in ARCHITECTURE.md, "Across MPI ranks".

use super::{Failure, MergeEscape, MpiRefusal};
use crate::analysis::astg::{self, Astg};
use crate::analysis::disjoint::{ExitLocks, LockPlan};
use crate::hir;
use crate::synthesis::layout::{Layout, Policy};

/// The flag that compiles the runtime's MPI backend in.
pub const MPI_DEFINE: &str = "-DBB_MPI";

/// The MPI compiler wrapper: `$MPICC`, else `mpicc`, checked to run.
pub fn mpicc() -> Result<String, Failure> {
    let cc = std::env::var("MPICC").unwrap_or_else(|_| "mpicc".into());
    match std::process::Command::new(&cc).arg("--version").output() {
        Ok(o) if o.status.success() => Ok(cc),
        Ok(_) => Err(Failure::MpiCcBroken { cc }),
        Err(_) => Err(Failure::MpiCcMissing { cc }),
    }
}

/// What the MPI backend cannot do yet for `program`, with the default
/// layout it is built with (`spread`: `--spread`'s): tag-matched tasks
/// (objects bound to one tag instance would have to meet on one rank, and
/// tag instances have no identity across ranks yet), and regions the lock
/// plan merged unless they stay on rank 0: the merging task and every task
/// that may take an object of a merged class must have one instance (the
/// default layout's `Single`, global core 0), so a merged object never
/// leaves the rank where its group was formed. "May take" follows the
/// abstract states (paper 4.1) the merged objects can reach after the
/// exit; without the graphs (or when they were truncated), their classes.
pub fn check_program(
    program: &hir::Program,
    astgs: Option<&[Astg]>,
    locks: &LockPlan,
    spread: bool,
) -> Result<(), MpiRefusal> {
    for t in &program.tasks {
        if let Some(p) = t.params.iter().find(|p| !p.tags.is_empty()) {
            return Err(MpiRefusal::TagMatched {
                task: t.name.clone(),
                param: p.name.clone(),
            });
        }
    }
    if let Some(f) = program.fields.iter().find(|f| f.global) {
        return Err(MpiRefusal::GlobalVariable {
            class: program.class(f.class).name.clone(),
            field: f.name.clone(),
        });
    }
    let policies = Layout::default_or_spread(program, "program", "smp", 2, spread).policies;
    let single = |t: usize| policies.get(t) == Some(&Policy::Single);
    for (ti, tl) in locks.tasks.iter().enumerate() {
        let t = &program.tasks[ti];
        for (ei, el) in tl.exits.iter().enumerate() {
            if el.is_empty() {
                continue;
            }
            let exit = (!t.exits.get(ei).is_some_and(|e| e.implicit)).then_some(ei);
            let refuse = |why: MergeEscape| {
                Err(MpiRefusal::MergedLocks {
                    task: t.name.clone(),
                    exit,
                    why,
                })
            };
            if !single(ti) {
                return refuse(MergeEscape::MergerEverywhere);
            }
            let found = match astgs {
                Some(graphs) => taker_by_state(program, graphs, ti, ei, el, &single),
                None => taker_by_class(program, t, el, &single),
            };
            if let Some((t2, c)) = found {
                return refuse(MergeEscape::Taker {
                    task: program.tasks[t2].name.clone(),
                    class: program.class(c).name.clone(),
                });
            }
        }
    }
    Ok(())
}

/// A task not on rank 0 (`single` false) that may take an object merged at
/// exit `ei` of task `ti` in a state the object can reach after the exit,
/// and the object's class; by class when a graph is truncated.
fn taker_by_state(
    program: &hir::Program,
    graphs: &[Astg],
    ti: usize,
    ei: usize,
    el: &ExitLocks,
    single: &dyn Fn(usize) -> bool,
) -> Option<(usize, hir::ClassId)> {
    let params: Vec<u32> = el
        .params
        .iter()
        .flat_map(|&(i, j)| [i, j])
        .chain(el.new_with_param.iter().map(|&(_, i)| i))
        .collect();
    let sites: Vec<hir::AllocSiteId> = el
        .new_with_param
        .iter()
        .map(|&(a, _)| a)
        .chain(el.new_with_new.iter().flat_map(|&(a, b)| [a, b]))
        .collect();
    for g in graphs {
        let mut seen = vec![false; g.states.len()];
        let mut work: Vec<usize> = g
            .edges
            .iter()
            .filter(|e| {
                e.task.0 as usize == ti && e.exit.0 as usize == ei && params.contains(&e.param)
            })
            .map(|e| e.to)
            .chain(
                g.initial
                    .iter()
                    .filter(|(_, a)| sites.contains(a))
                    .map(|&(s, _)| s),
            )
            .collect();
        if g.truncated && !work.is_empty() {
            return taker_by_class(program, &program.tasks[ti], el, single);
        }
        while let Some(s) = work.pop() {
            if std::mem::replace(&mut seen[s], true) {
                continue;
            }
            for (t2, task2) in program.tasks.iter().enumerate() {
                let takes = (0..task2.params.len() as u32)
                    .any(|q| astg::satisfies(program, hir::TaskId(t2 as u32), q, &g.states[s]));
                if takes && !single(t2) {
                    return Some((t2, g.class));
                }
            }
            work.extend(g.edges.iter().filter(|e| e.from == s).map(|e| e.to));
        }
    }
    None
}

/// The same by class alone: a task not on rank 0 with a parameter whose
/// class is related to a merged object's.
fn taker_by_class(
    program: &hir::Program,
    t: &hir::Task,
    el: &ExitLocks,
    single: &dyn Fn(usize) -> bool,
) -> Option<(usize, hir::ClassId)> {
    let param = |i: u32| t.params[i as usize].class;
    let site = |a: hir::AllocSiteId| program.alloc_site(a).class;
    let mut classes: Vec<hir::ClassId> = Vec::new();
    for &(i, j) in &el.params {
        classes.extend([param(i), param(j)]);
    }
    for &(a, i) in &el.new_with_param {
        classes.extend([site(a), param(i)]);
    }
    for &(a, b) in &el.new_with_new {
        classes.extend([site(a), site(b)]);
    }
    program.tasks.iter().enumerate().find_map(|(t2, task2)| {
        if single(t2) {
            return None;
        }
        task2.params.iter().find_map(|p| {
            classes
                .iter()
                .find(|&&c| program.is_subclass(c, p.class) || program.is_subclass(p.class, c))
                .map(|&c| (t2, c))
        })
    })
}
