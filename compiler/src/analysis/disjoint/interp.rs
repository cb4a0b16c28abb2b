//! The abstract interpretation of statements and expressions.

use super::*;

impl Analyzer<'_, '_> {
    pub(super) fn block(&mut self, b: &Block, st: State) -> Option<State> {
        self.stmts(&b.stmts, Some(st))
    }

    pub(super) fn stmts(&mut self, ss: &[Stmt], mut st: Option<State>) -> Option<State> {
        for s in ss {
            let cur = st?;
            st = self.stmt(s, cur);
        }
        st
    }

    pub(super) fn frame(&mut self) -> &mut Frame {
        self.frames.last_mut().expect("a frame")
    }

    pub(super) fn stmt(&mut self, s: &Stmt, mut st: State) -> Option<State> {
        self.steps += 1;
        if self.steps > HARD_LIMIT {
            self.aborted = true;
        }
        if self.aborted {
            return None;
        }
        match &s.kind {
            StmtKind::Local { local, init } => {
                let v = match init {
                    Some(e) => self.expr(e, &mut st),
                    None => Vec::new(),
                };
                st.locals[local.0 as usize] = v;
                Some(st)
            }
            StmtKind::Expr(e) => {
                self.expr(e, &mut st);
                Some(st)
            }
            StmtKind::Block(b) => self.block(b, st),
            StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                self.expr(cond, &mut st);
                let other = st.clone();
                let mut out = self.stmt(then_branch, st);
                let e = match else_branch {
                    Some(eb) => self.stmt(eb, other),
                    None => Some(other),
                };
                join_opt(&mut out, e);
                out
            }
            StmtKind::While { label, cond, body } => {
                self.looping(*label, Some(cond), body, &[], st, false)
            }
            StmtKind::DoWhile { label, body, cond } => {
                self.looping(*label, Some(cond), body, &[], st, true)
            }
            StmtKind::For {
                label,
                init,
                cond,
                update,
                body,
            } => {
                let st = self.stmts(init, Some(st))?;
                self.looping(*label, cond.as_ref(), body, update, st, false)
            }
            StmtKind::ForEach {
                label,
                var,
                array,
                array_local,
                index: _,
                body,
            } => {
                let a = self.expr(array, &mut st);
                st.locals[array_local.0 as usize] = a;
                self.foreach(*label, *var, *array_local, body, st)
            }
            StmtKind::Switch {
                label,
                scrutinee,
                cases,
            } => {
                self.expr(scrutinee, &mut st);
                let mut fall: Option<State> = None;
                for c in cases {
                    let mut entry = Some(st.clone());
                    join_opt(&mut entry, fall);
                    fall = self.stmts(&c.body, entry);
                }
                let mut out = fall;
                if !cases.iter().any(|c| c.is_default) {
                    join_opt(&mut out, Some(st));
                }
                if let Some(l) = label {
                    let b = self.frame().breaks.remove(l);
                    join_opt(&mut out, b);
                }
                out
            }
            StmtKind::Labeled { label, body } => {
                let mut out = self.stmt(body, st);
                let b = self.frame().breaks.remove(label);
                join_opt(&mut out, b);
                out
            }
            StmtKind::Break(l) => {
                let f = self.frame();
                match f.breaks.get_mut(l) {
                    Some(x) => x.join(&st),
                    None => {
                        f.breaks.insert(*l, st);
                    }
                }
                None
            }
            StmtKind::Continue(l) => {
                let f = self.frame();
                match f.continues.get_mut(l) {
                    Some(x) => x.join(&st),
                    None => {
                        f.continues.insert(*l, st);
                    }
                }
                None
            }
            StmtKind::Return(v) => {
                let val = match v {
                    Some(e) => self.expr(e, &mut st),
                    None => Vec::new(),
                };
                let f = self.frame();
                union(&mut f.ret_val, &val);
                join_opt(&mut f.ret, Some(st));
                None
            }
            StmtKind::TaskExit(e) => {
                if self.stack.is_empty() {
                    self.record_exit(e.0 as usize, &st.heap);
                }
                None
            }
            StmtKind::CtorCall { ctor, args } => {
                let (mut vals, mark) = self.args(args, &mut st);
                let mut this = st.this.clone();
                self.refresh(&mut this, mark);
                for v in &mut vals {
                    self.refresh(v, mark);
                }
                self.call(&mut st, None, CallKind::Direct, *ctor, Some(this), vals);
                Some(st)
            }
            StmtKind::Empty => Some(st),
        }
    }

    /// A loop: iterate the body until the state at the head is stable.
    pub(super) fn looping(
        &mut self,
        label: Option<LabelId>,
        cond: Option<&Expr>,
        body: &Stmt,
        update: &[Expr],
        st: State,
        body_first: bool,
    ) -> Option<State> {
        let always = |c: Option<&Expr>| match c {
            None => true,
            Some(e) => matches!(e.kind, ExprKind::Const(ConstValue::Bool(true))),
        };
        let mut head = st;
        let mut out: Option<State> = None;
        let mut iterations = 0u64;
        loop {
            iterations += 1;
            if iterations > HARD_LIMIT / 1000 {
                self.aborted = true;
            }
            if let Some(l) = label {
                self.frame().breaks.remove(&l);
                self.frame().continues.remove(&l);
            }
            let mut s = head.clone();
            let mut back: Option<State>;
            if body_first {
                back = self.stmt(body, s);
                if let Some(l) = label {
                    let c = self.frame().continues.remove(&l);
                    join_opt(&mut back, c);
                }
                if let Some(b) = back.as_mut() {
                    if let Some(c) = cond {
                        self.expr(c, b);
                    }
                    if !always(cond) {
                        join_opt(&mut out, Some(b.clone()));
                    }
                }
            } else {
                if let Some(c) = cond {
                    self.expr(c, &mut s);
                }
                if !always(cond) {
                    join_opt(&mut out, Some(s.clone()));
                }
                back = self.stmt(body, s);
                if let Some(l) = label {
                    let c = self.frame().continues.remove(&l);
                    join_opt(&mut back, c);
                }
                if let Some(b) = back.as_mut() {
                    for u in update {
                        self.expr(u, b);
                    }
                }
            }
            let mut next = head.clone();
            if let Some(b) = &back {
                next.join_loop(b);
            }
            if next == head || self.aborted {
                break;
            }
            head = next;
        }
        if let Some(l) = label {
            let b = self.frame().breaks.remove(&l);
            join_opt(&mut out, b);
            self.frame().continues.remove(&l);
        }
        out
    }

    pub(super) fn foreach(
        &mut self,
        label: Option<LabelId>,
        var: LocalId,
        array_local: LocalId,
        body: &Stmt,
        st: State,
    ) -> Option<State> {
        let mut head = st;
        let mut out: Option<State> = None;
        let mut iterations = 0u64;
        loop {
            iterations += 1;
            if iterations > HARD_LIMIT / 1000 {
                self.aborted = true;
            }
            if let Some(l) = label {
                self.frame().breaks.remove(&l);
                self.frame().continues.remove(&l);
            }
            join_opt(&mut out, Some(head.clone()));
            let mut s = head.clone();
            let a = s.locals[array_local.0 as usize].clone();
            s.locals[var.0 as usize] = self.load(&s, &a, Key::Elem);
            let mut back = self.stmt(body, s);
            if let Some(l) = label {
                let c = self.frame().continues.remove(&l);
                join_opt(&mut back, c);
            }
            let mut next = head.clone();
            if let Some(b) = &back {
                next.join_loop(b);
            }
            if next == head || self.aborted {
                break;
            }
            head = next;
        }
        if let Some(l) = label {
            let b = self.frame().breaks.remove(&l);
            join_opt(&mut out, b);
        }
        out
    }

    // ----- Expressions ------------------------------------------------------------

    /// Evaluates arguments left to right; returns them and the allocation
    /// mark taken before the first, for refreshing.
    pub(super) fn args(&mut self, args: &[Expr], st: &mut State) -> (Vec<Vals>, usize) {
        let mark = self.log.len();
        let mut vals: Vec<Vals> = Vec::with_capacity(args.len());
        for a in args {
            let m = self.log.len();
            let v = self.expr(a, st);
            for prev in vals.iter_mut() {
                self.refresh(prev, m);
            }
            vals.push(v);
        }
        (vals, mark)
    }

    pub(super) fn expr(&mut self, e: &Expr, st: &mut State) -> Vals {
        let v = self.expr_inner(e, st);
        if tracked(self.p, &e.ty) {
            v
        } else {
            Vec::new()
        }
    }

    pub(super) fn expr_inner(&mut self, e: &Expr, st: &mut State) -> Vals {
        let p = self.p;
        match &e.kind {
            ExprKind::Const(_) | ExprKind::StaticField(_) | ExprKind::NewTag(_) => Vec::new(),
            ExprKind::Local(l) => st.locals[l.0 as usize].clone(),
            ExprKind::This => st.this.clone(),
            ExprKind::Field { object, field } => {
                let o = self.expr(object, st);
                if tracked(p, &p.field(*field).ty) {
                    self.load(st, &o, Key::Field(*field))
                } else {
                    Vec::new()
                }
            }
            ExprKind::ArrayLength(a) => {
                self.expr(a, st);
                Vec::new()
            }
            ExprKind::Index { array, index } => {
                let mut a = self.expr(array, st);
                let m = self.log.len();
                self.expr(index, st);
                self.refresh(&mut a, m);
                self.load(st, &a, Key::Elem)
            }
            ExprKind::Call {
                kind,
                method,
                receiver,
                args,
            } => {
                let mut r = receiver.as_ref().map(|r| self.expr(r, st));
                let (vals, mark) = self.args(args, st);
                if let Some(r) = r.as_mut() {
                    self.refresh(r, mark);
                }
                self.call(st, Some(e), *kind, *method, r, vals)
            }
            ExprKind::New {
                class,
                ctor,
                args,
                alloc,
            } => {
                let (vals, _) = self.args(args, st);
                if *class == p.well_known.string {
                    return Vec::new();
                }
                let key = match alloc {
                    Some(a) => SiteKey::Block(a.site),
                    None => expr_key(e, 0),
                };
                let site = self.site(key, || SiteInfo {
                    class: Some(*class),
                    root: alloc.as_ref().map(|a| Root::Site(a.site)),
                    holds_refs: holds_refs(p, &Type::Class(*class)),
                });
                let n = self.alloc(st, site);
                let mut vals = vals;
                for v in &mut vals {
                    let len = self.log.len();
                    self.refresh(v, len - 1);
                }
                let mark = self.log.len();
                self.call(st, None, CallKind::Direct, *ctor, Some(vec![n]), vals);
                let mut out = vec![n];
                self.refresh(&mut out, mark);
                out
            }
            ExprKind::NewArray { dims } => {
                for d in dims {
                    self.expr(d, st);
                }
                // One node per created level; inner levels are owned by the
                // level above.
                let mut ty = e.ty.clone();
                let mut nodes = Vec::new();
                for level in 0..dims.len() as u32 {
                    let t = ty.clone();
                    let s = self.site(expr_key(e, level), || SiteInfo {
                        class: None,
                        root: None,
                        holds_refs: holds_refs(p, &t),
                    });
                    nodes.push(self.alloc(st, s));
                    ty = ty.element().cloned().unwrap_or(Type::Error);
                }
                for w in nodes.windows(2) {
                    self.store(st, &[w[0]], Key::Elem, &[w[1]]);
                }
                nodes.truncate(1);
                nodes
            }
            ExprKind::ArrayLiteral(elems) => {
                let (vals, _) = self.args(elems, st);
                let s = self.site(expr_key(e, 0), || SiteInfo {
                    class: None,
                    root: None,
                    holds_refs: holds_refs(p, &e.ty),
                });
                let n = self.alloc(st, s);
                for v in &vals {
                    self.store(st, &[n], Key::Elem, v);
                }
                vec![n]
            }
            ExprKind::Unary { operand, .. } => {
                self.expr(operand, st);
                Vec::new()
            }
            ExprKind::Binary { op, lhs, rhs } => {
                self.expr(lhs, st);
                if matches!(op, BinOp::And | BinOp::Or) {
                    let mut other = st.clone();
                    self.expr(rhs, &mut other);
                    st.join(&other);
                } else {
                    self.expr(rhs, st);
                }
                Vec::new()
            }
            ExprKind::Chain { first, steps } => {
                self.expr(first, st);
                for s in steps {
                    if matches!(s.op, BinOp::And | BinOp::Or) {
                        let mut other = st.clone();
                        self.expr(&s.rhs, &mut other);
                        st.join(&other);
                    } else {
                        self.expr(&s.rhs, st);
                    }
                }
                Vec::new()
            }
            ExprKind::Concat(parts) => {
                for part in parts {
                    let v = self.expr(part, st);
                    self.string_conversion(st, v);
                }
                Vec::new()
            }
            ExprKind::Assign { target, value } => match &target.kind {
                ExprKind::Local(l) => {
                    let v = self.expr(value, st);
                    st.locals[l.0 as usize] = if tracked(p, &target.ty) {
                        v.clone()
                    } else {
                        Vec::new()
                    };
                    v
                }
                ExprKind::Field { object, field } => {
                    let mut o = self.expr(object, st);
                    let m = self.log.len();
                    let v = self.expr(value, st);
                    self.refresh(&mut o, m);
                    if tracked(p, &p.field(*field).ty) {
                        self.store(st, &o, Key::Field(*field), &v);
                    }
                    v
                }
                ExprKind::Index { array, index } => {
                    let mut a = self.expr(array, st);
                    let m = self.log.len();
                    self.expr(index, st);
                    let v = self.expr(value, st);
                    self.refresh(&mut a, m);
                    if tracked(p, &value.ty) {
                        self.store(st, &a, Key::Elem, &v);
                    }
                    v
                }
                _ => {
                    self.expr(target, st);
                    self.expr(value, st)
                }
            },
            ExprKind::CompoundAssign { target, value, .. } => {
                self.expr(target, st);
                self.expr(value, st);
                Vec::new()
            }
            ExprKind::ConcatAssign { target, value } => {
                self.expr(target, st);
                let v = self.expr(value, st);
                self.string_conversion(st, v);
                Vec::new()
            }
            ExprKind::IncDec { target, .. } => {
                self.expr(target, st);
                Vec::new()
            }
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                self.expr(cond, st);
                let mut other = st.clone();
                let mut a = self.expr(then_expr, st);
                let b = self.expr(else_expr, &mut other);
                st.join(&other);
                union(&mut a, &b);
                a
            }
            ExprKind::Convert(x) | ExprKind::Widen(x) | ExprKind::CheckedCast(x) => {
                self.expr(x, st)
            }
            ExprKind::InstanceOf { operand, .. } => {
                self.expr(operand, st);
                Vec::new()
            }
        }
    }

    /// String conversion of an object calls its `toString()`.
    pub(super) fn string_conversion(&mut self, st: &mut State, v: Vals) {
        if v.is_empty() {
            return;
        }
        let p = self.p;
        let obj = p.class(p.well_known.object);
        let ts = obj
            .vtable
            .iter()
            .copied()
            .find(|&m| p.method(m).name == "toString" && p.method(m).params.is_empty());
        if let Some(m) = ts {
            self.call(st, None, CallKind::Virtual, m, Some(v), Vec::new());
        }
    }
}
