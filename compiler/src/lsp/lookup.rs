//! What is at a position: the entity a name there refers to, and the
//! checked expression there.
//!
//! In: a document's [`Analysis`] and a byte offset. Out: a [`Hit`]: the
//! span under the cursor, the [`Target`] it names (class, field, method,
//! flag, task, local or tag type) and, inside a body, the smallest checked
//! expression there (with its type).

use super::document::Analysis;
use super::names::{self, Role};
use crate::hir::{
    self, BodyOwner, ClassId, FieldId, LocalId, MethodId, Program, TagTypeId, TaskId,
};
use bambooc_syntax::span::{FileId, Span};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    Class(ClassId),
    Field(FieldId),
    Method(MethodId),
    /// A flag: the class whose flag list holds it and its index there.
    Flag(ClassId, usize),
    Task(TaskId),
    Local(BodyOwner, LocalId),
    TagType(TagTypeId),
}

pub struct Hit<'a> {
    pub span: Span,
    pub target: Option<Target>,
    pub expr: Option<&'a hir::Expr>,
}

/// What is at `offset` in the analysed document.
pub fn at(a: &Analysis, offset: usize) -> Option<Hit<'_>> {
    let p = a.fe.program.as_ref()?;
    let offset = offset as u32;
    let covers = |s: Span| s.file == a.file && s.start <= offset && offset <= s.end;
    // Names the tree keeps (declarations, types, flags) come first: a
    // class name in `new C()` is the class, not the whole expression.
    if let Some(ast) = a.ast() {
        if let Some((ident, role)) = names::collect(ast)
            .into_iter()
            .find(|(i, _)| covers(i.span))
        {
            let target = match role {
                Role::Decl => declared(p, ident.span),
                Role::Class => class_named(p, &ident.name).map(Target::Class),
                Role::Flag(class) => class_named(p, &class).and_then(|c| {
                    let i = p.class(c).flags.iter().position(|f| f.name == ident.name)?;
                    Some(Target::Flag(c, i))
                }),
                Role::TagType => p
                    .tag_types
                    .iter()
                    .position(|t| *t == ident.name)
                    .map(|i| Target::TagType(TagTypeId(i as u32))),
            };
            return Some(Hit {
                span: ident.span,
                target,
                expr: None,
            });
        }
    }
    let (owner, e) = smallest_expr(p, a.file, offset)?;
    let target = match &e.kind {
        hir::ExprKind::Local(l) => Some(Target::Local(owner, *l)),
        hir::ExprKind::Field { field, .. } | hir::ExprKind::StaticField(field) => {
            Some(Target::Field(*field))
        }
        hir::ExprKind::Call { method, .. } => Some(Target::Method(*method)),
        hir::ExprKind::New { class, .. } => Some(Target::Class(*class)),
        _ => None,
    };
    Some(Hit {
        span: e.span,
        target,
        expr: Some(e),
    })
}

pub fn class_named(p: &Program, name: &str) -> Option<ClassId> {
    p.classes
        .iter()
        .position(|c| c.name == name)
        .map(|i| ClassId(i as u32))
}

/// The entity declared by the name at `span` (sema gives every entity its
/// name's span).
fn declared(p: &Program, span: Span) -> Option<Target> {
    let id = |i: usize| i as u32;
    if let Some(i) = p.classes.iter().position(|c| c.span == span) {
        return Some(Target::Class(ClassId(id(i))));
    }
    if let Some(i) = p.fields.iter().position(|f| f.span == span) {
        return Some(Target::Field(FieldId(id(i))));
    }
    if let Some(i) = p.methods.iter().position(|m| m.span == span) {
        return Some(Target::Method(MethodId(id(i))));
    }
    if let Some(i) = p.tasks.iter().position(|t| t.span == span) {
        return Some(Target::Task(TaskId(id(i))));
    }
    for (c, class) in p.classes.iter().enumerate() {
        if let Some(i) = class.flags.iter().position(|f| f.span == span) {
            return Some(Target::Flag(ClassId(id(c)), i));
        }
    }
    let methods = p
        .methods
        .iter()
        .enumerate()
        .map(|(i, m)| (BodyOwner::Method(MethodId(id(i))), &m.locals));
    let tasks = p
        .tasks
        .iter()
        .enumerate()
        .map(|(i, t)| (BodyOwner::Task(TaskId(id(i))), &t.locals));
    methods.chain(tasks).find_map(|(owner, locals)| {
        let i = locals.iter().position(|l| l.span == span)?;
        Some(Target::Local(owner, LocalId(id(i))))
    })
}

/// The smallest checked expression of the file's bodies that covers
/// `offset` (the innermost of equal ones), with the body's owner.
fn smallest_expr(p: &Program, file: FileId, offset: u32) -> Option<(BodyOwner, &hir::Expr)> {
    let methods = p
        .methods
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some((BodyOwner::Method(MethodId(i as u32)), m.body.as_ref()?)));
    let tasks = p
        .tasks
        .iter()
        .enumerate()
        .map(|(i, t)| (BodyOwner::Task(TaskId(i as u32)), &t.body));
    let mut best: Option<(BodyOwner, &hir::Expr)> = None;
    for (owner, body) in methods.chain(tasks) {
        let s = body.span;
        if s.file != file || offset < s.start || offset > s.end {
            continue;
        }
        let mut roots = Vec::new();
        hir::collect_block_exprs(body, &mut roots);
        for root in roots {
            hir::visit_expr(root, &mut |e| {
                let s = e.span;
                if s.file != file || offset < s.start || offset > s.end {
                    return;
                }
                let len = s.end - s.start;
                let smaller = match best {
                    Some((_, b)) => len <= b.span.end - b.span.start,
                    None => true,
                };
                if smaller {
                    best = Some((owner, e));
                }
            });
        }
    }
    best
}

/// Where a target is declared, when it has a place in the source.
pub fn span_of(p: &Program, t: Target) -> Option<Span> {
    let span = match t {
        Target::Class(c) => p.class(c).span,
        Target::Field(f) => p.field(f).span,
        Target::Method(m) => p.method(m).span,
        Target::Flag(c, i) => p.class(c).flags.get(i)?.span,
        Target::Task(t) => p.task(t).span,
        Target::Local(owner, l) => locals(p, owner).get(l.0 as usize)?.span,
        Target::TagType(_) => return None,
    };
    Some(span)
}

pub fn locals(p: &Program, owner: BodyOwner) -> &[hir::Local] {
    match owner {
        BodyOwner::Method(m) => &p.method(m).locals,
        BodyOwner::Task(t) => &p.task(t).locals,
    }
}
