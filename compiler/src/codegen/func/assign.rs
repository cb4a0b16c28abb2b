//! Assignments lowered to C: the place written (checked in Java's order),
//! compound assignments and increments. In: HIR assignments; out: C lines
//! plus the C value when it is used.

use super::*;

impl Gen<'_> {
    /// The place an assignment writes: a C lvalue, after evaluating its
    /// parts (and checking them when `check_now`).
    pub(super) fn place(
        &mut self,
        target: &Expr,
        value_has_effects: bool,
    ) -> (String, Option<(String, Span)>) {
        match &target.kind {
            ExprKind::Local(l) => (format!("l{}", l.0), None),
            ExprKind::StaticField(f) => (format!("G{}", f.0), None),
            ExprKind::Field { object, field } => {
                let o = self.expr(object);
                let o = if value_has_effects {
                    self.materialize(o, &object.ty)
                } else {
                    o
                };
                let f = self.p.field(*field);
                let is_this = matches!(object.kind, ExprKind::This);
                let lv = format!(
                    "(({} *)({o}))->{}",
                    struct_name(f.class),
                    field_name(*field)
                );
                (lv, (!is_this).then_some((o, target.span)))
            }
            ExprKind::Index { array, index } => {
                let a = self.expr(array);
                let a = self.materialize(a, &array.ty);
                let (i, check) = match self.index(index) {
                    Index::Int(i) => (self.materialize(i, &Type::Int), "bb_index"),
                    Index::Wide(i) => (self.materialize(i, &Type::Long), "bb_index64"),
                };
                let elem = array.ty.element().cloned().unwrap_or(Type::Error);
                let loc = self.loc(target.span);
                let idx = if self.opts.bounds_checks {
                    // The check happens after the value is evaluated (JLS
                    // 15.26.1); the index is recomputed by the caller.
                    format!("{check}(ctx, bb_nn(ctx, {a}, {loc}), {i}, {loc})")
                } else {
                    format!("(bb_nn(ctx, {a}, {loc}), {i})")
                };
                (
                    format!(
                        "(({} *)bb_array_data((bb_array *)({a})))[{idx}]",
                        elem_c_type(&elem)
                    ),
                    None,
                )
            }
            _ => ("/* unassignable */ (void)0".into(), None),
        }
    }

    pub(super) fn assign_like(&mut self, e: &Expr, want_value: bool) -> String {
        match &e.kind {
            ExprKind::Assign { target, value } => {
                let (lv, check) = self.place(target, has_effects(value));
                let v = self.expr(value);
                let v = if want_value || check.is_some() {
                    self.materialize(v, &value.ty)
                } else {
                    v
                };
                if let Some((o, span)) = check {
                    let loc = self.loc(span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                if let (ExprKind::Index { array, .. }, true) =
                    (&target.kind, value.ty.is_reference())
                {
                    if array.ty.element().is_some_and(
                        |t| matches!(t, Type::Class(c) if *c != self.p.well_known.object),
                    ) {
                        let a = self.expr(array);
                        let loc = self.loc(target.span);
                        self.line(&format!("bb_storecheck(ctx, {a}, {v}, {loc});"));
                    }
                }
                self.line(&format!("{lv} = {v};"));
                v
            }
            ExprKind::CompoundAssign {
                op,
                op_type,
                target,
                value,
            } => {
                let (lv, check) = self.place(target, true);
                if let Some((o, span)) = &check {
                    let loc = self.loc(*span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                // Read the old value first (the place may be an element).
                let ptr = self.temp(&Type::Error);
                self.temps.last_mut().unwrap().1 = "void *";
                self.line(&format!("{ptr} = (void *)&{lv};"));
                let tty = target.ty.clone();
                let old = self.materialize(format!("*({} *){ptr}", c_type(&tty)), &tty);
                let oldc = self.convert(old, &tty, op_type);
                let oldc = self.materialize(oldc, op_type);
                let v = self.expr(value);
                let r = self.binary_values(*op, &oldc, &v, op_type, e.span);
                let res = self.convert(r, op_type, &tty);
                let res = self.materialize(res, &tty);
                self.line(&format!("*({} *){ptr} = {res};", c_type(&tty)));
                res
            }
            ExprKind::ConcatAssign { target, value } => {
                let (lv, check) = self.place(target, true);
                if let Some((o, span)) = &check {
                    let loc = self.loc(*span);
                    self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
                }
                let ptr = self.temp(&Type::Error);
                self.temps.last_mut().unwrap().1 = "void *";
                self.line(&format!("{ptr} = (void *)&{lv};"));
                let string = Type::Class(self.p.well_known.string);
                let old = self.materialize(
                    format!("bb_String_valueOfString(ctx, *(void **){ptr})"),
                    &string,
                );
                let v = self.string_of(value);
                let res = self.materialize(format!("bb_concat(ctx, {old}, {v})"), &string);
                self.line(&format!("*(void **){ptr} = {res};"));
                res
            }
            _ => self.expr(e),
        }
    }

    pub(super) fn incdec(&mut self, op: IncDec, target: &Expr, ty: &Type) -> String {
        let (lv, check) = self.place(target, false);
        if let Some((o, span)) = &check {
            let loc = self.loc(*span);
            self.line(&format!("(void)bb_nn(ctx, {o}, {loc});"));
        }
        let ptr = self.temp(&Type::Error);
        self.temps.last_mut().unwrap().1 = "void *";
        self.line(&format!("{ptr} = (void *)&{lv};"));
        let ct = c_type(ty);
        let old = self.materialize(format!("*({ct} *){ptr}"), ty);
        let delta = if matches!(op, IncDec::PreInc | IncDec::PostInc) {
            "+ 1"
        } else {
            "- 1"
        };
        let new = self.materialize(format!("({ct})({old} {delta})"), ty);
        self.line(&format!("*({ct} *){ptr} = {new};"));
        match op {
            IncDec::PreInc | IncDec::PreDec => new,
            _ => old,
        }
    }
}
