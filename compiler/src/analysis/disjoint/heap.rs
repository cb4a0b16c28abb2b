//! The abstract heap of the disjointness analysis: reachability-graph
//! edges, reference counts, recent-object generations and the states
//! joined at control-flow merges.

use super::*;
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

/// Per recent node: its generation and its site's summary node.
pub(super) type GenMap = BTreeMap<u32, (u64, u32)>;

/// A reference by field or element from one node to another.
pub(super) type Edge = (u32, Key, u32);

pub(super) use super::graph::Edges;

#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub(super) struct Heap {
    pub(super) edges: Edges,
    /// Shared between copies until one changes, like the edges: most
    /// statements and joins leave the counts and generations as they were.
    pub(super) refs: Rc<Vec<Refs>>,
    /// Per recent node: which allocation made its object (a generation)
    /// and its site's summary node. Joining states whose recent objects
    /// differ first folds those recent nodes into their summaries.
    pub(super) gen: Rc<GenMap>,
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
    if heap.refs.contains(&Refs::One(Some(r))) {
        for x in Rc::make_mut(&mut heap.refs).iter_mut() {
            if *x == Refs::One(Some(r)) {
                *x = Refs::One(None);
            }
        }
    }
    if heap.gen.contains_key(&r) {
        Rc::make_mut(&mut heap.gen).remove(&r);
    }
    for v in vals.iter_mut() {
        rename(v, r, s);
    }
}

/// Recent nodes the two heaps disagree about (`loop_head`: also those only
/// one has, so loop heads reach a fixpoint).
pub(super) fn conflicts(a: &Heap, b: &Heap, loop_head: bool) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    if Rc::ptr_eq(&a.gen, &b.gen) {
        return out;
    }
    for (r, &(g, s)) in a.gen.iter() {
        match b.gen.get(r) {
            Some(&(h, _)) if h != g => out.push((*r, s)),
            None if loop_head => out.push((*r, s)),
            _ => {}
        }
    }
    if loop_head {
        for (r, &(_, s)) in b.gen.iter() {
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
        // Unchanged: no copy. (A count set past the end still lengthens
        // the vector, as states compare by it.)
        if self.refs.get(i) == Some(&r) {
            return;
        }
        let refs = Rc::make_mut(&mut self.refs);
        if refs.len() <= i {
            refs.resize(i + 1, Refs::Zero);
        }
        refs[i] = r;
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
        if !Rc::ptr_eq(&self.gen, &o.gen) {
            for (r, g) in o.gen.iter() {
                if self.gen.get(r) != Some(g) {
                    Rc::make_mut(&mut self.gen).insert(*r, *g);
                }
            }
        }
        self.edges.union(&o.edges);
        if Rc::ptr_eq(&self.refs, &o.refs) {
            return;
        }
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
