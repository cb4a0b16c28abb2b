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
use std::hash::Hash;
use std::rc::Rc;

/// One analysis context of a call.
#[derive(Clone, PartialEq, Eq)]
pub(super) struct CallKey {
    method: MethodId,
    stack: Vec<MethodId>,
    recv: Option<Vals>,
    args: Vec<Vals>,
    edges: Edges,
    refs: Rc<Vec<Refs>>,
    gen: Rc<Gens>,
    /// The hash of the reference counts, computed once per version (see
    /// `Caches`): hashing them per call would cost the graph's size.
    refs_hash: u64,
}

impl std::hash::Hash for CallKey {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.method.hash(h);
        self.stack.hash(h);
        self.recv.hash(h);
        self.args.hash(h);
        self.edges.hash(h);
        h.write_u64(self.refs_hash);
        h.write_u64(self.gen.hash);
    }
}

/// A generation map up to the numbering of its generations.
pub(super) struct Gens {
    /// The map with each generation replaced by its rank among the graph's
    /// generations (only their equality matters).
    ranked: Vec<(u32, usize, u32)>,
    /// The distinct generations, ascending.
    distinct: Vec<u64>,
    hash: u64,
}

/// The hashed forms of the versions of reference counts and generation
/// maps met so far, by address; each entry holds its version, so no
/// address is reused while the cache lives. States share versions until
/// one changes, so most calls find theirs here.
#[derive(Default)]
pub(super) struct Caches {
    refs: fnv::FnvHashMap<*const Vec<Refs>, (Rc<Vec<Refs>>, u64)>,
    gens: fnv::FnvHashMap<*const GenMap, (Rc<GenMap>, Rc<Gens>)>,
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

/// Equal when the ranked maps are: the generations' own numbers differ
/// from one call to the next.
impl PartialEq for Gens {
    fn eq(&self, o: &Gens) -> bool {
        self.hash == o.hash && self.ranked == o.ranked
    }
}

impl Eq for Gens {}

impl Caches {
    fn refs_hash(&mut self, refs: &Rc<Vec<Refs>>) -> u64 {
        self.refs
            .entry(Rc::as_ptr(refs))
            .or_insert_with(|| {
                let mut f = fnv::FnvHasher::default();
                refs.hash(&mut f);
                (refs.clone(), std::hash::Hasher::finish(&f))
            })
            .1
    }

    fn gens(&mut self, gen: &Rc<GenMap>) -> Rc<Gens> {
        self.gens
            .entry(Rc::as_ptr(gen))
            .or_insert_with(|| {
                let mut distinct: Vec<u64> = gen.values().map(|&(g, _)| g).collect();
                distinct.sort_unstable();
                distinct.dedup();
                let rank = |g: u64| distinct.binary_search(&g).unwrap_or(0);
                let ranked: Vec<(u32, usize, u32)> =
                    gen.iter().map(|(&r, &(g, s))| (r, rank(g), s)).collect();
                let mut f = fnv::FnvHasher::default();
                ranked.hash(&mut f);
                let hash = std::hash::Hasher::finish(&f);
                let g = Gens {
                    ranked,
                    distinct,
                    hash,
                };
                (gen.clone(), Rc::new(g))
            })
            .1
            .clone()
    }
}

impl Analyzer<'_, '_> {
    fn call_key(
        &mut self,
        st: &State,
        m: MethodId,
        recv: Option<&[u32]>,
        args: &[Vals],
    ) -> CallKey {
        CallKey {
            method: m,
            stack: self.stack.clone(),
            recv: recv.map(<[u32]>::to_vec),
            args: args.to_vec(),
            edges: st.heap.edges.clone(),
            refs: st.heap.refs.clone(),
            gen: self.caches.gens(&st.heap.gen),
            refs_hash: self.caches.refs_hash(&st.heap.refs),
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
                let now = &key.gen.distinct;
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
                gens: key.gen.distinct.clone(),
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
