//! Method calls and object creation: overload resolution (JLS 15.12),
//! argument conversion, private access and `new` with allocation blocks'
//! flags and tags. In: AST calls; out: HIR calls with resolved methods.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    /// Methods named `name` visible in `class` (inherited ones included,
    /// overridden ones not).
    pub(super) fn methods_named(&self, class: ClassId, name: &str) -> Vec<MethodId> {
        let mut found: Vec<MethodId> = Vec::new();
        let mut c = Some(class);
        while let Some(id) = c {
            for &m in &self.s.program.class(id).methods {
                let md = self.s.program.method(m);
                if md.name == name && !found.iter().any(|&f| self.s.same_signature(f, m)) {
                    found.push(m);
                }
            }
            c = self.s.program.class(id).superclass;
        }
        found
    }

    pub(super) fn param_types(&self, m: MethodId) -> Vec<Type> {
        let md = self.s.program.method(m);
        md.params
            .iter()
            .map(|p| md.locals[p.0 as usize].ty.clone())
            .collect()
    }

    /// Java's overload resolution (JLS 15.12.2, phase 1: no boxing).
    pub(super) fn resolve_overload(
        &mut self,
        candidates: Vec<MethodId>,
        args: &[Expr],
        name: &str,
        kind: MemberKind,
        span: Span,
    ) -> Option<MethodId> {
        if args.iter().any(|a| a.ty.is_error()) {
            // Pick by arity alone so one mistake gives one error.
            let same_arity: Vec<MethodId> = candidates
                .iter()
                .copied()
                .filter(|&m| self.s.program.method(m).params.len() == args.len())
                .collect();
            if same_arity.len() == 1 {
                return Some(same_arity[0]);
            }
            return None;
        }
        // As Java tries unboxing only when nothing applies without it, the
        // original dialect reads a wrapper as its primitive only then.
        let applicable_when = |this: &Self, unwrapping: bool| -> Vec<MethodId> {
            candidates
                .iter()
                .copied()
                .filter(|&m| {
                    let ps = this.param_types(m);
                    ps.len() == args.len()
                        && ps.iter().zip(args).all(|(p, a)| {
                            if unwrapping {
                                this.assignable(&a.ty, p)
                            } else {
                                convert::invocation_convertible(&this.s.program, &a.ty, p)
                            }
                        })
                })
                .collect()
        };
        let mut applicable = applicable_when(self, false);
        if applicable.is_empty() {
            applicable = applicable_when(self, true);
        }
        if applicable.is_empty() {
            let args = args.iter().map(|a| self.ty_name(&a.ty)).collect();
            let mut candidates: Vec<(String, Span)> = candidates
                .iter()
                .map(|&m| (self.s.signature_text(m), self.s.program.method(m).span))
                .collect();
            if kind == MemberKind::Constructor {
                candidates.extend(self.methods_named_like_their_class(name));
            }
            self.s.error(SemaError::NoApplicable {
                kind,
                name: name.to_string(),
                args,
                candidates,
                span,
            });
            return None;
        }
        let more_specific = |a: MethodId, b: MethodId| {
            let (pa, pb) = (self.param_types(a), self.param_types(b));
            pa.iter().zip(&pb).all(|(x, y)| self.assignable(x, y))
        };
        let maximal: Vec<MethodId> = applicable
            .iter()
            .copied()
            .filter(|&a| applicable.iter().all(|&b| a == b || more_specific(a, b)))
            .collect();
        match maximal.as_slice() {
            [one] => Some(*one),
            _ => {
                let candidates = applicable
                    .iter()
                    .map(|&m| (self.s.signature_text(m), self.s.program.method(m).span))
                    .collect();
                self.s.error(SemaError::Ambiguous {
                    name: name.to_string(),
                    candidates,
                    span,
                });
                None
            }
        }
    }

    /// The `void C(...)` methods of class `name`, which the original
    /// dialect takes as constructors (W0104), for the message of a failed
    /// `new C(...)` under Java's rules.
    pub(super) fn methods_named_like_their_class(&self, name: &str) -> Vec<(String, Span)> {
        let Some(class) = self.s.class_named(name) else {
            return Vec::new();
        };
        self.s
            .program
            .class(class)
            .methods
            .iter()
            .map(|&m| (m, self.s.program.method(m)))
            .filter(|(_, m)| m.name == name && m.ret == Type::Void && !m.is_static)
            .map(|(id, m)| {
                let sig = self.s.signature_text(id);
                (
                    format!("void {sig}, a method: a constructor only under `--dialect original`"),
                    m.span,
                )
            })
            .collect()
    }

    pub(super) fn coerce_args(&mut self, m: MethodId, args: Vec<Expr>) -> Vec<Expr> {
        let ps = self.param_types(m);
        args.into_iter()
            .zip(ps)
            .map(|(a, p)| self.coerce(a, &p))
            .collect()
    }

    pub(super) fn check_private(&mut self, m: MethodId, kind: MemberKind, span: Span) {
        let md = self.s.program.method(m);
        if md.is_private && self.class != Some(md.class) {
            let (name, declared) = (md.name.clone(), md.span);
            let class = self.s.program.class(md.class).name.clone();
            self.s.error(SemaError::PrivateAccess {
                kind,
                name,
                class,
                span,
                declared,
            });
        }
    }

    pub(super) fn call(
        &mut self,
        target: Option<&ast::Expr>,
        name: &ast::Ident,
        args: &[ast::Expr],
        span: Span,
    ) -> Expr {
        let (class, receiver, is_super, static_only) = match target {
            None => match self.class {
                Some(c) => (c, None, false, false),
                None => {
                    let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
                    drop(args);
                    self.s.error(SemaError::UnknownMethod {
                        ty: "this task".into(),
                        name: name.name.clone(),
                        span: name.span,
                        suggestion: None,
                    });
                    return err_expr(span);
                }
            },
            Some(t) => match self.target(t) {
                Target::Class(c) => (c, None, false, true),
                Target::Super(s) => {
                    let this = self.this_expr(s, "super");
                    match self.class.and_then(|c| self.s.program.class(c).superclass) {
                        Some(sup) if !this.ty.is_error() => (
                            sup,
                            Some(Expr {
                                ty: Type::Class(sup),
                                ..this
                            }),
                            true,
                            false,
                        ),
                        _ => return err_expr(span),
                    }
                }
                Target::Value(v) => match v.ty.clone() {
                    Type::Class(c) => (c, Some(v), false, false),
                    Type::Array(_) => (self.s.program.well_known.object, Some(v), false, false),
                    Type::Error => {
                        for a in args {
                            self.expr(a);
                        }
                        return err_expr(span);
                    }
                    other => {
                        let ty = self.ty_name(&other);
                        self.s.error(SemaError::PrimitiveMember {
                            ty,
                            span: name.span,
                        });
                        return err_expr(span);
                    }
                },
            },
        };
        let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
        let candidates = self.methods_named(class, &name.name);
        if candidates.is_empty() {
            let ty = self.s.program.class(class).name.clone();
            let mut names: Vec<String> = Vec::new();
            let mut c = Some(class);
            while let Some(id) = c {
                for &m in &self.s.program.class(id).methods {
                    let md = self.s.program.method(m);
                    // A private method elsewhere would only earn E0111.
                    if !md.is_private || self.class == Some(id) {
                        names.push(md.name.clone());
                    }
                }
                c = self.s.program.class(id).superclass;
            }
            let suggestion =
                crate::sema::suggest_member(&name.name, names.iter().map(String::as_str));
            self.s.error(SemaError::UnknownMethod {
                ty,
                name: name.name.clone(),
                span: name.span,
                suggestion,
            });
            return err_expr(span);
        }
        let Some(m) =
            self.resolve_overload(candidates, &args, &name.name, MemberKind::Method, name.span)
        else {
            return err_expr(span);
        };
        self.check_private(m, MemberKind::Method, name.span);
        let md = self.s.program.method(m).clone();
        let args = self.coerce_args(m, args);
        let receiver = if md.is_static {
            None
        } else if let Some(r) = receiver {
            Some(r)
        } else if static_only || self.is_static || self.class.is_none() {
            self.s.error(SemaError::InstanceFromStatic {
                kind: MemberKind::Method,
                name: name.name.clone(),
                span: name.span,
            });
            return err_expr(span);
        } else {
            Some(Expr {
                kind: ExprKind::This,
                ty: Type::Class(class),
                span: name.span,
            })
        };
        if md.is_abstract && is_super {
            self.s.error(SemaError::AbstractInstantiation {
                class: self.s.program.class(md.class).name.clone(),
                span: name.span,
                declared: md.span,
            });
        }
        let kind = if md.is_static {
            CallKind::Static
        } else if is_super || md.is_private || md.vtable_slot.is_none() {
            CallKind::Direct
        } else {
            CallKind::Virtual
        };
        Expr {
            kind: ExprKind::Call {
                kind,
                method: m,
                receiver: receiver.map(Box::new),
                args,
            },
            ty: md.ret,
            span,
        }
    }

    pub(super) fn new_object(
        &mut self,
        class: &ast::Ident,
        args: &[ast::Expr],
        alloc: Option<&ast::AllocBlock>,
        span: Span,
    ) -> Expr {
        let args: Vec<Expr> = args.iter().map(|a| self.value(a)).collect();
        let Some(c) = self.s.class_named(&class.name) else {
            let suggestion = self.s.suggest_class(&class.name);
            self.s.error(SemaError::UnknownType {
                name: class.name.clone(),
                span: class.span,
                suggestion,
            });
            return err_expr(span);
        };
        let cd = self.s.program.class(c).clone();
        if cd.is_abstract {
            self.s.error(SemaError::AbstractInstantiation {
                class: cd.name.clone(),
                span: class.span,
                declared: cd.span,
            });
            return err_expr(span);
        }
        if c == self.s.program.well_known.string && alloc.is_some() {
            self.s.error(SemaError::AllocOnNonClass {
                ty: "String".into(),
                span: alloc.map_or(span, |a| a.span),
            });
            return err_expr(span);
        }
        let Some(ctor) = self.resolve_overload(
            cd.constructors.clone(),
            &args,
            &cd.name,
            MemberKind::Constructor,
            class.span,
        ) else {
            return err_expr(span);
        };
        self.check_private(ctor, MemberKind::Constructor, class.span);
        let args = self.coerce_args(ctor, args);
        let alloc = alloc.map(|a| {
            let change = self.state_change(c, &a.actions);
            let site = AllocSiteId(self.s.program.alloc_sites.len() as u32);
            self.s.program.alloc_sites.push(AllocSite {
                class: c,
                span,
                owner: self.owner,
            });
            AllocState {
                flags: change.set,
                tags: change.add_tags,
                site,
            }
        });
        Expr {
            kind: ExprKind::New {
                class: c,
                ctor,
                args,
                alloc,
            },
            ty: Type::Class(c),
            span,
        }
    }
}
