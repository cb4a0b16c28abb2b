//! Operators: unary and binary operators, operator chains, string
//! concatenation, assignments and their places, and `?:` (JLS 15.15-15.26).
//! In: AST operands; out: typed HIR expressions with promotions made.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    pub(super) fn unary(&mut self, op: UnaryOp, operand: &ast::Expr, span: Span) -> Expr {
        if op == UnaryOp::Neg {
            if let ast::ExprKind::Lit(
                l @ ast::Literal::Int { .. } | l @ ast::Literal::Float { .. },
            ) = &operand.kind
            {
                return self.literal(l, span, true);
            }
        }
        match op {
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let target = self.place(operand);
                if self.wrapped(&target.ty).is_some() {
                    let increment = matches!(op, UnaryOp::PreInc | UnaryOp::PostInc);
                    let postfix = matches!(op, UnaryOp::PostInc | UnaryOp::PostDec);
                    return self.wrapper_step(target, increment, postfix, span);
                }
                if !target.ty.is_numeric() && !target.ty.is_error() {
                    let t = self.ty_name(&target.ty);
                    self.s.error(SemaError::BadUnary {
                        op: if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                            "++"
                        } else {
                            "--"
                        },
                        operand: t,
                        span,
                    });
                    return err_expr(span);
                }
                let ty = target.ty.clone();
                let op = match op {
                    UnaryOp::PreInc => IncDec::PreInc,
                    UnaryOp::PreDec => IncDec::PreDec,
                    UnaryOp::PostInc => IncDec::PostInc,
                    _ => IncDec::PostDec,
                };
                Expr {
                    kind: ExprKind::IncDec {
                        op,
                        target: Box::new(target),
                    },
                    ty,
                    span,
                }
            }
            UnaryOp::Not => {
                let x = self.value(operand);
                if x.ty != Type::Boolean && !x.ty.is_error() {
                    let t = self.ty_name(&x.ty);
                    self.s.error(SemaError::BadUnary {
                        op: "!",
                        operand: t,
                        span,
                    });
                    return err_expr(span);
                }
                if let ExprKind::Const(ConstValue::Bool(b)) = x.kind {
                    return const_expr(ConstValue::Bool(!b), Type::Boolean, span);
                }
                self.mk_unary(UnOp::Not, x, Type::Boolean, span)
            }
            UnaryOp::Neg | UnaryOp::Plus | UnaryOp::BitNot => {
                let x = self.value(operand);
                let x = self.unwrap(x);
                let ok = if op == UnaryOp::BitNot {
                    x.ty.is_integral()
                } else {
                    x.ty.is_numeric()
                };
                if !ok && !x.ty.is_error() {
                    let t = self.ty_name(&x.ty);
                    let sym = match op {
                        UnaryOp::Neg => "-",
                        UnaryOp::Plus => "+",
                        _ => "~",
                    };
                    self.s.error(SemaError::BadUnary {
                        op: sym,
                        operand: t,
                        span,
                    });
                    return err_expr(span);
                }
                let x = self.promote_unary(x);
                let ty = x.ty.clone();
                if op == UnaryOp::Plus {
                    return Expr { span, ..x };
                }
                if let ExprKind::Const(c) = &x.kind {
                    let folded = match (op, c) {
                        (UnaryOp::Neg, ConstValue::Int(v)) => {
                            Some(ConstValue::Int(v.wrapping_neg()))
                        }
                        (UnaryOp::Neg, ConstValue::Long(v)) => {
                            Some(ConstValue::Long(v.wrapping_neg()))
                        }
                        (UnaryOp::Neg, ConstValue::Float(v)) => Some(ConstValue::Float(-v)),
                        (UnaryOp::Neg, ConstValue::Double(v)) => Some(ConstValue::Double(-v)),
                        (UnaryOp::BitNot, ConstValue::Int(v)) => Some(ConstValue::Int(!v)),
                        (UnaryOp::BitNot, ConstValue::Long(v)) => Some(ConstValue::Long(!v)),
                        _ => None,
                    };
                    if let Some(v) = folded {
                        return const_expr(v, ty, span);
                    }
                }
                let uop = if op == UnaryOp::Neg {
                    UnOp::Neg
                } else {
                    UnOp::BitNot
                };
                self.mk_unary(uop, x, ty, span)
            }
        }
    }

    pub(super) fn mk_unary(&self, op: UnOp, x: Expr, ty: Type, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Unary {
                op,
                operand: Box::new(x),
            },
            ty,
            span,
        }
    }

    pub(in crate::sema) fn binary(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
        use BinOp::*;
        if l.ty.is_error() || r.ty.is_error() {
            return err_expr(span);
        }
        let (l, r) = if matches!(op, Eq | Ne) {
            let (lt, rt) = (l.ty.clone(), r.ty.clone());
            (self.unwrap_against(l, &rt), self.unwrap_against(r, &lt))
        } else {
            (self.unwrap(l), self.unwrap(r))
        };
        let bad = |this: &mut Self, l: &Expr, r: &Expr| {
            let (lt, rt) = (this.ty_name(&l.ty), this.ty_name(&r.ty));
            this.s.error(SemaError::BadBinary {
                op: op.symbol(),
                lhs: lt,
                rhs: rt,
                span,
            });
            err_expr(span)
        };
        if op == Add && (self.is_string(&l.ty) || self.is_string(&r.ty)) {
            return self.concat(l, r, span);
        }
        let (ty, result, l, r) = match op {
            Mul | Div | Rem | Add | Sub => {
                if !l.ty.is_numeric() || !r.ty.is_numeric() {
                    return bad(self, &l, &r);
                }
                let t = Self::binary_promoted_type(&l.ty, &r.ty);
                let (l, r) = (self.convert_to(l, &t), self.convert_to(r, &t));
                (t.clone(), t, l, r)
            }
            Shl | Shr | UShr => {
                if !l.ty.is_integral() || !r.ty.is_integral() {
                    return bad(self, &l, &r);
                }
                let l = self.promote_unary(l);
                let r = self.promote_unary(r);
                let r = if r.ty == Type::Long {
                    self.convert_to(r, &Type::Int)
                } else {
                    r
                };
                let t = l.ty.clone();
                (t.clone(), t, l, r)
            }
            Lt | Gt | Le | Ge => {
                if !l.ty.is_numeric() || !r.ty.is_numeric() {
                    return bad(self, &l, &r);
                }
                let t = Self::binary_promoted_type(&l.ty, &r.ty);
                let (l, r) = (self.convert_to(l, &t), self.convert_to(r, &t));
                (t, Type::Boolean, l, r)
            }
            Eq | Ne => {
                if l.ty == Type::Tag || r.ty == Type::Tag {
                    self.s.error(SemaError::TagComparison { span });
                    return err_expr(span);
                }
                if l.ty.is_numeric() && r.ty.is_numeric() {
                    let t = Self::binary_promoted_type(&l.ty, &r.ty);
                    let (l, r) = (self.convert_to(l, &t), self.convert_to(r, &t));
                    (t, Type::Boolean, l, r)
                } else if l.ty == Type::Boolean && r.ty == Type::Boolean {
                    (Type::Boolean, Type::Boolean, l, r)
                } else if l.ty.is_reference()
                    && r.ty.is_reference()
                    && (castable(&self.s.program, &l.ty, &r.ty)
                        || (l.ty == Type::Null && r.ty == Type::Null))
                {
                    (l.ty.clone(), Type::Boolean, l, r)
                } else {
                    return bad(self, &l, &r);
                }
            }
            BitAnd | BitOr | BitXor => {
                if l.ty == Type::Boolean && r.ty == Type::Boolean {
                    (Type::Boolean, Type::Boolean, l, r)
                } else if l.ty.is_integral() && r.ty.is_integral() {
                    let t = Self::binary_promoted_type(&l.ty, &r.ty);
                    let (l, r) = (self.convert_to(l, &t), self.convert_to(r, &t));
                    (t.clone(), t, l, r)
                } else {
                    return bad(self, &l, &r);
                }
            }
            And | Or => {
                if l.ty != Type::Boolean || r.ty != Type::Boolean {
                    return bad(self, &l, &r);
                }
                (Type::Boolean, Type::Boolean, l, r)
            }
        };
        if let (ExprKind::Const(a), ExprKind::Const(b)) = (&l.kind, &r.kind) {
            if let Some(v) = fold_binary(op, a, b, &ty) {
                return const_expr(v, result, span);
            }
        }
        Expr {
            kind: ExprKind::Binary {
                op,
                lhs: Box::new(l),
                rhs: Box::new(r),
            },
            ty: result,
            span,
        }
    }

    /// A long run of left-nested operators: each operator checked as the
    /// nested `Binary` nodes would be, the result kept flat
    /// (`ExprKind::Chain`), so that checking is linear in its length.
    pub(super) fn chain(&mut self, first: &ast::Expr, rest: &[(BinOp, ast::Expr)]) -> Expr {
        let mut acc = self.value(first);
        for (op, r) in rest {
            let span = first.span.to(r.span);
            let r = self.value(r);
            let acc_ty = acc.ty.clone();
            let Expr { kind, ty, span } = self.binary(*op, acc, r, span);
            acc = match kind {
                ExprKind::Binary { op, lhs, rhs } => {
                    let step = ChainStep {
                        op,
                        operand: lhs.ty.clone(),
                        rhs: *rhs,
                        ty,
                        span,
                    };
                    extend_chain(*lhs, &acc_ty, step)
                }
                // Folded constants, concatenations (which grow flat by
                // themselves) and errors.
                kind => Expr { kind, ty, span },
            };
        }
        acc
    }

    pub(super) fn concat(&mut self, l: Expr, r: Expr, span: Span) -> Expr {
        let string = self.string_type();
        if let (ExprKind::Const(a), ExprKind::Const(b)) = (&l.kind, &r.kind) {
            let a_text = matches!(a, ConstValue::String(_)) || convert::const_text(a).is_some();
            if let (true, Some(b)) = (a_text, convert::const_text(b)) {
                // The text so far is taken, not copied: a long constant
                // chain of concatenations stays linear.
                let mut a = match l.kind {
                    ExprKind::Const(ConstValue::String(a)) => a,
                    ExprKind::Const(a) => convert::const_text(&a).unwrap_or_default(),
                    _ => Vec::new(),
                };
                a.extend(b);
                return const_expr(ConstValue::String(a), string, span);
            }
        }
        let mut parts = match l.kind {
            ExprKind::Concat(ps) => ps,
            _ => vec![l],
        };
        parts.push(r);
        Expr {
            kind: ExprKind::Concat(parts),
            ty: string,
            span,
        }
    }

    /// An assignable expression: a local, a field or an array element.
    pub(super) fn place(&mut self, e: &ast::Expr) -> Expr {
        let x = self.expr(e);
        match &x.kind {
            ExprKind::Local(id) => {
                let l = &self.locals[id.0 as usize];
                if l.is_final && self.local_is_initialised_final(*id) {
                    let (name, declared) = (l.name.clone(), l.span);
                    self.s.error(SemaError::AssignToFinal {
                        name,
                        span: e.span,
                        declared,
                    });
                }
                x
            }
            ExprKind::Field { object, field } => {
                let f = self.s.program.field(*field).clone();
                let in_own_ctor = matches!(self.kind, Kind::Constructor)
                    && self.class == Some(f.class)
                    && matches!(object.kind, ExprKind::This);
                if f.is_final && !in_own_ctor {
                    self.s.error(SemaError::AssignToFinal {
                        name: f.name,
                        span: e.span,
                        declared: f.span,
                    });
                }
                x
            }
            ExprKind::Index { .. } => x,
            ExprKind::StaticField(field) if self.s.program.field(*field).global => {
                let f = self.s.program.field(*field);
                let in_own_ctor =
                    matches!(self.kind, Kind::Constructor) && self.class == Some(f.class);
                if !in_own_ctor {
                    let (name, declared) = (f.name.clone(), f.span);
                    self.s.error(SemaError::AssignToFinal {
                        name,
                        span: e.span,
                        declared,
                    });
                }
                x
            }
            ExprKind::Const(_)
                if matches!(e.kind, ast::ExprKind::Name(_) | ast::ExprKind::Field { .. })
                    && !x.ty.is_error() =>
            {
                // A `static final` constant.
                let name = match &e.kind {
                    ast::ExprKind::Name(n) | ast::ExprKind::Field { name: n, .. } => n.name.clone(),
                    _ => String::new(),
                };
                self.s.error(SemaError::AssignToFinal {
                    name,
                    span: e.span,
                    declared: e.span,
                });
                err_expr(e.span)
            }
            _ if x.ty.is_error() => x,
            ExprKind::ArrayLength(_) => {
                self.s.error(SemaError::AssignToFinal {
                    name: "length".into(),
                    span: e.span,
                    declared: e.span,
                });
                err_expr(e.span)
            }
            _ => {
                self.s.error(SemaError::NotAssignable { span: e.span });
                err_expr(e.span)
            }
        }
    }

    /// Final parameters, for-each variables and initialised final locals
    /// can never be assigned; blank finals are left to the flow pass.
    pub(super) fn local_is_initialised_final(&self, id: LocalId) -> bool {
        !self.blank_finals.contains(&id)
    }

    pub(super) fn assign(
        &mut self,
        op: Option<BinOp>,
        lhs: &ast::Expr,
        rhs: &ast::Expr,
        span: Span,
    ) -> Expr {
        let target = self.place(lhs);
        let value = self.value(rhs);
        let ty = target.ty.clone();
        if ty.is_error() || value.ty.is_error() {
            return err_expr(span);
        }
        if self.writes_wrapper(op, &target, &value) {
            return self.wrapper_assign(op, target, value, span);
        }
        let Some(op) = op else {
            let value = self.coerce(value, &ty);
            return Expr {
                kind: ExprKind::Assign {
                    target: Box::new(target),
                    value: Box::new(value),
                },
                ty,
                span,
            };
        };
        if op == BinOp::Add && self.is_string(&ty) {
            if value.ty == Type::Void {
                self.s.error(SemaError::VoidValue { span: value.span });
            }
            return Expr {
                kind: ExprKind::ConcatAssign {
                    target: Box::new(target),
                    value: Box::new(value),
                },
                ty,
                span,
            };
        }
        // Type the operation as `target op value` would be, then narrow.
        let probe_l = Expr {
            kind: ExprKind::Const(ConstValue::Null),
            ty: ty.clone(),
            span: target.span,
        };
        let (lt, vt) = (ty.clone(), value.ty.clone());
        let op_type = match op {
            BinOp::Shl | BinOp::Shr | BinOp::UShr if lt.is_integral() && vt.is_integral() => {
                if lt == Type::Long {
                    Type::Long
                } else {
                    Type::Int
                }
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
                if lt == Type::Boolean && vt == Type::Boolean =>
            {
                Type::Boolean
            }
            BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
                if lt.is_integral() && vt.is_integral() =>
            {
                Self::binary_promoted_type(&lt, &vt)
            }
            BinOp::Mul | BinOp::Div | BinOp::Rem | BinOp::Add | BinOp::Sub
                if lt.is_numeric() && vt.is_numeric() =>
            {
                Self::binary_promoted_type(&lt, &vt)
            }
            _ => {
                drop(probe_l);
                let (l, r) = (self.ty_name(&lt), self.ty_name(&vt));
                self.s.error(SemaError::BadBinary {
                    op: op.symbol(),
                    lhs: l,
                    rhs: r,
                    span,
                });
                return err_expr(span);
            }
        };
        let value = match op {
            BinOp::Shl | BinOp::Shr | BinOp::UShr => {
                let v = self.promote_unary(value);
                if v.ty == Type::Long {
                    self.convert_to(v, &Type::Int)
                } else {
                    v
                }
            }
            _ => self.convert_to(value, &op_type),
        };
        Expr {
            kind: ExprKind::CompoundAssign {
                op,
                op_type,
                target: Box::new(target),
                value: Box::new(value),
            },
            ty,
            span,
        }
    }

    pub(super) fn conditional(
        &mut self,
        cond: &ast::Expr,
        a: &ast::Expr,
        b: &ast::Expr,
        span: Span,
    ) -> Expr {
        let c = self.condition(cond);
        let x = self.value(a);
        let y = self.value(b);
        if x.ty.is_error() || y.ty.is_error() || c.ty.is_error() {
            return err_expr(span);
        }
        let ty = if x.ty == y.ty {
            x.ty.clone()
        } else if x.ty.is_numeric() && y.ty.is_numeric() {
            let small = |t: &Type| matches!(t, Type::Byte | Type::Short | Type::Char);
            let fits = |e: &Expr, t: &Type| matches!(&e.kind, ExprKind::Const(c) if constant_narrows(c, &e.ty, t));
            if (x.ty == Type::Byte && y.ty == Type::Short)
                || (x.ty == Type::Short && y.ty == Type::Byte)
            {
                Type::Short
            } else if small(&x.ty) && y.ty == Type::Int && fits(&y, &x.ty) {
                x.ty.clone()
            } else if small(&y.ty) && x.ty == Type::Int && fits(&x, &y.ty) {
                y.ty.clone()
            } else {
                Self::binary_promoted_type(&x.ty, &y.ty)
            }
        } else if x.ty == Type::Null && y.ty.is_reference() {
            y.ty.clone()
        } else if y.ty == Type::Null && x.ty.is_reference() {
            x.ty.clone()
        } else if x.ty.is_reference() && y.ty.is_reference() {
            match self.common_supertype(&x.ty, &y.ty) {
                Some(t) => t,
                None => {
                    let (expected, found) = (self.ty_name(&x.ty), self.ty_name(&y.ty));
                    self.s.error(SemaError::Mismatch {
                        expected,
                        found,
                        span: b.span,
                    });
                    return err_expr(span);
                }
            }
        } else {
            let (expected, found) = (self.ty_name(&x.ty), self.ty_name(&y.ty));
            self.s.error(SemaError::Mismatch {
                expected,
                found,
                span: b.span,
            });
            return err_expr(span);
        };
        let (x, y) = if ty.is_primitive() {
            (self.convert_to(x, &ty), self.convert_to(y, &ty))
        } else {
            (x, y)
        };
        if let ExprKind::Const(ConstValue::Bool(b)) = c.kind {
            if matches!(x.kind, ExprKind::Const(_)) && matches!(y.kind, ExprKind::Const(_)) {
                let chosen = if b { x } else { y };
                return Expr { ty, span, ..chosen };
            }
        }
        Expr {
            kind: ExprKind::Conditional {
                cond: Box::new(c),
                then_expr: Box::new(x),
                else_expr: Box::new(y),
            },
            ty,
            span,
        }
    }

    pub(super) fn common_supertype(&self, a: &Type, b: &Type) -> Option<Type> {
        let p = &self.s.program;
        if widens_reference(p, a, b) {
            return Some(b.clone());
        }
        if widens_reference(p, b, a) {
            return Some(a.clone());
        }
        match (a, b) {
            (Type::Class(x), Type::Class(y)) => {
                let mut c = Some(*x);
                while let Some(id) = c {
                    if p.is_subclass(*y, id) {
                        return Some(Type::Class(id));
                    }
                    c = p.class(id).superclass;
                }
                None
            }
            _ => Some(Type::Class(p.well_known.object)),
        }
    }
}
