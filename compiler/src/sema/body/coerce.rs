//! Conversions in bodies: assignment and numeric promotion, conditions,
//! variable and array initialisers (JLS chapter 5). In: typed HIR
//! expressions and a target type; out: the expression widened or an error.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    pub(super) fn assignable(&self, from: &Type, to: &Type) -> bool {
        match self.wrapped(from) {
            Some(prim) if to.is_primitive() => {
                convert::invocation_convertible(&self.s.program, &prim, to)
            }
            _ => convert::invocation_convertible(&self.s.program, from, to),
        }
    }

    /// Retypes an expression to a primitive type, folding constants.
    pub(in crate::sema) fn convert_to(&mut self, e: Expr, to: &Type) -> Expr {
        if e.ty == *to || e.ty.is_error() || to.is_error() {
            return e;
        }
        if let ExprKind::Const(c) = &e.kind {
            if let Some(v) = convert_const(c, to) {
                return const_expr(v, to.clone(), e.span);
            }
        }
        let span = e.span;
        Expr {
            kind: ExprKind::Convert(Box::new(e)),
            ty: to.clone(),
            span,
        }
    }

    pub(super) fn promote_unary(&mut self, e: Expr) -> Expr {
        match e.ty {
            Type::Byte | Type::Short | Type::Char => self.convert_to(e, &Type::Int),
            _ => e,
        }
    }

    pub(super) fn binary_promoted_type(a: &Type, b: &Type) -> Type {
        if *a == Type::Double || *b == Type::Double {
            Type::Double
        } else if *a == Type::Float || *b == Type::Float {
            Type::Float
        } else if *a == Type::Long || *b == Type::Long {
            Type::Long
        } else {
            Type::Int
        }
    }

    /// Assignment conversion (JLS 5.2), reporting a mismatch.
    pub(in crate::sema) fn coerce(&mut self, e: Expr, to: &Type) -> Expr {
        let e = if to.is_primitive() { self.unwrap(e) } else { e };
        if e.ty.is_error() || to.is_error() || e.ty == *to {
            return e;
        }
        if e.ty == Type::Void {
            self.s.error(SemaError::VoidValue { span: e.span });
            return err_expr(e.span);
        }
        if widens_primitive(&e.ty, to) {
            return self.convert_to(e, to);
        }
        if widens_reference(&self.s.program, &e.ty, to) {
            return widen(e, to);
        }
        if let ExprKind::Const(c) = &e.kind {
            if constant_narrows(c, &e.ty, to) {
                return self.convert_to(e, to);
            }
        }
        let (expected, found) = (self.ty_name(to), self.ty_name(&e.ty));
        if e.ty.is_numeric() && to.is_numeric() {
            self.s.error(SemaError::LossyConversion {
                from: found,
                to: expected,
                span: e.span,
            });
        } else {
            self.s.error(SemaError::Mismatch {
                expected,
                found,
                span: e.span,
            });
        }
        err_expr(e.span)
    }

    pub(super) fn condition(&mut self, e: &ast::Expr) -> Expr {
        let c = self.value(e);
        if c.ty != Type::Boolean && !c.ty.is_error() {
            let found = self.ty_name(&c.ty);
            self.s.error(SemaError::NotBoolean {
                found,
                span: e.span,
            });
            return err_expr(e.span);
        }
        c
    }

    /// An initialiser: an expression or `{...}` for an array type.
    pub(super) fn var_init(&mut self, init: &ast::VarInit, ty: &Type) -> Expr {
        match init {
            ast::VarInit::Expr(e) => {
                let v = self.value(e);
                self.coerce(v, ty)
            }
            ast::VarInit::Array(a) => self.array_init(a, ty),
        }
    }

    pub(super) fn array_init(&mut self, a: &ast::ArrayInit, ty: &Type) -> Expr {
        let elem = match ty {
            Type::Array(e) => (**e).clone(),
            Type::Error => Type::Error,
            other => {
                let t = self.ty_name(other);
                self.s.error(SemaError::BadArrayInit {
                    ty: t,
                    span: a.span,
                });
                return err_expr(a.span);
            }
        };
        let elems = a.elems.iter().map(|e| self.var_init(e, &elem)).collect();
        Expr {
            kind: ExprKind::ArrayLiteral(elems),
            ty: ty.clone(),
            span: a.span,
        }
    }
}
