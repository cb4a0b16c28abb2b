//! Walks over HIR bodies used by the summaries.

use super::*;

/// Calls `f` on every expression of a block, outermost first.
pub(super) fn for_each_expr_in_block<'a>(b: &'a Block, f: &mut dyn FnMut(&'a Expr)) {
    for s in &b.stmts {
        for_each_expr_in_stmt(s, f);
    }
}

pub(super) fn for_each_expr_in_stmt<'a>(s: &'a Stmt, f: &mut dyn FnMut(&'a Expr)) {
    match &s.kind {
        StmtKind::Local { init, .. } => {
            if let Some(e) = init {
                for_each_expr(e, f);
            }
        }
        StmtKind::Expr(e) => for_each_expr(e, f),
        StmtKind::Block(b) => for_each_expr_in_block(b, f),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            for_each_expr(cond, f);
            for_each_expr_in_stmt(then_branch, f);
            if let Some(e) = else_branch {
                for_each_expr_in_stmt(e, f);
            }
        }
        StmtKind::While { cond, body, .. } | StmtKind::DoWhile { cond, body, .. } => {
            for_each_expr(cond, f);
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
            ..
        } => {
            for s in init {
                for_each_expr_in_stmt(s, f);
            }
            if let Some(c) = cond {
                for_each_expr(c, f);
            }
            for u in update {
                for_each_expr(u, f);
            }
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::ForEach { array, body, .. } => {
            for_each_expr(array, f);
            for_each_expr_in_stmt(body, f);
        }
        StmtKind::Switch {
            scrutinee, cases, ..
        } => {
            for_each_expr(scrutinee, f);
            for c in cases {
                for s in &c.body {
                    for_each_expr_in_stmt(s, f);
                }
            }
        }
        StmtKind::Labeled { body, .. } => for_each_expr_in_stmt(body, f),
        StmtKind::Return(Some(e)) => for_each_expr(e, f),
        StmtKind::CtorCall { args, .. } => {
            for a in args {
                for_each_expr(a, f);
            }
        }
        StmtKind::Return(None)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::TaskExit(_)
        | StmtKind::Empty => {}
    }
}

pub(super) fn for_each_expr<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Const(_)
        | ExprKind::Local(_)
        | ExprKind::This
        | ExprKind::StaticField(_)
        | ExprKind::NewTag(_) => {}
        ExprKind::Field { object: x, .. }
        | ExprKind::ArrayLength(x)
        | ExprKind::Unary { operand: x, .. }
        | ExprKind::IncDec { target: x, .. }
        | ExprKind::Convert(x)
        | ExprKind::Widen(x)
        | ExprKind::CheckedCast(x)
        | ExprKind::InstanceOf { operand: x, .. } => for_each_expr(x, f),
        ExprKind::Index { array: a, index: b }
        | ExprKind::Binary { lhs: a, rhs: b, .. }
        | ExprKind::Assign {
            target: a,
            value: b,
        }
        | ExprKind::CompoundAssign {
            target: a,
            value: b,
            ..
        }
        | ExprKind::ConcatAssign {
            target: a,
            value: b,
        } => {
            for_each_expr(a, f);
            for_each_expr(b, f);
        }
        ExprKind::Call { receiver, args, .. } => {
            if let Some(r) = receiver {
                for_each_expr(r, f);
            }
            for a in args {
                for_each_expr(a, f);
            }
        }
        ExprKind::New { args, .. } | ExprKind::ArrayLiteral(args) | ExprKind::Concat(args) => {
            for a in args {
                for_each_expr(a, f);
            }
        }
        ExprKind::NewArray { dims } => {
            for d in dims {
                for_each_expr(d, f);
            }
        }
        ExprKind::Chain { first, steps } => {
            for_each_expr(first, f);
            for s in steps {
                for_each_expr(&s.rhs, f);
            }
        }
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => {
            for_each_expr(cond, f);
            for_each_expr(then_expr, f);
            for_each_expr(else_expr, f);
        }
    }
}

/// Calls `f` on the constructor of every `this(...)`/`super(...)` call.
pub(super) fn for_each_ctor_call(b: &Block, f: &mut dyn FnMut(MethodId)) {
    pub(super) fn stmt(s: &Stmt, f: &mut dyn FnMut(MethodId)) {
        match &s.kind {
            StmtKind::CtorCall { ctor, .. } => f(*ctor),
            StmtKind::Block(b) => for_each_ctor_call(b, f),
            StmtKind::If {
                then_branch,
                else_branch,
                ..
            } => {
                stmt(then_branch, f);
                if let Some(e) = else_branch {
                    stmt(e, f);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::DoWhile { body, .. }
            | StmtKind::For { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::Labeled { body, .. } => stmt(body, f),
            _ => {}
        }
    }
    for s in &b.stmts {
        stmt(s, f);
    }
}
