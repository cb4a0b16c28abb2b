//! Expressions other than calls and operators: literals, names, `this`,
//! casts, array indices and field accesses (JLS chapter 15). In: AST
//! expressions; out: typed HIR expressions, constant literals folded.

use super::*;

impl<'s, 'a> Checker<'s, 'a> {
    /// An expression whose value is used: `void` is an error.
    pub(super) fn value(&mut self, e: &ast::Expr) -> Expr {
        let x = self.expr(e);
        if x.ty == Type::Void {
            self.s.error(SemaError::VoidValue { span: e.span });
            return err_expr(e.span);
        }
        x
    }

    pub(super) fn this_expr(&mut self, span: Span, keyword: &'static str) -> Expr {
        match self.class {
            Some(c) if !self.is_static => Expr {
                kind: ExprKind::This,
                ty: Type::Class(c),
                span,
            },
            _ => {
                self.s.error(SemaError::ThisInStatic { keyword, span });
                err_expr(span)
            }
        }
    }

    pub(super) fn literal(&mut self, lit: &ast::Literal, span: Span, negated: bool) -> Expr {
        match lit {
            ast::Literal::Int {
                value,
                long,
                decimal,
            } => {
                let v = *value;
                if *long {
                    let ok = if *decimal {
                        v <= i64::MAX as u64 || (negated && v == 1u64 << 63)
                    } else {
                        true
                    };
                    if !ok {
                        self.s.error(SemaError::IntOutOfRange { long: true, span });
                        return err_expr(span);
                    }
                    let x = v as i64;
                    const_expr(
                        ConstValue::Long(if negated { x.wrapping_neg() } else { x }),
                        Type::Long,
                        span,
                    )
                } else {
                    let ok = if *decimal {
                        v <= i32::MAX as u64 || (negated && v == 1u64 << 31)
                    } else {
                        v <= u32::MAX as u64
                    };
                    if !ok {
                        self.s.error(SemaError::IntOutOfRange { long: false, span });
                        return err_expr(span);
                    }
                    let x = v as u32 as i32;
                    const_expr(
                        ConstValue::Int(if negated { x.wrapping_neg() } else { x }),
                        Type::Int,
                        span,
                    )
                }
            }
            ast::Literal::Float { text, single } => {
                let parsed = if *single {
                    parse_java_float::<f32>(text).map(|f| {
                        (
                            ConstValue::Float(if negated { -f } else { f }),
                            Type::Float,
                            f.is_infinite() || (f == 0.0 && has_nonzero_digit(text)),
                        )
                    })
                } else {
                    parse_java_float::<f64>(text).map(|f| {
                        (
                            ConstValue::Double(if negated { -f } else { f }),
                            Type::Double,
                            f.is_infinite() || (f == 0.0 && has_nonzero_digit(text)),
                        )
                    })
                };
                match parsed {
                    Some((v, t, false)) => const_expr(v, t, span),
                    _ => {
                        self.s.error(SemaError::IntOutOfRange { long: false, span });
                        err_expr(span)
                    }
                }
            }
            ast::Literal::Char(c) => const_expr(ConstValue::Char(*c), Type::Char, span),
            ast::Literal::String(s) => {
                const_expr(ConstValue::String(s.clone()), self.string_type(), span)
            }
            ast::Literal::Bool(b) => const_expr(ConstValue::Bool(*b), Type::Boolean, span),
            ast::Literal::Null => const_expr(ConstValue::Null, Type::Null, span),
        }
    }

    pub(super) fn expr(&mut self, e: &ast::Expr) -> Expr {
        let span = e.span;
        match &e.kind {
            ast::ExprKind::Lit(l) => self.literal(l, span, false),
            ast::ExprKind::Name(name) => self.name(name),
            ast::ExprKind::This => self.this_expr(span, "this"),
            ast::ExprKind::Super => {
                // `super` alone is not an expression; as a target it is
                // handled by `target`.
                self.this_expr(span, "super")
            }
            ast::ExprKind::Field { target, name } => self.field_access(target, name, span),
            ast::ExprKind::Call { target, name, args } => {
                self.call(target.as_deref(), name, args, span)
            }
            ast::ExprKind::New { class, args, alloc } => {
                self.new_object(class, args, alloc.as_ref(), span)
            }
            ast::ExprKind::NewArray {
                elem,
                dims,
                extra_dims,
                init,
            } => {
                let base = self.s.resolve_type(elem);
                let total = dims.len() as u32 + extra_dims;
                let ty = if base.is_error() {
                    Type::Error
                } else {
                    base.array_of(total)
                };
                if let Some(init) = init {
                    return self.array_init(init, &ty);
                }
                let dims = dims
                    .iter()
                    .map(|d| {
                        let x = self.value(d);
                        self.int_index(x, "array size")
                    })
                    .collect();
                Expr {
                    kind: ExprKind::NewArray { dims },
                    ty,
                    span,
                }
            }
            ast::ExprKind::NewTag { tag_type } => {
                let id = self.s.intern_tag_type(&tag_type.name);
                Expr {
                    kind: ExprKind::NewTag(id),
                    ty: Type::Tag,
                    span,
                }
            }
            ast::ExprKind::Index { array, index } => {
                let a = self.value(array);
                let i = self.value(index);
                let i = self.int_index(i, "array index");
                let elem = match &a.ty {
                    Type::Array(t) => (**t).clone(),
                    Type::Error => Type::Error,
                    other => {
                        let found = self.ty_name(other);
                        self.s.error(SemaError::NotArray {
                            found,
                            span: array.span,
                        });
                        Type::Error
                    }
                };
                Expr {
                    kind: ExprKind::Index {
                        array: Box::new(a),
                        index: Box::new(i),
                    },
                    ty: elem,
                    span,
                }
            }
            ast::ExprKind::Unary { op, operand } => self.unary(*op, operand, span),
            ast::ExprKind::Binary { op, lhs, rhs } => {
                let l = self.value(lhs);
                let r = self.value(rhs);
                self.binary(*op, l, r, span)
            }
            ast::ExprKind::Chain { first, rest } => self.chain(first, rest),
            ast::ExprKind::Assign { op, lhs, rhs } => self.assign(*op, lhs, rhs, span),
            ast::ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => self.conditional(cond, then_expr, else_expr, span),
            ast::ExprKind::Cast { ty, operand } => {
                let target = self.s.resolve_type(ty);
                let x = self.value(operand);
                self.cast(x, target, span)
            }
            ast::ExprKind::InstanceOf { operand, ty } => {
                let x = self.value(operand);
                let target = self.s.resolve_type(ty);
                if !x.ty.is_error() && !target.is_error() {
                    let ok = (x.ty.is_reference() || x.ty == Type::Tag)
                        && target.is_reference()
                        && castable(&self.s.program, &x.ty, &target);
                    if !ok {
                        let (from, to) = (self.ty_name(&x.ty), self.ty_name(&target));
                        self.s.error(SemaError::BadInstanceOf { from, to, span });
                    }
                }
                Expr {
                    kind: ExprKind::InstanceOf {
                        operand: Box::new(x),
                        target,
                    },
                    ty: Type::Boolean,
                    span,
                }
            }
            ast::ExprKind::Error => err_expr(span),
        }
    }

    pub(super) fn int_index(&mut self, e: Expr, what: &'static str) -> Expr {
        let e = self.unwrap(e);
        match e.ty {
            Type::Int | Type::Short | Type::Byte | Type::Char => self.promote_unary(e),
            Type::Error => e,
            _ => {
                let found = self.ty_name(&e.ty);
                self.s.error(SemaError::BadIndexType {
                    found,
                    what,
                    span: e.span,
                });
                err_expr(e.span)
            }
        }
    }

    pub(super) fn cast(&mut self, x: Expr, target: Type, span: Span) -> Expr {
        let x = if target.is_primitive() {
            self.unwrap(x)
        } else {
            x
        };
        if x.ty.is_error() || target.is_error() {
            return Expr {
                ty: Type::Error,
                ..x
            };
        }
        if !castable(&self.s.program, &x.ty, &target) || target == Type::Void {
            let (from, to) = (self.ty_name(&x.ty), self.ty_name(&target));
            self.s.error(SemaError::InvalidCast { from, to, span });
            return err_expr(span);
        }
        if target.is_primitive() {
            let mut r = self.convert_to(x, &target);
            r.span = span;
            return r;
        }
        if widens_reference(&self.s.program, &x.ty, &target) {
            let mut w = widen(x, &target);
            w.span = span;
            return w;
        }
        Expr {
            kind: ExprKind::CheckedCast(Box::new(x)),
            ty: target,
            span,
        }
    }

    pub(super) fn name(&mut self, name: &ast::Ident) -> Expr {
        if let Some(id) = self.lookup_local(&name.name) {
            if let Some(c) = self.local_constants.get(&id) {
                return const_expr(c.clone(), self.locals[id.0 as usize].ty.clone(), name.span);
            }
            return Expr {
                kind: ExprKind::Local(id),
                ty: self.locals[id.0 as usize].ty.clone(),
                span: name.span,
            };
        }
        if let Some(class) = self.class {
            if let Some(f) = self.s.field_by_name(class, &name.name) {
                let this = if self.s.program.field(f).is_static {
                    None
                } else if self.is_static {
                    self.s.error(SemaError::InstanceFromStatic {
                        kind: MemberKind::Field,
                        name: name.name.clone(),
                        span: name.span,
                    });
                    return err_expr(name.span);
                } else {
                    Some(Expr {
                        kind: ExprKind::This,
                        ty: Type::Class(class),
                        span: name.span,
                    })
                };
                return self.field_expr(this, f, name.span);
            }
            if let Some(bit) = self.s.program.class(class).flag_bit(&name.name) {
                let declared = self.s.program.class(class).flags[bit.0 as usize].span;
                self.s.error(SemaError::FlagAsField {
                    flag: name.name.clone(),
                    span: name.span,
                    declared,
                });
                return err_expr(name.span);
            }
        }
        let mut in_scope: Vec<String> = self
            .scopes
            .iter()
            .flat_map(|s| s.iter().map(|(n, _)| n.clone()))
            .collect();
        // The fields `this` reaches are names in scope too.
        if let Some(class) = self.class {
            let c = self.s.program.class(class);
            let fields = c.layout.iter().chain(&c.fields);
            in_scope.extend(fields.map(|&f| self.s.program.field(f).name.clone()));
        }
        let suggestion = crate::sema::suggest(&name.name, in_scope.iter().map(String::as_str));
        self.s.error(SemaError::UnknownVariable {
            name: name.name.clone(),
            span: name.span,
            suggestion,
        });
        err_expr(name.span)
    }

    /// Reads field `f` of `object` (`None` for a static field).
    pub(super) fn field_expr(&mut self, object: Option<Expr>, f: FieldId, span: Span) -> Expr {
        let field = self.s.program.field(f).clone();
        if field.is_private && self.class != Some(field.class) {
            let class = self.s.program.class(field.class).name.clone();
            self.s.error(SemaError::PrivateAccess {
                kind: MemberKind::Field,
                name: field.name.clone(),
                class,
                span,
                declared: field.span,
            });
        }
        if field.is_static {
            if field.singleton.is_some() || field.global {
                return Expr {
                    kind: ExprKind::StaticField(f),
                    ty: field.ty,
                    span,
                };
            }
            return match self.s.constant_value(f) {
                Some(v) => const_expr(v, field.ty, span),
                None => err_expr(span),
            };
        }
        match object {
            Some(o) => Expr {
                kind: ExprKind::Field {
                    object: Box::new(o),
                    field: f,
                },
                ty: field.ty,
                span,
            },
            None => err_expr(span),
        }
    }

    pub(super) fn target(&mut self, e: &ast::Expr) -> Target {
        match &e.kind {
            ast::ExprKind::Super => Target::Super(e.span),
            ast::ExprKind::Name(n) if self.lookup_local(&n.name).is_none() => {
                let is_field = self
                    .class
                    .is_some_and(|c| self.s.field_by_name(c, &n.name).is_some());
                if !is_field {
                    if let Some(c) = self.s.class_named(&n.name) {
                        return Target::Class(c);
                    }
                }
                Target::Value(self.value(e))
            }
            _ => Target::Value(self.value(e)),
        }
    }

    pub(super) fn field_access(
        &mut self,
        target: &ast::Expr,
        name: &ast::Ident,
        span: Span,
    ) -> Expr {
        let (class, object) = match self.target(target) {
            Target::Class(c) => (c, None),
            Target::Super(s) => {
                let this = self.this_expr(s, "super");
                if this.ty.is_error() {
                    return this;
                }
                match self.class.and_then(|c| self.s.program.class(c).superclass) {
                    Some(sup) => (
                        sup,
                        Some(Expr {
                            ty: Type::Class(sup),
                            ..this
                        }),
                    ),
                    None => return err_expr(span),
                }
            }
            Target::Value(v) => match v.ty.clone() {
                Type::Class(c) => (c, Some(v)),
                Type::Array(_) if name.name == "length" => {
                    return Expr {
                        kind: ExprKind::ArrayLength(Box::new(v)),
                        ty: Type::Int,
                        span,
                    }
                }
                Type::Error => return v,
                Type::Array(_) => {
                    let ty = self.ty_name(&v.ty);
                    self.s.error(SemaError::UnknownField {
                        ty,
                        name: name.name.clone(),
                        span: name.span,
                        suggestion: crate::sema::suggest_member(&name.name, ["length"].into_iter()),
                    });
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
        };
        let Some(f) = self.s.field_by_name(class, &name.name) else {
            if let Some(bit) = self.s.program.class(class).flag_bit(&name.name) {
                let declared = self.s.program.class(class).flags[bit.0 as usize].span;
                self.s.error(SemaError::FlagAsField {
                    flag: name.name.clone(),
                    span: name.span,
                    declared,
                });
                return err_expr(span);
            }
            let ty = self.s.program.class(class).name.clone();
            let suggestion = self.s.suggest_field(class, &name.name, self.class);
            self.s.error(SemaError::UnknownField {
                ty,
                name: name.name.clone(),
                span: name.span,
                suggestion,
            });
            return err_expr(span);
        };
        if object.is_none() && !self.s.program.field(f).is_static {
            self.s.error(SemaError::InstanceFromStatic {
                kind: MemberKind::Field,
                name: name.name.clone(),
                span: name.span,
            });
            return err_expr(span);
        }
        self.field_expr(object, f, span)
    }
}

/// Parses a floating literal's text, which the lexer always writes as a
/// decimal (`digits.digits` with an optional exponent; hex floats are
/// converted there), so Rust's parser reads it exactly.
fn parse_java_float<T: std::str::FromStr>(text: &str) -> Option<T> {
    text.parse().ok()
}

/// Whether the literal's significand has a non-zero digit: such a literal
/// that reads as zero is too small for its type (JLS 3.10.2).
fn has_nonzero_digit(text: &str) -> bool {
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    mantissa.chars().any(|c| c.is_ascii_digit() && c != '0')
}
