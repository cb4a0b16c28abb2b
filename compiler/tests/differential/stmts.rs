//! Statements: declarations, assignments, printing, calls, `if`, loops
//! with labels and jumps, `switch`.

use super::*;

impl Gen {
    // -----------------------------------------------------------------------
    // Statements
    // -----------------------------------------------------------------------

    pub(crate) fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    pub(crate) fn declare(&mut self, name: &str, ty: T, mutable: bool) {
        self.declare_k(name, ty, mutable, false);
    }

    pub(crate) fn declare_k(&mut self, name: &str, ty: T, mutable: bool, konst: bool) {
        self.scopes.last_mut().unwrap().push(Var {
            name: name.to_string(),
            ty,
            mutable,
            konst,
        });
    }

    pub(crate) fn block(&mut self, n: usize, depth: u32) {
        self.scopes.push(Vec::new());
        self.indent += 1;
        for _ in 0..n {
            if self.stmts_left <= 0 {
                break;
            }
            self.stmt(depth);
        }
        self.indent -= 1;
        self.scopes.pop();
    }

    pub(crate) fn decl_type(&mut self) -> T {
        let has_cls = (0..self.classes.len()).any(|c| self.obj_available(c));
        let top = self.allow_new && self.allow_print;
        let no_sb = self.var_of(&T::Sb).is_none();
        let no_rnd = self.var_of(&T::Rnd).is_none();
        let k = self.weighted(&[
            10,
            3,
            3,
            1,
            2,
            if has_cls { 2 } else { 0 },
            if has_cls && self.allow_new { 1 } else { 0 },
            if top && no_sb { 2 } else { 0 },
            if top && no_rnd { 2 } else { 0 },
        ]);
        match k {
            0 => T::P(self.pick(&PRIMS)),
            1 => T::Str,
            2 => T::Arr(Box::new(T::P(self.pick(&PRIMS)))),
            3 => T::Arr(Box::new(T::NStr)),
            4 => T::Arr(Box::new(T::Arr(Box::new(T::P(
                self.pick(&[Int, Long, Double, Char, Byte, Bool]),
            ))))),
            5 | 6 => {
                let cs: Vec<usize> = (0..self.classes.len())
                    .filter(|&c| self.obj_available(c))
                    .collect();
                let c = self.pick(&cs);
                if k == 6 {
                    T::Arr(Box::new(T::Obj(c)))
                } else {
                    T::Obj(c)
                }
            }
            7 => T::Sb,
            _ => T::Rnd,
        }
    }

    pub(crate) fn decl_stmt(&mut self, d: u32) {
        let t = self.decl_type();
        let name = self.fresh("v");
        let tn = self.tname(&t);
        match &t {
            T::Sb => {
                let init = match self.below(3) {
                    0 => String::new(),
                    1 => self.string_literal().s,
                    _ => "16".into(),
                };
                self.line(&format!(
                    "StringBuilder {name} = new StringBuilder({init});"
                ));
                self.declare(&name, t, false);
            }
            T::Rnd => {
                let seed = self.long_literal();
                self.line(&format!("Random {name} = new Random({});", seed.s));
                self.declare(&name, t, false);
            }
            T::Arr(_) => {
                let init = if self.chance(0.3) && t == T::Arr(Box::new(T::P(Char))) {
                    let s = self.ex_str(2);
                    let s = self.bounded(s);
                    format!("{}.toCharArray()", s.at(PPRI))
                } else {
                    self.new_array(&t, d, true).s
                };
                if self.chance(0.15) {
                    // C-style declarator
                    let (base, dims) = tn.split_at(tn.find('[').unwrap());
                    self.line(&format!("{base} {name}{dims} = {init};"));
                } else {
                    self.line(&format!("{tn} {name} = {init};"));
                }
                self.declare(&name, t, true);
            }
            T::P(_) if self.chance(0.08) => {
                // several declarators
                let name2 = self.fresh("v");
                let a = self.rhs(&t, d);
                let b = self.rhs(&t, d);
                self.line(&format!("{tn} {name} = {}, {name2} = {};", a.s, b.s));
                self.declare(&name, t.clone(), true);
                self.declare(&name2, t, true);
            }
            _ => {
                let e = self.rhs(&t, d);
                let fin = self.chance(0.1);
                self.line(&format!(
                    "{}{tn} {name} = {};",
                    if fin { "final " } else { "" },
                    e.s
                ));
                let konst = fin && e.konst && matches!(t, T::P(_) | T::Str);
                self.declare_k(&name, t, !fin, konst);
            }
        }
    }

    /// Types of the places that can be assigned here.
    pub(crate) fn place_types(&mut self) -> Vec<T> {
        let mut ts: Vec<T> = Vec::new();
        for (_, t, m, _) in self.readables(&|_| true) {
            if m && !matches!(t, T::Sb | T::Rnd) && !ts.contains(&t) {
                ts.push(t);
            }
        }
        for v in self.arrays(&|_| true) {
            if let T::Arr(e) = &v.ty {
                if !ts.contains(e) {
                    ts.push((**e).clone());
                }
                if let T::Arr(e2) = &**e {
                    if !ts.contains(e2) {
                        ts.push((**e2).clone());
                    }
                }
            }
        }
        ts
    }

    pub(crate) fn assign_stmt(&mut self, d: u32) {
        let ts = self.place_types();
        if ts.is_empty() {
            return self.print_or_call(d);
        }
        let t = self.pick(&ts);
        match self.lvalue(&t, d) {
            Some(lv) => {
                let r = self.rhs(&t, d);
                self.line(&format!("{} = {};", lv.s, r.s));
            }
            None => self.print_or_call(d),
        }
    }

    pub(crate) fn compound_stmt(&mut self, d: u32) {
        let ts: Vec<T> = self
            .place_types()
            .into_iter()
            .filter(|t| matches!(t, T::P(_) | T::Str | T::NStr))
            .collect();
        if ts.is_empty() {
            return self.print_or_call(d);
        }
        let t = self.pick(&ts);
        match self.compound_parts(&t, d) {
            Some((lv, op, r)) => self.line(&format!("{} {op} {};", lv.s, r.s)),
            None => self.print_or_call(d),
        }
    }

    pub(crate) fn incdec_stmt(&mut self) {
        let p = self.pick(&NUMERIC);
        match self.incdec(p) {
            Some(e) => self.line(&format!("{};", e.s)),
            None => {
                let e = self.incdec(Int);
                if let Some(e) = e {
                    self.line(&format!("{};", e.s));
                }
            }
        }
    }

    pub(crate) fn print_or_call(&mut self, d: u32) {
        if self.allow_print {
            self.print_stmt(d)
        } else {
            self.call_stmt(d)
        }
    }

    pub(crate) fn print_stmt(&mut self, d: u32) {
        let k = self.below(8);
        let label = self.fresh("L");
        match k {
            0..=2 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                self.line(&format!("System.out.println({});", e.s));
            }
            3..=5 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                let l = E::new(format!("\"{label}: \""), PPRI, T::Str).k();
                let c = self.plus(&l, &e);
                self.line(&format!("System.out.println({});", c.s));
            }
            6 => {
                let t = self.printable_type();
                let a = self.ex(&t, d);
                let t = self.printable_type();
                let b = self.ex(&t, d);
                self.line(&format!("System.out.print({});", a.s));
                let sep = self.pick(&["' '", "\" | \"", "'\\t'"]);
                self.line(&format!("System.out.print({sep});"));
                self.line(&format!("System.out.println({});", b.s));
            }
            _ => {
                let cas = self.arrays(&|t| *t == T::Arr(Box::new(T::P(Char))));
                if cas.is_empty() {
                    self.line("System.out.println();");
                } else {
                    let a = self.pick(&cas);
                    self.line(&format!("System.out.println({});", a.name));
                }
            }
        }
    }

    /// Prints variables in scope: a few scalars, or an array's elements.
    pub(crate) fn dump_stmt(&mut self) {
        let label = self.fresh("D");
        let arrs = self
            .arrays(&|t| matches!(t, T::Arr(e) if matches!(**e, T::P(_) | T::NStr | T::Obj(_))));
        if !arrs.is_empty() && self.chance(0.4) {
            let a = self.pick(&arrs);
            let T::Arr(e) = &a.ty else { unreachable!() };
            let x = self.fresh("x");
            self.line(&format!("System.out.print(\"{label}:\");"));
            self.line(&format!(
                "for ({} {x} : {}) System.out.print(\" \" + {x});",
                self.tname(e),
                a.name
            ));
            self.line("System.out.println();");
            return;
        }
        let vs: Vec<Var> = self
            .locals()
            .into_iter()
            .filter(|v| matches!(v.ty, T::P(_) | T::Str | T::Obj(_)))
            .collect();
        if vs.is_empty() {
            return self.print_stmt(2);
        }
        let mut parts = Vec::new();
        for _ in 0..self.rng.random_range(1..=4) {
            let v = self.pick(&vs);
            parts.push(format!("\" {}=\" + {}", v.name, self.concat_operand(&v)));
        }
        self.line(&format!(
            "System.out.println(\"{label}:\" + {});",
            parts.join(" + ")
        ));
    }

    pub(crate) fn call_stmt(&mut self, d: u32) {
        let k = self.below(6);
        if k == 0 && self.allow_new {
            let cs: Vec<usize> = (0..self.classes.len())
                .filter(|&c| !self.classes[c].is_abstract)
                .collect();
            if !cs.is_empty() {
                let c = self.pick(&cs);
                let e = self.new_obj(c, d);
                self.line(&format!("{};", e.s));
                return;
            }
        }
        // void and non-void user methods
        let mut cands: Vec<(u8, usize)> = Vec::new();
        for (i, s) in self.statics.iter().enumerate() {
            if s.order < self.cur_order && s.name != "sov" && self.can_args(&s.params) {
                cands.push((0, i));
            }
        }
        for (i, f) in self.fams.iter().enumerate() {
            if f.order < self.cur_order && f.name != "ov" && self.can_args(&f.params) {
                cands.push((1, i));
            }
        }
        for _ in 0..3 {
            if cands.is_empty() {
                break;
            }
            let (kind, i) = self.pick(&cands);
            if kind == 0 {
                let s = self.statics[i].clone();
                let args = self.args(&s.params, d);
                self.line(&format!("{}.{}({});", self.main, s.name, join_args(&args)));
                return;
            }
            let f = self.fams[i].clone();
            let recvs = self.receivers(i);
            if !recvs.is_empty() {
                let (r, _) = self.pick(&recvs);
                let args = self.args(&f.params, d);
                self.line(&format!("{r}{}({});", f.name, join_args(&args)));
                return;
            }
        }
        let e = self.ex_p(Int, d.min(2));
        self.line(&format!("{}.tr({});", self.main, e.s));
    }

    pub(crate) fn sb_stmt(&mut self, d: u32) {
        let Some(sb) = self.var_of(&T::Sb) else {
            return self.call_stmt(d);
        };
        match self.below(9) {
            0..=2 => {
                let mut s = sb.clone();
                for _ in 0..self.rng.random_range(1..=3) {
                    let t = self.printable_type();
                    let e = self.ex(&t, d);
                    if e.strv {
                        continue;
                    }
                    let _ = write!(s, ".append({})", e.s);
                }
                if s != sb {
                    self.line(&format!("{s};"));
                }
                self.line(&format!("if ({sb}.length() > 60) {sb}.setLength(30);"));
            }
            3 => {
                let t = self.printable_type();
                let e = self.ex(&t, d);
                if !e.strv {
                    let i = self.ex_p(Int, 1);
                    self.line(&format!(
                        "{sb}.insert(({} & 0x7fffffff) % ({sb}.length() + 1), {});",
                        i.at(PBAND),
                        e.s
                    ));
                }
            }
            4 => self.line(&format!("{sb}.reverse();")),
            5 => {
                let i = self.ex_p(Int, 1);
                let c = self.ex_p(Char, 1);
                self.line(&format!(
                    "if ({sb}.length() > 0) {sb}.setCharAt(({} & 0x7fffffff) % {sb}.length(), {});",
                    i.at(PBAND),
                    c.s
                ));
            }
            6 => {
                let i = self.ex_p(Int, 1);
                self.line(&format!(
                    "if ({sb}.length() > 0) {sb}.deleteCharAt(({} & 0x7fffffff) % {sb}.length());",
                    i.at(PBAND)
                ));
            }
            7 => {
                let k = self.below(5);
                let l = self.string_literal();
                self.line(&format!(
                    "{sb}.replace(0, Math.min({k}, {sb}.length()), {});",
                    l.s
                ));
            }
            _ => {
                // Java throws when the start passes the end
                let k = 1 + self.below(4);
                self.line(&format!(
                    "{sb}.delete(Math.min(1, {sb}.length()), Math.min({k}, {sb}.length()));"
                ));
            }
        }
    }

    pub(crate) fn if_stmt(&mut self, depth: u32) {
        let c = self.ex_p(Bool, 3);
        self.line(&format!("if ({}) {{", c.s));
        let n = self.rng.random_range(1..=3);
        self.block(n, depth + 1);
        if self.chance(0.5) {
            if self.chance(0.3) {
                let c2 = self.ex_p(Bool, 2);
                self.line(&format!("}} else if ({}) {{", c2.s));
                self.block(n, depth + 1);
            }
            self.line("} else {");
            let n = self.rng.random_range(1..=2);
            self.block(n, depth + 1);
        }
        self.line("}");
    }

    pub(crate) fn loop_label(&mut self) -> Option<String> {
        if self.chance(0.25) {
            Some(self.fresh("lbl"))
        } else {
            None
        }
    }

    pub(crate) fn loop_body(&mut self, label: Option<String>, depth: u32) {
        self.loops.push(label);
        let n = self.rng.random_range(1..=4);
        self.block(n, depth + 1);
        self.loops.pop();
    }

    pub(crate) fn for_stmt(&mut self, depth: u32) {
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        let i = self.fresh("i");
        let n = self.rng.random_range(1..=5i64);
        let head = match self.below(6) {
            0 => {
                let a = self.rng.random_range(-3..3i64);
                format!("for (int {i} = {a}; {i} < {}; {i}++)", a + n)
            }
            1 => format!("for (int {i} = {n}; {i} > 0; {i}--)"),
            2 => format!("for (int {i} = 0; {i} < {}; {i} += 2)", 2 * n),
            3 => {
                let j = self.fresh("j");
                self.scopes.push(vec![Var {
                    name: j.clone(),
                    ty: T::P(Int),
                    mutable: false,
                    konst: false,
                }]);
                let h = format!(
                    "for (int {i} = 0, {j} = {}; {i} < {j}; {i}++, {j}--)",
                    2 * n
                );
                self.scopes.last_mut().unwrap().push(Var {
                    name: i.clone(),
                    ty: T::P(Int),
                    mutable: false,
                    konst: false,
                });
                self.line(&format!("{lp}{h} {{"));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
            4 => {
                self.scopes.push(vec![Var {
                    name: i.clone(),
                    ty: T::P(Char),
                    mutable: false,
                    konst: false,
                }]);
                self.line(&format!(
                    "{lp}for (char {i} = 'a'; {i} < 'a' + {n}; {i}++) {{"
                ));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
            _ => {
                self.scopes.push(vec![Var {
                    name: i.clone(),
                    ty: T::P(Long),
                    mutable: false,
                    konst: false,
                }]);
                self.line(&format!("{lp}for (long {i} = 0L; {i} < {n}L; {i}++) {{"));
                self.loop_body(label, depth);
                self.line("}");
                self.scopes.pop();
                return;
            }
        };
        self.scopes.push(vec![Var {
            name: i.clone(),
            ty: T::P(Int),
            mutable: false,
            konst: false,
        }]);
        self.line(&format!("{lp}{head} {{"));
        self.loop_body(label, depth);
        self.line("}");
        self.scopes.pop();
    }

    pub(crate) fn while_stmt(&mut self, depth: u32, do_while: bool) {
        let w = self.fresh("w");
        let n = self.rng.random_range(1..=5);
        self.line(&format!("int {w} = 0;"));
        self.declare(&w, T::P(Int), false);
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        if do_while {
            self.line(&format!("{lp}do {{"));
            self.loop_body(label, depth);
            self.line(&format!("}} while (++{w} < {n});"));
        } else if self.chance(0.5) {
            self.line(&format!("{lp}while ({w}++ < {n}) {{"));
            self.loop_body(label, depth);
            self.line("}");
        } else {
            self.line(&format!("{lp}while ({w} < {n}) {{"));
            self.indent += 1;
            self.line(&format!("{w}++;"));
            self.indent -= 1;
            self.loop_body(label, depth);
            self.line("}");
        }
    }

    pub(crate) fn foreach_stmt(&mut self, depth: u32) {
        let arrs = self.arrays(&|_| true);
        if arrs.is_empty() || !self.loops.is_empty() {
            return self.for_stmt(depth);
        }
        let a = self.pick(&arrs);
        let T::Arr(elem) = &a.ty else { unreachable!() };
        let mut et = (**elem).clone();
        if let T::P(p) = et {
            if p.numeric() && self.chance(0.3) {
                let wider: Vec<P> = NUMERIC.iter().copied().filter(|&q| widens(p, q)).collect();
                et = T::P(self.pick(&wider));
            }
        }
        let x = self.fresh("x");
        let label = self.loop_label();
        let lp = label.as_ref().map(|l| format!("{l}: ")).unwrap_or_default();
        self.line(&format!(
            "{lp}for ({} {x} : {}) {{",
            self.tname(&et),
            a.name
        ));
        self.scopes.push(vec![Var {
            name: x,
            ty: et,
            mutable: false,
            konst: false,
        }]);
        self.loop_body(label, depth);
        self.scopes.pop();
        self.line("}");
    }

    pub(crate) fn split_stmt(&mut self, depth: u32) {
        let s = self.pure_str();
        let sep = self.pick(&[",", " ", "a", ", ", "x"]);
        let x = self.fresh("x");
        self.line(&format!(
            "for (String {x} : {}.split(\"{sep}\")) {{",
            s.at(PPRI)
        ));
        self.scopes.push(vec![Var {
            name: x.clone(),
            ty: T::Str,
            mutable: false,
            konst: false,
        }]);
        self.indent += 1;
        self.line(&format!("System.out.println(\"[\" + {x} + \"]\");"));
        self.indent -= 1;
        self.loop_body(None, depth);
        self.scopes.pop();
        self.line("}");
    }

    pub(crate) fn switch_stmt(&mut self, depth: u32) {
        let chr = self.chance(0.3);
        let sel = if chr {
            self.ex_p(Char, 2).s
        } else {
            let e = self.ex_p(Int, 2);
            match self.below(3) {
                0 => format!("{} & 7", e.at(PBAND)),
                1 => format!("{} % 5", e.at(PMUL)),
                _ => e.s,
            }
        };
        let pool: Vec<String> = if chr {
            ["'a'", "'b'", "'x'", "'0'", "'A'", "' '", "'\\u00e9'", "'z'"]
                .iter()
                .map(|s| s.to_string())
                .collect()
        } else {
            (-4..=8).map(|v: i32| v.to_string()).collect()
        };
        let mut labels: Vec<String> = Vec::new();
        for _ in 0..self.rng.random_range(1..=4) {
            let l = self.pick(&pool);
            if !labels.contains(&l) {
                labels.push(l);
            }
        }
        let default_at = if self.chance(0.7) {
            Some(self.below(labels.len() + 1))
        } else {
            None
        };
        self.line(&format!("switch ({sel}) {{"));
        self.in_switch += 1;
        let mut groups: Vec<Vec<String>> = labels
            .into_iter()
            .map(|l| vec![format!("case {l}:")])
            .collect();
        if let Some(i) = default_at {
            groups.insert(i, vec!["default:".into()]);
        }
        for g in groups {
            for l in &g {
                self.line(l);
            }
            if self.chance(0.2) {
                continue; // an empty group: falls through
            }
            self.scopes.push(Vec::new());
            self.indent += 1;
            for _ in 0..self.rng.random_range(1..=2) {
                if self.stmts_left > 0 {
                    self.stmt(depth + 2);
                }
            }
            if self.chance(0.7) {
                self.line("break;");
            }
            self.indent -= 1;
            self.scopes.pop();
        }
        self.in_switch -= 1;
        self.line("}");
    }

    pub(crate) fn jump_stmt(&mut self) {
        let c = self.ex_p(Bool, 2);
        let labels: Vec<String> = self.loops.iter().flatten().cloned().collect();
        let kw = if self.chance(0.5) {
            "break"
        } else {
            "continue"
        };
        let target = if !labels.is_empty() && self.chance(0.4) {
            format!(" {}", self.pick(&labels))
        } else {
            String::new()
        };
        self.line(&format!("if ({}) {kw}{target};", c.s));
    }

    pub(crate) fn stmt(&mut self, depth: u32) {
        self.stmts_left -= 1;
        let in_loop = !self.loops.is_empty();
        let nest = depth < 3 && self.stmts_left > 2;
        let lp = nest && (self.loops.len() as u32) < self.loop_budget;
        let pr = self.allow_print;
        let has_sb = self.var_of(&T::Sb).is_some();
        let d = self.rng.random_range(1..=4);
        let ws = [
            5,                            // 0 declaration
            5,                            // 1 assignment
            3,                            // 2 compound assignment
            1,                            // 3 ++/--
            if pr { 8 } else { 0 },       // 4 print
            if nest { 3 } else { 0 },     // 5 if
            if lp { 2 } else { 0 },       // 6 for
            if lp { 1 } else { 0 },       // 7 while
            if lp { 1 } else { 0 },       // 8 do
            if lp { 1 } else { 0 },       // 9 for-each
            if nest { 1 } else { 0 },     // 10 switch
            if in_loop { 2 } else { 0 },  // 11 break, continue
            2,                            // 12 call
            if has_sb { 2 } else { 0 },   // 13 StringBuilder
            if nest { 1 } else { 0 },     // 14 block
            if lp && pr { 1 } else { 0 }, // 15 split
            if self.ret.is_some() && depth > 0 {
                1
            } else {
                0
            }, // 16 early return
            if pr { 3 } else { 0 },       // 17 dump variables
        ];
        match self.weighted(&ws) {
            0 => self.decl_stmt(d),
            1 => self.assign_stmt(d),
            2 => self.compound_stmt(d),
            3 => self.incdec_stmt(),
            4 => self.print_stmt(d),
            5 => self.if_stmt(depth),
            6 => self.for_stmt(depth),
            7 => self.while_stmt(depth, false),
            8 => self.while_stmt(depth, true),
            9 => self.foreach_stmt(depth),
            10 => self.switch_stmt(depth),
            11 => self.jump_stmt(),
            12 => self.call_stmt(d),
            13 => self.sb_stmt(d),
            14 => {
                self.line("{");
                let n = self.rng.random_range(1..=3);
                self.block(n, depth + 1);
                self.line("}");
            }
            15 => self.split_stmt(depth),
            17 => self.dump_stmt(),
            _ => {
                let t = self.ret.clone().unwrap();
                let c = self.ex_p(Bool, 2);
                let e = self.rhs(&t, 2);
                self.line(&format!("if ({}) return {};", c.s, e.s));
            }
        }
    }
}
