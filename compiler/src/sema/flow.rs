//! Reachability and definite assignment over a checked body (JLS chapters
//! 14.22 and 16): unreachable statements, missing returns, reads of locals
//! that might not have been assigned, and blank `final` locals assigned
//! twice.

use super::error::SemaError;
use crate::hir::*;
use bambooc_syntax::span::Span;
use std::collections::HashMap;

/// A set of locals; `None` stands for "every local" (the vacuous state of
/// code that cannot be reached, JLS 16).
#[derive(Clone, Debug, PartialEq)]
struct Assigned(Option<Vec<u64>>);

impl Assigned {
    fn empty(n: usize) -> Assigned {
        Assigned(Some(vec![0; n.div_ceil(64)]))
    }
    fn all() -> Assigned {
        Assigned(None)
    }
    fn contains(&self, l: LocalId) -> bool {
        match &self.0 {
            None => true,
            Some(v) => v[l.0 as usize / 64] & (1 << (l.0 % 64)) != 0,
        }
    }
    fn insert(&mut self, l: LocalId) {
        if let Some(v) = &mut self.0 {
            v[l.0 as usize / 64] |= 1 << (l.0 % 64);
        }
    }
    fn remove(&mut self, l: LocalId) {
        if let Some(v) = &mut self.0 {
            v[l.0 as usize / 64] &= !(1 << (l.0 % 64));
        }
    }
    /// Intersection: assigned on both paths.
    fn meet(&self, other: &Assigned) -> Assigned {
        match (&self.0, &other.0) {
            (None, _) => other.clone(),
            (_, None) => self.clone(),
            (Some(a), Some(b)) => Assigned(Some(a.iter().zip(b).map(|(x, y)| x & y).collect())),
        }
    }
}

/// The state after a statement: can it complete normally, what is
/// definitely assigned, and which blank finals may have been assigned.
#[derive(Clone, Debug)]
struct State {
    reachable: bool,
    da: Assigned,
    maybe: Vec<u64>,
}

/// The state after part of an expression: one state, or, after a
/// short-circuit operator, the states when its value is true and false.
enum Value {
    Plain(State),
    Split(State, State),
}

impl Value {
    fn split(self) -> (State, State) {
        match self {
            Value::Plain(s) => (s.clone(), s),
            Value::Split(t, f) => (t, f),
        }
    }

    /// One state again: assigned on both ways, reachable as before.
    fn plain(self) -> State {
        match self {
            Value::Plain(s) => s,
            Value::Split(t, f) => State {
                reachable: t.reachable,
                ..t.join(&f)
            },
        }
    }
}

impl State {
    fn dead(n: usize) -> State {
        State {
            reachable: false,
            da: Assigned::all(),
            maybe: vec![0; n.div_ceil(64)],
        }
    }
    fn join(&self, other: &State) -> State {
        State {
            reachable: self.reachable || other.reachable,
            da: self.da.meet(&other.da),
            maybe: self
                .maybe
                .iter()
                .zip(&other.maybe)
                .map(|(a, b)| a | b)
                .collect(),
        }
    }
}

struct Flow<'l> {
    locals: &'l [Local],
    errors: Vec<SemaError>,
    reported: Vec<LocalId>,
    /// Break states per target label.
    breaks: HashMap<LabelId, State>,
    continues: HashMap<LabelId, State>,
    blank_final: Vec<bool>,
    /// In a constructor: the class's final instance fields, tracked as
    /// blank finals numbered after the locals.
    final_fields: Vec<FieldId>,
}

/// Checks one body. `nparams` locals (the parameters, and a task's tag
/// variables) are assigned on entry. Also returns whether the body can
/// complete normally (its end is reachable).
pub(super) fn check(
    body: &Block,
    locals: &[Local],
    final_fields: &[FieldId],
    nparams: usize,
    needs_return: bool,
    name: &str,
    span: Span,
) -> (Vec<SemaError>, bool) {
    let n = locals.len() + final_fields.len();
    let mut blank_final = vec![false; n];
    mark_blank_finals(&body.stmts, locals, &mut blank_final);
    for b in &mut blank_final[locals.len()..] {
        *b = true;
    }
    let mut f = Flow {
        locals,
        errors: Vec::new(),
        reported: Vec::new(),
        breaks: HashMap::new(),
        continues: HashMap::new(),
        blank_final,
        final_fields: final_fields.to_vec(),
    };
    let mut da = Assigned::empty(n);
    for i in 0..nparams {
        da.insert(LocalId(i as u32));
    }
    let start = State {
        reachable: true,
        da,
        maybe: vec![0; n.div_ceil(64)],
    };
    let end = f.block(&body.stmts, start);
    // After an unreachable statement the analysis goes on as if it were
    // reachable; a missing return found then would be a follow-on error.
    let recovered = f
        .errors
        .iter()
        .any(|e| matches!(e, SemaError::Unreachable { .. }));
    if needs_return && end.reachable && !recovered {
        f.errors.push(SemaError::MissingReturn {
            method: name.to_string(),
            span: Span {
                start: span.end.saturating_sub(1),
                ..span
            },
        });
    }
    (f.errors, end.reachable)
}

fn mark_blank_finals(stmts: &[Stmt], locals: &[Local], out: &mut [bool]) {
    for s in stmts {
        visit_stmt(s, &mut |st| {
            if let StmtKind::Local { local, init: None } = &st.kind {
                if locals[local.0 as usize].is_final {
                    out[local.0 as usize] = true;
                }
            }
        });
    }
}

/// Every local assigned anywhere inside a statement or expression, for the
/// "might already have been assigned" check of loops.
fn assigned_in_stmt(s: &Stmt, out: &mut Vec<LocalId>) {
    visit_stmt(s, &mut |st| {
        let mut exprs: Vec<&Expr> = Vec::new();
        match &st.kind {
            StmtKind::Local { init: Some(e), .. }
            | StmtKind::Expr(e)
            | StmtKind::Return(Some(e)) => exprs.push(e),
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::DoWhile { cond, .. } => exprs.push(cond),
            StmtKind::For { cond, update, .. } => {
                exprs.extend(cond.iter());
                exprs.extend(update.iter());
            }
            _ => {}
        }
        for e in exprs {
            assigned_in_expr(e, out);
        }
    });
}

fn assigned_in_expr(e: &Expr, out: &mut Vec<LocalId>) {
    visit_expr(e, &mut |x| out.extend(assigned_local(x)));
}

fn is_const_bool(e: &Expr, value: bool) -> bool {
    matches!(e.kind, ExprKind::Const(ConstValue::Bool(b)) if b == value)
}

impl Flow<'_> {
    fn n(&self) -> usize {
        self.locals.len() + self.final_fields.len()
    }

    /// The tracked variable an assignment target writes, if any: a local, or
    /// in a constructor `this.f` for a final field `f`.
    fn tracked(&self, target: &Expr) -> Option<LocalId> {
        match &target.kind {
            ExprKind::Local(l) => Some(*l),
            ExprKind::Field { object, field } if matches!(object.kind, ExprKind::This) => self
                .final_fields
                .iter()
                .position(|f| f == field)
                .map(|i| LocalId((self.locals.len() + i) as u32)),
            _ => None,
        }
    }

    fn name_of(&self, l: LocalId) -> String {
        let i = l.0 as usize;
        match self.locals.get(i) {
            Some(local) => local.name.clone(),
            None => format!("this.{}", i - self.locals.len()),
        }
    }

    fn read(&mut self, l: LocalId, st: &State, span: Span) {
        if st.reachable && !st.da.contains(l) && !self.reported.contains(&l) {
            self.reported.push(l);
            self.errors.push(SemaError::Uninitialized {
                name: self.name_of(l),
                span,
            });
        }
    }

    fn write(&mut self, l: LocalId, st: &mut State, span: Span) {
        let i = l.0 as usize;
        if self.blank_final[i] {
            if st.reachable && st.maybe[i / 64] & (1 << (i % 64)) != 0 {
                self.errors.push(SemaError::FinalReassigned {
                    name: self.name_of(l),
                    span,
                });
            }
            st.maybe[i / 64] |= 1 << (i % 64);
        }
        st.da.insert(l);
    }

    /// Evaluates an expression for its effects on `st`.
    fn expr(&mut self, e: &Expr, st: &mut State) {
        match &e.kind {
            ExprKind::Local(l) => self.read(*l, st, e.span),
            ExprKind::Assign { target, value } => {
                self.place(target, st);
                self.expr(value, st);
                if let Some(l) = self.tracked(target) {
                    self.write(l, st, target.span);
                }
            }
            ExprKind::CompoundAssign { target, value, .. }
            | ExprKind::ConcatAssign { target, value } => {
                self.expr(target, st);
                self.expr(value, st);
                if let Some(l) = self.tracked(target) {
                    self.write(l, st, target.span);
                }
            }
            ExprKind::IncDec { target, .. } => {
                self.expr(target, st);
                if let Some(l) = self.tracked(target) {
                    self.write(l, st, target.span);
                }
            }
            ExprKind::Binary { op, lhs, rhs }
                if matches!(
                    op,
                    bambooc_syntax::ast::BinOp::And | bambooc_syntax::ast::BinOp::Or
                ) =>
            {
                let (t, f) = self.cond(e, st.clone());
                let _ = (op, lhs, rhs);
                st.da = t.da.meet(&f.da);
                st.maybe = t.join(&f).maybe;
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                let (mut t, mut f) = self.cond(cond, st.clone());
                self.expr(then_expr, &mut t);
                self.expr(else_expr, &mut f);
                let j = t.join(&f);
                st.da = j.da;
                st.maybe = j.maybe;
            }
            ExprKind::Chain { first, steps } => {
                let j = self.chain(first, steps, st.clone()).plain();
                st.da = j.da;
                st.maybe = j.maybe;
            }
            _ => {
                // Children in evaluation order.
                let mut children: Vec<&Expr> = Vec::new();
                match &e.kind {
                    ExprKind::Field { object, .. } => children.push(object),
                    ExprKind::ArrayLength(x)
                    | ExprKind::Convert(x)
                    | ExprKind::Widen(x)
                    | ExprKind::CheckedCast(x) => children.push(x),
                    ExprKind::InstanceOf { operand, .. } | ExprKind::Unary { operand, .. } => {
                        children.push(operand)
                    }
                    ExprKind::Index { array, index } => children.extend([&**array, &**index]),
                    ExprKind::Call { receiver, args, .. } => {
                        children.extend(receiver.as_deref());
                        children.extend(args.iter());
                    }
                    ExprKind::New { args, .. } => children.extend(args.iter()),
                    ExprKind::NewArray { dims } => children.extend(dims.iter()),
                    ExprKind::ArrayLiteral(xs) | ExprKind::Concat(xs) => children.extend(xs.iter()),
                    ExprKind::Binary { lhs, rhs, .. } => children.extend([&**lhs, &**rhs]),
                    _ => {}
                }
                for c in children {
                    self.expr(c, st);
                }
            }
        }
    }

    /// The sub-expressions of an assignment target, evaluated before the
    /// value (the local itself is written, not read).
    fn place(&mut self, target: &Expr, st: &mut State) {
        match &target.kind {
            ExprKind::Local(_) => {}
            ExprKind::Field { object, .. } => self.expr(object, st),
            ExprKind::Index { array, index } => {
                self.expr(array, st);
                self.expr(index, st);
            }
            _ => self.expr(target, st),
        }
    }

    /// A flat chain of operators, in order, as the nested `Binary` nodes it
    /// stands for: a loop, so that a long chain costs no stack.
    fn chain(&mut self, first: &Expr, steps: &[ChainStep], st: State) -> Value {
        use bambooc_syntax::ast::BinOp;
        let mut v = if first.ty == Type::Boolean {
            let (t, f) = self.cond(first, st);
            Value::Split(t, f)
        } else {
            let mut st = st;
            self.expr(first, &mut st);
            Value::Plain(st)
        };
        for s in steps {
            v = match s.op {
                BinOp::And => {
                    let (t, f) = v.split();
                    let (t2, f2) = self.cond(&s.rhs, t);
                    Value::Split(t2, f.join(&f2))
                }
                BinOp::Or => {
                    let (t, f) = v.split();
                    let (t2, f2) = self.cond(&s.rhs, f);
                    Value::Split(t.join(&t2), f2)
                }
                _ => {
                    let mut st = v.plain();
                    self.expr(&s.rhs, &mut st);
                    Value::Plain(st)
                }
            };
        }
        v
    }

    /// A boolean expression: the states when it is true and when false.
    fn cond(&mut self, e: &Expr, st: State) -> (State, State) {
        use bambooc_syntax::ast::BinOp;
        let dead = |st: &State| State {
            da: Assigned::all(),
            ..st.clone()
        };
        match &e.kind {
            ExprKind::Const(ConstValue::Bool(true)) => (st.clone(), dead(&st)),
            ExprKind::Const(ConstValue::Bool(false)) => (dead(&st), st),
            ExprKind::Unary {
                op: UnOp::Not,
                operand,
            } => {
                let (t, f) = self.cond(operand, st);
                (f, t)
            }
            ExprKind::Binary {
                op: BinOp::And,
                lhs,
                rhs,
            } => {
                let (t1, f1) = self.cond(lhs, st);
                let (t2, f2) = self.cond(rhs, t1);
                (t2, f1.join(&f2))
            }
            ExprKind::Binary {
                op: BinOp::Or,
                lhs,
                rhs,
            } => {
                let (t1, f1) = self.cond(lhs, st);
                let (t2, f2) = self.cond(rhs, f1);
                (t1.join(&t2), f2)
            }
            ExprKind::Chain { first, steps } => self.chain(first, steps, st).split(),
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } if e.ty == Type::Boolean => {
                let (ct, cf) = self.cond(cond, st);
                let (xt, xf) = self.cond(then_expr, ct);
                let (yt, yf) = self.cond(else_expr, cf);
                (xt.join(&yt), xf.join(&yf))
            }
            _ => {
                let mut s = st;
                self.expr(e, &mut s);
                (s.clone(), s)
            }
        }
    }

    fn block(&mut self, stmts: &[Stmt], mut st: State) -> State {
        let mut reported = false;
        for s in stmts {
            if !st.reachable {
                if !reported {
                    self.errors.push(SemaError::Unreachable { span: s.span });
                    reported = true;
                }
                // Go on as if reachable so later code is still checked.
                st.reachable = true;
                st.da = Assigned::all();
            }
            st = self.stmt(s, st);
        }
        st
    }

    fn loop_entry(&mut self, s: &Stmt, st: &mut State) {
        let mut assigned = Vec::new();
        assigned_in_stmt(s, &mut assigned);
        for l in assigned {
            let i = l.0 as usize;
            if self.blank_final[i] {
                // A blank final assigned in a loop body is assigned again on
                // the next iteration; reporting happens at the write.
                st.maybe[i / 64] |= 1 << (i % 64);
            }
        }
    }

    fn take_breaks(&mut self, label: Option<LabelId>) -> Option<State> {
        label.and_then(|l| self.breaks.remove(&l))
    }

    fn take_continues(&mut self, label: Option<LabelId>) -> Option<State> {
        label.and_then(|l| self.continues.remove(&l))
    }

    fn record(map: &mut HashMap<LabelId, State>, label: LabelId, st: &State) {
        if !st.reachable {
            return;
        }
        let merged = match map.get(&label) {
            Some(prev) => prev.join(st),
            None => st.clone(),
        };
        map.insert(label, merged);
    }

    fn after_loop(&mut self, label: Option<LabelId>, exit: State, completes: bool) -> State {
        let n = self.n();
        let mut after = if completes { exit } else { State::dead(n) };
        if let Some(b) = self.take_breaks(label) {
            after = after.join(&b);
        }
        after
    }

    fn stmt(&mut self, s: &Stmt, mut st: State) -> State {
        let n = self.n();
        match &s.kind {
            StmtKind::Local { local, init } => {
                // A declaration makes a fresh variable (a loop body's locals
                // are new on every iteration).
                st.da.remove(*local);
                let i = local.0 as usize;
                st.maybe[i / 64] &= !(1 << (i % 64));
                if let Some(e) = init {
                    self.expr(e, &mut st);
                    self.write(*local, &mut st, s.span);
                }
                st
            }
            StmtKind::Expr(e) => {
                self.expr(e, &mut st);
                st
            }
            StmtKind::Block(b) => self.block(&b.stmts, st),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let reachable = st.reachable;
                let (mut t, mut f) = self.cond(cond, st);
                t.reachable = reachable;
                f.reachable = reachable;
                let t_end = self.stmt(then_branch, t);
                let f_end = match else_branch {
                    Some(e) => self.stmt(e, f),
                    None => f,
                };
                t_end.join(&f_end)
            }
            StmtKind::While { label, cond, body } => {
                self.loop_entry(s, &mut st);
                let reachable = st.reachable;
                let (mut t, mut f) = self.cond(cond, st);
                let body_reachable = reachable && !is_const_bool(cond, false);
                t.reachable = body_reachable;
                if reachable && !body_reachable {
                    self.errors.push(SemaError::Unreachable { span: body.span });
                }
                self.stmt(body, t);
                self.take_continues(*label);
                f.reachable = reachable;
                self.after_loop(*label, f, !is_const_bool(cond, true))
            }
            StmtKind::DoWhile { label, body, cond } => {
                self.loop_entry(s, &mut st);
                let end = self.stmt(body, st);
                let end = match self.take_continues(*label) {
                    Some(c) => end.join(&c),
                    None => end,
                };
                let reachable = end.reachable;
                let (_, mut f) = self.cond(cond, end);
                f.reachable = reachable;
                self.after_loop(*label, f, reachable && !is_const_bool(cond, true))
            }
            StmtKind::For {
                label,
                init,
                cond,
                update,
                body,
            } => {
                for i in init {
                    st = self.stmt(i, st);
                }
                self.loop_entry(s, &mut st);
                let reachable = st.reachable;
                let always = cond.as_ref().is_none_or(|c| is_const_bool(c, true));
                let (mut t, mut f) = match cond {
                    Some(c) => self.cond(c, st),
                    None => (
                        st.clone(),
                        State {
                            da: Assigned::all(),
                            ..st
                        },
                    ),
                };
                let body_reachable =
                    reachable && !cond.as_ref().is_some_and(|c| is_const_bool(c, false));
                if reachable && !body_reachable {
                    self.errors.push(SemaError::Unreachable { span: body.span });
                }
                t.reachable = body_reachable;
                let end = self.stmt(body, t);
                let mut end = match self.take_continues(*label) {
                    Some(c) => end.join(&c),
                    None => end,
                };
                for u in update {
                    self.expr(u, &mut end);
                }
                f.reachable = reachable;
                self.after_loop(*label, f, !always)
            }
            StmtKind::ForEach {
                label,
                var,
                array,
                body,
                ..
            } => {
                self.expr(array, &mut st);
                self.loop_entry(s, &mut st);
                let mut inside = st.clone();
                inside.da.insert(*var);
                self.stmt(body, inside);
                self.take_continues(*label);
                self.after_loop(*label, st, true)
            }
            StmtKind::Switch {
                label,
                scrutinee,
                cases,
            } => {
                self.expr(scrutinee, &mut st);
                let entry = st.clone();
                let mut prev: Option<State> = None;
                for c in cases {
                    let start = match prev.take() {
                        Some(p) if p.reachable => p.join(&entry),
                        _ => entry.clone(),
                    };
                    prev = Some(self.block(&c.body, start));
                }
                let has_default = cases.iter().any(|c| c.is_default);
                let mut after = match prev {
                    Some(p) => p,
                    None => entry.clone(),
                };
                if !has_default {
                    after = after.join(&entry);
                }
                if let Some(b) = self.take_breaks(*label) {
                    after = after.join(&b);
                }
                after
            }
            StmtKind::Labeled { label, body } => {
                let end = self.stmt(body, st);
                match self.take_breaks(Some(*label)) {
                    Some(b) => end.join(&b),
                    None => end,
                }
            }
            StmtKind::Break(l) => {
                Self::record(&mut self.breaks, *l, &st);
                State::dead(n)
            }
            StmtKind::Continue(l) => {
                Self::record(&mut self.continues, *l, &st);
                State::dead(n)
            }
            StmtKind::Return(v) => {
                if let Some(e) = v {
                    self.expr(e, &mut st);
                }
                State::dead(n)
            }
            StmtKind::TaskExit(_) => State::dead(n),
            StmtKind::CtorCall { args, .. } => {
                for a in args {
                    self.expr(a, &mut st);
                }
                st
            }
            StmtKind::Empty => st,
        }
    }
}
