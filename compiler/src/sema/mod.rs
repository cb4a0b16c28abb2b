//! Semantic analysis: AST → typed HIR.
//!
//! In: the parsed files of the program and of the standard library
//! (`ast::SourceFile`, each marked as library or user code). Out: a
//! `hir::Program` and the `SemaError`s found; the program is complete only
//! when there are no errors.
//!
//! Passes, in order: collect classes; resolve superclasses (cycles broken
//! and reported); collect members supers-first (flags with their bits,
//! fields and layout, methods, constructors, vtables, abstract checks);
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

    fn resolve_superclasses(&mut self) {
        let object = self.program.well_known.object;
        for i in 0..self.program.classes.len() {
            let id = ClassId(i as u32);
            if id == object {
                if let Some(ext) = self.classes[i].decl.and_then(|d| d.extends.as_ref()) {
                    self.error(SemaError::InvalidSuperclass {
                        class: "Object".into(),
                        superclass: ext.name.clone(),
                        problem: SuperProblem::ObjectExtends,
                        span: ext.span,
                    });
                }
                continue;
            }
            let mut sup = object;
            if let Some(ext) = self.classes[i].decl.and_then(|d| d.extends.as_ref()) {
                match self.class_by_name.get(&ext.name) {
                    Some(&s) if self.classes[s.0 as usize].is_final => {
                        let class = self.program.class(id).name.clone();
                        self.error(SemaError::InvalidSuperclass {
                            class,
                            superclass: ext.name.clone(),
                            problem: SuperProblem::Sealed,
                            span: ext.span,
                        });
                    }
                    Some(&s) => sup = s,
                    None => {
                        let suggestion = self.suggest_class(&ext.name);
                        self.error(SemaError::UnknownType {
                            name: ext.name.clone(),
                            span: ext.span,
                            suggestion,
                        });
                    }
                }
            }
            self.program.classes[i].superclass = Some(sup);
        }
        // Break cycles: walk each chain up to a class already walked
        // (linear in the classes, however deep the hierarchy); the first
        // class of each cycle is reported and re-parented to Object.
        let n = self.program.classes.len();
        // 0: not walked, 1: on the current walk, 2: done.
        let mut state = vec![0u8; n];
        let mut cyclic = Vec::new();
        for i in 0..n {
            let mut path = Vec::new();
            let mut c = Some(ClassId(i as u32));
            while let Some(id) = c {
                match state[id.0 as usize] {
                    0 => {
                        state[id.0 as usize] = 1;
                        path.push(id);
                        c = self.program.class(id).superclass;
                    }
                    1 => {
                        let at = path.iter().position(|&x| x == id).expect("on the walk");
                        cyclic.push(*path[at..].iter().min().expect("a cycle"));
                        break;
                    }
                    _ => break,
                }
            }
            for id in path {
                state[id.0 as usize] = 2;
            }
        }
        cyclic.sort_unstable();
        for start in cyclic {
            let i = start.0 as usize;
            let span = self.classes[i]
                .decl
                .and_then(|d| d.extends.as_ref())
                .map_or(self.program.class(start).span, |e| e.span);
            self.error(SemaError::CyclicInheritance {
                class: self.program.class(start).name.clone(),
                span,
            });
            self.program.classes[i].superclass = Some(object);
        }
        // Supers first: order by depth in the hierarchy (each depth from
        // the superclass's, found once).
        let mut depth: Vec<Option<u32>> = vec![None; n];
        for i in 0..n {
            let mut path = Vec::new();
            let mut c = Some(ClassId(i as u32));
            let mut d = 0;
            while let Some(id) = c {
                if let Some(k) = depth[id.0 as usize] {
                    d = k + 1;
                    break;
                }
                path.push(id);
                c = self.program.class(id).superclass;
            }
            for id in path.into_iter().rev() {
                depth[id.0 as usize] = Some(d);
                d += 1;
            }
        }
        // The library's classes come before the program's (a library class
        // with a program class among its supers counts as the program's),
        // so the library's members get the same ids with or without a
        // program, and its prechecked bodies (`StdlibBodies`) fit.
        let mut order: Vec<ClassId> = (0..n as u32).map(ClassId).collect();
        order.sort_by_key(|&id| (depth[id.0 as usize], id));
        let mut user = vec![false; n];
        for &id in &order {
            let class = self.program.class(id);
            user[id.0 as usize] =
                !class.is_stdlib || class.superclass.is_some_and(|s| user[s.0 as usize]);
        }
        order.sort_by_key(|&id| (user[id.0 as usize], depth[id.0 as usize], id));
        self.class_order = order;
    }

    pub(crate) fn resolve_type(&mut self, t: &ast::TypeExpr) -> Type {
        let base = match &t.base {
            ast::BaseType::Prim(p) => Type::from_prim(*p),
            ast::BaseType::Tag => Type::Tag,
            ast::BaseType::Named(name) => match self.class_by_name.get(&name.name) {
                Some(&id) => Type::Class(id),
                None => {
                    let suggestion = self.suggest_class(&name.name);
                    self.error(SemaError::UnknownType {
                        name: name.name.clone(),
                        span: name.span,
                        suggestion,
                    });
                    return Type::Error;
                }
            },
        };
        base.array_of(t.dims)
    }

    fn suggest_class(&self, name: &str) -> Option<String> {
        suggest(name, self.class_by_name.keys().map(String::as_str))
    }

    fn collect_members(&mut self) {
        for idx in 0..self.class_order.len() {
            let id = self.class_order[idx];
            self.collect_class_members(id);
        }
    }

    fn collect_class_members(&mut self, id: ClassId) {
        let sup = self.program.class(id).superclass;
        let (mut flags, mut layout, mut vtable) = match sup {
            Some(s) => {
                let c = self.program.class(s);
                (c.flags.clone(), c.layout.clone(), c.vtable.clone())
            }
            None => (Vec::new(), Vec::new(), Vec::new()),
        };
        let Some(decl) = self.classes[id.0 as usize].decl else {
            let c = &mut self.program.classes[id.0 as usize];
            c.flags = flags;
            c.layout = layout;
            c.vtable = vtable;
            self.add_default_constructor(id);
            return;
        };
        let stdlib = self.program.class(id).is_stdlib;
        let class_name = decl.name.name.clone();
        let mut own_methods: Vec<MethodId> = Vec::new();
        let mut has_constructor = false;
        for member in &decl.members {
            match member {
                ast::Member::Flag(f) => {
                    for name in &f.names {
                        if let Some(prev) = flags.iter().find(|x: &&Flag| x.name == name.name) {
                            self.errors.push(SemaError::Duplicate {
                                kind: DuplicateKind::Flag,
                                name: name.name.clone(),
                                span: name.span,
                                previous: prev.span,
                            });
                            continue;
                        }
                        if flags.len() == MAX_FLAGS {
                            self.error(SemaError::TooManyFlags {
                                class: class_name.clone(),
                                span: name.span,
                            });
                            continue;
                        }
                        flags.push(Flag {
                            name: name.name.clone(),
                            span: name.span,
                            declared_in: id,
                        });
                    }
                }
                ast::Member::Field(f) => {
                    self.check_modifiers(
                        &f.modifiers,
                        &[ast::Modifier::Abstract, ast::Modifier::Native],
                        "a field",
                    );
                    let base = self.resolve_type(&f.ty);
                    let is_static = f.modifiers.has(ast::Modifier::Static);
                    let is_final = f.modifiers.has(ast::Modifier::Final);
                    for d in &f.declarators {
                        let ty = if base.is_error() {
                            Type::Error
                        } else {
                            base.clone().array_of(d.extra_dims)
                        };
                        if let Some(&prev) =
                            self.classes[id.0 as usize].fields_by_name.get(&d.name.name)
                        {
                            let previous = self.program.field(prev).span;
                            self.error(SemaError::Duplicate {
                                kind: DuplicateKind::Field,
                                name: d.name.name.clone(),
                                span: d.name.span,
                                previous,
                            });
                            continue;
                        }
                        if is_static && !is_final {
                            self.error(SemaError::MutableStatic {
                                name: d.name.name.clone(),
                                span: d.name.span,
                            });
                        }
                        let fid = FieldId(self.program.fields.len() as u32);
                        let mut singleton = None;
                        let mut global = false;
                        if is_static && is_final {
                            // The library's `System.out` is the one static
                            // object: created once at start-up.
                            let lib_singleton = match (&ty, &d.init) {
                                (
                                    Type::Class(c),
                                    Some(ast::VarInit::Expr(ast::Expr {
                                        kind:
                                            ast::ExprKind::New {
                                                class, alloc: None, ..
                                            },
                                        ..
                                    })),
                                ) if stdlib && class.name == self.program.class(*c).name => {
                                    Some(*c)
                                }
                                _ => None,
                            };
                            if lib_singleton.is_some() {
                                singleton = lib_singleton;
                                if let Some(init) = &d.init {
                                    self.singleton_inits.push((fid, init));
                                }
                            } else if let Some(init) = &d.init {
                                self.constant_inits.insert(fid, init);
                            } else if self.may_be_global(&ty, stdlib) {
                                global = true;
                                self.error(SemaError::Lenient {
                                    rule: Leniency::BlankStatic {
                                        field: d.name.name.clone(),
                                    },
                                    span: d.name.span,
                                });
                            } else {
                                self.error(SemaError::InvalidConstant {
                                    name: d.name.name.clone(),
                                    span: d.name.span,
                                });
                            }
                        } else if let Some(init) = &d.init {
                            if !is_static {
                                self.classes[id.0 as usize].field_inits.push((fid, init));
                            }
                        }
                        self.program.fields.push(Field {
                            name: d.name.name.clone(),
                            span: d.name.span,
                            class: id,
                            ty,
                            is_static,
                            is_final,
                            is_private: f.modifiers.has(ast::Modifier::Private),
                            constant: None,
                            singleton,
                            singleton_init: None,
                            global,
                        });
                        self.program.classes[id.0 as usize].fields.push(fid);
                        self.classes[id.0 as usize]
                            .fields_by_name
                            .insert(d.name.name.clone(), fid);
                        if !is_static {
                            layout.push(fid);
                        }
                    }
                }
                ast::Member::Method(m) => {
                    if let Some(mid) = self.declare_method(id, m, stdlib) {
                        own_methods.push(mid);
                    }
                }
                ast::Member::Constructor(c) => {
                    has_constructor = true;
                    self.declare_constructor(id, c);
                }
                ast::Member::Error(_) => {}
            }
        }
        // Duplicate signatures within the class; the second of a pair takes
        // no part in overriding.
        let mut duplicates = Vec::new();
        for (i, &a) in own_methods.iter().enumerate() {
            for &b in &own_methods[..i] {
                if self.same_signature(a, b) {
                    duplicates.push(a);
                    let (ma, mb) = (self.program.method(a), self.program.method(b));
                    self.errors.push(SemaError::Duplicate {
                        kind: DuplicateKind::Method,
                        name: ma.name.clone(),
                        span: ma.span,
                        previous: mb.span,
                    });
                    break;
                }
            }
        }
        // Overriding and vtable slots.
        for &mid in own_methods.iter().filter(|m| !duplicates.contains(m)) {
            let m = self.program.method(mid).clone();
            let overridden = vtable.iter().position(|&v| self.same_signature(v, mid));
            if let Some(slot) = overridden {
                let old = self.program.method(vtable[slot]).clone();
                let ok_ret = m.ret == old.ret
                    || (m.ret.is_reference()
                        && convert::widens_reference(&self.program, &m.ret, &old.ret));
                if !ok_ret || m.is_static {
                    let expected = if m.is_static {
                        "an instance method".to_string()
                    } else {
                        self.program.type_name(&old.ret)
                    };
                    let found = if m.is_static {
                        "a static method".to_string()
                    } else {
                        self.program.type_name(&m.ret)
                    };
                    self.error(SemaError::IncompatibleOverride {
                        method: m.name.clone(),
                        expected,
                        found,
                        span: m.span,
                        overridden: old.span,
                    });
                    continue;
                }
                if !m.is_private {
                    vtable[slot] = mid;
                    self.program.methods[mid.0 as usize].vtable_slot = Some(slot as u32);
                }
            } else if !m.is_static && !m.is_private {
                self.program.methods[mid.0 as usize].vtable_slot = Some(vtable.len() as u32);
                vtable.push(mid);
            } else if m.is_static {
                // A static method hiding an inherited instance method.
                if let Some(&v) = vtable.iter().find(|&&v| self.same_signature(v, mid)) {
                    let span = self.program.method(v).span;
                    self.error(SemaError::IncompatibleOverride {
                        method: m.name.clone(),
                        expected: "an instance method".into(),
                        found: "a static method".into(),
                        span: m.span,
                        overridden: span,
                    });
                }
            }
        }
        let is_abstract = self.program.class(id).is_abstract;
        if !is_abstract {
            for &v in &vtable {
                let m = self.program.method(v);
                if m.is_abstract && m.class != id {
                    self.errors.push(SemaError::AbstractNotImplemented {
                        class: class_name.clone(),
                        method: self.signature_text(v),
                        span: decl.name.span,
                        declared: m.span,
                    });
                    break;
                }
            }
        }
        let c = &mut self.program.classes[id.0 as usize];
        c.flags = flags;
        c.layout = layout;
        c.vtable = vtable;
        c.methods = own_methods;
        if !has_constructor {
            let as_constructors = self.methods_as_constructors(id);
            let takes_none = |m: &MethodId| self.program.method(*m).params.is_empty();
            if !as_constructors.iter().any(takes_none) {
                self.add_default_constructor(id);
            }
            for m in as_constructors {
                self.add_method_constructor(id, m);
            }
        }
    }

    /// Under the original dialect a blank `static final` of a user class is
    /// a global variable, if it holds a primitive or a `String` (which
    /// no task can change, so the disjointness analysis stays sound).
    fn may_be_global(&self, ty: &Type, stdlib: bool) -> bool {
        self.dialect == Dialect::Original
            && !stdlib
            && (ty.is_primitive() || *ty == Type::Class(self.program.well_known.string))
    }

    /// Under the original dialect, the `void C(...)` instance methods of a
    /// class `C` that declares no constructor: each also serves as a
    /// constructor.
    fn methods_as_constructors(&self, class: ClassId) -> Vec<MethodId> {
        if self.dialect != Dialect::Original {
            return Vec::new();
        }
        let class = self.program.class(class);
        let name = &class.name;
        class
            .methods
            .iter()
            .copied()
            .filter(|&m| {
                let m = self.program.method(m);
                &m.name == name && m.ret == Type::Void && !m.is_static && !m.is_abstract
            })
            .collect()
    }

    fn add_method_constructor(&mut self, class: ClassId, method: MethodId) {
        let m = self.program.method(method);
        let span = m.span;
        let id = MethodId(self.program.methods.len() as u32);
        let ctor = constructor(
            m.name.clone(),
            span,
            class,
            (m.params.clone(), m.locals[..m.params.len()].to_vec()),
            false,
        );
        self.error(SemaError::Lenient {
            rule: Leniency::MethodAsConstructor {
                class: ctor.name.clone(),
            },
            span,
        });
        self.program.methods.push(ctor);
        self.method_sources
            .push(BodySource::MethodConstructor(method));
        self.program.classes[class.0 as usize].constructors.push(id);
    }

    fn check_modifiers(
        &mut self,
        mods: &ast::Modifiers,
        forbidden: &[ast::Modifier],
        context: &'static str,
    ) {
        for m in &mods.list {
            if forbidden.contains(&m.node) {
                self.errors.push(SemaError::InvalidModifier {
                    modifier: modifier_name(m.node).into(),
                    context,
                    span: m.span,
                });
            }
        }
    }

    fn declare_params(&mut self, params: &[ast::Param]) -> (Vec<Local>, Vec<LocalId>) {
        let mut locals: Vec<Local> = Vec::new();
        for p in params {
            self.check_modifiers(
                &p.modifiers,
                &[
                    ast::Modifier::Static,
                    ast::Modifier::Abstract,
                    ast::Modifier::Native,
                    ast::Modifier::Public,
                    ast::Modifier::Private,
                    ast::Modifier::Protected,
                ],
                "a parameter",
            );
            if let Some(prev) = locals.iter().find(|l| l.name == p.name.name) {
                self.errors.push(SemaError::Duplicate {
                    kind: DuplicateKind::Parameter,
                    name: p.name.name.clone(),
                    span: p.name.span,
                    previous: prev.span,
                });
            }
            let ty = self.resolve_type(&p.ty);
            locals.push(Local {
                name: p.name.name.clone(),
                span: p.name.span,
                ty,
                is_final: p.modifiers.has(ast::Modifier::Final),
            });
        }
        let ids = (0..locals.len() as u32).map(LocalId).collect();
        (locals, ids)
    }

    fn declare_method(
        &mut self,
        class: ClassId,
        m: &'a ast::MethodDecl,
        stdlib: bool,
    ) -> Option<MethodId> {
        let class_name = self.program.class(class).name.clone();
        let is_abstract = m.modifiers.has(ast::Modifier::Abstract);
        let is_native = m.modifiers.has(ast::Modifier::Native);
        let is_static = m.modifiers.has(ast::Modifier::Static);
        if is_native && !stdlib {
            self.error(SemaError::BodyProblem {
                problem: BodyProblem::NativeOutsideStdlib,
                name: m.name.name.clone(),
                span: m
                    .modifiers
                    .get(ast::Modifier::Native)
                    .unwrap_or(m.name.span),
            });
        }
        match (&m.body, is_abstract, is_native) {
            (Some(_), true, _) => self.error(SemaError::BodyProblem {
                problem: BodyProblem::AbstractWithBody,
                name: m.name.name.clone(),
                span: m.name.span,
            }),
            (Some(_), _, true) => self.error(SemaError::BodyProblem {
                problem: BodyProblem::NativeWithBody,
                name: m.name.name.clone(),
                span: m.name.span,
            }),
            (None, false, false) => self.error(SemaError::BodyProblem {
                problem: BodyProblem::Missing,
                name: m.name.name.clone(),
                span: m.name.span,
            }),
            _ => {}
        }
        if is_abstract && !self.program.class(class).is_abstract {
            let class_span = self.program.class(class).span;
            self.error(SemaError::AbstractInConcrete {
                class: class_name.clone(),
                method: m.name.name.clone(),
                span: m
                    .modifiers
                    .get(ast::Modifier::Abstract)
                    .unwrap_or(m.name.span),
                class_span,
            });
        }
        if is_abstract
            && (is_static
                || is_native
                || m.modifiers.has(ast::Modifier::Private)
                || m.modifiers.has(ast::Modifier::Final))
        {
            self.error(SemaError::InvalidModifier {
                modifier: "abstract".into(),
                context: "a static, private, final or native method",
                span: m
                    .modifiers
                    .get(ast::Modifier::Abstract)
                    .unwrap_or(m.name.span),
            });
        }
        let (locals, params) = self.declare_params(&m.params);
        let ret = match &m.ret {
            Some(t) => self.resolve_type(t),
            None => Type::Void,
        };
        let id = MethodId(self.program.methods.len() as u32);
        self.program.methods.push(Method {
            name: m.name.name.clone(),
            span: m.name.span,
            class,
            params,
            ret,
            is_static,
            is_abstract,
            is_native,
            is_private: m.modifiers.has(ast::Modifier::Private),
            is_constructor: false,
            vtable_slot: None,
            locals,
            body: None,
        });
        self.method_sources.push(BodySource::Method(m));
        Some(id)
    }

    fn declare_constructor(&mut self, class: ClassId, c: &'a ast::ConstructorDecl) {
        let class_name = self.program.class(class).name.clone();
        if c.name.name != class_name {
            self.error(SemaError::ReturnTypeRequired {
                name: c.name.name.clone(),
                class: class_name,
                span: c.name.span,
            });
            return;
        }
        self.check_modifiers(
            &c.modifiers,
            &[
                ast::Modifier::Static,
                ast::Modifier::Abstract,
                ast::Modifier::Native,
                ast::Modifier::Final,
            ],
            "a constructor",
        );
        let (locals, params) = self.declare_params(&c.params);
        let id = MethodId(self.program.methods.len() as u32);
        let dup = self.program.classes[class.0 as usize]
            .constructors
            .iter()
            .copied()
            .find(|&o| self.same_params(&locals, &params, o));
        if let Some(prev) = dup {
            let previous = self.program.method(prev).span;
            self.error(SemaError::Duplicate {
                kind: DuplicateKind::Constructor,
                name: class_name.clone(),
                span: c.name.span,
                previous,
            });
        }
        let private = c.modifiers.has(ast::Modifier::Private);
        let ctor = constructor(class_name, c.name.span, class, (params, locals), private);
        self.program.methods.push(ctor);
        self.method_sources.push(BodySource::Constructor(c));
        self.program.classes[class.0 as usize].constructors.push(id);
    }

    fn add_default_constructor(&mut self, class: ClassId) {
        let c = self.program.class(class);
        let id = MethodId(self.program.methods.len() as u32);
        let ctor = constructor(
            c.name.clone(),
            c.span,
            class,
            (Vec::new(), Vec::new()),
            false,
        );
        self.program.methods.push(ctor);
        self.method_sources.push(BodySource::DefaultConstructor);
        self.program.classes[class.0 as usize].constructors.push(id);
    }

    fn same_params(&self, locals: &[Local], params: &[LocalId], other: MethodId) -> bool {
        let o = self.program.method(other);
        params.len() == o.params.len()
            && params
                .iter()
                .zip(&o.params)
                .all(|(a, b)| locals[a.0 as usize].ty == o.locals[b.0 as usize].ty)
    }

    fn same_signature(&self, a: MethodId, b: MethodId) -> bool {
        let (ma, mb) = (self.program.method(a), self.program.method(b));
        ma.name == mb.name && self.same_params(&ma.locals, &ma.params, b)
    }

    /// `name(int, String)`, for messages.
    pub(crate) fn signature_text(&self, id: MethodId) -> String {
        let m = self.program.method(id);
        let params: Vec<String> = m
            .params
            .iter()
            .map(|p| self.program.type_name(&m.locals[p.0 as usize].ty))
            .collect();
        format!("{}({})", m.name, params.join(", "))
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
