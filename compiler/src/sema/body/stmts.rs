//! Statements: blocks, local declarations, loops, labels and jumps,
//! `return` and `switch` (JLS chapter 14). In: AST statements; out: HIR
//! statements, with locals declared in scopes and jump targets resolved.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    pub(super) fn block(&mut self, b: &ast::Block) -> Block {
        self.scopes.push(Vec::new());
        let stmts = b.stmts.iter().map(|s| self.stmt(s)).collect();
        self.scopes.pop();
        Block {
            stmts,
            span: b.span,
        }
    }

    /// A statement that is a branch or loop body gets its own scope.
    pub(super) fn sub_stmt(&mut self, s: &ast::Stmt) -> Box<Stmt> {
        self.scopes.push(Vec::new());
        let st = self.stmt(s);
        self.scopes.pop();
        Box::new(st)
    }

    pub(super) fn stmt(&mut self, st: &ast::Stmt) -> Stmt {
        let kind = self.stmt_kind(st, None);
        Stmt {
            kind,
            span: st.span,
        }
    }

    pub(super) fn local_decl(&mut self, d: &ast::LocalDecl) -> Vec<Stmt> {
        for m in &d.modifiers.list {
            if m.node != ast::Modifier::Final {
                self.s.error(SemaError::InvalidModifier {
                    modifier: crate::sema::modifier_name(m.node).into(),
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

    pub(super) fn push_jump(
        &mut self,
        name: Option<String>,
        is_loop: bool,
        breakable: bool,
    ) -> LabelId {
        let label = self.new_label();
        self.jumps.push(Jump {
            name,
            label,
            is_loop,
            breakable,
        });
        label
    }

    pub(super) fn stmt_kind(&mut self, st: &ast::Stmt, label_name: Option<String>) -> StmtKind {
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

    pub(super) fn jump_target(
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

    pub(super) fn return_stmt(&mut self, value: Option<&ast::Expr>, span: Span) -> StmtKind {
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

    pub(super) fn switch(
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
}
