//! A whole program: method bodies, the plan of classes and families, each
//! class's text, and `generate`, a seed's program.

use super::*;

pub(crate) struct BodyCfg {
    pub(crate) params: Vec<Var>,
    pub(crate) this_class: Option<usize>,
    pub(crate) order: usize,
    pub(crate) allow_new: bool,
    pub(crate) allow_print: bool,
    pub(crate) ret: Option<T>,
    pub(crate) fam: Option<usize>,
    pub(crate) stmts: i32,
    pub(crate) loops: u32,
}

impl Gen {
    // -----------------------------------------------------------------------
    // The program
    // -----------------------------------------------------------------------

    pub(crate) fn param_type(&mut self, objs: bool) -> T {
        if objs && !self.classes.is_empty() && self.chance(0.3) {
            return T::Obj(self.below(self.classes.len()));
        }
        if self.chance(0.12) {
            return T::Str;
        }
        T::P(self.pick(&PRIMS))
    }

    pub(crate) fn ret_type(&mut self) -> Option<T> {
        match self.below(10) {
            0 | 1 => None,
            2 => Some(T::Str),
            _ => Some(T::P(self.pick(&PRIMS))),
        }
    }

    pub(crate) fn params(&mut self, ts: &[T]) -> Vec<Var> {
        ts.iter()
            .map(|t| Var {
                name: self.fresh("p"),
                ty: t.clone(),
                mutable: !matches!(t, T::Obj(_)),
                konst: false,
            })
            .collect()
    }

    pub(crate) fn param_list(&self, ps: &[Var]) -> String {
        ps.iter()
            .map(|p| format!("{} {}", self.tname(&p.ty), p.name))
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub(crate) fn set_body_state(&mut self, cfg: &BodyCfg) {
        self.scopes = vec![cfg.params.clone()];
        self.this_class = cfg.this_class;
        self.cur_order = cfg.order;
        self.allow_new = cfg.allow_new;
        self.allow_print = cfg.allow_print;
        self.ret = cfg.ret.clone();
        self.cur_family = cfg.fam;
        self.stmts_left = cfg.stmts;
        self.loop_budget = cfg.loops;
        self.loops.clear();
        self.in_switch = 0;
        self.pure_only = false;
        self.const_only = false;
    }

    /// Statements (and the final `return`) of a body, at indentation 2.
    pub(crate) fn body(&mut self, cfg: BodyCfg) -> String {
        let saved = std::mem::take(&mut self.out);
        self.set_body_state(&cfg);
        self.indent = 2;
        while self.stmts_left > 0 {
            self.stmt(0);
        }
        if let Some(t) = cfg.ret.clone() {
            let e = self.rhs(&t, 3);
            self.line(&format!("return {};", e.s));
        }
        std::mem::replace(&mut self.out, saved)
    }

    /// A constant expression of type `t` (for `static final` and field
    /// initialisers).
    pub(crate) fn const_expr(&mut self, t: &T) -> E {
        self.scopes = vec![Vec::new()];
        self.this_class = None;
        self.const_only = true;
        self.pure_only = true;
        let d = self.rng.random_range(0..=3);
        let e = match t {
            T::NStr | T::Str => self.ex_str(d),
            _ => self.rhs(t, d),
        };
        self.const_only = false;
        self.pure_only = false;
        e
    }

    pub(crate) fn plan(&mut self) {
        // constants
        for _ in 0..self.below(4) {
            let t = if self.chance(0.25) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            let name = self.fresh("K");
            self.consts.push(Var {
                name,
                ty: t,
                mutable: false,
                konst: false,
            });
        }
        // static overloads and the recursive helper: order 0
        let mut sov: Vec<T> = vec![T::P(Double)];
        for _ in 0..self.below(4) {
            let t = if self.chance(0.15) {
                T::Str
            } else {
                T::P(self.pick(&PRIMS))
            };
            if !sov.contains(&t) {
                sov.push(t);
            }
        }
        for t in sov {
            self.statics.push(Static {
                name: "sov".into(),
                params: vec![t],
                ret: Some(T::Str),
                order: 0,
            });
        }
        self.statics.push(Static {
            name: "rec".into(),
            params: vec![T::P(Int), T::P(Long)],
            ret: Some(T::P(Long)),
            order: 0,
        });
        // level-0 statics
        let n0 = self.rng.random_range(0..=3);
        for i in 0..n0 {
            let k = self.below(3);
            let params: Vec<T> = (0..k).map(|_| self.param_type(false)).collect();
            let ret = self.ret_type();
            let name = self.fresh("s");
            self.statics.push(Static {
                name,
                params,
                ret,
                order: i + 1,
            });
        }
        let mut order = n0 + 1;
        // classes
        let nc = self.pick(&[0, 1, 2, 2, 3, 3, 4, 5]);
        for i in 0..nc {
            let parent = if i > 0 && self.chance(0.75) {
                Some(self.below(i))
            } else {
                None
            };
            let name = format!("{}{}", self.main, (b'A' + i as u8) as char);
            let mut fields = Vec::new();
            for _ in 0..self.rng.random_range(1..=3) {
                let ty = if self.chance(0.2) {
                    T::NStr
                } else {
                    T::P(self.pick(&PRIMS))
                };
                fields.push(Field {
                    name: self.fresh("f"),
                    ty,
                });
            }
            // sometimes hide a field of an ancestor
            if let Some(p) = parent {
                if self.chance(0.2) {
                    let inherited = self.fields_of(p);
                    let f = self.pick(&inherited);
                    let ty = T::P(self.pick(&PRIMS));
                    fields.push(Field { name: f.name, ty });
                }
            }
            let k = self.below(4);
            let ctor_params: Vec<T> = (0..k).map(|_| self.param_type(false)).collect();
            let noarg_ctor = !ctor_params.is_empty() && self.chance(0.4);
            let is_abstract = self.chance(0.25);
            self.classes.push(Class {
                name,
                parent,
                is_abstract,
                fields,
                ctor_params,
                noarg_ctor,
            });
        }
        // families
        for c in 0..nc {
            if self.classes[c].parent.is_none() {
                self.add_family(c, "toString".into(), Vec::new(), Some(T::Str), 0, false);
                let mut set: Vec<T> = vec![T::P(Double)];
                for _ in 0..self.below(4) {
                    let t = if self.chance(0.1) {
                        T::Str
                    } else {
                        T::P(self.pick(&PRIMS))
                    };
                    if !set.contains(&t) {
                        set.push(t);
                    }
                }
                for t in set {
                    self.add_family(c, "ov".into(), vec![t], Some(T::Str), 0, false);
                }
            } else if self.chance(0.3) {
                // a new overload in a subclass
                let t = T::P(self.pick(&PRIMS));
                let taken = self
                    .fams
                    .iter()
                    .any(|f| f.name == "ov" && f.params[0] == t && self.is_sub(c, f.decl));
                if !taken {
                    self.add_family(c, "ov".into(), vec![t], Some(T::Str), 0, false);
                }
            }
            for _ in 0..self.rng.random_range(0..=2) {
                let k = self.below(3);
                let params: Vec<T> = (0..k).map(|_| self.param_type(true)).collect();
                let ret = self.ret_type();
                let name = self.fresh("m");
                let abs = self.classes[c].is_abstract && self.chance(0.5);
                self.add_family(c, name, params, ret, order, abs);
                order += 1;
            }
        }
        // level-2 statics
        self.lvl2 = order;
        for _ in 0..self.rng.random_range(0..=2) {
            let k = self.rng.random_range(1..=3);
            let params: Vec<T> = (0..k).map(|_| self.param_type(true)).collect();
            let ret = self.ret_type();
            let name = self.fresh("s");
            self.statics.push(Static {
                name,
                params,
                ret,
                order,
            });
            order += 1;
        }
    }

    pub(crate) fn add_family(
        &mut self,
        c: usize,
        name: String,
        params: Vec<T>,
        ret: Option<T>,
        order: usize,
        abs: bool,
    ) {
        let mut impls = Vec::new();
        if !abs {
            impls.push(c);
        }
        let n = self.classes.len();
        for s in c + 1..n {
            if self.is_sub(s, c) && self.chance(0.4) {
                impls.push(s);
            }
        }
        // every concrete class needs an implementation
        for s in c..n {
            if self.is_sub(s, c) && !self.classes[s].is_abstract {
                let mut k = Some(s);
                let mut found = false;
                while let Some(a) = k {
                    if impls.contains(&a) {
                        found = true;
                        break;
                    }
                    if a == c {
                        break;
                    }
                    k = self.classes[a].parent;
                }
                if !found {
                    impls.push(s);
                }
            }
        }
        self.fams.push(Family {
            name,
            params,
            ret,
            decl: c,
            order,
            is_abstract: abs,
            impls,
        });
    }

    pub(crate) fn emit_class(&mut self, c: usize, ctor_order: usize) -> String {
        let cls = self.classes[c].clone();
        let mut s = String::new();
        let ext = cls
            .parent
            .map(|p| format!(" extends {}", self.classes[p].name))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{}class {}{ext} {{",
            if cls.is_abstract { "abstract " } else { "" },
            cls.name
        );
        for f in &cls.fields {
            let init = if self.chance(0.5) || f.ty == T::NStr && self.chance(0.5) {
                let e = self.const_expr(&f.ty);
                format!(" = {}", e.s)
            } else {
                String::new()
            };
            let _ = writeln!(s, "    {} {}{init};", self.tname(&f.ty), f.name);
        }
        // constructors
        let ps = self.params(&cls.ctor_params);
        let _ = writeln!(s, "    {}({}) {{", cls.name, self.param_list(&ps));
        if let Some(p) = cls.parent {
            let pc = self.classes[p].clone();
            let use_noarg = pc.noarg_ctor && self.chance(0.3);
            let pparams = if use_noarg {
                Vec::new()
            } else {
                pc.ctor_params.clone()
            };
            if !pparams.is_empty() || self.chance(0.5) {
                // arguments of super(...) see the parameters only
                self.set_body_state(&BodyCfg {
                    params: ps.clone(),
                    this_class: None,
                    order: 1,
                    allow_new: false,
                    allow_print: false,
                    ret: None,
                    fam: None,
                    stmts: 0,
                    loops: 0,
                });
                let args = self.args(&pparams, 2);
                let _ = writeln!(s, "        super({});", join_args(&args));
            }
        }
        let n = self.rng.random_range(1..=4);
        let print = self.chance(0.2);
        let body = self.body(BodyCfg {
            params: ps,
            this_class: Some(c),
            order: ctor_order,
            allow_new: false,
            allow_print: print,
            ret: None,
            fam: None,
            stmts: n,
            loops: 1,
        });
        s.push_str(&body);
        s.push_str("    }\n");
        if cls.noarg_ctor {
            self.set_body_state(&BodyCfg {
                params: Vec::new(),
                this_class: None,
                order: 1,
                allow_new: false,
                allow_print: false,
                ret: None,
                fam: None,
                stmts: 0,
                loops: 0,
            });
            let args = self.args(&cls.ctor_params, 2);
            let _ = writeln!(
                s,
                "    {}() {{\n        this({});\n    }}",
                cls.name,
                join_args(&args)
            );
        }
        // methods
        for fi in 0..self.fams.len() {
            let f = self.fams[fi].clone();
            let declares = f.decl == c && f.is_abstract;
            if declares {
                let ps = self.params(&f.params);
                let _ = writeln!(
                    s,
                    "    abstract {} {}({});",
                    f.ret
                        .as_ref()
                        .map(|t| self.tname(t))
                        .unwrap_or("void".into()),
                    f.name,
                    self.param_list(&ps)
                );
                continue;
            }
            if !f.impls.contains(&c) {
                continue;
            }
            let ps = self.params(&f.params);
            let rt = f
                .ret
                .as_ref()
                .map(|t| self.tname(t))
                .unwrap_or("void".into());
            let head = format!("{}({})", f.name, self.param_list(&ps));
            if f.name == "toString" {
                let _ = writeln!(s, "    public String toString() {{");
                let mut parts: Vec<String> = vec![format!("\"{}(\"", cls.name)];
                for (i, fl) in self.fields_of(c).iter().enumerate() {
                    if i > 0 {
                        parts.push("\",\"".into());
                    }
                    parts.push(if self.chance(0.5) {
                        format!("this.{}", fl.name)
                    } else {
                        fl.name.clone()
                    });
                }
                parts.push("\")\"".into());
                let has_super = cls.parent.is_some_and(|p| {
                    let mut k = Some(p);
                    while let Some(a) = k {
                        if f.impls.contains(&a) {
                            return true;
                        }
                        k = self.classes[a].parent;
                    }
                    false
                });
                if has_super && self.chance(0.6) {
                    parts.push("super.toString()".into());
                }
                let _ = writeln!(s, "        return {};\n    }}", parts.join(" + "));
                continue;
            }
            if f.name == "ov" {
                let p = &ps[0];
                let _ = writeln!(s, "    String {head} {{");
                let _ = writeln!(
                    s,
                    "        return \"{}.ov({})=\" + {};\n    }}",
                    cls.name,
                    self.tname(&p.ty),
                    p.name
                );
                continue;
            }
            let _ = writeln!(s, "    {rt} {head} {{");
            let n = self.rng.random_range(1..=5);
            let print = self.chance(0.15);
            let body = self.body(BodyCfg {
                params: ps,
                this_class: Some(c),
                order: f.order,
                allow_new: false,
                allow_print: print,
                ret: f.ret.clone(),
                fam: Some(fi),
                stmts: n,
                loops: 1,
            });
            s.push_str(&body);
            s.push_str("    }\n");
        }
        s.push_str("}\n");
        s
    }

    /// The program: the main class `C<seed>` (with `run()`) and the
    /// classes it uses.
    pub(crate) fn program(&mut self) -> String {
        self.plan();
        // constructors may call every method but the statics of level 2
        // (which may allocate objects)
        let lvl2 = self.lvl2;
        let mut classes = String::new();
        for c in 0..self.classes.len() {
            let t = self.emit_class(c, lvl2);
            classes.push_str(&t);
        }
        let mut s = String::new();
        let _ = writeln!(s, "class {} {{", self.main);
        // constants, each seeing the earlier ones
        let ks = std::mem::take(&mut self.consts);
        for k in ks {
            let e = self.const_expr(&k.ty);
            let _ = writeln!(
                s,
                "    static final {} {} = {};",
                self.tname(&k.ty),
                k.name,
                e.s
            );
            self.consts.push(k);
        }
        s.push_str(
            "    static int tr(int v) {\n        System.out.print(\"<\" + v + \">\");\n        return v;\n    }\n",
        );
        s.push_str("    static int nzi(int v) {\n        return v == 0 ? 1 : v;\n    }\n");
        s.push_str("    static long nzl(long v) {\n        return v == 0L ? 1L : v;\n    }\n");
        s.push_str(
            "    static String cut(String s) {\n        return s.length() > 32 ? s.substring(0, 32) : s;\n    }\n",
        );
        s.push_str(
            "    static String cutn(String s) {\n        return s == null ? null : cut(s);\n    }\n",
        );
        for si in 0..self.statics.len() {
            let st = self.statics[si].clone();
            let ps = self.params(&st.params);
            let rt = st
                .ret
                .as_ref()
                .map(|t| self.tname(t))
                .unwrap_or("void".into());
            let _ = writeln!(
                s,
                "    static {rt} {}({}) {{",
                st.name,
                self.param_list(&ps)
            );
            if st.name == "sov" {
                let _ = writeln!(
                    s,
                    "        return \"sov({})=\" + {};",
                    self.tname(&ps[0].ty),
                    ps[0].name
                );
            } else if st.name == "rec" {
                let (n, acc) = (ps[0].name.clone(), ps[1].name.clone());
                let _ = writeln!(
                    s,
                    "        if ({n} <= 0 || {n} > 12) {{\n            return {acc};\n        }}"
                );
                let mut ps2 = ps.clone();
                for p in &mut ps2 {
                    p.mutable = false;
                }
                self.set_body_state(&BodyCfg {
                    params: ps2,
                    this_class: None,
                    order: 0,
                    allow_new: false,
                    allow_print: false,
                    ret: None,
                    fam: None,
                    stmts: 0,
                    loops: 0,
                });
                let a = self.ex_p(Long, 3);
                let b = self.ex_p(Long, 2);
                let op = self.pick(&["+", "^", "-", "*"]);
                let _ = writeln!(
                    s,
                    "        return rec({n} - 1, {}) {op} {};",
                    a.s,
                    b.at(PADD + 1)
                );
            } else {
                let lvl2_static = st.order >= lvl2;
                let n = self.rng.random_range(1..=6);
                let print = self.chance(0.2);
                let body = self.body(BodyCfg {
                    params: ps,
                    this_class: None,
                    order: st.order,
                    allow_new: lvl2_static,
                    allow_print: print,
                    ret: st.ret.clone(),
                    fam: None,
                    stmts: n,
                    loops: 1,
                });
                s.push_str(&body);
            }
            s.push_str("    }\n");
        }
        s.push_str("    static void run() {\n");
        let n = self.rng.random_range(12..=45);
        let cfg = BodyCfg {
            params: Vec::new(),
            this_class: None,
            order: INF,
            allow_new: true,
            allow_print: true,
            ret: None,
            fam: None,
            stmts: n,
            loops: 2,
        };
        // a prelude: variables of most types, so that expressions compute
        // at run time
        let saved = std::mem::take(&mut self.out);
        self.set_body_state(&cfg);
        self.indent = 2;
        for p in PRIMS {
            for _ in 0..self.rng.random_range(0..=2) {
                let name = self.fresh("v");
                let e = self.rhs(&T::P(p), 1);
                self.line(&format!("{} {name} = {};", p.java(), e.s));
                self.declare(&name, T::P(p), true);
            }
        }
        for _ in 0..self.rng.random_range(0..=2) {
            let name = self.fresh("v");
            let e = self.string_literal();
            self.line(&format!("String {name} = {};", e.s));
            self.declare(&name, T::Str, true);
        }
        if self.chance(0.6) {
            let name = self.fresh("r");
            let seed = self.long_literal();
            self.line(&format!("Random {name} = new Random({});", seed.s));
            self.declare(&name, T::Rnd, false);
        }
        if self.chance(0.4) {
            let name = self.fresh("sb");
            self.line(&format!("StringBuilder {name} = new StringBuilder();"));
            self.declare(&name, T::Sb, false);
        }
        while self.stmts_left > 0 {
            self.stmt(0);
        }
        // the final values of the prelude's (and other top-level) variables
        let shown: Vec<(String, String)> = self.scopes[0]
            .iter()
            .filter(|v| matches!(v.ty, T::P(_) | T::Str))
            .map(|v| (v.name.clone(), self.concat_operand(v)))
            .collect();
        if !shown.is_empty() {
            let parts: Vec<String> = shown
                .iter()
                .map(|(n, e)| format!("\" {n}=\" + {e}"))
                .collect();
            self.line(&format!(
                "System.out.println(\"end:\" + {});",
                parts.join(" + ")
            ));
        }
        let body = std::mem::replace(&mut self.out, saved);
        s.push_str(&body);
        s.push_str("    }\n}\n");
        s.push_str(&classes);
        s
    }
}

/// One generated program: the text shared by both languages.
pub(crate) struct Case {
    pub(crate) seed: u64,
    pub(crate) src: String,
}

pub(crate) fn generate(seed: u64) -> Case {
    let mut g = Gen::new(seed);
    let src = g.program();
    Case { seed, src }
}
