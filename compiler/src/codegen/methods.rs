//! Which methods the unit emits and how they are called: rapid type
//! analysis (the methods that can run), the virtual methods some subclass
//! overrides (the rest are called directly) and the small methods called
//! from one place (emitted `always_inline`). In: the checked program; out:
//! one flag per method id.

use super::*;

/// Rapid type analysis: the methods the program can run, indexed by method.
/// Roots are the task bodies, the singleton initialisers, the vtables of
/// Object and String (arrays and literals exist in every program) and
/// `String.valueOf(Object)` (string concatenation). A `new C(..)` makes C
/// and its superclasses instantiated; a virtual call of `m` reaches `m`
/// itself (codegen may call it directly) and the method in `m`'s slot of
/// every instantiated subclass of `m`'s class. The runtime never calls
/// through a vtable and only creates strings and arrays, so a method not
/// marked here cannot run, and its body is not emitted: a small program
/// then compiles without the whole standard library.
pub(super) fn reachable_methods(p: &Program, natives: &natives::NativeTable) -> Vec<bool> {
    struct Rta<'p> {
        p: &'p Program,
        live: Vec<bool>,
        instantiated: Vec<bool>,
        /// Virtual calls seen so far: (the called method's class, its slot).
        virtual_calls: BTreeSet<(ClassId, u32)>,
        work: Vec<MethodId>,
    }
    impl Rta<'_> {
        fn mark(&mut self, m: MethodId) {
            if !self.live[m.0 as usize] {
                self.live[m.0 as usize] = true;
                self.work.push(m);
            }
        }
        fn slot_of(&self, class: ClassId, slot: u32) -> Option<MethodId> {
            self.p.class(class).vtable.get(slot as usize).copied()
        }
        fn call_virtual(&mut self, m: MethodId, slot: u32) {
            let class = self.p.method(m).class;
            if !self.virtual_calls.insert((class, slot)) {
                return;
            }
            let targets: Vec<MethodId> = slot_fillers(self.p, class, slot)
                .filter(|&(c, _)| self.instantiated[c.0 as usize])
                .map(|(_, t)| t)
                .collect();
            for t in targets {
                self.mark(t);
            }
        }
        fn instantiate(&mut self, class: ClassId) {
            let mut c = Some(class);
            while let Some(id) = c {
                if !self.instantiated[id.0 as usize] {
                    self.instantiated[id.0 as usize] = true;
                    let calls: Vec<(ClassId, u32)> = self.virtual_calls.iter().copied().collect();
                    for (called, slot) in calls {
                        if self.p.is_subclass(id, called) {
                            if let Some(t) = self.slot_of(id, slot) {
                                self.mark(t);
                            }
                        }
                    }
                }
                c = self.p.class(id).superclass;
            }
        }
    }
    let mut rta = Rta {
        p,
        live: vec![false; p.methods.len()],
        instantiated: vec![false; p.classes.len()],
        virtual_calls: BTreeSet::new(),
        work: Vec::new(),
    };
    let mut exprs: Vec<&Expr> = Vec::new();
    // Arrays use Object's vtable and literals are Strings: both classes are
    // instantiated in every program, and the runtime's own uses of them
    // (printing, concatenation) go through `String.valueOf(Object)`.
    rta.instantiate(p.well_known.object);
    rta.instantiate(p.well_known.string);
    if let Some(m) = natives.string_value_of_object {
        rta.mark(m);
    }
    for t in &p.tasks {
        collect_block_exprs(&t.body, &mut exprs);
    }
    for f in &p.fields {
        exprs.extend(f.singleton_init.iter());
    }
    loop {
        while let Some(e) = exprs.pop() {
            visit_expr(e, &mut |x| match &x.kind {
                ExprKind::Call { kind, method, .. } => {
                    rta.mark(*method);
                    if let (CallKind::Virtual, Some(slot)) = (kind, p.method(*method).vtable_slot) {
                        rta.call_virtual(*method, slot);
                    }
                }
                ExprKind::New { class, ctor, .. } => {
                    rta.mark(*ctor);
                    rta.instantiate(*class);
                }
                _ => {}
            });
        }
        let Some(m) = rta.work.pop() else { break };
        if let Some(b) = &p.method(m).body {
            collect_block_exprs(b, &mut exprs);
            // A constructor's first statement may call another constructor.
            if let Some(Stmt {
                kind: StmtKind::CtorCall { ctor, .. },
                ..
            }) = b.stmts.first()
            {
                rta.mark(*ctor);
            }
        }
    }
    rta.live
}

/// The largest method body, in expression nodes, that is forced inline: a
/// sampling step such as `Random.nextGaussian` (60) is in; parsers and
/// whole work loops, where a call costs nothing next to the body and
/// copies would slow down the C compiler, are left to its own judgement.
const MAX_FORCED_INLINE_EXPRS: usize = 64;

/// Methods worth forcing inline, indexed by method: live methods with a body
/// that the program calls from exactly one place (one `Call` expression in
/// the task bodies, the singleton initialisers and the live methods'
/// bodies) and that are not on a cycle of calls (`recursion`). Such
/// a method has one caller in the source, but loop versioning may give that
/// call two copies in the C, and the C compiler then no longer inlines it
/// as a function called once (a method such as `Random.nextGaussian` in a
/// sampling loop). Inlining it everywhere costs no more code than versioning
/// already does; a call through a vtable still reaches an out-of-line copy.
/// Only small bodies are forced (`MAX_FORCED_INLINE_EXPRS`).
pub(super) fn single_call_site_methods(
    p: &Program,
    live: &[bool],
    recursive: &[bool],
) -> Vec<bool> {
    let mut calls = vec![0u32; p.methods.len()];
    let mut count_calls = |exprs: &[&Expr]| {
        for e in exprs {
            visit_expr(e, &mut |x| {
                if let ExprKind::Call { method, .. } = &x.kind {
                    calls[method.0 as usize] += 1;
                }
            });
        }
    };
    for t in &p.tasks {
        let mut exprs = Vec::new();
        collect_block_exprs(&t.body, &mut exprs);
        count_calls(&exprs);
    }
    let singletons: Vec<&Expr> = p
        .fields
        .iter()
        .filter_map(|f| f.singleton_init.as_ref())
        .collect();
    count_calls(&singletons);
    for (i, m) in p.methods.iter().enumerate() {
        if let (true, Some(body)) = (live[i], &m.body) {
            let mut exprs = Vec::new();
            collect_block_exprs(body, &mut exprs);
            count_calls(&exprs);
        }
    }
    let size = |body: &Block| {
        let mut exprs = Vec::new();
        collect_block_exprs(body, &mut exprs);
        let mut nodes = 0usize;
        for e in exprs {
            visit_expr(e, &mut |_| nodes += 1);
        }
        nodes
    };
    (0..p.methods.len())
        .map(|i| {
            let m = &p.methods[i];
            // Sized last: only the few methods called once are measured.
            live[i]
                && calls[i] == 1
                && !recursive[i]
                && !m.is_native
                && m.body
                    .as_ref()
                    .is_some_and(|b| size(b) <= MAX_FORCED_INLINE_EXPRS)
        })
        .collect()
}

/// Class-hierarchy analysis: which virtual methods some subclass of their
/// class overrides, indexed by method. The program is closed (user code and
/// the library are all known), so a virtual call to a method no subclass
/// overrides has one possible target and can be called directly.
pub(super) fn overridden_methods(p: &Program) -> Vec<bool> {
    let mut overridden = vec![false; p.methods.len()];
    for c in &p.classes {
        // Walk from the class up its superclasses: every ancestor's slot that
        // this class fills with a different method is overridden.
        let mut s = c.superclass;
        while let Some(a) = s {
            let ancestor = p.class(a);
            for (slot, &m) in ancestor.vtable.iter().enumerate() {
                if c.vtable.get(slot).is_some_and(|&x| x != m) {
                    overridden[m.0 as usize] = true;
                }
            }
            s = ancestor.superclass;
        }
    }
    overridden
}

/// The methods filling vtable `slot` in `class` and its subclasses, with
/// the class of each: what a virtual call of that slot may run.
pub(super) fn slot_fillers(
    p: &Program,
    class: ClassId,
    slot: u32,
) -> impl Iterator<Item = (ClassId, MethodId)> + '_ {
    (0..p.classes.len()).filter_map(move |i| {
        let c = ClassId(i as u32);
        if !p.is_subclass(c, class) {
            return None;
        }
        p.class(c).vtable.get(slot as usize).map(|&m| (c, m))
    })
}
