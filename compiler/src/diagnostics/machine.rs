//! Wording of machine-description errors (`--machine NAME|FILE`, paper
//! 4.4: the costs the simulator charges).

use super::Diagnostic;
use crate::synthesis::machine::MachineError;

/// The diagnostic (E0621) naming the machine (`source`: the built-in name
/// or the file) and what is wrong with it.
pub fn machine_diagnostic(source: &str, e: &MachineError) -> Diagnostic {
    Diagnostic::global("E0621", machine_error_message(source, e)).with_help(
        "docs/machine-format.md describes the file; `bambooc calibrate -o FILE` writes one for this machine",
    )
}

/// One line naming the machine and what is wrong with it.
fn machine_error_message(source: &str, e: &MachineError) -> String {
    match e {
        MachineError::Syntax(msg) => {
            format!("machine description `{source}` is malformed: {}", msg.trim_end())
        }
        MachineError::UnknownBuiltin(name) => format!(
            "`{name}` is neither a built-in machine (`tilepro64`, `smp:N` with N >= 1, `cluster:NODESxCORES`) nor a readable file"
        ),
        MachineError::NoCores => format!("machine `{source}` has no cores"),
        MachineError::UnknownTopology(kind) => format!(
            "machine description `{source}`: topology kind `{kind}` is not `full`, `mesh` or `cluster`"
        ),
        MachineError::MeshTooSmall { cores, width, height } => format!(
            "machine description `{source}`: a {width}x{height} mesh cannot hold {cores} cores"
        ),
        MachineError::BadCost { field, value } => format!(
            "machine description `{source}`: `costs.{field}` is {value}, but costs must be from 0 to {:e} ns",
            crate::synthesis::machine::MAX_COST_NS
        ),
        MachineError::AboveCoreLimit { what, value } => format!(
            "machine `{source}`: `{what}` is {value}, but programs run on at most {} cores",
            bambooc_runtime::MAX_CORES
        ),
        MachineError::ClusterTooSmall {
            cores,
            nodes,
            cores_per_node,
        } => format!(
            "machine description `{source}`: {nodes} nodes of {cores_per_node} cores cannot hold {cores} cores"
        ),
        MachineError::MissingNetwork => format!(
            "machine description `{source}`: a cluster needs a `[network]` table (latency_ns, bandwidth_bytes_per_ns, overhead_ns)"
        ),
        MachineError::NetworkWithoutCluster => format!(
            "machine description `{source}`: a `[network]` table is only for topology kind `cluster`"
        ),
        MachineError::BadNetwork { field, value } => format!(
            "machine description `{source}`: `network.{field}` is {value}, but it must be from 0 to {:e} (the bandwidth above 0)",
            crate::synthesis::machine::MAX_COST_NS
        ),
        MachineError::TooManyCores { asked, cores } => {
            format!("machine `{source}` has {cores} cores, but {asked} were asked for")
        }
    }
}
