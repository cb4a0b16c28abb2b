//! The names written in one file's syntax tree that the checked program
//! does not keep as expressions: declarations, class names in types,
//! flags in guards, exits and allocation blocks, tag types.
//!
//! In: a parsed `SourceFile` (with or without errors). Out: each such
//! identifier with its [`Role`], in source order.

use bambooc_syntax::ast::*;

/// What an identifier names, as far as syntax alone tells.
#[derive(Clone, Debug, PartialEq)]
pub enum Role {
    /// Declares something (a class, member, flag, task, parameter or
    /// local); the checked program has an entity with this exact span.
    Decl,
    /// A class, by name.
    Class,
    /// A flag of the class with this name.
    Flag(String),
    /// A tag type, by name.
    TagType,
}

/// Every named occurrence in `file`.
pub fn collect(file: &SourceFile) -> Vec<(&Ident, Role)> {
    let mut out = Vec::new();
    for item in &file.items {
        match item {
            Item::Class(c) => class(c, &mut out),
            Item::Task(t) => task(t, &mut out),
            Item::Error(_) => {}
        }
    }
    out
}

type Out<'a> = Vec<(&'a Ident, Role)>;

fn class<'a>(c: &'a ClassDecl, out: &mut Out<'a>) {
    out.push((&c.name, Role::Decl));
    if let Some(e) = &c.extends {
        out.push((e, Role::Class));
    }
    for m in &c.members {
        match m {
            Member::Field(f) => {
                ty(&f.ty, out);
                declarators(&f.declarators, out);
            }
            Member::Method(m) => {
                if let Some(t) = &m.ret {
                    ty(t, out);
                }
                out.push((&m.name, Role::Decl));
                params(&m.params, out);
                if let Some(b) = &m.body {
                    block(b, &[], out);
                }
            }
            Member::Constructor(k) => {
                out.push((&k.name, Role::Decl));
                params(&k.params, out);
                block(&k.body, &[], out);
            }
            Member::Flag(f) => out.extend(f.names.iter().map(|n| (n, Role::Decl))),
            Member::Error(_) => {}
        }
    }
}

fn task<'a>(t: &'a TaskDecl, out: &mut Out<'a>) {
    out.push((&t.name, Role::Decl));
    for p in &t.params {
        ty(&p.ty, out);
        out.push((&p.name, Role::Decl));
        flag_expr(&p.guard, &class_name(&p.ty), out);
        for g in &p.tags {
            out.push((&g.tag_type, Role::TagType));
            out.push((&g.var, Role::Decl));
        }
    }
    block(&t.body, &t.params, out);
}

/// The class name of a written type (empty for primitives and arrays).
fn class_name(t: &TypeExpr) -> String {
    match (&t.base, t.dims) {
        (BaseType::Named(n), 0) => n.name.clone(),
        _ => String::new(),
    }
}

fn flag_expr<'a>(g: &'a FlagExpr, class: &str, out: &mut Out<'a>) {
    match g {
        FlagExpr::Flag(n) => out.push((n, Role::Flag(class.to_string()))),
        FlagExpr::Bool(..) => {}
        FlagExpr::Not(g, _) => flag_expr(g, class, out),
        FlagExpr::And(a, b, _) | FlagExpr::Or(a, b, _) => {
            flag_expr(a, class, out);
            flag_expr(b, class, out);
        }
    }
}

fn ty<'a>(t: &'a TypeExpr, out: &mut Out<'a>) {
    if let BaseType::Named(n) = &t.base {
        out.push((n, Role::Class));
    }
}

fn params<'a>(ps: &'a [Param], out: &mut Out<'a>) {
    for p in ps {
        ty(&p.ty, out);
        out.push((&p.name, Role::Decl));
    }
}

fn declarators<'a>(ds: &'a [VarDeclarator], out: &mut Out<'a>) {
    for d in ds {
        out.push((&d.name, Role::Decl));
        if let Some(init) = &d.init {
            var_init(init, out);
        }
    }
}

fn var_init<'a>(v: &'a VarInit, out: &mut Out<'a>) {
    match v {
        VarInit::Expr(e) => expr(e, out),
        VarInit::Array(a) => a.elems.iter().for_each(|v| var_init(v, out)),
    }
}

/// `task_params` gives the flags of a `taskexit`'s parameters their class.
fn block<'a>(b: &'a Block, task_params: &'a [TaskParam], out: &mut Out<'a>) {
    for s in &b.stmts {
        stmt(s, task_params, out);
    }
}

fn stmt<'a>(s: &'a Stmt, tp: &'a [TaskParam], out: &mut Out<'a>) {
    match &s.kind {
        StmtKind::Local(l) => {
            ty(&l.ty, out);
            declarators(&l.declarators, out);
        }
        StmtKind::Expr(e) | StmtKind::Return(Some(e)) => expr(e, out),
        StmtKind::Block(b) => block(b, tp, out),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => {
            expr(cond, out);
            stmt(then_branch, tp, out);
            if let Some(e) = else_branch {
                stmt(e, tp, out);
            }
        }
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            expr(cond, out);
            stmt(body, tp, out);
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => {
            init.iter().for_each(|s| stmt(s, tp, out));
            cond.iter().chain(update).for_each(|e| expr(e, out));
            stmt(body, tp, out);
        }
        StmtKind::ForEach {
            ty: t,
            name,
            iterable,
            body,
            ..
        } => {
            ty(t, out);
            out.push((name, Role::Decl));
            expr(iterable, out);
            stmt(body, tp, out);
        }
        StmtKind::Switch { scrutinee, groups } => {
            expr(scrutinee, out);
            for g in groups {
                g.labels
                    .iter()
                    .filter_map(|l| l.value.as_ref())
                    .for_each(|e| expr(e, out));
                g.stmts.iter().for_each(|s| stmt(s, tp, out));
            }
        }
        StmtKind::Labeled { body, .. } => stmt(body, tp, out),
        StmtKind::TaskExit(actions) => {
            for a in actions {
                let class = tp
                    .iter()
                    .find(|p| p.name.name == a.param.name)
                    .map(|p| class_name(&p.ty))
                    .unwrap_or_default();
                state_actions(&a.actions, &class, out);
            }
        }
        StmtKind::CtorCall { args, .. } => args.iter().for_each(|e| expr(e, out)),
        StmtKind::Return(None)
        | StmtKind::Break(_)
        | StmtKind::Continue(_)
        | StmtKind::Empty
        | StmtKind::Error => {}
    }
}

fn state_actions<'a>(a: &'a StateActions, class: &str, out: &mut Out<'a>) {
    out.extend(a.flags.iter().map(|f| (&f.flag, Role::Flag(class.into()))));
}

fn expr<'a>(e: &'a Expr, out: &mut Out<'a>) {
    match &e.kind {
        ExprKind::Lit(_)
        | ExprKind::Name(_)
        | ExprKind::This
        | ExprKind::Super
        | ExprKind::Error => {}
        ExprKind::Field { target, .. } => expr(target, out),
        ExprKind::Call { target, args, .. } => {
            target.iter().for_each(|t| expr(t, out));
            args.iter().for_each(|a| expr(a, out));
        }
        ExprKind::New { class, args, alloc } => {
            out.push((class, Role::Class));
            args.iter().for_each(|a| expr(a, out));
            if let Some(a) = alloc {
                state_actions(&a.actions, &class.name, out);
            }
        }
        ExprKind::NewArray {
            elem, dims, init, ..
        } => {
            ty(elem, out);
            dims.iter().for_each(|d| expr(d, out));
            if let Some(i) = init {
                i.elems.iter().for_each(|v| var_init(v, out));
            }
        }
        ExprKind::NewTag { tag_type } => out.push((tag_type, Role::TagType)),
        ExprKind::Index { array, index } => {
            expr(array, out);
            expr(index, out);
        }
        ExprKind::Unary { operand, .. } => expr(operand, out),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => {
            expr(lhs, out);
            expr(rhs, out);
        }
        ExprKind::Chain { first, rest } => {
            expr(first, out);
            rest.iter().for_each(|(_, e)| expr(e, out));
        }
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => {
            expr(cond, out);
            expr(then_expr, out);
            expr(else_expr, out);
        }
        ExprKind::Cast { ty: t, operand } | ExprKind::InstanceOf { operand, ty: t } => {
            ty(t, out);
            expr(operand, out);
        }
    }
}
