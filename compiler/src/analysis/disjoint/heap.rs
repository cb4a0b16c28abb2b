//! The abstract heap of the disjointness analysis: reachability-graph
//! edges, reference counts, recent-object generations and the states
//! joined at control-flow merges.

use super::*;

pub(super) type Vals = Vec<u32>;

pub(super) fn union(a: &mut Vals, b: &[u32]) {
    if b.is_empty() {
        return;
    }
    a.extend_from_slice(b);
    // Two sorted runs: the stable sort merges them in one pass.
    a.sort();
    a.dedup();
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Key {
    Field(FieldId),
    Elem,
    /// Any field or element (from a conservative summary).
    Any,
}

/// How many objects reference one object of a node.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) enum Refs {
    #[default]
    Zero,
    /// At most one referencing object; `Some(r)`: that object is the one of
    /// the recent node `r` (so further stores from it keep this state).
    One(Option<u32>),
    Many,
}

impl Cell for Refs {
    fn names(&self) -> Option<u32> {
        match self {
            Refs::One(r) => *r,
            _ => None,
        }
    }
}

/// A recent node's generation (which allocation made its object) and its
/// site's summary node.
pub(super) type Gen = Option<(u64, u32)>;

impl Cell for Gen {}

impl Refs {
    pub(super) fn join(self, o: Refs) -> Refs {
        match (self, o) {
            (Refs::Zero, x) | (x, Refs::Zero) => x,
            (Refs::One(a), Refs::One(b)) => Refs::One(if a == b { a } else { None }),
            _ => Refs::Many,
        }
    }
}

/// Per recent node: its generation and its site's summary node.
pub(super) type GenMap = PVec<Gen>;

/// Per node: its reference count.
pub(super) type Counts = PVec<Refs>;

/// A reference by field or element from one node to another.
pub(super) type Edge = (u32, Key, u32);

pub(super) use super::graph::{Edges, Renamed};
pub(super) use super::pvec::{Cell, PVec};

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Heap {
    pub(super) edges: Edges,
    /// Shared between copies until one changes, like the edges: most
    /// statements and joins leave the counts and generations as they were.
    pub(super) refs: Counts,
    /// Per recent node: which allocation made its object (a generation)
    /// and its site's summary node. Joining states whose recent objects
    /// differ first folds those recent nodes into their summaries.
    pub(super) gen: GenMap,
}

/// The recent node `r` becomes part of the summary `s` (its object is now
/// an older one). `done`: shared by the folds of one node in several
/// states (see `Renamed`).
pub(super) fn fold(heap: &mut Heap, vals: &mut [&mut Vals], r: u32, s: u32, done: &mut Renamed) {
    let referenced = heap.refs(r) != Refs::Zero;
    heap.edges.rename(r, s, referenced, done);
    let j = heap.refs(s).join(match heap.refs(r) {
        Refs::One(_) => Refs::One(None),
        x => x,
    });
    heap.set_refs(s, j);
    heap.set_refs(r, Refs::Zero);
    heap.refs.release(r, |_| Refs::One(None));
    heap.gen.set(r, None);
    for v in vals.iter_mut() {
        rename(v, r, s);
    }
}

/// Recent nodes the two heaps disagree about (`loop_head`: also those only
/// one has, so loop heads reach a fixpoint).
pub(super) fn conflicts(a: &Heap, b: &Heap, loop_head: bool) -> Vec<(u32, u32)> {
    a.gen
        .diff(&b.gen)
        .into_iter()
        .filter_map(|(r, x, y)| match (x, y) {
            (Some(_), Some((_, s))) => Some((r, s)),
            (Some((_, s)), None) | (None, Some((_, s))) if loop_head => Some((r, s)),
            _ => None,
        })
        .collect()
}

impl Heap {
    pub(super) fn refs(&self, n: u32) -> Refs {
        self.refs.get(n)
    }
    pub(super) fn set_refs(&mut self, n: u32, r: Refs) {
        self.refs.set(n, r);
    }
    pub(super) fn join(&mut self, o: &Heap) {
        let c = conflicts(self, o, false);
        if !c.is_empty() {
            let mut o = o.clone();
            for &(r, s) in &c {
                let mut done = Renamed::default();
                fold(self, &mut [], r, s, &mut done);
                fold(&mut o, &mut [], r, s, &mut done);
            }
            return self.join_same(&o);
        }
        self.join_same(o)
    }

    pub(super) fn join_same(&mut self, o: &Heap) {
        for (r, _, g) in self.gen.diff(&o.gen) {
            if g.is_some() {
                self.gen.set(r, g);
            }
        }
        self.edges.union(&o.edges);
        for (n, a, b) in self.refs.diff(&o.refs) {
            self.refs.set(n, a.join(b));
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct State {
    pub(super) locals: Vec<Vals>,
    pub(super) this: Vals,
    pub(super) heap: Heap,
}

impl State {
    pub(super) fn join(&mut self, o: &State) {
        self.join_with(o, false)
    }

    /// Join at a loop head: recent objects made in the body become old.
    pub(super) fn join_loop(&mut self, o: &State) {
        self.join_with(o, true)
    }

    pub(super) fn join_with(&mut self, o: &State, loop_head: bool) {
        let c = conflicts(&self.heap, &o.heap, loop_head);
        if !c.is_empty() {
            let mut o = o.clone();
            for &(r, s) in &c {
                let mut done = Renamed::default();
                self.fold(r, s, &mut done);
                o.fold(r, s, &mut done);
            }
            return self.join_same(&o);
        }
        self.join_same(o)
    }

    pub(super) fn fold(&mut self, r: u32, s: u32, done: &mut Renamed) {
        let mut vals: Vec<&mut Vals> = self.locals.iter_mut().collect();
        vals.push(&mut self.this);
        fold(&mut self.heap, &mut vals, r, s, done);
    }

    pub(super) fn join_same(&mut self, o: &State) {
        for (a, b) in self.locals.iter_mut().zip(&o.locals) {
            union(a, b);
        }
        union(&mut self.this, &o.this);
        self.heap.join_same(&o.heap);
    }
}

pub(super) fn join_opt(acc: &mut Option<State>, s: Option<State>) {
    match (acc.as_mut(), s) {
        (_, None) => {}
        (None, Some(s)) => *acc = Some(s),
        (Some(a), Some(s)) => a.join(&s),
    }
}

/// `rename` for each pair of `ren` (sorted by the renamed node), in one
/// pass over `v`.
pub(super) fn rename_all(v: &mut Vals, ren: &[(u32, u32)]) {
    if ren.is_empty() || v.is_empty() {
        return;
    }
    if !v
        .iter()
        .any(|x| ren.binary_search_by_key(x, |&(r, _)| r).is_ok())
    {
        return;
    }
    for x in v.iter_mut() {
        if let Ok(i) = ren.binary_search_by_key(&*x, |&(r, _)| r) {
            *x = ren[i].1;
        }
    }
    v.sort_unstable();
    v.dedup();
}

pub(super) fn rename(v: &mut Vals, from: u32, to: u32) {
    if let Some(i) = v.iter().position(|&x| x == from) {
        v.remove(i);
        if let Err(j) = v.binary_search(&to) {
            v.insert(j, to);
        }
    }
}
