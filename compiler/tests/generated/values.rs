//! Expressions by kind of value: numbers, strings, objects (with
//! receivers and downcasts), arrays, tags and allocation blocks.

use super::*;

impl Gen<'_> {
    pub(crate) fn numeric(&mut self, cx: &Ctx, p: P, d: u32) -> E {
        let want = Ty::P(p);
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(pl) if self.chance(60) => E::atom(pl.s, pl.ty),
                _ => self.lit(p),
            };
        }
        let d1 = d - 1;
        let narrower: Vec<P> = NUMERIC
            .iter()
            .copied()
            .filter(|&q| q != p && widens(q, p))
            .collect();
        match self.below(20) {
            0 => self.lit(p),
            1 if !narrower.is_empty() => {
                let q = self.pick(&narrower);
                self.numeric(cx, q, d1)
            }
            2..=4 if p.arith() => {
                let l = self.numeric(cx, p, d1);
                let r = self.numeric(cx, p, d1);
                let (op, prec) = self.pick(&[
                    ("+", P_ADD),
                    ("-", P_ADD),
                    ("*", P_MUL),
                    ("/", P_MUL),
                    ("%", P_MUL),
                ]);
                let ty = match (&l.ty, &r.ty) {
                    (Ty::P(a), Ty::P(b)) => Ty::P(promote2(*a, *b)),
                    _ => want.clone(),
                };
                bin(&l, op, &r, prec, ty)
            }
            5 if p == P::Int || p == P::Long => {
                let l = self.numeric(cx, p, d1);
                let r = self.numeric(cx, p, d1);
                let (op, prec) = self.pick(&[("&", P_BAND), ("|", P_BOR), ("^", P_XOR)]);
                bin(&l, op, &r, prec, want)
            }
            6 if p == P::Int || p == P::Long => {
                let l = self.numeric(cx, p, d1);
                let rp = if self.chance(30) { P::Long } else { P::Int };
                let r = self.numeric(cx, rp, d1);
                let op = self.pick(&["<<", ">>", ">>>"]);
                let ty = match l.ty {
                    Ty::P(a) => Ty::P(promote(a)),
                    _ => want.clone(),
                };
                bin(&l, op, &r, P_SHIFT, ty)
            }
            7 if p.arith() => {
                let ops: &[&str] = if p == P::Int || p == P::Long {
                    &["-", "+", "~"]
                } else {
                    &["-", "+"]
                };
                let op = self.pick(ops);
                let e = self.numeric(cx, p, d1);
                let ty = match e.ty {
                    Ty::P(a) => Ty::P(promote(a)),
                    _ => want.clone(),
                };
                E {
                    s: format!("{op} {}", e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty,
                }
            }
            8 | 9 => {
                let q = self.pick(&NUMERIC);
                let e = self.numeric(cx, q, d1);
                E {
                    s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: want,
                }
            }
            10 => self.conditional(cx, &want, d),
            11 => match self.call(
                cx,
                &|_, t| matches!(t, Some(Ty::P(q)) if *q != P::Boolean && widens(*q, p)),
                d1,
            ) {
                Some(e) => e,
                None => self.lit(p),
            },
            12 => {
                // ++ and -- on a variable, field or array element.
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean && widens(*q, p));
                match self.lvalue(cx, &ok, d1) {
                    Some(pl) => {
                        let op = self.pick(&["++", "--"]);
                        if self.chance(50) {
                            E {
                                s: format!("{op} {}", pl.s),
                                prec: P_UNARY,
                                ty: pl.ty,
                            }
                        } else {
                            E {
                                s: format!("{} {op}", pl.s),
                                prec: P_PRIMARY,
                                ty: pl.ty,
                            }
                        }
                    }
                    None => self.lit(p),
                }
            }
            13 if p.arith() => {
                let s = self.string(cx, d1);
                let m = match self.below(5) {
                    0 => "length ( )".to_string(),
                    1 => format!("indexOf ( {} )", self.string(cx, d1).s),
                    2 => format!("compareTo ( {} )", self.string(cx, d1).s),
                    3 => "hashCode ( )".to_string(),
                    _ => format!("lastIndexOf ( {} )", self.numeric(cx, P::Char, d1).s),
                };
                E::atom(format!("{} . {m}", s.at(P_PRIMARY)), Ty::P(P::Int))
            }
            14 if widens(P::Char, p) => {
                let s = self.string(cx, d1);
                let i = self.index(cx, d1);
                E::atom(
                    format!("{} . charAt ( {} )", s.at(P_PRIMARY), i.s),
                    Ty::P(P::Char),
                )
            }
            15 if p.arith() => {
                // An array's length, or one of its elements.
                let ok = |t: &Ty| matches!(t, Ty::Arr(_));
                match self.place_of_pred(cx, &ok) {
                    Some(pl) => match &pl.ty {
                        Ty::Arr(e)
                            if matches!(**e, Ty::P(q) if q != P::Boolean && widens(q, p))
                                && self.chance(60) =>
                        {
                            let i = self.index(cx, d1);
                            E::atom(format!("{} [ {} ]", pl.s, i.s), (**e).clone())
                        }
                        _ => E::atom(format!("{} . length", pl.s), Ty::P(P::Int)),
                    },
                    None => self.lit(p),
                }
            }
            16 if matches!(p, P::Int | P::Long | P::Double) => {
                let a = self.numeric(cx, p, d1);
                let b = self.numeric(cx, p, d1);
                let s = match (p, self.below(4)) {
                    (_, 0) => format!("Math . max ( {} , {} )", a.s, b.s),
                    (_, 1) => format!("Math . min ( {} , {} )", a.s, b.s),
                    (_, 2) => format!("Math . abs ( {} )", a.s),
                    (P::Double, _) => format!(
                        "Math . {} ( {} )",
                        self.pick(&["sqrt", "floor", "ceil", "sin", "exp"]),
                        a.s
                    ),
                    (P::Int, _) => format!("Integer . parseInt ( {} )", self.string(cx, d1).s),
                    _ => format!("Math . round ( {} )", self.numeric(cx, P::Double, d1).s),
                };
                E::atom(s, want)
            }
            17 => {
                // An assignment used as an expression.
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean && widens(*q, p));
                match self.lvalue(cx, &ok, d1) {
                    Some(pl) => {
                        let op = if pl.ty == Ty::P(P::Float) || pl.ty == Ty::P(P::Double) {
                            self.pick(&["=", "+=", "*=", "-="])
                        } else {
                            self.pick(&["=", "+=", "*=", "-=", "|=", "<<="])
                        };
                        let rt = if op == "=" {
                            pl.ty.clone()
                        } else if op == "|=" || op == "<<=" {
                            Ty::P(P::Int)
                        } else {
                            Ty::P(P::Double)
                        };
                        let r = self.expr(cx, &rt, d1);
                        E::atom(format!("( {} {op} {} )", pl.s, r.at(P_ASSIGN)), pl.ty)
                    }
                    None => self.lit(p),
                }
            }
            18 => {
                let e = self.numeric(cx, p, d1);
                E::atom(format!("( {} )", e.s), e.ty)
            }
            _ => match self.place_of(cx, &want, false) {
                Some(pl) => E::atom(pl.s, pl.ty),
                None => self.lit(p),
            },
        }
    }

    pub(crate) fn place_of_pred(&mut self, cx: &Ctx, ok: &dyn Fn(&Ty) -> bool) -> Option<Place> {
        let mut ps: Vec<Place> = self.places(cx).into_iter().filter(|p| ok(&p.ty)).collect();
        if ps.is_empty() {
            None
        } else {
            let i = self.below(ps.len());
            Some(ps.swap_remove(i))
        }
    }

    pub(crate) fn string(&mut self, cx: &Ctx, d: u32) -> E {
        let want = Ty::Str;
        if d == 0 || !self.chance(80) {
            return match self.place_of(cx, &want, false) {
                Some(p) if self.chance(60) => E::atom(p.s, want),
                _ => self.str_lit(),
            };
        }
        let d1 = d - 1;
        match self.below(13) {
            0 => self.str_lit(),
            1..=3 => {
                let s = self.typed(cx, &Ty::Str, d1);
                let a = self.any(cx, d1);
                if self.chance(50) {
                    bin(&s, "+", &a, P_ADD, want)
                } else {
                    bin(&a, "+", &s, P_ADD, want)
                }
            }
            4 => {
                let t = match self.below(3) {
                    0 => Ty::P(self.pick_prim()),
                    1 => Ty::Object,
                    _ => Ty::arr(Ty::P(P::Char)),
                };
                let a = self.typed(cx, &t, d1);
                E::atom(format!("String . valueOf ( {} )", a.s), want)
            }
            5 => {
                let s = self.string(cx, d1);
                let m = match self.below(6) {
                    0 => format!("substring ( {} )", self.index(cx, d1).s),
                    1 => format!(
                        "substring ( {} , {} )",
                        self.index(cx, d1).s,
                        self.index(cx, d1).s
                    ),
                    2 => "toUpperCase ( )".into(),
                    3 => "trim ( )".into(),
                    4 => format!("concat ( {} )", self.string(cx, d1).s),
                    _ => "toLowerCase ( )".into(),
                };
                E::atom(format!("{} . {m}", s.at(P_PRIMARY)), want)
            }
            6 => self.conditional(cx, &want, d),
            7 => match self.call(cx, &|_, t| t == Some(&Ty::Str), d1) {
                Some(e) => e,
                None => self.str_lit(),
            },
            8 => {
                let mut s = "new StringBuilder ( )".to_string();
                for _ in 0..1 + self.below(3) {
                    let t = self.pick_type(false);
                    let a = self.typed(cx, &t, d1);
                    s = format!("{s} . append ( {} )", a.s);
                }
                E::atom(format!("{s} . toString ( )"), want)
            }
            9 => {
                // toString() on some object.
                let c = self.pick_class();
                match self.receiver(cx, c, d1) {
                    Some(r) => E::atom(format!("{} . toString ( )", r.s), want),
                    None => self.str_lit(),
                }
            }
            10 => {
                let e = self.string(cx, d1);
                E::atom(format!("( {} )", e.s), want)
            }
            11 => E {
                s: "( String ) null".into(),
                prec: P_UNARY,
                ty: want,
            },
            _ => {
                let ok = |t: &Ty| *t == Ty::arr(Ty::Str);
                match self.place_of_pred(cx, &ok) {
                    Some(pl) => {
                        let i = self.index(cx, d1);
                        E::atom(format!("{} [ {} ]", pl.s, i.s), want)
                    }
                    None => self.str_lit(),
                }
            }
        }
    }

    /// A non-null expression of class `c` (or below) usable before `.`.
    pub(crate) fn receiver(&mut self, cx: &Ctx, c: usize, d: u32) -> Option<E> {
        if let (true, Some(k)) = (cx.instance, cx.class) {
            if self.is_sub(k, c) && self.chance(30) {
                return Some(E::atom("this", Ty::Class(k)));
            }
        }
        let ok = |t: &Ty| matches!(t, Ty::Class(k) if self.is_sub(*k, c));
        let ps: Vec<Place> = self.places(cx).into_iter().filter(|p| ok(&p.ty)).collect();
        if !ps.is_empty() && self.chance(70) {
            let i = self.below(ps.len());
            let p = &ps[i];
            return Some(E::atom(p.s.clone(), p.ty.clone()));
        }
        let ks = self.constructible(c, cx.rank, d);
        if ks.is_empty() {
            return None;
        }
        let k = self.pick(&ks);
        self.new_object(cx, k, d)
    }

    pub(crate) fn object_of(&mut self, cx: &Ctx, c: usize, d: u32) -> E {
        let want = Ty::Class(c);
        if d == 0 || !self.chance(80) {
            if let Some(p) = self.place_of(cx, &want, false) {
                if self.chance(60) {
                    return E::atom(p.s, p.ty);
                }
            }
            let ks = self.constructible(c, cx.rank, 0);
            if !ks.is_empty() && self.chance(70) {
                let k = self.pick(&ks);
                return self.new_object(cx, k, 0).unwrap();
            }
            return E::atom("null", Ty::Null);
        }
        let ks = self.constructible(c, cx.rank, d - 1);
        let d1 = d - 1;
        match self.below(8) {
            0 | 1 if !ks.is_empty() => {
                let k = self.pick(&ks);
                self.new_object(cx, k, d1).unwrap()
            }
            2 => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, p.ty),
                None => E::atom("null", Ty::Null),
            },
            3 => {
                if let (true, Some(k)) = (cx.instance, cx.class) {
                    if self.is_sub(k, c) {
                        return E::atom("this", Ty::Class(k));
                    }
                }
                E::atom("null", Ty::Null)
            }
            4 => self.conditional(cx, &want, d),
            5 => match self.call(
                cx,
                &|g, t| matches!(t, Some(t) if g.assignable(t, &Ty::Class(c)) && *t != Ty::Null),
                d1,
            ) {
                Some(e) => e,
                None => E::atom("null", Ty::Null),
            },
            6 => {
                // A downcast from an ancestor (or Object).
                let anc = self.chain(c);
                let a = self.pick(&anc);
                let from = if a == c || self.chance(30) {
                    Ty::Object
                } else {
                    Ty::Class(a)
                };
                let e = self.expr(cx, &from, d1);
                let name = self.classes[c].name.clone();
                if self.castable(&e.ty, &want) {
                    E {
                        s: format!("( {name} ) {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: want,
                    }
                } else {
                    E {
                        s: format!("( {name} ) ( Object ) {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: want,
                    }
                }
            }
            _ => E::atom("null", Ty::Null),
        }
    }

    pub(crate) fn object(&mut self, cx: &Ctx, d: u32) -> E {
        match self.below(7) {
            0 => E::atom("null", Ty::Null),
            1 | 2 => {
                let c = self.pick_class();
                self.object_of(cx, c, d)
            }
            3 => self.string(cx, d),
            4 => {
                let t = self.pick_type(false);
                if t.is_ref() || d == 0 {
                    let e = self.expr(cx, &t, d.saturating_sub(1));
                    if e.ty.is_ref() {
                        return E {
                            s: format!("( Object ) {}", e.at(P_UNARY)),
                            prec: P_UNARY,
                            ty: Ty::Object,
                        };
                    }
                }
                self.string(cx, d)
            }
            5 => match self.place_of(cx, &Ty::Object, false) {
                Some(p) => E::atom(p.s, p.ty),
                None => self.str_lit(),
            },
            _ => {
                let e = self.array(cx, &Ty::P(P::Int), d);
                if e.ty == Ty::Null {
                    self.str_lit()
                } else {
                    e
                }
            }
        }
    }

    pub(crate) fn array(&mut self, cx: &Ctx, elem: &Ty, d: u32) -> E {
        let want = Ty::arr(elem.clone());
        let (base, dims) = Self::base_dims(&want);
        let bs = self.ty_str(&base);
        let d1 = d.saturating_sub(1);
        match self.below(8) {
            0 | 1 => {
                let mut s = format!("new {bs}");
                let given = if dims > 1 && self.chance(50) { 1 } else { dims };
                for i in 0..dims {
                    if i < given {
                        let n = if d == 0 || !self.chance(40) {
                            self.below(5).to_string()
                        } else {
                            format!("{} & 7", self.numeric(cx, P::Int, d1).at(P_BAND))
                        };
                        s.push_str(&format!(" [ {n} ]"));
                    } else {
                        s.push_str(" [ ]");
                    }
                }
                E::atom(s, want)
            }
            2 => {
                let init = self.array_init(cx, elem, d1);
                E::atom(format!("new {} {init}", self.ty_str(&want)), want)
            }
            3 | 4 => match self.place_of(cx, &want, false) {
                Some(p) => E::atom(p.s, want),
                None => E::atom("null", Ty::Null),
            },
            5 if d > 0 => self.conditional(cx, &want, d),
            6 if d > 0 => match self.call(cx, &|_, t| t == Some(&want), d1) {
                Some(e) => e,
                None => E::atom("null", Ty::Null),
            },
            _ => {
                if *elem == Ty::P(P::Char) && d > 0 {
                    let s = self.string(cx, d1);
                    return E::atom(format!("{} . toCharArray ( )", s.at(P_PRIMARY)), want);
                }
                if *elem == Ty::Str && d > 0 {
                    let s = self.string(cx, d1);
                    let sep = self.pick(&["\",\"", "\"\"", "\"ab\""]);
                    return E::atom(format!("{} . split ( {sep} )", s.at(P_PRIMARY)), want);
                }
                E::atom("null", Ty::Null)
            }
        }
    }

    /// `{ e , e }` for an array of `elem`.
    pub(crate) fn array_init(&mut self, cx: &Ctx, elem: &Ty, d: u32) -> String {
        let n = self.below(4);
        let mut v = Vec::new();
        for _ in 0..n {
            match elem {
                Ty::Arr(inner) if self.chance(60) => {
                    v.push(self.array_init(cx, inner, d.saturating_sub(1)))
                }
                _ => v.push(self.expr(cx, elem, d).at(P_COND)),
            }
        }
        if v.is_empty() {
            "{ }".into()
        } else if self.chance(20) {
            format!("{{ {} , }}", v.join(" , "))
        } else {
            format!("{{ {} }}", v.join(" , "))
        }
    }

    pub(crate) fn tag(&mut self, cx: &Ctx) -> E {
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        if !tags.is_empty() && self.chance(40) {
            E::atom(self.pick(&tags), Ty::Tag)
        } else {
            E::atom(format!("new tag ( {} )", self.pick(&TAG_TYPES)), Ty::Tag)
        }
    }

    /// An initial value: an expression, or, where the task language allows
    /// it, an allocation block making a task object.
    pub(crate) fn value(&mut self, cx: &Ctx, want: &Ty, d: u32) -> E {
        if let Ty::Class(c) = want {
            if cx.alloc && !self.java && self.chance(30) {
                let ks = self.constructible(*c, cx.rank, d);
                if !ks.is_empty() {
                    let k = self.pick(&ks);
                    return self.allocation(cx, k, d);
                }
            }
        }
        self.expr(cx, want, d)
    }

    /// `new K ( args ) { flag actions }`, in either spelling.
    pub(crate) fn allocation(&mut self, cx: &Ctx, k: usize, d: u32) -> E {
        let e = self.new_object(cx, k, d).unwrap();
        let flags = self.all_flags(k);
        let mut acts: Vec<(String, bool)> = Vec::new();
        for f in flags {
            if self.chance(50) {
                let on = self.chance(70);
                acts.push((f, on));
            }
        }
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        let mut adds: Vec<String> = Vec::new();
        for t in tags {
            if self.chance(30) {
                adds.push(t);
            }
        }
        let brace = self.chance(50) && (adds.is_empty() || !acts.is_empty());
        let s = if brace {
            let fl: Vec<String> = acts
                .iter()
                .map(|(f, on)| if *on { f.clone() } else { format!("! {f}") })
                .collect();
            let mut s = format!("{} {{ {} }}", e.s, fl.join(" , "));
            if !adds.is_empty() {
                s.push_str(&format!(" {{ {} }}", adds.join(" , ")));
            }
            s
        } else {
            let mut items: Vec<String> =
                acts.iter().map(|(f, on)| format!("{f} := {on}")).collect();
            items.extend(adds.iter().map(|t| format!("add {t}")));
            format!("{} {{ {} }}", e.s, items.join(" , "))
        };
        E::atom(s.replace("{  }", "{ }"), Ty::Class(k))
    }
}
