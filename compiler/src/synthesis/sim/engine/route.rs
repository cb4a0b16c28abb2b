//! Routing in the simulation: where an object goes when an exit or an
//! injection makes it satisfy a guard, hand-offs and their costs, and
//! idle cores asking for work (`BAMBOO_BALANCE`).

use super::*;

impl Sim<'_> {
    /// Sends object `o` from core `from` at time `t` to every task its
    /// state enables (`fresh`: a new object).
    pub(super) fn route(&mut self, from: usize, o: u32, t: f64, producer: u32, fresh: bool) {
        let obj = self.objs[o as usize];
        let model = self.model;
        for &(task, param) in &model.states[obj.state as usize].consumers {
            let dests = &self.layout.routes[from][task as usize];
            let policy = self.layout.policies[task as usize];
            let dest = match policy {
                Policy::Single => dests[0],
                // An object handed on stays where its route allows it.
                Policy::Local if !fresh && dests.contains(&(from as u32)) => from as u32,
                Policy::Here if dests.contains(&(from as u32)) => from as u32,
                Policy::RoundRobin | Policy::Local | Policy::Here => {
                    let k = &mut self.cores.rr[from * self.ntasks + task as usize];
                    let d = dests[*k as usize % dests.len()];
                    *k = k.wrapping_add(1);
                    d
                }
                // The runtime routes by the instance of the parameter's
                // routing tag type; an object without one is routed again
                // when it gains one.
                Policy::TagHash | Policy::TagHome if dests.len() > 1 => {
                    let inst = match model.tasks[task as usize].param_tags[param as usize] {
                        Some(tag) => self.tag_of(o, tag),
                        None => 0,
                    };
                    if inst == 0 {
                        continue;
                    }
                    // The core that made the instance, if it hosts the
                    // task (sched.c, bb_tag_dest).
                    let home = self.tags.tag_home[inst as usize];
                    if policy == Policy::TagHome && dests.contains(&home) {
                        home
                    } else {
                        dests[(tag_hash(inst) % dests.len() as u64) as usize]
                    }
                }
                Policy::TagHash | Policy::TagHome => dests[0],
            } as usize;
            let arrive = if dest == from {
                t
            } else {
                self.arrival(from, dest, t, obj.bytes)
            };
            let entry = Entry {
                obj: o,
                version: obj.version,
                arrive,
                from: producer,
            };
            if dest == from {
                self.deliver(dest, task, param, entry, false);
            } else {
                self.send(from, dest, task, param, entry, t);
            }
        }
    }

    /// When the next object `from` sends at `t` leaves it: after the
    /// sender's work for the ones it sent before.
    pub(super) fn departure(&mut self, from: usize, t: f64) -> f64 {
        self.cores.sends[from] += 1;
        t + self.costs.send_ns * f64::from(self.cores.sends[from])
    }

    /// Charges `core`'s sends since its invocation ended at `t`: it is
    /// busy with them before it starts another invocation.
    pub(super) fn settle_sends(&mut self, core: usize, t: f64) {
        let cost = self.costs.send_ns * f64::from(std::mem::take(&mut self.cores.sends[core]));
        if cost > 0.0 {
            self.cores.busy_ns[core] += cost;
            self.cores.free_at[core] = self.cores.free_at[core].max(t + cost);
        }
    }

    /// When an object of `bytes` bytes that `from` sends at `t` reaches
    /// `dest`: after the sender's earlier sends, the message latency and,
    /// between nodes, the bytes on the wire.
    pub(super) fn arrival(&mut self, from: usize, dest: usize, t: f64, bytes: f32) -> f64 {
        let wire = self.network.as_ref().map_or(0.0, |n| {
            n.wire_ns(self.ncores, from, dest, f64::from(bytes))
        });
        self.departure(from, t) + self.costs.latency[from * self.ncores + dest] + wire
    }

    /// Sends `entry` from core `from` at `t` to core `dest` for (`task`,
    /// `param`): it arrives at `entry.arrive` (and then the core no longer
    /// asks for work).
    pub(super) fn send(
        &mut self,
        from: usize,
        dest: usize,
        task: u32,
        param: u32,
        entry: Entry,
        t: f64,
    ) {
        self.cores.inflight[dest] += 1;
        let bytes = f64::from(self.objs[entry.obj as usize].bytes);
        let flight = self.flight(from, dest, t, bytes);
        self.push(
            entry.arrive,
            Kind::Arrive {
                core: dest as u32,
                task,
                param,
                entry,
                flight,
            },
        );
    }

    /// When `core` ends an invocation (time `t`, before its objects are
    /// routed) and another core is hungry, hands over this core's oldest
    /// queued invocation if it may go (the runtime's `bb_balance`, cores.c
    /// "Balance"): a one-parameter task without tags, routed round-robin,
    /// with at least one more invocation queued behind it; the first
    /// hungry core in the task's route from this core with nothing on its
    /// way to it gets it and the next ones of the task, up to half the
    /// queue.
    pub(super) fn balance(&mut self, core: usize, t: f64) {
        if !self.balancing || self.queues.notes[core].len() < 2 {
            return;
        }
        let task = self.queues.notes[core].front().expect("two notes").0;
        let tm = &self.model.tasks[task as usize];
        if tm.params != 1
            || tm.match_tag.is_some()
            || tm.param_tags.iter().any(Option::is_some)
            || !matches!(
                self.layout.policies[task as usize],
                Policy::RoundRobin | Policy::Local
            )
        {
            return;
        }
        let dests = &self.layout.routes[core][task as usize];
        let waits = |c: u32| {
            let c = c as usize;
            c != core && self.cores.hungry[c] && self.cores.inflight[c] == 0
        };
        let Some(&dest) = dests.iter().find(|&&c| waits(c)) else {
            return;
        };
        let dest = dest as usize;
        self.cores.hungry[dest] = false;
        // Half the queue, while its oldest notes are of this task.
        for _ in 0..self.queues.notes[core].len() / 2 {
            if self.queues.notes[core].front().map(|n| n.0) != Some(task) {
                break;
            }
            self.queues.notes[core].pop_front();
            let Some(mut entry) =
                self.queues.psets[core * self.ntasks + task as usize][0].pop_front()
            else {
                break;
            };
            entry.arrive = self.arrival(core, dest, t, self.objs[entry.obj as usize].bytes);
            self.send(core, dest, task, 0, entry, t);
        }
    }

    /// Keeps object `o`, unchanged by an invocation of `task` on `core`
    /// that ended at time `t`, on that core for `task` as the parameter
    /// `taken` it was (its other entries are still queued), as the runtime
    /// re-enqueues it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn keep(
        &mut self,
        core: usize,
        o: u32,
        task: u32,
        taken: u32,
        t: f64,
        producer: u32,
        oldest: bool,
    ) {
        let obj = self.objs[o as usize];
        let model = self.model;
        for &(consumer, param) in &model.states[obj.state as usize].consumers {
            if consumer != task || param != taken {
                continue;
            }
            let entry = Entry {
                obj: o,
                version: obj.version,
                arrive: t,
                from: producer,
            };
            self.deliver(core, consumer, param, entry, oldest);
        }
    }

    /// Queues `entry` for (`task`, `param`) on `core`: at the newest end,
    /// or at the oldest (`oldest`).
    pub(super) fn deliver(
        &mut self,
        core: usize,
        task: u32,
        param: u32,
        entry: Entry,
        oldest: bool,
    ) {
        let set = &mut self.queues.psets[core * self.ntasks + task as usize][param as usize];
        let note = (task, self.queues.queued[core]);
        self.queues.queued[core] += 1;
        if oldest {
            set.push_front(entry);
        } else {
            set.push_back(entry);
        }
        self.push_note(core, note, oldest);
    }

    /// Puts a note at the oldest or the newest end of `core`'s notes.
    pub(super) fn push_note(&mut self, core: usize, note: (u32, u64), oldest: bool) {
        if oldest {
            self.queues.notes[core].push_front(note);
        } else {
            self.queues.notes[core].push_back(note);
        }
    }
}
