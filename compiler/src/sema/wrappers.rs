//! The original dialect's wrappers used as their primitive (LANGUAGE.md
//! section 2, last paragraph; issue 33 item 3). Under `--dialect original`
//! an expression of type `intwrapper`, `floatwrapper` or `doublewrapper`
//! stands for its `int`, `float` or `double` wherever a primitive is
//! expected (operands, conversions, arguments, indices, concatenation),
//! reading as 0 while it is null; and a wrapper place (a local, a field or
//! an array element) assigned a primitive, or changed by `op=`, `++` or
//! `--`, holds the new value, its wrapper allocated when first written.
//!
//! In: typed HIR expressions from `body`. Out: the same expressions with
//! calls to the library's `WrapperAccess.unwrap` and `WrapperAccess.store`
//! (stdlib/Wrappers.bb), so no later stage knows about wrappers. A write
//! reads its place twice, so a place whose parts have effects (a call, an
//! assignment) is error E0219.

use super::body::Checker;
use super::error::SemaError;
use super::Dialect;
use crate::hir::*;
use bambooc_syntax::ast::BinOp;
use bambooc_syntax::span::Span;

impl Checker<'_, '_> {
    /// The primitive a wrapper type stands for under the original dialect.
    pub(super) fn wrapped(&self, ty: &Type) -> Option<Type> {
        if self.s.dialect != Dialect::Original {
            return None;
        }
        let Type::Class(c) = ty else { return None };
        let class = self.s.program.class(*c);
        if !class.is_stdlib {
            return None;
        }
        match class.name.as_str() {
            "intwrapper" => Some(Type::Int),
            "floatwrapper" => Some(Type::Float),
            "doublewrapper" => Some(Type::Double),
            _ => None,
        }
    }

    /// `e` as its primitive if it is a wrapper, else `e`.
    pub(super) fn unwrap(&mut self, e: Expr) -> Expr {
        match self.wrapped(&e.ty) {
            Some(prim) => self.access("unwrap", vec![e], prim),
            None => e,
        }
    }

    /// Unwraps `a` when it is a wrapper and `b` a primitive (for `==` and
    /// `!=`, where two wrappers compare as references, as in Java).
    pub(super) fn unwrap_against(&mut self, a: Expr, b: &Type) -> Expr {
        if b.is_primitive() {
            self.unwrap(a)
        } else {
            a
        }
    }

    /// Whether `target = value` (`op` none) or `target op= value` writes a
    /// wrapper's primitive: a wrapper place and a primitive value, or any
    /// `op=` on a wrapper (otherwise it is Java's reference assignment).
    pub(super) fn writes_wrapper(&self, op: Option<BinOp>, target: &Expr, value: &Expr) -> bool {
        self.wrapped(&target.ty).is_some() && (op.is_some() || value.ty.is_primitive())
    }

    /// `target = WrapperAccess.store(target, new)`, where `new` is `value`
    /// or `target op value` (see `writes_wrapper`).
    pub(super) fn wrapper_assign(
        &mut self,
        op: Option<BinOp>,
        target: Expr,
        value: Expr,
        span: Span,
    ) -> Expr {
        let Some(prim) = self.wrapped(&target.ty) else {
            return super::body::err_expr(span);
        };
        let new = match op {
            None => self.coerce(value, &prim),
            Some(op) => {
                let old = self.unwrap(target.clone());
                let combined = self.binary(op, old, value, span);
                self.convert_to(combined, &prim)
            }
        };
        self.store(target, new, span)
    }

    /// `++`/`--` on a wrapper place: `target op= 1`, read back; a postfix
    /// form's value is that less the step.
    pub(super) fn wrapper_step(
        &mut self,
        target: Expr,
        increment: bool,
        postfix: bool,
        span: Span,
    ) -> Expr {
        let prim = self.wrapped(&target.ty);
        let one = Expr {
            kind: ExprKind::Const(ConstValue::Int(1)),
            ty: Type::Int,
            span,
        };
        let (op, back) = if increment {
            (BinOp::Add, BinOp::Sub)
        } else {
            (BinOp::Sub, BinOp::Add)
        };
        let stored = self.wrapper_assign(Some(op), target, one.clone(), span);
        let value = self.unwrap(stored);
        match prim {
            Some(prim) if postfix => {
                let before = self.binary(back, value, one, span);
                self.convert_to(before, &prim)
            }
            _ => value,
        }
    }

    fn store(&mut self, target: Expr, new: Expr, span: Span) -> Expr {
        if !is_pure(&target) {
            self.s
                .error(SemaError::WrapperPlaceEffects { span: target.span });
            return super::body::err_expr(span);
        }
        let ty = target.ty.clone();
        let call = self.access("store", vec![target.clone(), new], ty.clone());
        Expr {
            kind: ExprKind::Assign {
                target: Box::new(target),
                value: Box::new(call),
            },
            ty,
            span,
        }
    }

    /// A call of `WrapperAccess.name` on `args`, of type `ty`.
    fn access(&mut self, name: &str, args: Vec<Expr>, ty: Type) -> Expr {
        let span = args[0].span;
        let types: Vec<Type> = args.iter().map(|a| a.ty.clone()).collect();
        let method = self.s.class_named("WrapperAccess").and_then(|c| {
            self.s.program.class(c).methods.iter().copied().find(|&m| {
                let m = self.s.program.method(m);
                m.name == name
                    && m.params.len() == types.len()
                    && m.params
                        .iter()
                        .zip(&types)
                        .all(|(p, t)| m.locals[p.0 as usize].ty == *t)
            })
        });
        let Some(method) = method else {
            return super::body::err_expr(span);
        };
        Expr {
            kind: ExprKind::Call {
                kind: CallKind::Static,
                method,
                receiver: None,
                args,
            },
            ty,
            span,
        }
    }
}

/// Whether evaluating a place twice is the same as once: its parts are
/// locals, `this`, constants, fields, array elements and arithmetic on
/// them (a null or index error would have stopped the first evaluation).
fn is_pure(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Local(_) | ExprKind::This | ExprKind::Const(_) | ExprKind::StaticField(_) => true,
        ExprKind::Field { object, .. } => is_pure(object),
        ExprKind::Index { array, index } => is_pure(array) && is_pure(index),
        ExprKind::ArrayLength(a) => is_pure(a),
        ExprKind::Binary { lhs, rhs, .. } => is_pure(lhs) && is_pure(rhs),
        ExprKind::Unary { operand, .. } => is_pure(operand),
        ExprKind::Convert(x) | ExprKind::Widen(x) => is_pure(x),
        _ => false,
    }
}
