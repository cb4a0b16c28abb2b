//! Reachability states at a task exit (Jenista and Demsky): which roots
//! may reach one object of each node, hence which locks to merge.

use super::*;

pub(super) type RState = Vec<(Root, u8)>;

/// Merges two states (sorted by root), combining the counts of a root in
/// both with `f`.
fn combine(a: &RState, b: &RState, f: impl Fn(u8, u8) -> u8) -> RState {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push((a[i].0, f(a[i].1, b[j].1)));
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// Both states' roots, with their counts added (up to two: many).
pub(super) fn plus(a: &RState, b: &RState) -> RState {
    combine(a, b, |x, y| (x + y).min(2))
}

/// Either state's roots, counting each root at most as often as one does.
pub(super) fn max_merge(a: &RState, b: &RState) -> RState {
    combine(a, b, u8::max)
}

pub(super) fn many(a: &RState) -> RState {
    a.iter()
        .map(|&(r, n)| (r, if matches!(r, Root::Site(_)) { 2 } else { n }))
        .collect()
}

impl Analyzer<'_, '_> {
    pub(super) fn sharing(&self, h: &Heap) -> ExitLocks {
        let n = self.nodes.len();
        let mut parents: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut children: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (a, _, b) in h.edges.iter() {
            parents[b as usize].push(a);
            children[a as usize].push(b);
        }
        for ps in parents.iter_mut().chain(children.iter_mut()) {
            ps.sort_unstable();
            ps.dedup();
        }
        let own = |i: usize| -> RState {
            match self.nodes[i].root {
                Some(r) => vec![(r, 1)],
                None => Vec::new(),
            }
        };
        let unique = |i: usize| -> bool {
            matches!(
                self.nodes[i].kind,
                NodeKind::Recent(_) | NodeKind::Summary(_)
            ) && h.refs(i as u32) != Refs::Many
        };
        let mut alpha: Vec<BTreeSet<RState>> = (0..n).map(|i| BTreeSet::from([own(i)])).collect();
        // Round by round in node order, as a plain round-robin iteration,
        // but a node is evaluated only when that could change it: some
        // parent changed since its last evaluation, or that evaluation
        // changed it (a collapse past `MAX_STATES` need not be stable).
        // Skipped evaluations are exactly the ones that would change
        // nothing, so the fixpoint is the round-robin one.
        let mut dirty: Vec<bool> = parents.iter().map(|ps| !ps.is_empty()).collect();
        // Per node, its states merged into one as a parent contributes them
        // to a multiply referenced child (`many` unless a recent node);
        // made when first asked for after the node's states change.
        let mut flat: Vec<Option<RState>> = vec![None; n];
        loop {
            let mut changed = false;
            for i in 0..n {
                if !std::mem::replace(&mut dirty[i], false) {
                    continue;
                }
                let mut add: Vec<RState> = Vec::new();
                if unique(i) {
                    for &m in &parents[i] {
                        for s in &alpha[m as usize] {
                            add.push(plus(s, &own(i)));
                        }
                    }
                } else if !parents[i].is_empty() {
                    // Referenced by several objects: one state holding every
                    // parent's roots. A recent parent is one object (its
                    // alternative states combine without counting twice);
                    // any other parent may be many objects.
                    let mut big: RState = Vec::new();
                    for &m in &parents[i] {
                        let m = m as usize;
                        if flat[m].is_none() {
                            let single = matches!(self.nodes[m].kind, NodeKind::Recent(_));
                            let mut mine: RState = Vec::new();
                            for s in &alpha[m] {
                                mine = max_merge(&mine, s);
                            }
                            flat[m] = Some(if single { mine } else { many(&mine) });
                        }
                        big = plus(&big, flat[m].as_ref().expect("just made"));
                    }
                    add.push(plus(&big, &own(i)));
                }
                if add.iter().all(|s| alpha[i].contains(s)) {
                    continue;
                }
                let mut next = alpha[i].clone();
                next.extend(add);
                if next.len() > MAX_STATES {
                    let mut all: RState = Vec::new();
                    for s in &next {
                        all = plus(&all, &many(s));
                    }
                    next = BTreeSet::from([all]);
                }
                if next != alpha[i] {
                    alpha[i] = next;
                    flat[i] = None;
                    changed = true;
                    dirty[i] = true;
                    for &c in &children[i] {
                        dirty[c as usize] = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        let mut params = BTreeSet::new();
        let mut with_param = BTreeSet::new();
        let mut with_new = BTreeSet::new();
        for states in &alpha {
            for s in states {
                for (x, &(r1, c1)) in s.iter().enumerate() {
                    if let (Root::Site(a), 2) = (r1, c1) {
                        with_new.insert((a, a));
                    }
                    for &(r2, _) in &s[x + 1..] {
                        match (r1, r2) {
                            (Root::Param(i), Root::Param(j)) => {
                                params.insert((i.min(j), i.max(j)));
                            }
                            (Root::Param(i), Root::Site(a)) | (Root::Site(a), Root::Param(i)) => {
                                with_param.insert((a, i));
                            }
                            (Root::Site(a), Root::Site(b)) => {
                                with_new.insert((a.min(b), a.max(b)));
                            }
                        }
                    }
                }
            }
        }
        ExitLocks {
            reachable: true,
            params: params.into_iter().collect(),
            new_with_param: with_param.into_iter().collect(),
            new_with_new: with_new.into_iter().collect(),
        }
    }
}
