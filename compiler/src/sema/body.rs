//! Type checking of method, constructor and task bodies: AST statements and
//! expressions become typed HIR (JLS chapters 14 and 15; the task language's
//! `taskexit`, allocation blocks and tags from LANGUAGE.md section 2).
//! This file holds the checker's state, the entry points per kind of body
//! and scopes; the submodules add its methods by job.

mod calls;
mod coerce;
mod exprs;
mod operators;
mod stmts;
mod tasks;

use super::convert::{
    self, castable, constant_narrows, convert_const, fold_binary, widens_primitive,
    widens_reference,
};
use super::error::*;
use super::{flow, Sema};
use crate::hir::*;
use bambooc_syntax::ast::{self, BinOp, UnaryOp};
use bambooc_syntax::span::Span;
use std::collections::HashMap;

enum Kind {
    Method {
        ret: Type,
    },
    Constructor,
    Task,
    /// A `static final` initialiser.
    Constant,
}

struct Jump {
    name: Option<String>,
    label: LabelId,
    is_loop: bool,
    /// Unlabeled `break` may leave it (loops and switches).
    breakable: bool,
}

struct TaskParamInfo {
    name: String,
    class: ClassId,
}

pub(super) struct Checker<'s, 'a> {
    pub(super) s: &'s mut Sema<'a>,
    class: Option<ClassId>,
    is_static: bool,
    kind: Kind,
    locals: Vec<Local>,
    scopes: Vec<Vec<(String, LocalId)>>,
    jumps: Vec<Jump>,
    next_label: u32,
    exits: Vec<Exit>,
    task_params: Vec<TaskParamInfo>,
    task_span: Span,
    /// Final locals declared without an initialiser.
    blank_finals: Vec<LocalId>,
    /// Constant variables: final locals initialised with a constant
    /// (JLS 4.12.4); their uses are constant expressions.
    local_constants: HashMap<LocalId, ConstValue>,
    /// The method or task being checked (none for constant initialisers).
    owner: Option<BodyOwner>,
}

enum Target {
    Value(Expr),
    Class(ClassId),
    Super(Span),
}

pub(super) fn err_expr(span: Span) -> Expr {
    Expr {
        kind: ExprKind::Const(ConstValue::Null),
        ty: Type::Error,
        span,
    }
}

/// An explicit widening reference conversion (none for `null` or when the
/// types are already equal).
fn widen(e: Expr, to: &Type) -> Expr {
    if e.ty == *to || e.ty == Type::Null {
        return Expr {
            ty: to.clone(),
            ..e
        };
    }
    let span = e.span;
    Expr {
        kind: ExprKind::Widen(Box::new(e)),
        ty: to.clone(),
        span,
    }
}

/// `lhs op rhs` as one more step of a flat chain (`step` holds `op`,
/// `rhs` and `lhs`'s type). `binary` wrapped the value so far (of type
/// `acc_ty`) in a conversion when the step promotes it; the step's
/// `operand` type records that conversion instead.
fn extend_chain(lhs: Expr, acc_ty: &Type, step: ChainStep) -> Expr {
    let lhs = match lhs {
        Expr {
            kind: ExprKind::Convert(x),
            ty,
            ..
        } if ty != *acc_ty && x.ty == *acc_ty => *x,
        lhs => lhs,
    };
    let (ty, span) = (step.ty.clone(), step.span);
    let Expr {
        kind,
        ty: lhs_ty,
        span: lhs_span,
    } = lhs;
    let (first, steps) = match kind {
        ExprKind::Chain { first, mut steps } => {
            steps.push(step);
            (first, steps)
        }
        kind => {
            let first = Expr {
                kind,
                ty: lhs_ty,
                span: lhs_span,
            };
            (Box::new(first), vec![step])
        }
    };
    Expr {
        kind: ExprKind::Chain { first, steps },
        ty,
        span,
    }
}

fn const_expr(v: ConstValue, ty: Type, span: Span) -> Expr {
    Expr {
        kind: ExprKind::Const(v),
        ty,
        span,
    }
}

pub(super) fn check_method(
    s: &mut Sema<'_>,
    id: MethodId,
    block: &ast::Block,
) -> (Block, Vec<Local>) {
    let m = s.program.method(id).clone();
    let mut cx = Checker::new(
        s,
        Some(m.class),
        m.is_static,
        Kind::Method { ret: m.ret.clone() },
    );
    cx.owner = Some(BodyOwner::Method(id));
    cx.enter_params(&m.locals);
    let body = cx.block(block);
    let needs_return = m.ret != Type::Void;
    let name = m.name.clone();
    cx.finish_flow(&body, needs_return, &name, block.span, m.params.len());
    (body, cx.locals)
}

pub(super) fn check_constructor(
    s: &mut Sema<'_>,
    id: MethodId,
    block: Option<&ast::Block>,
) -> (Block, Vec<Local>) {
    let m = s.program.method(id).clone();
    let class = m.class;
    let mut cx = Checker::new(s, Some(class), false, Kind::Constructor);
    cx.owner = Some(BodyOwner::Method(id));
    cx.enter_params(&m.locals);
    let mut stmts = Vec::new();
    let rest: &[ast::Stmt] = block.map_or(&[], |b| &b.stmts);
    let span = block.map_or(m.span, |b| b.span);
    let (explicit, rest) = match rest.first() {
        Some(ast::Stmt {
            kind: ast::StmtKind::CtorCall { kind, args },
            span,
        }) => (Some((*kind, args, *span)), &rest[1..]),
        _ => (None, rest),
    };
    let calls_this = matches!(explicit, Some((ast::CtorCallKind::This, _, _)));
    match explicit {
        Some((kind, args, call_span)) => {
            let args: Vec<Expr> = args.iter().map(|a| cx.value(a)).collect();
            let target = match kind {
                ast::CtorCallKind::This => Some(class),
                ast::CtorCallKind::Super => cx.s.program.class(class).superclass,
            };
            if let Some(target) = target {
                let ctors = cx.s.program.class(target).constructors.clone();
                let name = cx.s.program.class(target).name.clone();
                if let Some(ctor) =
                    cx.resolve_overload(ctors, &args, &name, MemberKind::Constructor, call_span)
                {
                    let args = cx.coerce_args(ctor, args);
                    stmts.push(Stmt {
                        kind: StmtKind::CtorCall { ctor, args },
                        span: call_span,
                    });
                }
            }
        }
        None => {
            if let Some(sup) = cx.s.program.class(class).superclass {
                let ctors = cx.s.program.class(sup).constructors.clone();
                let found = ctors
                    .iter()
                    .copied()
                    .find(|&c| cx.s.program.method(c).params.is_empty());
                match found {
                    Some(ctor) => stmts.push(Stmt {
                        kind: StmtKind::CtorCall {
                            ctor,
                            args: Vec::new(),
                        },
                        span: m.span,
                    }),
                    None => {
                        let superclass = cx.s.program.class(sup).name.clone();
                        cx.s.error(SemaError::NoSuperConstructor {
                            class: m.name.clone(),
                            superclass,
                            span: m.span,
                        });
                    }
                }
            }
        }
    }
    if !calls_this {
        for (field, init) in cx.s.field_inits(class) {
            let f = cx.s.program.field(field).clone();
            let value = cx.var_init(init, &f.ty);
            let span = value.span;
            stmts.push(Stmt {
                kind: StmtKind::Expr(Expr {
                    kind: ExprKind::Assign {
                        target: Box::new(Expr {
                            kind: ExprKind::Field {
                                object: Box::new(Expr {
                                    kind: ExprKind::This,
                                    ty: Type::Class(class),
                                    span,
                                }),
                                field,
                            },
                            ty: f.ty.clone(),
                            span,
                        }),
                        value: Box::new(value),
                    },
                    ty: f.ty.clone(),
                    span,
                }),
                span,
            });
        }
    }
    cx.scopes.push(Vec::new());
    for st in rest {
        if let ast::StmtKind::CtorCall { .. } = st.kind {
            cx.s.error(SemaError::MisplacedCtorCall { span: st.span });
            continue;
        }
        stmts.push(cx.stmt(st));
    }
    cx.scopes.pop();
    let body = Block { stmts, span };
    // A constructor that starts with `this(...)` leaves final fields to the
    // constructor it calls.
    let final_fields: Vec<FieldId> = if calls_this {
        Vec::new()
    } else {
        cx.s.program
            .class(class)
            .fields
            .iter()
            .copied()
            .filter(|&f| {
                let fd = cx.s.program.field(f);
                fd.is_final && !fd.is_static
            })
            .collect()
    };
    cx.finish_flow_with_fields(&body, &final_fields, false, &m.name, span, m.params.len());
    (body, cx.locals)
}

pub(super) fn check_task(s: &mut Sema<'_>, decl: &ast::TaskDecl) -> Task {
    let task_id = TaskId(s.program.tasks.len() as u32);
    let mut cx = Checker::new(s, None, true, Kind::Task);
    cx.owner = Some(BodyOwner::Task(task_id));
    cx.task_span = decl.name.span;
    cx.scopes.push(Vec::new());
    if decl.params.is_empty() {
        cx.s.error(SemaError::NoTaskParams {
            name: decl.name.name.clone(),
            span: decl.name.span,
        });
    }
    let mut params = Vec::new();
    let mut tag_vars: Vec<(String, TagTypeId, LocalId, Span, String)> = Vec::new();
    for p in &decl.params {
        let ty = cx.s.resolve_type(&p.ty);
        let class = match ty.clone() {
            Type::Class(c) => Some(c),
            Type::Error => None,
            other => {
                let name = cx.s.program.type_name(&other);
                cx.s.error(SemaError::BadTaskParamType {
                    ty: name,
                    span: p.ty.span,
                });
                None
            }
        };
        let local = cx.declare(&p.name, ty.clone(), false, DuplicateKind::Parameter);
        let guard = match class {
            Some(c) => cx.guard(&p.guard, c),
            None => Guard::Const(true),
        };
        let mut tags = Vec::new();
        for tg in &p.tags {
            let tt = cx.s.intern_tag_type(&tg.tag_type.name);
            let existing = tag_vars.iter().find(|v| v.0 == tg.var.name).cloned();
            let var = match existing {
                Some((_, other_tt, var, prev, other_name)) => {
                    if other_tt != tt {
                        cx.s.error(SemaError::TagTypeConflict {
                            var: tg.var.name.clone(),
                            first: other_name,
                            second: tg.tag_type.name.clone(),
                            span: tg.tag_type.span,
                            previous: prev,
                        });
                    }
                    var
                }
                None => {
                    let var = cx.declare_local(&tg.var, Type::Tag, false);
                    tag_vars.push((
                        tg.var.name.clone(),
                        tt,
                        var,
                        tg.tag_type.span,
                        tg.tag_type.name.clone(),
                    ));
                    var
                }
            };
            tags.push((tt, var));
        }
        cx.task_params.push(TaskParamInfo {
            name: p.name.name.clone(),
            class: class.unwrap_or(cx.s.program.well_known.object),
        });
        params.push(TaskParam {
            name: p.name.name.clone(),
            span: p.name.span,
            class: class.unwrap_or(cx.s.program.well_known.object),
            local,
            guard,
            tags,
        });
    }
    let nparams = cx.locals.len();
    let body = cx.block(&decl.body);
    cx.scopes.pop();
    let end_reachable = cx.finish_flow(&body, false, &decl.name.name, decl.body.span, nparams);
    let mut exits = std::mem::take(&mut cx.exits);
    exits.push(Exit {
        span: decl.body.span,
        changes: vec![StateChange::default(); params.len()],
        implicit: true,
        reachable: end_reachable,
    });
    Task {
        name: decl.name.name.clone(),
        span: decl.name.span,
        params,
        locals: cx.locals,
        exits,
        body,
    }
}

/// Checks a library singleton's initialiser (a static context).
pub(super) fn check_static_init(
    s: &mut Sema<'_>,
    class: ClassId,
    ty: &Type,
    init: &ast::VarInit,
) -> Expr {
    let mut cx = Checker::new(s, Some(class), true, Kind::Constant);
    cx.var_init(init, ty)
}

/// Folds a `static final` initialiser; `None` when it is not a constant.
pub(super) fn fold_constant_init(
    s: &mut Sema<'_>,
    class: ClassId,
    ty: &Type,
    init: &ast::VarInit,
) -> Option<ConstValue> {
    let mut cx = Checker::new(s, Some(class), true, Kind::Constant);
    let e = cx.var_init(init, ty);
    match e.kind {
        ExprKind::Const(v) if !e.ty.is_error() => Some(v),
        _ => None,
    }
}

impl<'s, 'a> Checker<'s, 'a> {
    fn new(s: &'s mut Sema<'a>, class: Option<ClassId>, is_static: bool, kind: Kind) -> Self {
        Checker {
            s,
            class,
            is_static,
            kind,
            locals: Vec::new(),
            scopes: vec![Vec::new()],
            jumps: Vec::new(),
            next_label: 0,
            exits: Vec::new(),
            task_params: Vec::new(),
            task_span: Span::default(),
            blank_finals: Vec::new(),
            local_constants: HashMap::new(),
            owner: None,
        }
    }

    fn enter_params(&mut self, params: &[Local]) {
        for (i, p) in params.iter().enumerate() {
            self.locals.push(p.clone());
            self.scopes[0].push((p.name.clone(), LocalId(i as u32)));
        }
    }

    /// Runs the flow checks; returns whether the body can complete normally.
    fn finish_flow(
        &mut self,
        body: &Block,
        needs_return: bool,
        name: &str,
        span: Span,
        nparams: usize,
    ) -> bool {
        self.finish_flow_with_fields(body, &[], needs_return, name, span, nparams)
    }

    fn finish_flow_with_fields(
        &mut self,
        body: &Block,
        final_fields: &[FieldId],
        needs_return: bool,
        name: &str,
        span: Span,
        nparams: usize,
    ) -> bool {
        let (errors, end_reachable) = flow::check(
            body,
            &self.locals,
            final_fields,
            nparams,
            needs_return,
            name,
            span,
        );
        self.s.errors.extend(errors);
        end_reachable
    }

    fn ty_name(&self, t: &Type) -> String {
        self.s.program.type_name(t)
    }

    fn string_type(&self) -> Type {
        Type::Class(self.s.program.well_known.string)
    }

    fn is_string(&self, t: &Type) -> bool {
        *t == self.string_type()
    }

    fn lookup_local(&self, name: &str) -> Option<LocalId> {
        self.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _)| n == name)
            .map(|(_, id)| *id)
    }

    fn declare_local(&mut self, name: &ast::Ident, ty: Type, is_final: bool) -> LocalId {
        self.declare(name, ty, is_final, DuplicateKind::Variable)
    }

    fn declare(
        &mut self,
        name: &ast::Ident,
        ty: Type,
        is_final: bool,
        kind: DuplicateKind,
    ) -> LocalId {
        if let Some(prev) = self.lookup_local(&name.name) {
            let previous = self.locals[prev.0 as usize].span;
            self.s.error(SemaError::Duplicate {
                kind,
                name: name.name.clone(),
                span: name.span,
                previous,
            });
        }
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.name.clone(),
            span: name.span,
            ty,
            is_final,
        });
        self.scopes
            .last_mut()
            .expect("a scope is open")
            .push((name.name.clone(), id));
        id
    }

    fn temp_local(&mut self, name: &str, ty: Type, span: Span) -> LocalId {
        let id = LocalId(self.locals.len() as u32);
        self.locals.push(Local {
            name: name.to_string(),
            span,
            ty,
            is_final: false,
        });
        id
    }

    fn new_label(&mut self) -> LabelId {
        self.next_label += 1;
        LabelId(self.next_label - 1)
    }
}
