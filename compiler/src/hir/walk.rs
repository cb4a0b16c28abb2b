//! Walkers over HIR bodies, shared by every stage that reads them (sema's
//! flow checks, the ASTG and tag analyses, the disjointness analysis, cost
//! and codegen). In: a block, statement or expression; out: calls of the
//! given closure on the nodes inside, in a documented order.

use super::*;

/// Every top-level expression of a block's statements, nested statements
/// included (sub-expressions are reached with `visit_expr`).
pub fn collect_block_exprs<'p>(b: &'p Block, out: &mut Vec<&'p Expr>) {
    for s in &b.stmts {
        collect_stmt_exprs(s, out);
    }
}

/// Every top-level expression of a statement and its nested statements.
pub fn collect_stmt_exprs<'p>(s: &'p Stmt, out: &mut Vec<&'p Expr>) {
    visit_stmt(s, &mut |s| match &s.kind {
        StmtKind::Local { init, .. } => out.extend(init.iter()),
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => out.push(e),
        StmtKind::If { cond, .. } => out.push(cond),
        StmtKind::While { cond, .. } | StmtKind::DoWhile { cond, .. } => out.push(cond),
        StmtKind::For { cond, update, .. } => {
            out.extend(cond.iter());
            out.extend(update.iter());
        }
        StmtKind::ForEach { array, .. } => out.push(array),
        StmtKind::Switch { scrutinee, .. } => out.push(scrutinee),
        StmtKind::CtorCall { args, .. } => out.extend(args.iter()),
        StmtKind::Block(_)
        | StmtKind::Labeled { .. }
        | StmtKind::Return(None)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::TaskExit(_)
        | StmtKind::Empty => {}
    });
}

/// Calls `f` on a statement and all its nested statements, outermost first
/// (a `for` statement's initialisers before its body).
pub fn visit_stmt<'p>(s: &'p Stmt, f: &mut impl FnMut(&'p Stmt)) {
    f(s);
    match &s.kind {
        StmtKind::Block(b) => b.stmts.iter().for_each(|s| visit_stmt(s, f)),
        StmtKind::If {
            then_branch,
            else_branch,
            ..
        } => {
            visit_stmt(then_branch, f);
            if let Some(e) = else_branch {
                visit_stmt(e, f);
            }
        }
        StmtKind::For { init, body, .. } => {
            init.iter().for_each(|s| visit_stmt(s, f));
            visit_stmt(body, f);
        }
        StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::ForEach { body, .. }
        | StmtKind::Labeled { body, .. } => visit_stmt(body, f),
        StmtKind::Switch { cases, .. } => cases
            .iter()
            .flat_map(|c| &c.body)
            .for_each(|s| visit_stmt(s, f)),
        StmtKind::Local { .. }
        | StmtKind::Expr(_)
        | StmtKind::Return(_)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::TaskExit(_)
        | StmtKind::CtorCall { .. }
        | StmtKind::Empty => {}
    }
}

/// The local that an assignment, compound assignment or increment `e`
/// writes, when its target is a local.
pub fn assigned_local(e: &Expr) -> Option<LocalId> {
    let (ExprKind::Assign { target, .. }
    | ExprKind::CompoundAssign { target, .. }
    | ExprKind::ConcatAssign { target, .. }
    | ExprKind::IncDec { target, .. }) = &e.kind
    else {
        return None;
    };
    match target.kind {
        ExprKind::Local(l) => Some(l),
        _ => None,
    }
}

/// Every local that an assignment, compound assignment or increment inside
/// statement `s` (nested statements included) writes.
pub fn assigned_locals(s: &Stmt) -> Vec<LocalId> {
    let mut exprs = Vec::new();
    collect_stmt_exprs(s, &mut exprs);
    let mut out = Vec::new();
    for e in exprs {
        visit_expr(e, &mut |x| out.extend(assigned_local(x)));
    }
    out
}

/// Calls `f` on an expression and all its sub-expressions, outermost first.
pub fn visit_expr<'p>(e: &'p Expr, f: &mut impl FnMut(&'p Expr)) {
    f(e);
    match &e.kind {
        ExprKind::Field { object, .. } => visit_expr(object, f),
        ExprKind::ArrayLength(x)
        | ExprKind::Convert(x)
        | ExprKind::Widen(x)
        | ExprKind::CheckedCast(x) => visit_expr(x, f),
        ExprKind::InstanceOf { operand, .. } | ExprKind::Unary { operand, .. } => {
            visit_expr(operand, f)
        }
        ExprKind::Index { array, index } => {
            visit_expr(array, f);
            visit_expr(index, f);
        }
        ExprKind::Call { receiver, args, .. } => {
            if let Some(r) = receiver {
                visit_expr(r, f);
            }
            args.iter().for_each(|a| visit_expr(a, f));
        }
        ExprKind::New { args, .. } => args.iter().for_each(|a| visit_expr(a, f)),
        ExprKind::NewArray { dims } => dims.iter().for_each(|a| visit_expr(a, f)),
        ExprKind::ArrayLiteral(xs) | ExprKind::Concat(xs) => {
            xs.iter().for_each(|a| visit_expr(a, f))
        }
        ExprKind::Binary { lhs, rhs, .. } => {
            visit_expr(lhs, f);
            visit_expr(rhs, f);
        }
        ExprKind::Chain { first, steps } => {
            visit_expr(first, f);
            steps.iter().for_each(|s| visit_expr(&s.rhs, f));
        }
        ExprKind::Assign { target, value }
        | ExprKind::CompoundAssign { target, value, .. }
        | ExprKind::ConcatAssign { target, value } => {
            visit_expr(target, f);
            visit_expr(value, f);
        }
        ExprKind::IncDec { target, .. } => visit_expr(target, f),
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => {
            visit_expr(cond, f);
            visit_expr(then_expr, f);
            visit_expr(else_expr, f);
        }
        ExprKind::Const(_)
        | ExprKind::Local(_)
        | ExprKind::This
        | ExprKind::StaticField(_)
        | ExprKind::NewTag(_) => {}
    }
}

/// Calls `f` on every expression of a block in source order (a `for`
/// statement's initialisers, then its condition, updates and body), each
/// outermost first. The disjointness analysis numbers allocation sites in
/// this order, so it is kept apart from `collect_block_exprs`, which takes
/// a statement's own expressions before its nested statements.
pub fn visit_block_exprs_in_order<'p>(b: &'p Block, f: &mut impl FnMut(&'p Expr)) {
    for s in &b.stmts {
        visit_stmt_exprs_in_order(s, f);
    }
}

/// `visit_block_exprs_in_order` for one statement.
pub fn visit_stmt_exprs_in_order<'p>(s: &'p Stmt, f: &mut impl FnMut(&'p Expr)) {
    match &s.kind {
        StmtKind::Local { init, .. } => init.iter().for_each(|e| visit_expr(e, f)),
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => visit_expr(e, f),
        StmtKind::Block(b) => visit_block_exprs_in_order(b, f),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            visit_expr(cond, f);
            visit_stmt_exprs_in_order(then_branch, f);
            if let Some(e) = else_branch {
                visit_stmt_exprs_in_order(e, f);
            }
        }
        StmtKind::While { cond, body, .. } | StmtKind::DoWhile { cond, body, .. } => {
            visit_expr(cond, f);
            visit_stmt_exprs_in_order(body, f);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
            ..
        } => {
            init.iter().for_each(|s| visit_stmt_exprs_in_order(s, f));
            cond.iter().chain(update).for_each(|e| visit_expr(e, f));
            visit_stmt_exprs_in_order(body, f);
        }
        StmtKind::ForEach { array, body, .. } => {
            visit_expr(array, f);
            visit_stmt_exprs_in_order(body, f);
        }
        StmtKind::Switch {
            scrutinee, cases, ..
        } => {
            visit_expr(scrutinee, f);
            cases
                .iter()
                .flat_map(|c| &c.body)
                .for_each(|s| visit_stmt_exprs_in_order(s, f));
        }
        StmtKind::Labeled { body, .. } => visit_stmt_exprs_in_order(body, f),
        StmtKind::CtorCall { args, .. } => args.iter().for_each(|a| visit_expr(a, f)),
        StmtKind::Return(None)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::TaskExit(_)
        | StmtKind::Empty => {}
    }
}
