//! A whole program: class signatures, parameters, constant expressions,
//! and the declarations of classes, constructors and methods.

use super::*;

impl Gen<'_> {
    // ------------------------------------------------------------ programs

    pub(crate) fn program(&mut self) {
        self.signatures();
        let mut items: Vec<String> = Vec::new();
        for c in self.user_classes() {
            self.class_decl(c);
            items.push(std::mem::take(&mut self.out));
        }
        if self.java {
            // The startup task as a static method, and a stand-in for the
            // library's StartupObject.
            self.out.push_str(
                "class StartupObject {\n    String [ ] args ;\n    String [ ] parameters ;\n}\n",
            );
            self.open("class Tasks {");
            self.open("static void startup ( StartupObject s ) {");
            let mut cx = Ctx::new(None, false, usize::MAX, Ret::Void);
            cx.declare("s", Ty::Class(STARTUP), false);
            self.stmts(&mut cx, 3, 6);
            self.close("}");
            self.close("}");
            items.push(std::mem::take(&mut self.out));
        } else {
            self.tasks(&mut items);
        }
        // Declaration order does not matter: shuffle.
        let mut order: Vec<String> = Vec::new();
        while !items.is_empty() {
            let i = self.below(items.len());
            order.push(items.remove(i));
        }
        self.out = order.join("\n");
    }

    pub(crate) fn tasks(&mut self, items: &mut Vec<String>) {
        let guard = Guard::Flag("initialstate".into());
        let startup = TaskParam {
            name: "s".into(),
            class: STARTUP,
            guard,
        };
        self.task("startup", vec![startup], vec![None]);
        items.push(std::mem::take(&mut self.out));
        let flagged: Vec<usize> = self
            .user_classes()
            .into_iter()
            .filter(|&c| !self.all_flags(c).is_empty())
            .collect();
        if flagged.is_empty() {
            return;
        }
        let n = 1 + self.below(3);
        for t in 0..n {
            let np = 1 + usize::from(self.chance(30)) + usize::from(self.chance(10));
            let mut params = Vec::new();
            let mut tgs = Vec::new();
            let shared_tag = format!("tg{t}");
            let tt = self.pick(&TAG_TYPES);
            for i in 0..np {
                let c = self.pick(&flagged);
                let flags = self.all_flags(c);
                let guard = self.good_guard(&flags);
                params.push(TaskParam {
                    name: format!("p{i}"),
                    class: c,
                    guard,
                });
                tgs.push(if self.chance(20) {
                    Some((tt.to_string(), shared_tag.clone()))
                } else {
                    None
                });
            }
            self.task(&format!("consume{t}"), params, tgs);
            items.push(std::mem::take(&mut self.out));
        }
    }

    /// Declares classes, flags, constants, fields, constructors and methods
    /// (bodies come later, so any body can use any declaration).
    pub(crate) fn signatures(&mut self) {
        let n = 1 + self.below(4);
        for i in 0..n {
            let c = self.classes.len();
            let sup = if i > 0 && self.chance(45) {
                Some(1 + self.below(i))
            } else {
                None
            };
            let is_abstract = self.chance(15);
            let nflags = if self.java { 0 } else { self.below(4) };
            let flags = (0..nflags).map(|k| format!("fl{c}_{k}")).collect();
            self.classes.push(Class {
                name: format!("C{c}"),
                sup,
                is_abstract,
                stdlib: false,
                flags,
                ctors: Vec::new(),
                own: Vec::new(),
            });
            for k in 0..self.below(3) {
                let ty = Ty::P(self.pick(&[
                    P::Int,
                    P::Long,
                    P::Double,
                    P::Boolean,
                    P::Char,
                    P::Int,
                    P::Byte,
                ]));
                let ty = if self.chance(25) { Ty::Str } else { ty };
                self.consts.push(Const {
                    name: format!("K{c}_{k}"),
                    ty,
                    owner: c,
                });
            }
            for k in 0..self.below(5) {
                let ty = self.pick_type(false);
                let private = self.chance(20);
                let fin = self.chance(15);
                self.fields.push(Field {
                    name: format!("f{c}_{k}"),
                    ty,
                    owner: c,
                    private,
                    fin,
                });
            }
            // Constructors: distinct arities; at least one unless the
            // superclass has a no-argument constructor.
            let sup_noarg =
                sup.is_none_or(|s| self.classes[s].ctors.iter().any(|k| k.params.is_empty()));
            let mut n_ctors = self.below(3);
            if n_ctors == 0 && !sup_noarg {
                n_ctors = 1;
            }
            if n_ctors == 0 {
                let rank = self.rank();
                self.classes[c].ctors.push(Ctor {
                    params: Vec::new(),
                    rank,
                    implicit: true,
                });
            }
            let mut arities: Vec<usize> = Vec::new();
            for _ in 0..n_ctors {
                let a = self.below(3);
                if arities.contains(&a) {
                    continue;
                }
                arities.push(a);
                let params = self.params(a);
                let rank = self.rank();
                self.classes[c].ctors.push(Ctor {
                    params,
                    rank,
                    implicit: false,
                });
            }
            // Overrides of inherited methods (required for abstract ones in
            // a concrete class).
            if let Some(s) = sup {
                for slot in 0..self.slots.len() {
                    let sl = &self.slots[slot];
                    if sl.is_static || sl.private || !self.chain(s).contains(&sl.owner) {
                        continue;
                    }
                    let abs = self.slot_abstract_in(s, slot) == Some(true);
                    if (abs && !is_abstract) || self.chance(25) {
                        self.classes[c].own.push((slot, false));
                    }
                }
            }
            // New methods.
            for _ in 0..self.below(5) {
                let is_static = self.chance(25);
                let is_abs = is_abstract && !is_static && self.chance(40);
                let private = !is_abs && self.chance(10);
                let arity = self.below(4);
                // Overload an existing name when the arity differs from every
                // method of that name this class sees.
                let mut name = self.fresh("m");
                let seen: Vec<usize> = (0..self.slots.len())
                    .filter(|&s| self.chain(c).contains(&self.slots[s].owner))
                    .collect();
                if !seen.is_empty() && self.chance(25) {
                    let s = self.pick(&seen);
                    let cand = self.slots[s].name.clone();
                    if !self
                        .slots
                        .iter()
                        .any(|x| x.name == cand && x.params.len() == arity)
                    {
                        name = cand;
                    }
                }
                let ret = if self.chance(30) {
                    None
                } else {
                    Some(self.pick_type(false))
                };
                let params = self.params(arity);
                let rank = self.rank();
                let vis = if private {
                    "private "
                } else {
                    self.pick(&["", "public ", "protected "])
                };
                self.slots.push(Slot {
                    name,
                    params,
                    ret,
                    owner: c,
                    is_static,
                    private,
                    vis,
                    rank,
                });
                self.classes[c].own.push((self.slots.len() - 1, is_abs));
            }
        }
    }

    pub(crate) fn params(&mut self, n: usize) -> Vec<Param> {
        (0..n)
            .map(|i| {
                let tags = self.chance(5);
                let ty = self.pick_type(tags);
                Param {
                    name: format!("a{i}"),
                    ty,
                    fin: self.chance(15),
                }
            })
            .collect()
    }

    pub(crate) fn param_list(&self, ps: &[Param]) -> String {
        ps.iter()
            .map(|p| {
                format!(
                    "{}{} {}",
                    if p.fin { "final " } else { "" },
                    self.ty_str(&p.ty),
                    p.name
                )
            })
            .collect::<Vec<_>>()
            .join(" , ")
    }

    pub(crate) fn declare_params(cx: &mut Ctx, ps: &[Param]) {
        for p in ps {
            cx.declare(&p.name, p.ty.clone(), !p.fin);
        }
    }

    /// A constant expression of type `t` (for `static final` constants).
    /// `before`: only constants declared before this index may be named
    /// (so constants never depend on themselves).
    pub(crate) fn const_expr(&mut self, before: usize, t: &Ty, d: u32) -> E {
        let refs: Vec<(String, Ty)> = self.consts[..before]
            .iter()
            .filter(|k| self.assignable(&k.ty, t))
            .map(|k| {
                (
                    format!("{} . {}", self.classes[k.owner].name, k.name),
                    k.ty.clone(),
                )
            })
            .collect();
        if d == 0 || !self.chance(70) {
            if !refs.is_empty() && self.chance(40) {
                let (s, kt) = self.pick(&refs);
                return E::atom(s, kt);
            }
            return match t {
                Ty::Str => self.str_lit(),
                Ty::P(p) => self.lit(*p),
                _ => unreachable!(),
            };
        }
        let d1 = d - 1;
        match t {
            Ty::Str => {
                let other = Ty::P(self.pick(&[P::Int, P::Boolean, P::Char, P::Long, P::Double]));
                let l = self.const_expr(before, &Ty::Str, d1);
                let r = if self.chance(50) {
                    self.const_expr(before, &other, d1)
                } else {
                    self.const_expr(before, &Ty::Str, d1)
                };
                bin(&l, "+", &r, P_ADD, Ty::Str)
            }
            Ty::P(P::Boolean) => match self.below(3) {
                0 => {
                    let l = self.const_expr(before, &Ty::P(P::Int), d1);
                    let r = self.const_expr(before, &Ty::P(P::Int), d1);
                    let op = self.pick(&["<", "==", ">=", "!="]);
                    bin(
                        &l,
                        op,
                        &r,
                        if op.contains('=') && op.len() == 2 && op != ">=" {
                            P_EQ
                        } else {
                            P_REL
                        },
                        Ty::P(P::Boolean),
                    )
                }
                1 => {
                    let l = self.const_expr(before, t, d1);
                    let r = self.const_expr(before, t, d1);
                    let (op, prec) = self.pick(&[("&&", P_AND), ("||", P_OR), ("^", P_XOR)]);
                    bin(&l, op, &r, prec, t.clone())
                }
                _ => {
                    let e = self.const_expr(before, t, d1);
                    E {
                        s: format!("! {}", e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: t.clone(),
                    }
                }
            },
            Ty::P(p) if matches!(p, P::Int | P::Long | P::Double) => match self.below(5) {
                0 | 1 => {
                    let l = self.const_expr(before, t, d1);
                    let r = self.const_expr(before, t, d1);
                    let ops: &[(&str, u8)] = if *p == P::Double {
                        // No `/` here: integral operands could divide by zero, which
                        // is not a constant. (Division by a literal is below.)
                        &[("+", P_ADD), ("-", P_ADD), ("*", P_MUL)]
                    } else {
                        &[
                            ("+", P_ADD),
                            ("-", P_ADD),
                            ("*", P_MUL),
                            ("&", P_BAND),
                            ("|", P_BOR),
                            ("^", P_XOR),
                            ("<<", P_SHIFT),
                            (">>>", P_SHIFT),
                        ]
                    };
                    let (op, prec) = self.pick(ops);
                    bin(&l, op, &r, prec, t.clone())
                }
                2 => {
                    let l = self.const_expr(before, t, d1);
                    let r = E::atom((1 + self.below(9)).to_string(), Ty::P(P::Int));
                    let op = self.pick(&["/", "%"]);
                    bin(&l, op, &r, P_MUL, t.clone())
                }
                3 => {
                    let q = self.pick(&[P::Int, P::Long, P::Double, P::Char]);
                    let e = self.const_expr(before, &Ty::P(q), d1);
                    E {
                        s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                        prec: P_UNARY,
                        ty: t.clone(),
                    }
                }
                _ => {
                    let cnd = self.const_expr(before, &Ty::P(P::Boolean), d1);
                    let a = self.const_expr(before, t, d1);
                    let b = self.const_expr(before, t, d1);
                    E {
                        s: format!("{} ? {} : {}", cnd.at(P_OR), a.at(P_COND), b.at(P_COND)),
                        prec: P_COND,
                        ty: t.clone(),
                    }
                }
            },
            Ty::P(p) => {
                // char, byte: a cast of an int constant.
                let e = self.const_expr(before, &Ty::P(P::Int), d1);
                E {
                    s: format!("( {} ) {}", p.name(), e.at(P_UNARY)),
                    prec: P_UNARY,
                    ty: t.clone(),
                }
            }
            _ => unreachable!(),
        }
    }

    pub(crate) fn class_decl(&mut self, c: usize) {
        let public = self.chance(20) && !self.java;
        let k = &self.classes[c];
        let mut head = String::new();
        if public {
            head.push_str("public ");
        }
        if k.is_abstract {
            head.push_str("abstract ");
        }
        head.push_str(&format!("class {}", k.name));
        if let Some(s) = k.sup {
            head.push_str(&format!(" extends {}", self.classes[s].name));
        }
        self.open(&format!("{head} {{"));
        for f in self.classes[c].flags.clone() {
            self.line(&format!("flag {f} ;"));
        }
        // Constants.
        let consts: Vec<usize> = (0..self.consts.len())
            .filter(|&i| self.consts[i].owner == c)
            .collect();
        for before in consts {
            let (name, ty) = (
                self.consts[before].name.clone(),
                self.consts[before].ty.clone(),
            );
            let e = if ty == Ty::P(P::Byte) {
                E::atom(self.below(128).to_string(), ty.clone())
            } else {
                self.const_expr(before, &ty, 2)
            };
            let vis = self.pick(&["", "public ", "private "]);
            let vis = if vis == "private " { "" } else { vis };
            self.line(&format!(
                "{vis}static final {} {name} = {} ;",
                self.ty_str(&ty),
                e.s
            ));
        }
        // Fields.
        let fields: Vec<usize> = (0..self.fields.len())
            .filter(|&i| self.fields[i].owner == c)
            .collect();
        for fi in fields {
            let (name, ty, private, fin) = {
                let f = &self.fields[fi];
                (f.name.clone(), f.ty.clone(), f.private, f.fin)
            };
            let vis = if private {
                "private "
            } else {
                self.pick(&["", "public ", "protected "])
            };
            let fin_s = if fin { "final " } else { "" };
            if fin || self.chance(30) {
                let init = match &ty {
                    Ty::P(P::Byte) | Ty::P(P::Short) | Ty::P(P::Char) => {
                        format!("( {} ) {}", ty_name(&ty), self.below(100))
                    }
                    Ty::P(_) | Ty::Str => self.const_expr(self.consts.len(), &ty, 1).s,
                    Ty::Arr(e) => {
                        let cx = Ctx::new(Some(c), false, 0, Ret::Void);
                        let e = (**e).clone();
                        self.array_init(&cx, &e, 0)
                    }
                    _ => "null".into(),
                };
                self.line(&format!(
                    "{vis}{fin_s}{} {name} = {init} ;",
                    self.ty_str(&ty)
                ));
            } else {
                self.line(&format!("{vis}{} {name} ;", self.ty_str(&ty)));
            }
        }
        // Constructors.
        for ci in 0..self.classes[c].ctors.len() {
            if self.classes[c].ctors[ci].implicit {
                continue;
            }
            self.ctor_decl(c, ci);
        }
        // Methods and overrides.
        for (slot, abs) in self.classes[c].own.clone() {
            self.method_decl(c, slot, abs);
        }
        self.close("}");
    }

    pub(crate) fn ctor_decl(&mut self, c: usize, ci: usize) {
        let rank = self.classes[c].ctors[ci].rank;
        let params = std::mem::take(&mut self.classes[c].ctors[ci].params);
        let vis = self.pick(&["", "public ", "protected "]);
        self.open(&format!(
            "{vis}{} ( {} ) {{",
            self.classes[c].name,
            self.param_list(&params)
        ));
        // The arguments of `super(..)`/`this(..)` may not use `this`.
        let mut scx = Ctx::new(Some(c), false, rank, Ret::Void);
        Self::declare_params(&mut scx, &params);
        let others: Vec<usize> = (0..self.classes[c].ctors.len())
            .filter(|&o| {
                o != ci
                    && !self.classes[c].ctors[o].implicit
                    && self.classes[c].ctors[o].rank < rank
            })
            .collect();
        if !others.is_empty() && self.chance(30) {
            let o = self.pick(&others);
            let ptys: Vec<Ty> = self.classes[c].ctors[o]
                .params
                .iter()
                .map(|p| p.ty.clone())
                .collect();
            let a = self.args(&scx, &ptys, 2);
            self.line(&format!("this ( {a} ) ;"));
        } else if let Some(s) = self.classes[c].sup {
            let sup_ctors: Vec<usize> = (0..self.classes[s].ctors.len()).collect();
            let noarg = self.classes[s]
                .ctors
                .iter()
                .position(|k| k.params.is_empty());
            if noarg.is_none() || self.chance(50) {
                let o = self.pick(&sup_ctors);
                let ptys: Vec<Ty> = self.classes[s].ctors[o]
                    .params
                    .iter()
                    .map(|p| p.ty.clone())
                    .collect();
                let a = self.args(&scx, &ptys, 2);
                self.line(&format!("super ( {a} ) ;"));
            }
        }
        let mut cx = Ctx::new(Some(c), true, rank, Ret::Void);
        Self::declare_params(&mut cx, &params);
        // Initialise some fields, then other statements.
        let fields: Vec<usize> = (0..self.fields.len())
            .filter(|&i| self.fields[i].owner == c && !self.fields[i].fin)
            .collect();
        for fi in fields {
            if self.chance(60) {
                let (name, ty) = (self.fields[fi].name.clone(), self.fields[fi].ty.clone());
                let v = self.expr(&cx, &ty, 2);
                let this = if self.chance(60) { "this . " } else { "" };
                self.line(&format!("{this}{name} = {} ;", v.s));
            }
        }
        self.stmts(&mut cx, 2, 3);
        self.classes[c].ctors[ci].params = params;
        self.close("}");
    }

    pub(crate) fn method_decl(&mut self, c: usize, slot: usize, abs: bool) {
        let (name, ret, is_static, vis, rank) = {
            let s = &self.slots[slot];
            (s.name.clone(), s.ret.clone(), s.is_static, s.vis, s.rank)
        };
        let params = std::mem::take(&mut self.slots[slot].params);
        let mut mods = vis.to_string();
        if abs {
            mods.push_str("abstract ");
        }
        if is_static {
            mods.push_str("static ");
        }
        // `final` only where no other class overrides the method.
        let overridden = (0..self.classes.len())
            .any(|k| k != c && self.classes[k].own.iter().any(|&(s, _)| s == slot));
        if !abs && !overridden && self.chance(10) {
            mods.push_str("final ");
        }
        let rs = match &ret {
            None => "void".to_string(),
            Some(t) => self.ty_str(t),
        };
        let head = format!("{mods}{rs} {name} ( {} )", self.param_list(&params));
        if abs {
            self.line(&format!("{head} ;"));
        } else {
            self.open(&format!("{head} {{"));
            let r = match &ret {
                None => Ret::Void,
                Some(t) => Ret::Value(t.clone()),
            };
            let mut cx = Ctx::new(Some(c), !is_static, rank, r);
            cx.alloc = true;
            Self::declare_params(&mut cx, &params);
            self.stmts(&mut cx, 3, 5);
            match &ret {
                Some(t) => {
                    let v = self.value(&cx, t, 2);
                    self.line(&format!("return {} ;", v.s));
                }
                None => {
                    if self.chance(20) {
                        self.line("return ;");
                    }
                }
            }
            self.close("}");
        }
        self.slots[slot].params = params;
    }
}

pub(crate) fn ty_name(t: &Ty) -> &'static str {
    match t {
        Ty::P(p) => p.name(),
        _ => "Object",
    }
}
