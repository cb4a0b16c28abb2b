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

/// What the MPI backend cannot do for `program`, with the default layout
/// it is built with (`spread`: `--spread`'s): the original dialect's global
/// variables (one value per rank), and regions the lock plan merged unless
/// one of the merged objects alone is ever taken again (`one_owner`) or
/// they stay on rank 0: the merging task and every task
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
    // Tag-matched tasks need no rule here: tag instances have a global
    // identity and objects are routed by it (runtime-c/src/tag.c, mpi.c).
    if let Some(f) = program.fields.iter().find(|f| f.global) {
        return Err(MpiRefusal::GlobalVariable {
            class: program.class(f.class).name.clone(),
            field: f.name.clone(),
        });
    }
    let policies = Layout::default_or_spread(program, "program", "smp", 2, spread).policies;
    let single = |t: usize| policies.get(t) == Some(&Policy::Single);
    for held in held_groups(program, astgs, locks) {
        let t = &program.tasks[held.task];
        let exit = (!t.exits.get(held.exit).is_some_and(|e| e.implicit)).then_some(held.exit);
        let refuse = |why: MergeEscape| {
            Err(MpiRefusal::MergedLocks {
                task: t.name.clone(),
                exit,
                why,
            })
        };
        if !single(held.task) {
            return refuse(MergeEscape::MergerEverywhere);
        }
        if let Some(&(t2, c)) = held.takers.iter().find(|&&(t2, _)| !single(t2)) {
            return refuse(MergeEscape::Taker {
                task: program.tasks[t2].name.clone(),
                class: program.class(c).name.clone(),
            });
        }
    }
    Ok(())
}

/// An exit whose merged lock group must stay on one rank: its task, the
/// exit, and every other task that may take an object of the group, with
/// the class it takes, in the order the search meets them.
struct HeldGroup {
    task: usize,
    exit: usize,
    takers: Vec<(usize, hir::ClassId)>,
}

/// The exits that merge locks `one_owner` does not release, in task and
/// exit order, with their takers (by state with the graphs, else by class).
fn held_groups(program: &hir::Program, astgs: Option<&[Astg]>, locks: &LockPlan) -> Vec<HeldGroup> {
    let mut out = Vec::new();
    for (ti, tl) in locks.tasks.iter().enumerate() {
        for (ei, el) in tl.exits.iter().enumerate() {
            if el.is_empty() || astgs.is_some_and(|graphs| one_owner(program, graphs, ti, ei, el)) {
                continue;
            }
            // Each search returns the first taker not found yet.
            let mut found = vec![false; program.tasks.len()];
            found[ti] = true;
            let mut takers = Vec::new();
            loop {
                let next = {
                    let skip = |t: usize| found[t];
                    match astgs {
                        Some(graphs) => taker_by_state(program, graphs, ti, ei, el, &skip),
                        None => taker_by_class(program, &program.tasks[ti], el, &skip),
                    }
                };
                let Some((t2, c)) = next else { break };
                found[t2] = true;
                takers.push((t2, c));
            }
            out.push(HeldGroup {
                task: ti,
                exit: ei,
                takers,
            });
        }
    }
    out
}

/// Per task, whether an MPI build must keep it `single` on global core 0:
/// the startup task (rank 0 makes the startup object) and the tasks of
/// [`held_groups`], which `check_program` requires to be `Single`. A layout
/// given at run time may place every other task anywhere
/// (runtime-c/src/layout.c), and synthesis for a cluster keeps these on
/// core 0 (`TaskModel::on_core0`).
pub fn pinned_tasks(program: &hir::Program, astgs: Option<&[Astg]>, locks: &LockPlan) -> Vec<bool> {
    let mut pinned: Vec<bool> = (0..program.tasks.len())
        .map(|t| crate::synthesis::layout::is_startup_task(program, hir::TaskId(t as u32)))
        .collect();
    for held in held_groups(program, astgs, locks) {
        pinned[held.task] = true;
        for (t2, _) in held.takers {
            pinned[t2] = true;
        }
    }
    pinned
}

/// Per task, whether it meets its objects on the larger one's rank instead
/// of on rank 0 (runtime-c/src/meet.c): a task of the default layout that
/// runs once (`Single`) with two parameters and no tags, whose exits merge
/// no locks, and neither of whose classes (nor a sub- or superclass) any
/// exit's lock merge may take in. Running it on another rank than 0 then
/// forms no merged lock group there, and moving its objects between ranks
/// splits none (ARCHITECTURE.md, "Across MPI ranks"); an untagged
/// invocation needs only its two objects on one core.
pub fn meeting_tasks(program: &hir::Program, locks: &LockPlan, spread: bool) -> Vec<bool> {
    let policies = Layout::default_or_spread(program, "program", "smp", 2, spread).policies;
    let mut merged: Vec<hir::ClassId> = Vec::new();
    for (ti, tl) in locks.tasks.iter().enumerate() {
        let params = &program.tasks[ti].params;
        for el in &tl.exits {
            let by_param = el.params.iter().flat_map(|&(i, j)| [i, j]);
            let with_new = el.new_with_param.iter().map(|&(_, i)| i);
            merged.extend(by_param.chain(with_new).map(|i| params[i as usize].class));
            let sites = el.new_with_new.iter().flat_map(|&(a, b)| [a, b]);
            let sites = sites.chain(el.new_with_param.iter().map(|&(a, _)| a));
            merged.extend(sites.map(|a| program.alloc_site(a).class));
        }
    }
    let related =
        |a: hir::ClassId, b: hir::ClassId| program.is_subclass(a, b) || program.is_subclass(b, a);
    program
        .tasks
        .iter()
        .enumerate()
        .map(|(t, task)| {
            policies.get(t) == Some(&Policy::Single)
                && task.params.len() == 2
                && locks.tasks[t].exits.iter().all(ExitLocks::is_empty)
                && task.params.iter().all(|q| q.tags.is_empty())
                && !task
                    .params
                    .iter()
                    .any(|q| merged.iter().any(|&c| related(q.class, c)))
        })
        .collect()
}

/// Whether at most one of the objects merged at exit `ei` of task `ti` can
/// be taken by any task afterwards (in a state the ASTG reaches from its
/// state after the exit; two objects of one site count as two): the others
/// never run again, so the one left owns all that is live of the merged
/// regions, and moving it to another rank splits nothing live (a section
/// that absorbed another's table in KeywordCount, a frame that took a
/// finished strip in Tracking). False when a graph is truncated.
fn one_owner(
    program: &hir::Program,
    graphs: &[Astg],
    ti: usize,
    ei: usize,
    el: &ExitLocks,
) -> bool {
    let mut params: Vec<u32> = el
        .params
        .iter()
        .flat_map(|&(i, j)| [i, j])
        .chain(el.new_with_param.iter().map(|&(_, i)| i))
        .collect();
    params.sort_unstable();
    params.dedup();
    let mut sites: Vec<(hir::AllocSiteId, u32)> = Vec::new();
    for &(a, b) in &el.new_with_new {
        sites.push((a, if a == b { 2 } else { 1 }));
        if a != b {
            sites.push((b, 1));
        }
    }
    sites.extend(el.new_with_param.iter().map(|&(a, _)| (a, 1)));
    // Each site once, with its larger count.
    sites.sort_unstable_by_key(|&(a, n)| (a, std::cmp::Reverse(n)));
    sites.dedup_by_key(|&mut (a, _)| a);
    if graphs.iter().any(|g| g.truncated) {
        return false;
    }
    let live = |starts: Vec<usize>, g: &Astg| -> bool {
        let mut seen = vec![false; g.states.len()];
        let mut work = starts;
        while let Some(s) = work.pop() {
            if std::mem::replace(&mut seen[s], true) {
                continue;
            }
            let taken = program.tasks.iter().enumerate().any(|(t2, task2)| {
                (0..task2.params.len() as u32)
                    .any(|q| astg::satisfies(program, hir::TaskId(t2 as u32), q, &g.states[s]))
            });
            if taken {
                return true;
            }
            work.extend(g.edges.iter().filter(|e| e.from == s).map(|e| e.to));
        }
        false
    };
    let mut owners = 0;
    for &i in &params {
        let after = |g: &Astg| -> Vec<usize> {
            g.edges
                .iter()
                .filter(|e| e.task.0 as usize == ti && e.exit.0 as usize == ei && e.param == i)
                .map(|e| e.to)
                .collect()
        };
        owners += u32::from(graphs.iter().any(|g| live(after(g), g)));
    }
    for &(a, n) in &sites {
        let made = |g: &Astg| -> Vec<usize> {
            g.initial
                .iter()
                .filter(|&&(_, s)| s == a)
                .map(|&(s, _)| s)
                .collect()
        };
        if graphs.iter().any(|g| live(made(g), g)) {
            owners += n;
        }
    }
    owners <= 1
}

/// The first task not to `skip` that may take an object merged at exit
/// `ei` of task `ti` in a state the object can reach after the exit, and
/// the object's class; by class when a graph is truncated.
fn taker_by_state(
    program: &hir::Program,
    graphs: &[Astg],
    ti: usize,
    ei: usize,
    el: &ExitLocks,
    skip: &dyn Fn(usize) -> bool,
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
            return taker_by_class(program, &program.tasks[ti], el, skip);
        }
        while let Some(s) = work.pop() {
            if std::mem::replace(&mut seen[s], true) {
                continue;
            }
            for (t2, task2) in program.tasks.iter().enumerate() {
                let takes = (0..task2.params.len() as u32)
                    .any(|q| astg::satisfies(program, hir::TaskId(t2 as u32), q, &g.states[s]));
                if takes && !skip(t2) {
                    return Some((t2, g.class));
                }
            }
            work.extend(g.edges.iter().filter(|e| e.from == s).map(|e| e.to));
        }
    }
    None
}

/// The same by class alone: the first task not to `skip` with a parameter
/// whose class is related to a merged object's.
fn taker_by_class(
    program: &hir::Program,
    t: &hir::Task,
    el: &ExitLocks,
    skip: &dyn Fn(usize) -> bool,
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
        if skip(t2) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::program;

    /// `check_program` on `src` with its graphs and lock plan, the
    /// `--spread` layout (no task made `Single` for being small).
    fn check(src: &str) -> Result<(), MpiRefusal> {
        let p = program(src);
        let graphs = astg::build(&p);
        let locks = crate::analysis::disjoint::analyze(&p);
        check_program(&p, Some(&graphs), &locks, true)
    }

    /// Two sections paired by tag; `combine` runs `body` (`a.absorb(b);`
    /// makes `a` share `b`'s table), hands `a` on to the next pairing and
    /// leaves `b` in the state named.
    fn pairing(body: &str, b_after: &str) -> String {
        format!(
            r#"
class Table {{ int[] counts = new int[4]; }}
class Section {{
    flag submit; flag done;
    Table table = new Table();
    void absorb(Section o) {{ for (int k = 0; k < 10000; k++) table.counts[k % 4] += o.table.counts[k % 4]; table = o.table; }}
}}
task startup(StartupObject s in initialstate) {{
    tag t = new tag(pair);
    new Section() {{ submit := true, add t }};
    new Section() {{ submit := true, add t }};
    taskexit(s: initialstate := false);
}}
task combine(Section a in submit with pair t, Section b in submit with pair t) {{
    {body}
    tag next = new tag(pair);
    taskexit(a: clear t, add next; b: {b_after});
}}
"#
        )
    }

    /// Jacobi's shape: Blocks worked on alone, posted to one Board by a
    /// two-parameter task.
    const BOARD: &str = r#"
class Block { flag work; flag posted; double[] data = new double[64]; }
class Board { flag open; double[] edges = new double[4]; }
task startup(StartupObject s in initialstate) {
    new Board() { open := true };
    for (int k = 0; k < 4; k++) { new Block() { work := true }; }
    taskexit(s: initialstate := false);
}
task work(Block b in work) {
    for (int i = 0; i < 1000; i++) { b.data[i % 64] += 1.0; }
    taskexit(b: work := false, posted := true);
}
task post(Board x in open, Block b in posted) {
    x.edges[0] = b.data[0];
    taskexit(b: posted := false, work := true);
}
"#;

    /// [`BOARD`] with `extra` declarations: per task, whether it meets.
    fn board(extra: &str) -> Vec<(String, bool)> {
        let p = program(&format!("{BOARD}\n{extra}"));
        let locks = crate::analysis::disjoint::analyze(&p);
        let meets = meeting_tasks(&p, &locks, false);
        p.tasks.iter().map(|t| t.name.clone()).zip(meets).collect()
    }

    fn meets(tasks: &[(String, bool)], name: &str) -> bool {
        tasks.iter().find(|(n, _)| n == name).unwrap().1
    }

    #[test]
    fn a_two_parameter_task_without_merges_meets() {
        let tasks = board("");
        assert!(meets(&tasks, "post"), "{tasks:?}");
        assert!(
            !meets(&tasks, "work") && !meets(&tasks, "startup"),
            "{tasks:?}"
        );
    }

    #[test]
    fn a_class_a_merge_may_take_keeps_its_tasks_on_rank_0() {
        // `share` makes a Block hold the Board's array: their locks merge,
        // and `post` takes a Board, so it must run where merges stay.
        let tasks = board(
            "class Holder { flag fresh; double[] held; }
task share(Board x in open, Holder h in fresh) {
    h.held = x.edges;
    taskexit(h: fresh := false);
}",
        );
        assert!(!meets(&tasks, "post"), "{tasks:?}");
    }

    #[test]
    fn the_tasks_of_merged_groups_and_the_startup_task_are_pinned() {
        // `share` merges a Holder with the Board, which `post` takes. By
        // class, both may take a merged object again: they stay on core 0
        // with the startup task, and `work` may go anywhere. By state, the
        // Holder is never taken again (the Board alone owns the group), so
        // nothing but the startup task is pinned.
        let p = program(&format!(
            "{}
class Holder {{ flag fresh; double[] held; }}
task share(Board x in open, Holder h in fresh) {{
    h.held = x.edges;
    taskexit(h: fresh := false);
}}",
            BOARD
        ));
        let graphs = astg::build(&p);
        let locks = crate::analysis::disjoint::analyze(&p);
        assert_eq!(
            pinned_tasks(&p, Some(&graphs), &locks),
            [true, false, false, false]
        );
        let pinned = pinned_tasks(&p, None, &locks);
        let names: Vec<&str> = p
            .tasks
            .iter()
            .zip(&pinned)
            .filter(|&(_, &on)| on)
            .map(|(t, _)| t.name.as_str())
            .collect();
        assert_eq!(names, ["startup", "post", "share"]);
        // Without the merge only the startup task is.
        let p = program(BOARD);
        let locks = crate::analysis::disjoint::analyze(&p);
        let pinned = pinned_tasks(&p, Some(&astg::build(&p)), &locks);
        assert_eq!(pinned, [true, false, false]);
    }

    #[test]
    fn tagged_tasks_do_not_meet() {
        let tasks = board(
            "class Pair { flag ready; }
task pair(Pair a in ready with link t, Pair b in ready with link t) {
    taskexit(a: ready := false, clear t; b: ready := false, clear t);
}",
        );
        assert!(!meets(&tasks, "pair") && meets(&tasks, "post"), "{tasks:?}");
    }

    #[test]
    fn tag_matched_tasks_are_accepted() {
        // No merge: nothing to keep on one rank.
        let r = check(&pairing("a.table.counts[0]++;", "submit := false, clear t"));
        assert!(r.is_ok(), "{r:?}");
    }

    #[test]
    fn a_merge_with_one_object_left_to_run_stands() {
        // `b` is never taken again: `a` alone owns the merged regions.
        let r = check(&pairing("a.absorb(b);", "submit := false, clear t"));
        assert!(r.is_ok(), "{r:?}");
    }

    #[test]
    fn a_merge_with_two_objects_left_to_run_is_refused() {
        // `b` is paired again too: both merged objects may be taken again,
        // on any rank.
        let err = check(&pairing("a.absorb(b);", "clear t, add next")).unwrap_err();
        assert!(
            matches!(
                &err,
                MpiRefusal::MergedLocks { task, why: MergeEscape::MergerEverywhere, .. }
                    if task == "combine"
            ),
            "{err:?}"
        );
    }
}
