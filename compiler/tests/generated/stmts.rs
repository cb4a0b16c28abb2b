//! Statements: blocks, loops with labels and jumps, `switch`,
//! assignments, calls and declarations (in both dialects' spellings).

use super::*;

impl Gen<'_> {
    // --------------------------------------------------------- statements

    pub(crate) fn block(&mut self, cx: &mut Ctx, d: u32) {
        self.open("{");
        cx.scopes.push(Vec::new());
        self.stmts(cx, d, 3);
        cx.scopes.pop();
        self.close("}");
    }

    pub(crate) fn stmts(&mut self, cx: &mut Ctx, d: u32, max: usize) {
        let n = self.below(max + 1);
        for _ in 0..n {
            self.stmt(cx, d);
        }
    }

    /// A statement body: a block, or (sometimes) a single simple statement.
    pub(crate) fn body(&mut self, cx: &mut Ctx, d: u32) {
        if self.chance(15) {
            self.indent += 1;
            cx.scopes.push(Vec::new());
            self.simple_stmt(cx, d, false);
            cx.scopes.pop();
            self.indent -= 1;
        } else {
            self.block(cx, d);
        }
    }

    pub(crate) fn ed(&self, d: u32) -> u32 {
        d.min(3)
    }

    pub(crate) fn stmt(&mut self, cx: &mut Ctx, d: u32) {
        if d == 0 {
            return self.simple_stmt(cx, 0, true);
        }
        let e = self.ed(d);
        match self.below(16) {
            0..=5 => self.simple_stmt(cx, d, true),
            6 => {
                let c = self.boolean(cx, e);
                self.open(&format!("if ( {} )", c.s));
                self.indent -= 1;
                self.body(cx, d - 1);
                if self.chance(40) {
                    self.line("else");
                    self.body(cx, d - 1);
                }
            }
            7 => self.jump(cx, d),
            8 => self.for_loop(cx, d),
            9 => {
                let w = self.fresh("w");
                let bound = self.bound(cx);
                self.line(&format!("int {w} = 0 ;"));
                cx.declare(&w, Ty::P(P::Int), false);
                let extra = if self.chance(30) {
                    format!(" && {}", self.boolean(cx, 1).at(P_OR))
                } else {
                    String::new()
                };
                let (label, ltext) = self.label();
                self.open(&format!("{ltext}while ( {w} < {bound}{extra} ) {{"));
                self.line(&format!("{w} ++ ;"));
                self.loop_body(cx, d, label);
                self.close("}");
            }
            10 => {
                let w = self.fresh("w");
                let bound = self.bound(cx);
                self.line(&format!("int {w} = 0 ;"));
                cx.declare(&w, Ty::P(P::Int), false);
                self.open("do {");
                self.line(&format!("{w} ++ ;"));
                self.loop_body(cx, d, None);
                self.close(&format!("}} while ( {w} < {bound} ) ;"));
            }
            11 => {
                // for-each over an array.
                let t = match self.pick_type(false) {
                    Ty::P(p) => Ty::P(p),
                    Ty::Str => Ty::Str,
                    Ty::Class(c) => Ty::Class(c),
                    _ => Ty::P(P::Int),
                };
                let arr = self.typed(cx, &Ty::arr(t.clone()), e);
                let x = self.fresh("x");
                let fin = if self.chance(30) { "final " } else { "" };
                let (label, ltext) = self.label();
                self.line(&format!(
                    "{ltext}for ( {fin}{} {x} : {} )",
                    self.ty_str(&t),
                    arr.s
                ));
                cx.scopes.push(vec![Local {
                    name: x,
                    ty: t,
                    assignable: false,
                }]);
                cx.loops.push(label);
                cx.breakable += 1;
                self.block(cx, d - 1);
                cx.breakable -= 1;
                cx.loops.pop();
                cx.scopes.pop();
            }
            12 => self.switch(cx, d),
            13 => self.block(cx, d - 1),
            14 if cx.ret == Ret::Task && !self.java => {
                let c = self.boolean(cx, e);
                self.line(&format!("if ( {} )", c.s));
                self.indent += 1;
                let s = self.taskexit(cx, false);
                self.line(&s);
                self.indent -= 1;
            }
            _ => self.simple_stmt(cx, d, true),
        }
    }

    /// A label for a loop (sometimes): its name, and the text to put
    /// before the loop (`L7 : `).
    pub(crate) fn label(&mut self) -> (Option<String>, String) {
        if self.chance(20) {
            let l = self.fresh("L");
            let text = format!("{l} : ");
            (Some(l), text)
        } else {
            (None, String::new())
        }
    }

    pub(crate) fn loop_body(&mut self, cx: &mut Ctx, d: u32, label: Option<String>) {
        cx.loops.push(label);
        cx.breakable += 1;
        cx.scopes.push(Vec::new());
        self.stmts(cx, d - 1, 3);
        cx.scopes.pop();
        cx.breakable -= 1;
        cx.loops.pop();
    }

    /// A loop bound: small, and never a constant expression's partner (the
    /// loop variable keeps the condition non-constant).
    pub(crate) fn bound(&mut self, cx: &Ctx) -> String {
        if self.chance(30) {
            if let Some(p) = self.place_of_pred(cx, &|t| matches!(t, Ty::Arr(_))) {
                return format!("{} . length", p.s);
            }
        }
        (1 + self.below(4)).to_string()
    }

    pub(crate) fn for_loop(&mut self, cx: &mut Ctx, d: u32) {
        let i = self.fresh("i");
        let bound = self.bound(cx);
        let (label, ltext) = self.label();
        if self.chance(25) {
            let j = self.fresh("j");
            self.line(&format!(
                "{ltext}for ( int {i} = 0 , {j} = {bound} ; {i} < {j} ; {i} ++ , {j} -- )"
            ));
            cx.scopes.push(vec![
                Local {
                    name: i,
                    ty: Ty::P(P::Int),
                    assignable: false,
                },
                Local {
                    name: j,
                    ty: Ty::P(P::Int),
                    assignable: false,
                },
            ]);
        } else {
            let (init, cond, step) = match self.below(3) {
                0 => (
                    format!("int {i} = 0"),
                    format!("{i} < {bound}"),
                    format!("{i} ++"),
                ),
                1 => (
                    format!("int {i} = {bound}"),
                    format!("{i} > 0"),
                    format!("-- {i}"),
                ),
                _ => (
                    format!("long {i} = 0L"),
                    format!("{i} <= {bound}"),
                    format!("{i} += 1"),
                ),
            };
            let ty = if init.starts_with("long") {
                Ty::P(P::Long)
            } else {
                Ty::P(P::Int)
            };
            self.line(&format!("{ltext}for ( {init} ; {cond} ; {step} )"));
            cx.scopes.push(vec![Local {
                name: i,
                ty,
                assignable: false,
            }]);
        }
        cx.loops.push(label);
        cx.breakable += 1;
        self.body(cx, d - 1);
        cx.breakable -= 1;
        cx.loops.pop();
        cx.scopes.pop();
    }

    pub(crate) fn switch(&mut self, cx: &mut Ctx, d: u32) {
        let chars = self.chance(30);
        let sel = if chars {
            self.numeric(cx, P::Char, self.ed(d))
        } else {
            self.numeric(cx, P::Int, self.ed(d))
        };
        self.open(&format!("switch ( {} ) {{", sel.s));
        let groups = self.below(4);
        let default_at = if self.chance(70) {
            Some(self.below(groups + 1))
        } else {
            None
        };
        let mut used: Vec<u32> = Vec::new();
        cx.breakable += 1;
        for g in 0..=groups {
            let mut labels = Vec::new();
            if default_at == Some(g) {
                labels.push("default :".to_string());
            }
            if g < groups {
                for _ in 0..1 + self.below(2) {
                    let v = if chars {
                        97 + self.below(26) as u32
                    } else {
                        self.below(128) as u32
                    };
                    if used.contains(&v) {
                        continue;
                    }
                    used.push(v);
                    let text = if chars || self.chance(20) {
                        format!("'{}'", char::from_u32(v).unwrap())
                    } else {
                        v.to_string()
                    };
                    if !chars && text.starts_with('\'') && !(v as u8).is_ascii_alphanumeric() {
                        labels.push(format!("case {v} :"));
                    } else {
                        labels.push(format!("case {text} :"));
                    }
                }
            }
            if labels.is_empty() {
                continue;
            }
            for l in labels {
                self.line(&l);
            }
            self.indent += 1;
            cx.scopes.push(Vec::new());
            self.stmts(cx, d - 1, 2);
            if self.chance(60) {
                self.line("break ;");
            }
            cx.scopes.pop();
            self.indent -= 1;
        }
        cx.breakable -= 1;
        self.close("}");
    }

    /// `if ( c ) { ... ; jump }` with a jump allowed here.
    pub(crate) fn jump(&mut self, cx: &mut Ctx, d: u32) {
        let mut jumps: Vec<String> = Vec::new();
        if cx.breakable > 0 {
            jumps.push("break ;".into());
        }
        if !cx.loops.is_empty() {
            jumps.push("continue ;".into());
        }
        for l in cx.loops.iter().flatten() {
            jumps.push(format!("break {l} ;"));
            jumps.push(format!("continue {l} ;"));
        }
        let e = self.ed(d);
        match cx.ret.clone() {
            Ret::Void => jumps.push("return ;".into()),
            Ret::Value(t) => {
                let v = self.value(cx, &t, e);
                jumps.push(format!("return {} ;", v.s));
            }
            Ret::Task => {
                if self.java {
                    jumps.push("return ;".into());
                } else {
                    let s = self.taskexit(cx, false);
                    jumps.push(s);
                }
            }
        }
        let j = self.pick(&jumps);
        let c = self.boolean(cx, e);
        self.open(&format!("if ( {} ) {{", c.s));
        cx.scopes.push(Vec::new());
        self.stmts(cx, d - 1, 2);
        cx.scopes.pop();
        self.line(&j);
        self.close("}");
    }

    /// A declaration, or (where a declaration is not allowed, as the
    /// whole body of an `if` or a loop) a print statement.
    pub(crate) fn fallback(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        if decl {
            self.declaration(cx, d)
        } else {
            let a = self.typed(cx, &Ty::P(P::Int), d);
            self.line(&format!("System . out . println ( {} ) ;", a.s));
        }
    }

    pub(crate) fn simple_stmt(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        let e = self.ed(d);
        match self.below(12) {
            0..=2 => self.fallback(cx, e, decl),
            3 | 4 => {
                // Assignment.
                match self.lvalue(cx, &|t| *t != Ty::Null, e) {
                    Some(p) => {
                        let v = self.value(cx, &p.ty, e);
                        self.line(&format!("{} = {} ;", p.s, v.s));
                    }
                    None => self.fallback(cx, e, decl),
                }
            }
            5 => self.compound(cx, e, decl),
            6 => {
                let ok = |t: &Ty| matches!(t, Ty::P(q) if *q != P::Boolean);
                match self.lvalue(cx, &ok, e) {
                    Some(p) => {
                        let s = match self.below(4) {
                            0 => format!("{} ++ ;", p.s),
                            1 => format!("{} -- ;", p.s),
                            2 => format!("++ {} ;", p.s),
                            _ => format!("-- {} ;", p.s),
                        };
                        self.line(&s);
                    }
                    None => self.fallback(cx, e, decl),
                }
            }
            7 => {
                let ms: &[&str] = if self.java {
                    &["System . out . println", "System . out . print"]
                } else {
                    &[
                        "System . out . println",
                        "System . out . print",
                        "System . println",
                        "System . print",
                    ]
                };
                let m = self.pick(ms);
                if self.chance(15) && m.ends_with("println") {
                    self.line(&format!("{m} ( ) ;"));
                } else {
                    let t = self.pick_type(false);
                    let a = self.typed(cx, &t, e);
                    self.line(&format!("{m} ( {} ) ;", a.s));
                }
            }
            8 => match self.call(cx, &|_, _| true, e) {
                Some(c) => self.line(&format!("{} ;", c.s)),
                None => self.fallback(cx, e, decl),
            },
            9 => {
                let c = self.pick_class();
                let ks = self.constructible(c, cx.rank, e);
                if ks.is_empty() {
                    return self.fallback(cx, e, decl);
                }
                let k = self.pick(&ks);
                let v = if cx.alloc && !self.java && self.chance(60) {
                    self.allocation(cx, k, e)
                } else {
                    self.new_object(cx, k, e).unwrap()
                };
                self.line(&format!("{} ;", v.s));
            }
            10 => {
                // A method call on an object.
                let c = self.pick_class();
                match self.receiver(cx, c, e) {
                    Some(r) if matches!(r.ty, Ty::Class(_)) => {
                        let s = format!("{} . hashCode ( ) ;", r.s);
                        self.line(&s);
                    }
                    _ => self.fallback(cx, e, decl),
                }
            }
            _ => self.fallback(cx, e, decl),
        }
    }

    pub(crate) fn compound(&mut self, cx: &mut Ctx, d: u32, decl: bool) {
        let p = match self.lvalue(cx, &|t| matches!(t, Ty::P(_) | Ty::Str), d) {
            Some(p) => p,
            None => return self.fallback(cx, d, decl),
        };
        let (op, rt) = match &p.ty {
            Ty::Str => ("+=", self.pick_type(false)),
            Ty::P(P::Boolean) => (self.pick(&["&=", "|=", "^="]), Ty::P(P::Boolean)),
            Ty::P(q) if q.integral() => match self.below(3) {
                0 => (
                    self.pick(&["&=", "|=", "^="]),
                    Ty::P(self.pick(&[P::Int, P::Long, P::Char, P::Byte])),
                ),
                1 => (
                    self.pick(&["<<=", ">>=", ">>>="]),
                    Ty::P(self.pick(&[P::Int, P::Long])),
                ),
                _ => (
                    self.pick(&["+=", "-=", "*=", "/=", "%="]),
                    Ty::P(self.pick(&NUMERIC)),
                ),
            },
            _ => (
                self.pick(&["+=", "-=", "*=", "/=", "%="]),
                Ty::P(self.pick(&NUMERIC)),
            ),
        };
        let v = self.expr(cx, &rt, d);
        self.line(&format!("{} {op} {} ;", p.s, v.s));
    }

    pub(crate) fn declaration(&mut self, cx: &mut Ctx, d: u32) {
        let t = self.pick_type(true);
        let name = self.fresh("v");
        let ts = self.ty_str(&t);
        let fin = self.chance(10);
        let fin_s = if fin { "final " } else { "" };
        match &t {
            Ty::Arr(elem) if self.chance(40) => {
                let init = self.array_init(cx, elem, d);
                if self.chance(40) {
                    // The original distribution's C-style declarator.
                    let (base, dims) = Self::base_dims(&t);
                    let brackets = " [ ]".repeat(dims);
                    self.line(&format!(
                        "{fin_s}{} {name}{brackets} = {init} ;",
                        self.ty_str(&base)
                    ));
                } else {
                    self.line(&format!("{fin_s}{ts} {name} = {init} ;"));
                }
            }
            Ty::P(P::Byte) | Ty::P(P::Short) | Ty::P(P::Char) if self.chance(30) => {
                // A constant narrowed in an assignment context.
                let v = if t == Ty::P(P::Char) {
                    65 + self.below(26)
                } else {
                    self.below(128)
                };
                self.line(&format!("{fin_s}{ts} {name} = {v} ;"));
            }
            _ => {
                let v = self.value(cx, &t, d);
                if !fin && self.chance(15) && matches!(t, Ty::P(_) | Ty::Str) {
                    let name2 = self.fresh("v");
                    let v2 = self.expr(cx, &t, d);
                    self.line(&format!("{ts} {name} = {} , {name2} = {} ;", v.s, v2.s));
                    cx.declare(&name2, t.clone(), true);
                } else {
                    self.line(&format!("{fin_s}{ts} {name} = {} ;", v.s));
                }
            }
        }
        cx.declare(&name, t, !fin);
    }
}
