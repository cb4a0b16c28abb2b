//! Dispatch in the simulation: forming a core's next invocation in the
//! runtime's order, starting it, and applying its exit when it ends.

use super::*;

impl Sim<'_> {
    /// The end of `core`'s notes the next invocation comes from: the oldest
    /// when its oldest note has waited while [`QUEUE_PATIENCE`] others were
    /// queued, else the newest (sched.c, `bb_queue_oldest_due`).
    pub(super) fn oldest_due(&self, core: usize) -> bool {
        self.queues.notes[core].front().is_some_and(|&(_, stamp)| {
            self.queues.queued[core] - stamp.max(self.queues.last_due[core]) > QUEUE_PATIENCE
        })
    }

    /// Whether `e` is usable now: not stale, and its object not taken.
    pub(super) fn valid(&self, e: &Entry) -> bool {
        let o = &self.objs[e.obj as usize];
        o.version == e.version && !o.held
    }

    /// Whether `e` is stale: its object left the state it was queued in.
    fn stale(&self, e: &Entry) -> bool {
        self.objs[e.obj as usize].version != e.version
    }

    /// Finds the objects for one invocation of `task` on `core` and takes
    /// them out of the parameter sets: the newest that make one, or the
    /// oldest (`oldest`).
    pub(super) fn form(
        &mut self,
        core: usize,
        task: u32,
        oldest: bool,
        out: &mut Vec<Entry>,
    ) -> bool {
        out.clear();
        let idx = core * self.ntasks + task as usize;
        let nparams = self.queues.psets[idx].len();
        // Stale entries at the fronts are dropped first.
        for p in 0..nparams {
            while let Some(e) = self.queues.psets[idx][p].front() {
                if !self.stale(e) {
                    break;
                }
                self.queues.psets[idx][p].pop_front();
            }
            if self.queues.psets[idx][p].is_empty() {
                return false;
            }
        }
        let len0 = self.queues.psets[idx][0].len();
        // Indices of the first parameter's entries in the order they are
        // tried.
        let order = move |k: usize| if oldest { k } else { len0 - 1 - k };
        if nparams == 1 {
            // The first valid entry whose lock is free, from the chosen end.
            let mut at = None;
            for k in 0..len0 {
                let i = order(k);
                let e = self.queues.psets[idx][0][i];
                if self.valid(&e) && self.lockable(e.obj, core) {
                    at = Some(i);
                    break;
                }
            }
            match at.and_then(|i| self.queues.psets[idx][0].remove(i)) {
                Some(e) => out.push(e),
                None => return false,
            }
            return true;
        }
        // Parameters sharing a tag variable take objects bound to one
        // instance of its type.
        let matched = self.model.tasks[task as usize].match_tag;
        // The chosen index per parameter (a reused buffer: this runs per
        // dispatch).
        let mut picks = std::mem::take(&mut self.picks);
        let mut found = false;
        for k0 in 0..len0 {
            let i0 = order(k0);
            let e0 = self.queues.psets[idx][0][i0];
            if !self.valid(&e0) || !self.lockable(e0.obj, core) {
                continue;
            }
            let tag = matched.map_or(0, |m| self.tag_of(e0.obj, m));
            if matched.is_some() && tag == 0 {
                continue;
            }
            picks.clear();
            picks.push(i0);
            for p in 1..nparams {
                let fits = |e: &Entry| {
                    self.valid(e)
                        && e.obj != e0.obj
                        && matched.is_none_or(|m| self.tag_of(e.obj, m) == tag)
                        && self.lockable(e.obj, core)
                };
                let set = &self.queues.psets[idx][p];
                let at = if oldest {
                    set.iter().position(fits)
                } else {
                    set.iter().rposition(fits)
                };
                match at {
                    Some(i) => picks.push(i),
                    None => break,
                }
            }
            if picks.len() == nparams {
                for (p, &i) in picks.iter().enumerate() {
                    out.push(self.queues.psets[idx][p].remove(i).expect("index in range"));
                }
                found = true;
                break;
            }
        }
        self.picks = picks;
        found
    }

    /// Starts the next enabled invocation on an idle core.
    pub(super) fn dispatch(&mut self, core: usize, now: f64) {
        if self.cores.busy[core] || self.gc.pending || self.gc.collecting[core] {
            return;
        }
        let mut entries = std::mem::take(&mut self.scratch);
        // Tasks whose invocations other cores' locks blocked, with their
        // notes (each stands for one queued object, so all are kept):
        // tried again when a lock is released. A task's further notes
        // would find the same sets blocked, so they are not formed again.
        let mut blocked: Vec<(u32, u64)> = Vec::new();
        loop {
            // The newest note, or the oldest when it has waited too long
            // (sched.c's order).
            let oldest = self.oldest_due(core);
            let note = if oldest {
                self.queues.last_due[core] = self.queues.queued[core];
                self.queues.notes[core].pop_front()
            } else {
                self.queues.notes[core].pop_back()
            };
            let Some((task, stamp)) = note else { break };
            if blocked.iter().any(|b| b.0 == task) {
                blocked.push((task, stamp));
                continue;
            }
            if let Some(l) = &self.locks {
                l.blocked.set(false);
            }
            if self.form(core, task, oldest, &mut entries) {
                if self.model.tasks[task as usize].params > 1 {
                    // The set may hold more complete invocations: the
                    // runtime queued them together, so they come next.
                    self.push_note(core, (task, stamp), oldest);
                }
                self.start(core, task, &entries, now);
                break;
            }
            if self.locks.as_ref().is_some_and(|l| l.blocked.get()) {
                blocked.push((task, stamp));
            }
        }
        self.scratch = entries;
        if !self.cores.busy[core] {
            self.cores.idle_since[core] = now;
        }
        if self.balancing
            && !self.cores.busy[core]
            && blocked.is_empty()
            && self.cores.inflight[core] == 0
        {
            self.cores.hungry[core] = true;
        }
        if let Some(l) = &mut self.locks {
            l.waiting[core] = !self.cores.busy[core] && !blocked.is_empty();
            // Blocked invocations wait at the oldest end, as the runtime
            // puts them back (in the order they were taken, queued anew).
            for &(task, _) in &blocked {
                self.queues.notes[core].push_front((task, self.queues.queued[core]));
                self.queues.queued[core] += 1;
            }
        }
    }

    /// The time an invocation spends on the runtime's tag mutex, one for
    /// the process and taken only on several cores (tag.c): waiting for
    /// it, then holding it `lock_ns` per use. A task whose guards name
    /// tags takes it to check the bindings and once per parameter as its
    /// objects arrive; an exit that binds or clears tags takes it once
    /// more. The uses are taken together at the start, so uses on other
    /// cores queue behind them.
    fn hold_tag_mutex(&mut self, tm: &TaskModel, em: &ExitModel, start: f64) -> f64 {
        // One core (no lock cost) takes no mutex: skip the look at the task.
        if self.costs.lock_ns == 0.0 {
            return 0.0;
        }
        let guarded = tm.match_tag.is_some() || tm.param_tags.iter().any(Option::is_some);
        let exit_acts = !em.binds.is_empty() || em.allocs.iter().any(|a| !a.tags.is_empty());
        let uses = if guarded { 1 + tm.params } else { 0 } + u32::from(exit_acts);
        if uses == 0 {
            return 0.0;
        }
        let hold = self.costs.lock_ns * f64::from(uses);
        let from = start.max(self.tag_mutex_free_at);
        self.tag_mutex_free_at = from + hold;
        from - start + hold
    }

    pub(super) fn choose_exit(&mut self, task: u32, obj0: u32) -> u32 {
        let model = self.model;
        let tm = &model.tasks[task as usize];
        let state0 = self.objs[obj0 as usize].state;
        let continuing = &self.exits.continuing[task as usize];
        let counts = match tm.counting {
            Counting::PerTask => &mut self.exits.task_counts[task as usize],
            Counting::PerObject => self
                .exits
                .object_counts
                .entry((task, obj0))
                .or_insert_with(|| vec![0; tm.exits.len()]),
        };
        let n = (counts.iter().sum::<u64>() + 1) as f64;
        // When some exits keep the first parameter in its state (a loop:
        // a collector taking one more part) and others let it go (the
        // last part), the choice is made in two steps: first loop or
        // leave, by the two groups' combined counts, then an exit of the
        // group. The leaving exits of a collector that ends each of its
        // rounds with one of two exits (another round, or done) are so due
        // together, after the round's parts.
        let stays = self.exits.stays[task as usize * self.model.states.len() + state0 as usize];
        let all = |_: usize| true;
        let best = if stays != 0 && tm.exits.len() <= 64 {
            let leave_lag: f64 = tm
                .exits
                .iter()
                .enumerate()
                .filter(|(e, _)| stays & (1 << e) == 0)
                .map(|(e, ex)| ex.probability * n - counts[e] as f64)
                .sum();
            let leave = leave_lag >= 1.0 - 1e-9;
            let group = |e: usize| (stays & (1 << e) == 0) == leave;
            pick_exit(&tm.exits, continuing, counts, n, &group)
        } else {
            pick_exit(&tm.exits, continuing, counts, n, &all)
        };
        counts[best] += 1;
        best as u32
    }

    pub(super) fn start(&mut self, core: usize, task: u32, entries: &[Entry], now: f64) {
        let ready = entries.iter().map(|e| e.arrive).fold(0.0, f64::max);
        let data_pred = entries
            .iter()
            .fold((f64::NEG_INFINITY, NONE), |(t, f), e| {
                if e.arrive > t {
                    (e.arrive, e.from)
                } else {
                    (t, f)
                }
            })
            .1;
        for e in entries {
            // Locked: copies queued for other tasks wait for the end.
            self.objs[e.obj as usize].held = true;
            if let Some(l) = &mut self.locks {
                l.set_holder(e.obj, core as u32);
            }
        }
        let deciding = self.model.tasks[task as usize].count_param as usize;
        let exit = self.choose_exit(task, entries[deciding.min(entries.len() - 1)].obj);
        let tm = &self.model.tasks[task as usize];
        let em = &tm.exits[exit as usize];
        let work = em.mean_ns;
        let sched = em.sched_ns.unwrap_or(self.costs.dispatch_ns);
        let received = std::mem::take(&mut self.cores.owed[core]);
        let start = now.max(ready).max(self.cores.free_at[core]);
        let tag_held = self.hold_tag_mutex(tm, em, start);
        let dur = work + sched + self.costs.lock_ns * f64::from(tm.params) + received + tag_held;
        let end = start + dur;
        let inv = self.out.invocations as u32;
        self.out.invocations += 1;
        self.cores.busy_ns[core] += dur;
        self.out.task_ns += work;
        if self.out.record {
            self.out.trace.push(Invocation {
                core: core as u32,
                task,
                exit,
                ready,
                start,
                end,
                data_pred,
                core_pred: self.cores.last_inv[core],
            });
        }
        self.cores.last_inv[core] = inv;
        self.cores.busy[core] = true;
        let run = &mut self.cores.running[core];
        run.task = task;
        run.exit = exit;
        run.objs.clear();
        run.objs.extend(entries.iter().map(|e| e.obj));
        run.start = start;
        run.end = end;
        // The runtime collects at the boundary after the invocation that
        // fills the heap; the model spreads the profiled collections
        // evenly over the body time.
        self.gc.work_since_gc_by_core[core] += work;
        if let Some(h) = &mut self.gc.heaps {
            run.gc = h.allocate(core, em.alloc_bytes);
        } else {
            self.gc.work_since_gc += work;
            run.gc = self.gc.work_since_gc >= self.gc.every * (1.0 - 1e-9);
            if run.gc {
                self.gc.work_since_gc = (self.gc.work_since_gc - self.gc.every).max(0.0);
            }
        }
        self.push(end, Kind::End { core: core as u32 });
    }

    /// Applies the running invocation's exit on `core` at time `t`.
    pub(super) fn finish(&mut self, core: u32, t: f64) {
        let core = core as usize;
        // Before the exit's objects are routed (the runtime's bb_step).
        self.balance(core, t);
        let run = std::mem::take(&mut self.cores.running[core]);
        if run.gc && !self.defers_collection(core) {
            self.gc.pending = true;
        }
        let inv = self.cores.last_inv[core];
        let objs = run.objs;
        let model = self.model;
        let ex = &model.tasks[run.task as usize].exits[run.exit as usize];
        // The invocation's locks are released as the exit is applied.
        if let Some(l) = &mut self.locks {
            for &o in &objs {
                l.set_holder(o, NONE);
            }
            l.made.clear();
        }
        // The body allocates (binding the new objects to their tags), then
        // the exit changes the parameters' tags, as in the runtime; the
        // parameters are routed before the new objects.
        let first_new = self.objs.len() as u32;
        let mut unmade = 0u64;
        let (ti, ei) = (run.task as usize, run.exit as usize);
        let bundles = &self.exits.bundles[ti][ei];
        let accs = &mut self.exits.alloc_acc[ti][ei];
        // A bundle's leader advances the shared accumulator once.
        let mut made: Vec<(usize, u32, u32)> = Vec::new();
        let mut fired = 0u64;
        for (k, b) in bundles.iter().enumerate() {
            if let Some(b) = b.filter(|b| b.leader == k) {
                accs[k] += b.rate;
                if accs[k] + 1e-9 >= 1.0 {
                    accs[k] -= 1.0;
                    fired |= 1 << (k % 64);
                }
            }
        }
        for (k, a) in ex.allocs.iter().enumerate() {
            let n = match self.exits.bundles[ti][ei][k] {
                Some(b) if fired & (1 << (b.leader % 64)) != 0 => b.size,
                Some(_) => 0.0,
                None => {
                    let acc = &mut self.exits.alloc_acc[ti][ei][k];
                    *acc += a.mean;
                    let n = (*acc + 1e-9).floor();
                    *acc -= n;
                    n
                }
            };
            let made_from = self.objs.len() as u32;
            // A window cannot use more new objects of one site than it has
            // invocations: the rest of a huge batch is left unmade, so the
            // search's cost does not grow with the profiled run; their
            // sending is added to the estimate below.
            let make = self.alloc_cap.map_or(n as u64, |cap| (n as u64).min(cap));
            unmade += n as u64 - make;
            for _ in 0..make {
                self.new_obj(a.state, a.bytes);
            }
            if !a.tags.is_empty() {
                made.push((k, made_from, self.objs.len() as u32 - made_from));
            }
            if let Some(l) = &mut self.locks {
                l.made.push((made_from, self.objs.len() as u32));
            }
        }
        // The new objects are bound to their tags in the order they were
        // made: sites one after another, except the sites of one loop
        // ([`alloc_clusters`]), whose objects are interleaved as a loop
        // making each site's objects in turn made them: the j-th of n
        // objects of a site at j / n of the way, sites in their profiled
        // order at the same point (a pair made per round binds its two
        // objects to one instance).
        let clusters = &self.exits.clusters[ti][ei];
        let mut order: Vec<(u32, f64, usize, u32)> = made
            .iter()
            .flat_map(|&(k, first, n)| {
                (0..n).map(move |j| {
                    let at = (f64::from(j) + 0.5) / f64::from(n);
                    (clusters[k], at, k, first + j)
                })
            })
            .collect();
        if made.len() > 1 {
            order.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)).then(a.2.cmp(&b.2)));
        }
        for (_, _, k, o) in order {
            for &(tag, source) in &ex.allocs[k].tags {
                self.bind(o, tag, source, &objs, core);
            }
        }
        self.merge_locks(ti, ei, &objs);
        for b in &ex.binds {
            if let Some(&o) = objs.get(b.param as usize) {
                self.bind(o, b.tag, b.source, &objs, core);
            }
        }
        let mut kept = Vec::new();
        for (p, &o) in objs.iter().enumerate() {
            if let Some(&bytes) = ex.param_bytes.get(p).filter(|&&b| b > 0.0) {
                self.objs[o as usize].bytes = bytes as f32;
            }
            self.objs[o as usize].held = false;
            let before = self.objs[o as usize].state;
            match ex.successor(p, before) {
                // The runtime routes a parameter only when its flags change
                // or it gains a tag; otherwise the core that ran the task
                // keeps it for that task (sched.c, bb_enqueue), so a task
                // that processes an object over several invocations stays
                // on one core (paper 4.3.3's data locality), and it stays
                // queued for the other tasks it was queued for.
                Some(s) if s == before && !ex.binds.iter().any(|b| b.param as usize == p) => {
                    kept.push((o, p as u32));
                }
                Some(s) => {
                    self.objs[o as usize].version += 1;
                    self.objs[o as usize].state = s;
                    self.route(core, o, t, inv, false);
                }
                None => {
                    self.objs[o as usize].version += 1;
                    self.objs[o as usize].state = u32::MAX;
                }
            }
        }
        // The runtime publishes the new objects the last first, so that
        // the first made runs first (sched.c).
        let sends_before = self.cores.sends[core];
        for o in (first_new..self.objs.len() as u32).rev() {
            self.route(core, o, t, inv, true);
        }
        let made = self.objs.len() as u64 - u64::from(first_new);
        if unmade > 0 && made > 0 {
            // The unmade objects would have crossed cores as often as the
            // made ones did, each costing this core a send: time the
            // window's rate does not show, added to the end (an estimate
            // on the slow side, which is the safe side for synthesis).
            let crossed = f64::from(self.cores.sends[core] - sends_before);
            self.cores.unsent_ns[core] +=
                crossed * unmade as f64 / made as f64 * self.costs.send_ns;
        }
        // The invocation queued again (all its parameters kept) comes
        // after them: it runs next, up to LOOP_BURST times in a row, then
        // waits at the oldest end (sched.c).
        let again = !kept.is_empty() && kept.len() == objs.len();
        let oldest = again && self.queues.streak[core] >= LOOP_BURST;
        self.queues.streak[core] = if again && !oldest {
            self.queues.streak[core] + 1
        } else {
            0
        };
        for (o, param) in kept {
            self.keep(core, o, run.task, param, t, inv, oldest);
        }
        self.cores.busy[core] = false;
        self.cores.running[core].objs = objs;
        self.settle_sends(core, t);
        if t > self.out.end_time {
            self.out.end_time = t;
        }
    }
}
