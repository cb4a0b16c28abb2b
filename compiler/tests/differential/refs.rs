//! Reference-typed expressions: strings and concatenation, objects,
//! arrays, and calls of the generated methods (virtual and overloaded).

use super::*;

impl Gen {
    // -----------------------------------------------------------------------
    // Reference-typed expressions
    // -----------------------------------------------------------------------

    pub(crate) fn str_leaf(&mut self) -> E {
        let rs = self.readables(&|t| *t == T::Str);
        if !rs.is_empty() && self.chance(0.6) {
            let (s, _, _, k) = self.pick(&rs);
            let mut e = E::new(s, PPRI, T::Str);
            e.strv = !self.const_only && !k;
            e.konst = k;
            return e;
        }
        self.string_literal()
    }

    /// A type that can be printed or concatenated.
    pub(crate) fn printable_type(&mut self) -> T {
        if self.const_only {
            let p = self.pick(&PRIMS);
            return if self.chance(0.2) { T::Str } else { T::P(p) };
        }
        let k = self.weighted(&[14, 3, 1, 1, 1]);
        match k {
            1 => T::Str,
            2 => T::NStr,
            3 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                if cs.is_empty() {
                    T::P(Int)
                } else {
                    T::Obj(self.pick(&cs))
                }
            }
            4 if !self.pure_only && self.var_of(&T::Sb).is_some() => T::Sb,
            _ => T::P(self.pick(&[
                Bool, Byte, Short, Char, Char, Int, Int, Long, Float, Float, Double, Double,
            ])),
        }
    }

    pub(crate) fn ex_str(&mut self, d: u32) -> E {
        if d == 0 {
            return self.str_leaf();
        }
        let c = self.const_only;
        let imp = !self.pure_only && !c;
        let has_sb = !c && self.var_of(&T::Sb).is_some();
        let has_ca = !c
            && !self
                .arrays(&|t| *t == T::Arr(Box::new(T::P(Char))))
                .is_empty();
        let ws = [
            3,                          // 0 leaf
            8,                          // 1 concatenation
            if c { 0 } else { 3 },      // 2 number formatting
            if c { 0 } else { 4 },      // 3 String methods
            if has_sb { 1 } else { 0 }, // 4 sb.toString()
            if c { 0 } else { 1 },      // 5 object toString
            if imp { 3 } else { 0 },    // 6 overloaded call
            if imp { 1 } else { 0 },    // 7 user call
            if c { 1 } else { 2 },      // 8 ?:
            if has_ca { 1 } else { 0 }, // 9 char[] to String
            if imp { 1 } else { 0 },    // 10 = and +=
        ];
        let r = match self.weighted(&ws) {
            1 => Some(self.concat(d)),
            2 => Some(self.formatting(d)),
            3 => Some(self.str_method(d)),
            4 => {
                let sb = self.var_of(&T::Sb).unwrap();
                let mut e = E::new(format!("{sb}.toString()"), PPRI, T::Str);
                e.strv = true;
                Some(e)
            }
            5 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                if cs.is_empty() {
                    None
                } else {
                    let c = self.pick(&cs);
                    let o = self.ex_obj(c, d - 1);
                    Some(if self.chance(0.5) {
                        E::new(format!("{}.toString()", o.at(PPRI)), PPRI, T::Str)
                            .with(&[&o])
                            .impure()
                    } else {
                        E::new(format!("String.valueOf({})", o.s), PPRI, T::Str)
                            .with(&[&o])
                            .impure()
                    })
                }
            }
            6 => self.ov_call(d),
            7 => self.user_call(&T::Str, d),
            8 => Some(self.ternary(&T::Str, d)),
            9 => {
                let a = self.pick(&self.arrays(&|t| *t == T::Arr(Box::new(T::P(Char)))));
                let f = self.pick(&["new String({})", "String.valueOf({})"]);
                let mut e = E::new(f.replace("{}", &a.name), PPRI, T::Str);
                e.strv = true;
                Some(e)
            }
            10 => {
                if self.chance(0.5) {
                    self.assign_expr(&T::Str, d)
                } else {
                    self.compound_expr(&T::Str, d)
                }
            }
            _ => None,
        };
        r.unwrap_or_else(|| self.str_leaf())
    }

    pub(crate) fn concat(&mut self, d: u32) -> E {
        let (a, b) = match self.below(4) {
            0 => (T::Str, T::Str),
            1 => (T::Str, self.printable_type()),
            _ => (self.printable_type(), T::Str),
        };
        let (a, b) = if self.chance(0.5) { (a, b) } else { (b, a) };
        let (a, b) = if a != T::Str && a != T::NStr && b != T::Str && b != T::NStr {
            (T::Str, b)
        } else {
            (a, b)
        };
        let l = self.ex(&a, d - 1);
        let r = self.ex(&b, d - 1);
        let mut e = self.plus(&l, &r);
        if matches!(l.ty, T::Obj(_)) || matches!(r.ty, T::Obj(_)) {
            e.pure = false; // calls toString()
        }
        e
    }

    pub(crate) fn formatting(&mut self, d: u32) -> E {
        let dd = d - 1;
        let (f, p) = match self.below(16) {
            0 => ("Integer.toString({})", Int),
            1 => ("Integer.toHexString({})", Int),
            2 => ("Integer.toBinaryString({})", Int),
            3 => ("Integer.toOctalString({})", Int),
            4 => ("Long.toString({})", Long),
            5 => ("Long.toHexString({})", Long),
            6 => ("Long.toBinaryString({})", Long),
            7 => ("Double.toString({})", Double),
            8 => ("Float.toString({})", Float),
            9 => ("Character.toString({})", Char),
            10 => ("Boolean.toString({})", Bool),
            11 => {
                let r = self.pick(&["2", "7", "16", "36", "10", "37", "1"]);
                let a = self.ex_p(Int, dd);
                return E::new(format!("Integer.toString({}, {r})", a.s), PPRI, T::Str).with(&[&a]);
            }
            12 => {
                let r = self.pick(&["2", "16", "36"]);
                let a = self.ex_p(Long, dd);
                return E::new(format!("Long.toString({}, {r})", a.s), PPRI, T::Str).with(&[&a]);
            }
            13 => ("Long.toOctalString({})", Long),
            _ => {
                let p = self.pick(&PRIMS);
                ("String.valueOf({})", p)
            }
        };
        let a = self.ex_p(p, dd);
        E::new(f.replace("{}", &a.s), PPRI, T::Str).with(&[&a])
    }

    pub(crate) fn str_method(&mut self, d: u32) -> E {
        let dd = d - 1;
        let s = self.pure_str();
        let r = s.at(PPRI);
        let e = match self.below(13) {
            0 => {
                let k = self.below(6);
                E::new(
                    format!("{r}.substring(Math.min({k}, {r}.length()))"),
                    PPRI,
                    T::Str,
                )
            }
            1 => {
                let k = self.below(5);
                let n = self.below(6);
                E::new(
                    format!(
                        "{r}.substring(Math.min({k}, {r}.length()), Math.min({}, {r}.length()))",
                        k + n
                    ),
                    PPRI,
                    T::Str,
                )
            }
            2 => E::new(format!("{r}.toUpperCase()"), PPRI, T::Str),
            3 => E::new(format!("{r}.toLowerCase()"), PPRI, T::Str),
            4 => E::new(format!("{r}.trim()"), PPRI, T::Str),
            5 => {
                let t = self.ex_str(dd);
                E::new(format!("{r}.concat({})", t.s), PPRI, T::Str).with(&[&t])
            }
            6 => {
                let a = self.ex_p(Char, dd);
                let b = self.ex_p(Char, dd);
                E::new(format!("{r}.replace({}, {})", a.s, b.s), PPRI, T::Str).with(&[&a, &b])
            }
            7 => {
                let a = self.pick(&["\"a\"", "\"ab\"", "\",\"", "\" \"", "\"\u{e9}\""]);
                let b = self.string_literal();
                E::new(format!("{r}.replace({a}, {})", b.s), PPRI, T::Str)
            }
            8 => {
                let l = self.string_literal();
                let n = self.below(4);
                E::new(format!("{}.repeat({n})", l.s), PPRI, T::Str)
            }
            9 => E::new(format!("{r}.strip()"), PPRI, T::Str),
            10 => {
                let sep = self.pick(&[",", " ", "a", "ab"]);
                let i = self.below(3);
                E::new(
                    format!("({r}.split(\"{sep}\").length > {i} ? {r}.split(\"{sep}\")[{i}] : \"<none>\")"),
                    PPRI,
                    T::Str,
                )
            }
            11 => E::new(format!("String.valueOf({r}.toCharArray())"), PPRI, T::Str),
            _ => {
                let t = self.pure_str();
                E::new(format!("{r} + {}", t.at(PADD + 1)), PADD, T::Str).with(&[&t])
            }
        };
        e.with(&[&s])
    }

    pub(crate) fn ex_nstr(&mut self, d: u32) -> E {
        if self.const_only {
            return self.ex_str(d);
        }
        match self.below(5) {
            0 => {
                let rs = self.readables(&|t| *t == T::NStr);
                if rs.is_empty() {
                    return self.ex_str(d);
                }
                let (s, _, _, _) = self.pick(&rs);
                let mut e = E::new(s, PPRI, T::NStr);
                e.strv = true;
                e
            }
            1 => match self.array_read(&T::NStr, d) {
                Some(mut e) => {
                    e.strv = true;
                    e
                }
                None => self.ex_str(d),
            },
            2 => E::new("(String) null", PUN, T::NStr),
            _ => self.ex_str(d),
        }
    }

    pub(crate) fn ex_obj(&mut self, c: usize, d: u32) -> E {
        let mut opts: Vec<u8> = Vec::new();
        let vars: Vec<Var> = self
            .objs()
            .into_iter()
            .filter(|v| matches!(v.ty, T::Obj(x) if self.is_sub(x, c)))
            .collect();
        if !vars.is_empty() {
            opts.extend([0, 0, 0]);
        }
        let this_ok = self.this_class.is_some_and(|t| self.is_sub(t, c));
        if this_ok {
            opts.push(1);
        }
        let subs: Vec<usize> = self.concrete_subs(c).collect();
        if self.allow_new && !subs.is_empty() {
            opts.extend([2, 2]);
        }
        let want = T::Arr(Box::new(T::Obj(c)));
        if !self.arrays(&|t| *t == want).is_empty() {
            opts.push(3);
        }
        if d > 0 && !opts.is_empty() {
            opts.push(4);
        }
        assert!(!opts.is_empty(), "no object of class {c} available");
        match self.pick(&opts) {
            0 => {
                let v = self.pick(&vars);
                let e = E::new(v.name.clone(), PPRI, v.ty.clone());
                if self.chance(0.1) && v.ty != T::Obj(c) {
                    E::new(
                        format!("({}) {}", self.classes[c].name, v.name),
                        PUN,
                        T::Obj(c),
                    )
                } else {
                    e
                }
            }
            1 => E::new("this", PPRI, T::Obj(self.this_class.unwrap())),
            2 => {
                let s = self.pick(&subs);
                let mut e = self.new_obj(s, d.saturating_sub(1));
                if let T::Obj(_) = e.ty {
                    e.ty = T::Obj(s);
                }
                e
            }
            3 => self.array_read(&T::Obj(c), d).unwrap(),
            _ => {
                let cnd = self.ex_p(Bool, d - 1);
                let a = self.ex_obj(c, d - 1);
                let b = self.ex_obj(c, d - 1);
                E::new(
                    format!("{} ? {} : {}", cnd.at(POR), a.at(PT), b.at(PT)),
                    PT,
                    T::Obj(c),
                )
                .with(&[&cnd, &a, &b])
            }
        }
    }

    pub(crate) fn new_obj(&mut self, c: usize, d: u32) -> E {
        let cls = self.classes[c].clone();
        let params = if cls.noarg_ctor && self.chance(0.4) {
            Vec::new()
        } else {
            cls.ctor_params.clone()
        };
        let args = self.args(&params, d);
        let text = format!("new {}({})", cls.name, join_args(&args));
        E::new(text, PPRI, T::Obj(c))
            .with(&args.iter().collect::<Vec<_>>())
            .impure()
    }

    pub(crate) fn arg(&mut self, t: &T, d: u32) -> E {
        match t {
            T::P(p) if p.numeric() && self.chance(0.3) => {
                let narrower: Vec<P> = NUMERIC.iter().copied().filter(|&q| widens(q, *p)).collect();
                let q = self.pick(&narrower);
                self.ex_p(q, d)
            }
            T::Str | T::NStr => {
                let e = self.ex(t, d);
                self.bounded(e)
            }
            _ => self.ex(t, d),
        }
    }

    /// Can arguments of these types be made here?
    pub(crate) fn can_args(&self, params: &[T]) -> bool {
        params.iter().all(|t| match t {
            T::Obj(c) => self.obj_available(*c),
            _ => true,
        })
    }

    pub(crate) fn args(&mut self, params: &[T], d: u32) -> Vec<E> {
        params.iter().map(|t| self.arg(t, d)).collect()
    }

    pub(crate) fn ex_arr(&mut self, t: &T, d: u32) -> E {
        if let Some(v) = self.var_of(t) {
            if self.chance(0.5) || !self.allow_new_array(t) {
                return E::new(v, PPRI, t.clone());
            }
        }
        self.new_array(t, d, false)
    }

    pub(crate) fn allow_new_array(&self, t: &T) -> bool {
        match t {
            T::Arr(e) => match &**e {
                T::Obj(c) => self.obj_available(*c),
                _ => true,
            },
            _ => false,
        }
    }

    /// `new T[n]`, `new T[]{...}` or (in a declaration) `{...}`.
    pub(crate) fn new_array(&mut self, t: &T, d: u32, decl: bool) -> E {
        let T::Arr(elem) = t else { unreachable!() };
        let elem = (**elem).clone();
        let dd = d.saturating_sub(1).min(2);
        let inits = matches!(elem, T::Obj(_)) || self.chance(0.5);
        if !inits {
            let name = self.tname(&elem);
            let (base, dims) = match name.find('[') {
                Some(i) => (name[..i].to_string(), name[i..].to_string()),
                None => (name.clone(), String::new()),
            };
            let n = if self.chance(0.6) || self.pure_only {
                E::new(self.rng.random_range(1..=5).to_string(), PPRI, T::P(Int))
            } else {
                let e = self.ex_p(Int, dd.min(1));
                E::new(format!("({} & 3) + 1", e.at(PBAND)), PADD, T::P(Int)).with(&[&e])
            };
            // rows of two-dimensional arrays are always allocated
            let extra = if let T::Arr(_) = elem {
                format!("[{}]", self.rng.random_range(1..=4))
            } else {
                String::new()
            };
            let dims = if extra.is_empty() {
                dims
            } else {
                String::new()
            };
            return E::new(format!("new {base}[{}]{extra}{dims}", n.s), PPRI, t.clone())
                .with(&[&n]);
        }
        let n = self.rng.random_range(1..=5);
        let mut parts = Vec::new();
        let mut es = Vec::new();
        for _ in 0..n {
            let e = match &elem {
                T::Arr(_) => self.new_array(&elem, d.saturating_sub(1), true),
                _ => self.rhs(&elem, dd),
            };
            parts.push(e.s.clone());
            es.push(e);
        }
        let body = format!("{{{}}}", parts.join(", "));
        let s = if decl && self.chance(0.5) {
            body
        } else {
            format!("new {}{body}", self.tname(t))
        };
        E::new(s, PPRI, t.clone()).with(&es.iter().collect::<Vec<_>>())
    }

    // -----------------------------------------------------------------------
    // Calls of user methods
    // -----------------------------------------------------------------------

    /// Receivers (text, static class) through which family `f` can be called.
    pub(crate) fn receivers(&mut self, f: usize) -> Vec<(String, usize)> {
        let fam = self.fams[f].clone();
        let mut out = Vec::new();
        if let Some(c) = self.this_class {
            if self.is_sub(c, fam.decl) {
                out.push((
                    if self.chance(0.5) {
                        "this.".into()
                    } else {
                        String::new()
                    },
                    c,
                ));
                if let Some(p) = self.classes[c].parent {
                    // super.m(): needs an implementation above this class
                    let mut k = Some(p);
                    while let Some(a) = k {
                        if fam.impls.contains(&a) {
                            out.push(("super.".into(), a));
                            break;
                        }
                        k = self.classes[a].parent;
                    }
                }
            }
        }
        for v in self.objs() {
            if let T::Obj(c) = v.ty {
                if self.is_sub(c, fam.decl) {
                    out.push((format!("{}.", v.name), c));
                }
            }
        }
        // elements of object arrays
        for a in self.arrays(&|t| matches!(t, T::Arr(e) if matches!(**e, T::Obj(_)))) {
            let T::Arr(e) = &a.ty else { unreachable!() };
            let T::Obj(c) = **e else { unreachable!() };
            if self.is_sub(c, fam.decl) && self.chance(0.7) {
                let i = self.index(&a.name, 2);
                out.push((format!("{}[{}].", a.name, i.s), c));
            }
        }
        // a fresh object
        if self.allow_new && self.chance(0.2) {
            let subs: Vec<usize> = self.concrete_subs(fam.decl).collect();
            if !subs.is_empty() {
                let s = self.pick(&subs);
                let o = self.new_obj(s, 1);
                out.push((format!("{}.", o.s), s));
            }
        }
        out
    }

    pub(crate) fn user_call(&mut self, t: &T, d: u32) -> Option<E> {
        if self.pure_only || self.const_only {
            return None;
        }
        let ret = Some(t.clone());
        let mut cands: Vec<(u8, usize)> = Vec::new();
        for (i, s) in self.statics.iter().enumerate() {
            if s.order < self.cur_order && s.ret == ret && self.can_args(&s.params) {
                cands.push((0, i));
            }
        }
        for (i, f) in self.fams.iter().enumerate() {
            if f.order < self.cur_order
                && f.ret == ret
                && f.name != "ov"
                && self.can_args(&f.params)
            {
                cands.push((1, i));
            }
        }
        if cands.is_empty() {
            return None;
        }
        let (kind, i) = self.pick(&cands);
        if kind == 0 {
            let s = self.statics[i].clone();
            let args = self.args(&s.params, d - 1);
            return Some(
                E::new(
                    format!("{}.{}({})", self.main, s.name, join_args(&args)),
                    PPRI,
                    t.clone(),
                )
                .with(&args.iter().collect::<Vec<_>>())
                .impure(),
            );
        }
        let f = self.fams[i].clone();
        let recvs = self.receivers(i);
        if recvs.is_empty() {
            // a guarded downcast: (o instanceof D ? ((D) o).m(..) : alt)
            let objs = self.objs();
            let o = objs
                .iter()
                .find(|v| matches!(v.ty, T::Obj(c) if self.is_sub(f.decl, c)))?
                .clone();
            let dn = self.classes[f.decl].name.clone();
            let args = self.args(&f.params, d - 1);
            let alt = self.ex(t, d - 1);
            let mut parts: Vec<&E> = args.iter().collect();
            parts.push(&alt);
            return Some(
                E::new(
                    format!(
                        "({} instanceof {dn} ? (({dn}) {}).{}({}) : {})",
                        o.name,
                        o.name,
                        f.name,
                        join_args(&args),
                        alt.at(PT)
                    ),
                    PPRI,
                    t.clone(),
                )
                .with(&parts)
                .impure(),
            );
        }
        let (r, _) = self.pick(&recvs);
        let args = self.args(&f.params, d - 1);
        Some(
            E::new(
                format!("{r}{}({})", f.name, join_args(&args)),
                PPRI,
                t.clone(),
            )
            .with(&args.iter().collect::<Vec<_>>())
            .impure(),
        )
    }

    /// A call of an overloaded method: `o.ov(x)` or `C.sov(x)`.
    pub(crate) fn ov_call(&mut self, d: u32) -> Option<E> {
        // static overloads
        let sov: Vec<T> = self
            .statics
            .iter()
            .filter(|s| s.name == "sov")
            .map(|s| s.params[0].clone())
            .collect();
        let mut sites: Vec<(String, Vec<T>)> = Vec::new();
        if !sov.is_empty() {
            sites.push((format!("{}.sov", self.main), sov));
        }
        let ovs: Vec<usize> = (0..self.fams.len())
            .filter(|&f| self.fams[f].name == "ov" && self.fams[f].order < self.cur_order)
            .collect();
        let mut recv_sites: Vec<(String, usize)> = Vec::new();
        for &f in &ovs {
            for (r, c) in self.receivers(f) {
                if !recv_sites.iter().any(|(x, _)| *x == r) {
                    recv_sites.push((r, c));
                }
            }
        }
        for (r, c) in recv_sites {
            let ps: Vec<T> = ovs
                .iter()
                .filter(|&&f| self.is_sub(c, self.fams[f].decl))
                .map(|&f| self.fams[f].params[0].clone())
                .collect();
            if !ps.is_empty() {
                sites.push((format!("{r}ov"), ps));
            }
        }
        if sites.is_empty() {
            return None;
        }
        let (callee, ps) = self.pick(&sites);
        for _ in 0..6 {
            let at = if self.chance(0.15) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            if ps.iter().any(|p| self.assignable(&at, p)) {
                let a = self.arg_exact(&at, d - 1);
                return Some(
                    E::new(format!("{callee}({})", a.s), PPRI, T::Str)
                        .with(&[&a])
                        .impure(),
                );
            }
        }
        None
    }

    pub(crate) fn arg_exact(&mut self, t: &T, d: u32) -> E {
        let e = self.ex(t, d);
        if matches!(t, T::Str) {
            self.bounded(e)
        } else {
            e
        }
    }
}

pub(crate) fn join_args(args: &[E]) -> String {
    args.iter()
        .map(|a| a.s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}
