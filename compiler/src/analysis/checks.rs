//! Warnings drawn from the ASTGs (paper 4.1): what the dependence analysis
//! knows that the programmer probably did not mean.
//!
//! In: a checked `hir::Program` and its ASTGs. Out: `GraphWarning`s (data;
//! the wording is in `diagnostics::analysis`), in a deterministic order:
//! - `TaskNeverFires` (W0001): no reachable state satisfies a parameter's
//!   guard, so the task can never be invoked;
//! - `ExitKeepsGuards` (W0002): a reachable exit leaves every parameter in
//!   a state that still satisfies its guard, and no exit of the task ever
//!   takes any parameter out of its guard: the task would be invoked again
//!   on the same objects forever. (A task with some exit that does move a
//!   parameter on is a loop by design, like a counter that re-enables its
//!   task until it reaches a bound; it gets no warning. Nor does a task that
//!   may call `System.exit`: it may end the program instead.)
//! - `TagTypeNeverCreated` (W0003): a guard requires a tag type that no
//!   `new tag(...)` creates;
//! - `FlagUnused` (W0004): a flag no guard reads and no allocation block or
//!   exit ever sets;
//! - `NoStartupTask` (W0005): no task takes the `StartupObject`, so the
//!   program runs no task at all (an empty file, or a Java `main`).
//!
//! W0001 and W0002 only run on complete graphs (`Astg::truncated` false):
//! on a partial graph they could raise false alarms.

use super::astg::{satisfies, AbstractState, Astg, TagTypes};
use super::callgraph::reachable_methods;
use crate::hir::*;

#[derive(Clone, Debug, PartialEq)]
pub enum GraphWarning {
    /// Parameter `param` of `task` is satisfied by no reachable state.
    TaskNeverFires {
        task: TaskId,
        param: u32,
        /// The reachable states of the parameter's class (and subclasses),
        /// for the note; empty when no such object is ever allocated.
        reachable: Vec<String>,
    },
    /// Exit `exit` of `task` leaves every parameter satisfying its guard.
    ExitKeepsGuards { task: TaskId, exit: ExitId },
    /// A parameter's `with` clause names a tag type never created.
    TagTypeNeverCreated {
        task: TaskId,
        param: u32,
        tag_type: TagTypeId,
        /// The tag variable's local (its span is the label's).
        var: LocalId,
    },
    /// A flag never read by a guard nor set by an allocation or an exit.
    FlagUnused { class: ClassId, bit: FlagBit },
    /// No task has a `StartupObject` parameter; `main` is a user class's
    /// static method named `main`, where a Java program would start.
    NoStartupTask { main: Option<MethodId> },
}

/// Runs every check on the graphs.
pub fn check(p: &Program, astgs: &[Astg]) -> Vec<GraphWarning> {
    let complete = !astgs.iter().any(|g| g.truncated);
    let created = TagTypes::created(p);
    let states: Vec<&AbstractState> = astgs.iter().flat_map(|g| &g.states).collect();
    let mut out = Vec::new();
    let startup = p.well_known.startup;
    if !p
        .tasks
        .iter()
        .any(|t| t.params.iter().any(|tp| tp.class == startup))
    {
        let main = p
            .methods
            .iter()
            .position(|m| m.name == "main" && m.is_static && !p.class(m.class).is_stdlib);
        out.push(GraphWarning::NoStartupTask {
            main: main.map(|m| MethodId(m as u32)),
        });
    }
    for (ti, t) in p.tasks.iter().enumerate() {
        let task = TaskId(ti as u32);
        let mut uncreated = false;
        for (pi, tp) in t.params.iter().enumerate() {
            for &(tt, var) in &tp.tags {
                if !created.contains(&tt) {
                    uncreated = true;
                    out.push(GraphWarning::TagTypeNeverCreated {
                        task,
                        param: pi as u32,
                        tag_type: tt,
                        var,
                    });
                }
            }
        }
        // With a tag type never created, W0003 already says why the task
        // cannot fire.
        if uncreated || !complete {
            continue;
        }
        let dead =
            (0..t.params.len() as u32).find(|&i| !states.iter().any(|s| satisfies(p, task, i, s)));
        if let Some(param) = dead {
            let class = t.params[param as usize].class;
            let reachable = states
                .iter()
                .filter(|s| p.is_subclass(s.class, class))
                .map(|s| s.label(p))
                .collect();
            out.push(GraphWarning::TaskNeverFires {
                task,
                param,
                reachable,
            });
            continue;
        }
        out.extend(
            looping_exits(p, astgs, task)
                .into_iter()
                .map(|exit| GraphWarning::ExitKeepsGuards { task, exit }),
        );
    }
    out.extend(unused_flags(p));
    out
}

/// The reachable exits of a task that can fire after which every parameter
/// still satisfies its guard, when no exit ever moves a parameter out of
/// its guard (see the module documentation).
fn looping_exits(p: &Program, astgs: &[Astg], task: TaskId) -> Vec<ExitId> {
    let t = p.task(task);
    if reachable_methods(p, &t.body)
        .into_iter()
        .any(|m| is_system_exit(p, m))
    {
        return Vec::new();
    }
    let keeps: Vec<(ExitId, bool)> = t
        .exits
        .iter()
        .enumerate()
        .filter(|(_, e)| e.reachable)
        .map(|(ei, _)| {
            let exit = ExitId(ei as u32);
            let kept = (0..t.params.len() as u32).all(|param| {
                astgs.iter().all(|g| {
                    g.edges
                        .iter()
                        .filter(|e| e.task == task && e.exit == exit && e.param == param)
                        .all(|e| satisfies(p, task, param, &g.states[e.to]))
                })
            });
            (exit, kept)
        })
        .collect();
    if keeps.iter().all(|(_, kept)| *kept) {
        keeps.into_iter().map(|(e, _)| e).collect()
    } else {
        Vec::new()
    }
}

/// The library's `System.exit`.
fn is_system_exit(p: &Program, m: MethodId) -> bool {
    let m = p.method(m);
    let c = p.class(m.class);
    m.name == "exit" && m.is_static && c.is_stdlib && c.name == "System"
}

/// Flags of user classes that no guard reads and nothing sets.
fn unused_flags(p: &Program) -> Vec<GraphWarning> {
    // used[class][bit] for the declaring class of each flag.
    let mut used: Vec<u64> = vec![0; p.classes.len()];
    let mut mark = |class: ClassId, word: u64| {
        let c = p.class(class);
        for (bit, f) in c.flags.iter().enumerate() {
            if word & (1u64 << bit) != 0 {
                used[f.declared_in.0 as usize] |= 1u64 << bit;
            }
        }
    };
    for t in &p.tasks {
        for tp in &t.params {
            mark(tp.class, guard_bits(&tp.guard));
        }
        for e in &t.exits {
            for (tp, change) in t.params.iter().zip(&e.changes) {
                mark(tp.class, change.set);
            }
        }
    }
    let mut exprs = Vec::new();
    for m in &p.methods {
        if let Some(b) = &m.body {
            collect_block_exprs(b, &mut exprs);
        }
    }
    for t in &p.tasks {
        collect_block_exprs(&t.body, &mut exprs);
    }
    for e in exprs {
        visit_expr(e, &mut |x| {
            if let ExprKind::New {
                class,
                alloc: Some(a),
                ..
            } = &x.kind
            {
                mark(*class, a.flags);
            }
        });
    }
    let mut out = Vec::new();
    for (ci, c) in p.classes.iter().enumerate() {
        if c.is_stdlib {
            continue;
        }
        for (bit, f) in c.flags.iter().enumerate() {
            if f.declared_in.0 as usize == ci && used[ci] & (1u64 << bit) == 0 {
                out.push(GraphWarning::FlagUnused {
                    class: ClassId(ci as u32),
                    bit: FlagBit(bit as u32),
                });
            }
        }
    }
    out
}

/// The flag bits a guard mentions.
fn guard_bits(g: &Guard) -> u64 {
    match g {
        Guard::Const(_) => 0,
        Guard::Flag(b) => 1u64 << b.0,
        Guard::Not(x) => guard_bits(x),
        Guard::And(a, b) | Guard::Or(a, b) => guard_bits(a) | guard_bits(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::astg;

    fn warnings(src: &str) -> Vec<GraphWarning> {
        let p = crate::test_support::program(src);
        check(&p, &astg::build(&p))
    }

    #[test]
    fn keyword_is_clean() {
        let src = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../examples/keyword.bb"
        ))
        .unwrap();
        assert_eq!(warnings(&src), []);
    }

    #[test]
    fn counter_loop_is_no_warning_but_a_stuck_task_is() {
        let ok = warnings(
            "class C { flag go; int n; }\n\
             task startup(StartupObject s in initialstate) { new C() { go := true }; taskexit(s: initialstate := false); }\n\
             task count(C c in go) { c.n++; if (c.n == 10) taskexit(c: go := false); }\n",
        );
        assert_eq!(ok, []);
        let stuck = warnings(
            "class C { flag go; int n; }\n\
             task startup(StartupObject s in initialstate) { new C() { go := true }; taskexit(s: initialstate := false); }\n\
             task count(C c in go) { c.n++; }\n",
        );
        assert!(
            matches!(stuck[..], [GraphWarning::ExitKeepsGuards { .. }]),
            "{stuck:?}"
        );
    }
}
