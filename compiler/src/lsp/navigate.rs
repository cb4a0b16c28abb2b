//! Navigation: go to definition and the document's outline.
//!
//! In: a document's [`Analysis`] (and a byte offset for definitions).
//! Out: the span of the declaration a name refers to (only within the
//! document: the standard library has no file to open), and the nested
//! symbols of the classes (with their fields, methods and flags) and
//! tasks, read from the syntax tree so that a file with errors still has
//! an outline.

use super::document::Analysis;
use super::lookup;
use bambooc_syntax::ast::{Item, Member};
use bambooc_syntax::span::Span;
use lsp_types::{DocumentSymbol, SymbolKind};

/// The declaration of what the name at `offset` refers to.
pub fn definition(a: &Analysis, offset: usize) -> Option<Span> {
    let p = a.fe.program.as_ref()?;
    let target = lookup::at(a, offset)?.target?;
    lookup::span_of(p, target).filter(|s| s.file == a.file)
}

/// The document's classes and tasks, classes with their members.
pub fn symbols(a: &Analysis) -> Vec<DocumentSymbol> {
    let Some(ast) = a.ast() else {
        return Vec::new();
    };
    let sym = |name: &str, detail: &str, kind, range: Span, sel: Span, children| {
        make(a, name, detail, kind, range, sel, children)
    };
    let mut out = Vec::new();
    for item in &ast.items {
        match item {
            Item::Class(c) => {
                let mut members = Vec::new();
                for m in &c.members {
                    match m {
                        Member::Field(f) => {
                            for d in &f.declarators {
                                members.push(sym(
                                    &d.name.name,
                                    "field",
                                    SymbolKind::FIELD,
                                    f.span,
                                    d.name.span,
                                    None,
                                ));
                            }
                        }
                        Member::Method(m) => {
                            members.push(sym(
                                &m.name.name,
                                "method",
                                SymbolKind::METHOD,
                                m.span,
                                m.name.span,
                                None,
                            ));
                        }
                        Member::Constructor(k) => members.push(sym(
                            &k.name.name,
                            "constructor",
                            SymbolKind::CONSTRUCTOR,
                            k.span,
                            k.name.span,
                            None,
                        )),
                        Member::Flag(f) => {
                            for n in &f.names {
                                members.push(sym(
                                    &n.name,
                                    "flag",
                                    SymbolKind::BOOLEAN,
                                    f.span,
                                    n.span,
                                    None,
                                ));
                            }
                        }
                        Member::Error(_) => {}
                    }
                }
                out.push(sym(
                    &c.name.name,
                    "class",
                    SymbolKind::CLASS,
                    c.span,
                    c.name.span,
                    Some(members),
                ));
            }
            Item::Task(t) => {
                out.push(sym(
                    &t.name.name,
                    "task",
                    SymbolKind::FUNCTION,
                    t.span,
                    t.name.span,
                    None,
                ));
            }
            Item::Error(_) => {}
        }
    }
    out
}

fn make(
    a: &Analysis,
    name: &str,
    detail: &str,
    kind: SymbolKind,
    range: Span,
    selection: Span,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    let text = a.text();
    let range = a.lines.range(text, range);
    // The protocol requires the selection inside the range.
    let mut selection_range = a.lines.range(text, selection);
    if selection_range.start < range.start || selection_range.end > range.end {
        selection_range = range;
    }
    #[allow(deprecated)] // `deprecated` is a required field of the struct.
    DocumentSymbol {
        // An empty name is invalid in the protocol; error recovery can
        // leave one.
        name: if name.is_empty() {
            "?".into()
        } else {
            name.into()
        },
        detail: Some(detail.into()),
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}
