//! Class members, collected supers-first: flags with their bits, fields and
//! layout, methods with overriding and vtables, constructors (declared,
//! default, or the original dialect's `void C(...)`), abstract checks. In:
//! the classes' AST declarations; out: the HIR's fields, methods and
//! vtables, bodies still to check.

use super::*;

impl<'a> Sema<'a> {
    pub(super) fn collect_members(&mut self) {
        for idx in 0..self.class_order.len() {
            let id = self.class_order[idx];
            self.collect_class_members(id);
        }
    }

    pub(super) fn collect_class_members(&mut self, id: ClassId) {
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
    pub(super) fn may_be_global(&self, ty: &Type, stdlib: bool) -> bool {
        self.dialect == Dialect::Original
            && !stdlib
            && (ty.is_primitive() || *ty == Type::Class(self.program.well_known.string))
    }

    /// Under the original dialect, the `void C(...)` instance methods of a
    /// class `C` that declares no constructor: each also serves as a
    /// constructor.
    pub(super) fn methods_as_constructors(&self, class: ClassId) -> Vec<MethodId> {
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

    pub(super) fn add_method_constructor(&mut self, class: ClassId, method: MethodId) {
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

    pub(super) fn check_modifiers(
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

    pub(super) fn declare_params(&mut self, params: &[ast::Param]) -> (Vec<Local>, Vec<LocalId>) {
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

    pub(super) fn declare_method(
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

    pub(super) fn declare_constructor(&mut self, class: ClassId, c: &'a ast::ConstructorDecl) {
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

    pub(super) fn add_default_constructor(&mut self, class: ClassId) {
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

    pub(super) fn same_params(
        &self,
        locals: &[Local],
        params: &[LocalId],
        other: MethodId,
    ) -> bool {
        let o = self.program.method(other);
        params.len() == o.params.len()
            && params
                .iter()
                .zip(&o.params)
                .all(|(a, b)| locals[a.0 as usize].ty == o.locals[b.0 as usize].ty)
    }

    pub(super) fn same_signature(&self, a: MethodId, b: MethodId) -> bool {
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
}
