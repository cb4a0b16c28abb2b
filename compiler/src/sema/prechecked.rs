//! The standard library's bodies checked once, for checking many programs
//! against the same library (the fuzzer, the front-end test suites).
//!
//! In: a program checked from the standard library alone. Out:
//! `StdlibBodies`, its checked method bodies and singleton initialisers.
//! `check_bodies` takes a library body from it instead of checking it
//! again when the program being checked declares the library exactly as
//! the library alone did (`StdlibBodies::fits`: same classes, methods and
//! fields at the same ids, the library's class names unshadowed), since a
//! library body refers to nothing else; otherwise it checks every body.
//! Either way the resulting program is the same.

use super::Sema;
use crate::hir::*;

#[cfg(test)]
thread_local! {
    /// Checks on this thread that took the library's bodies from a
    /// `StdlibBodies` (tests only: reuse must not silently stop).
    pub(super) static REUSED: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A checked standard library's bodies and the declarations they rest on.
pub struct StdlibBodies {
    classes: Vec<String>,
    methods: Vec<(ClassId, String, Option<u32>, usize)>,
    fields: Vec<(ClassId, String)>,
    bodies: Vec<Option<(Block, Vec<Local>)>>,
    singletons: Vec<(FieldId, Expr)>,
}

impl StdlibBodies {
    /// The bodies of `p`, a program checked from the library alone without
    /// errors; `None` when checking its bodies had an effect besides them
    /// (an allocation site), which reuse could not repeat.
    pub fn from_program(p: &Program) -> Option<StdlibBodies> {
        if !p.alloc_sites.is_empty() || !p.tasks.is_empty() {
            return None;
        }
        Some(StdlibBodies {
            classes: p.classes.iter().map(|c| c.name.clone()).collect(),
            methods: p.methods.iter().map(method_key).collect(),
            fields: p.fields.iter().map(|f| (f.class, f.name.clone())).collect(),
            bodies: p
                .methods
                .iter()
                .map(|m| m.body.clone().map(|b| (b, m.locals.clone())))
                .collect(),
            singletons: p
                .fields
                .iter()
                .enumerate()
                .filter_map(|(i, f)| Some((FieldId(i as u32), f.singleton_init.clone()?)))
                .collect(),
        })
    }

    /// Whether the program `s` is checking declares the library as the
    /// library alone did, so that every library body checks the same.
    pub(super) fn fits(&self, s: &Sema<'_>) -> bool {
        let p = &s.program;
        p.classes.len() >= self.classes.len()
            && p.methods.len() >= self.methods.len()
            && p.fields.len() >= self.fields.len()
            && self.classes.iter().enumerate().all(|(i, name)| {
                p.classes[i].name == *name && s.class_by_name.get(name) == Some(&ClassId(i as u32))
            })
            && self
                .methods
                .iter()
                .zip(&p.methods)
                .all(|(k, m)| *k == method_key(m))
            && self
                .fields
                .iter()
                .zip(&p.fields)
                .all(|((c, n), f)| *c == f.class && *n == f.name)
    }

    /// The checked body of library method `id`, if it has one.
    pub(super) fn body(&self, id: MethodId) -> Option<&(Block, Vec<Local>)> {
        self.bodies.get(id.0 as usize)?.as_ref()
    }

    /// The number of library methods.
    pub(super) fn methods(&self) -> usize {
        self.methods.len()
    }

    pub(super) fn singletons(&self) -> &[(FieldId, Expr)] {
        &self.singletons
    }
}

fn method_key(m: &Method) -> (ClassId, String, Option<u32>, usize) {
    (m.class, m.name.clone(), m.vtable_slot, m.params.len())
}

#[cfg(test)]
mod tests {
    use crate::driver::{check_source, frontend, prechecked_stdlib, stdlib_sources};

    /// Checking with the prechecked library gives exactly the program and
    /// diagnostics of checking everything, whether the bodies fit or not
    /// (a user class named like a library class shadows it: no reuse).
    #[test]
    fn prechecked_library_changes_nothing() {
        assert!(prechecked_stdlib().is_some());
        let programs = [
            "",
            "task startup(StartupObject s in initialstate) { Vector v = new Vector(); \
             v.addElement(\"a\"); System.printString(\"\" + v.size()); \
             taskexit(s: initialstate := false); }",
            "class Vector { int x; } task startup(StartupObject s in initialstate) \
             { taskexit(s: initialstate := false); }",
            "class A { int f() { return 1 + true; } }",
            "class B extends Vector { flag go; int n; B(int n) { this.n = n; } int g() { return n + size(); } } \
             task startup(StartupObject s in initialstate) { B b = new B(2) { go := true }; \
             System.printString(\"\" + b.g()); taskexit(s: initialstate := false); }",
        ];
        for text in programs {
            let fast = check_source("t.bb", text);
            let mut sources = stdlib_sources();
            let id = sources.add("t.bb", text.to_string(), false);
            let slow = frontend(sources, vec![id], Vec::new());
            assert_eq!(
                format!("{:?}", fast.program),
                format!("{:?}", slow.program),
                "{text}"
            );
            assert_eq!(
                format!("{:?}", fast.diagnostics),
                format!("{:?}", slow.diagnostics),
                "{text}"
            );
        }
    }

    /// A program's own classes, methods and constructors take ids after
    /// the library's, so the prechecked bodies are reused for it (the
    /// fuzzer and the language server check such programs all the time).
    #[test]
    fn programs_with_classes_reuse_the_library() {
        let reused = || super::REUSED.with(|n| n.get());
        let before = reused();
        let fe = check_source(
            "t.bb",
            "class A { flag f; int x; A() { x = 1; } int get() { return x; } } \
             class B extends A { int y() { return get() + 1; } } \
             task startup(StartupObject s in initialstate) { A a = new B() { f := true }; \
             taskexit(s: initialstate := false); } \
             task t(A a in f) { taskexit(a: f := false); }",
        );
        assert!(!fe.has_errors(), "{:?}", fe.diagnostics);
        assert_eq!(reused(), before + 1);
    }
}
