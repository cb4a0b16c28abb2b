//! Expressions lowered to C over temporaries: constants, conversions,
//! checked array indices, binary operators and string conversion. In: HIR
//! expressions; out: C lines plus the C value of the expression.

use super::*;

impl Gen<'_> {
    /// Evaluates for effects only; returns a C expression to discard (or
    /// nothing).
    pub(super) fn expr_discard(&mut self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::ConcatAssign { .. } => {
                self.assign_like(e, false);
                String::new()
            }
            ExprKind::IncDec { op, target } => {
                // Pre and post are the same when the value is unused.
                let pre = match op {
                    IncDec::PostInc | IncDec::PreInc => IncDec::PreInc,
                    _ => IncDec::PreDec,
                };
                self.incdec(pre, target, &e.ty);
                String::new()
            }
            _ => self.expr(e),
        }
    }

    pub(super) fn args(&mut self, args: &[Expr]) -> Vec<String> {
        let mut vals = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let v = self.expr(a);
            let later_effects = args[i + 1..].iter().any(has_effects);
            vals.push(if later_effects {
                self.materialize(v, &a.ty)
            } else {
                v
            });
        }
        vals
    }

    pub(super) fn expr(&mut self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Const(c) => self.constant(c),
            ExprKind::Local(l) => format!("l{}", l.0),
            ExprKind::This => "self".into(),
            ExprKind::StaticField(f) if self.p.field(*f).global => format!("G{}", f.0),
            ExprKind::StaticField(f) => format!("((void *)G{})", f.0),
            ExprKind::Field { object, field } => {
                let o = self.expr(object);
                let f = self.p.field(*field);
                let nn = if matches!(object.kind, ExprKind::This) {
                    o
                } else {
                    self.nn(&o, e.span)
                };
                format!(
                    "(({} *)({nn}))->{}",
                    struct_name(f.class),
                    field_name(*field)
                )
            }
            ExprKind::ArrayLength(a) => {
                let v = self.expr(a);
                format!("bb_length(ctx, {v}, {})", self.loc(e.span))
            }
            ExprKind::Index { array, index } => {
                let (a, i) = self.index_parts(array, index);
                let elem = array.ty.element().cloned().unwrap_or(Type::Error);
                let idx = self.checked_index(&a, &i, e.span);
                let v = format!(
                    "(({} *)bb_array_data((bb_array *)({a})))[{idx}]",
                    elem_c_type(&elem)
                );
                self.materialize(v, &e.ty)
            }
            ExprKind::Call {
                kind,
                method,
                receiver,
                args,
            } => self.call(*kind, *method, receiver.as_deref(), args, e),
            ExprKind::New {
                class,
                ctor,
                args,
                alloc,
            } => self.new_object(*class, *ctor, args, alloc.as_ref(), e),
            ExprKind::NewArray { dims } => {
                let cls = self.ids.of_type(self.p, &e.ty);
                let vals = self.args(dims);
                let loc = self.loc(e.span);
                let t = self.temp(&e.ty);
                if vals.len() == 1 {
                    self.line(&format!(
                        "{t} = bb_new_array(ctx, {cls}, {}, {loc});",
                        vals[0]
                    ));
                } else {
                    self.line(&format!("{{ int32_t dims[] = {{{}}}; {t} = bb_new_multiarray(ctx, {cls}, {}, dims, {loc}); }}", vals.join(", "), vals.len()));
                }
                t
            }
            ExprKind::ArrayLiteral(elems) => {
                let cls = self.ids.of_type(self.p, &e.ty);
                let loc = self.loc(e.span);
                let t = self.temp(&e.ty);
                self.line(&format!(
                    "{t} = bb_new_array(ctx, {cls}, {}, {loc});",
                    elems.len()
                ));
                let elem = e.ty.element().cloned().unwrap_or(Type::Error);
                for (i, x) in elems.iter().enumerate() {
                    let v = self.expr(x);
                    self.line(&format!(
                        "(({} *)bb_array_data((bb_array *){t}))[{i}] = {v};",
                        elem_c_type(&elem)
                    ));
                }
                t
            }
            ExprKind::NewTag(tt) => {
                let t = self.temp(&Type::Tag);
                self.line(&format!("{t} = bb_tag_new(ctx, {});", tt.0));
                t
            }
            ExprKind::Unary { op, operand } => {
                let v = self.expr(operand);
                match op {
                    UnOp::Neg => format!("(-({v}))"),
                    UnOp::Not => format!("(!({v}))"),
                    UnOp::BitNot => format!("(~({v}))"),
                }
            }
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs, e),
            ExprKind::Chain { first, steps } => self.chain(first, steps),
            ExprKind::Concat(parts) if parts.len() > chain::CONCAT_CHUNK => {
                self.concat(parts, &e.ty)
            }
            ExprKind::Concat(parts) => {
                let mut vals = Vec::new();
                for (i, part) in parts.iter().enumerate() {
                    let s = self.string_of(part);
                    // Every part but the last is held while later ones are
                    // evaluated (their conversions allocate).
                    let later = i + 1 < parts.len();
                    vals.push(if later {
                        self.materialize(s, &Type::Class(self.p.well_known.string))
                    } else {
                        s
                    });
                }
                let t = self.temp(&e.ty);
                self.line(&format!(
                    "{{ bb_string *parts[] = {{{}}}; {t} = bb_concatn(ctx, {}, parts); }}",
                    vals.join(", "),
                    vals.len()
                ));
                t
            }
            ExprKind::Assign { .. }
            | ExprKind::CompoundAssign { .. }
            | ExprKind::ConcatAssign { .. } => self.assign_like(e, true),
            ExprKind::IncDec { op, target } => self.incdec(*op, target, &e.ty),
            ExprKind::Conditional {
                cond,
                then_expr,
                else_expr,
            } => {
                let c = self.expr(cond);
                let t = self.temp(&e.ty);
                self.line(&format!("if ({c}) {{"));
                self.indent += 1;
                let x = self.expr(then_expr);
                self.line(&format!("{t} = {x};"));
                self.indent -= 1;
                self.line("} else {");
                self.indent += 1;
                let y = self.expr(else_expr);
                self.line(&format!("{t} = {y};"));
                self.indent -= 1;
                self.line("}");
                t
            }
            ExprKind::Convert(x) => {
                let v = self.expr(x);
                self.convert(v, &x.ty, &e.ty)
            }
            ExprKind::Widen(x) => self.expr(x),
            ExprKind::CheckedCast(x) => {
                let v = self.expr(x);
                let cls = self.ids.of_type(self.p, &e.ty);
                format!("bb_checkcast(ctx, {v}, {cls}, {})", self.loc(e.span))
            }
            ExprKind::InstanceOf { operand, target } => {
                let v = self.expr(operand);
                let cls = self.ids.of_type(self.p, target);
                format!("bb_instanceof(ctx, {v}, {cls})")
            }
        }
    }

    pub(super) fn constant(&mut self, c: &ConstValue) -> String {
        match c {
            ConstValue::Bool(b) => if *b { "1" } else { "0" }.into(),
            ConstValue::Char(c) => format!("((bb_char){c})"),
            ConstValue::Byte(b) => format!("((bb_byte){b})"),
            ConstValue::Short(s) => format!("((bb_short){s})"),
            ConstValue::Int(i) => {
                if *i == i32::MIN {
                    "((bb_int)(-2147483647 - 1))".into()
                } else {
                    format!("((bb_int){i})")
                }
            }
            ConstValue::Long(l) => {
                if *l == i64::MIN {
                    "((bb_long)(-9223372036854775807LL - 1))".into()
                } else {
                    format!("((bb_long){l}LL)")
                }
            }
            ConstValue::Float(f) => c_float(*f),
            ConstValue::Double(d) => c_double(*d),
            ConstValue::String(s) => {
                let i = self.strings.intern(s);
                format!("((void *)BB_STR(ctx, {i}))")
            }
            ConstValue::Null => "NULL".into(),
        }
    }

    /// Java's primitive conversion of a C value from one type to another.
    pub(super) fn convert(&mut self, v: String, from: &Type, to: &Type) -> String {
        if from == to || !to.is_primitive() {
            return v;
        }
        let ct = c_type(to);
        match (from, to) {
            (Type::Float, Type::Int) => format!("bb_f2i({v})"),
            (Type::Double, Type::Int) => format!("bb_d2i({v})"),
            (Type::Float, Type::Long) => format!("bb_f2l({v})"),
            (Type::Double, Type::Long) => format!("bb_d2l({v})"),
            (Type::Float, Type::Byte | Type::Short | Type::Char) => format!("(({ct})bb_f2i({v}))"),
            (Type::Double, Type::Byte | Type::Short | Type::Char) => format!("(({ct})bb_d2i({v}))"),
            _ => format!("(({ct})({v}))"),
        }
    }

    /// An array and its index, evaluated in Java's order. The index is
    /// computed in 64 bits when it is int arithmetic ([`wide_index`]).
    pub(super) fn index_parts(&mut self, array: &Expr, index: &Expr) -> (String, Index) {
        let a = self.expr(array);
        let a = if has_effects(index) {
            self.materialize(a, &array.ty)
        } else {
            a
        };
        let i = self.index(index);
        (a, i)
    }

    /// An index expression: int arithmetic in 64 bits (so that the C
    /// compiler, under `-fwrapv`, still sees array addresses as affine in
    /// the loop variables), anything else as an int.
    pub(super) fn index(&mut self, e: &Expr) -> Index {
        if wide_node(e) {
            Index::Wide(self.wide(e))
        } else {
            Index::Int(self.expr(e))
        }
    }

    /// `e` computed exactly in 64 bits where [`wide_node`] allows, as a
    /// wrapped int elsewhere. Operands are evaluated in Java's order, as
    /// [`Gen::binary`] does.
    pub(super) fn wide(&mut self, e: &Expr) -> String {
        if let (true, ExprKind::Binary { op, lhs, rhs }) = (wide_node(e), &e.kind) {
            let l = self.wide(lhs);
            let l = if has_effects(rhs) {
                self.materialize(l, &Type::Long)
            } else {
                l
            };
            let r = self.wide(rhs);
            return format!("(({l}) {} ({r}))", op.symbol());
        }
        let v = self.expr(e);
        format!("((int64_t)({v}))")
    }

    /// The index to use in `a[...]` after the null check and, when bounds
    /// checks are on, the bounds check.
    pub(super) fn checked_index(&mut self, a: &str, i: &Index, span: Span) -> String {
        let loc = self.loc(span);
        match (self.opts.bounds_checks, i) {
            (true, Index::Int(i)) => format!("bb_index(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})"),
            (true, Index::Wide(i)) => {
                format!("bb_index64(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})")
            }
            (false, Index::Int(i) | Index::Wide(i)) => {
                self.line(&format!("(void)bb_nn(ctx, {a}, {loc});"));
                i.clone()
            }
        }
    }

    pub(super) fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr, e: &Expr) -> String {
        use BinOp::*;
        if matches!(op, And | Or) {
            let l = self.expr(lhs);
            return self.short_circuit(op, l, rhs, |g| g.temp(&Type::Boolean));
        }
        let l = self.expr(lhs);
        let l = if has_effects(rhs) {
            self.materialize(l, &lhs.ty)
        } else {
            l
        };
        let r = self.expr(rhs);
        self.binary_values(op, &l, &r, &lhs.ty, e.span)
    }

    /// A binary operation on evaluated operands of (promoted) type `ty`.
    pub(super) fn binary_values(
        &mut self,
        op: BinOp,
        l: &str,
        r: &str,
        ty: &Type,
        span: Span,
    ) -> String {
        use BinOp::*;
        let loc = self.loc(span);
        match op {
            Div | Rem if ty.is_integral() => {
                let f = match (op, ty) {
                    (Div, Type::Long) => "bb_ldiv",
                    (Rem, Type::Long) => "bb_lrem",
                    (Div, _) => "bb_idiv",
                    _ => "bb_irem",
                };
                format!("{f}(ctx, {l}, {r}, {loc})")
            }
            Rem if *ty == Type::Float => format!("fmodf({l}, {r})"),
            Rem => format!("fmod({l}, {r})"),
            Shl | Shr | UShr => {
                let (bits, ut, st) = if *ty == Type::Long {
                    (63, "uint64_t", "bb_long")
                } else {
                    (31, "uint32_t", "bb_int")
                };
                match op {
                    Shl => format!("(({st})(({ut})({l}) << (({r}) & {bits})))"),
                    Shr => format!("(({st})({l}) >> (({r}) & {bits}))"),
                    _ => format!("(({st})(({ut})({l}) >> (({r}) & {bits})))"),
                }
            }
            _ => {
                let sym = op.symbol();
                if matches!(op, Eq | Ne) && (ty.is_reference() || *ty == Type::Tag) {
                    format!("((void *)({l}) {sym} (void *)({r}))")
                } else {
                    format!("(({l}) {sym} ({r}))")
                }
            }
        }
    }

    /// A value converted to a String for concatenation, by Java's rules.
    pub(super) fn string_of(&mut self, e: &Expr) -> String {
        if let ExprKind::Const(ConstValue::String(s)) = &e.kind {
            let i = self.strings.intern(s);
            return format!("BB_STR(ctx, {i})");
        }
        let v = self.expr(e);
        match &e.ty {
            Type::Boolean => format!("bb_String_valueOfBoolean(ctx, {v})"),
            Type::Char => format!("bb_String_valueOfChar(ctx, {v})"),
            Type::Byte | Type::Short | Type::Int => format!("bb_String_valueOfInt(ctx, {v})"),
            Type::Long => format!("bb_String_valueOfLong(ctx, {v})"),
            Type::Float => format!("bb_String_valueOfFloat(ctx, {v})"),
            Type::Double => format!("bb_String_valueOfDouble(ctx, {v})"),
            Type::Class(c) if *c == self.p.well_known.string => {
                format!("bb_String_valueOfString(ctx, {v})")
            }
            Type::Null => "bb_String_valueOfString(ctx, NULL)".into(),
            _ => match self.natives.string_value_of_object {
                Some(m) => format!("{}(ctx, {v})", method_name(m)),
                None => format!("bb_String_valueOfString(ctx, {v})"),
            },
        }
    }
}
