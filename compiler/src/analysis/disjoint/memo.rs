//! Replaying inlined calls: a call analysed in its calling context is
//! analysed once per distinct context (callee, call stack, receiver and
//! argument nodes, and the caller's graph up to the numbering of its
//! allocation generations) and replayed from the cache after that. Loop
//! fixpoints re-run their bodies and library methods are called from many
//! places with the same graph, so most calls repeat an earlier one.
//!
//! A replay is exact: it pushes the same recent nodes onto the allocation
//! log, counts the same statements and gives the same graph with the
//! generations renumbered. Only calls that neither reached the statement
//! budget nor gave up are cached, and a cached call is replayed only when
//! it cannot reach the budget from the current count, so the budget takes
//! effect at the same statement as without the cache.

use super::*;

/// One analysis context of a call.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct CallKey {
    method: MethodId,
    stack: Vec<MethodId>,
    recv: Option<Vals>,
    args: Vec<Vals>,
    edges: Edges,
    refs: std::rc::Rc<Vec<Refs>>,
    /// The generation map with each generation replaced by its rank among
    /// the graph's generations (only their equality matters).
    gen: Vec<(u32, usize, u32)>,
}

/// What an analysed call did.
pub(super) struct CallEffect {
    /// The distinct generations of the input graph, ascending.
    gens: Vec<u64>,
    /// The allocation log's length at the call.
    log_start: u64,
    /// Recent nodes the call allocated, in order.
    log: Vec<u32>,
    steps: u64,
    heap: Heap,
    ret: Vals,
}

fn distinct_gens(h: &Heap) -> Vec<u64> {
    let mut g: Vec<u64> = h.gen.values().map(|&(g, _)| g).collect();
    g.sort_unstable();
    g.dedup();
    g
}

impl Analyzer<'_, '_> {
    fn call_key(&self, st: &State, m: MethodId, recv: Option<&[u32]>, args: &[Vals]) -> CallKey {
        let gens = distinct_gens(&st.heap);
        let rank = |g: u64| gens.binary_search(&g).unwrap_or(0);
        CallKey {
            method: m,
            stack: self.stack.clone(),
            recv: recv.map(<[u32]>::to_vec),
            args: args.to_vec(),
            edges: st.heap.edges.clone(),
            refs: st.heap.refs.clone(),
            gen: st
                .heap
                .gen
                .iter()
                .map(|(&r, &(g, s))| (r, rank(g), s))
                .collect(),
        }
    }

    /// `inline`, replayed from the cache when this context was analysed
    /// before.
    pub(super) fn inline_cached(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> (Heap, Vals) {
        let key = self.call_key(st, m, recv, args);
        if let Some(fx) = self.memo.get(&key) {
            if self.steps + fx.steps <= BUDGET {
                let now = distinct_gens(&st.heap);
                let start = self.log.len() as u64;
                let mut heap = fx.heap.clone();
                for (g, _) in std::rc::Rc::make_mut(&mut heap.gen).values_mut() {
                    *g = if *g < fx.log_start {
                        now[fx.gens.binary_search(g).expect("an input generation")]
                    } else {
                        *g - fx.log_start + start
                    };
                }
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
                gens: distinct_gens(&st.heap),
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
