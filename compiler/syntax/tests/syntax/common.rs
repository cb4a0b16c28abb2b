//! Test support: a compact S-expression rendering of the AST, so that tests
//! can state the tree they expect in one line.
#![allow(dead_code)]

use bambooc_syntax::ast::*;
use bambooc_syntax::span::FileId;
use bambooc_syntax::{parse, ParseError};

pub fn parse_ok(src: &str) -> SourceFile {
    let (f, errs) = parse(FileId(0), src);
    assert!(errs.is_empty(), "unexpected errors for {src:?}: {errs:#?}");
    f
}

/// The errors of `src` as `(code, text at span)`.
pub fn errors(src: &str) -> Vec<(&'static str, String)> {
    let (_, errs) = parse(FileId(0), src);
    errs.iter()
        .map(|e| (e.code(), src[e.span().range()].to_string()))
        .collect()
}

pub fn codes(errs: &[ParseError]) -> Vec<&'static str> {
    errs.iter().map(|e| e.code()).collect()
}

/// Parses `src` as the body of a method and renders its statements.
pub fn stmts(body: &str) -> String {
    let src = format!("class T {{ void m() {{ {body} }} }}");
    let f = parse_ok(&src);
    match &f.items[0] {
        Item::Class(c) => match &c.members[0] {
            Member::Method(m) => m
                .body
                .as_ref()
                .unwrap()
                .stmts
                .iter()
                .map(stmt)
                .collect::<Vec<_>>()
                .join(" "),
            other => panic!("not a method: {other:?}"),
        },
        other => panic!("not a class: {other:?}"),
    }
}

/// Parses `e` as an expression statement's expression and renders it.
pub fn expr_of(e: &str) -> String {
    let src = format!("class T {{ void m() {{ x = {e}; }} }}");
    let f = parse_ok(&src);
    let Item::Class(c) = &f.items[0] else {
        panic!()
    };
    let Member::Method(m) = &c.members[0] else {
        panic!()
    };
    match &m.body.as_ref().unwrap().stmts[0].kind {
        StmtKind::Expr(Expr {
            kind: ExprKind::Assign { rhs, .. },
            ..
        }) => expr(rhs),
        other => panic!("{other:?}"),
    }
}

pub fn file(f: &SourceFile) -> String {
    f.items.iter().map(item).collect::<Vec<_>>().join(" ")
}

pub fn item(i: &Item) -> String {
    match i {
        Item::Class(c) => class(c),
        Item::Task(t) => {
            let params: Vec<String> = t.params.iter().map(task_param).collect();
            format!(
                "(task {} ({}) {})",
                t.name.name,
                params.join(" "),
                block(&t.body)
            )
        }
        Item::Error(_) => "<error>".into(),
    }
}

pub fn class(c: &ClassDecl) -> String {
    let mut s = format!("(class{} {}", mods(&c.modifiers), c.name.name);
    if let Some(e) = &c.extends {
        s += &format!(" extends {}", e.name);
    }
    for m in &c.members {
        s += " ";
        s += &member(m);
    }
    s + ")"
}

pub fn mods(m: &Modifiers) -> String {
    m.list
        .iter()
        .map(|m| format!(" {:?}", m.node).to_lowercase())
        .collect()
}

pub fn member(m: &Member) -> String {
    match m {
        Member::Field(f) => format!(
            "(field{} {} {})",
            mods(&f.modifiers),
            ty(&f.ty),
            decls(&f.declarators)
        ),
        Member::Method(m) => format!(
            "(method{} {} {} ({}) {})",
            mods(&m.modifiers),
            m.ret.as_ref().map_or("void".to_string(), ty),
            m.name.name,
            m.params.iter().map(param).collect::<Vec<_>>().join(" "),
            m.body.as_ref().map_or(";".to_string(), block)
        ),
        Member::Constructor(c) => format!(
            "(ctor{} {} ({}) {})",
            mods(&c.modifiers),
            c.name.name,
            c.params.iter().map(param).collect::<Vec<_>>().join(" "),
            block(&c.body)
        ),
        Member::Flag(f) => format!(
            "(flag {})",
            f.names
                .iter()
                .map(|n| n.name.clone())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Member::Error(_) => "<error>".into(),
    }
}

pub fn param(p: &Param) -> String {
    let m = mods(&p.modifiers);
    if !m.is_empty() {
        return format!("({} {} {})", m.trim_start(), ty(&p.ty), p.name.name);
    }
    format!("({}{} {})", mods(&p.modifiers), ty(&p.ty), p.name.name).replace("( ", "(")
}

pub fn task_param(p: &TaskParam) -> String {
    let mut s = format!("({} {} {}", ty(&p.ty), p.name.name, flag(&p.guard));
    for t in &p.tags {
        s += &format!(" (tag {} {})", t.tag_type.name, t.var.name);
    }
    s + ")"
}

pub fn flag(f: &FlagExpr) -> String {
    match f {
        FlagExpr::Flag(i) => i.name.clone(),
        FlagExpr::Bool(b, _) => b.to_string(),
        FlagExpr::Not(x, _) => format!("(not {})", flag(x)),
        FlagExpr::And(a, b, _) => format!("(and {} {})", flag(a), flag(b)),
        FlagExpr::Or(a, b, _) => format!("(or {} {})", flag(a), flag(b)),
    }
}

pub fn ty(t: &TypeExpr) -> String {
    let base = match &t.base {
        BaseType::Prim(p) => format!("{p:?}").to_lowercase(),
        BaseType::Tag => "tag".into(),
        BaseType::Named(n) => n.name.clone(),
    };
    base + &"[]".repeat(t.dims as usize)
}

pub fn decls(ds: &[VarDeclarator]) -> String {
    ds.iter()
        .map(|d| {
            let mut s = format!("({}{}", d.name.name, "[]".repeat(d.extra_dims as usize));
            if let Some(i) = &d.init {
                s += " ";
                s += &var_init(i);
            }
            s + ")"
        })
        .collect::<Vec<_>>()
        .join(" ")
}

pub fn var_init(v: &VarInit) -> String {
    match v {
        VarInit::Expr(e) => expr(e),
        VarInit::Array(a) => array_init(a),
    }
}

pub fn array_init(a: &ArrayInit) -> String {
    format!(
        "{{{}}}",
        a.elems.iter().map(var_init).collect::<Vec<_>>().join(" ")
    )
}

pub fn block(b: &Block) -> String {
    let mut s = "{".to_string();
    for (i, st) in b.stmts.iter().enumerate() {
        if i > 0 {
            s += " ";
        }
        s += &stmt(st);
    }
    s + "}"
}

pub fn actions(a: &StateActions) -> String {
    let mut parts: Vec<String> = a
        .flags
        .iter()
        .map(|f| format!("{}:={}", f.flag.name, f.value))
        .collect();
    parts.extend(
        a.tags
            .iter()
            .map(|t| format!("{} {}", if t.add { "add" } else { "clear" }, t.var.name)),
    );
    parts.join(", ")
}

pub fn stmt(s: &Stmt) -> String {
    match &s.kind {
        StmtKind::Local(l) => format!(
            "(local{} {} {})",
            mods(&l.modifiers),
            ty(&l.ty),
            decls(&l.declarators)
        ),
        StmtKind::Expr(e) => expr(e) + ";",
        StmtKind::Block(b) => block(b),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => match else_branch {
            Some(e) => format!("(if {} {} {})", expr(cond), stmt(then_branch), stmt(e)),
            None => format!("(if {} {})", expr(cond), stmt(then_branch)),
        },
        StmtKind::While { cond, body } => format!("(while {} {})", expr(cond), stmt(body)),
        StmtKind::DoWhile { body, cond } => format!("(do {} {})", stmt(body), expr(cond)),
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => format!(
            "(for ({}) {} ({}) {})",
            init.iter().map(stmt).collect::<Vec<_>>().join(" "),
            cond.as_ref().map_or("_".into(), expr),
            update.iter().map(expr).collect::<Vec<_>>().join(" "),
            stmt(body)
        ),
        StmtKind::ForEach {
            modifiers,
            ty: t,
            name,
            iterable,
            body,
        } => format!(
            "(foreach{} {} {} {} {})",
            mods(modifiers),
            ty(t),
            name.name,
            expr(iterable),
            stmt(body)
        ),
        StmtKind::Switch { scrutinee, groups } => {
            let gs: Vec<String> = groups
                .iter()
                .map(|g| {
                    let mut parts: Vec<String> = g
                        .labels
                        .iter()
                        .map(|l| match &l.value {
                            Some(v) => format!("(case {})", expr(v)),
                            None => "(default)".into(),
                        })
                        .collect();
                    parts.extend(g.stmts.iter().map(stmt));
                    format!("[{}]", parts.join(" "))
                })
                .collect();
            format!("(switch {} {})", expr(scrutinee), gs.join(" "))
        }
        StmtKind::Labeled { label, body } => format!("(label {} {})", label.name, stmt(body)),
        StmtKind::Break(l) => format!(
            "(break{})",
            l.as_ref().map_or(String::new(), |l| format!(" {}", l.name))
        ),
        StmtKind::Continue(l) => {
            format!(
                "(continue{})",
                l.as_ref().map_or(String::new(), |l| format!(" {}", l.name))
            )
        }
        StmtKind::Return(e) => format!(
            "(return{})",
            e.as_ref()
                .map_or(String::new(), |e| format!(" {}", expr(e)))
        ),
        StmtKind::TaskExit(exits) => {
            let es: Vec<String> = exits
                .iter()
                .map(|e| format!("({}: {})", e.param.name, actions(&e.actions)))
                .collect();
            format!(
                "(taskexit{})",
                es.iter().map(|e| format!(" {e}")).collect::<String>()
            )
        }
        StmtKind::CtorCall { kind, args } => format!(
            "({:?}-call{})",
            kind,
            args.iter()
                .map(|a| format!(" {}", expr(a)))
                .collect::<String>()
        )
        .to_lowercase(),
        StmtKind::Empty => ";".into(),
        StmtKind::Error => "<error>".into(),
    }
}

pub fn lit(l: &Literal) -> String {
    match l {
        Literal::Int { value, long, .. } => format!("{value}{}", if *long { "L" } else { "" }),
        Literal::Float { text, single } => format!("{text}{}", if *single { "f" } else { "" }),
        Literal::Char(c) => format!("'{}'", char::from_u32(u32::from(*c)).unwrap_or('?')),
        Literal::String(s) => format!("{:?}", String::from_utf16_lossy(s)),
        Literal::Bool(b) => b.to_string(),
        Literal::Null => "null".into(),
    }
}

pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Lit(l) => lit(l),
        ExprKind::Name(n) => n.name.clone(),
        ExprKind::This => "this".into(),
        ExprKind::Super => "super".into(),
        ExprKind::Field { target, name } => format!("(. {} {})", expr(target), name.name),
        ExprKind::Call { target, name, args } => format!(
            "(call {}{}{})",
            target
                .as_ref()
                .map_or(String::new(), |t| format!("{} ", expr(t))),
            name.name,
            args.iter()
                .map(|a| format!(" {}", expr(a)))
                .collect::<String>()
        ),
        ExprKind::New { class, args, alloc } => format!(
            "(new {}{}{})",
            class.name,
            args.iter()
                .map(|a| format!(" {}", expr(a)))
                .collect::<String>(),
            alloc
                .as_ref()
                .map_or(String::new(), |a| format!(" {{{}}}", actions(&a.actions)))
        ),
        ExprKind::NewArray {
            elem,
            dims,
            extra_dims,
            init,
        } => format!(
            "(new-array {}{}{}{})",
            ty(elem),
            dims.iter()
                .map(|d| format!(" [{}]", expr(d)))
                .collect::<String>(),
            " []".repeat(*extra_dims as usize),
            init.as_ref()
                .map_or(String::new(), |i| format!(" {}", array_init(i)))
        ),
        ExprKind::NewTag { tag_type } => format!("(new-tag {})", tag_type.name),
        ExprKind::Index { array, index } => format!("([] {} {})", expr(array), expr(index)),
        ExprKind::Unary { op, operand } => {
            let o = match op {
                UnaryOp::Neg => "neg",
                UnaryOp::Plus => "plus",
                UnaryOp::Not => "!",
                UnaryOp::BitNot => "~",
                UnaryOp::PreInc => "pre++",
                UnaryOp::PreDec => "pre--",
                UnaryOp::PostInc => "post++",
                UnaryOp::PostDec => "post--",
            };
            format!("({o} {})", expr(operand))
        }
        ExprKind::Binary { op, lhs, rhs } => {
            format!("({} {} {})", op.symbol(), expr(lhs), expr(rhs))
        }
        // Printed as the nested `Binary` nodes it stands for.
        ExprKind::Chain { first, rest } => rest.iter().fold(expr(first), |acc, (op, r)| {
            format!("({} {} {})", op.symbol(), acc, expr(r))
        }),
        ExprKind::Assign { op, lhs, rhs } => format!(
            "({}= {} {})",
            op.map_or("", |o| o.symbol()),
            expr(lhs),
            expr(rhs)
        ),
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => format!("(? {} {} {})", expr(cond), expr(then_expr), expr(else_expr)),
        ExprKind::Cast { ty: t, operand } => format!("(cast {} {})", ty(t), expr(operand)),
        ExprKind::InstanceOf { operand, ty: t } => {
            format!("(instanceof {} {})", expr(operand), ty(t))
        }
        ExprKind::Error => "<error>".into(),
    }
}

/// Depth of the tree, by a naive recursive walk: what later passes do.
pub fn depth_file(f: &SourceFile) -> u32 {
    f.items
        .iter()
        .map(|i| match i {
            Item::Class(c) => c
                .members
                .iter()
                .map(|m| match m {
                    Member::Field(f) => f.declarators.iter().map(depth_decl).max().unwrap_or(0),
                    Member::Method(m) => m.body.as_ref().map_or(0, depth_block),
                    Member::Constructor(c) => depth_block(&c.body),
                    _ => 0,
                })
                .max()
                .unwrap_or(0),
            Item::Task(t) => depth_block(&t.body).max(
                t.params
                    .iter()
                    .map(|p| depth_flag(&p.guard))
                    .max()
                    .unwrap_or(0),
            ),
            Item::Error(_) => 0,
        })
        .max()
        .unwrap_or(0)
}

fn depth_flag(f: &FlagExpr) -> u32 {
    1 + match f {
        FlagExpr::Flag(_) | FlagExpr::Bool(..) => 0,
        FlagExpr::Not(x, _) => depth_flag(x),
        FlagExpr::And(a, b, _) | FlagExpr::Or(a, b, _) => depth_flag(a).max(depth_flag(b)),
    }
}

fn depth_decl(d: &VarDeclarator) -> u32 {
    d.init.as_ref().map_or(0, depth_init)
}

fn depth_init(v: &VarInit) -> u32 {
    match v {
        VarInit::Expr(e) => depth_expr(e),
        VarInit::Array(a) => 1 + a.elems.iter().map(depth_init).max().unwrap_or(0),
    }
}

fn depth_block(b: &Block) -> u32 {
    b.stmts.iter().map(depth_stmt).max().unwrap_or(0)
}

fn depth_stmt(s: &Stmt) -> u32 {
    1 + match &s.kind {
        StmtKind::Local(l) => l.declarators.iter().map(depth_decl).max().unwrap_or(0),
        StmtKind::Expr(e) => depth_expr(e),
        StmtKind::Block(b) => depth_block(b),
        StmtKind::If {
            cond,
            then_branch,
            else_branch,
        } => depth_expr(cond)
            .max(depth_stmt(then_branch))
            .max(else_branch.as_deref().map_or(0, depth_stmt)),
        StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
            depth_expr(cond).max(depth_stmt(body))
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => init
            .iter()
            .map(depth_stmt)
            .chain(cond.iter().map(depth_expr))
            .chain(update.iter().map(depth_expr))
            .chain([depth_stmt(body)])
            .max()
            .unwrap_or(0),
        StmtKind::ForEach { iterable, body, .. } => depth_expr(iterable).max(depth_stmt(body)),
        StmtKind::Switch { scrutinee, groups } => groups
            .iter()
            .flat_map(|g| {
                g.labels
                    .iter()
                    .filter_map(|l| l.value.as_ref().map(depth_expr))
                    .chain(g.stmts.iter().map(depth_stmt))
            })
            .chain([depth_expr(scrutinee)])
            .max()
            .unwrap_or(0),
        StmtKind::Labeled { body, .. } => depth_stmt(body),
        StmtKind::Return(e) => e.as_ref().map_or(0, depth_expr),
        StmtKind::CtorCall { args, .. } => args.iter().map(depth_expr).max().unwrap_or(0),
        _ => 0,
    }
}

fn depth_expr(e: &Expr) -> u32 {
    1 + match &e.kind {
        ExprKind::Field { target, .. } => depth_expr(target),
        ExprKind::Call { target, args, .. } => args
            .iter()
            .map(depth_expr)
            .chain(target.as_deref().map(depth_expr))
            .max()
            .unwrap_or(0),
        ExprKind::New { args, .. } => args.iter().map(depth_expr).max().unwrap_or(0),
        ExprKind::NewArray { dims, init, .. } => dims
            .iter()
            .map(depth_expr)
            .chain(
                init.as_ref()
                    .map(|i| 1 + i.elems.iter().map(depth_init).max().unwrap_or(0)),
            )
            .max()
            .unwrap_or(0),
        ExprKind::Index { array, index } => depth_expr(array).max(depth_expr(index)),
        ExprKind::Unary { operand, .. }
        | ExprKind::Cast { operand, .. }
        | ExprKind::InstanceOf { operand, .. } => depth_expr(operand),
        ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => {
            depth_expr(lhs).max(depth_expr(rhs))
        }
        ExprKind::Chain { first, rest } => rest
            .iter()
            .map(|(_, r)| depth_expr(r))
            .fold(depth_expr(first), u32::max),
        ExprKind::Conditional {
            cond,
            then_expr,
            else_expr,
        } => depth_expr(cond)
            .max(depth_expr(then_expr))
            .max(depth_expr(else_expr)),
        _ => 0,
    }
}

/// Runs `f` on a thread with an 8 MiB stack (what the brief promises later
/// passes) and a time limit.
pub fn with_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}
