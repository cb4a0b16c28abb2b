//! The statement builders the grammar calls, and those of the task
//! language (flag expressions, state actions, `taskexit` lists) and the
//! file. In: grammar values with their depths; out: `S`, `FE`, exit
//! actions and the `SourceFile`.

use super::*;

impl Ctx<'_> {
    pub fn stmt(&self, kind: StmtKind, l: usize, r: usize, child: u32) -> S {
        let span = self.span(l, r);
        let d = child + 1;
        if d > MAX_NESTING {
            self.too_deep(span);
            drop(kind);
            S {
                s: Box::new(Stmt {
                    kind: StmtKind::Error,
                    span,
                }),
                d: 1,
            }
        } else {
            S {
                s: Box::new(Stmt { kind, span }),
                d,
            }
        }
    }

    pub fn error_stmt(&self, l: usize, r: usize) -> S {
        self.stmt(StmtKind::Error, l, r, 0)
    }

    pub fn block(&self, stmts: Vec<S>, l: usize, r: usize) -> (Block, u32) {
        let d = max_d(stmts.iter().map(|s| &s.d));
        (
            Block {
                stmts: stmts.into_iter().map(|s| *s.s).collect(),
                span: self.span(l, r),
            },
            d,
        )
    }

    pub fn local(
        &self,
        modifiers: Modifiers,
        ty: TypeExpr,
        decls: Vec<Decl>,
    ) -> (Box<LocalDecl>, u32) {
        let d = max_d(decls.iter().map(|x| &x.d));
        (
            Box::new(LocalDecl {
                modifiers,
                ty,
                declarators: decls.into_iter().map(|x| *x.v).collect(),
            }),
            d,
        )
    }

    pub fn local_stmt(&self, (decl, d): (Box<LocalDecl>, u32), l: usize, r: usize) -> S {
        self.stmt(StmtKind::Local(*decl), l, r, d)
    }

    pub fn expr_stmt(&self, e: E, l: usize, r: usize) -> S {
        let d = e.d;
        self.stmt(StmtKind::Expr(*e.e), l, r, d)
    }

    pub fn if_stmt(&self, cond: E, then: S, els: Option<S>, l: usize, r: usize) -> S {
        let d = cond.d.max(then.d).max(els.as_ref().map_or(0, |s| s.d));
        self.stmt(
            StmtKind::If {
                cond: *cond.e,
                then_branch: then.s,
                else_branch: els.map(|s| s.s),
            },
            l,
            r,
            d,
        )
    }

    #[allow(clippy::too_many_arguments)]
    pub fn for_stmt(
        &self,
        init: Option<Vec<S>>,
        cond: Option<E>,
        update: Option<Vec<E>>,
        body: S,
        l: usize,
        r: usize,
    ) -> S {
        let init = init.unwrap_or_default();
        let (update, ud) = unzip_exprs(update.unwrap_or_default());
        let d = max_d(init.iter().map(|s| &s.d))
            .max(cond.as_ref().map_or(0, |c| c.d))
            .max(ud)
            .max(body.d);
        self.stmt(
            StmtKind::For {
                init: init.into_iter().map(|s| *s.s).collect(),
                cond: cond.map(|c| *c.e),
                update,
                body: body.s,
            },
            l,
            r,
            d,
        )
    }

    /// `for (T x : e)`: `dims` are C-style dimensions after the name.
    #[allow(clippy::too_many_arguments)]
    pub fn for_each(
        &self,
        modifiers: Modifiers,
        mut ty: TypeExpr,
        (name, dims): (Ident, u32),
        iterable: E,
        body: S,
        l: usize,
        r: usize,
    ) -> S {
        ty.dims += dims;
        let d = iterable.d.max(body.d);
        self.stmt(
            StmtKind::ForEach {
                modifiers,
                ty,
                name,
                iterable: *iterable.e,
                body: body.s,
            },
            l,
            r,
            d,
        )
    }

    pub fn exprs_as_stmts(&self, es: Vec<E>) -> Vec<S> {
        es.into_iter()
            .map(|e| {
                let span = e.e.span;
                self.expr_stmt(e, span.start as usize, span.end as usize)
            })
            .collect()
    }

    pub fn switch(&self, scrutinee: E, groups: Vec<(SwitchGroup, u32)>, l: usize, r: usize) -> S {
        let d = scrutinee.d.max(max_d(groups.iter().map(|g| &g.1)));
        self.stmt(
            StmtKind::Switch {
                scrutinee: *scrutinee.e,
                groups: groups.into_iter().map(|g| g.0).collect(),
            },
            l,
            r,
            d,
        )
    }

    pub fn switch_group(
        &self,
        labels: Vec<(Box<SwitchLabel>, u32)>,
        stmts: Vec<S>,
        l: usize,
        r: usize,
    ) -> (SwitchGroup, u32) {
        let d = max_d(labels.iter().map(|x| &x.1)).max(max_d(stmts.iter().map(|s| &s.d)));
        (
            SwitchGroup {
                labels: labels.into_iter().map(|x| *x.0).collect(),
                stmts: stmts.into_iter().map(|s| *s.s).collect(),
                span: self.span(l, r),
            },
            d,
        )
    }

    // -- the task language -----------------------------------------------------

    pub fn flag_expr(&self, f: FlagExpr, child: u32) -> FE {
        let d = child + 1;
        if d > MAX_NESTING {
            let span = f.span();
            self.too_deep(span);
            drop(f);
            FE {
                f: FlagExpr::Bool(true, span),
                d: 1,
            }
        } else {
            FE { f, d }
        }
    }

    pub fn flag_binary(&self, or: bool, a: FE, b: FE) -> FE {
        let span = a.f.span().to(b.f.span());
        let d = a.d.max(b.d);
        let f = if or {
            FlagExpr::Or(Box::new(a.f), Box::new(b.f), span)
        } else {
            FlagExpr::And(Box::new(a.f), Box::new(b.f), span)
        };
        self.flag_expr(f, d)
    }

    /// `!!...f`: `bangs` are the positions of the `!`s.
    pub fn flag_nots(&self, bangs: Vec<usize>, mut f: FE) -> FE {
        for l in bangs.into_iter().rev() {
            let span = self.span(l, f.f.span().end as usize);
            let d = f.d;
            f = self.flag_expr(FlagExpr::Not(Box::new(f.f), span), d);
        }
        f
    }

    pub fn flag_action(&self, name: Ident, value: bool, l: usize, r: usize) -> StateItem {
        StateItem::Flag(FlagAction {
            flag: name,
            value,
            span: self.span(l, r),
        })
    }

    pub fn tag_action(&self, var: Ident, add: bool, l: usize, r: usize) -> StateItem {
        StateItem::Tag(TagAction {
            var,
            add,
            span: self.span(l, r),
        })
    }

    pub fn state_actions(
        &self,
        items: Vec<StateItem>,
        tags: Option<Vec<StateItem>>,
    ) -> StateActions {
        let mut acts = StateActions::default();
        for item in items.into_iter().chain(tags.into_iter().flatten()) {
            match item {
                StateItem::Flag(f) => acts.flags.push(f),
                StateItem::Tag(t) => acts.tags.push(t),
            }
        }
        acts
    }

    /// Groups the elements of a `taskexit` list by parameter.
    pub fn exit_list(&self, elems: Vec<ExitElem>) -> Vec<ExitAction> {
        let mut out: Vec<ExitAction> = Vec::new();
        for el in elems {
            match el {
                ExitElem::Start(a) => out.push(*a),
                ExitElem::Action(item) => {
                    // The grammar makes the first element a `Start`.
                    if let Some(last) = out.last_mut() {
                        match item {
                            StateItem::Flag(f) => {
                                last.span = last.span.to(f.span);
                                last.actions.flags.push(f);
                            }
                            StateItem::Tag(t) => {
                                last.span = last.span.to(t.span);
                                last.actions.tags.push(t);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    pub fn ident(&self, name: &str, l: usize, r: usize) -> Ident {
        Ident {
            name: name.to_string(),
            span: self.span(l, r),
        }
    }

    pub fn source_file(&self, items: Vec<Item>) -> SourceFile {
        SourceFile {
            items,
            span: self.span(0, self.src.len()),
        }
    }
}
