//! Objects crossing a cluster's network in the simulation (issue 32): the
//! bytes they carry, charged at the network's bandwidth, and how much of
//! their time in flight the receiving core spent computing.
//!
//! In: per pair of cores the nanoseconds a byte takes on the wire (0 within
//! a node, where objects move by pointer: `Machine::wire_ns_per_byte`), an
//! object's packed region size (profile format 5), and each core's busy
//! time. Out: the [`NetworkTraffic`] of a simulated run.
//!
//! Each message gets the whole bandwidth: transfers that overlap in time
//! do not share a node's link, so a node sending many large objects at once
//! is estimated optimistically.
//!
//! "Hidden" follows the HPC measure the issue cites (Toucan, the MPI task
//! graph translator): communication that overlaps computation, over all
//! communication. For one message that is the part of its flight, from the
//! sender's exit to its arrival, during which its destination core ran
//! invocations; the rest the destination spent idle, or waiting for it.

use super::*;
use crate::synthesis::sim::NetworkTraffic;

/// The wire's cost per pair of cores and the traffic so far.
pub(super) struct Network {
    /// `per_byte[a * ncores + b]`: nanoseconds per byte from `a` to `b`.
    per_byte: Vec<f64>,
    traffic: NetworkTraffic,
}

impl Network {
    /// `None` on a machine without a network between any two of `ncores`.
    pub(super) fn new(machine: &Machine, ncores: usize) -> Option<Network> {
        let mut per_byte = vec![0.0; ncores * ncores];
        for a in 0..ncores {
            for b in 0..ncores {
                per_byte[a * ncores + b] = machine.wire_ns_per_byte(a as u32, b as u32);
            }
        }
        per_byte.iter().any(|&x| x > 0.0).then(|| Network {
            per_byte,
            traffic: NetworkTraffic::default(),
        })
    }

    /// The time `bytes` take on the wire from `from` to `to` (0 within a
    /// node).
    pub(super) fn wire_ns(&self, ncores: usize, from: usize, to: usize, bytes: f64) -> f64 {
        bytes * self.per_byte[from * ncores + to]
    }

    pub(super) fn crosses(&self, ncores: usize, from: usize, to: usize) -> bool {
        self.per_byte[from * ncores + to] > 0.0
    }

    pub(super) fn traffic(self) -> NetworkTraffic {
        self.traffic
    }
}

/// A message in flight between nodes: when it left, and its destination's
/// busy time then.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Flight {
    pub(super) sent: f64,
    pub(super) dest_busy: f64,
    pub(super) bytes: f64,
}

impl Sim<'_> {
    /// Core `core`'s busy time up to `t`: its invocations so far, less
    /// the part of the running one still ahead of `t`.
    pub(super) fn busy_until(&self, core: usize, t: f64) -> f64 {
        let run = &self.cores.running[core];
        let ahead = (run.end - t.max(run.start)).clamp(0.0, run.end - run.start);
        self.cores.busy_ns[core] - ahead
    }

    /// The flight record of an object `from` sends to `to` at `t`, if the
    /// two are on different nodes.
    pub(super) fn flight(&self, from: usize, to: usize, t: f64, bytes: f64) -> Option<Flight> {
        let net = self.network.as_ref()?;
        net.crosses(self.ncores, from, to).then(|| Flight {
            sent: t,
            dest_busy: self.busy_until(to, t),
            bytes,
        })
    }

    /// A message between nodes reached `core` at `t`.
    pub(super) fn landed(&mut self, core: usize, t: f64, f: Flight) {
        let busy = self.busy_until(core, t) - f.dest_busy;
        let flight = (t - f.sent).max(0.0);
        if let Some(net) = &mut self.network {
            let n = &mut net.traffic;
            n.messages += 1;
            n.bytes += f.bytes;
            n.flight_ns += flight;
            n.hidden_ns += busy.clamp(0.0, flight);
        }
    }
}
