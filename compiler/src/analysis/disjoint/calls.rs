//! Calls: dispatch, analysis in the calling context, the conservative
//! summary, natives.

use super::*;

/// A conservative summary by the versions of the graph and reference
/// counts it was taken on (by address) and its roots: loops re-run their
/// bodies on versions they have seen, and a summary that changed nothing
/// leaves the version as it was.
pub(super) type HavocKey = (*const (), *const (), Vec<u32>);

/// A conservative summary's outcome.
pub(super) struct HavocDone {
    /// The input versions, held so that their addresses are not reused.
    _input: (Edges, Counts),
    edges: Edges,
    refs: Counts,
    /// The nodes reachable from the roots.
    reach: Vals,
}

impl Analyzer<'_, '_> {
    pub(super) fn dispatch(&mut self, m: MethodId, recv: &[u32]) -> Vec<MethodId> {
        let p = self.p;
        let md = p.method(m);
        let Some(slot) = md.vtable_slot else {
            return vec![m];
        };
        let slot = slot as usize;
        let exact: Option<Vec<ClassId>> = recv
            .iter()
            .map(|&n| {
                let node = &self.nodes[n as usize];
                match node.kind {
                    NodeKind::Recent(_) | NodeKind::Summary(_) => {
                        Some(node.class.unwrap_or(p.well_known.object))
                    }
                    _ => None,
                }
            })
            .collect();
        if let Some(classes) = exact.filter(|c| !c.is_empty()) {
            let mut out: Vec<MethodId> = classes
                .iter()
                .filter_map(|&c| p.class(c).vtable.get(slot).copied())
                .collect();
            out.sort_unstable();
            out.dedup();
            return out;
        }
        self.shared
            .dispatch_all
            .entry(m)
            .or_insert_with(|| {
                let mut out: Vec<MethodId> = (0..p.classes.len())
                    .map(|c| ClassId(c as u32))
                    .filter(|&c| p.is_subclass(c, md.class))
                    .filter_map(|c| p.class(c).vtable.get(slot).copied())
                    .collect();
                out.sort_unstable();
                out.dedup();
                out
            })
            .clone()
    }

    pub(super) fn call(
        &mut self,
        st: &mut State,
        e: Option<&Expr>,
        kind: CallKind,
        m: MethodId,
        recv: Option<Vals>,
        args: Vec<Vals>,
    ) -> Vals {
        let targets = if kind == CallKind::Virtual {
            self.dispatch(m, recv.as_deref().unwrap_or(&[]))
        } else {
            vec![m]
        };
        let mark = self.log.len();
        let mut heap: Option<Heap> = None;
        let mut val = Vec::new();
        for t in targets {
            let md = self.p.method(t);
            let (h, v) = if md.is_native || md.body.is_none() {
                if md.is_abstract {
                    continue;
                }
                self.native(st, e, t, &args)
            } else if self.stack.contains(&t)
                || self.stack.len() >= MAX_DEPTH
                || self.steps > BUDGET
            {
                if self.steps > BUDGET {
                    self.budget_exceeded = true;
                }
                self.havoc(st, e, t, recv.as_deref(), &args)
            } else {
                self.inline_cached(st, t, recv.as_deref(), &args)
            };
            match heap.as_mut() {
                Some(x) => x.join(&h),
                None => heap = Some(h),
            }
            union(&mut val, &v);
        }
        if let Some(h) = heap {
            st.heap = h;
        }
        // Caller locals that held a recent object of a site the callee
        // allocated at now hold an older one.
        if self.log.len() > mark {
            let mut log: Vec<u32> = self.log[mark..].to_vec();
            log.sort_unstable();
            log.dedup();
            let ren: Vec<(u32, u32)> = log
                .into_iter()
                .filter_map(|r| self.summary_of(r).map(|s| (r, s)))
                .collect();
            for v in st.locals.iter_mut().chain(std::iter::once(&mut st.this)) {
                rename_all(v, &ren);
            }
        }
        val
    }

    pub(super) fn inline(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let md = self.p.method(m);
        let body = md.body.as_ref().expect("a body");
        let mut locals = vec![Vec::new(); md.locals.len()];
        for (i, l) in md.params.iter().enumerate() {
            if let Some(a) = args.get(i) {
                locals[l.0 as usize] = a.clone();
            }
        }
        let callee = State {
            locals,
            this: recv.map(<[u32]>::to_vec).unwrap_or_default(),
            heap: st.heap.clone(),
        };
        self.stats.calls_analysed += 1;
        self.stack.push(m);
        self.frames.push(Frame::default());
        let end = self.block(body, callee);
        let f = self.frames.pop().expect("the callee frame");
        self.stack.pop();
        let mut ret = f.ret;
        join_opt(&mut ret, end);
        match ret {
            Some(s) => (s.heap, f.ret_val),
            // The call never returns: what follows is unreachable, any
            // state will do.
            None => (st.heap.clone(), Vec::new()),
        }
    }

    /// The conservative summary of a call: everything reachable from the
    /// receiver and arguments (and any task object the callee may allocate)
    /// may reference everything else and be referenced many times.
    pub(super) fn havoc(
        &mut self,
        st: &State,
        e: Option<&Expr>,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let p = self.p;
        let key = match e {
            Some(e) => e as *const Expr as usize,
            None => usize::MAX - m.0 as usize,
        };
        let h = self.node(NodeKind::Havoc(key), || Node {
            kind: NodeKind::Havoc(key),
            class: None,
            root: None,
            holds_refs: true,
        });
        let mut roots: BTreeSet<u32> = recv.unwrap_or(&[]).iter().copied().collect();
        for a in args {
            roots.extend(a.iter().copied());
        }
        roots.insert(h);
        for (a, class) in self.task_allocs(m) {
            let site = self.site(SiteKey::Block(a), || SiteInfo {
                class: Some(class),
                root: Some(Root::Site(a)),
                holds_refs: holds_refs(p, &Type::Class(class)),
            });
            let s = self.site_node(site, false);
            roots.insert(s);
        }
        let roots: Vec<u32> = roots.into_iter().collect();
        let key = (st.heap.edges.version(), st.heap.refs.version(), roots);
        if let Some(done) = self.havocs.get(&key) {
            let heap = Heap {
                edges: done.edges.clone(),
                refs: done.refs.clone(),
                gen: st.heap.gen.clone(),
            };
            let ret = if tracked(p, &p.method(m).ret) {
                done.reach.clone()
            } else {
                Vec::new()
            };
            return (heap, ret);
        }
        self.stats.havocs += 1;
        let roots = &key.2;
        let seen = st.heap.edges.reachable(roots, self.nodes.len());
        let reach: Vec<u32> = (0..seen.len() as u32)
            .filter(|&n| seen[n as usize])
            .collect();
        let mut heap = st.heap.clone();
        let sources: Vec<u32> = reach
            .iter()
            .copied()
            .filter(|&a| self.nodes[a as usize].holds_refs)
            .collect();
        heap.edges.insert_any(&sources, &reach);
        for &b in &reach {
            heap.set_refs(b, Refs::Many);
        }
        let ret = if tracked(p, &p.method(m).ret) {
            reach.clone()
        } else {
            Vec::new()
        };
        let done = HavocDone {
            _input: (st.heap.edges.clone(), st.heap.refs.clone()),
            edges: heap.edges.clone(),
            refs: heap.refs.clone(),
            reach,
        };
        self.havocs.insert(key, done);
        (heap, ret)
    }

    /// Task-object allocation expressions `m` may reach through calls.
    pub(super) fn task_allocs(&mut self, m: MethodId) -> Vec<(AllocSiteId, ClassId)> {
        if let Some(v) = self.shared.task_allocs.get(&m) {
            return v.clone();
        }
        let p = self.p;
        let mut seen = BTreeSet::new();
        let mut work = vec![m];
        let mut out = Vec::new();
        while let Some(x) = work.pop() {
            if !seen.insert(x) {
                continue;
            }
            let Some(body) = &p.method(x).body else {
                continue;
            };
            let mut calls = Vec::new();
            visit_block_exprs_in_order(body, &mut |e| match &e.kind {
                ExprKind::New {
                    class, ctor, alloc, ..
                } => {
                    calls.push(*ctor);
                    if let Some(a) = alloc {
                        out.push((a.site, *class));
                    }
                }
                ExprKind::Call { method, .. } => calls.push(*method),
                _ => {}
            });
            for s in &body.stmts {
                visit_stmt(s, &mut |s| {
                    if let StmtKind::CtorCall { ctor, .. } = &s.kind {
                        calls.push(*ctor);
                    }
                });
            }
            for c in calls {
                let targets = self.dispatch(c, &[]);
                work.extend(targets);
            }
        }
        self.shared.task_allocs.insert(m, out.clone());
        out
    }

    pub(super) fn native(
        &mut self,
        st: &mut State,
        e: Option<&Expr>,
        m: MethodId,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let p = self.p;
        let md = p.method(m);
        let mut heap = st.heap.clone();
        if md.name == "arraycopy" && args.len() == 5 {
            // Copying primitives moves no references.
            if let Some(ExprKind::Call { args: a, .. }) = e.map(|e| &e.kind) {
                let src = unwiden(&a[0]);
                if matches!(src.element(), Some(t) if !tracked(p, t)) {
                    return (heap, Vec::new());
                }
            }
            let tmp = State {
                locals: Vec::new(),
                this: Vec::new(),
                heap: heap.clone(),
            };
            let elems = self.load(&tmp, &args[0], Key::Elem);
            heap.edges.insert_all(&args[2], Key::Elem, &elems);
            for &v in &elems {
                heap.set_refs(v, Refs::Many);
            }
            return (heap, Vec::new());
        }
        match e {
            Some(e) if tracked(p, &md.ret) => {
                let ret = md.ret.clone();
                let class = match &ret {
                    Type::Class(c) => Some(*c),
                    _ => None,
                };
                let s = self.site(expr_key(e, 0), || SiteInfo {
                    class,
                    root: None,
                    holds_refs: holds_refs(p, &ret),
                });
                let mut tmp = State {
                    locals: Vec::new(),
                    this: Vec::new(),
                    heap,
                };
                let n = self.alloc(&mut tmp, s);
                // `alloc` folded the state it was given; fold the caller's.
                for v in st.locals.iter_mut().chain(std::iter::once(&mut st.this)) {
                    if let Some(sum) = self.summary_of(n) {
                        rename(v, n, sum);
                    }
                }
                (tmp.heap, vec![n])
            }
            _ => (heap, Vec::new()),
        }
    }
}

/// The static type of an expression before widening conversions.
pub(super) fn unwiden(e: &Expr) -> &Type {
    match &e.kind {
        ExprKind::Widen(x) => unwiden(x),
        _ => &e.ty,
    }
}
