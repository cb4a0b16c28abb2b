//! The task language: `taskexit`s, guards and tasks, in the paper's and
//! the original spelling.

use super::*;

impl Gen<'_> {
    // -------------------------------------------------------- task language

    /// A `taskexit` statement; `last`: the one that ends the task body, which
    /// falsifies the first parameter's guard.
    pub(crate) fn taskexit(&mut self, cx: &Ctx, last: bool) -> String {
        let params = cx.task.clone();
        let tags: Vec<String> = cx
            .locals()
            .filter(|l| l.ty == Ty::Tag)
            .map(|l| l.name.clone())
            .collect();
        let mut parts: Vec<ExitPart> = Vec::new();
        let mut used_tags: Vec<String> = Vec::new();
        for (i, p) in params.iter().enumerate() {
            let mut flags: Vec<(String, bool)> = Vec::new();
            if i == 0 && last {
                flags = p.guard.falsifier().unwrap_or_default();
            } else if !self.chance(50) {
                continue;
            }
            for f in self.all_flags(p.class) {
                if !flags.iter().any(|(g, _)| *g == f) && self.chance(25) {
                    let on = self.chance(50);
                    flags.push((f, on));
                }
            }
            let mut tagacts = Vec::new();
            for t in &tags {
                if !used_tags.contains(t) && self.chance(20) {
                    used_tags.push(t.clone());
                    let add = self.chance(50);
                    tagacts.push((t.clone(), add));
                }
            }
            if flags.is_empty() && tagacts.is_empty() {
                continue;
            }
            if self.chance(50) {
                flags.reverse();
            }
            parts.push((p.name.clone(), flags, tagacts));
        }
        let brace = self.chance(50) && parts.iter().all(|(_, f, _)| !f.is_empty());
        let body: Vec<String> = parts
            .iter()
            .map(|(name, flags, tagacts)| {
                if brace {
                    let fl: Vec<String> = flags
                        .iter()
                        .map(|(f, on)| if *on { f.clone() } else { format!("! {f}") })
                        .collect();
                    let mut s = format!("{name} {{ {} }}", fl.join(" , "));
                    if !tagacts.is_empty() {
                        let tl: Vec<String> = tagacts
                            .iter()
                            .map(|(t, add)| if *add { t.clone() } else { format!("! {t}") })
                            .collect();
                        s.push_str(&format!(" {{ {} }}", tl.join(" , ")));
                    }
                    s
                } else {
                    let mut items: Vec<String> =
                        flags.iter().map(|(f, on)| format!("{f} := {on}")).collect();
                    items.extend(
                        tagacts
                            .iter()
                            .map(|(t, add)| format!("{} {t}", if *add { "add" } else { "clear" })),
                    );
                    format!("{name} : {}", items.join(" , "))
                }
            })
            .collect();
        let sep = if brace { " , " } else { " ; " };
        if body.is_empty() {
            "taskexit ( ) ;".into()
        } else {
            format!("taskexit ( {} ) ;", body.join(sep))
        }
    }

    pub(crate) fn guard(&mut self, flags: &[String], d: u32) -> Guard {
        if d == 0 || !self.chance(60) {
            return Guard::Flag(self.pick(flags));
        }
        match self.below(5) {
            0 => Guard::Not(Box::new(self.guard(flags, d - 1))),
            1 | 2 => Guard::And(
                Box::new(self.guard(flags, d - 1)),
                Box::new(self.guard(flags, d - 1)),
            ),
            3 => Guard::Or(
                Box::new(self.guard(flags, d - 1)),
                Box::new(self.guard(flags, d - 1)),
            ),
            _ => Guard::Lit(self.chance(50)),
        }
    }

    pub(crate) fn has_lit(g: &Guard) -> bool {
        match g {
            Guard::Lit(_) => true,
            Guard::Flag(_) => false,
            Guard::Not(a) => Self::has_lit(a),
            Guard::And(a, b) | Guard::Or(a, b) => Self::has_lit(a) || Self::has_lit(b),
        }
    }

    /// A guard over `flags` that some state satisfies and some does not.
    pub(crate) fn good_guard(&mut self, flags: &[String]) -> Guard {
        for _ in 0..4 {
            let g = self.guard(flags, 2);
            if g.falsifier().is_some() {
                return g;
            }
        }
        Guard::Flag(flags[0].clone())
    }

    pub(crate) fn task(
        &mut self,
        name: &str,
        params: Vec<TaskParam>,
        tag_guards: Vec<Option<(String, String)>>,
    ) {
        let brace = self.chance(50) && !params.iter().any(|p| Self::has_lit(&p.guard));
        let ps: Vec<String> = params
            .iter()
            .zip(&tag_guards)
            .map(|(p, tg)| {
                let cls = &self.classes[p.class].name;
                if brace {
                    let mut s = format!("{cls} {} {{ {} }}", p.name, p.guard.render(true, 0));
                    if let Some((tt, t)) = tg {
                        s.push_str(&format!(" {{ {tt} {t} }}"));
                    }
                    s
                } else {
                    let mut s = format!("{cls} {} in {}", p.name, p.guard.render(false, 0));
                    if let Some((tt, t)) = tg {
                        s.push_str(&format!(" with {tt} {t}"));
                    }
                    s
                }
            })
            .collect();
        self.open(&format!("task {name} ( {} ) {{", ps.join(" , ")));
        let mut cx = Ctx::new(None, false, usize::MAX, Ret::Task);
        cx.alloc = true;
        for p in &params {
            cx.declare(&p.name, Ty::Class(p.class), false);
        }
        for (_, t) in tag_guards.iter().flatten() {
            if !cx.locals().any(|l| l.name == *t) {
                cx.declare(t, Ty::Tag, false);
            }
        }
        cx.task = params;
        self.stmts(&mut cx, 3, 5);
        if name == "startup" {
            // Make task objects of every class that has flags.
            for c in self.user_classes() {
                if !self.all_flags(c).is_empty()
                    && !self.constructible(c, usize::MAX, 1).is_empty()
                    && self.chance(80)
                {
                    let ks = self.constructible(c, usize::MAX, 1);
                    let k = self.pick(&ks);
                    let a = self.allocation(&cx, k, 1);
                    if self.chance(50) {
                        self.line(&format!("{} ;", a.s));
                    } else {
                        let v = self.fresh("t");
                        self.line(&format!("{} {v} = {} ;", self.classes[k].name, a.s));
                        cx.declare(&v, Ty::Class(k), true);
                    }
                }
            }
        }
        let s = self.taskexit(&cx, true);
        self.line(&s);
        self.close("}");
    }
}
