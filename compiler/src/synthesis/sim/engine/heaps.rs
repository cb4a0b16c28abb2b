//! Collections in the simulation: the per-core heaps of profile format 4
//! and when a collection is due.

use super::*;

/// The heaps of the runtime's cores as the collector sees them (profile
/// format 4). Each core allocates into its own heap, and the runtime asks
/// for a collection after an invocation when its core has allocated, since
/// the last collection, its threshold: the bytes live in its heap after
/// that collection, or the heap's minimum if more (`heap.c`,
/// `bb_gc_sweep_own`), unless it defers ([`Sim::defers_collection`]).
/// Every core then collects and starts counting again.
/// On one core this is one collection per max(live, minimum) bytes, as
/// profiled; on N cores each core fills its own threshold, so N cores
/// collect up to N times less often. The live bytes after a collection are
/// the profile's mean, split over the cores by their shares of the
/// allocation since the previous one; a core's sweep is taken to cost the
/// profiled sweep time per allocated byte (the pause's sweep is the
/// largest core's).
#[derive(Clone, Debug)]
pub(super) struct Heaps {
    pub(super) min_bytes: f64,
    pub(super) live_bytes: f64,
    pub(super) sweep_ns_per_byte: f64,
    /// Per core: bytes allocated since the last collection, and the
    /// threshold that asks for the next.
    pub(super) allocated: Vec<f64>,
    pub(super) threshold: Vec<f64>,
}

impl Heaps {
    /// The heaps of `ncores` cores, if the profile has the heap figures:
    /// the minimum threshold and some bytes allocated by bodies.
    pub(super) fn of(model: &Model, ncores: usize) -> Option<Heaps> {
        let o = &model.outside;
        let bytes: f64 = model
            .tasks
            .iter()
            .flat_map(|t| {
                t.exits
                    .iter()
                    .map(move |e| e.probability * t.invocations as f64 * e.alloc_bytes)
            })
            .sum();
        if o.gc_min_bytes <= 0.0 || bytes <= 0.0 {
            return None;
        }
        let sweep_ns = if o.gc_mark_ns > 0.0 {
            (o.gc_ns - o.gc_mark_ns).max(0.0)
        } else {
            0.0
        };
        Some(Heaps {
            min_bytes: o.gc_min_bytes,
            live_bytes: o.gc_live_bytes,
            sweep_ns_per_byte: sweep_ns / bytes,
            allocated: vec![0.0; ncores],
            threshold: vec![o.gc_min_bytes; ncores],
        })
    }

    /// Core `core` allocated `bytes`; true when it asks for a collection.
    pub(super) fn allocate(&mut self, core: usize, bytes: f64) -> bool {
        self.allocated[core] += bytes;
        self.allocated[core] >= self.threshold[core]
    }

    /// Core `core`'s sweep of its own heap in a collection now.
    pub(super) fn sweep_ns(&self, core: usize) -> f64 {
        self.allocated[core] * self.sweep_ns_per_byte
    }

    /// A collection: each core keeps its share of the live bytes, which
    /// sets its next threshold, and starts counting again.
    pub(super) fn collected(&mut self) {
        let total: f64 = self.allocated.iter().sum();
        let n = self.allocated.len() as f64;
        for (a, t) in self.allocated.iter_mut().zip(&mut self.threshold) {
            let share = if total > 0.0 { *a / total } else { 1.0 / n };
            *t = (self.live_bytes * share).max(self.min_bytes);
            *a = 0.0;
        }
    }
}

impl Sim<'_> {
    /// Whether `core`, whose heap is due as its invocation ends, defers the
    /// collection, as the runtime does (`heap.c`, `bb_gc_maybe`): while
    /// another core runs an invocation (never on one core) (a collection
    /// asked for now would wait for it) and the heap has allocated less
    /// than twice its threshold. Only with the heap figures (format 4).
    pub(super) fn defers_collection(&self, core: usize) -> bool {
        let Some(h) = &self.gc.heaps else {
            return false;
        };
        h.allocated[core] < 2.0 * h.threshold[core]
            && self
                .cores
                .busy
                .iter()
                .enumerate()
                .any(|(c, &b)| c != core && b)
    }

    /// Starts the due collection once no core runs an invocation and every
    /// core has swept its heap after the last one: it stops every core
    /// (the runtime's collections are stop-the-world, at task boundaries)
    /// for one collection's marking, after which each core sweeps its own
    /// heap and goes on ([`Sim::gc_pauses`]).
    pub(super) fn maybe_collect(&mut self, now: f64) {
        if self.gc.collecting.iter().any(|&c| c) || self.cores.busy.iter().any(|&b| b) {
            return;
        }
        self.gc.pending = false;
        for (core, pause) in self.gc_pauses().into_iter().enumerate() {
            self.gc.collecting[core] = true;
            self.push(now + pause, Kind::GcEnd { core: core as u32 });
        }
        self.gc.work_since_gc_by_core.fill(0.0);
        if let Some(h) = &mut self.gc.heaps {
            h.collected();
        }
    }

    /// Each core's pause in a collection: the profiled marking, which one
    /// core does for the whole process while the others wait, then the
    /// core's sweep of its own heap. A core's share of the sweep is its
    /// part of the bytes allocated (or, without the heap figures, of the
    /// body time) since the last collection; on one core the pause is the
    /// profiled one.
    pub(super) fn gc_pauses(&self) -> Vec<f64> {
        if let Some(h) = &self.gc.heaps {
            return (0..self.cores.busy.len())
                .map(|core| self.gc.mark + h.sweep_ns(core))
                .collect();
        }
        let total: f64 = self.gc.work_since_gc_by_core.iter().sum();
        self.gc
            .work_since_gc_by_core
            .iter()
            .map(|&work| {
                let share = if total > 0.0 { work / total } else { 1.0 };
                self.gc.mark + self.gc.sweep * share
            })
            .collect()
    }
}
