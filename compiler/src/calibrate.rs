//! Calibration: this machine's costs for the many-core cost model (paper
//! 4.4, the simulator's machine description).
//!
//! In: wall times the driver measured by running microbenchmark programs
//! (`benchmarks/manycore/*.bb`, embedded here) on the real runtime.
//! Out: the machine description TOML of `shared/INTERFACES.md`
//! (`name`, `cores`, `[topology]`, `[costs]` in nanoseconds). No I/O here:
//! `bambooc calibrate -o FILE` in the driver builds, runs and writes.

use serde::Serialize;

/// Local dispatch: one task whose exit leaves it enabled (argument: runs).
pub const DISPATCH_BB: &str = include_str!("../../benchmarks/manycore/dispatch.bb");
/// A serial chain whose every hop crosses cores on two (argument: hops).
pub const HOP_BB: &str = include_str!("../../benchmarks/manycore/hop.bb");
/// Tagged two-parameter merges (argument: batches), for the lock cost.
pub const STRESS_BB: &str = include_str!("../../tests/manycore/stress.bb");

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct MachineToml {
    pub name: String,
    pub cores: u32,
    pub topology: Topology,
    pub costs: Costs,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Topology {
    pub kind: String,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Costs {
    pub dispatch_ns: u64,
    pub message_base_ns: u64,
    pub message_per_hop_ns: u64,
    pub lock_ns: u64,
    /// Not measured yet: the built-in `smp` figures (`machine.rs`).
    pub send_ns: u64,
    pub receive_ns: u64,
    pub wake_ns: u64,
    pub park_after_ns: u64,
}

/// What the driver measured (median seconds of alternating runs).
#[derive(Debug, Clone, Copy)]
pub struct Measured {
    pub cores: u32,
    /// `dispatch` with `dispatch_runs` and with `dispatch_base_runs`.
    pub dispatch_s: f64,
    pub dispatch_base_s: f64,
    pub dispatch_runs: u64,
    pub dispatch_base_runs: u64,
    /// `hop` with `hops` hops on one core and on two.
    pub hop1_s: f64,
    pub hop2_s: f64,
    pub hops: u64,
    /// `stress` on one core: `invocations` invocations, half of them
    /// two-parameter merges taking two locks.
    pub stress_s: f64,
    pub stress_invocations: u64,
}

/// The machine description for the measurements: a full (all-to-all)
/// topology with no per-hop cost, messages costing the extra time of a
/// hop that crosses cores, locks costing the extra time of a two-parameter
/// merge over a plain dispatch, split over its two locks.
pub fn machine(m: &Measured) -> MachineToml {
    let per = |s: f64, n: u64| if n == 0 { 0.0 } else { s * 1e9 / n as f64 };
    let dispatch = per(
        (m.dispatch_s - m.dispatch_base_s).max(0.0),
        m.dispatch_runs.saturating_sub(m.dispatch_base_runs),
    );
    let message = per((m.hop2_s - m.hop1_s).max(0.0), m.hops);
    let per_invocation = per(m.stress_s, m.stress_invocations);
    let lock = ((per_invocation - dispatch).max(0.0) / 2.0).max(1.0);
    let smp = crate::machine::Machine::builtin("smp:1")
        .expect("smp:1 is built in")
        .costs;
    MachineToml {
        name: format!("calibrated-smp:{}", m.cores),
        cores: m.cores,
        topology: Topology {
            kind: "full".into(),
        },
        costs: Costs {
            dispatch_ns: dispatch.round().max(1.0) as u64,
            message_base_ns: message.round().max(1.0) as u64,
            message_per_hop_ns: 0,
            lock_ns: lock.round() as u64,
            send_ns: smp.send_ns as u64,
            receive_ns: smp.receive_ns as u64,
            wake_ns: smp.wake_ns as u64,
            park_after_ns: smp.park_after_ns as u64,
        },
    }
}

pub fn to_toml(m: &MachineToml) -> String {
    let body = toml::to_string(m).unwrap_or_default();
    format!("# Written by `bambooc calibrate`: this machine's costs in nanoseconds\n# (send_ns, receive_ns, wake_ns and park_after_ns are the built-in smp\n# figures, not measured).\n{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_from_measurements() {
        let m = Measured {
            cores: 2,
            dispatch_s: 0.5,
            dispatch_base_s: 0.1,
            dispatch_runs: 4_000_000 + 1000,
            dispatch_base_runs: 1000,
            hop1_s: 0.1,
            hop2_s: 0.3,
            hops: 200_000,
            stress_s: 0.4,
            stress_invocations: 1_000_000,
        };
        let t = machine(&m);
        assert_eq!(t.costs.dispatch_ns, 100);
        assert_eq!(t.costs.message_base_ns, 1000);
        assert_eq!(t.costs.lock_ns, 150);
        let text = to_toml(&t);
        assert!(text.contains("cores = 2"), "{text}");
        assert!(text.contains("[topology]\nkind = \"full\""), "{text}");
        assert!(text.contains("[costs]\ndispatch_ns = 100"), "{text}");
    }
}
