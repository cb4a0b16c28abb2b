//! The edges of a reachability graph (paper 4.2), persistent: the states
//! of branches, loop heads, inlined calls and the call cache all hold
//! versions of one graph that differ in a few nodes.
//!
//! In: insertions of edges, renamings of one node into another (a recent
//! object joining its summary), the dense `Any` edges of a conservative
//! summary, unions at joins. Out: the edges leaving a node, every edge,
//! the nodes reachable from a set, equality and a hash of the contents.
//!
//! Each node's out-edges are an immutable sorted list behind a reference
//! count, and the nodes are grouped in chunks of `CHUNK` behind reference
//! counts, so copying a graph copies one pointer and changing a node
//! copies its chunk's pointers and its own list, never the whole graph.
//! The `Any` edges of a summary go from every node it reaches to every
//! node it reaches; each source holds the one shared target list, so a
//! summary costs its number of nodes, not their square, and searches skip
//! a list they have already followed. Equality and hashing are by
//! contents (the version a list or chunk came from never matters), with
//! pointer comparisons first.

use super::heap::{Edge, Key};
use fnv::FnvHashMap as HashMap;
use std::cell::OnceCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Nodes per chunk: a change copies this many list pointers.
const CHUNK: usize = 32;

/// An immutable sorted list with its hash, computed when first asked for
/// (most lists are never hashed: only the call cache's keys are).
#[derive(Debug)]
struct List<T> {
    items: Vec<T>,
    hash: OnceCell<u64>,
}

impl<T: Hash + Ord + Copy> List<T> {
    /// A list of sorted, distinct items; `None` when empty.
    fn make(items: Vec<T>) -> Option<Rc<List<T>>> {
        if items.is_empty() {
            return None;
        }
        Some(Rc::new(List {
            items,
            hash: OnceCell::new(),
        }))
    }

    fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| {
            let mut f = fnv::FnvHasher::default();
            self.items.hash(&mut f);
            f.finish()
        })
    }
}

type Slot<T> = Option<Rc<List<T>>>;

/// Results computed once per shared `Any` list, by its address; each entry
/// also holds the list, so its address is not reused while the map lives.
type ByList<V> = HashMap<*const List<u32>, V>;

/// Per list, by address: the list held and its union with another.
type Merged<T> = HashMap<*const List<T>, (Slot<T>, Slot<T>)>;

fn items<T>(s: &Slot<T>) -> &[T] {
    s.as_deref().map_or(&[], |l| &l.items)
}

fn slot_eq<T: PartialEq>(a: &Slot<T>, b: &Slot<T>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(x), Some(y)) => {
            Rc::ptr_eq(x, y)
                || (x.hash.get().zip(y.hash.get()).is_none_or(|(a, b)| a == b)
                    && x.items == y.items)
        }
        _ => false,
    }
}

/// The union of two sorted lists; one of them again when it holds the
/// other, so shared lists stay shared.
fn merge<T: Hash + Ord + Copy>(a: &Slot<T>, b: &Slot<T>) -> Slot<T> {
    let (x, y) = match (a, b) {
        (_, None) => return a.clone(),
        (None, _) => return b.clone(),
        (Some(x), Some(y)) if Rc::ptr_eq(x, y) => return a.clone(),
        (Some(x), Some(y)) => (&x.items, &y.items),
    };
    // Most unions at joins add nothing: a comparison or a walk that
    // allocates nothing finds that first.
    if x.len() == y.len() && x == y {
        return a.clone();
    }
    if x.len() >= y.len() && subset(y, x) {
        return a.clone();
    }
    if x.len() < y.len() && subset(x, y) {
        return b.clone();
    }
    let mut out = Vec::with_capacity(x.len().max(y.len()));
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        match x[i].cmp(&y[j]) {
            std::cmp::Ordering::Less => {
                out.push(x[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(y[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(x[i]);
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&x[i..]);
    out.extend_from_slice(&y[j..]);
    if out.len() == x.len() {
        a.clone()
    } else if out.len() == y.len() {
        b.clone()
    } else {
        List::make(out)
    }
}

/// Whether every item of the sorted list `small` is in the sorted list
/// `big`.
fn subset<T: Ord>(small: &[T], big: &[T]) -> bool {
    let mut j = 0;
    for x in small {
        while j < big.len() && big[j] < *x {
            j += 1;
        }
        if j == big.len() || big[j] != *x {
            return false;
        }
        j += 1;
    }
    true
}

/// What renaming one node into another made of chunks and `Any` lists, by
/// the address of the original (each entry holds it, so no address is
/// reused while the cache lives). A join folds the same recent node in
/// both states; sharing this between the two folds gives the chunks and
/// lists the states shared before the same results after, so the union
/// that follows skips them instead of merging equal lists.
#[derive(Default)]
pub(super) struct Renamed {
    chunks: HashMap<*const ChunkData, (Chunk, Chunk)>,
    anys: ByList<(Rc<List<u32>>, Slot<u32>)>,
}

/// The sorted edge list `es` with its edges to `r` ending at `s` instead,
/// sorted and distinct again: one pass, not a sort.
fn renamed(es: &[(Key, u32)], r: u32, s: u32) -> Vec<(Key, u32)> {
    let mut out: Vec<(Key, u32)> = Vec::with_capacity(es.len());
    let mut i = 0;
    while i < es.len() {
        // One key's run: its targets without `r`, then `s` in its place.
        let k = es[i].0;
        let end = i + es[i..].partition_point(|&(x, _)| x == k);
        let run = &es[i..end];
        if run.binary_search(&(k, r)).is_ok() {
            let start = out.len();
            out.extend(run.iter().copied().filter(|&(_, t)| t != r));
            if let Err(j) = out[start..].binary_search(&(k, s)) {
                out.insert(start + j, (k, s));
            }
        } else {
            out.extend_from_slice(run);
        }
        i = end;
    }
    out
}

/// One node's out-edges: by field or element, and `Any`.
#[derive(Clone, Debug, Default)]
struct Adj {
    out: Slot<(Key, u32)>,
    any: Slot<u32>,
}

impl Adj {
    fn is_empty(&self) -> bool {
        self.out.is_none() && self.any.is_none()
    }
    fn same(&self, o: &Adj) -> bool {
        slot_eq(&self.out, &o.out) && slot_eq(&self.any, &o.any)
    }
}

/// `CHUNK` nodes' edges with their hash, computed once per version of the
/// chunk: graphs share most chunks, so hashing a graph looks again only at
/// the chunks that changed.
#[derive(Debug, Default)]
struct ChunkData {
    adjs: Vec<Adj>,
    /// The hash of the contents; 0 for a chunk without edges.
    hash: OnceCell<u64>,
}

/// A copy is about to change: its hash is computed again when asked.
impl Clone for ChunkData {
    fn clone(&self) -> ChunkData {
        ChunkData {
            adjs: self.adjs.clone(),
            hash: OnceCell::new(),
        }
    }
}

impl ChunkData {
    fn empty() -> ChunkData {
        ChunkData {
            adjs: vec![Adj::default(); CHUNK],
            ..ChunkData::default()
        }
    }

    fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| {
            let mut f = fnv::FnvHasher::default();
            let mut any = false;
            for (i, a) in self.adjs.iter().enumerate() {
                if a.is_empty() {
                    continue;
                }
                any = true;
                f.write_usize(i);
                f.write_u64(a.out.as_ref().map_or(0, |l| l.hash()));
                f.write_u64(a.any.as_ref().map_or(0, |l| l.hash()));
            }
            if any {
                f.finish().max(1)
            } else {
                0
            }
        })
    }
}

type Chunk = Rc<ChunkData>;

#[derive(Clone, Debug, Default)]
struct Graph {
    chunks: Vec<Chunk>,
    hash: OnceCell<u64>,
}

/// A reachability graph's edges; a copy costs a reference count.
#[derive(Clone, Default)]
pub(super) struct Edges(Rc<Graph>);

impl std::fmt::Debug for Edges {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl PartialEq for Edges {
    fn eq(&self, o: &Self) -> bool {
        if Rc::ptr_eq(&self.0, &o.0) {
            return true;
        }
        if let (Some(a), Some(b)) = (self.0.hash.get(), o.0.hash.get()) {
            if a != b {
                return false;
            }
        }
        let (a, b) = (&self.0.chunks, &o.0.chunks);
        let n = a.len().max(b.len());
        (0..n).all(|c| match (a.get(c), b.get(c)) {
            (Some(x), Some(y)) => {
                Rc::ptr_eq(x, y) || x.adjs.iter().zip(y.adjs.iter()).all(|(p, q)| p.same(q))
            }
            (Some(x), None) | (None, Some(x)) => x.adjs.iter().all(Adj::is_empty),
            (None, None) => true,
        })
    }
}

impl Eq for Edges {}

impl Hash for Edges {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Per chunk, so that a new version costs its changed chunks and
        // one word per other chunk; chunks without edges count for
        // nothing, as in equality.
        let h = self
            .0
            .hash
            .get_or_init(|| super::pvec::combine(self.0.chunks.iter().map(|c| c.hash())));
        state.write_u64(*h);
    }
}

impl Edges {
    /// The address of this version: equal addresses, equal graphs (while
    /// a copy of the version is held).
    pub(super) fn version(&self) -> *const () {
        Rc::as_ptr(&self.0).cast()
    }

    fn adjs(&self) -> impl Iterator<Item = (u32, &Adj)> {
        self.0
            .chunks
            .iter()
            .flat_map(|c| c.adjs.iter())
            .enumerate()
            .map(|(i, a)| (i as u32, a))
    }

    fn adj(&self, n: u32) -> Option<&Adj> {
        let n = n as usize;
        self.0.chunks.get(n / CHUNK).map(|c| &c.adjs[n % CHUNK])
    }

    /// Node `n`'s edges to change: its chunk copied first if shared; the
    /// hashes are forgotten.
    fn adj_mut(&mut self, n: u32) -> &mut Adj {
        let n = n as usize;
        let g = Rc::make_mut(&mut self.0);
        g.hash = OnceCell::new();
        while g.chunks.len() <= n / CHUNK {
            g.chunks.push(Rc::new(ChunkData::empty()));
        }
        let ch = Rc::make_mut(&mut g.chunks[n / CHUNK]);
        ch.hash = OnceCell::new();
        &mut ch.adjs[n % CHUNK]
    }

    /// Every edge, by source node.
    pub(super) fn iter(&self) -> impl Iterator<Item = Edge> + '_ {
        self.adjs()
            .flat_map(|(n, _)| self.from(n).map(move |(k, m)| (n, k, m)))
    }

    /// The edges leaving `n`: key and target.
    pub(super) fn from(&self, n: u32) -> impl Iterator<Item = (Key, u32)> + '_ {
        let a = self.adj(n);
        let out = a.map_or(&[][..], |a| items(&a.out)).iter().copied();
        let any = a.map_or(&[][..], |a| items(&a.any));
        out.chain(any.iter().map(|&m| (Key::Any, m)))
    }

    /// Adds one edge (the analysis adds them by `insert_all`).
    #[cfg(test)]
    pub(super) fn insert(&mut self, (a, k, b): Edge) {
        self.insert_all(&[a], k, &[b]);
    }

    /// Adds an edge by `key` from each of `from` to each of `to`: one merge
    /// per source, not one per edge.
    pub(super) fn insert_all(&mut self, from: &[u32], key: Key, to: &[u32]) {
        if key == Key::Any {
            return self.insert_any(from, to);
        }
        let mut add: Vec<(Key, u32)> = to.iter().map(|&b| (key, b)).collect();
        add.sort_unstable();
        add.dedup();
        let add = List::make(add);
        // Sources that had one list get one merged list: a store into the
        // objects of a summary costs their number, not times the targets.
        // By address, holding each list (see `rename_targets`).
        let mut done: Merged<(Key, u32)> = HashMap::default();
        for &a in from {
            let cur = self.adj(a).and_then(|x| x.out.clone());
            let next = match &cur {
                None => add.clone(),
                Some(l) => {
                    let (have, new) = (&l.items, items(&add));
                    // A search per added edge, or one walk when many are
                    // added (a summary's region stored at once).
                    let known = if new.len() * 8 < have.len() {
                        new.iter().all(|e| have.binary_search(e).is_ok())
                    } else {
                        subset(new, have)
                    };
                    if known {
                        continue;
                    }
                    done.entry(Rc::as_ptr(l))
                        .or_insert_with(|| (cur.clone(), merge(&cur, &add)))
                        .1
                        .clone()
                }
            };
            self.adj_mut(a).out = next;
        }
    }

    /// Pushes onto `out` the targets of the edges by `key` (any key when
    /// `key` is `Any`) leaving each of `objs`; a shared `Any` list is
    /// pushed once, so a load from a summary's objects costs their number
    /// plus its targets, not their product.
    pub(super) fn targets(&self, objs: &[u32], key: Key, out: &mut Vec<u32>) {
        let mut lists: fnv::FnvHashSet<*const List<u32>> = Default::default();
        for &o in objs {
            let Some(a) = self.adj(o) else {
                continue;
            };
            let es = items(&a.out);
            if key == Key::Any {
                out.extend(es.iter().map(|&(_, m)| m));
            } else {
                // Sorted by key, then target: the run of `key`.
                let lo = es.partition_point(|&(k, _)| k < key);
                out.extend(
                    es[lo..]
                        .iter()
                        .take_while(|&&(k, _)| k == key)
                        .map(|&(_, m)| m),
                );
                let hi = es.partition_point(|&(k, _)| k < Key::Any);
                out.extend(es[hi..].iter().map(|&(_, m)| m));
            }
            if let Some(l) = &a.any {
                if lists.insert(Rc::as_ptr(l)) {
                    out.extend_from_slice(&l.items);
                }
            }
        }
    }

    /// Every edge into or out of `r` now starts or ends at `s`.
    /// `referenced`: whether some edge may end at `r` (its reference count
    /// is not zero); otherwise only the edges leaving `r` are looked at.
    /// `done`: what renaming `r` into `s` made of the chunks and lists of
    /// other versions (see [`Renamed`]).
    pub(super) fn rename(&mut self, r: u32, s: u32, referenced: bool, done: &mut Renamed) {
        debug_assert!(referenced || !self.iter().any(|(_, _, b)| b == r));
        if referenced {
            self.rename_targets(r, s, done);
        }
        let Some(adj) = self.adj(r).filter(|a| !a.is_empty()).cloned() else {
            return;
        };
        *self.adj_mut(r) = Adj::default();
        let to = self.adj_mut(s);
        to.out = merge(&to.out, &adj.out);
        to.any = merge(&to.any, &adj.any);
    }

    /// Edges ending at `r` end at `s`. A shared `Any` list is renamed
    /// once, and a chunk another version renamed before is replaced by
    /// that result.
    fn rename_targets(&mut self, r: u32, s: u32, done: &mut Renamed) {
        for c in 0..self.0.chunks.len() {
            let old = self.0.chunks[c].clone();
            if let Some((_, new)) = done.chunks.get(&Rc::as_ptr(&old)) {
                let new = new.clone();
                let g = Rc::make_mut(&mut self.0);
                g.hash = OnceCell::new();
                g.chunks[c] = new;
                continue;
            }
            let mut changed = false;
            for i in 0..CHUNK {
                let a = &self.0.chunks[c].adjs[i];
                let out_hit = items(&a.out).iter().any(|&(_, t)| t == r);
                let any_hit = items(&a.any).binary_search(&r).is_ok();
                if !out_hit && !any_hit {
                    continue;
                }
                let mut new = a.clone();
                if out_hit {
                    new.out = List::make(renamed(items(&a.out), r, s));
                }
                if any_hit {
                    let l = a.any.as_ref().expect("a hit");
                    new.any = done
                        .anys
                        .entry(Rc::as_ptr(l))
                        .or_insert_with(|| {
                            let mut v: Vec<u32> =
                                l.items.iter().copied().filter(|&t| t != r).collect();
                            if let Err(i) = v.binary_search(&s) {
                                v.insert(i, s);
                            }
                            (l.clone(), List::make(v))
                        })
                        .1
                        .clone();
                }
                *self.adj_mut((c * CHUNK + i) as u32) = new;
                changed = true;
            }
            if changed {
                let new = self.0.chunks[c].clone();
                done.chunks.insert(Rc::as_ptr(&old), (old, new));
            }
        }
    }

    /// Adds an `Any` edge from each of `from` to each of `to` (sorted,
    /// distinct): the sources share one target list where they can.
    pub(super) fn insert_any(&mut self, from: &[u32], to: &[u32]) {
        debug_assert!(to.windows(2).all(|w| w[0] < w[1]));
        let all = List::make(to.to_vec());
        // By address, holding each list (see `rename_targets`).
        let mut done: ByList<(Slot<u32>, Slot<u32>)> = HashMap::default();
        for &a in from {
            let cur = self.adj(a).and_then(|x| x.any.clone());
            let next = match &cur {
                None => all.clone(),
                Some(l) => done
                    .entry(Rc::as_ptr(l))
                    .or_insert_with(|| (cur.clone(), merge(&cur, &all)))
                    .1
                    .clone(),
            };
            if !slot_eq(&cur, &next) {
                self.adj_mut(a).any = next;
            }
        }
    }

    /// Adds `o`'s edges; chunks and lists the two share are skipped.
    pub(super) fn union(&mut self, o: &Edges) {
        if Rc::ptr_eq(&self.0, &o.0) {
            return;
        }
        if self.0.chunks.is_empty() {
            self.0 = o.0.clone();
            return;
        }
        // Summaries give many nodes one `Any` list: merged once per pair,
        // the union's lists are shared as well. By address, holding the
        // lists (see `rename_targets`).
        type Pair = (*const List<u32>, *const List<u32>);
        type Kept = (Slot<u32>, Slot<u32>, Slot<u32>);
        let mut anys: HashMap<Pair, Kept> = HashMap::default();
        let ptr = |s: &Slot<u32>| s.as_ref().map_or(std::ptr::null(), Rc::as_ptr);
        for (c, theirs) in o.0.chunks.iter().enumerate() {
            if self.0.chunks.get(c).is_some_and(|m| Rc::ptr_eq(m, theirs)) {
                continue;
            }
            for (i, b) in theirs.adjs.iter().enumerate() {
                if b.is_empty() {
                    continue;
                }
                let n = (c * CHUNK + i) as u32;
                let a = self.adj(n).cloned().unwrap_or_default();
                let out = merge(&a.out, &b.out);
                let any = anys
                    .entry((ptr(&a.any), ptr(&b.any)))
                    .or_insert_with(|| (a.any.clone(), b.any.clone(), merge(&a.any, &b.any)))
                    .2
                    .clone();
                if !slot_eq(&out, &a.out) || !slot_eq(&any, &a.any) {
                    *self.adj_mut(n) = Adj { out, any };
                }
            }
        }
    }

    /// The nodes reachable from `roots` (a mark per node below `len`); a
    /// shared `Any` list is followed once.
    pub(super) fn reachable(&self, roots: &[u32], len: usize) -> Vec<bool> {
        let mut seen = vec![false; len];
        let mut lists: std::collections::HashSet<*const List<u32>> = Default::default();
        let mut work: Vec<u32> = Vec::new();
        for &n in roots {
            if !std::mem::replace(&mut seen[n as usize], true) {
                work.push(n);
            }
        }
        while let Some(n) = work.pop() {
            let Some(a) = self.adj(n) else {
                continue;
            };
            let any = match &a.any {
                Some(l) if lists.insert(Rc::as_ptr(l)) => &l.items[..],
                _ => &[],
            };
            let out = items(&a.out).iter().map(|&(_, m)| m);
            for m in out.chain(any.iter().copied()) {
                if !std::mem::replace(&mut seen[m as usize], true) {
                    work.push(m);
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hir::FieldId;
    use std::collections::BTreeSet;

    fn f(i: u32) -> Key {
        Key::Field(FieldId(i))
    }

    fn set(e: &Edges) -> BTreeSet<Edge> {
        e.iter().collect()
    }

    fn hash(e: &Edges) -> u64 {
        let mut h = fnv::FnvHasher::default();
        e.hash(&mut h);
        h.finish()
    }

    #[test]
    fn copies_share_until_changed() {
        let mut a = Edges::default();
        a.insert((0, f(1), 40));
        a.insert((33, Key::Elem, 2));
        let mut b = a.clone();
        b.insert((1, f(1), 2));
        assert_eq!(set(&a), BTreeSet::from([(0, f(1), 40), (33, Key::Elem, 2)]));
        assert_eq!(set(&b).len(), 3);
        // The chunk of node 33 was not touched: still shared.
        assert!(Rc::ptr_eq(&a.0.chunks[1], &b.0.chunks[1]));
        assert!(!Rc::ptr_eq(&a.0.chunks[0], &b.0.chunks[0]));
    }

    #[test]
    fn equality_and_hash_are_by_contents() {
        let mut a = Edges::default();
        let mut b = Edges::default();
        a.insert((1, f(0), 2));
        a.insert((70, Key::Elem, 3));
        b.insert((70, Key::Elem, 3));
        b.insert((1, f(0), 2));
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        // A graph that grew chunks and emptied them equals one that did not.
        let mut c = Edges::default();
        c.insert((1, f(0), 2));
        c.insert((100, f(0), 5));
        c.rename(100, 70, false, &mut Renamed::default());
        let mut d = c.clone();
        d.insert((1, f(0), 3));
        assert_ne!(c, d);
        assert_ne!(hash(&c), hash(&d));
        let mut e = Edges::default();
        e.insert((1, f(0), 2));
        e.insert((70, f(0), 5));
        assert_eq!(c, e);
        assert_eq!(hash(&c), hash(&e));
    }

    #[test]
    fn rename_moves_edges_in_and_out() {
        let mut a = Edges::default();
        a.insert((1, f(0), 5));
        a.insert((5, f(2), 7));
        a.insert((5, f(3), 5));
        a.insert_any(&[2, 5], &[5, 9]);
        a.rename(5, 6, true, &mut Renamed::default());
        let want = BTreeSet::from([
            (1, f(0), 6),
            (6, f(2), 7),
            (6, f(3), 6),
            (2, Key::Any, 6),
            (2, Key::Any, 9),
            (6, Key::Any, 6),
            (6, Key::Any, 9),
        ]);
        assert_eq!(set(&a), want);
    }

    #[test]
    fn renames_see_edges_added_after_an_earlier_rename() {
        // The first rename computes the chunks' target sets; the edges
        // added after it must still be found.
        let mut a = Edges::default();
        a.insert((40, f(0), 5));
        a.rename(5, 6, true, &mut Renamed::default());
        let before = a.clone();
        a.insert((41, f(0), 7));
        a.insert_any(&[42], &[8]);
        a.rename(7, 6, true, &mut Renamed::default());
        a.rename(8, 6, true, &mut Renamed::default());
        let want = BTreeSet::from([(40, f(0), 6), (41, f(0), 6), (42, Key::Any, 6)]);
        assert_eq!(set(&a), want);
        // The version the first rename made is unchanged and equal to a
        // graph built directly.
        let mut b = Edges::default();
        b.insert((40, f(0), 6));
        assert_eq!(before, b);
        assert_eq!(hash(&before), hash(&b));
    }

    #[test]
    fn any_edges_are_shared_and_followed_once() {
        let mut a = Edges::default();
        let nodes: Vec<u32> = (0..100).collect();
        a.insert_any(&nodes, &nodes);
        assert_eq!(a.iter().count(), 100 * 100);
        let l0 = a.adj(0).unwrap().any.clone().unwrap();
        let l99 = a.adj(99).unwrap().any.clone().unwrap();
        assert!(Rc::ptr_eq(&l0, &l99));
        // A second summary over the same nodes changes nothing.
        let before = a.clone();
        a.insert_any(&nodes, &nodes);
        assert!(Rc::ptr_eq(&before.0, &a.0));
        a.insert((200, f(1), 0));
        let r = a.reachable(&[200], 201);
        assert_eq!(r.iter().filter(|&&x| x).count(), 101);
        assert!(!a.reachable(&[150], 201)[0]);
    }

    #[test]
    fn insert_all_adds_each_pair() {
        let mut a = Edges::default();
        a.insert((1, f(0), 3));
        a.insert_all(&[1, 2], f(0), &[3, 4]);
        a.insert_all(&[5], Key::Any, &[6]);
        let want = BTreeSet::from([
            (1, f(0), 3),
            (1, f(0), 4),
            (2, f(0), 3),
            (2, f(0), 4),
            (5, Key::Any, 6),
        ]);
        assert_eq!(set(&a), want);
        let before = a.clone();
        a.insert_all(&[1, 2], f(0), &[4]);
        assert!(Rc::ptr_eq(&before.0, &a.0));
    }

    #[test]
    fn union_is_the_set_union() {
        let mut a = Edges::default();
        a.insert((1, f(0), 2));
        a.insert_any(&[3], &[4, 5]);
        let mut b = a.clone();
        b.insert((40, f(0), 2));
        b.insert_any(&[3], &[6]);
        a.insert((1, f(1), 9));
        let mut u = a.clone();
        u.union(&b);
        let want: BTreeSet<Edge> = set(&a).union(&set(&b)).copied().collect();
        assert_eq!(set(&u), want);
        // Nodes that shared a list share their union's.
        let mut x = Edges::default();
        x.insert_any(&[1, 2], &[7]);
        let mut y = Edges::default();
        y.insert_any(&[1, 2], &[8]);
        x.union(&y);
        let (l1, l2) = (x.adj(1).unwrap().any.clone(), x.adj(2).unwrap().any.clone());
        assert!(Rc::ptr_eq(&l1.unwrap(), &l2.unwrap()));
        // A union with a part of itself changes nothing.
        let mut v = u.clone();
        v.union(&a);
        assert_eq!(v, u);
    }
}
