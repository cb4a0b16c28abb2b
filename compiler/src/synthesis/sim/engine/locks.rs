//! The merged locks of the disjointness analysis in the simulation: a
//! union-find over the simulated objects, as the runtime keeps them.

use super::*;

/// The objects' locks as the runtime keeps them (`bb_lock_root`,
/// `bb_lock_merge`): a union-find over objects whose sets only grow, each
/// set one lock, held by the core running an invocation on one of its
/// objects. Unmerged objects are sets of one, which the version check
/// already keeps to one invocation at a time.
pub(super) struct Locks {
    pub(super) sets: petgraph::unionfind::UnionFind<u32>,
    /// Per set (at its root): the core holding it, or [`NONE`].
    pub(super) holder: Vec<u32>,
    /// Per core: its queued invocations were all blocked by locks other
    /// cores held, so it tries again when one is released.
    pub(super) waiting: Vec<bool>,
    /// `form` passed over an invocation for a lock another core held.
    pub(super) blocked: std::cell::Cell<bool>,
    /// Per allocation of the finishing exit: its new objects (a range).
    pub(super) made: Vec<(u32, u32)>,
}

impl Locks {
    pub(super) fn root(&self, o: u32) -> u32 {
        self.sets.find(o)
    }

    /// The object's lock is free or held by `core`.
    pub(super) fn free(&self, o: u32, core: usize) -> bool {
        let h = self.holder[self.root(o) as usize];
        h == NONE || h == core as u32
    }

    pub(super) fn set_holder(&mut self, o: u32, core: u32) {
        let r = self.root(o);
        self.holder[r as usize] = core;
    }

    /// Merges the locks of `a` and `b`; the merged set is held if either was.
    pub(super) fn merge(&mut self, a: u32, b: u32) {
        let (ra, rb) = (self.root(a), self.root(b));
        if !self.sets.union(ra, rb) {
            return;
        }
        let merged = self.root(ra);
        let held = if self.holder[ra as usize] != NONE {
            self.holder[ra as usize]
        } else {
            self.holder[rb as usize]
        };
        self.holder[merged as usize] = held;
    }
}

impl Sim<'_> {
    /// Object `o`'s lock can be taken by `core`; else notes that an
    /// invocation was passed over for it.
    pub(super) fn lockable(&self, o: u32, core: usize) -> bool {
        match &self.locks {
            None => true,
            Some(l) => {
                let free = l.free(o, core);
                if !free {
                    l.blocked.set(true);
                }
                free
            }
        }
    }

    /// Cores waiting for locks try again: one was released at `now`.
    pub(super) fn retry_waiting(&mut self, now: f64) {
        if self.locks.is_none() {
            return;
        }
        for c in 0..self.ncores {
            if !self.cores.busy[c] && self.locks.as_ref().is_some_and(|l| l.waiting[c]) {
                self.dispatch(c, now);
            }
        }
    }

    /// Applies the lock merges of the finishing exit: `objs` are the
    /// invocation's parameters; each allocation's new objects are in the
    /// ranges `Locks::made`.
    pub(super) fn merge_locks(&mut self, task: usize, exit: usize, objs: &[u32]) {
        let model = self.model;
        let (Some(l), Some(m)) = (&mut self.locks, model.merges(task, exit)) else {
            return;
        };
        for &(i, j) in &m.params {
            if let (Some(&a), Some(&b)) = (objs.get(i as usize), objs.get(j as usize)) {
                l.merge(a, b);
            }
        }
        for &(k, p) in &m.new_with_param {
            if let (Some(&(lo, hi)), Some(&o)) = (l.made.get(k as usize), objs.get(p as usize)) {
                for n in lo..hi {
                    l.merge(n, o);
                }
            }
        }
        for &(a, b) in &m.new_with_new {
            let (Some(&ra), Some(&rb)) = (l.made.get(a as usize), l.made.get(b as usize)) else {
                continue;
            };
            let mut all = (ra.0..ra.1).chain(rb.0..rb.1);
            if let Some(first) = all.next() {
                for n in all {
                    l.merge(first, n);
                }
            }
        }
    }
}
