//! A small call graph over the HIR: which methods a body may call.
//!
//! In: a checked `hir::Program`. Out: for each body, the methods it calls
//! directly (static, direct and constructor calls) or may call through a
//! vtable (a virtual call resolved to every override in every subclass of
//! the receiver's static class). Used by the CSTG (paper 4.3.1) to find the
//! allocation sites a task can reach, and by the tag-type inference of the
//! ASTG. Sound for the Java subset Bamboo has (no reflection, no function
//! values): every method a body can run is in the closure.

use crate::hir::*;
use std::collections::BTreeSet;

/// The methods a call of `method` with `kind` may run.
pub fn call_targets(p: &Program, kind: CallKind, method: MethodId) -> Vec<MethodId> {
    let m = p.method(method);
    match (kind, m.vtable_slot) {
        (CallKind::Virtual, Some(slot)) => {
            let slot = slot as usize;
            let mut out = BTreeSet::new();
            for (i, c) in p.classes.iter().enumerate() {
                if p.is_subclass(ClassId(i as u32), m.class) {
                    if let Some(&t) = c.vtable.get(slot) {
                        out.insert(t);
                    }
                }
            }
            out.into_iter().collect()
        }
        _ => vec![method],
    }
}

/// The methods one body calls (its own expressions only, not transitively),
/// sorted and without duplicates.
pub fn callees(p: &Program, body: &Block) -> Vec<MethodId> {
    let mut out = BTreeSet::new();
    let mut exprs = Vec::new();
    collect_block_exprs(body, &mut exprs);
    for e in exprs {
        visit_expr(e, &mut |x| match &x.kind {
            ExprKind::Call { kind, method, .. } => out.extend(call_targets(p, *kind, *method)),
            ExprKind::New { ctor, .. } => {
                out.insert(*ctor);
            }
            _ => {}
        });
    }
    // A constructor may start with `this(...)` or `super(...)`.
    for s in &body.stmts {
        if let StmtKind::CtorCall { ctor, .. } = &s.kind {
            out.insert(*ctor);
        }
    }
    out.into_iter().collect()
}

/// Every method reachable from `body` through calls (transitively), sorted.
pub fn reachable_methods(p: &Program, body: &Block) -> Vec<MethodId> {
    let mut seen = BTreeSet::new();
    let mut work = callees(p, body);
    while let Some(m) = work.pop() {
        if !seen.insert(m) {
            continue;
        }
        if let Some(b) = &p.method(m).body {
            work.extend(callees(p, b).into_iter().filter(|c| !seen.contains(c)));
        }
    }
    seen.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virtual_calls_reach_every_override() {
        let p = crate::test_support::program(
            "class A { void m() {} }\n\
             class B extends A { void m() { new Object(); } }\n\
             class C extends B { void m() {} }\n\
             class D extends A { }\n\
             task t(StartupObject s in initialstate) { A a = new B(); a.m(); taskexit(s: initialstate := false); }\n",
        );
        let t = &p.tasks[0];
        let names: BTreeSet<String> = reachable_methods(&p, &t.body)
            .into_iter()
            .map(|m| {
                let m = p.method(m);
                format!("{}.{}", p.class(m.class).name, m.name)
            })
            .collect();
        for want in ["A.m", "B.m", "C.m"] {
            assert!(names.contains(want), "{want} missing from {names:?}");
        }
    }
}
