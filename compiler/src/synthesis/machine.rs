//! Machine descriptions: how many cores, how they are connected, and what
//! scheduling and communication cost (paper 4.4: the simulator's
//! "architectural specification"; section 5's TILEPro64).
//!
//! In: a built-in name (`tilepro64`, `smp:N`, `cluster:NODESxCORES`) or
//! the text of a TOML file (format in `docs/machine-format.md`). Out: a validated [`Machine`] or a
//! [`MachineError`] naming the bad field (wording in
//! `diagnostics::machine`).
//!
//! Invariants of a `Machine`: at least one core; on a mesh, `cores <=
//! width * height` and core `k` sits on tile `k` in row-major order (so the
//! TILEPro64's two tiles kept for the PCI bus are the last two); on a
//! cluster, `cores <= nodes * cores_per_node` and core `k` sits on node
//! `k / cores_per_node`; every cost is finite and non-negative, and a
//! network's bandwidth positive.

use serde::{Deserialize, Serialize};

/// How cores are connected.
#[derive(Clone, Debug, PartialEq)]
pub enum Topology {
    /// Every core reaches every other in one hop (a shared-memory machine).
    Full,
    /// A `width` x `height` mesh; messages take Manhattan-distance hops.
    Mesh { width: u32, height: u32 },
    /// `nodes` shared-memory nodes of `cores_per_node` cores each, joined
    /// by a network (MPI ranks on a cluster); within a node as `Full`.
    Cluster {
        nodes: u32,
        cores_per_node: u32,
        network: Network,
    },
}

/// What a message between two nodes of a cluster costs on top of a message
/// within a node (`Costs::message_base_ns`).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// The wire's latency, nanoseconds.
    pub latency_ns: f64,
    /// Bandwidth in bytes per nanosecond (1.0 is 1 GB/s).
    pub bytes_per_ns: f64,
    /// The time sender and receiver spend per message (the MPI library's
    /// matching and the packing of a call), nanoseconds.
    pub overhead_ns: f64,
}

/// Costs in nanoseconds.
#[derive(Clone, Debug, PartialEq)]
pub struct Costs {
    /// Scheduler overhead of one local task invocation.
    pub dispatch_ns: f64,
    /// Fixed cost of sending an object to another core.
    pub message_base_ns: f64,
    /// Additional cost per network hop.
    pub message_per_hop_ns: f64,
    /// Locking and unlocking one parameter object on a run of several
    /// cores (atomics, and the guards checked again under the locks), over
    /// what a one-core run pays: that run takes no atomic locks, and its
    /// scheduler's time is in the profile, so one core is charged none.
    pub lock_ns: f64,
    /// The sender's own time per object it sends to another core (the
    /// queue insertion, the cache lines it takes): a fan-out of tiny tasks
    /// is bound by it, however many cores receive.
    pub send_ns: f64,
    /// The receiver's own time per object that arrives from another core
    /// (taking it from the inbox, the object's lines coming into its
    /// cache).
    pub receive_ns: f64,
    /// Extra latency of a message to a core that has been idle for
    /// `park_after_ns` or longer: it parked, and must be woken.
    pub wake_ns: f64,
    /// How long an idle core looks for work before it parks.
    pub park_after_ns: f64,
    /// How long after a run on several cores begins its other cores can
    /// take their first object (their threads' creation and first
    /// scheduling): a short run can lose to it.
    pub core_start_ns: f64,
    /// What a run on several cores adds after its last invocation
    /// (termination detection, waking parked cores, joining threads).
    pub end_ns: f64,
}

impl Costs {
    /// Everything free: for tests that check the schedule alone.
    pub const ZERO: Costs = Costs {
        dispatch_ns: 0.0,
        message_base_ns: 0.0,
        message_per_hop_ns: 0.0,
        lock_ns: 0.0,
        send_ns: 0.0,
        receive_ns: 0.0,
        wake_ns: 0.0,
        park_after_ns: 0.0,
        core_start_ns: 0.0,
        end_ns: 0.0,
    };
}

#[derive(Clone, Debug, PartialEq)]
pub struct Machine {
    pub name: String,
    pub cores: u32,
    pub topology: Topology,
    pub costs: Costs,
}

/// What is wrong with a machine description.
#[derive(Clone, Debug, PartialEq)]
pub enum MachineError {
    /// The TOML does not parse or does not have the expected shape.
    Syntax(String),
    UnknownBuiltin(String),
    NoCores,
    UnknownTopology(String),
    MeshTooSmall {
        cores: u32,
        width: u32,
        height: u32,
    },
    /// More cores, or a wider or taller mesh, than any program runs on
    /// (`bambooc_runtime::MAX_CORES`).
    AboveCoreLimit {
        what: &'static str,
        value: u64,
    },
    BadCost {
        field: &'static str,
        value: f64,
    },
    /// A cluster whose nodes hold fewer cores than it has.
    ClusterTooSmall {
        cores: u32,
        nodes: u32,
        cores_per_node: u32,
    },
    /// A cluster without a `[network]` table.
    MissingNetwork,
    /// A `[network]` table on a machine that is not a cluster.
    NetworkWithoutCluster,
    /// A network figure out of range (bandwidth must be positive).
    BadNetwork {
        field: &'static str,
        value: f64,
    },
    /// More cores were asked for than the machine has.
    TooManyCores {
        asked: u32,
        cores: u32,
    },
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct MachineFile {
    name: String,
    cores: u32,
    topology: TopologyFile,
    costs: CostsFile,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    network: Option<NetworkFile>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct NetworkFile {
    latency_ns: f64,
    bandwidth_bytes_per_ns: f64,
    overhead_ns: f64,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct TopologyFile {
    kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    height: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    nodes: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cores_per_node: Option<u32>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct CostsFile {
    dispatch_ns: f64,
    message_base_ns: f64,
    message_per_hop_ns: f64,
    lock_ns: f64,
    #[serde(default)]
    send_ns: f64,
    #[serde(default)]
    receive_ns: f64,
    #[serde(default)]
    wake_ns: f64,
    #[serde(default)]
    park_after_ns: f64,
    #[serde(default)]
    core_start_ns: f64,
    #[serde(default)]
    end_ns: f64,
}

/// Costs of the built-in `tilepro64` (700 MHz, so 1 ns is 0.7 cycles).
/// The paper gives no figures; these are estimates from the TILEPro64's
/// documented network (one cycle per hop on the dynamic network, rounded
/// up to 2 ns with router contention) and the size of the Bamboo runtime's
/// dispatch path (a few hundred cycles to pick an invocation, check its
/// guards and enqueue the next objects: 300 ns = 210 cycles). Sending an
/// object costs a message header and the receiver's enqueue, about the same
/// as a dispatch (400 ns); a lock is one atomic operation on a cached line
/// each way (30 ns).
/// A tile's sender writes the message into the network (about 20 cycles:
/// 30 ns); tiles do not sleep, and every tile's runtime starts with the
/// program, so other cores cost nothing at either end of a run.
const TILEPRO64_COSTS: Costs = Costs {
    dispatch_ns: 300.0,
    message_base_ns: 400.0,
    message_per_hop_ns: 2.0,
    lock_ns: 30.0,
    send_ns: 30.0,
    receive_ns: 30.0,
    wake_ns: 0.0,
    park_after_ns: 0.0,
    core_start_ns: 0.0,
    end_ns: 0.0,
};

/// How long after a run begins a thread-per-core runtime's other cores
/// take their first object (creating a thread and its first scheduling),
/// and what such a run pays after its last invocation (the termination
/// check, waking and joining the other threads): `bambooc calibrate`
/// reads both from the runtime's `BAMBOO_STATS`; these are its medians on
/// the 2-CPU development host (benchmarks/logs/2026-12-07-start-and-end.md).
const SMP_CORE_START_NS: f64 = 75_000.0;
const SMP_END_NS: f64 = 40_000.0;

/// Costs of the built-in `smp:N`: a shared-memory multicore, where the
/// sender spends about 220 ns of its own per object it hands to another
/// core (taking a message, the exchange on the inbox, the cache lines of
/// the message and the object leaving its cache), the receiver about 220 ns
/// (taking the message, the object's lines coming into its cache) and the
/// hand-off adds about 100 ns of latency between them; a core idle for
/// 1 ms parks (the runtime yields that long first when every core has a
/// processor: cores.c, BB_IDLE_YIELD_NS) and takes about 5 us to wake (a
/// futex wake-up and the kernel's scheduling), a dispatch is about 200 ns
/// and a lock one uncontended atomic and its release (10 ns). The hand-off
/// figures are fitted on the 2-CPU development host to a chain crossing
/// cores on every hop and to ping-pong and tiny tasks spread over two cores
/// (benchmarks/finegrain_simacc.py; benchmarks/logs/2026-12-07-evening.md,
/// refitted after idle cores began to yield for a millisecond before they
/// park: benchmarks/logs/2026-12-07-late.md).
/// `bambooc calibrate` measures the real figures of a machine.
const SMP_COSTS: Costs = Costs {
    dispatch_ns: 200.0,
    message_base_ns: 100.0,
    message_per_hop_ns: 0.0,
    lock_ns: 10.0,
    send_ns: 220.0,
    receive_ns: 220.0,
    wake_ns: 5000.0,
    park_after_ns: 1_000_000.0,
    core_start_ns: SMP_CORE_START_NS,
    end_ns: SMP_END_NS,
};

/// The network of the built-in `cluster:NODESxCORES`: 2 us latency and
/// 10 GB/s (issue 32's cluster; InfiniBand-class), and 500 ns of MPI
/// overhead per message (matching, the library's calls on both sides).
const CLUSTER_NETWORK: Network = Network {
    latency_ns: 2000.0,
    bytes_per_ns: 10.0,
    overhead_ns: 500.0,
};

/// The largest cost a machine description may give, in nanoseconds: a
/// second per dispatch, message or lock is beyond any machine, and larger
/// figures would only make every estimate meaningless.
pub const MAX_COST_NS: f64 = 1e9;

/// A core count or mesh side within `bambooc_runtime::MAX_CORES`.
fn check_core_limit(what: &'static str, value: u32) -> Result<(), MachineError> {
    if value > bambooc_runtime::MAX_CORES {
        return Err(MachineError::AboveCoreLimit {
            what,
            value: value.into(),
        });
    }
    Ok(())
}

/// A `[network]` table's figures, checked.
fn network_of(n: &NetworkFile) -> Result<Network, MachineError> {
    for (field, value, least) in [
        ("latency_ns", n.latency_ns, 0.0),
        (
            "bandwidth_bytes_per_ns",
            n.bandwidth_bytes_per_ns,
            f64::MIN_POSITIVE,
        ),
        ("overhead_ns", n.overhead_ns, 0.0),
    ] {
        if !value.is_finite() || !(least..=MAX_COST_NS).contains(&value) {
            return Err(MachineError::BadNetwork { field, value });
        }
    }
    Ok(Network {
        latency_ns: n.latency_ns,
        bytes_per_ns: n.bandwidth_bytes_per_ns,
        overhead_ns: n.overhead_ns,
    })
}

impl Machine {
    /// A built-in machine: `tilepro64`, `smp:N` (N >= 1) or
    /// `cluster:NODESxCORES` (both >= 1: `smp:CORES` nodes joined by
    /// `CLUSTER_NETWORK`).
    pub fn builtin(name: &str) -> Result<Machine, MachineError> {
        if name == "tilepro64" {
            return Ok(Machine {
                name: name.to_string(),
                cores: 62,
                topology: Topology::Mesh {
                    width: 8,
                    height: 8,
                },
                costs: TILEPRO64_COSTS,
            });
        }
        if let Some(n) = name.strip_prefix("smp:") {
            let cores: u32 = n
                .parse()
                .map_err(|_| MachineError::UnknownBuiltin(name.to_string()))?;
            return Machine::smp_named(name.to_string(), cores);
        }
        if let Some(shape) = name.strip_prefix("cluster:") {
            let unknown = || MachineError::UnknownBuiltin(name.to_string());
            let (nodes, per) = shape.split_once('x').ok_or_else(unknown)?;
            let nodes: u32 = nodes.parse().map_err(|_| unknown())?;
            let cores_per_node: u32 = per.parse().map_err(|_| unknown())?;
            if nodes == 0 || cores_per_node == 0 {
                return Err(MachineError::NoCores);
            }
            let cores = nodes.saturating_mul(cores_per_node);
            check_core_limit("cores", cores)?;
            return Ok(Machine {
                name: name.to_string(),
                cores,
                topology: Topology::Cluster {
                    nodes,
                    cores_per_node,
                    network: CLUSTER_NETWORK,
                },
                costs: SMP_COSTS,
            });
        }
        Err(MachineError::UnknownBuiltin(name.to_string()))
    }

    /// The built-in `smp:N` machine of `cores` cores (N >= 1, at most the
    /// runtime's core limit).
    pub fn smp(cores: u32) -> Result<Machine, MachineError> {
        Machine::smp_named(format!("smp:{cores}"), cores)
    }

    fn smp_named(name: String, cores: u32) -> Result<Machine, MachineError> {
        if cores == 0 {
            return Err(MachineError::NoCores);
        }
        check_core_limit("cores", cores)?;
        Ok(Machine {
            name,
            cores,
            topology: Topology::Full,
            costs: SMP_COSTS,
        })
    }

    /// Parses and validates a TOML machine description.
    pub fn from_toml(text: &str) -> Result<Machine, MachineError> {
        let f: MachineFile =
            toml::from_str(text).map_err(|e| MachineError::Syntax(e.to_string()))?;
        let topology = match f.topology.kind.as_str() {
            "full" => Topology::Full,
            "mesh" => {
                let width = f.topology.width.unwrap_or(0);
                let height = f.topology.height.unwrap_or(0);
                check_core_limit("topology.width", width)?;
                check_core_limit("topology.height", height)?;
                if u64::from(width) * u64::from(height) < u64::from(f.cores) {
                    return Err(MachineError::MeshTooSmall {
                        cores: f.cores,
                        width,
                        height,
                    });
                }
                Topology::Mesh { width, height }
            }
            "cluster" => {
                let nodes = f.topology.nodes.unwrap_or(0);
                let cores_per_node = f.topology.cores_per_node.unwrap_or(0);
                check_core_limit("topology.nodes", nodes)?;
                check_core_limit("topology.cores_per_node", cores_per_node)?;
                if u64::from(nodes) * u64::from(cores_per_node) < u64::from(f.cores) {
                    return Err(MachineError::ClusterTooSmall {
                        cores: f.cores,
                        nodes,
                        cores_per_node,
                    });
                }
                let n = f.network.as_ref().ok_or(MachineError::MissingNetwork)?;
                Topology::Cluster {
                    nodes,
                    cores_per_node,
                    network: network_of(n)?,
                }
            }
            other => return Err(MachineError::UnknownTopology(other.to_string())),
        };
        if f.network.is_some() && !matches!(topology, Topology::Cluster { .. }) {
            return Err(MachineError::NetworkWithoutCluster);
        }
        if f.cores == 0 {
            return Err(MachineError::NoCores);
        }
        check_core_limit("cores", f.cores)?;
        let costs = Costs {
            dispatch_ns: f.costs.dispatch_ns,
            message_base_ns: f.costs.message_base_ns,
            message_per_hop_ns: f.costs.message_per_hop_ns,
            lock_ns: f.costs.lock_ns,
            send_ns: f.costs.send_ns,
            receive_ns: f.costs.receive_ns,
            wake_ns: f.costs.wake_ns,
            park_after_ns: f.costs.park_after_ns,
            core_start_ns: f.costs.core_start_ns,
            end_ns: f.costs.end_ns,
        };
        for (field, value) in [
            ("dispatch_ns", costs.dispatch_ns),
            ("message_base_ns", costs.message_base_ns),
            ("message_per_hop_ns", costs.message_per_hop_ns),
            ("lock_ns", costs.lock_ns),
            ("send_ns", costs.send_ns),
            ("receive_ns", costs.receive_ns),
            ("wake_ns", costs.wake_ns),
            ("park_after_ns", costs.park_after_ns),
            ("core_start_ns", costs.core_start_ns),
            ("end_ns", costs.end_ns),
        ] {
            if !value.is_finite() || !(0.0..=MAX_COST_NS).contains(&value) {
                return Err(MachineError::BadCost { field, value });
            }
        }
        Ok(Machine {
            name: f.name,
            cores: f.cores,
            topology,
            costs,
        })
    }

    /// The TOML text of this machine (what `from_toml` reads back).
    pub fn to_toml(&self) -> String {
        let (kind, width, height) = match self.topology {
            Topology::Full => ("full", None, None),
            Topology::Mesh { width, height } => ("mesh", Some(width), Some(height)),
            Topology::Cluster { .. } => ("cluster", None, None),
        };
        let (nodes, cores_per_node, network) = match &self.topology {
            Topology::Cluster {
                nodes,
                cores_per_node,
                network,
            } => (
                Some(*nodes),
                Some(*cores_per_node),
                Some(NetworkFile {
                    latency_ns: network.latency_ns,
                    bandwidth_bytes_per_ns: network.bytes_per_ns,
                    overhead_ns: network.overhead_ns,
                }),
            ),
            _ => (None, None, None),
        };
        let c = &self.costs;
        let file = MachineFile {
            name: self.name.clone(),
            cores: self.cores,
            topology: TopologyFile {
                kind: kind.into(),
                width,
                height,
                nodes,
                cores_per_node,
            },
            network,
            costs: CostsFile {
                dispatch_ns: c.dispatch_ns,
                message_base_ns: c.message_base_ns,
                message_per_hop_ns: c.message_per_hop_ns,
                lock_ns: c.lock_ns,
                send_ns: c.send_ns,
                receive_ns: c.receive_ns,
                wake_ns: c.wake_ns,
                park_after_ns: c.park_after_ns,
                core_start_ns: c.core_start_ns,
                end_ns: c.end_ns,
            },
        };
        toml::to_string(&file).expect("a machine serialises as TOML")
    }

    /// This machine without the costs at the two ends of a run on several
    /// cores: for tests whose hand computations are of the steady state.
    #[cfg(test)]
    pub fn steady_state(mut self) -> Machine {
        self.costs.core_start_ns = 0.0;
        self.costs.end_ns = 0.0;
        self
    }

    /// The first `cores` cores of this machine, or an error when it has
    /// fewer.
    pub fn with_cores(&self, cores: u32) -> Result<Machine, MachineError> {
        if cores == 0 {
            return Err(MachineError::NoCores);
        }
        if cores > self.cores {
            return Err(MachineError::TooManyCores {
                asked: cores,
                cores: self.cores,
            });
        }
        Ok(Machine {
            cores,
            ..self.clone()
        })
    }

    /// Network hops between two cores (0 for the same core).
    pub fn hops(&self, a: u32, b: u32) -> u32 {
        if a == b {
            return 0;
        }
        match self.topology {
            Topology::Full | Topology::Cluster { .. } => 1,
            Topology::Mesh { width, .. } => {
                let (ax, ay) = (a % width, a / width);
                let (bx, by) = (b % width, b / width);
                ax.abs_diff(bx) + ay.abs_diff(by)
            }
        }
    }

    /// The network between cores `a` and `b` when they sit on different
    /// nodes of a cluster.
    fn network_between(&self, a: u32, b: u32) -> Option<&Network> {
        match &self.topology {
            Topology::Cluster {
                cores_per_node,
                network,
                ..
            } if a / cores_per_node != b / cores_per_node => Some(network),
            _ => None,
        }
    }

    /// Time for an object to travel from core `a` to core `b` (between
    /// nodes, the network's latency and per-message overhead too).
    pub fn message_ns(&self, a: u32, b: u32) -> f64 {
        if a == b {
            return 0.0;
        }
        let local =
            self.costs.message_base_ns + self.costs.message_per_hop_ns * f64::from(self.hops(a, b));
        match self.network_between(a, b) {
            Some(n) => local + n.latency_ns + n.overhead_ns,
            None => local,
        }
    }

    /// Time for `bytes` bytes of objects to travel from core `a` to core
    /// `b`: `message_ns` plus, between nodes, the bytes at the network's
    /// bandwidth (within a node objects move by pointer).
    pub fn transfer_ns(&self, a: u32, b: u32, bytes: u64) -> f64 {
        self.message_ns(a, b) + bytes as f64 * self.wire_ns_per_byte(a, b)
    }

    /// Nanoseconds one byte takes on the wire from core `a` to core `b`:
    /// the network's between nodes, 0 within one.
    pub fn wire_ns_per_byte(&self, a: u32, b: u32) -> f64 {
        self.network_between(a, b)
            .map_or(0.0, |n| 1.0 / n.bytes_per_ns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smp_is_the_builtin_of_that_name() {
        assert_eq!(Machine::smp(4), Machine::builtin("smp:4"));
        assert_eq!(Machine::smp(0), Err(MachineError::NoCores));
        let limit = bambooc_runtime::MAX_CORES;
        assert!(Machine::smp(limit + 1).is_err());
    }

    #[test]
    fn builtins() {
        let t = Machine::builtin("tilepro64").unwrap();
        assert_eq!(t.cores, 62);
        assert_eq!(t.hops(0, 61), 5 + 7);
        assert_eq!(t.hops(9, 9), 0);
        assert_eq!(t.message_ns(0, 1), 402.0);
        let s = Machine::builtin("smp:4").unwrap();
        assert_eq!((s.cores, s.hops(0, 3)), (4, 1));
        assert!(matches!(
            Machine::builtin("smp:x"),
            Err(MachineError::UnknownBuiltin(_))
        ));
        assert_eq!(Machine::builtin("smp:0"), Err(MachineError::NoCores));
        assert_eq!(
            s.with_cores(5),
            Err(MachineError::TooManyCores { asked: 5, cores: 4 })
        );
    }

    #[test]
    fn clusters() {
        let c = Machine::builtin("cluster:16x16").unwrap();
        assert_eq!(c.cores, 256);
        // Within a node as smp:N; between nodes the network's latency and
        // overhead too, and the bytes at its bandwidth.
        assert_eq!(c.message_ns(0, 15), 100.0);
        assert_eq!(c.message_ns(15, 16), 100.0 + 2000.0 + 500.0);
        assert_eq!(c.message_ns(16, 16), 0.0);
        assert_eq!(c.transfer_ns(0, 15, 1 << 20), 100.0);
        assert_eq!(c.transfer_ns(0, 255, 10_000), 2600.0 + 1000.0);
        assert_eq!(c.with_cores(20).unwrap().message_ns(0, 19), 2600.0);
        for bad in ["cluster:16", "cluster:x4", "cluster:4x", "cluster:4x4x4"] {
            assert!(
                matches!(Machine::builtin(bad), Err(MachineError::UnknownBuiltin(_))),
                "{bad}"
            );
        }
        assert_eq!(Machine::builtin("cluster:0x4"), Err(MachineError::NoCores));
        assert_eq!(Machine::builtin("cluster:4x0"), Err(MachineError::NoCores));
        assert!(matches!(
            Machine::builtin("cluster:100000x100000"),
            Err(MachineError::AboveCoreLimit { .. })
        ));
    }

    #[test]
    fn cluster_files_round_trip_and_are_checked() {
        let c = Machine::builtin("cluster:4x2").unwrap();
        let text = c.to_toml();
        assert!(text.contains("[network]"), "{text}");
        assert_eq!(Machine::from_toml(&text), Ok(c.clone()));
        let read = |t: &str| Machine::from_toml(t);
        assert_eq!(
            read(&text.replace("nodes = 4", "nodes = 3")),
            Err(MachineError::ClusterTooSmall {
                cores: 8,
                nodes: 3,
                cores_per_node: 2
            })
        );
        let no_network = text.split("[network]").next().unwrap().to_string()
            + &text
                .split("[network]")
                .nth(1)
                .unwrap()
                .split_once("\n[")
                .map_or(String::new(), |(_, rest)| format!("[{rest}"));
        assert_eq!(read(&no_network), Err(MachineError::MissingNetwork));
        assert_eq!(
            read(&text.replace(
                "bandwidth_bytes_per_ns = 10.0",
                "bandwidth_bytes_per_ns = 0.0"
            )),
            Err(MachineError::BadNetwork {
                field: "bandwidth_bytes_per_ns",
                value: 0.0
            })
        );
        assert!(matches!(
            read(&text.replace("latency_ns = 2000.0", "latency_ns = -1.0")),
            Err(MachineError::BadNetwork {
                field: "latency_ns",
                ..
            })
        ));
        assert!(matches!(
            read(&text.replace("overhead_ns = 500.0", "overhead_ns = inf")),
            Err(MachineError::BadNetwork { .. })
        ));
        let t = Machine::builtin("tilepro64").unwrap().to_toml();
        let network = text.split_once("[network]").unwrap().1;
        let network = network.split("\n[").next().unwrap();
        assert_eq!(
            read(&format!("{t}\n[network]{network}")),
            Err(MachineError::NetworkWithoutCluster)
        );
        assert!(matches!(
            read(&text.replace("cores_per_node = 2", "cores_per_node = 4000000000")),
            Err(MachineError::AboveCoreLimit {
                what: "topology.cores_per_node",
                ..
            })
        ));
    }

    #[test]
    fn toml_round_trips_and_is_checked() {
        let t = Machine::builtin("tilepro64").unwrap();
        assert_eq!(Machine::from_toml(&t.to_toml()), Ok(t.clone()));
        // Names with quotes, backslashes and control characters (found by
        // the `machine` fuzz target) print back as valid TOML.
        let odd = Machine {
            name: "a\"b\\c\u{7f}d\u{1}e\u{e9}\u{85}".into(),
            ..t.clone()
        };
        assert_eq!(Machine::from_toml(&odd.to_toml()), Ok(odd.clone()));
        let bad = t.to_toml().replace("lock_ns = 30.0", "lock_ns = -1.0");
        assert_eq!(
            Machine::from_toml(&bad),
            Err(MachineError::BadCost {
                field: "lock_ns",
                value: -1.0
            })
        );
        let small = t.to_toml().replace("width = 8", "width = 7");
        assert!(matches!(
            Machine::from_toml(&small),
            Err(MachineError::MeshTooSmall { .. })
        ));
        assert!(matches!(
            Machine::from_toml("name = 1"),
            Err(MachineError::Syntax(_))
        ));
        // The core limit holds for files and built-ins alike, and costs
        // stay within a second.
        let limit = bambooc_runtime::MAX_CORES;
        let many = format!("name = \"big\"\ncores = {}\n\n[topology]\nkind = \"full\"\n[costs]\ndispatch_ns = 1.0\nmessage_base_ns = 1.0\nmessage_per_hop_ns = 0.0\nlock_ns = 1.0\n", limit + 1);
        assert_eq!(
            Machine::from_toml(&many),
            Err(MachineError::AboveCoreLimit {
                what: "cores",
                value: u64::from(limit) + 1
            })
        );
        assert!(
            Machine::from_toml(&many.replace(&format!("{}", limit + 1), &limit.to_string()))
                .is_ok()
        );
        assert!(matches!(
            Machine::smp(limit + 1),
            Err(MachineError::AboveCoreLimit { .. })
        ));
        let wide = t.to_toml().replace("width = 8", "width = 4000000000");
        assert!(matches!(
            Machine::from_toml(&wide),
            Err(MachineError::AboveCoreLimit {
                what: "topology.width",
                ..
            })
        ));
        let slow = t.to_toml().replace("lock_ns = 30.0", "lock_ns = 1e300");
        assert!(matches!(
            Machine::from_toml(&slow),
            Err(MachineError::BadCost { .. })
        ));
        let ring = t.to_toml().replace("\"mesh\"", "\"ring\"");
        assert_eq!(
            Machine::from_toml(&ring),
            Err(MachineError::UnknownTopology("ring".into()))
        );
    }
}
