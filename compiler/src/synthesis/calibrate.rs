//! Calibration: this machine's costs for the many-core cost model (paper
//! 4.4, the simulator's machine description).
//!
//! In: wall times the driver measured by running microbenchmark programs
//! (`benchmarks/manycore/*.bb`, embedded here) on the real runtime.
//! Out: the machine description TOML of `docs/machine-format.md`
//! (`name`, `cores`, `[topology]`, `[costs]` in nanoseconds). No I/O here:
//! `bambooc calibrate -o FILE` in the driver builds, runs and writes.

use serde::Serialize;

/// Local dispatch: one task whose exit leaves it enabled (argument: runs).
pub const DISPATCH_BB: &str = include_str!("../../../benchmarks/manycore/dispatch.bb");
/// A serial chain that crosses cores on every second hop on two (argument:
/// hops).
pub const HOP_BB: &str = include_str!("../../../benchmarks/manycore/hop.bb");
/// A producer handing tiny items round-robin (argument: items), for the
/// sender's and receiver's cost per object.
pub const HANDOFF_BB: &str = include_str!("../../../benchmarks/manycore/handoff.bb");
/// A chain whose every hop works `K` us first (arguments: hops, K), for the
/// wake-up of a parked core and how long a core idles before it parks.
pub const PARKHOP_BB: &str = include_str!("../../../benchmarks/manycore/parkhop.bb");
/// The work per hop of `parkhop`, in microseconds: from hops the other core
/// waits through spinning to ones it sleeps through.
pub const PARK_WORK_US: [u64; 7] = [1, 3, 10, 30, 100, 300, 1000];

/// The share of a chain's hops that cross cores on two cores: each core's
/// round-robin starts at its own index, so a core keeps the first object it
/// makes and sends the next (`BAMBOO_STATS=1` on `hop` counts half as many
/// messages as hops; the simulator routes alike).
pub const CROSSING_SHARE: f64 = 0.5;

/// One object handed on `HOPS` times between two ranks (`--mpi
/// --spread`: its round-robin route alternates between the ranks' cores,
/// so about half the hops cross; `BAMBOO_STATS` counts them). Arguments:
/// the object's payload in bytes, hops.
pub const BOUNCE_BB: &str = include_str!("../../../benchmarks/mpi/bounce.bb");
/// The payloads `bambooc calibrate --mpi` bounces: a small object for the
/// latency of a crossing, a megabyte for the bandwidth.
pub const BOUNCE_BYTES: [u64; 2] = [64, 1 << 20];

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct MachineToml {
    pub name: String,
    pub cores: u32,
    pub topology: Topology,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkToml>,
    pub costs: Costs,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Topology {
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cores_per_node: Option<u32>,
}

/// The `[network]` table of a cluster (docs/machine-format.md).
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct NetworkToml {
    pub latency_ns: u64,
    pub bandwidth_bytes_per_ns: f64,
    pub overhead_ns: u64,
}

/// What `bambooc calibrate --mpi` measured between two ranks: per
/// payload of [`BOUNCE_BYTES`], the median time per object that crossed
/// ranks (a run's time less that of a run of two hops, over the objects
/// its ranks received from each other).
#[derive(Debug, Clone)]
pub struct MeasuredNetwork {
    pub ranks: u32,
    pub cores_per_rank: u32,
    /// (payload bytes, seconds per crossing), smallest payload first.
    pub crossing_s: Vec<(u64, f64)>,
}

#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Costs {
    pub dispatch_ns: u64,
    pub message_base_ns: u64,
    pub message_per_hop_ns: u64,
    pub lock_ns: u64,
    pub send_ns: u64,
    pub receive_ns: u64,
    pub wake_ns: u64,
    pub park_after_ns: u64,
    pub core_start_ns: u64,
    pub end_ns: u64,
}

/// What the driver measured (median seconds of alternating runs).
#[derive(Debug, Clone)]
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
    /// `dispatch` with `dispatch_runs` on two cores: its one object stays
    /// on one core, which now takes its lock with atomics.
    pub dispatch_two_cores_s: f64,
    /// `handoff` with `handoff_items` items on one core and on two.
    pub handoff1_s: f64,
    pub handoff2_s: f64,
    pub handoff_items: u64,
    /// The producer's share of the one-core time per item (its bodies and
    /// scheduling, from a profile of `handoff`; the rest is the consumer's).
    pub produce_share: f64,
    /// `parkhop` with `park_hops` hops: (work per hop in us, one core, two).
    pub park: Vec<(u64, f64, f64)>,
    pub park_hops: u64,
    /// From the runtime's statistics of short two-core runs: how long
    /// after core 0 the other core began, and what the end cost after the
    /// last invocation.
    pub core_start_s: f64,
    pub end_s: f64,
}

/// The machine description for the measurements: a full (all-to-all)
/// topology with no per-hop cost; a lock costing what a dispatch of one
/// parameter pays on two cores over one (a one-core run takes no atomic
/// locks, and the profile measured the one-core path).
///
/// The simulator charges an object that crosses cores the sender's
/// `send_ns`, then `message_base_ns` in flight, then the receiver's
/// `receive_ns`, and a parked receiver `wake_ns` more. Two cores sharing a
/// producer's items (`handoff`: the producer's core makes every item and
/// consumes and sends half, p + (c + s) / 2 an item, the bottleneck) give
/// the send cost s, taken for the receive cost too; a chain crossing cores
/// (`hop`) gives the latency of a crossing, s + message + r; the same
/// chain with work on every hop (`parkhop`) gives the wake-up, the extra
/// latency once the work outlasts the other core's spinning, and the work
/// at which that starts is how long a core idles before it parks. On two
/// cores the chains cross on every second hop ([`CROSSING_SHARE`]).
pub fn machine(m: &Measured) -> MachineToml {
    let per = |s: f64, n: u64| if n == 0 { 0.0 } else { s * 1e9 / n as f64 };
    let dispatch = per(
        (m.dispatch_s - m.dispatch_base_s).max(0.0),
        m.dispatch_runs.saturating_sub(m.dispatch_base_runs),
    );
    let lock = per(
        (m.dispatch_two_cores_s - m.dispatch_s).max(0.0),
        m.dispatch_runs,
    )
    .max(1.0);
    let item = per(m.handoff1_s, m.handoff_items);
    let produce = item * m.produce_share.clamp(0.0, 1.0);
    let consume = item - produce;
    let send = (2.0 * per(m.handoff2_s, m.handoff_items) - 2.0 * produce - consume).max(0.0);
    let receive = send;
    let crossings = |hops: u64| (hops as f64 * CROSSING_SHARE).round() as u64;
    let hop = per((m.hop2_s - m.hop1_s).max(0.0), crossings(m.hops));
    let message = (hop - send - receive).max(1.0);
    let extra: Vec<(u64, f64)> = m
        .park
        .iter()
        .map(|&(k, t1, t2)| (k, per((t2 - t1).max(0.0), crossings(m.park_hops))))
        .collect();
    let slowest = extra.iter().map(|&(_, x)| x).fold(0.0, f64::max);
    // A wake-up below a microsecond is within the measurements' noise:
    // cores that never visibly park.
    let wake = if slowest - hop >= 1000.0 {
        slowest - hop
    } else {
        0.0
    };
    // A core surely parked: the first work at which nearly the whole
    // wake-up shows, and longer than a wake-up itself. A chain's core waits
    // a wake-up's time for its reply; parking within it would make every
    // later crossing wake a parked core, which chains measured crossing in
    // a fraction of a microsecond show does not happen (a briefly parked
    // core wakes fast: hosts poll before they halt a processor).
    let park_after = if wake > 0.0 {
        extra
            .iter()
            .find(|&&(k, x)| x - hop >= 0.9 * wake && k as f64 * 1000.0 > wake)
            .map_or(0.0, |&(k, _)| k as f64 * 1000.0)
    } else {
        0.0
    };
    MachineToml {
        name: format!("calibrated-smp:{}", m.cores),
        cores: m.cores,
        topology: Topology {
            kind: "full".into(),
            nodes: None,
            cores_per_node: None,
        },
        network: None,
        costs: Costs {
            dispatch_ns: dispatch.round().max(1.0) as u64,
            message_base_ns: message.round() as u64,
            message_per_hop_ns: 0,
            lock_ns: lock.round() as u64,
            send_ns: send.round() as u64,
            receive_ns: receive.round() as u64,
            wake_ns: wake.round() as u64,
            park_after_ns: park_after.round() as u64,
            core_start_ns: (m.core_start_s * 1e9).round().max(0.0) as u64,
            end_ns: (m.end_s * 1e9).round().max(0.0) as u64,
        },
    }
}

/// A cluster of `ranks` nodes of `cores_per_rank` cores: the costs within
/// a node are `within`'s; between nodes the small object's crossing, less
/// what a crossing within a node costs, is the latency (the simulator
/// charges latency and overhead together, so the overhead is left 0 and
/// included there), and the bandwidth is the extra bytes of the large
/// payload over its extra time.
pub fn cluster(within: &MachineToml, n: &MeasuredNetwork) -> MachineToml {
    let c = &within.costs;
    let local_ns = (c.send_ns + c.message_base_ns + c.receive_ns) as f64;
    let (small_bytes, small_s) = n.crossing_s.first().copied().unwrap_or((0, 0.0));
    let (large_bytes, large_s) = n.crossing_s.last().copied().unwrap_or((0, 0.0));
    let latency = (small_s * 1e9 - local_ns).max(0.0);
    let extra_ns = (large_s - small_s) * 1e9;
    // A large payload no slower than a small one measured nothing: the
    // bandwidth is then beyond what these runs can see.
    let bandwidth = if extra_ns > 0.0 && large_bytes > small_bytes {
        (large_bytes - small_bytes) as f64 / extra_ns
    } else {
        MAX_BANDWIDTH_BYTES_PER_NS
    };
    let cores = n.ranks * n.cores_per_rank;
    MachineToml {
        name: format!("calibrated-cluster:{}x{}", n.ranks, n.cores_per_rank),
        cores,
        topology: Topology {
            kind: "cluster".into(),
            nodes: Some(n.ranks),
            cores_per_node: Some(n.cores_per_rank),
        },
        network: Some(NetworkToml {
            latency_ns: latency.round() as u64,
            // Three significant digits: the runs do not measure more.
            bandwidth_bytes_per_ns: round3(bandwidth.min(MAX_BANDWIDTH_BYTES_PER_NS)),
            overhead_ns: 0,
        }),
        costs: within.costs.clone(),
    }
}

/// A bandwidth beyond any network's (a terabyte a second), written when
/// the runs could not tell the payloads' times apart.
const MAX_BANDWIDTH_BYTES_PER_NS: f64 = 1000.0;

fn round3(x: f64) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return x;
    }
    let scale = 10f64.powi(2 - x.log10().floor() as i32);
    (x * scale).round() / scale
}

pub fn to_toml(m: &MachineToml) -> String {
    let body = toml::to_string(m).unwrap_or_default();
    format!("# Written by `bambooc calibrate`: this machine's costs in nanoseconds.\n{body}")
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
            // 10 ns a lock: 4,001,000 runs take 0.04001 s more on two cores.
            dispatch_two_cores_s: 0.54001,
            // 100 ns an item on one core, 30 of them the producer's; on two
            // the producer's core takes 30 + (70 + 200) / 2 = 165.
            handoff1_s: 0.1,
            handoff2_s: 0.165,
            handoff_items: 1_000_000,
            produce_share: 0.3,
            // Of 100 hops 50 cross: hops of 1 and 10 us cross in 2 us, hops
            // of 100 us in 22 us.
            park: vec![(1, 0.1, 0.1001), (10, 0.1, 0.1001), (100, 0.1, 0.1011)],
            park_hops: 100,
            core_start_s: 40e-6,
            end_s: 15e-6,
        };
        let t = machine(&m);
        assert_eq!(t.costs.dispatch_ns, 100);
        assert_eq!(t.costs.send_ns, 200);
        assert_eq!(t.costs.receive_ns, 200);
        // 0.2 s over 100,000 crossings (every second hop): 2000 ns each.
        assert_eq!(t.costs.message_base_ns, 1600);
        assert_eq!(t.costs.lock_ns, 10);
        assert_eq!(t.costs.wake_ns, 20_000);
        assert_eq!(t.costs.park_after_ns, 100_000);
        assert_eq!(t.costs.core_start_ns, 40_000);
        assert_eq!(t.costs.end_ns, 15_000);
        let text = to_toml(&t);
        assert!(text.contains("cores = 2"), "{text}");
        assert!(text.contains("[topology]\nkind = \"full\""), "{text}");
        assert!(text.contains("[costs]\ndispatch_ns = 100"), "{text}");
        // Between two ranks: a 64-byte object crosses in 20 us, a megabyte
        // in 20 us + 1 ms: about 1 byte per ns; the latency is the small
        // crossing less the crossing within a node (200 + 1600 + 200).
        let n = MeasuredNetwork {
            ranks: 2,
            cores_per_rank: 1,
            crossing_s: vec![(64, 20e-6), (1 << 20, 20e-6 + 1e-3)],
        };
        let c = cluster(&t, &n);
        let net = c.network.clone().unwrap();
        assert_eq!(net.latency_ns, 18_000);
        assert_eq!(net.bandwidth_bytes_per_ns, 1.05);
        assert_eq!((c.cores, c.topology.nodes), (2, Some(2)));
        let text = to_toml(&c);
        let m = crate::synthesis::machine::Machine::from_toml(&text).expect("a valid machine");
        assert_eq!(m.cores, 2);
        assert!(m.wire_ns_per_byte(0, 1) > 0.9 && m.wire_ns_per_byte(0, 0) == 0.0);
    }
}
