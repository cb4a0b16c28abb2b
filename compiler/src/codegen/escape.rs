//! Escape analysis: which `new` objects may live in the frame of the
//! function that makes them instead of in the heap.
//!
//! In: the checked `hir::Program`, the native table and the methods some
//! subclass overrides. Out: per function body, the `new` expressions whose
//! object no reference outlives the call ([`Escape::frame_sites`]); codegen
//! (`func::Gen::new_object`) gives each a zeroed slot in the C frame instead
//! of a heap cell.
//!
//! Why it is safe here: the collector runs only between task invocations
//! (paper 4.7; `runtime-c/src/heap.c`), when no C frame is live, so a frame
//! object is never a root; it is marked immortal, so even a collector that
//! met it would skip it. What must hold is that nothing in the heap, no
//! caller and no later invocation can reach it. The analysis proves that for
//! a local `v` when:
//! - every write of `v` is a statement `v = new C(...)` or a declaration
//!   `C v = new C(...)` (or one without an initialiser), of a class with a
//!   generated layout, whose constructor keeps `this`;
//! - every other use of `v` is the receiver of a field access, the receiver
//!   of a call whose target (resolved by `C`'s own table) keeps `this`, or
//!   an argument of a native that only reads it (the dynamic class name).
//!
//! A method keeps `this` when `this` is used in the same ways inside it: the
//! greatest fixpoint over the call graph, so recursion is allowed. `v` holds
//! the only reference, so a site that runs again (in a loop) may reuse its
//! slot: the object it held is unreachable once `v` is overwritten, and the
//! constructor's arguments are evaluated before the slot is cleared.
//!
//! Java's allocation semantics are kept: each evaluation yields a new,
//! zeroed object of class `C`.

use super::natives::NativeTable;
use crate::hir::*;
use std::collections::{BTreeMap, HashSet};

/// Natives that read their object argument without keeping it.
const READ_ONLY_NATIVES: &[&str] = &["bb_BambooRuntime_className"];

/// Classes with more fields than this stay in the heap (frames stay small).
const MAX_FRAME_FIELDS: usize = 32;

/// The reference whose uses are being checked.
#[derive(Copy, Clone)]
enum Tracked {
    /// `this` inside a method of a class whose subclasses may override.
    This,
    /// A local that only ever holds objects of exactly this class.
    Local(LocalId, ClassId),
}

impl Tracked {
    fn is(&self, e: &Expr) -> bool {
        match (self, &e.kind) {
            (Tracked::This, ExprKind::This) => true,
            (Tracked::Local(v, _), ExprKind::Local(l)) => v == l,
            _ => false,
        }
    }

    /// `e` itself or `e` widened to a supertype.
    fn is_widened(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Widen(x) => self.is(x),
            _ => self.is(e),
        }
    }
}

pub(crate) struct Escape<'a> {
    p: &'a Program,
    natives: &'a NativeTable,
    overridden: &'a [bool],
    /// By method id: `this` does not escape from the method.
    keeps_this: Vec<bool>,
}

impl<'a> Escape<'a> {
    pub(crate) fn new(p: &'a Program, natives: &'a NativeTable, overridden: &'a [bool]) -> Self {
        let mut e = Escape {
            p,
            natives,
            overridden,
            keeps_this: p
                .methods
                .iter()
                .map(|m| !m.is_static && m.body.is_some() && !m.is_native)
                .collect(),
        };
        // The greatest fixpoint: assume every method keeps `this`, then
        // withdraw the claim from methods that use `this` otherwise, until
        // no claim changes.
        loop {
            let mut changed = false;
            for (i, m) in p.methods.iter().enumerate() {
                if !e.keeps_this[i] {
                    continue;
                }
                let body = m.body.as_ref().expect("keeps_this implies a body");
                if !e.keeps(body) {
                    e.keeps_this[i] = false;
                    changed = true;
                }
            }
            if !changed {
                return e;
            }
        }
    }

    /// The method a call on the tracked reference runs, when known.
    fn target(&self, t: Tracked, kind: CallKind, method: MethodId) -> Option<MethodId> {
        match (kind, t) {
            (CallKind::Static, _) => None,
            (CallKind::Direct, _) => Some(method),
            (CallKind::Virtual, Tracked::Local(_, class)) => {
                let slot = self.p.method(method).vtable_slot? as usize;
                self.p.class(class).vtable.get(slot).copied()
            }
            (CallKind::Virtual, Tracked::This) => {
                (!self.overridden[method.0 as usize]).then_some(method)
            }
        }
    }

    /// How many uses of the tracked reference directly below `e` keep it.
    fn kept_uses_below(&self, e: &Expr, t: Tracked) -> usize {
        match &e.kind {
            ExprKind::Field { object, .. } => usize::from(t.is(object)),
            ExprKind::Call {
                kind,
                method,
                receiver,
                args,
            } => {
                let receiver_kept = receiver.as_deref().is_some_and(|r| {
                    t.is(r)
                        && self
                            .target(t, *kind, *method)
                            .is_some_and(|m| self.keeps_this[m.0 as usize])
                });
                let read_only = self.p.method(*method).is_native
                    && READ_ONLY_NATIVES.contains(&self.natives.symbol(*method));
                let args_kept = if read_only {
                    args.iter().filter(|a| t.is_widened(a)).count()
                } else {
                    0
                };
                usize::from(receiver_kept) + args_kept
            }
            _ => 0,
        }
    }

    /// How many times the tracked reference is used in `body`, and how
    /// many of those uses keep it.
    fn use_counts(&self, body: &Block, t: Tracked) -> (usize, usize) {
        let (mut uses, mut kept) = (0, 0);
        let mut exprs = Vec::new();
        collect_block_exprs(body, &mut exprs);
        for e in exprs {
            visit_expr(e, &mut |x| {
                uses += usize::from(t.is(x));
                kept += self.kept_uses_below(x, t);
            });
        }
        (uses, kept)
    }

    /// Whether every use of `this` in a method's body keeps it.
    fn keeps(&self, body: &Block) -> bool {
        let (uses, kept) = self.use_counts(body, Tracked::This);
        // `this(...)` and `super(...)` pass `this` to another constructor.
        let mut ctor_calls_keep = true;
        for s in &body.stmts {
            visit_stmt(s, &mut |s| {
                if let StmtKind::CtorCall { ctor, .. } = &s.kind {
                    ctor_calls_keep &= self.keeps_this[ctor.0 as usize];
                }
            });
        }
        uses == kept && ctor_calls_keep
    }

    /// The class of a `new` whose object may live in a frame, if `e` is one
    /// (before looking at how its value is used).
    fn frame_class(&self, e: &Expr) -> Option<ClassId> {
        let ExprKind::New {
            class,
            ctor,
            alloc: None,
            ..
        } = &e.kind
        else {
            return None;
        };
        let c = self.p.class(*class);
        let ok = !c.is_abstract
            && c.flags.is_empty()
            && c.layout.len() <= MAX_FRAME_FIELDS
            && !self.natives.is_runtime_constructor(*ctor)
            && self.p.method(*ctor).body.is_some()
            && self.keeps_this[ctor.0 as usize]
            && e.ty == Type::Class(*class);
        ok.then_some(*class)
    }

    /// The `new` expressions of a body (by address) whose objects may live
    /// in its frame.
    pub(crate) fn frame_sites(&self, body: &Block) -> HashSet<*const Expr> {
        // Each local written by a declaration or an assignment statement:
        // the one class of its `new`s (`None` once a write fails), the
        // `new`s, and how many assignment statements write it.
        let mut candidates: BTreeMap<LocalId, (Option<ClassId>, Vec<*const Expr>, usize)> =
            BTreeMap::new();
        let mut note = |v: LocalId, value: &Expr, statement: bool| {
            let class = self.frame_class(value);
            let c = candidates.entry(v).or_insert((class, Vec::new(), 0));
            if c.0 != class {
                c.0 = None;
            }
            c.1.push(value as *const Expr);
            c.2 += usize::from(statement);
        };
        let mut statements = HashSet::new();
        for s in &body.stmts {
            visit_stmt(s, &mut |s| match &s.kind {
                StmtKind::Local {
                    local,
                    init: Some(value),
                } => note(*local, value, false),
                StmtKind::Expr(
                    e @ Expr {
                        kind: ExprKind::Assign { target, value },
                        ..
                    },
                ) => {
                    if let ExprKind::Local(v) = target.kind {
                        statements.insert(e as *const Expr);
                        note(v, value, true);
                    }
                }
                _ => {}
            });
        }
        let mut sites = HashSet::new();
        for (v, (class, news, statement_writes)) in candidates {
            let Some(class) = class else { continue };
            if !self.only_statement_writes(body, v, &statements) {
                continue;
            }
            // The assignment statements' targets are uses that keep `v`.
            let (uses, kept) = self.use_counts(body, Tracked::Local(v, class));
            if uses == kept + statement_writes {
                sites.extend(news);
            }
        }
        sites
    }

    /// Whether every write of `v` in the body is one of the assignment
    /// `statements` (declarations are not assignments).
    fn only_statement_writes(
        &self,
        body: &Block,
        v: LocalId,
        statements: &HashSet<*const Expr>,
    ) -> bool {
        let mut ok = true;
        let mut exprs = Vec::new();
        collect_block_exprs(body, &mut exprs);
        for e in exprs {
            visit_expr(e, &mut |x| {
                if assigned_local(x) == Some(v) {
                    ok &= statements.contains(&(x as *const Expr));
                }
            });
        }
        // `for (C v : array)` writes `v` without an assignment.
        for s in &body.stmts {
            visit_stmt(s, &mut |s| {
                if let StmtKind::ForEach { var, .. } = &s.kind {
                    ok &= *var != v;
                }
            });
        }
        ok
    }
}
