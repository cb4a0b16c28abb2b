//! Type checking of method, constructor and task bodies: AST statements and
//! expressions become typed HIR (JLS chapters 14 and 15; the task language's
//! `taskexit`, allocation blocks and tags from LANGUAGE.md section 2).

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

    // ----- Task language -----------------------------------------------

    fn flag_bit(&mut self, class: ClassId, name: &ast::Ident) -> Option<FlagBit> {
        let c = self.s.program.class(class);
        if let Some(bit) = c.flag_bit(&name.name) {
            return Some(bit);
        }
        let suggestion = super::suggest(&name.name, c.flags.iter().map(|f| f.name.as_str()));
        let (class_name, class_span) = (c.name.clone(), c.span);
        self.s.error(SemaError::UnknownFlag {
            flag: name.name.clone(),
            class: class_name,
            span: name.span,
            class_span,
            suggestion,
        });
        None
    }

    fn guard(&mut self, g: &ast::FlagExpr, class: ClassId) -> Guard {
        match g {
            ast::FlagExpr::Flag(name) => match self.flag_bit(class, name) {
                Some(bit) => Guard::Flag(bit),
                None => Guard::Const(false),
            },
            ast::FlagExpr::Bool(b, _) => Guard::Const(*b),
            ast::FlagExpr::Not(inner, _) => Guard::Not(Box::new(self.guard(inner, class))),
            ast::FlagExpr::And(a, b, _) => Guard::And(
                Box::new(self.guard(a, class)),
                Box::new(self.guard(b, class)),
            ),
            ast::FlagExpr::Or(a, b, _) => Guard::Or(
                Box::new(self.guard(a, class)),
                Box::new(self.guard(b, class)),
            ),
        }
    }

    fn tag_var(&mut self, var: &ast::Ident) -> Option<LocalId> {
        match self.lookup_local(&var.name) {
            Some(id) if self.locals[id.0 as usize].ty == Type::Tag => Some(id),
            Some(id) => {
                let ty = self.ty_name(&self.locals[id.0 as usize].ty.clone());
                self.s.error(SemaError::NotATag {
                    name: var.name.clone(),
                    ty,
                    span: var.span,
                });
                None
            }
            None => {
                self.s.error(SemaError::UnknownTagVar {
                    name: var.name.clone(),
                    span: var.span,
                });
                None
            }
        }
    }

    /// Flag and tag actions on one object of `class`.
    fn state_change(&mut self, class: ClassId, actions: &ast::StateActions) -> StateChange {
        let mut change = StateChange::default();
        let mut seen_flags: Vec<(String, Span)> = Vec::new();
        for fa in &actions.flags {
            if let Some((_, prev)) = seen_flags.iter().find(|(n, _)| *n == fa.flag.name) {
                self.s.error(SemaError::ConflictingActions {
                    what: format!("flag `{}`", fa.flag.name),
                    span: fa.span,
                    previous: *prev,
                });
                continue;
            }
            seen_flags.push((fa.flag.name.clone(), fa.span));
            if let Some(bit) = self.flag_bit(class, &fa.flag) {
                if fa.value {
                    change.set |= 1 << bit.0;
                } else {
                    change.clear |= 1 << bit.0;
                }
            }
        }
        let mut seen_tags: Vec<(String, Span)> = Vec::new();
        for ta in &actions.tags {
            if let Some((_, prev)) = seen_tags.iter().find(|(n, _)| *n == ta.var.name) {
                self.s.error(SemaError::ConflictingActions {
                    what: format!("tag `{}`", ta.var.name),
                    span: ta.span,
                    previous: *prev,
                });
                continue;
            }
            seen_tags.push((ta.var.name.clone(), ta.span));
            if let Some(var) = self.tag_var(&ta.var) {
                if ta.add {
                    change.add_tags.push(var);
                } else {
                    change.clear_tags.push(var);
                }
            }
        }
        change
    }

    fn task_exit(&mut self, actions: &[ast::ExitAction], span: Span) -> StmtKind {
        if !matches!(self.kind, Kind::Task) {
            self.s.error(SemaError::TaskExitOutsideTask { span });
            return StmtKind::Empty;
        }
        let mut changes = vec![StateChange::default(); self.task_params.len()];
        let mut named: Vec<(usize, Span)> = Vec::new();
        for a in actions {
            let Some(index) = self.task_params.iter().position(|p| p.name == a.param.name) else {
                let task = self.task_span;
                self.s.error(SemaError::TaskExitNotParam {
                    name: a.param.name.clone(),
                    span: a.param.span,
                    task,
                });
                continue;
            };
            if let Some((_, prev)) = named.iter().find(|(i, _)| *i == index) {
                self.s.error(SemaError::ConflictingActions {
                    what: format!("parameter `{}`", a.param.name),
                    span: a.param.span,
                    previous: *prev,
                });
                continue;
            }
            named.push((index, a.param.span));
            let class = self.task_params[index].class;
            changes[index] = self.state_change(class, &a.actions);
        }
        let id = ExitId(self.exits.len() as u32);
        self.exits.push(Exit {
            span,
            changes,
            implicit: false,
            reachable: true,
        });
        StmtKind::TaskExit(id)
    }

    // ----- Statements ----------------------------------------------------

    fn block(&mut self, b: &ast::Block) -> Block {
        self.scopes.push(Vec::new());
        let stmts = b.stmts.iter().map(|s| self.stmt(s)).collect();
        self.scopes.pop();
        Block {
            stmts,
            span: b.span,
        }
    }

    /// A statement that is a branch or loop body gets its own scope.
    fn sub_stmt(&mut self, s: &ast::Stmt) -> Box<Stmt> {
        self.scopes.push(Vec::new());
        let st = self.stmt(s);
        self.scopes.pop();
        Box::new(st)
    }

    fn stmt(&mut self, st: &ast::Stmt) -> Stmt {
        let kind = self.stmt_kind(st, None);
        Stmt {
            kind,
            span: st.span,
        }
    }

    fn local_decl(&mut self, d: &ast::LocalDecl) -> Vec<Stmt> {
        for m in &d.modifiers.list {
            if m.node != ast::Modifier::Final {
                self.s.error(SemaError::InvalidModifier {
                    modifier: super::modifier_name(m.node).into(),
                    context: "a local variable",
                    span: m.span,
                });
            }
        }
        let base = self.s.resolve_type(&d.ty);
        let is_final = d.modifiers.has(ast::Modifier::Final);
        let mut out = Vec::new();
        for decl in &d.declarators {
            let ty = if base.is_error() {
                Type::Error
            } else {
                base.clone().array_of(decl.extra_dims)
            };
            // A local is in scope in its own initialiser (JLS 6.3), where
            // reading it is an error of definite assignment.
            let local = self.declare_local(&decl.name, ty.clone(), is_final);
            let init = decl.init.as_ref().map(|i| self.var_init(i, &ty));
            if is_final && init.is_none() {
                self.blank_finals.push(local);
            }
            if let Some(Expr {
                kind: ExprKind::Const(c),
                ty,
                ..
            }) = &init
            {
                if is_final && (ty.is_primitive() || self.is_string(ty)) {
                    self.local_constants.insert(local, c.clone());
                }
            }
            out.push(Stmt {
                kind: StmtKind::Local { local, init },
                span: decl.span,
            });
        }
        out
    }

    fn push_jump(&mut self, name: Option<String>, is_loop: bool, breakable: bool) -> LabelId {
        let label = self.new_label();
        self.jumps.push(Jump {
            name,
            label,
            is_loop,
            breakable,
        });
        label
    }

    fn stmt_kind(&mut self, st: &ast::Stmt, label_name: Option<String>) -> StmtKind {
        match &st.kind {
            ast::StmtKind::Local(d) => {
                let mut stmts = self.local_decl(d);
                if stmts.len() == 1 {
                    stmts.pop().expect("one statement").kind
                } else {
                    // Several declarators: grouped as a block. Locals have
                    // unique ids, so the grouping does not end their scope.
                    StmtKind::Block(Block {
                        stmts,
                        span: st.span,
                    })
                }
            }
            ast::StmtKind::Expr(e) => {
                let allowed = matches!(
                    e.kind,
                    ast::ExprKind::Assign { .. }
                        | ast::ExprKind::Call { .. }
                        | ast::ExprKind::New { .. }
                        | ast::ExprKind::Error
                        | ast::ExprKind::Unary {
                            op: UnaryOp::PreInc
                                | UnaryOp::PreDec
                                | UnaryOp::PostInc
                                | UnaryOp::PostDec,
                            ..
                        }
                );
                let expr = self.expr(e);
                if !allowed {
                    self.s.error(SemaError::NotAStatement { span: e.span });
                }
                StmtKind::Expr(expr)
            }
            ast::StmtKind::Block(b) => StmtKind::Block(self.block(b)),
            ast::StmtKind::If {
                cond,
                then_branch,
                else_branch,
            } => {
                let cond = self.condition(cond);
                let then_branch = self.sub_stmt(then_branch);
                let else_branch = else_branch.as_ref().map(|e| self.sub_stmt(e));
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                }
            }
            ast::StmtKind::While { cond, body } => {
                let cond = self.condition(cond);
                let label = self.push_jump(label_name, true, true);
                let body = self.sub_stmt(body);
                self.jumps.pop();
                StmtKind::While {
                    label: Some(label),
                    cond,
                    body,
                }
            }
            ast::StmtKind::DoWhile { body, cond } => {
                let label = self.push_jump(label_name, true, true);
                let body = self.sub_stmt(body);
                self.jumps.pop();
                let cond = self.condition(cond);
                StmtKind::DoWhile {
                    label: Some(label),
                    body,
                    cond,
                }
            }
            ast::StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                self.scopes.push(Vec::new());
                let mut inits = Vec::new();
                for s in init {
                    match &s.kind {
                        ast::StmtKind::Local(d) => inits.extend(self.local_decl(d)),
                        _ => inits.push(self.stmt(s)),
                    }
                }
                let cond = cond.as_ref().map(|c| self.condition(c));
                let update = update.iter().map(|u| self.expr(u)).collect();
                let label = self.push_jump(label_name, true, true);
                let body = self.sub_stmt(body);
                self.jumps.pop();
                self.scopes.pop();
                StmtKind::For {
                    label: Some(label),
                    init: inits,
                    cond,
                    update,
                    body,
                }
            }
            ast::StmtKind::ForEach {
                modifiers,
                ty,
                name,
                iterable,
                body,
            } => {
                let array = self.value(iterable);
                let declared = self.s.resolve_type(ty);
                let elem = match &array.ty {
                    Type::Array(e) => (**e).clone(),
                    Type::Error => Type::Error,
                    other => {
                        let found = self.ty_name(other);
                        self.s.error(SemaError::NotArray {
                            found,
                            span: iterable.span,
                        });
                        Type::Error
                    }
                };
                if !elem.is_error() && !declared.is_error() && !self.assignable(&elem, &declared) {
                    let (expected, found) = (self.ty_name(&declared), self.ty_name(&elem));
                    self.s.error(SemaError::Mismatch {
                        expected,
                        found,
                        span: ty.span,
                    });
                }
                self.scopes.push(Vec::new());
                let array_local = self.temp_local("$array", array.ty.clone(), iterable.span);
                let index = self.temp_local("$index", Type::Int, iterable.span);
                let var = self.declare_local(name, declared, modifiers.has(ast::Modifier::Final));
                let label = self.push_jump(label_name, true, true);
                let body = self.sub_stmt(body);
                self.jumps.pop();
                self.scopes.pop();
                StmtKind::ForEach {
                    label: Some(label),
                    var,
                    array,
                    array_local,
                    index,
                    body,
                }
            }
            ast::StmtKind::Switch { scrutinee, groups } => {
                self.switch(scrutinee, groups, label_name)
            }
            ast::StmtKind::Labeled { label, body } => {
                if self
                    .jumps
                    .iter()
                    .any(|j| j.name.as_deref() == Some(label.name.as_str()))
                {
                    self.s.error(SemaError::Duplicate {
                        kind: DuplicateKind::Label,
                        name: label.name.clone(),
                        span: label.span,
                        previous: label.span,
                    });
                }
                match &body.kind {
                    ast::StmtKind::While { .. }
                    | ast::StmtKind::DoWhile { .. }
                    | ast::StmtKind::For { .. }
                    | ast::StmtKind::ForEach { .. }
                    | ast::StmtKind::Switch { .. } => {
                        self.stmt_kind(body, Some(label.name.clone()))
                    }
                    _ => {
                        let id = self.push_jump(Some(label.name.clone()), false, false);
                        let inner = self.sub_stmt(body);
                        self.jumps.pop();
                        StmtKind::Labeled {
                            label: id,
                            body: inner,
                        }
                    }
                }
            }
            ast::StmtKind::Break(label) => match self.jump_target(label.as_ref(), false, st.span) {
                Some(l) => StmtKind::Break(l),
                None => StmtKind::Empty,
            },
            ast::StmtKind::Continue(label) => match self.jump_target(label.as_ref(), true, st.span)
            {
                Some(l) => StmtKind::Continue(l),
                None => StmtKind::Empty,
            },
            ast::StmtKind::Return(value) => self.return_stmt(value.as_ref(), st.span),
            ast::StmtKind::TaskExit(actions) => self.task_exit(actions, st.span),
            ast::StmtKind::CtorCall { .. } => {
                self.s.error(SemaError::MisplacedCtorCall { span: st.span });
                StmtKind::Empty
            }
            ast::StmtKind::Empty | ast::StmtKind::Error => StmtKind::Empty,
        }
    }

    fn jump_target(
        &mut self,
        label: Option<&ast::Ident>,
        is_continue: bool,
        span: Span,
    ) -> Option<LabelId> {
        match label {
            Some(name) => {
                let found = self
                    .jumps
                    .iter()
                    .rev()
                    .find(|j| j.name.as_deref() == Some(name.name.as_str()));
                match found {
                    Some(j) if is_continue && !j.is_loop => {
                        self.s.error(SemaError::BreakOutside { is_continue, span });
                        None
                    }
                    Some(j) => Some(j.label),
                    None => {
                        self.s.error(SemaError::UnknownLabel {
                            name: name.name.clone(),
                            span: name.span,
                        });
                        None
                    }
                }
            }
            None => {
                let found =
                    self.jumps
                        .iter()
                        .rev()
                        .find(|j| if is_continue { j.is_loop } else { j.breakable });
                match found {
                    Some(j) => Some(j.label),
                    None => {
                        self.s.error(SemaError::BreakOutside { is_continue, span });
                        None
                    }
                }
            }
        }
    }

    fn return_stmt(&mut self, value: Option<&ast::Expr>, span: Span) -> StmtKind {
        let ret = match &self.kind {
            Kind::Task => {
                self.s.error(SemaError::ReturnInTask { span });
                if let Some(v) = value {
                    self.expr(v);
                }
                return StmtKind::Empty;
            }
            Kind::Constructor => {
                if let Some(v) = value {
                    self.expr(v);
                    self.s.error(SemaError::ReturnKind {
                        problem: ReturnProblem::ValueInConstructor,
                        expected: "void".into(),
                        span,
                    });
                }
                return StmtKind::Return(None);
            }
            Kind::Method { ret } => ret.clone(),
            Kind::Constant => return StmtKind::Empty,
        };
        match (value, ret == Type::Void) {
            (Some(v), true) => {
                self.expr(v);
                self.s.error(SemaError::ReturnKind {
                    problem: ReturnProblem::ValueInVoid,
                    expected: "void".into(),
                    span: v.span,
                });
                StmtKind::Return(None)
            }
            (None, false) => {
                let expected = self.ty_name(&ret);
                self.s.error(SemaError::ReturnKind {
                    problem: ReturnProblem::MissingValue,
                    expected,
                    span,
                });
                StmtKind::Return(None)
            }
            (Some(v), false) => {
                let e = self.value(v);
                StmtKind::Return(Some(self.coerce(e, &ret)))
            }
            (None, true) => StmtKind::Return(None),
        }
    }

    fn switch(
        &mut self,
        scrutinee: &ast::Expr,
        groups: &[ast::SwitchGroup],
        label_name: Option<String>,
    ) -> StmtKind {
        let e = self.value(scrutinee);
        let ty = e.ty.clone();
        let ok = matches!(
            ty,
            Type::Int | Type::Char | Type::Short | Type::Byte | Type::Error
        );
        if !ok {
            let t = self.ty_name(&ty);
            self.s.error(SemaError::InvalidSwitch {
                problem: SwitchProblem::BadType(t),
                span: scrutinee.span,
            });
        }
        let scrutinee = if ok { self.promote_unary(e) } else { e };
        let label = self.push_jump(label_name, false, true);
        let mut seen: Vec<(i32, Span)> = Vec::new();
        let mut default_seen: Option<Span> = None;
        let mut cases = Vec::new();
        self.scopes.push(Vec::new());
        for g in groups {
            let mut values = Vec::new();
            let mut is_default = false;
            for l in &g.labels {
                match &l.value {
                    None => {
                        if let Some(prev) = default_seen {
                            self.s.error(SemaError::InvalidSwitch {
                                problem: SwitchProblem::DuplicateDefault(prev),
                                span: l.span,
                            });
                        }
                        default_seen = Some(l.span);
                        is_default = true;
                    }
                    Some(v) => {
                        let ce = self.value(v);
                        let ce = if ok && !ty.is_error() {
                            self.coerce(ce, &ty)
                        } else {
                            ce
                        };
                        match (&ce.kind, ce.ty.is_error()) {
                            (_, true) => {}
                            (ExprKind::Const(c), false) => {
                                let n = convert::const_as_i64(c).unwrap_or(0) as i32;
                                if let Some((_, prev)) = seen.iter().find(|(x, _)| *x == n) {
                                    self.s.error(SemaError::InvalidSwitch {
                                        problem: SwitchProblem::DuplicateLabel(*prev),
                                        span: v.span,
                                    });
                                } else {
                                    seen.push((n, v.span));
                                    values.push(n);
                                }
                            }
                            _ => self.s.error(SemaError::InvalidSwitch {
                                problem: SwitchProblem::NotConstant,
                                span: v.span,
                            }),
                        }
                    }
                }
            }
            let mut body = Vec::new();
            for st in &g.stmts {
                match &st.kind {
                    ast::StmtKind::Local(d) => body.extend(self.local_decl(d)),
                    _ => body.push(self.stmt(st)),
                }
            }
            cases.push(SwitchCase {
                values,
                is_default,
                body,
            });
        }
        self.scopes.pop();
        self.jumps.pop();
        StmtKind::Switch {
            label: Some(label),
            scrutinee,
            cases,
        }
    }

    // ----- Conversions ---------------------------------------------------

    fn assignable(&self, from: &Type, to: &Type) -> bool {
        match self.wrapped(from) {
            Some(prim) if to.is_primitive() => {
                convert::invocation_convertible(&self.s.program, &prim, to)
            }
            _ => convert::invocation_convertible(&self.s.program, from, to),
        }
    }

    /// Retypes an expression to a primitive type, folding constants.
    pub(super) fn convert_to(&mut self, e: Expr, to: &Type) -> Expr {
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

    fn promote_unary(&mut self, e: Expr) -> Expr {
        match e.ty {
            Type::Byte | Type::Short | Type::Char => self.convert_to(e, &Type::Int),
            _ => e,
        }
    }

    fn binary_promoted_type(a: &Type, b: &Type) -> Type {
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
    pub(super) fn coerce(&mut self, e: Expr, to: &Type) -> Expr {
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

    fn condition(&mut self, e: &ast::Expr) -> Expr {
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
    fn var_init(&mut self, init: &ast::VarInit, ty: &Type) -> Expr {
        match init {
            ast::VarInit::Expr(e) => {
                let v = self.value(e);
                self.coerce(v, ty)
            }
            ast::VarInit::Array(a) => self.array_init(a, ty),
        }
    }

    fn array_init(&mut self, a: &ast::ArrayInit, ty: &Type) -> Expr {
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

    // ----- Expressions ---------------------------------------------------

    /// An expression whose value is used: `void` is an error.
    fn value(&mut self, e: &ast::Expr) -> Expr {
        let x = self.expr(e);
        if x.ty == Type::Void {
            self.s.error(SemaError::VoidValue { span: e.span });
            return err_expr(e.span);
        }
        x
    }

    fn this_expr(&mut self, span: Span, keyword: &'static str) -> Expr {
        match self.class {
            Some(c) if !self.is_static => Expr {
                kind: ExprKind::This,
                ty: Type::Class(c),
                span,
            },
            _ => {
                self.s.error(SemaError::ThisInStatic { keyword, span });
                err_expr(span)
            }
        }
    }

    fn literal(&mut self, lit: &ast::Literal, span: Span, negated: bool) -> Expr {
        match lit {
            ast::Literal::Int {
                value,
                long,
                decimal,
            } => {
                let v = *value;
                if *long {
                    let ok = if *decimal {
                        v <= i64::MAX as u64 || (negated && v == 1u64 << 63)
                    } else {
                        true
                    };
                    if !ok {
                        self.s.error(SemaError::IntOutOfRange { long: true, span });
                        return err_expr(span);
                    }
                    let x = v as i64;
                    const_expr(
                        ConstValue::Long(if negated { x.wrapping_neg() } else { x }),
                        Type::Long,
                        span,
                    )
                } else {
                    let ok = if *decimal {
                        v <= i32::MAX as u64 || (negated && v == 1u64 << 31)
                    } else {
                        v <= u32::MAX as u64
                    };
                    if !ok {
                        self.s.error(SemaError::IntOutOfRange { long: false, span });
                        return err_expr(span);
                    }
                    let x = v as u32 as i32;
                    const_expr(
                        ConstValue::Int(if negated { x.wrapping_neg() } else { x }),
                        Type::Int,
                        span,
                    )
                }
            }
            ast::Literal::Float { text, single } => {
                let parsed = if *single {
                    parse_java_float::<f32>(text).map(|f| {
                        (
                            ConstValue::Float(if negated { -f } else { f }),
                            Type::Float,
                            f.is_infinite() || (f == 0.0 && has_nonzero_digit(text)),
                        )
                    })
                } else {
                    parse_java_float::<f64>(text).map(|f| {
                        (
                            ConstValue::Double(if negated { -f } else { f }),
                            Type::Double,
                            f.is_infinite() || (f == 0.0 && has_nonzero_digit(text)),
                        )
                    })
                };
                match parsed {
                    Some((v, t, false)) => const_expr(v, t, span),
                    _ => {
                        self.s.error(SemaError::IntOutOfRange { long: false, span });
                        err_expr(span)
                    }
                }
            }
            ast::Literal::Char(c) => const_expr(ConstValue::Char(*c), Type::Char, span),
            ast::Literal::String(s) => {
                const_expr(ConstValue::String(s.clone()), self.string_type(), span)
            }
            ast::Literal::Bool(b) => const_expr(ConstValue::Bool(*b), Type::Boolean, span),
            ast::Literal::Null => const_expr(ConstValue::Null, Type::Null, span),
        }
    }

    fn expr(&mut self, e: &ast::Expr) -> Expr {
        let span = e.span;
        match &e.kind {
            ast::ExprKind::Lit(l) => self.literal(l, span, false),
            ast::ExprKind::Name(name) => self.name(name),
            ast::ExprKind::This => self.this_expr(span, "this"),
            ast::ExprKind::Super => {
                // `super` alone is not an expression; as a target it is
                // handled by `target`.
                self.this_expr(span, "super")
            }
            ast::ExprKind::Field { target, name } => self.field_access(target, name, span),
            ast::ExprKind::Call { target, name, args } => {
                self.call(target.as_deref(), name, args, span)
            }
            ast::ExprKind::New { class, args, alloc } => {
                self.new_object(class, args, alloc.as_ref(), span)
            }
            ast::ExprKind::NewArray {
                elem,
                dims,
                extra_dims,
                init,
            } => {
                let base = self.s.resolve_type(elem);
                let total = dims.len() as u32 + extra_dims;
                let ty = if base.is_error() {
                    Type::Error
                } else {
                    base.array_of(total)
                };
                if let Some(init) = init {
                    return self.array_init(init, &ty);
                }
                let dims = dims
                    .iter()
                    .map(|d| {
                        let x = self.value(d);
                        self.int_index(x, "array size")
                    })
                    .collect();
                Expr {
                    kind: ExprKind::NewArray { dims },
                    ty,
                    span,
                }
            }
            ast::ExprKind::NewTag { tag_type } => {
                let id = self.s.intern_tag_type(&tag_type.name);
                Expr {
                    kind: ExprKind::NewTag(id),
                    ty: Type::Tag,
                    span,
                }
            }
            ast::ExprKind::Index { array, index } => {
                let a = self.value(array);
                let i = self.value(index);
                let i = self.int_index(i, "array index");
                let elem = match &a.ty {
                    Type::Array(t) => (**t).clone(),
                    Type::Error => Type::Error,
                    other => {
                        let found = self.ty_name(other);
                        self.s.error(SemaError::NotArray {
                            found,
                            span: array.span,
                        });
                        Type::Error
                    }
                };
                Expr {
                    kind: ExprKind::Index {
                        array: Box::new(a),
                        index: Box::new(i),
                    },
                    ty: elem,
                    span,
                }
            }
            ast::ExprKind::Unary { op, operand } => self.unary(*op, operand, span),
            ast::ExprKind::Binary { op, lhs, rhs } => {
                let l = self.value(lhs);
                let r = self.value(rhs);
                self.binary(*op, l, r, span)
            }
            ast::ExprKind::Chain { first, rest } => self.chain(first, rest),
            ast::ExprKind::Assign { op, lhs, rhs } => self.assign(*op, lhs, rhs, span),
            ast::ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => self.conditional(cond, then_expr, else_expr, span),
            ast::ExprKind::Cast { ty, operand } => {
                let target = self.s.resolve_type(ty);
                let x = self.value(operand);
                self.cast(x, target, span)
            }
            ast::ExprKind::InstanceOf { operand, ty } => {
                let x = self.value(operand);
                let target = self.s.resolve_type(ty);
                if !x.ty.is_error() && !target.is_error() {
                    let ok = (x.ty.is_reference() || x.ty == Type::Tag)
                        && target.is_reference()
                        && castable(&self.s.program, &x.ty, &target);
                    if !ok {
                        let (from, to) = (self.ty_name(&x.ty), self.ty_name(&target));
                        self.s.error(SemaError::BadInstanceOf { from, to, span });
                    }
                }
                Expr {
                    kind: ExprKind::InstanceOf {
                        operand: Box::new(x),
                        target,
                    },
                    ty: Type::Boolean,
                    span,
                }
            }
            ast::ExprKind::Error => err_expr(span),
        }
    }

    fn int_index(&mut self, e: Expr, what: &'static str) -> Expr {
        let e = self.unwrap(e);
        match e.ty {
            Type::Int | Type::Short | Type::Byte | Type::Char => self.promote_unary(e),
            Type::Error => e,
            _ => {
                let found = self.ty_name(&e.ty);
                self.s.error(SemaError::BadIndexType {
                    found,
                    what,
                    span: e.span,
                });
                err_expr(e.span)
            }
        }
    }

    fn cast(&mut self, x: Expr, target: Type, span: Span) -> Expr {
        let x = if target.is_primitive() {
            self.unwrap(x)
        } else {
            x
        };
        if x.ty.is_error() || target.is_error() {
            return Expr {
                ty: Type::Error,
                ..x
            };
        }
        if !castable(&self.s.program, &x.ty, &target) || target == Type::Void {
            let (from, to) = (self.ty_name(&x.ty), self.ty_name(&target));
            self.s.error(SemaError::InvalidCast { from, to, span });
            return err_expr(span);
        }
        if target.is_primitive() {
            let mut r = self.convert_to(x, &target);
            r.span = span;
            return r;
        }
        if widens_reference(&self.s.program, &x.ty, &target) {
            let mut w = widen(x, &target);
            w.span = span;
            return w;
        }
        Expr {
            kind: ExprKind::CheckedCast(Box::new(x)),
            ty: target,
            span,
        }
    }

    fn name(&mut self, name: &ast::Ident) -> Expr {
        if let Some(id) = self.lookup_local(&name.name) {
            if let Some(c) = self.local_constants.get(&id) {
                return const_expr(c.clone(), self.locals[id.0 as usize].ty.clone(), name.span);
            }
            return Expr {
                kind: ExprKind::Local(id),
                ty: self.locals[id.0 as usize].ty.clone(),
                span: name.span,
            };
        }
        if let Some(class) = self.class {
            if let Some(f) = self.s.field_by_name(class, &name.name) {
                let this = if self.s.program.field(f).is_static {
                    None
                } else if self.is_static {
                    self.s.error(SemaError::InstanceFromStatic {
                        kind: MemberKind::Field,
                        name: name.name.clone(),
                        span: name.span,
                    });
                    return err_expr(name.span);
                } else {
                    Some(Expr {
                        kind: ExprKind::This,
                        ty: Type::Class(class),
                        span: name.span,
                    })
                };
                return self.field_expr(this, f, name.span);
            }
            if let Some(bit) = self.s.program.class(class).flag_bit(&name.name) {
                let declared = self.s.program.class(class).flags[bit.0 as usize].span;
                self.s.error(SemaError::FlagAsField {
                    flag: name.name.clone(),
                    span: name.span,
                    declared,
                });
                return err_expr(name.span);
            }
        }
        let mut in_scope: Vec<String> = self
            .scopes
            .iter()
            .flat_map(|s| s.iter().map(|(n, _)| n.clone()))
            .collect();
        // The fields `this` reaches are names in scope too.
        if let Some(class) = self.class {
            let c = self.s.program.class(class);
            let fields = c.layout.iter().chain(&c.fields);
            in_scope.extend(fields.map(|&f| self.s.program.field(f).name.clone()));
        }
        let suggestion = super::suggest(&name.name, in_scope.iter().map(String::as_str));
        self.s.error(SemaError::UnknownVariable {
            name: name.name.clone(),
            span: name.span,
            suggestion,
        });
        err_expr(name.span)
    }

    /// Reads field `f` of `object` (`None` for a static field).
    fn field_expr(&mut self, object: Option<Expr>, f: FieldId, span: Span) -> Expr {
        let field = self.s.program.field(f).clone();
        if field.is_private && self.class != Some(field.class) {
            let class = self.s.program.class(field.class).name.clone();
            self.s.error(SemaError::PrivateAccess {
                kind: MemberKind::Field,
                name: field.name.clone(),
                class,
                span,
                declared: field.span,
            });
        }
        if field.is_static {
            if field.singleton.is_some() || field.global {
                return Expr {
                    kind: ExprKind::StaticField(f),
                    ty: field.ty,
                    span,
                };
            }
            return match self.s.constant_value(f) {
                Some(v) => const_expr(v, field.ty, span),
                None => err_expr(span),
            };
        }
        match object {
            Some(o) => Expr {
                kind: ExprKind::Field {
                    object: Box::new(o),
                    field: f,
                },
                ty: field.ty,
                span,
            },
            None => err_expr(span),
        }
    }

    fn target(&mut self, e: &ast::Expr) -> Target {
        match &e.kind {
            ast::ExprKind::Super => Target::Super(e.span),
            ast::ExprKind::Name(n) if self.lookup_local(&n.name).is_none() => {
                let is_field = self
                    .class
                    .is_some_and(|c| self.s.field_by_name(c, &n.name).is_some());
                if !is_field {
                    if let Some(c) = self.s.class_named(&n.name) {
                        return Target::Class(c);
                    }
                }
                Target::Value(self.value(e))
            }
            _ => Target::Value(self.value(e)),
        }
    }

    fn field_access(&mut self, target: &ast::Expr, name: &ast::Ident, span: Span) -> Expr {
        let (class, object) = match self.target(target) {
            Target::Class(c) => (c, None),
            Target::Super(s) => {
                let this = self.this_expr(s, "super");
                if this.ty.is_error() {
                    return this;
                }
                match self.class.and_then(|c| self.s.program.class(c).superclass) {
                    Some(sup) => (
                        sup,
                        Some(Expr {
                            ty: Type::Class(sup),
                            ..this
                        }),
                    ),
                    None => return err_expr(span),
                }
            }
            Target::Value(v) => match v.ty.clone() {
                Type::Class(c) => (c, Some(v)),
                Type::Array(_) if name.name == "length" => {
                    return Expr {
                        kind: ExprKind::ArrayLength(Box::new(v)),
                        ty: Type::Int,
                        span,
                    }
                }
                Type::Error => return v,
                Type::Array(_) => {
                    let ty = self.ty_name(&v.ty);
                    self.s.error(SemaError::UnknownField {
                        ty,
                        name: name.name.clone(),
                        span: name.span,
                        suggestion: super::suggest_member(&name.name, ["length"].into_iter()),
                    });
                    return err_expr(span);
                }
                other => {
                    let ty = self.ty_name(&other);
                    self.s.error(SemaError::PrimitiveMember {
                        ty,
                        span: name.span,
                    });
                    return err_expr(span);
                }
            },
        };
        let Some(f) = self.s.field_by_name(class, &name.name) else {
            if let Some(bit) = self.s.program.class(class).flag_bit(&name.name) {
                let declared = self.s.program.class(class).flags[bit.0 as usize].span;
                self.s.error(SemaError::FlagAsField {
                    flag: name.name.clone(),
                    span: name.span,
                    declared,
                });
                return err_expr(span);
            }
            let ty = self.s.program.class(class).name.clone();
            let suggestion = self.s.suggest_field(class, &name.name, self.class);
            self.s.error(SemaError::UnknownField {
                ty,
                name: name.name.clone(),
                span: name.span,
                suggestion,
            });
            return err_expr(span);
        };
        if object.is_none() && !self.s.program.field(f).is_static {
            self.s.error(SemaError::InstanceFromStatic {
                kind: MemberKind::Field,
                name: name.name.clone(),
                span: name.span,
            });
            return err_expr(span);
        }
        self.field_expr(object, f, span)
    }

    /// Methods named `name` visible in `class` (inherited ones included,
    /// overridden ones not).
    fn methods_named(&self, class: ClassId, name: &str) -> Vec<MethodId> {
        let mut found: Vec<MethodId> = Vec::new();
        let mut c = Some(class);
        while let Some(id) = c {
            for &m in &self.s.program.class(id).methods {
                let md = self.s.program.method(m);
                if md.name == name && !found.iter().any(|&f| self.s.same_signature(f, m)) {
                    found.push(m);
                }
            }
            c = self.s.program.class(id).superclass;
        }
        found
    }

    fn param_types(&self, m: MethodId) -> Vec<Type> {
        let md = self.s.program.method(m);
        md.params
            .iter()
            .map(|p| md.locals[p.0 as usize].ty.clone())
            .collect()
    }

    /// Java's overload resolution (JLS 15.12.2, phase 1: no boxing).
    fn resolve_overload(
        &mut self,
        candidates: Vec<MethodId>,
        args: &[Expr],
        name: &str,
        kind: MemberKind,
        span: Span,
    ) -> Option<MethodId> {
        if args.iter().any(|a| a.ty.is_error()) {
            // Pick by arity alone so one mistake gives one error.
            let same_arity: Vec<MethodId> = candidates
                .iter()
                .copied()
                .filter(|&m| self.s.program.method(m).params.len() == args.len())
                .collect();
            if same_arity.len() == 1 {
                return Some(same_arity[0]);
            }
            return None;
        }
        // As Java tries unboxing only when nothing applies without it, the
        // original dialect reads a wrapper as its primitive only then.
        let applicable_when = |this: &Self, unwrapping: bool| -> Vec<MethodId> {
            candidates
                .iter()
                .copied()
                .filter(|&m| {
                    let ps = this.param_types(m);
                    ps.len() == args.len()
                        && ps.iter().zip(args).all(|(p, a)| {
                            if unwrapping {
                                this.assignable(&a.ty, p)
                            } else {
                                convert::invocation_convertible(&this.s.program, &a.ty, p)
                            }
                        })
                })
                .collect()
        };
        let mut applicable = applicable_when(self, false);
        if applicable.is_empty() {
            applicable = applicable_when(self, true);
        }
        if applicable.is_empty() {
            let args = args.iter().map(|a| self.ty_name(&a.ty)).collect();
            let mut candidates: Vec<(String, Span)> = candidates
                .iter()
                .map(|&m| (self.s.signature_text(m), self.s.program.method(m).span))
                .collect();
            if kind == MemberKind::Constructor {
                candidates.extend(self.methods_named_like_their_class(name));
            }
            self.s.error(SemaError::NoApplicable {
                kind,
                name: name.to_string(),
                args,
                candidates,
                span,
            });
            return None;
        }
        let more_specific = |a: MethodId, b: MethodId| {
            let (pa, pb) = (self.param_types(a), self.param_types(b));
            pa.iter().zip(&pb).all(|(x, y)| self.assignable(x, y))
        };
        let maximal: Vec<MethodId> = applicable
            .iter()
            .copied()
            .filter(|&a| applicable.iter().all(|&b| a == b || more_specific(a, b)))
            .collect();
        match maximal.as_slice() {
            [one] => Some(*one),
            _ => {
                let candidates = applicable
                    .iter()
                    .map(|&m| (self.s.signature_text(m), self.s.program.method(m).span))
                    .collect();
                self.s.error(SemaError::Ambiguous {
                    name: name.to_string(),
                    candidates,
                    span,
                });
                None
            }
        }
    }

    /// The `void C(...)` methods of class `name`, which the original
    /// dialect takes as constructors (W0104), for the message of a failed
    /// `new C(...)` under Java's rules.
    fn methods_named_like_their_class(&self, name: &str) -> Vec<(String, Span)> {
        let Some(class) = self.s.class_named(name) else {
            return Vec::new();
        };
        self.s
            .program
            .class(class)
            .methods
            .iter()
            .map(|&m| (m, self.s.program.method(m)))
            .filter(|(_, m)| m.name == name && m.ret == Type::Void && !m.is_static)
            .map(|(id, m)| {
                let sig = self.s.signature_text(id);
                (
                    format!("void {sig}, a method: a constructor only under `--dialect original`"),
                    m.span,
                )
            })
            .collect()
    }

    fn coerce_args(&mut self, m: MethodId, args: Vec<Expr>) -> Vec<Expr> {
        let ps = self.param_types(m);
        args.into_iter()
            .zip(ps)
            .map(|(a, p)| self.coerce(a, &p))
            .collect()
    }

    fn check_private(&mut self, m: MethodId, kind: MemberKind, span: Span) {
        let md = self.s.program.method(m);
        if md.is_private && self.class != Some(md.class) {
            let (name, declared) = (md.name.clone(), md.span);
            let class = self.s.program.class(md.class).name.clone();
            self.s.error(SemaError::PrivateAccess {
                kind,
                name,
                class,
                span,
                declared,
            });
        }
    }

    fn call(
        &mut self,
        target: Option<&ast::Expr>,
        name: &ast::Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> Expr {
        let (class, receiver, is_super, static_only) = match target {
            None => match self.class {
                Some(c) => (c, None, false, false),
                None => {
                    let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
                    drop(args);
                    self.s.error(SemaError::UnknownMethod {
                        ty: "this task".into(),
                        name: name.name.clone(),
                        span: name.span,
                        suggestion: None,
                    });
                    return err_expr(span);
                }
            },
            Some(t) => match self.target(t) {
                Target::Class(c) => (c, None, false, true),
                Target::Super(s) => {
                    let this = self.this_expr(s, "super");
                    match self.class.and_then(|c| self.s.program.class(c).superclass) {
                        Some(sup) if !this.ty.is_error() => (
                            sup,
                            Some(Expr {
                                ty: Type::Class(sup),
                                ..this
                            }),
                            true,
                            false,
                        ),
                        _ => return err_expr(span),
                    }
                }
                Target::Value(v) => match v.ty.clone() {
                    Type::Class(c) => (c, Some(v), false, false),
                    Type::Array(_) => (self.s.program.well_known.object, Some(v), false, false),
                    Type::Error => {
                        for a in args {
                            self.expr(a);
                        }
                        return err_expr(span);
                    }
                    other => {
                        let ty = self.ty_name(&other);
                        self.s.error(SemaError::PrimitiveMember {
                            ty,
                            span: name.span,
                        });
                        return err_expr(span);
                    }
                },
            },
        };
        let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
        let candidates = self.methods_named(class, &name.name);
        if candidates.is_empty() {
            let ty = self.s.program.class(class).name.clone();
            let mut names: Vec<String> = Vec::new();
            let mut c = Some(class);
            while let Some(id) = c {
                for &m in &self.s.program.class(id).methods {
                    let md = self.s.program.method(m);
                    // A private method elsewhere would only earn E0111.
                    if !md.is_private || self.class == Some(id) {
                        names.push(md.name.clone());
                    }
                }
                c = self.s.program.class(id).superclass;
            }
            let suggestion = super::suggest_member(&name.name, names.iter().map(String::as_str));
            self.s.error(SemaError::UnknownMethod {
                ty,
                name: name.name.clone(),
                span: name.span,
                suggestion,
            });
            return err_expr(span);
        }
        let Some(m) =
            self.resolve_overload(candidates, &args, &name.name, MemberKind::Method, name.span)
        else {
            return err_expr(span);
        };
        self.check_private(m, MemberKind::Method, name.span);
        let md = self.s.program.method(m).clone();
        let args = self.coerce_args(m, args);
        let receiver = if md.is_static {
            None
        } else if let Some(r) = receiver {
            Some(r)
        } else if static_only || self.is_static || self.class.is_none() {
            self.s.error(SemaError::InstanceFromStatic {
                kind: MemberKind::Method,
                name: name.name.clone(),
                span: name.span,
            });
            return err_expr(span);
        } else {
            Some(Expr {
                kind: ExprKind::This,
                ty: Type::Class(class),
                span: name.span,
            })
        };
        if md.is_abstract && is_super {
            self.s.error(SemaError::AbstractInstantiation {
                class: self.s.program.class(md.class).name.clone(),
                span: name.span,
                declared: md.span,
            });
        }
        let kind = if md.is_static {
            CallKind::Static
        } else if is_super || md.is_private || md.vtable_slot.is_none() {
            CallKind::Direct
        } else {
            CallKind::Virtual
        };
        Expr {
            kind: ExprKind::Call {
                kind,
                method: m,
                receiver: receiver.map(Box::new),
                args,
            },
            ty: md.ret,
            span,
        }
    }

    fn new_object(
        &mut self,
        class: &ast::Ident,
        args: &[ast::Expr],
        alloc: Option<&ast::AllocBlock>,
        span: Span,
    ) -> Expr {
        let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
        let Some(c) = self.s.class_named(&class.name) else {
            let suggestion = self.s.suggest_class(&class.name);
            self.s.error(SemaError::UnknownType {
                name: class.name.clone(),
                span: class.span,
                suggestion,
            });
            return err_expr(span);
        };
        let cd = self.s.program.class(c).clone();
        if cd.is_abstract {
            self.s.error(SemaError::AbstractInstantiation {
                class: cd.name.clone(),
                span: class.span,
                declared: cd.span,
            });
            return err_expr(span);
        }
        if c == self.s.program.well_known.string && alloc.is_some() {
            self.s.error(SemaError::AllocOnNonClass {
                ty: "String".into(),
                span: alloc.map_or(span, |a| a.span),
            });
            return err_expr(span);
        }
        let Some(ctor) = self.resolve_overload(
            cd.constructors.clone(),
            &args,
            &cd.name,
            MemberKind::Constructor,
            class.span,
        ) else {
            return err_expr(span);
        };
        self.check_private(ctor, MemberKind::Constructor, class.span);
        let args = self.coerce_args(ctor, args);
        let alloc = alloc.map(|a| {
            let change = self.state_change(c, &a.actions);
            let site = AllocSiteId(self.s.program.alloc_sites.len() as u32);
            self.s.program.alloc_sites.push(AllocSite {
                class: c,
                span,
                owner: self.owner,
            });
            AllocState {
                flags: change.set,
                tags: change.add_tags,
                site,
            }
        });
        Expr {
            kind: ExprKind::New {
                class: c,
                ctor,
                args,
                alloc,
            },
            ty: Type::Class(c),
            span,
        }
    }

    fn unary(&mut self, op: UnaryOp, operand: &ast::Expr, span: Span) -> Expr {
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

    fn mk_unary(&self, op: UnOp, x: Expr, ty: Type, span: Span) -> Expr {
        Expr {
            kind: ExprKind::Unary {
                op,
                operand: Box::new(x),
            },
            ty,
            span,
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> Expr {
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
    fn chain(&mut self, first: &ast::Expr, rest: &[(BinOp, ast::Expr)]) -> Expr {
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

    fn concat(&mut self, l: Expr, r: Expr, span: Span) -> Expr {
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
    fn place(&mut self, e: &ast::Expr) -> Expr {
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
    fn local_is_initialised_final(&self, id: LocalId) -> bool {
        !self.blank_finals.contains(&id)
    }

    fn assign(&mut self, op: Option<BinOp>, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) -> Expr {
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

    fn conditional(&mut self, cond: &ast::Expr, a: &ast::Expr, b: &ast::Expr, span: Span) -> Expr {
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

    fn common_supertype(&self, a: &Type, b: &Type) -> Option<Type> {
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

/// Parses a Java floating literal's digits (decimal or hex float).
fn parse_java_float<T: std::str::FromStr + FromHexFloat>(text: &str) -> Option<T> {
    let t = text.trim_end_matches(['d', 'D', 'f', 'F']);
    if t.starts_with("0x") || t.starts_with("0X") {
        return T::from_hex_float(&t[2..]);
    }
    t.parse().ok()
}

fn has_nonzero_digit(text: &str) -> bool {
    let mantissa = text.split(['e', 'E', 'p', 'P']).next().unwrap_or("");
    let mantissa = mantissa
        .strip_prefix("0x")
        .or_else(|| mantissa.strip_prefix("0X"))
        .unwrap_or(mantissa);
    mantissa.chars().any(|c| c.is_ascii_hexdigit() && c != '0')
}

trait FromHexFloat: Sized {
    fn from_hex_float(s: &str) -> Option<Self>;
}

fn hex_float_value(s: &str) -> Option<f64> {
    let (mant, exp) = s.split_once(['p', 'P'])?;
    let exp: i32 = exp.parse().ok()?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    let mut value = 0f64;
    for c in int.chars() {
        value = value * 16.0 + c.to_digit(16)? as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac.chars() {
        value += c.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    Some(value * 2f64.powi(exp))
}

impl FromHexFloat for f64 {
    fn from_hex_float(s: &str) -> Option<f64> {
        hex_float_value(s)
    }
}

impl FromHexFloat for f32 {
    fn from_hex_float(s: &str) -> Option<f32> {
        hex_float_value(s).map(|v| v as f32)
    }
}
