//! Wording of layout-file errors (`--layout FILE`, paper 4.3.4).

use super::Diagnostic;
use crate::synthesis::layout::LayoutError;

/// The diagnostic for a layout file `file` that does not fit the program.
pub fn layout_diagnostic(file: &str, e: &LayoutError) -> Diagnostic {
    use LayoutError::*;
    let what = match e {
        Syntax(m) => format!("is not a layout file: {m}"),
        Format { found } => format!("has format `{found}`, expected `{}`", crate::synthesis::layout::FORMAT),
        Version { found } => format!(
            "has version {found}, this compiler reads versions {} to {}",
            crate::synthesis::layout::OLDEST_VERSION,
            crate::synthesis::layout::VERSION
        ),
        Fingerprint { expected, found: Some(found) } => format!(
            "was made for a program with fingerprint {found}, not this one's {expected} (its tasks or allocation sites differ)"
        ),
        Fingerprint { expected, found: None } => format!(
            "has version 2 but no `fingerprint` (this program's is {expected})"
        ),
        Program { expected, found } => {
            format!("was made for program `{found}`, not `{expected}`")
        }
        NoCores => "has no cores".to_string(),
        TooManyCores { cores } => format!(
            "has {cores} cores; programs run on at most {}",
            bambooc_runtime::MAX_CORES
        ),
        UnknownTask { task, core: Some(c) } => format!("names unknown task `{task}` on core {c}"),
        UnknownTask { task, core: None } => format!("names unknown task `{task}`"),
        CoreOutOfRange { core, cores } => {
            format!("routes to core {core}, but the layout has {cores} cores")
        }
        NoInstance { task } => format!("places no instance of task `{task}` on any core"),
        RouteToNonHost { core, task, to } => format!(
            "routes task `{task}` from core {core} to core {to}, which does not host it"
        ),
        MissingRoute { core, task } => format!("gives core {core} no route for task `{task}`"),
        MissingPolicy { task } => format!("gives task `{task}` no policy"),
        SingleWithInstances { task, instances } => format!(
            "gives task `{task}` the policy `single` but {instances} instances"
        ),
        NeedsTagHash { task } => format!(
            "places several instances of the multi-parameter task `{task}` without hashing a tag all its parameters share"
        ),
        UnevenTagRoutes { task, core } => format!(
            "routes the tag-routed task `{task}` from core {core} to other cores than all its instances, so objects sharing a tag could miss each other"
        ),
    };
    Diagnostic::global("E0620", format!("layout `{file}` {what}")).with_help(
        "write a layout with `--emit layout`, or drop `--layout` to use the default layout",
    )
}
