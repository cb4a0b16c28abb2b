//! Hover: the type of the expression under the cursor, or the declaration
//! of what a name there refers to (a class with its flags and the tags
//! tasks bind to its objects, a flag, field, method, task or local).
//!
//! In: a document's [`Analysis`] and a byte offset. Out: Markdown text and
//! the span it describes.

use super::document::Analysis;
use super::lookup::{self, Target};
use crate::hir::{ClassId, Guard, Program};
use bambooc_syntax::span::Span;

/// The hover text at `offset`, if anything there has one.
pub fn hover(a: &Analysis, offset: usize) -> Option<(String, Span)> {
    let p = a.fe.program.as_ref()?;
    let hit = lookup::at(a, offset)?;
    let mut text = match hit.target {
        Some(t) => describe(p, t),
        None => String::new(),
    };
    if let Some(e) = hit.expr {
        let shows_type = matches!(
            hit.target,
            Some(Target::Local(..) | Target::Field(_) | Target::Method(_))
        );
        if !shows_type && !e.ty.is_error() {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            text.push_str(&format!("expression of type `{}`", p.type_name(&e.ty)));
        }
    }
    (!text.is_empty()).then_some((text, hit.span))
}

fn code(s: &str) -> String {
    format!("```bamboo\n{s}\n```")
}

/// The Markdown description of a target.
pub fn describe(p: &Program, t: Target) -> String {
    match t {
        Target::Class(c) => class(p, c),
        Target::Field(f) => {
            let f = p.field(f);
            let mut mods = String::new();
            if f.is_static {
                mods.push_str("static ");
            }
            if f.is_final {
                mods.push_str("final ");
            }
            code(&format!(
                "{mods}{} {}.{}",
                p.type_name(&f.ty),
                p.class(f.class).name,
                f.name
            ))
        }
        Target::Method(m) => {
            let m = p.method(m);
            let params: Vec<String> = m
                .params
                .iter()
                .filter_map(|l| m.locals.get(l.0 as usize))
                .map(|l| format!("{} {}", p.type_name(&l.ty), l.name))
                .collect();
            let class = &p.class(m.class).name;
            let head = if m.is_constructor {
                format!("{class}({})", params.join(", "))
            } else {
                let stat = if m.is_static { "static " } else { "" };
                format!(
                    "{stat}{} {class}.{}({})",
                    p.type_name(&m.ret),
                    m.name,
                    params.join(", ")
                )
            };
            code(&head)
        }
        Target::Flag(c, i) => {
            let class = p.class(c);
            let Some(f) = class.flags.get(i) else {
                return String::new();
            };
            let owner = &p.class(f.declared_in).name;
            let mut s = code(&format!("flag {owner}.{}", f.name));
            if f.declared_in != c {
                s.push_str(&format!("\n\ninherited by `{}`", class.name));
            }
            s
        }
        Target::Task(t) => {
            let t = p.task(t);
            let params: Vec<String> = t
                .params
                .iter()
                .map(|tp| {
                    let class = p.class(tp.class);
                    let mut s = format!(
                        "{} {} in {}",
                        class.name,
                        tp.name,
                        guard(p, tp.class, &tp.guard)
                    );
                    for (tt, var) in &tp.tags {
                        let tag = p.tag_types.get(tt.0 as usize).map_or("?", |s| s.as_str());
                        let var = t
                            .locals
                            .get(var.0 as usize)
                            .map_or("?", |l| l.name.as_str());
                        s.push_str(&format!(" with {tag} {var}"));
                    }
                    s
                })
                .collect();
            let exits = t.exits.iter().filter(|e| !e.implicit).count();
            format!(
                "{}\n\n{exits} `taskexit` statement(s)",
                code(&format!("task {}({})", t.name, params.join(", ")))
            )
        }
        Target::Local(owner, l) => match lookup::locals(p, owner).get(l.0 as usize) {
            Some(l) => {
                let fin = if l.is_final { "final " } else { "" };
                code(&format!("{fin}{} {}", p.type_name(&l.ty), l.name))
            }
            None => String::new(),
        },
        Target::TagType(tt) => match p.tag_types.get(tt.0 as usize) {
            Some(name) => code(&format!("tag type {name}")),
            None => String::new(),
        },
    }
}

/// A guard as the paper writes it, with the class's flag names.
fn guard(p: &Program, class: ClassId, g: &Guard) -> String {
    let flags = &p.class(class).flags;
    let sub = |g: &Guard| match g {
        Guard::And(..) | Guard::Or(..) => format!("({})", guard(p, class, g)),
        _ => guard(p, class, g),
    };
    match g {
        Guard::Const(b) => b.to_string(),
        Guard::Flag(bit) => flags
            .get(bit.0 as usize)
            .map_or_else(|| "?".into(), |f| f.name.clone()),
        Guard::Not(g) => format!("!{}", sub(g)),
        Guard::And(a, b) => format!("{} and {}", sub(a), sub(b)),
        Guard::Or(a, b) => format!("{} or {}", sub(a), sub(b)),
    }
}

/// A class's header, its flags (declared here and inherited), and the tag
/// types that task guards bind to its objects.
fn class(p: &Program, c: ClassId) -> String {
    let class = p.class(c);
    let mut head = String::new();
    if class.is_abstract {
        head.push_str("abstract ");
    }
    head.push_str(&format!("class {}", class.name));
    if let Some(sup) = class.superclass.filter(|&s| s != p.well_known.object) {
        head.push_str(&format!(" extends {}", p.class(sup).name));
    }
    let (own, inherited): (Vec<_>, Vec<_>) = class.flags.iter().partition(|f| f.declared_in == c);
    if !own.is_empty() {
        let names: Vec<&str> = own.iter().map(|f| f.name.as_str()).collect();
        head.push_str(&format!(" {{\n    flag {};\n}}", names.join(", ")));
    }
    let mut s = code(&head);
    if !inherited.is_empty() {
        let names: Vec<String> = inherited.iter().map(|f| format!("`{}`", f.name)).collect();
        s.push_str(&format!("\n\ninherited flags: {}", names.join(", ")));
    }
    let mut tags: Vec<String> = Vec::new();
    for t in &p.tasks {
        for tp in t
            .params
            .iter()
            .filter(|tp| p.is_subclass(c, tp.class) && tp.class != p.well_known.object)
        {
            for (tt, _) in &tp.tags {
                if let Some(name) = p.tag_types.get(tt.0 as usize) {
                    let entry = format!("`{name}` (task `{}`)", t.name);
                    if !tags.contains(&entry) {
                        tags.push(entry);
                    }
                }
            }
        }
    }
    if !tags.is_empty() {
        s.push_str(&format!("\n\ntags bound in guards: {}", tags.join(", ")));
    }
    s
}
