//! Primitive-typed expressions: arithmetic, bitwise and shift operators,
//! casts, `?:`, assignments, comparisons and array reads, kept free of
//! division by zero and exceptions.

use super::*;

pub(crate) const SHIFTS: &[i64] = &[0, 1, 7, 8, 15, 16, 31, 32, 33, 63, 64, 65, -1, -31, 100];

impl Gen {
    // -----------------------------------------------------------------------
    // Expressions
    // -----------------------------------------------------------------------

    pub(crate) fn ex(&mut self, t: &T, d: u32) -> E {
        let e = match t {
            T::P(p) => self.ex_p(*p, d),
            T::Str => self.ex_str(d),
            T::NStr => self.ex_nstr(d),
            T::Obj(c) => self.ex_obj(*c, d),
            T::Arr(_) => self.ex_arr(t, d),
            T::Sb | T::Rnd => E::new(self.var_of(t).expect("no such variable"), PPRI, t.clone()),
        };
        if e.prec < PPRI && self.chance(0.04) {
            E {
                s: format!("({})", e.s),
                prec: PPRI,
                ..e
            }
        } else {
            e
        }
    }

    pub(crate) fn leaf(&mut self, p: P) -> E {
        let want = T::P(p);
        let rs = self.readables(&|t| t == &want);
        if !rs.is_empty() && self.chance(0.75) {
            let (s, ty, _, k) = self.pick(&rs);
            let mut e = E::new(s, PPRI, ty);
            e.konst = k;
            return e;
        }
        self.literal(p)
    }

    pub(crate) fn ex_p(&mut self, p: P, d: u32) -> E {
        if d == 0 {
            return self.leaf(p);
        }
        let imp = !self.pure_only && !self.const_only;
        let lib = !self.const_only;
        let num = p.numeric();
        let arith = matches!(p, Int | Long | Float | Double);
        let ws = [
            3,                                                  // 0 leaf
            if arith { 8 } else { 0 },                          // 1 arithmetic
            if matches!(p, Int | Long | Bool) { 3 } else { 0 }, // 2 bitwise
            if matches!(p, Int | Long) { 3 } else { 0 },        // 3 shift
            if arith || p == Bool { 2 } else { 0 },             // 4 unary
            if num { 4 } else { 0 },                            // 5 cast
            2,                                                  // 6 ?:
            if imp && num { 2 } else { 0 },                     // 7 ++/--
            if imp { 1 } else { 0 },                            // 8 =
            if imp { 1 } else { 0 },                            // 9 op=
            if imp { 3 } else { 0 },                            // 10 user call
            if lib { 4 } else { 0 },                            // 11 library
            if lib { 2 } else { 0 },                            // 12 array element
            if p == Bool { 7 } else { 0 },                      // 13 comparison
            if p == Bool { 3 } else { 0 },                      // 14 && ||
            if p == Bool && lib { 2 } else { 0 },               // 15 instanceof, ==
            if p == Int && imp { 1 } else { 0 },                // 16 tracer
        ];
        let k = self.weighted(&ws);
        let r = match k {
            1 => Some(self.arith(p, d)),
            2 => Some(self.bitwise(p, d)),
            3 => Some(self.shift(p, d)),
            4 => Some(self.unary(p, d)),
            5 => Some(self.cast(p, d)),
            6 => Some(self.ternary(&T::P(p), d)),
            7 => self.incdec(p),
            8 => self.assign_expr(&T::P(p), d),
            9 => self.compound_expr(&T::P(p), d),
            10 => self.user_call(&T::P(p), d),
            11 => self.lib_p(p, d),
            12 => self.array_read(&T::P(p), d),
            13 => Some(self.comparison(d)),
            14 => Some(self.logical(d)),
            15 => self.ref_test(d),
            16 => {
                let a = self.ex_p(Int, d - 1);
                Some(
                    E::new(format!("{}.tr({})", self.main, a.s), PPRI, T::P(Int))
                        .with(&[&a])
                        .impure(),
                )
            }
            _ => None,
        };
        match r {
            Some(e) => {
                debug_assert_eq!(e.ty, T::P(p), "{}", e.s);
                e
            }
            None => self.leaf(p),
        }
    }

    /// String concatenation `l + r`. javac folds constant operands of a
    /// concatenation into the text (even when the other operand is not
    /// constant: its `invokedynamic` recipe inlines constants) with the
    /// compiling JDK's number-to-text conversion, which before JDK 19 differs
    /// for some float and double values; a constant floating operand is
    /// therefore marked (see `no_fold`).
    pub(crate) fn plus(&self, l: &E, r: &E) -> E {
        let mark = |e: &E| -> E {
            match no_fold(&e.s, &e.ty, e.konst) {
                Some(s) => E::new(s, PPRI, e.ty.clone()).with(&[e]),
                None => e.clone(),
            }
        };
        let (l, r) = (mark(l), mark(r));
        self.bin(&l, "+", &r, PADD, T::Str)
    }

    /// The text of variable `v` as an operand of a string concatenation
    /// (see `plus`).
    pub(crate) fn concat_operand(&self, v: &Var) -> String {
        no_fold(&v.name, &v.ty, v.konst).unwrap_or_else(|| v.name.clone())
    }

    pub(crate) fn bin(&self, l: &E, op: &str, r: &E, prec: u8, ty: T) -> E {
        let mut e =
            E::new(format!("{} {op} {}", l.at(prec), r.at(prec + 1)), prec, ty).with(&[l, r]);
        e.konst = l.konst && r.konst;
        e
    }

    /// Operand types whose binary numeric promotion is `p`.
    pub(crate) fn operand_types(&mut self, p: P) -> (P, P) {
        let small = [Byte, Short, Char, Int, Int, Int];
        let integral = [Byte, Short, Char, Int, Long];
        let (a, b) = match p {
            Int => (self.pick(&small), self.pick(&small)),
            Long => (Long, self.pick(&integral)),
            Float => (Float, self.pick(&[Byte, Short, Char, Int, Long, Float])),
            _ => (Double, self.pick(&NUMERIC)),
        };
        if self.chance(0.5) {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// A divisor for integer `/` and `%` that is never zero.
    pub(crate) fn divisor(&mut self, r: E) -> E {
        if self.chance(0.15) {
            // -1 reaches MIN_VALUE / -1 and MIN_VALUE % -1
            return if r.ty == T::P(Long) {
                E::new("-1L", PUN, T::P(Long)).k()
            } else {
                self.int_literal(-1)
            };
        }
        if r.pure {
            let zero = if r.ty == T::P(Long) { "0L" } else { "0" };
            let one = if r.ty == T::P(Long) { "1L" } else { "1" };
            let mut e = E::new(
                format!("({} == {zero} ? {one} : {})", r.at(PEQ + 1), r.at(PT)),
                PPRI,
                r.ty.clone(),
            )
            .with(&[&r]);
            e.konst = r.konst;
            e
        } else if r.ty == T::P(Long) {
            E::new(format!("{}.nzl({})", self.main, r.s), PPRI, T::P(Long)).with(&[&r])
        } else {
            E::new(format!("{}.nzi({})", self.main, r.s), PPRI, T::P(Int)).with(&[&r])
        }
    }

    pub(crate) fn arith(&mut self, p: P, d: u32) -> E {
        let (a, b) = self.operand_types(p);
        let l = self.ex_p(a, d - 1);
        let mut r = self.ex_p(b, d - 1);
        let op = self.pick(&["+", "-", "*", "/", "%", "+", "-", "*"]);
        if (op == "/" || op == "%") && p.integral() {
            r = self.divisor(r);
        }
        let prec = if matches!(op, "+" | "-") { PADD } else { PMUL };
        self.bin(&l, op, &r, prec, T::P(p))
    }

    pub(crate) fn bitwise(&mut self, p: P, d: u32) -> E {
        let (a, b) = if p == Bool {
            (Bool, Bool)
        } else {
            let (a, b) = self.operand_types(p);
            (a, b)
        };
        let l = self.ex_p(a, d - 1);
        let r = self.ex_p(b, d - 1);
        let (op, prec) = self.pick(&[("&", PBAND), ("|", PBOR), ("^", PBXOR)]);
        self.bin(&l, op, &r, prec, T::P(p))
    }

    pub(crate) fn shift(&mut self, p: P, d: u32) -> E {
        let a = if p == Long {
            Long
        } else {
            self.pick(&[Byte, Short, Char, Int, Int])
        };
        let l = self.ex_p(a, d - 1);
        let r = if self.chance(0.5) {
            let v = self.pick(SHIFTS);
            if self.chance(0.3) {
                E::new(format!("{v}L"), if v < 0 { PUN } else { PPRI }, T::P(Long))
            } else {
                self.int_literal(v)
            }
        } else {
            let b = self.pick(&[Byte, Short, Char, Int, Int, Long]);
            self.ex_p(b, d - 1)
        };
        let op = self.pick(&["<<", ">>", ">>>"]);
        self.bin(&l, op, &r, PSH, T::P(p))
    }

    pub(crate) fn prefix(&self, op: &str, e: &E, ty: T) -> E {
        let inner = e.at(PUN);
        let sep = if (op.ends_with('-') && inner.starts_with('-'))
            || (op.ends_with('+') && inner.starts_with('+'))
        {
            " "
        } else {
            ""
        };
        let mut r = E::new(format!("{op}{sep}{inner}"), PUN, ty).with(&[e]);
        r.konst = e.konst;
        r
    }

    pub(crate) fn unary(&mut self, p: P, d: u32) -> E {
        match p {
            Bool => {
                let e = self.ex_p(Bool, d - 1);
                self.prefix("!", &e, T::P(Bool))
            }
            Int | Long => {
                let a = if p == Long {
                    Long
                } else {
                    self.pick(&[Byte, Short, Char, Int])
                };
                let e = self.ex_p(a, d - 1);
                let op = self.pick(&["-", "+", "~", "-"]);
                self.prefix(op, &e, T::P(p))
            }
            _ => {
                let e = self.ex_p(p, d - 1);
                let op = self.pick(&["-", "+", "-"]);
                self.prefix(op, &e, T::P(p))
            }
        }
    }

    pub(crate) fn cast(&mut self, p: P, d: u32) -> E {
        let from = self.pick(&NUMERIC);
        let e = self.ex_p(from, d - 1);
        let mut r = E::new(format!("({}) {}", p.java(), e.at(PUN)), PUN, T::P(p)).with(&[&e]);
        r.konst = e.konst;
        r
    }

    /// The type of `c ? a : b` for primitive operands (JLS 15.25).
    pub(crate) fn cond_type(a: &E, b: &E) -> Option<P> {
        let (x, y) = (a.ty.prim()?, b.ty.prim()?);
        if x == y {
            return Some(x);
        }
        if x == Bool || y == Bool {
            return None;
        }
        if matches!((x, y), (Byte, Short) | (Short, Byte)) {
            return Some(Short);
        }
        let small = |p: P| matches!(p, Byte | Short | Char);
        if small(x) && y == Int && b.lit.is_some_and(|v| fits(v, x)) {
            return Some(x);
        }
        if small(y) && x == Int && a.lit.is_some_and(|v| fits(v, y)) {
            return Some(y);
        }
        Some(bnp(x, y))
    }

    pub(crate) fn ternary(&mut self, t: &T, d: u32) -> E {
        let c = self.ex_p(Bool, d - 1);
        if let T::P(p) = t {
            if p.numeric() && self.chance(0.35) {
                // mixed operand types, kept when they give type `p`
                for _ in 0..4 {
                    let ta = self.pick(&NUMERIC);
                    let a = if ta == Int && self.chance(0.5) {
                        let v = self.int_value() & 0x1ff;
                        self.int_literal(v)
                    } else {
                        self.ex_p(ta, d - 1)
                    };
                    let tb = self.pick(&NUMERIC);
                    let b = if tb == Int && self.chance(0.5) {
                        let v = self.pick(&[0, 1, 65, 127, 128, 255, 32767, 65535, 65536, -1]);
                        self.int_literal(v)
                    } else {
                        self.ex_p(tb, d - 1)
                    };
                    if Self::cond_type(&a, &b) == Some(*p) {
                        let mut e = E::new(
                            format!("{} ? {} : {}", c.at(POR), a.at(PT), b.at(PT)),
                            PT,
                            t.clone(),
                        )
                        .with(&[&c, &a, &b]);
                        e.konst = c.konst && a.konst && b.konst;
                        return e;
                    }
                }
            }
        }
        let a = self.ex(t, d - 1);
        let b = self.ex(t, d - 1);
        let ty = if let (T::Str, T::Str) = (&a.ty, &b.ty) {
            T::Str
        } else {
            t.clone()
        };
        let mut e = E::new(
            format!("{} ? {} : {}", c.at(POR), a.at(PT), b.at(PT)),
            PT,
            ty,
        )
        .with(&[&c, &a, &b]);
        e.konst = c.konst && a.konst && b.konst && matches!(t, T::P(_) | T::Str);
        e
    }

    /// An assignable place of type `t` (exactly), or None.
    pub(crate) fn lvalue(&mut self, t: &T, d: u32) -> Option<E> {
        if self.const_only || self.pure_only {
            return None;
        }
        let rs: Vec<(String, T, bool, bool)> = self
            .readables(&|x| x == t)
            .into_iter()
            .filter(|r| r.2)
            .collect();
        let want = T::Arr(Box::new(t.clone()));
        let arrs = self.arrays(&|x| x == &want);
        let arrs2 = self.arrays(&|x| matches!(x, T::Arr(inner) if **inner == want));
        let k = self.weighted(&[
            if rs.is_empty() { 0 } else { 6 },
            if arrs.is_empty() { 0 } else { 2 },
            if arrs2.is_empty() { 0 } else { 1 },
        ]);
        match k {
            0 if !rs.is_empty() => {
                let (s, ty, _, _) = self.pick(&rs);
                Some(E::new(s, PPRI, ty))
            }
            1 if !arrs.is_empty() => {
                let a = self.pick(&arrs);
                let i = self.index(&a.name, d);
                Some(E::new(format!("{}[{}]", a.name, i.s), PPRI, t.clone()).with(&[&i]))
            }
            2 if !arrs2.is_empty() => {
                let a = self.pick(&arrs2);
                let (s, i) = self.index2(&a.name, d);
                Some(E::new(s, PPRI, t.clone()).with(&[&i]))
            }
            _ => None,
        }
    }

    /// An in-bounds index for the (pure) array expression `a`.
    pub(crate) fn index(&mut self, a: &str, d: u32) -> E {
        self.index_len(&format!("{a}.length"), d)
    }

    /// An index in `[0, len)`, `len` a pure, positive int expression.
    pub(crate) fn index_len(&mut self, len: &str, d: u32) -> E {
        let a = len;
        let dd = d.saturating_sub(1).min(2);
        match self.below(7) {
            0 => E::new("0", PPRI, T::P(Int)),
            1 => E::new(format!("{a} - 1"), PADD, T::P(Int)),
            2 => {
                let e = self.ex_p(Int, dd);
                E::new(format!("Math.floorMod({}, {a})", e.s), PPRI, T::P(Int)).with(&[&e])
            }
            3 => {
                let e = self.ex_p(Int, dd);
                E::new(format!("({} >>> 1) % {a}", e.at(PSH)), PMUL, T::P(Int)).with(&[&e])
            }
            4 => {
                let e = self.ex_p(Int, dd);
                E::new(
                    format!("Math.abs({} % {a})", e.at(PMUL + 1)),
                    PPRI,
                    T::P(Int),
                )
                .with(&[&e])
            }
            _ => {
                let e = self.ex_p(Int, dd);
                E::new(
                    format!("({} & 0x7fffffff) % {a}", e.at(PBAND)),
                    PMUL,
                    T::P(Int),
                )
                .with(&[&e])
            }
        }
    }

    /// `a[i][j]` for a two-dimensional array variable `a`: the row index is
    /// pure, as it is evaluated twice.
    pub(crate) fn index2(&mut self, a: &str, d: u32) -> (String, E) {
        let was = self.pure_only;
        self.pure_only = true;
        let i = self.index(a, d);
        self.pure_only = was;
        let row = format!("{a}[{}]", i.s);
        let j = self.index(&row, d);
        (format!("{row}[{}]", j.s), j)
    }

    pub(crate) fn array_read(&mut self, t: &T, d: u32) -> Option<E> {
        let want = T::Arr(Box::new(t.clone()));
        let arrs = self.arrays(&|x| x == &want);
        let arrs2 = self.arrays(&|x| matches!(x, T::Arr(inner) if **inner == want));
        if !arrs2.is_empty() && (arrs.is_empty() || self.chance(0.3)) {
            let a = self.pick(&arrs2);
            let (s, i) = self.index2(&a.name, d);
            return Some(E::new(s, PPRI, t.clone()).with(&[&i]));
        }
        if arrs.is_empty() {
            return None;
        }
        let a = self.pick(&arrs);
        let i = self.index(&a.name, d);
        Some(E::new(format!("{}[{}]", a.name, i.s), PPRI, t.clone()).with(&[&i]))
    }

    pub(crate) fn incdec(&mut self, p: P) -> Option<E> {
        let lv = self.lvalue(&T::P(p), 1)?;
        let r = match self.below(4) {
            0 => E::new(format!("{}++", lv.s), PPRI, T::P(p)),
            1 => E::new(format!("{}--", lv.s), PPRI, T::P(p)),
            2 => E::new(format!("++{}", lv.s), PUN, T::P(p)),
            _ => E::new(format!("--{}", lv.s), PUN, T::P(p)),
        };
        Some(r.with(&[&lv]).impure())
    }

    /// The right-hand side of an assignment (or initialiser, or return) to
    /// a place of type `t`: assignment conversion, with constant narrowing.
    pub(crate) fn rhs(&mut self, t: &T, d: u32) -> E {
        match t {
            T::P(p) => {
                if matches!(p, Byte | Short | Char) && self.chance(0.2) {
                    let v = match p {
                        Byte => self.rng.random_range(-128..128),
                        Short => self.rng.random_range(-32768..32768),
                        _ => self.pick(&[0, 65, 97, 48, 32, 0xe9, 0x4e2d, 65535]),
                    };
                    return self.int_literal(v);
                }
                if p.numeric() && self.chance(0.3) {
                    let narrower: Vec<P> =
                        NUMERIC.iter().copied().filter(|&q| widens(q, *p)).collect();
                    let q = self.pick(&narrower);
                    return self.ex_p(q, d);
                }
                self.ex_p(*p, d)
            }
            T::Str | T::NStr => {
                let e = if *t == T::NStr && self.chance(0.3) {
                    self.ex_nstr(d)
                } else {
                    self.ex_str(d)
                };
                self.bounded(e)
            }
            T::Obj(c) => self.ex_obj(*c, d),
            _ => self.ex(t, d),
        }
    }

    /// Keeps strings from growing without bound in loops.
    pub(crate) fn bounded(&mut self, e: E) -> E {
        if e.strv && !self.const_only {
            let (f, ty) = if e.ty == T::NStr {
                ("cutn", T::NStr)
            } else {
                ("cut", T::Str)
            };
            E::new(format!("{}.{f}({})", self.main, e.s), PPRI, ty).with(&[&e])
        } else {
            e
        }
    }

    pub(crate) fn assign_expr(&mut self, t: &T, d: u32) -> Option<E> {
        let lv = self.lvalue(t, d)?;
        let r = self.rhs(t, d - 1);
        Some(
            E::new(format!("{} = {}", lv.s, r.at(PA)), PA, t.clone())
                .with(&[&lv, &r])
                .impure(),
        )
    }

    /// `lv op= e` with its operand, or None if no place of type `t`.
    pub(crate) fn compound_parts(&mut self, t: &T, d: u32) -> Option<(E, String, E)> {
        let lv = self.lvalue(t, d)?;
        let (op, r) = match t {
            T::P(Bool) => {
                let op = self.pick(&["&=", "|=", "^="]);
                (op, self.ex_p(Bool, d - 1))
            }
            T::P(p) => {
                let mut ops = vec!["+=", "-=", "*=", "/=", "%=", "+=", "-="];
                if p.integral() {
                    ops.extend(["&=", "|=", "^=", "<<=", ">>=", ">>>="]);
                }
                let op = self.pick(&ops);
                let rt = if matches!(op, "&=" | "|=" | "^=" | "<<=" | ">>=" | ">>>=") {
                    self.pick(&[Byte, Short, Char, Int, Long])
                } else {
                    self.pick(&NUMERIC)
                };
                let mut r = self.ex_p(rt, d - 1);
                if matches!(op, "/=" | "%=") && bnp(*p, rt).integral() {
                    r = self.divisor(r);
                }
                if r.prec == PT {
                    // javac 17 compiles `d %= c ? f : l` (double d, float f,
                    // long l) without converting l to float; a cast to the
                    // conditional's own type keeps javac to JLS 15.25
                    r = E::new(format!("({}) ({})", rt.java(), r.s), PUN, T::P(rt)).with(&[&r]);
                }
                (op, r)
            }
            T::Str | T::NStr => {
                let was = self.pure_only;
                let ty = self.printable_type();
                let r = self.ex(&ty, d - 1);
                self.pure_only = was;
                if r.strv {
                    return None;
                }
                // `s += k` folds a constant `k` into javac's recipe too
                let r = match no_fold(&r.s, &r.ty, r.konst) {
                    Some(s) => E::new(s, PPRI, r.ty.clone()).with(&[&r]),
                    None => r,
                };
                ("+=", r)
            }
            _ => return None,
        };
        Some((lv, op.to_string(), r))
    }

    pub(crate) fn compound_expr(&mut self, t: &T, d: u32) -> Option<E> {
        let (lv, op, r) = self.compound_parts(t, d)?;
        Some(
            E::new(format!("{} {op} {}", lv.s, r.at(PA)), PA, t.clone())
                .with(&[&lv, &r])
                .impure(),
        )
    }

    pub(crate) fn comparison(&mut self, d: u32) -> E {
        let k = self.below(10);
        if k < 6 {
            let a = self.pick(&NUMERIC);
            let b = self.pick(&NUMERIC);
            let l = self.ex_p(a, d - 1);
            let r = self.ex_p(b, d - 1);
            let (op, prec) = self.pick(&[
                ("<", PREL),
                ("<=", PREL),
                (">", PREL),
                (">=", PREL),
                ("==", PEQ),
                ("!=", PEQ),
            ]);
            self.bin(&l, op, &r, prec, T::P(Bool))
        } else if k < 8 {
            let l = self.ex_p(Bool, d - 1);
            let r = self.ex_p(Bool, d - 1);
            let op = self.pick(&["==", "!="]);
            self.bin(&l, op, &r, PEQ, T::P(Bool))
        } else {
            // float comparisons with NaN and -0.0
            let p = self.pick(&[Float, Double]);
            let l = self.ex_p(p, d - 1);
            let r = self.ex_p(p, d - 1);
            let (op, prec) = self.pick(&[("<", PREL), ("==", PEQ), ("!=", PEQ), (">=", PREL)]);
            self.bin(&l, op, &r, prec, T::P(Bool))
        }
    }

    pub(crate) fn logical(&mut self, d: u32) -> E {
        let l = self.ex_p(Bool, d - 1);
        let r = self.ex_p(Bool, d - 1);
        let (op, prec) = self.pick(&[("&&", PAND), ("||", POR)]);
        self.bin(&l, op, &r, prec, T::P(Bool))
    }

    /// `instanceof`, reference `==`, null tests.
    pub(crate) fn ref_test(&mut self, d: u32) -> Option<E> {
        let objs = self.objs();
        let k = self.below(3);
        if k == 0 && !objs.is_empty() {
            let o = self.pick(&objs);
            let T::Obj(c) = o.ty else { unreachable!() };
            let subs: Vec<usize> = (0..self.classes.len())
                .filter(|&s| self.is_sub(s, c))
                .collect();
            let s = self.pick(&subs);
            return Some(E::new(
                format!("{} instanceof {}", o.name, self.classes[s].name),
                PREL,
                T::P(Bool),
            ));
        }
        if k == 1 && objs.len() >= 2 {
            let a = self.pick(&objs);
            let b = self.pick(&objs);
            let (T::Obj(x), T::Obj(y)) = (&a.ty, &b.ty) else {
                unreachable!()
            };
            if self.is_sub(*x, *y) || self.is_sub(*y, *x) {
                let op = self.pick(&["==", "!="]);
                return Some(E::new(
                    format!("{} {op} {}", a.name, b.name),
                    PEQ,
                    T::P(Bool),
                ));
            }
        }
        let n = self.ex_nstr(d - 1);
        let op = self.pick(&["==", "!="]);
        Some(E::new(format!("{} {op} null", n.at(PEQ)), PEQ, T::P(Bool)).with(&[&n]))
    }

    pub(crate) fn rnd(&mut self) -> Option<String> {
        if self.pure_only || self.const_only {
            return None;
        }
        self.var_of(&T::Rnd)
    }

    /// A pure String expression that can be evaluated several times.
    pub(crate) fn pure_str(&mut self) -> E {
        let vs: Vec<Var> = self
            .locals()
            .into_iter()
            .filter(|v| v.ty == T::Str)
            .collect();
        if !vs.is_empty() && self.chance(0.7) && !self.const_only {
            let v = self.pick(&vs);
            let mut e = E::new(v.name, PPRI, T::Str);
            e.strv = true;
            e
        } else {
            self.string_literal()
        }
    }
}
