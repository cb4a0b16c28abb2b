//! Calls and object creation lowered to C: static, virtual, direct and
//! native calls, and `new` with its flags and tags. In: HIR calls; out: C
//! lines plus the C value of the call.

use super::*;

impl Gen<'_> {
    pub(super) fn call(
        &mut self,
        kind: CallKind,
        m: MethodId,
        receiver: Option<&Expr>,
        args: &[Expr],
        e: &Expr,
    ) -> String {
        if let Some(v) = self.parse_of_new_string(m, args, e) {
            return v;
        }
        let md = self.p.method(m);
        let recv = match receiver {
            Some(r) => {
                let v = self.expr(r);
                let v = if args.iter().any(has_effects) {
                    self.materialize(v, &r.ty)
                } else {
                    v
                };
                Some((v, matches!(r.kind, ExprKind::This), r.ty.clone()))
            }
            None => None,
        };
        let mut vals = self.args(args);
        let loc = self.loc(e.span);
        let callee_class = &self.p.class(md.class);
        // Calls on final classes (String), non-virtual calls and calls to
        // methods no subclass overrides (class-hierarchy analysis) go direct.
        let receiver_final = recv
            .as_ref()
            .is_some_and(|(_, _, t)| *t == Type::Class(self.p.well_known.string));
        let monomorphic = !md.is_abstract && !self.overridden[m.0 as usize];
        let direct =
            kind != CallKind::Virtual || receiver_final || monomorphic || md.vtable_slot.is_none();
        let mut native = md.is_native.then(|| self.natives.symbol(m).to_string());
        let how = match &native {
            Some(sym) if direct => natives::located(sym),
            _ => Located::Store,
        };
        // Library methods that may fail report the caller's line; the pure
        // math functions and the natives of `natives::located` keep hot
        // loops free of the store.
        if let Located::Argument(variant) = how {
            // The library's own calls pass no location (BB_LOC_NONE): its
            // errors keep the user's line already stored.
            vals.push(if self.in_stdlib {
                "BB_LOC_NONE".into()
            } else {
                loc.clone()
            });
            native = Some(variant);
        } else if !self.in_stdlib
            && callee_class.is_stdlib
            && !matches!(callee_class.name.as_str(), "Math" | "StrictMath")
            && !matches!(how, Located::Never)
        {
            self.line(&format!("ctx->loc = {loc};"));
        }
        let recv_s = recv.as_ref().map(|(v, is_this, _)| {
            if *is_this {
                v.clone()
            } else {
                format!("bb_nn(ctx, {v}, {loc})")
            }
        });
        let mut argv = vec!["ctx".to_string()];
        if !md.is_static {
            argv.push(recv_s.clone().unwrap_or_else(|| "self".into()));
        }
        argv.extend(vals);
        let call = if direct {
            let name = native.unwrap_or_else(|| method_name(m));
            format!("{name}({})", argv.join(", "))
        } else {
            let slot = md.vtable_slot.unwrap_or(0);
            let r = self.materialize(
                recv_s.unwrap_or_else(|| "self".into()),
                &Type::Class(md.class),
            );
            argv[1] = r.clone();
            let mut fty = format!("{} (*)(bb_ctx *, void *", c_type(&md.ret));
            for &l in &md.params {
                write!(fty, ", {}", c_type(&md.locals[l.0 as usize].ty)).unwrap();
            }
            fty.push(')');
            format!(
                "(({fty})(ctx->classes[((bb_object *){r})->cls]->vtable[{slot}]))({})",
                argv.join(", ")
            )
        };
        if md.ret == Type::Void {
            self.line(&format!("{call};"));
            String::new()
        } else {
            self.materialize(call, &md.ret)
        }
    }

    /// `Double.parseDouble(new String(chars, offset, count))` parses the
    /// chars where they are: the String, garbage as soon as it is parsed,
    /// is not made (the runtime makes it only for an exception's message).
    /// Programs that read numbers out of their input this way (KMeans)
    /// would otherwise allocate one String per number.
    pub(super) fn parse_of_new_string(
        &mut self,
        m: MethodId,
        args: &[Expr],
        e: &Expr,
    ) -> Option<String> {
        if !self.p.method(m).is_native || self.natives.symbol(m) != "bb_Double_parseDouble" {
            return None;
        }
        let [Expr {
            kind:
                ExprKind::New {
                    ctor,
                    args: inner,
                    alloc: None,
                    ..
                },
            ..
        }] = args
        else {
            return None;
        };
        if self.natives.runtime_constructor(*ctor) != Some("bb_String_newFromChars3") {
            return None;
        }
        let vals = self.args(inner);
        if !self.in_stdlib {
            let loc = self.loc(e.span);
            self.line(&format!("ctx->loc = {loc};"));
        }
        Some(self.materialize(
            format!("bb_Double_parseDouble_chars(ctx, {})", vals.join(", ")),
            &Type::Double,
        ))
    }

    pub(super) fn new_object(
        &mut self,
        class: ClassId,
        ctor: MethodId,
        args: &[Expr],
        alloc: Option<&AllocState>,
        e: &Expr,
    ) -> String {
        let vals = self.args(args);
        let t = self.temp(&e.ty);
        if !self.in_stdlib && self.p.class(class).is_stdlib {
            let loc = self.loc(e.span);
            self.line(&format!("ctx->loc = {loc};"));
        }
        if let Some(sym) = self.natives.runtime_constructor(ctor) {
            let mut argv = vec!["ctx".to_string()];
            argv.extend(vals);
            self.line(&format!("{t} = {sym}({});", argv.join(", ")));
            return t;
        }
        let cls = self.ids.class(class);
        self.line(&format!(
            "{t} = bb_new(ctx, {cls}, {});",
            object_size(self.p, class)
        ));
        let mut argv = vec!["ctx".to_string(), t.clone()];
        argv.extend(vals);
        if self
            .p
            .method(ctor)
            .body
            .as_ref()
            .is_some_and(|b| !b.stmts.is_empty())
        {
            self.line(&format!("{}({});", method_name(ctor), argv.join(", ")));
        }
        if let Some(a) = alloc {
            let loc = self.loc(e.span);
            for tag in &a.tags {
                self.line(&format!("bb_tag_bind(ctx, {t}, l{}, {loc});", tag.0));
            }
            self.line(&format!(
                "bb_task_object(ctx, {t}, {:#x}ull, {});",
                a.flags, a.site.0
            ));
        }
        t
    }
}
