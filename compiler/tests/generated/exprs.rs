//! Expressions of a wanted type: the dispatch, literals, `?:`, calls,
//! `new` and boolean expressions.

use super::*;

impl Gen<'_> {
    // -------------------------------------------------------- expressions

    pub(crate) fn expr(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        match want {
            Ty::P(P::Boolean) => self.boolean(cx, d),
            Ty::P(p) => self.numeric(cx, *p, d),
            Ty::Str => self.string(cx, d),
            Ty::Class(c) => self.object_of(cx, *c, d),
            Ty::Object => self.object(cx, d),
            Ty::Arr(e) => self.array(cx, e, d),
            Ty::Tag => self.tag(cx),
            Ty::Null => E::atom("null", Ty::Null),
        }
    }

    /// Like `expr`, but never the bare `null` literal (where overloading
    /// or string concatenation needs a type).
    pub(crate) fn typed(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        let e = self.expr(cx, want, d);
        if e.ty == Ty::Null {
            let t = if *want == Ty::Null {
                Ty::Object
            } else {
                want.clone()
            };
            E {
                s: format!("( {} ) null", self.ty_str(&t)),
                prec: P_UNARY,
                ty: t,
            }
        } else {
            e
        }
    }

    /// An expression of some type other than `tag` and `void`.
    pub(crate) fn any(&mut self, cx: &Ctx, d: u32) -> E {
        let t = self.pick_type(false);
        self.expr(cx, &t, d)
    }

    pub(crate) fn lit(&mut self, p: P) -> E {
        let s: &str = match p {
            P::Boolean => ["true", "false"][self.below(2)],
            P::Int => {
                if !self.chance(30) {
                    return E::atom(self.below(100).to_string(), Ty::P(P::Int));
                }
                match self.below(10) {
                    0 => "2147483647",
                    1 => "0x7fffffff",
                    2 => "0xFFFFFFFF",
                    3 => "0x80000000",
                    4 => "017",
                    5 => "0b1011",
                    6 => "0",
                    7 => "0XaB",
                    8 => {
                        return E {
                            s: "- 2147483648".into(),
                            prec: P_UNARY,
                            ty: Ty::P(P::Int),
                        }
                    }
                    _ => "'a'",
                }
            }
            P::Long => {
                if !self.chance(40) {
                    return E::atom(format!("{}L", self.below(1000)), Ty::P(P::Long));
                }
                match self.below(8) {
                    0 => "9223372036854775807L",
                    1 => "0x7fffffffffffffffL",
                    2 => "0xFFFFFFFFFFFFFFFFL",
                    3 => "077L",
                    4 => "0b1l",
                    5 => "4294967296L",
                    6 => {
                        return E {
                            s: "- 9223372036854775808L".into(),
                            prec: P_UNARY,
                            ty: Ty::P(P::Long),
                        }
                    }
                    _ => "12345678901L",
                }
            }
            P::Float => [
                "1.5f",
                "0f",
                "3.4028235E38f",
                "1e-3f",
                ".5f",
                "1.4E-45f",
                "2F",
                "100.0f",
            ][self.below(8)],
            P::Double => [
                "1.5",
                "0.0",
                "1e10",
                "1.0E-3",
                ".25",
                "2d",
                "1.7976931348623157E308",
                "4.9E-324",
                "3D",
                "6.02e+23",
                "1.5e-7d",
            ][self.below(11)],
            P::Char => [
                "'a'",
                "'Z'",
                "'\\n'",
                "'\\t'",
                "'\\''",
                "'\\\\'",
                "'\\u0041'",
                "'\\\"'",
                "'\\u00e9'",
                "'0'",
                "'\\0'",
                "'\\r'",
            ][self.below(12)],
            P::Byte => {
                return E {
                    s: format!("( byte ) {}", self.below(300)),
                    prec: P_UNARY,
                    ty: Ty::P(P::Byte),
                }
            }
            P::Short => {
                return E {
                    s: format!("( short ) {}", self.below(70000)),
                    prec: P_UNARY,
                    ty: Ty::P(P::Short),
                }
            }
        };
        E::atom(s, Ty::P(p))
    }

    pub(crate) fn str_lit(&mut self) -> E {
        let s = [
            "\"\"",
            "\"abc\"",
            "\"a\\tb\"",
            "\"q\\\"x\"",
            "\"\\\\\"",
            "\"\\u00e9t\\u00e9\"",
            "\"été\"",
            "\"x\\ny\"",
            "\"Hello,\"",
            "\"1,2,3\"",
            "\"中文\"",
            "\"\\101\"",
        ];
        E::atom(s[self.below(s.len())], Ty::Str)
    }

    /// `( c ) ? a : b` with both branches fitting `want`.
    pub(crate) fn conditional(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        let c = self.boolean(cx, d - 1);
        let a = self.expr(cx, want, d - 1);
        let bt = if a.ty == Ty::Null {
            want.clone()
        } else {
            a.ty.clone()
        };
        let b = self.expr(cx, &bt, d - 1);
        let ty = if a.ty == Ty::Null {
            b.ty.clone()
        } else {
            a.ty.clone()
        };
        E {
            s: format!("{} ? {} : {}", c.at(P_OR), a.at(P_COND), b.at(P_COND)),
            prec: P_COND,
            ty,
        }
    }

    /// A call of a user method whose result fits `ok` (None: void wanted or
    /// allowed), or None if there is no such method callable here.
    pub(crate) fn call(
        &mut self,
        cx: &Ctx,
        ok: &dyn Fn(&Gen, Option<&Ty>) -> bool,
        d: u32,
    ) -> Option<E> {
        #[derive(Clone)]
        enum R {
            Bare,
            This,
            Super,
            Static(usize),
            Var(String),
            New(usize),
        }
        let mut cands: Vec<(R, usize)> = Vec::new();
        let vars: Vec<(String, usize)> = cx
            .locals()
            .filter_map(|l| match l.ty {
                Ty::Class(k) => Some((l.name.clone(), k)),
                _ => None,
            })
            .collect();
        for (i, s) in self.slots.iter().enumerate() {
            if s.rank >= cx.rank || !ok(self, s.ret.as_ref()) {
                continue;
            }
            if s.is_static {
                if s.private && cx.class != Some(s.owner) {
                    continue;
                }
                cands.push((R::Static(s.owner), i));
                if cx.class.is_some_and(|c| self.chain(c).contains(&s.owner)) {
                    cands.push((R::Bare, i));
                }
                continue;
            }
            if let (true, Some(c)) = (cx.instance, cx.class) {
                if self.slot_visible(s, c, Some(c)) {
                    cands.push((R::Bare, i));
                    cands.push((R::This, i));
                }
                if let Some(sup) = self.classes[c].sup {
                    if self.slot_visible(s, sup, Some(c))
                        && self.slot_abstract_in(sup, i) == Some(false)
                    {
                        cands.push((R::Super, i));
                    }
                }
            }
            for (v, k) in &vars {
                if self.slot_visible(s, *k, cx.class) {
                    cands.push((R::Var(v.clone()), i));
                }
            }
            if d > 0 {
                for k in self.user_classes() {
                    if self.slot_visible(s, k, cx.class)
                        && !self.ctors_at(k, cx.rank, d - 1).is_empty()
                        && s.owner == k
                    {
                        cands.push((R::New(k), i));
                    }
                }
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (r, i) = cands.swap_remove(self.below(cands.len()));
        let name = self.slots[i].name.clone();
        let ptys: Vec<Ty> = self.slots[i].params.iter().map(|p| p.ty.clone()).collect();
        let recv = match r {
            R::Bare => String::new(),
            R::This => "this . ".into(),
            R::Super => "super . ".into(),
            R::Static(c) => format!("{} . ", self.classes[c].name),
            R::Var(v) => format!("{v} . "),
            R::New(k) => format!(
                "{} . ",
                self.new_object(cx, k, d.saturating_sub(1)).unwrap().s
            ),
        };
        let args = self.args(cx, &ptys, d);
        let ty = self.slots[i].ret.clone().unwrap_or(Ty::Null);
        Some(E::atom(format!("{recv}{name} ( {args} )"), ty))
    }

    pub(crate) fn args(&mut self, cx: &Ctx, tys: &[Ty], d: u32) -> String {
        let mut v = Vec::new();
        for t in tys {
            let e = self.expr(cx, t, d.saturating_sub(1));
            v.push(e.at(P_COND));
        }
        v.join(" , ")
    }

    /// `new K ( args )` with a constructor callable at this rank.
    pub(crate) fn new_object(&mut self, cx: &Ctx, k: usize, d: u32) -> Option<E> {
        let cs = self.ctors_at(k, cx.rank, d);
        if cs.is_empty() {
            return None;
        }
        let ci = self.pick(&cs);
        let ptys: Vec<Ty> = self.classes[k].ctors[ci]
            .params
            .iter()
            .map(|p| p.ty.clone())
            .collect();
        let args = self.args(cx, &ptys, d);
        Some(E::atom(
            format!("new {} ( {args} )", self.classes[k].name),
            Ty::Class(k),
        ))
    }

    pub(crate) fn boolean(&mut self, cx: &Ctx, d: u32) -> E {
        let want = Ty::P(P::Boolean);
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(p) if self.chance(60) => E::atom(p.s, want),
                _ => self.lit(P::Boolean),
            };
        }
        let d1 = d - 1;
        match self.below(14) {
            0 => self.lit(P::Boolean),
            1 | 2 => {
                let q = self.pick(&NUMERIC);
                let l = self.numeric(cx, q, d1);
                let r = self.numeric(cx, q, d1);
                let op = self.pick(&["<", "<=", ">", ">="]);
                bin(&l, op, &r, P_REL, want)
            }
            3 => {
                let op = self.pick(&["==", "!="]);
                match self.below(3) {
                    0 => {
                        let q = self.pick(&NUMERIC);
                        let l = self.numeric(cx, q, d1);
                        let r = self.numeric(cx, q, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                    1 => {
                        let l = self.boolean(cx, d1);
                        let r = self.boolean(cx, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                    _ => {
                        let t = match self.below(4) {
                            0 => Ty::Str,
                            1 => Ty::Object,
                            2 => Ty::arr(Ty::P(P::Int)),
                            _ => Ty::Class(self.pick_class()),
                        };
                        let l = self.expr(cx, &t, d1);
                        let rt = if l.ty == Ty::Null { t } else { l.ty.clone() };
                        let r = self.expr(cx, &rt, d1);
                        bin(&l, op, &r, P_EQ, want)
                    }
                }
            }
            4 | 5 => {
                let l = self.boolean(cx, d1);
                let r = self.boolean(cx, d1);
                let (op, prec) = self.pick(&[
                    ("&&", P_AND),
                    ("||", P_OR),
                    ("&", P_BAND),
                    ("|", P_BOR),
                    ("^", P_XOR),
                ]);
                bin(&l, op, &r, prec, want)
            }
            6 => {
                let e = self.boolean(cx, d1);
                E {
                    s: format!("! {}", e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: want,
                }
            }
            7 => self.conditional(cx, &want, d),
            8 => {
                let r = self.string(cx, d1);
                let call = match self.below(5) {
                    0 => {
                        let a = self.typed(cx, &Ty::Object, d1);
                        format!("equals ( {} )", a.s)
                    }
                    1 => format!("startsWith ( {} )", self.string(cx, d1).s),
                    2 => format!("endsWith ( {} )", self.string(cx, d1).s),
                    3 => format!("contains ( {} )", self.string(cx, d1).s),
                    _ => "isEmpty ( )".into(),
                };
                E::atom(format!("{} . {call}", r.at(P_PRIMARY)), want)
            }
            9 => {
                // instanceof: a class type related to the operand's.
                let c = self.pick_class();
                let e = self.expr(cx, &Ty::Class(c), d1);
                let cands: Vec<usize> = match e.ty {
                    Ty::Class(k) => self
                        .user_classes()
                        .into_iter()
                        .filter(|&x| self.is_sub(x, k) || self.is_sub(k, x))
                        .collect(),
                    _ => self.user_classes(),
                };
                let k = self.pick(&cands);
                E {
                    s: format!("{} instanceof {}", e.at(P_SHIFT), self.classes[k].name),
                    prec: P_REL,
                    ty: want,
                }
            }
            10 => {
                let e = self.object(cx, d1);
                let t = self.pick(&["String", "Object"]);
                let t = if e.ty == Ty::Str || e.ty == Ty::Object || e.ty == Ty::Null {
                    t
                } else {
                    "Object"
                };
                E {
                    s: format!("{} instanceof {t}", e.at(P_SHIFT)),
                    prec: P_REL,
                    ty: want,
                }
            }
            11 => match self.call(cx, &|_, t| t == Some(&Ty::P(P::Boolean)), d1) {
                Some(e) => e,
                None => self.lit(P::Boolean),
            },
            12 => {
                let e = self.boolean(cx, d1);
                E::atom(format!("( {} )", e.s), want)
            }
            _ => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, want),
                None => self.lit(P::Boolean),
            },
        }
    }
}
