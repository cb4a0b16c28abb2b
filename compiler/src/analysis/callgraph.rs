//! A small call graph over the HIR: which methods a body may call.
//!
//! In: a checked `hir::Program`. Out: for each body, the methods it calls
//! directly (static, direct and constructor calls) or may call through a
//! vtable (a virtual call resolved to every override in every subclass of
//! the receiver's static class). Used by the CSTG (paper 4.3.1) to find the
//! allocation sites a task can reach, by the tag-type inference of the
//! ASTG and by the default layout (which tasks make which tag types). Sound for the Java subset Bamboo has (no reflection, no function
//! values): every method a body can run is in the closure. Resolving one
//! virtual call costs linear time in the number of classes.

use crate::hir::*;
use std::collections::BTreeSet;

/// The methods a call of `method` with `kind` may run.
pub fn call_targets(p: &Program, kind: CallKind, method: MethodId) -> Vec<MethodId> {
    let m = p.method(method);
    match (kind, m.vtable_slot) {
        (CallKind::Virtual, Some(slot)) => {
            let slot = slot as usize;
            let below = subclasses(p, m.class);
            let mut out = BTreeSet::new();
            for (c, _) in p.classes.iter().zip(&below).filter(|(_, &b)| b) {
                if let Some(&t) = c.vtable.get(slot) {
                    out.insert(t);
                }
            }
            out.into_iter().collect()
        }
        _ => vec![method],
    }
}

/// Per class, whether it is `root` or below it. Each class's superclass
/// chain is walked only up to the first class already decided, so the cost
/// is linear in the number of classes, however deep the hierarchy.
fn subclasses(p: &Program, root: ClassId) -> Vec<bool> {
    let mut known: Vec<Option<bool>> = vec![None; p.classes.len()];
    let mut path = Vec::new();
    for start in 0..p.classes.len() {
        let mut c = Some(ClassId(start as u32));
        let answer = loop {
            match c {
                None => break false,
                Some(id) if id == root => break true,
                Some(id) => match known[id.0 as usize] {
                    Some(b) => break b,
                    None => {
                        path.push(id);
                        c = p.class(id).superclass;
                    }
                },
            }
        };
        known[root.0 as usize] = Some(true);
        for id in path.drain(..) {
            known[id.0 as usize] = Some(answer);
        }
    }
    known.into_iter().map(|b| b == Some(true)).collect()
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

/// Adds to `out` the tag types `e` makes (`new tag(tt)` in it).
pub fn tags_made_in_expr(e: &Expr, out: &mut BTreeSet<TagTypeId>) {
    visit_expr(e, &mut |x| {
        if let ExprKind::NewTag(tt) = x.kind {
            out.insert(tt);
        }
    });
}

/// Adds to `out` the tag types body `b` makes itself (not its callees).
pub fn tags_made_in(b: &Block, out: &mut BTreeSet<TagTypeId>) {
    let mut exprs = Vec::new();
    collect_block_exprs(b, &mut exprs);
    for e in exprs {
        tags_made_in_expr(e, out);
    }
}

/// Per task, the tag types its invocations may make: a `new tag(tt)` in its
/// body or in a method it reaches. The default layout routes a task by the
/// maker's core when every maker of its tags is spread over cores.
pub fn tags_made_by_tasks(p: &Program) -> Vec<BTreeSet<TagTypeId>> {
    p.tasks
        .iter()
        .map(|t| {
            let mut out = BTreeSet::new();
            tags_made_in(&t.body, &mut out);
            for m in reachable_methods(p, &t.body) {
                if let Some(b) = &p.method(m).body {
                    tags_made_in(b, &mut out);
                }
            }
            out
        })
        .collect()
}

/// The tag types that fields' initialisers (the original dialect's globals)
/// make, once, at start.
pub fn tags_made_by_fields(p: &Program) -> BTreeSet<TagTypeId> {
    let mut out = BTreeSet::new();
    for e in p.fields.iter().filter_map(|f| f.singleton_init.as_ref()) {
        tags_made_in_expr(e, &mut out);
    }
    out
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

    /// A chain of classes each extending the next one declared (so every
    /// superclass comes later in the file), with one override at the bottom:
    /// checking it and resolving a virtual call at its top take time linear
    /// in its length.
    #[test]
    fn deep_hierarchies_resolve_every_override() {
        let n = 3000;
        let mut src = String::new();
        for i in 0..n - 1 {
            src.push_str(&format!("class C{i} extends C{} {{ }}\n", i + 1));
        }
        src.push_str(&format!("class C{} {{ void m() {{}} }}\n", n - 1));
        src = src.replacen(
            "class C0 extends C1 { }",
            "class C0 extends C1 { void m() {} }",
            1,
        );
        src.push_str(&format!(
            "task t(StartupObject s in initialstate) {{ C{} c = new C0(); c.m(); taskexit(s: initialstate := false); }}\n",
            n - 1
        ));
        let p = crate::test_support::program(&src);
        let top = p
            .classes
            .iter()
            .position(|c| c.name == format!("C{}", n - 1))
            .unwrap();
        let m = (0..p.methods.len() as u32)
            .map(MethodId)
            .find(|&m| p.method(m).name == "m" && p.method(m).class == ClassId(top as u32))
            .unwrap();
        let owners: BTreeSet<String> = call_targets(&p, CallKind::Virtual, m)
            .into_iter()
            .map(|t| p.class(p.method(t).class).name.clone())
            .collect();
        assert_eq!(
            owners,
            BTreeSet::from([format!("C{}", n - 1), "C0".to_string()])
        );
    }
}
