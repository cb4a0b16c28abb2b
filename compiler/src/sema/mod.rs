//! Semantic analysis: AST → typed HIR.
//!
//! In: the parsed files of the program and of the standard library
//! (`ast::SourceFile`, each marked as library or user code). Out: a
//! `hir::Program` and the `SemaError`s found; the program is complete only
//! when there are no errors.
//!
//! Passes, in order: collect classes; resolve superclasses (cycles broken
//! and reported; `hierarchy`); collect members supers-first (flags with
//! their bits, fields and layout, methods, constructors, vtables, abstract
//! checks; `members`);
//! fold `static final` constants; collect tasks (guards over flag bits, tag
//! variables; paper section 3 and Figure 5); type-check every body into HIR
//! (`body`); then check reachability and definite assignment (`flow`).
//! Resolving the hierarchy (cycles, the supers-first order) is linear in
//! the number of classes, however deep the inheritance chains.
//! Java's rules follow the JLS; the task-language rules follow
//! LANGUAGE.md section 2.

mod body;
mod convert;
mod error;
mod flow;
mod hierarchy;
mod members;
mod prechecked;
mod wrappers;

pub use error::*;
pub use prechecked::StdlibBodies;

use crate::hir::*;
use bambooc_syntax::ast;
use bambooc_syntax::span::Span;
use std::collections::HashMap;

/// One parsed file handed to sema.
pub struct InputFile<'a> {
    pub ast: &'a ast::SourceFile,
    pub is_stdlib: bool,
}

/// Checks a whole program. The returned program is meaningful only when no
/// errors are returned.
pub fn check(files: &[InputFile<'_>]) -> (Program, Vec<SemaError>) {
    check_with(files, None)
}

/// `check`, taking the library's bodies from `stdlib` when they fit (see
/// `StdlibBodies`): the same program and errors, faster.
pub fn check_with(
    files: &[InputFile<'_>],
    stdlib: Option<&StdlibBodies>,
) -> (Program, Vec<SemaError>) {
    check_dialect(files, stdlib, Dialect::Java)
}

/// Which rules a program is held to (LANGUAGE.md section 2, last
/// paragraph).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Dialect {
    /// Java's rules.
    #[default]
    Java,
    /// The original distribution's compiler: the Java rules it did not check
    /// are warnings (`Leniency`), each with a defined behaviour.
    Original,
}

/// `check_with` under the rules of `dialect`. Under `Dialect::Original`
/// the findings of `Leniency` are warnings (`SemaError::is_error` is false).
pub fn check_dialect(
    files: &[InputFile<'_>],
    stdlib: Option<&StdlibBodies>,
    dialect: Dialect,
) -> (Program, Vec<SemaError>) {
    let mut sema = Sema::new();
    sema.dialect = dialect;
    sema.collect_classes(files);
    sema.resolve_superclasses();
    sema.collect_members();
    sema.fold_constants();
    sema.collect_tasks(files);
    let stdlib = stdlib.filter(|b| b.fits(&sema));
    #[cfg(test)]
    if stdlib.is_some() {
        prechecked::REUSED.with(|n| n.set(n.get() + 1));
    }
    sema.check_bodies(stdlib);
    let Sema {
        program,
        mut errors,
        ..
    } = sema;
    if dialect == Dialect::Original {
        for e in &mut errors {
            if let Some(warning) = e.lenient() {
                *e = warning;
            }
        }
    }
    (program, errors)
}

/// Where a method's or task's body comes from.
enum BodySource<'a> {
    Method(&'a ast::MethodDecl),
    Constructor(&'a ast::ConstructorDecl),
    /// A constructor the class did not declare.
    DefaultConstructor,
    /// The original dialect's constructor of a class that declares none
    /// but has a `void C(...)` method: the default constructor, then that
    /// method.
    MethodConstructor(MethodId),
}

struct ClassInfo<'a> {
    decl: Option<&'a ast::ClassDecl>,
    is_final: bool,
    /// Instance fields with initialisers, run by constructors.
    field_inits: Vec<(FieldId, &'a ast::VarInit)>,
    /// Members by name, for lookups.
    fields_by_name: HashMap<String, FieldId>,
}

pub(crate) struct Sema<'a> {
    program: Program,
    errors: Vec<SemaError>,
    classes: Vec<ClassInfo<'a>>,
    class_by_name: HashMap<String, ClassId>,
    /// Supers first.
    class_order: Vec<ClassId>,
    method_sources: Vec<BodySource<'a>>,
    task_sources: Vec<&'a ast::TaskDecl>,
    /// `static final` initialisers not yet folded.
    constant_inits: HashMap<FieldId, &'a ast::VarInit>,
    constants_in_progress: Vec<FieldId>,
    /// Library singletons' initialisers, checked with the bodies.
    singleton_inits: Vec<(FieldId, &'a ast::VarInit)>,
    tag_types: HashMap<String, TagTypeId>,
    dialect: Dialect,
}

impl<'a> Sema<'a> {
    fn new() -> Sema<'a> {
        Sema {
            program: Program {
                classes: Vec::new(),
                fields: Vec::new(),
                methods: Vec::new(),
                tasks: Vec::new(),
                tag_types: Vec::new(),
                alloc_sites: Vec::new(),
                well_known: WellKnown {
                    object: ClassId(0),
                    string: ClassId(0),
                    startup: ClassId(0),
                    initial_state: FlagBit(0),
                },
            },
            errors: Vec::new(),
            classes: Vec::new(),
            class_by_name: HashMap::new(),
            class_order: Vec::new(),
            method_sources: Vec::new(),
            task_sources: Vec::new(),
            constant_inits: HashMap::new(),
            constants_in_progress: Vec::new(),
            singleton_inits: Vec::new(),
            tag_types: HashMap::new(),
            dialect: Dialect::Java,
        }
    }

    fn error(&mut self, e: SemaError) {
        self.errors.push(e);
    }

    fn add_class(
        &mut self,
        name: &str,
        span: Span,
        decl: Option<&'a ast::ClassDecl>,
        stdlib: bool,
    ) -> ClassId {
        let id = ClassId(self.program.classes.len() as u32);
        let is_abstract = decl.is_some_and(|d| d.modifiers.has(ast::Modifier::Abstract));
        self.program.classes.push(Class {
            name: name.to_string(),
            span,
            superclass: None,
            is_abstract,
            is_stdlib: stdlib,
            fields: Vec::new(),
            layout: Vec::new(),
            methods: Vec::new(),
            constructors: Vec::new(),
            vtable: Vec::new(),
            flags: Vec::new(),
        });
        self.classes.push(ClassInfo {
            decl,
            is_final: decl.is_some_and(|d| d.modifiers.has(ast::Modifier::Final)),
            field_inits: Vec::new(),
            fields_by_name: HashMap::new(),
        });
        self.class_by_name.insert(name.to_string(), id);
        id
    }

    fn collect_classes(&mut self, files: &[InputFile<'a>]) {
        for file in files {
            for item in &file.ast.items {
                let ast::Item::Class(decl) = item else {
                    continue;
                };
                if let Some(&prev) = self.class_by_name.get(&decl.name.name) {
                    let previous = self.program.class(prev).span;
                    self.error(SemaError::Duplicate {
                        kind: DuplicateKind::Class,
                        name: decl.name.name.clone(),
                        span: decl.name.span,
                        previous,
                    });
                    continue;
                }
                for m in &decl.modifiers.list {
                    if matches!(
                        m.node,
                        ast::Modifier::Static | ast::Modifier::Private | ast::Modifier::Native
                    ) {
                        self.error(SemaError::InvalidModifier {
                            modifier: modifier_name(m.node).into(),
                            context: "a class",
                            span: m.span,
                        });
                    }
                }
                self.add_class(&decl.name.name, decl.name.span, Some(decl), file.is_stdlib);
            }
        }
        // The compiler relies on these; the standard library declares them,
        // but a broken library must not crash the compiler.
        let mut well_known = |name: &str| match self.class_by_name.get(name) {
            Some(&id) => id,
            None => self.add_class(name, Span::default(), None, true),
        };
        let object = well_known("Object");
        let string = well_known("String");
        let startup = well_known("StartupObject");
        self.program.well_known.object = object;
        self.program.well_known.string = string;
        self.program.well_known.startup = startup;
    }
    fn fold_constants(&mut self) {
        let mut ids: Vec<FieldId> = self.constant_inits.keys().copied().collect();
        ids.sort();
        for id in ids {
            self.constant_value(id);
        }
    }

    /// The value of a `static final` constant, folding its initialiser on
    /// first use (constants may refer to each other in any order).
    pub(crate) fn constant_value(&mut self, id: FieldId) -> Option<ConstValue> {
        if let Some(v) = &self.program.field(id).constant {
            return Some(v.clone());
        }
        let init = self.constant_inits.get(&id).copied()?;
        let field = self.program.field(id).clone();
        if self.constants_in_progress.contains(&id) {
            return None;
        }
        self.constants_in_progress.push(id);
        let value = body::fold_constant_init(self, field.class, &field.ty, init);
        self.constants_in_progress.pop();
        self.constant_inits.remove(&id);
        let ok_type =
            field.ty.is_primitive() || field.ty == Type::Class(self.program.well_known.string);
        match value {
            Some(v) if ok_type => {
                self.program.fields[id.0 as usize].constant = Some(v.clone());
                Some(v)
            }
            _ => {
                if !field.ty.is_error() {
                    self.error(SemaError::InvalidConstant {
                        name: field.name.clone(),
                        span: field.span,
                    });
                }
                None
            }
        }
    }

    fn intern_tag_type(&mut self, name: &str) -> TagTypeId {
        if let Some(&id) = self.tag_types.get(name) {
            return id;
        }
        let id = TagTypeId(self.program.tag_types.len() as u32);
        self.program.tag_types.push(name.to_string());
        self.tag_types.insert(name.to_string(), id);
        id
    }

    fn collect_tasks(&mut self, files: &[InputFile<'a>]) {
        let mut by_name: HashMap<String, Span> = HashMap::new();
        for file in files {
            for item in &file.ast.items {
                let ast::Item::Task(t) = item else { continue };
                if let Some(&prev) = by_name.get(&t.name.name) {
                    self.error(SemaError::Duplicate {
                        kind: DuplicateKind::Task,
                        name: t.name.name.clone(),
                        span: t.name.span,
                        previous: prev,
                    });
                    continue;
                }
                by_name.insert(t.name.name.clone(), t.name.span);
                self.task_sources.push(t);
            }
        }
        if let Some(bit) = self
            .program
            .class(self.program.well_known.startup)
            .flag_bit("initialstate")
        {
            self.program.well_known.initial_state = bit;
        }
    }

    fn check_bodies(&mut self, stdlib: Option<&StdlibBodies>) {
        let singleton_inits = std::mem::take(&mut self.singleton_inits);
        if let Some(lib) = stdlib {
            // Library singletons only: their checked initialisers.
            for (field, e) in lib.singletons() {
                self.program.fields[field.0 as usize].singleton_init = Some(e.clone());
            }
        } else {
            for (field, init) in singleton_inits {
                let f = self.program.field(field).clone();
                let e = body::check_static_init(self, f.class, &f.ty, init);
                self.program.fields[field.0 as usize].singleton_init = Some(e);
            }
        }
        let prechecked = stdlib.map_or(0, StdlibBodies::methods);
        for i in 0..self.method_sources.len() {
            let id = MethodId(i as u32);
            if i < prechecked {
                if let Some((block, locals)) = stdlib.and_then(|lib| lib.body(id)) {
                    let m = &mut self.program.methods[id.0 as usize];
                    m.body = Some(block.clone());
                    m.locals = locals.clone();
                }
                continue;
            }
            let body = match self.method_sources[i] {
                BodySource::Method(m) => match &m.body {
                    Some(b)
                        if !self.program.method(id).is_abstract
                            && !self.program.method(id).is_native =>
                    {
                        Some(body::check_method(self, id, b))
                    }
                    None if self.dialect == Dialect::Original => self.missing_body(id),
                    _ => None,
                },
                BodySource::MethodConstructor(method) => {
                    let (mut block, locals) = body::check_constructor(self, id, None);
                    block.stmts.push(self.call_as_constructor(id, method));
                    Some((block, locals))
                }
                BodySource::Constructor(c) => {
                    Some(body::check_constructor(self, id, Some(&c.body)))
                }
                BodySource::DefaultConstructor => Some(body::check_constructor(self, id, None)),
            };
            if let Some((block, locals)) = body {
                let m = &mut self.program.methods[id.0 as usize];
                m.body = Some(block);
                m.locals = locals;
            }
        }
        for i in 0..self.task_sources.len() {
            let decl = self.task_sources[i];
            let task = body::check_task(self, decl);
            self.program.tasks.push(task);
        }
    }

    /// The original dialect's body of a method declared without one in a
    /// concrete class: a run-time error naming it (Java's
    /// AbstractMethodError); the end returns the type's default.
    fn missing_body(&self, id: MethodId) -> Option<(Block, Vec<Local>)> {
        let m = self.program.method(id);
        if m.is_abstract || m.is_native {
            return None;
        }
        let runtime = self.class_named("BambooRuntime")?;
        let error = self
            .program
            .class(runtime)
            .methods
            .iter()
            .copied()
            .find(|&e| self.program.method(e).name == "error")?;
        let text = |s: &str| Expr {
            kind: ExprKind::Const(ConstValue::String(s.encode_utf16().collect())),
            ty: Type::Class(self.program.well_known.string),
            span: m.span,
        };
        let message = format!(
            "{}.{} was declared without a body",
            self.program.class(m.class).name,
            self.signature_text(id)
        );
        let call = Expr {
            kind: ExprKind::Call {
                kind: CallKind::Static,
                method: error,
                receiver: None,
                args: vec![text("AbstractMethodError"), text(&message)],
            },
            ty: Type::Void,
            span: m.span,
        };
        let stmt = Stmt {
            kind: StmtKind::Expr(call),
            span: m.span,
        };
        let block = Block {
            stmts: vec![stmt],
            span: m.span,
        };
        Some((block, m.locals.clone()))
    }

    /// `this.C(params)`, the last statement of a method constructor.
    fn call_as_constructor(&self, ctor: MethodId, method: MethodId) -> Stmt {
        let c = self.program.method(ctor);
        let at = |kind, ty| Expr {
            kind,
            ty,
            span: c.span,
        };
        let args = c
            .params
            .iter()
            .map(|&l| at(ExprKind::Local(l), c.locals[l.0 as usize].ty.clone()))
            .collect();
        let call = ExprKind::Call {
            kind: CallKind::Direct,
            method,
            receiver: Some(Box::new(at(ExprKind::This, Type::Class(c.class)))),
            args,
        };
        Stmt {
            kind: StmtKind::Expr(at(call, Type::Void)),
            span: c.span,
        }
    }

    pub(crate) fn field_by_name(&self, class: ClassId, name: &str) -> Option<FieldId> {
        let mut c = Some(class);
        while let Some(id) = c {
            if let Some(&f) = self.classes[id.0 as usize].fields_by_name.get(name) {
                return Some(f);
            }
            c = self.program.class(id).superclass;
        }
        None
    }

    /// The field a misspelt `name` on `class` was probably meant to be,
    /// among those visible from `from` (inherited ones included).
    pub(crate) fn suggest_field(
        &self,
        class: ClassId,
        name: &str,
        from: Option<ClassId>,
    ) -> Option<String> {
        let mut names = Vec::new();
        let mut c = Some(class);
        while let Some(id) = c {
            for &f in &self.program.class(id).fields {
                let fd = self.program.field(f);
                if !fd.is_private || from == Some(id) {
                    names.push(fd.name.as_str());
                }
            }
            c = self.program.class(id).superclass;
        }
        suggest_member(name, names.iter().copied())
    }

    pub(crate) fn class_named(&self, name: &str) -> Option<ClassId> {
        self.class_by_name.get(name).copied()
    }

    pub(crate) fn field_inits(&self, class: ClassId) -> Vec<(FieldId, &'a ast::VarInit)> {
        self.classes[class.0 as usize].field_inits.clone()
    }
}

/// A constructor of `class` with the given parameters (ids, then their
/// locals), its body to be checked.
fn constructor(
    name: String,
    span: Span,
    class: ClassId,
    (params, locals): (Vec<LocalId>, Vec<Local>),
    is_private: bool,
) -> Method {
    Method {
        name,
        span,
        class,
        params,
        ret: Type::Void,
        is_static: false,
        is_abstract: false,
        is_native: false,
        is_private,
        is_constructor: true,
        vtable_slot: None,
        locals,
        body: None,
    }
}

pub(crate) fn modifier_name(m: ast::Modifier) -> &'static str {
    match m {
        ast::Modifier::Public => "public",
        ast::Modifier::Private => "private",
        ast::Modifier::Protected => "protected",
        ast::Modifier::Static => "static",
        ast::Modifier::Final => "final",
        ast::Modifier::Abstract => "abstract",
        ast::Modifier::Native => "native",
    }
}

/// The closest candidate to a misspelt name, if one is close enough.
pub(crate) fn suggest<'n>(name: &str, candidates: impl Iterator<Item = &'n str>) -> Option<String> {
    let limit = (name.len() / 3).max(1);
    candidates
        .filter(|c| *c != name)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min()
        .map(|(_, c)| c.to_string())
}

/// `suggest` for a member (method or field), which also knows the names
/// Java programmers reach for first (`size()` on a `String`, `length()` on
/// a collection) and a name one of them abbreviates (`inc` for
/// `increment`, `count` for `counter`).
pub(crate) fn suggest_member<'n>(
    name: &str,
    candidates: impl Iterator<Item = &'n str> + Clone,
) -> Option<String> {
    const HABITS: &[(&str, &str)] = &[("size", "length"), ("length", "size")];
    let lower = name.to_ascii_lowercase();
    let abbreviates = |c: &str| {
        let c = c.to_ascii_lowercase();
        let (short, long) = if c.len() < lower.len() {
            (&c, &lower)
        } else {
            (&lower, &c)
        };
        c != lower && short.len() >= 3 && long.starts_with(short.as_str())
    };
    suggest(name, candidates.clone())
        .or_else(|| {
            let (_, meant) = HABITS.iter().find(|(habit, _)| *habit == name)?;
            candidates.clone().find(|c| c == meant).map(str::to_string)
        })
        .or_else(|| {
            candidates
                .filter(|c| abbreviates(c))
                .map(|c| (c.len().abs_diff(name.len()), c))
                .min()
                .map(|(_, c)| c.to_string())
        })
}

/// The edit distance of two names (case-insensitive) where swapping two
/// neighbouring letters is one edit (`cuont` is one from `count`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    // Three rows: the one before the previous is needed for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut prev, row);
    }
    prev[b.len()]
}
