//! The abstract heap of the disjointness analysis: reachability-graph
//! edges, reference counts, recent-object generations and the states
//! joined at control-flow merges.

use super::*;
use std::cell::OnceCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

pub(super) type Vals = Vec<u32>;

pub(super) fn union(a: &mut Vals, b: &[u32]) {
    if b.is_empty() {
        return;
    }
    a.extend_from_slice(b);
    a.sort_unstable();
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Refs {
    Zero,
    /// At most one referencing object; `Some(r)`: that object is the one of
    /// the recent node `r` (so further stores from it keep this state).
    One(Option<u32>),
    Many,
}

impl Refs {
    pub(super) fn join(self, o: Refs) -> Refs {
        match (self, o) {
            (Refs::Zero, x) | (x, Refs::Zero) => x,
            (Refs::One(a), Refs::One(b)) => Refs::One(if a == b { a } else { None }),
            _ => Refs::Many,
        }
    }
}

/// A reference by field or element from one node to another.
pub(super) type Edge = (u32, Key, u32);

/// The edges of a reachability graph, shared by every state derived from
/// it until one of them changes (copy on write): branches, loop heads and
/// inlined calls copy states often and change few of them, so a copy costs
/// a reference count and a join of unchanged graphs a pointer comparison.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Edges(Rc<EdgeSet>);

/// The set and its hash, computed once per version: the cache of calls
/// (`memo`) hashes every caller graph.
#[derive(Clone, Debug, Default)]
pub(super) struct EdgeSet {
    set: BTreeSet<Edge>,
    hash: OnceCell<u64>,
}

impl PartialEq for EdgeSet {
    fn eq(&self, o: &Self) -> bool {
        self.set == o.set
    }
}

impl Eq for EdgeSet {}

impl Hash for Edges {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let h = self.0.hash.get_or_init(|| {
            let mut f = fnv::FnvHasher::default();
            self.0.set.hash(&mut f);
            f.finish()
        });
        state.write_u64(*h);
    }
}

impl Edges {
    /// The set to change: copied first if shared; its hash is forgotten.
    fn set_mut(&mut self) -> &mut BTreeSet<Edge> {
        let es = Rc::make_mut(&mut self.0);
        es.hash = OnceCell::new();
        &mut es.set
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &Edge> {
        self.0.set.iter()
    }

    /// The edges leaving `n`.
    pub(super) fn from(&self, n: u32) -> impl Iterator<Item = &Edge> {
        self.0
            .set
            .range((n, Key::Field(FieldId(0)), 0)..=(n, Key::Any, u32::MAX))
    }

    pub(super) fn insert(&mut self, e: Edge) {
        if !self.0.set.contains(&e) {
            self.set_mut().insert(e);
        }
    }

    /// Every edge into or out of `r` now starts or ends at `s`.
    /// `referenced`: whether some edge may end at `r` (its reference count
    /// is not zero); otherwise only the edges leaving `r` are looked at.
    pub(super) fn rename(&mut self, r: u32, s: u32, referenced: bool) {
        debug_assert!(referenced || !self.0.set.iter().any(|&(_, _, b)| b == r));
        let moved: Vec<Edge> = if referenced {
            self.0
                .set
                .iter()
                .filter(|&&(a, _, b)| a == r || b == r)
                .copied()
                .collect()
        } else {
            self.from(r).copied().collect()
        };
        if moved.is_empty() {
            return;
        }
        let set = self.set_mut();
        let ren = |x: u32| if x == r { s } else { x };
        for e in &moved {
            set.remove(e);
        }
        set.extend(moved.into_iter().map(|(a, k, b)| (ren(a), k, ren(b))));
    }

    /// Adds an `Any` edge from each of `from` to each of `to`; the edges
    /// already there are found by one walk per source, not a search each.
    pub(super) fn insert_any(&mut self, from: &[u32], to: &[u32]) {
        let mut missing = Vec::new();
        for &a in from {
            let mut have = self
                .0
                .set
                .range((a, Key::Any, 0)..=(a, Key::Any, u32::MAX))
                .map(|&(_, _, b)| b)
                .peekable();
            for &b in to {
                while have.next_if(|&h| h < b).is_some() {}
                if have.next_if(|&h| h == b).is_none() {
                    missing.push((a, Key::Any, b));
                }
            }
        }
        if !missing.is_empty() {
            self.set_mut().extend(missing);
        }
    }

    /// Adds `o`'s edges; one linear merge of the two sorted sets finds
    /// those missing here, and a graph contained in the other adopts it.
    pub(super) fn union(&mut self, o: &Edges) {
        if Rc::ptr_eq(&self.0, &o.0) || o.0.set.is_empty() {
            return;
        }
        let mut missing = Vec::new();
        let mut mine = self.0.set.iter().peekable();
        for e in o.0.set.iter() {
            while mine.next_if(|m| *m < e).is_some() {}
            if mine.next_if(|m| *m == e).is_none() {
                missing.push(*e);
            }
        }
        if missing.is_empty() {
            return;
        }
        if self.0.set.len() + missing.len() == o.0.set.len() {
            self.0 = o.0.clone();
            return;
        }
        self.set_mut().extend(missing);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Heap {
    pub(super) edges: Edges,
    pub(super) refs: Vec<Refs>,
    /// Per recent node: which allocation made its object (a generation)
    /// and its site's summary node. Joining states whose recent objects
    /// differ first folds those recent nodes into their summaries.
    pub(super) gen: BTreeMap<u32, (u64, u32)>,
}

/// The recent node `r` becomes part of the summary `s` (its object is now
/// an older one).
pub(super) fn fold(heap: &mut Heap, vals: &mut [&mut Vals], r: u32, s: u32) {
    let referenced = heap.refs(r) != Refs::Zero;
    heap.edges.rename(r, s, referenced);
    let j = heap.refs(s).join(match heap.refs(r) {
        Refs::One(_) => Refs::One(None),
        x => x,
    });
    heap.set_refs(s, j);
    heap.set_refs(r, Refs::Zero);
    for x in heap.refs.iter_mut() {
        if *x == Refs::One(Some(r)) {
            *x = Refs::One(None);
        }
    }
    heap.gen.remove(&r);
    for v in vals.iter_mut() {
        rename(v, r, s);
    }
}

/// Recent nodes the two heaps disagree about (`loop_head`: also those only
/// one has, so loop heads reach a fixpoint).
pub(super) fn conflicts(a: &Heap, b: &Heap, loop_head: bool) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for (r, &(g, s)) in &a.gen {
        match b.gen.get(r) {
            Some(&(h, _)) if h != g => out.push((*r, s)),
            None if loop_head => out.push((*r, s)),
            _ => {}
        }
    }
    if loop_head {
        for (r, &(_, s)) in &b.gen {
            if !a.gen.contains_key(r) {
                out.push((*r, s));
            }
        }
    }
    out
}

impl Heap {
    pub(super) fn refs(&self, n: u32) -> Refs {
        self.refs.get(n as usize).copied().unwrap_or(Refs::Zero)
    }
    pub(super) fn set_refs(&mut self, n: u32, r: Refs) {
        let i = n as usize;
        if self.refs.len() <= i {
            self.refs.resize(i + 1, Refs::Zero);
        }
        self.refs[i] = r;
    }
    pub(super) fn join(&mut self, o: &Heap) {
        let c = conflicts(self, o, false);
        if !c.is_empty() {
            let mut o = o.clone();
            for &(r, s) in &c {
                fold(self, &mut [], r, s);
                fold(&mut o, &mut [], r, s);
            }
            return self.join_same(&o);
        }
        self.join_same(o)
    }

    pub(super) fn join_same(&mut self, o: &Heap) {
        for (r, g) in &o.gen {
            self.gen.insert(*r, *g);
        }
        self.edges.union(&o.edges);
        for (i, r) in o.refs.iter().enumerate() {
            let n = i as u32;
            let j = self.refs(n).join(*r);
            self.set_refs(n, j);
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
                self.fold(r, s);
                o.fold(r, s);
            }
            return self.join_same(&o);
        }
        self.join_same(o)
    }

    pub(super) fn fold(&mut self, r: u32, s: u32) {
        let mut vals: Vec<&mut Vals> = self.locals.iter_mut().collect();
        vals.push(&mut self.this);
        fold(&mut self.heap, &mut vals, r, s);
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

pub(super) fn rename(v: &mut Vals, from: u32, to: u32) {
    if let Some(i) = v.iter().position(|&x| x == from) {
        v.remove(i);
        if let Err(j) = v.binary_search(&to) {
            v.insert(j, to);
        }
    }
}
