//! Per-node facts of a reachability graph (reference counts, recent-object
//! generations), persistent like its edges (`graph`).
//!
//! In: reads and writes of one node's value, joins, walks over the nodes
//! two versions disagree about. Out: the values, equality and hashes of
//! the contents and of which nodes hold a value at all.
//!
//! The values are kept in chunks of `CHUNK` nodes behind reference counts,
//! each with its hashes and the recent nodes its values name, computed once
//! per version of the chunk. So a copy costs a pointer, a change copies one
//! chunk and the chunk pointers, and hashing, comparing, joining or
//! releasing looks again only at the chunks that changed, never at every
//! node.

use std::cell::OnceCell;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Nodes per chunk.
const CHUNK: usize = 32;

/// The hash of a chunked structure from its chunks' hashes, in order;
/// chunks hashing to 0 (holding nothing) count for nothing, so trailing
/// empty chunks change neither hash nor equality.
pub(super) fn combine(chunk_hashes: impl Iterator<Item = u64>) -> u64 {
    let mut f = fnv::FnvHasher::default();
    for (c, h) in chunk_hashes.enumerate() {
        if h != 0 {
            f.write_usize(c);
            f.write_u64(h);
        }
    }
    f.finish()
}

/// A per-node value; `Default` is "nothing" (nodes never set hold it).
pub(super) trait Cell: Copy + Eq + Hash + Default + std::fmt::Debug {
    /// The recent node this value names, if any (see `PVec::release`).
    fn names(&self) -> Option<u32> {
        None
    }
}

#[derive(Debug)]
struct Chunk<T> {
    items: [T; CHUNK],
    /// The hash of the contents; 0 when every value is the default.
    hash: OnceCell<u64>,
    /// The hash of which values are not the default.
    keys: OnceCell<u64>,
    /// The recent nodes the values name, sorted, distinct.
    names: OnceCell<Vec<u32>>,
}

/// A copy is about to change: its facts are computed again when asked.
impl<T: Cell> Clone for Chunk<T> {
    fn clone(&self) -> Chunk<T> {
        Chunk::of(self.items)
    }
}

impl<T: Cell> Chunk<T> {
    fn of(items: [T; CHUNK]) -> Chunk<T> {
        Chunk {
            items,
            hash: OnceCell::new(),
            keys: OnceCell::new(),
            names: OnceCell::new(),
        }
    }

    fn forget(&mut self) {
        self.hash = OnceCell::new();
        self.keys = OnceCell::new();
        self.names = OnceCell::new();
    }

    fn hash(&self) -> u64 {
        *self.hash.get_or_init(|| {
            if self.items.iter().all(|x| *x == T::default()) {
                return 0;
            }
            let mut f = fnv::FnvHasher::default();
            self.items.hash(&mut f);
            f.finish().max(1)
        })
    }

    fn keys(&self) -> u64 {
        *self.keys.get_or_init(|| {
            let mut bits = 0u64;
            for (i, x) in self.items.iter().enumerate() {
                if *x != T::default() {
                    bits |= 1 << i;
                }
            }
            bits
        })
    }

    fn names(&self, r: u32) -> bool {
        let names = self.names.get_or_init(|| {
            let mut v: Vec<u32> = self.items.iter().filter_map(Cell::names).collect();
            v.sort_unstable();
            v.dedup();
            v
        });
        names.binary_search(&r).is_ok()
    }
}

#[derive(Debug)]
struct Data<T> {
    chunks: Vec<Rc<Chunk<T>>>,
    hash: OnceCell<u64>,
    keys: OnceCell<u64>,
}

impl<T> Clone for Data<T> {
    fn clone(&self) -> Data<T> {
        Data {
            chunks: self.chunks.clone(),
            hash: OnceCell::new(),
            keys: OnceCell::new(),
        }
    }
}

impl<T> Default for Data<T> {
    fn default() -> Data<T> {
        Data {
            chunks: Vec::new(),
            hash: OnceCell::new(),
            keys: OnceCell::new(),
        }
    }
}

/// A value per node (the default where never set); a copy costs a
/// reference count.
#[derive(Debug)]
pub(super) struct PVec<T>(Rc<Data<T>>);

impl<T> Clone for PVec<T> {
    fn clone(&self) -> PVec<T> {
        PVec(self.0.clone())
    }
}

impl<T> Default for PVec<T> {
    fn default() -> PVec<T> {
        PVec(Rc::default())
    }
}

impl<T: Cell> PartialEq for PVec<T> {
    fn eq(&self, o: &PVec<T>) -> bool {
        if Rc::ptr_eq(&self.0, &o.0) {
            return true;
        }
        if let (Some(a), Some(b)) = (self.0.hash.get(), o.0.hash.get()) {
            if a != b {
                return false;
            }
        }
        self.chunk_pairs(o)
            .all(|(_, x, y)| x.zip(y).is_some_and(|(x, y)| x.items == y.items) || both_empty(x, y))
    }
}

impl<T: Cell> Eq for PVec<T> {}

/// Whether two chunks (a missing one holds defaults) hold only defaults.
fn both_empty<T: Cell>(x: Option<&Chunk<T>>, y: Option<&Chunk<T>>) -> bool {
    x.is_none_or(|c| c.hash() == 0) && y.is_none_or(|c| c.hash() == 0)
}

impl<T: Cell> Hash for PVec<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let h = self
            .0
            .hash
            .get_or_init(|| combine(self.0.chunks.iter().map(|c| c.hash())));
        state.write_u64(*h);
    }
}

impl<T: Cell> PVec<T> {
    /// The address of this version: equal addresses, equal values (while
    /// a copy of the version is held).
    pub(super) fn version(&self) -> *const () {
        Rc::as_ptr(&self.0).cast()
    }

    pub(super) fn get(&self, n: u32) -> T {
        let n = n as usize;
        self.0
            .chunks
            .get(n / CHUNK)
            .map_or(T::default(), |c| c.items[n % CHUNK])
    }

    /// Sets node `n`'s value; an unchanged value copies nothing.
    pub(super) fn set(&mut self, n: u32, v: T) {
        if self.get(n) == v {
            return;
        }
        let n = n as usize;
        let d = Rc::make_mut(&mut self.0);
        d.hash = OnceCell::new();
        d.keys = OnceCell::new();
        while d.chunks.len() <= n / CHUNK {
            d.chunks.push(Rc::new(Chunk::of([T::default(); CHUNK])));
        }
        let ch = Rc::make_mut(&mut d.chunks[n / CHUNK]);
        ch.forget();
        ch.items[n % CHUNK] = v;
    }

    /// Chunk by chunk, the two versions' chunks that are not shared.
    fn chunk_pairs<'a>(
        &'a self,
        o: &'a PVec<T>,
    ) -> impl Iterator<Item = (usize, Option<&'a Chunk<T>>, Option<&'a Chunk<T>>)> + 'a {
        let (a, b) = (&self.0.chunks, &o.0.chunks);
        (0..a.len().max(b.len())).filter_map(move |c| match (a.get(c), b.get(c)) {
            (Some(x), Some(y)) if Rc::ptr_eq(x, y) => None,
            (x, y) => Some((c, x.map(|x| &**x), y.map(|y| &**y))),
        })
    }

    /// The nodes whose values differ, with this version's value and
    /// `o`'s, in node order; shared chunks are skipped.
    pub(super) fn diff(&self, o: &PVec<T>) -> Vec<(u32, T, T)> {
        let mut out = Vec::new();
        if Rc::ptr_eq(&self.0, &o.0) {
            return out;
        }
        for (c, x, y) in self.chunk_pairs(o) {
            for i in 0..CHUNK {
                let a = x.map_or(T::default(), |x| x.items[i]);
                let b = y.map_or(T::default(), |y| y.items[i]);
                if a != b {
                    out.push(((c * CHUNK + i) as u32, a, b));
                }
            }
        }
        out
    }

    /// Whether the two versions give values to the same nodes.
    pub(super) fn same_keys(&self, o: &PVec<T>) -> bool {
        Rc::ptr_eq(&self.0, &o.0)
            || self
                .chunk_pairs(o)
                .all(|(_, x, y)| x.map_or(0, Chunk::keys) == y.map_or(0, Chunk::keys))
    }

    /// The hash of which nodes hold a value (see `same_keys`).
    pub(super) fn keys_hash(&self) -> u64 {
        *self
            .0
            .keys
            .get_or_init(|| combine(self.0.chunks.iter().map(|c| c.keys())))
    }

    /// Replaces each value naming the recent node `r` by `f` of it; chunks
    /// naming no such node are skipped.
    pub(super) fn release(&mut self, r: u32, f: impl Fn(T) -> T) {
        for c in 0..self.0.chunks.len() {
            if !self.0.chunks[c].names(r) {
                continue;
            }
            for i in 0..CHUNK {
                let n = (c * CHUNK + i) as u32;
                let v = self.get(n);
                if v.names() == Some(r) {
                    self.set(n, f(v));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Cell for Option<u32> {
        fn names(&self) -> Option<u32> {
            *self
        }
    }

    fn hash<T: Cell>(c: &PVec<T>) -> u64 {
        let mut h = fnv::FnvHasher::default();
        c.hash(&mut h);
        h.finish()
    }

    #[test]
    fn copies_share_until_changed_and_compare_by_contents() {
        let mut a: PVec<Option<u32>> = PVec::default();
        a.set(3, Some(1));
        a.set(40, Some(2));
        let mut b = a.clone();
        b.set(3, Some(1));
        assert_eq!(a.version(), b.version());
        b.set(5, Some(9));
        assert_eq!(a.get(5), None);
        assert_eq!(b.get(5), Some(9));
        assert!(Rc::ptr_eq(&a.0.chunks[1], &b.0.chunks[1]));
        assert_ne!(a, b);
        assert_eq!(a.diff(&b), vec![(5, None, Some(9))]);
        // A value set past the end and reset equals one never set.
        let mut c = a.clone();
        c.set(100, Some(4));
        c.set(100, None);
        assert_eq!(a, c);
        assert_eq!(hash(&a), hash(&c));
        let mut d = PVec::default();
        d.set(40, Some(2));
        d.set(3, Some(1));
        assert_eq!(a, d);
        assert_eq!(hash(&a), hash(&d));
        // Same nodes with other values: the same keys.
        let mut e = d.clone();
        e.set(40, Some(7));
        assert!(e.same_keys(&a) && e.keys_hash() == a.keys_hash());
        assert!(!b.same_keys(&a));
    }

    #[test]
    fn release_rewrites_only_the_named_values() {
        let mut a: PVec<Option<u32>> = PVec::default();
        a.set(1, Some(7));
        a.set(2, Some(8));
        a.set(70, Some(7));
        a.release(7, |_| Some(0));
        assert_eq!((a.get(1), a.get(2), a.get(70)), (Some(0), Some(8), Some(0)));
    }
}
