//! The critical path of a recorded simulation (paper 4.5.1): in, a
//! [`SimResult`] with its trace; out, the steps from the first invocation
//! to the last end.

use super::*;

/// How a critical-path step was reached from the previous one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Via {
    /// The first step.
    Start,
    /// It waited for data the previous step sent.
    Data,
    /// It waited for its core, busy with the previous step.
    Core,
}

/// One step of a critical path: an invocation index into the trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub inv: u32,
    pub via: Via,
}

/// The critical path of a recorded simulation (4.5.1), first step first.
///
/// The events graph has a node for each invocation's start and end, task
/// edges (start to end, the task's time), same-core waiting edges (an end
/// to the next start on that core) and data transfer edges (an end to the
/// start of an invocation using an object it sent, weighted with the
/// latency). The simulation starts every invocation at the maximum over
/// its incoming edges, so the longest path to the last end is found by
/// following, from the last invocation backwards, the incoming edge that
/// determined each start.
pub fn critical_path(r: &SimResult) -> Vec<Step> {
    let Some(last) = (0..r.trace.len()).max_by(|&a, &b| {
        r.trace[a]
            .end
            .total_cmp(&r.trace[b].end)
            .then_with(|| b.cmp(&a))
    }) else {
        return Vec::new();
    };
    let mut path = Vec::new();
    let mut cur = last as u32;
    loop {
        let inv = &r.trace[cur as usize];
        let core_bound = inv.core_pred != NONE
            && inv.start > inv.ready + 1e-9
            && (r.trace[inv.core_pred as usize].end - inv.start).abs() <= 1e-6 * inv.start.max(1.0);
        let (via, next) = if core_bound {
            (Via::Core, inv.core_pred)
        } else if inv.data_pred != NONE {
            (Via::Data, inv.data_pred)
        } else {
            (Via::Start, NONE)
        };
        path.push(Step { inv: cur, via });
        if next == NONE {
            break;
        }
        cur = next;
    }
    path.reverse();
    path
}
