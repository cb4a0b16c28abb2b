//! Tag types of tag variables (for the ASTGs): which tag types each
//! tag-typed local, parameter and method result may hold, and which tag
//! types the program creates at all.

use super::*;

/// The tag types each tag-typed local, method parameter and method result
/// may hold: a flow-insensitive fixpoint over assignments, calls and
/// returns of the whole program. Values the analysis cannot follow (tags
/// read from fields or arrays) may be any tag type the program creates.
pub(crate) struct TagTypes {
    locals: HashMap<(BodyOwner, LocalId), BTreeSet<TagTypeId>>,
    returns: HashMap<MethodId, BTreeSet<TagTypeId>>,
    /// Tag variables assigned after their declaration.
    reassigned: BTreeSet<(BodyOwner, LocalId)>,
    /// Every tag type some `new tag(tt)` creates.
    pub created: BTreeSet<TagTypeId>,
}

impl TagTypes {
    /// The tag types some expression of the program creates.
    pub(crate) fn created(p: &Program) -> BTreeSet<TagTypeId> {
        use crate::analysis::callgraph::{tags_made_by_fields, tags_made_in};
        let mut created = tags_made_by_fields(p);
        for b in p.methods.iter().filter_map(|m| m.body.as_ref()) {
            tags_made_in(b, &mut created);
        }
        for t in &p.tasks {
            tags_made_in(&t.body, &mut created);
        }
        created
    }

    pub(crate) fn infer(p: &Program) -> TagTypes {
        let mut bodies: Vec<(BodyOwner, &Block)> = Vec::new();
        for (i, m) in p.methods.iter().enumerate() {
            if let Some(b) = &m.body {
                bodies.push((BodyOwner::Method(MethodId(i as u32)), b));
            }
        }
        for (i, t) in p.tasks.iter().enumerate() {
            bodies.push((BodyOwner::Task(TaskId(i as u32)), &t.body));
        }
        let created = TagTypes::created(p);
        // A round over a body updates something only through an expression
        // of type tag or a for-each variable: bodies with neither (the
        // whole standard library) are left out of the fixpoint.
        bodies.retain(|(_, b)| may_update(b));
        let mut tt = TagTypes {
            locals: HashMap::new(),
            returns: HashMap::new(),
            reassigned: BTreeSet::new(),
            created,
        };
        for (i, t) in p.tasks.iter().enumerate() {
            for tp in &t.params {
                for (ty, local) in &tp.tags {
                    tt.locals
                        .entry((BodyOwner::Task(TaskId(i as u32)), *local))
                        .or_default()
                        .insert(*ty);
                }
            }
        }
        // Monotone: sets only grow, bounded by the tag types.
        loop {
            let mut changed = false;
            for (owner, body) in &bodies {
                changed |= tt.round(p, *owner, body);
            }
            if !changed {
                break;
            }
        }
        tt
    }

    /// One pass over a body; whether anything grew.
    fn round(&mut self, p: &Program, owner: BodyOwner, body: &Block) -> bool {
        let mut updates: Vec<(Slot, BTreeSet<TagTypeId>)> = Vec::new();
        let mut stmts = Vec::new();
        collect_stmts(body, &mut stmts);
        for s in stmts {
            match &s.kind {
                StmtKind::Local {
                    local,
                    init: Some(e),
                } if e.ty == Type::Tag => {
                    updates.push((Slot::Local(owner, *local), self.eval(p, owner, e)));
                }
                StmtKind::Return(Some(e)) if e.ty == Type::Tag => {
                    if let BodyOwner::Method(m) = owner {
                        updates.push((Slot::Return(m), self.eval(p, owner, e)));
                    }
                }
                StmtKind::ForEach { var, .. } => {
                    updates.push((Slot::Local(owner, *var), self.created.clone()));
                }
                StmtKind::CtorCall { ctor, args } => {
                    self.arg_updates(p, &[*ctor], args, owner, &mut updates);
                }
                _ => {}
            }
        }
        let mut exprs = Vec::new();
        let mut reassigned = Vec::new();
        collect_block_exprs(body, &mut exprs);
        for e in exprs {
            visit_expr(e, &mut |x| match &x.kind {
                ExprKind::Assign { target, value } if value.ty == Type::Tag => {
                    if let ExprKind::Local(l) = target.kind {
                        reassigned.push(l);
                        updates.push((Slot::Local(owner, l), self.eval(p, owner, value)));
                    }
                }
                ExprKind::Call {
                    kind, method, args, ..
                } => {
                    let targets = call_targets(p, *kind, *method);
                    self.arg_updates(p, &targets, args, owner, &mut updates);
                }
                ExprKind::New { ctor, args, .. } => {
                    self.arg_updates(p, &[*ctor], args, owner, &mut updates);
                }
                _ => {}
            });
        }
        let mut changed = false;
        for l in reassigned {
            self.reassigned.insert((owner, l));
        }
        for (slot, set) in updates {
            let entry = match slot {
                Slot::Local(o, l) => self.locals.entry((o, l)).or_default(),
                Slot::Return(m) => self.returns.entry(m).or_default(),
            };
            for t in set {
                changed |= entry.insert(t);
            }
        }
        changed
    }

    fn arg_updates(
        &self,
        p: &Program,
        targets: &[MethodId],
        args: &[Expr],
        owner: BodyOwner,
        out: &mut Vec<(Slot, BTreeSet<TagTypeId>)>,
    ) {
        for (i, a) in args.iter().enumerate() {
            if a.ty != Type::Tag {
                continue;
            }
            let set = self.eval(p, owner, a);
            for &m in targets {
                if let Some(&param) = p.method(m).params.get(i) {
                    out.push((Slot::Local(BodyOwner::Method(m), param), set.clone()));
                }
            }
        }
    }

    fn eval(&self, p: &Program, owner: BodyOwner, e: &Expr) -> BTreeSet<TagTypeId> {
        match &e.kind {
            ExprKind::NewTag(tt) => BTreeSet::from([*tt]),
            ExprKind::Local(l) => self.local(owner, *l),
            ExprKind::Const(_) => BTreeSet::new(),
            ExprKind::Assign { value, .. } => self.eval(p, owner, value),
            ExprKind::Conditional {
                then_expr,
                else_expr,
                ..
            } => {
                let mut s = self.eval(p, owner, then_expr);
                s.extend(self.eval(p, owner, else_expr));
                s
            }
            ExprKind::Call { kind, method, .. } => call_targets(p, *kind, *method)
                .into_iter()
                .flat_map(|m| self.returns.get(&m).cloned().unwrap_or_default())
                .collect(),
            _ => self.created.clone(),
        }
    }

    /// Whether a tag variable of `owner` is assigned after its declaration.
    pub(crate) fn is_reassigned(&self, owner: BodyOwner, l: LocalId) -> bool {
        self.reassigned.contains(&(owner, l))
    }

    /// The tag types a tag variable of `owner` may hold.
    pub(crate) fn local(&self, owner: BodyOwner, l: LocalId) -> BTreeSet<TagTypeId> {
        self.locals.get(&(owner, l)).cloned().unwrap_or_default()
    }
}

enum Slot {
    Local(BodyOwner, LocalId),
    Return(MethodId),
}

/// Whether `round` could update anything from body `b`.
fn may_update(b: &Block) -> bool {
    let mut stmts = Vec::new();
    collect_stmts(b, &mut stmts);
    if stmts
        .iter()
        .any(|s| matches!(s.kind, StmtKind::ForEach { .. }))
    {
        return true;
    }
    let mut exprs = Vec::new();
    collect_block_exprs(b, &mut exprs);
    let mut found = false;
    for e in exprs {
        visit_expr(e, &mut |x| found |= x.ty == Type::Tag);
        if found {
            return true;
        }
    }
    false
}
