//! The task language inside bodies: flag names to bits, guards, tag
//! variables, state changes and `taskexit` (LANGUAGE.md section 2). In: AST
//! flag expressions and exit actions; out: HIR guards, state changes and
//! exits, each checked against its class's flags.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    pub(super) fn flag_bit(&mut self, class: ClassId, name: &ast::Ident) -> Option<FlagBit> {
        let c = self.s.program.class(class);
        if let Some(bit) = c.flag_bit(&name.name) {
            return Some(bit);
        }
        let suggestion = crate::sema::suggest(&name.name, c.flags.iter().map(|f| f.name.as_str()));
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

    pub(super) fn guard(&mut self, g: &ast::FlagExpr, class: ClassId) -> Guard {
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

    pub(super) fn tag_var(&mut self, var: &ast::Ident) -> Option<LocalId> {
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
    pub(super) fn state_change(
        &mut self,
        class: ClassId,
        actions: &ast::StateActions,
    ) -> StateChange {
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

    pub(super) fn task_exit(&mut self, actions: &[ast::ExitAction], span: Span) -> StmtKind {
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
}
