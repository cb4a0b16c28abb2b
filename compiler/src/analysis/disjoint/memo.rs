//! Replaying inlined calls: a call analysed in its calling context is
//! analysed once per distinct context (callee, call stack, receiver and
//! argument nodes, the caller's edges and reference counts, and which
//! recent nodes it has) and replayed from the cache after that. Loop
//! fixpoints re-run their bodies and library methods are called from many
//! places with the same graph, so most calls repeat an earlier one.
//!
//! The generations of the caller's recent objects are not part of the
//! context: a callee only compares a node's generation in two states that
//! both come from its entry state, where an inherited generation equals
//! only itself and one made inside the call equals no inherited one. So
//! which recent nodes exist decides the analysis, not their numbers.
//!
//! A replay is exact: it pushes the same recent nodes onto the allocation
//! log, counts the same statements and gives the same graph, the caller's
//! generations kept where the call kept them and the call's own ones
//! renumbered. Only calls that neither reached the statement budget nor
//! gave up are cached, and a cached call is replayed only when it cannot
//! reach the budget from the current count, so the budget takes effect at
//! the same statement as without the cache.

use super::*;

/// One analysis context of a call.
#[derive(Clone)]
pub(super) struct CallKey {
    method: MethodId,
    stack: Vec<MethodId>,
    recv: Option<Vals>,
    args: Vec<Vals>,
    edges: Edges,
    refs: Counts,
    /// Compared and hashed by which nodes have a generation only.
    gen: GenMap,
}

impl PartialEq for CallKey {
    fn eq(&self, o: &CallKey) -> bool {
        self.method == o.method
            && self.stack == o.stack
            && self.recv == o.recv
            && self.args == o.args
            && self.edges == o.edges
            && self.refs == o.refs
            && self.gen.same_keys(&o.gen)
    }
}

impl Eq for CallKey {}

impl std::hash::Hash for CallKey {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.method.hash(h);
        self.stack.hash(h);
        self.recv.hash(h);
        self.args.hash(h);
        self.edges.hash(h);
        self.refs.hash(h);
        h.write_u64(self.gen.keys_hash());
    }
}

/// What an analysed call did.
pub(super) struct CallEffect {
    /// The generations at the call.
    gen_in: GenMap,
    /// The allocation log's length at the call.
    log_start: u64,
    /// Recent nodes the call allocated, in order.
    log: Vec<u32>,
    steps: u64,
    heap: Heap,
    ret: Vals,
}

impl Analyzer<'_, '_> {
    /// `inline`, replayed from the cache when this context was analysed
    /// before.
    pub(super) fn inline_cached(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let key = CallKey {
            method: m,
            stack: self.stack.clone(),
            recv: recv.map(<[u32]>::to_vec),
            args: args.to_vec(),
            edges: st.heap.edges.clone(),
            refs: st.heap.refs.clone(),
            gen: st.heap.gen.clone(),
        };
        if let Some(fx) = self.memo.get(&key) {
            if self.steps + fx.steps <= BUDGET {
                self.stats.memo_hits += 1;
                let start = self.log.len() as u64;
                // The caller's generations, changed where the call changed
                // them: a generation the call made is renumbered from the
                // log's length now, an inherited one is the caller's.
                let mut gen = st.heap.gen.clone();
                for (r, _, g) in fx.gen_in.diff(&fx.heap.gen) {
                    let now = g.map(|(g, s)| {
                        if g >= fx.log_start {
                            (g - fx.log_start + start, s)
                        } else {
                            // Inherited generations stay with their node,
                            // so the caller has this one; any distinct
                            // number would do.
                            st.heap.gen.get(r).unwrap_or((g, s))
                        }
                    });
                    gen.set(r, now);
                }
                let heap = Heap {
                    edges: fx.heap.edges.clone(),
                    refs: fx.heap.refs.clone(),
                    gen,
                };
                let ret = fx.ret.clone();
                self.steps += fx.steps;
                self.log.extend_from_slice(&fx.log);
                return (heap, ret);
            }
        }
        let (steps, mark) = (self.steps, self.log.len());
        let (heap, ret) = self.inline(st, m, recv, args);
        if self.steps <= BUDGET && !self.aborted {
            let fx = CallEffect {
                gen_in: st.heap.gen.clone(),
                log_start: mark as u64,
                log: self.log[mark..].to_vec(),
                steps: self.steps - steps,
                heap: heap.clone(),
                ret: ret.clone(),
            };
            self.memo.insert(key, fx);
        }
        (heap, ret)
    }
}
