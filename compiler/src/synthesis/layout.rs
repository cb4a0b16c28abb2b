//! Layouts: where each task runs and where objects go next (paper 4.3.4).
//!
//! In: a `hir::Program` and either a layout file's text (`--layout FILE`),
//! a core count (the default layout), or a layout chosen by `candidates`/`anneal`.
//! Out: a validated [`Layout`], the input of many-core code generation and
//! of the simulator; `to_json` writes it back (`--emit layout`).
//!
//! A layout says, per core, which task instances it hosts and a routing
//! table: for every task, the cores this core sends an object to when the
//! object's new state enables that task. Among several destination cores
//! the task's [`Policy`] picks one: round-robin, round-robin for new
//! objects only (others stay where they are), the core the object is on, a
//! hash of the tag instance
//! the task's parameters share, the core that made that tag instance, or
//! the single instance.
//!
//! The file format and the rules a validated layout keeps are stated once,
//! in `docs/layout-format.md` ("Rules"); [`Layout::from_file`] and
//! [`Layout::validate`] check them, and so does the runtime's reader of
//! `BAMBOO_LAYOUT` files (`runtime-c/src/layout.c`).

use crate::hir::{Program, TaskId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The format name written into every layout file.
pub const FORMAT: &str = "bambooc-layout";
/// The layout format's version, the one written. Version 2 added the
/// program's fingerprint; version 1 files (without it) are still read.
pub const VERSION: u32 = 2;
/// The oldest layout format version read.
pub const OLDEST_VERSION: u32 = 1;

/// How a core picks one of a task's instance cores for an object.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Policy {
    /// One instance; every object goes to it.
    Single,
    /// Instances take turns, per sending core.
    RoundRobin,
    /// New objects as `RoundRobin`; an object a task's exit hands on stays
    /// on its core when the core is in its route (a chain of tasks on one
    /// object then never crosses cores: 4.3.2's core groups).
    Local,
    /// Every object, new or handed on, stays on its core when the core is
    /// in its route (else as `RoundRobin`), and idle cores are never handed
    /// its work: for a task too small to be worth a hop.
    Here,
    /// The tag instance shared by the task's parameters picks the core, so
    /// objects with the same tag meet on one core.
    TagHash,
    /// The core that made the tag instance the task's parameters share,
    /// when it hosts the task (else as `TagHash`): objects with the same
    /// tag meet on one core, and work tagged where it was made stays there
    /// (its data stays in that core's cache).
    TagHome,
}

/// A layout in the file's shape: names, not ids.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LayoutFile {
    pub format: String,
    pub version: u32,
    /// The program's name (its first source file's stem).
    pub program: String,
    /// `profile::fingerprint` of the program (version 2 on; absent in
    /// version 1): the executable's `BAMBOO_LAYOUT` reader checks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<String>,
    /// The machine the layout was made for (`smp:2`, `tilepro64`, a file).
    pub machine: String,
    /// Per task, how objects choose among its instances.
    pub policies: BTreeMap<String, Policy>,
    /// One entry per core, in core order.
    pub cores: Vec<CoreFile>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreFile {
    /// Tasks this core hosts an instance of.
    pub tasks: Vec<String>,
    /// Per task, the cores an object leaving this core goes to when it
    /// enables that task.
    pub routes: BTreeMap<String, Vec<u32>>,
}

/// A validated layout over the program's task ids.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    pub program: String,
    pub machine: String,
    /// Indexed by `TaskId`.
    pub policies: Vec<Policy>,
    /// `hosts[core]`: the tasks with an instance on that core, in id order.
    pub hosts: Vec<Vec<TaskId>>,
    /// `routes[core][task]`: destination cores, sorted, never empty.
    pub routes: Vec<Vec<Vec<u32>>>,
}

/// What is wrong with a layout; the driver names the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayoutError {
    Syntax(String),
    Format {
        found: String,
    },
    Version {
        found: u32,
    },
    /// The fingerprint is another program's (`found`), or missing from a
    /// version 2 file (`None`).
    Fingerprint {
        expected: String,
        found: Option<String>,
    },
    Program {
        expected: String,
        found: String,
    },
    NoCores,
    /// More cores than any program runs on (`bambooc_runtime::MAX_CORES`).
    TooManyCores {
        cores: usize,
    },
    UnknownTask {
        task: String,
        core: Option<u32>,
    },
    CoreOutOfRange {
        core: u32,
        cores: u32,
    },
    NoInstance {
        task: String,
    },
    RouteToNonHost {
        core: u32,
        task: String,
        to: u32,
    },
    MissingRoute {
        core: u32,
        task: String,
    },
    MissingPolicy {
        task: String,
    },
    SingleWithInstances {
        task: String,
        instances: usize,
    },
    /// A multi-parameter task with several instances must hash on a tag
    /// all its parameters share.
    NeedsTagHash {
        task: String,
    },
    /// A task routed by its tag, with several instances, must be routed
    /// from every core to all its instances: otherwise objects sharing a
    /// tag instance could be sent to different cores and never meet.
    UnevenTagRoutes {
        task: String,
        core: u32,
    },
}

impl Layout {
    pub fn cores(&self) -> u32 {
        self.hosts.len() as u32
    }

    /// The cores hosting an instance of `task`, in order.
    pub fn instances(&self, task: TaskId) -> Vec<u32> {
        (0..self.cores())
            .filter(|&c| self.hosts[c as usize].contains(&task))
            .collect()
    }

    /// The default layout for `cores` cores, usable before any profile
    /// exists: every task that may run in several instances has one on
    /// every core (tag hashing for tagged merges); any other
    /// multi-parameter task and the startup task run once, on core 0.
    /// A one-parameter task's policy follows the static estimate of its
    /// body ([`crate::analysis::cost`]): a task estimated smaller than
    /// [`SPREAD_MIN_OPS`] with no unbounded loop or recursion cannot be
    /// shown to gain from another core, so its objects stay where they are
    /// made or handed on ([`Policy::Here`]; a tiny task pairing objects by
    /// tag runs once, on core 0); a larger one's new objects are
    /// spread round-robin, and the objects other tasks hand on to it stay
    /// on their core ([`Policy::Local`]) unless a task on core 0 alone can
    /// hand it objects (those are spread, [`Policy::RoundRobin`]). So the
    /// default never spreads a serial chain of tasks on one object over
    /// cores.
    pub fn default_for(p: &Program, name: &str, machine: &str, cores: u32) -> Layout {
        let mut policies = spread_policies(p, cores);
        let costs = crate::analysis::cost::task_costs(p);
        let handed_by_single = handed_by_single_tasks(p, &policies);
        let tiny = |t: usize| costs[t].ops < SPREAD_MIN_OPS && !costs[t].unbounded;
        for (t, policy) in policies.iter_mut().enumerate() {
            if *policy != Policy::RoundRobin {
                continue;
            }
            *policy = if tiny(t) {
                Policy::Here
            } else if handed_by_single[t] {
                Policy::RoundRobin
            } else {
                Policy::Local
            };
        }
        route_home(p, &mut policies);
        for (t, policy) in policies.iter_mut().enumerate() {
            if *policy == Policy::TagHash && tiny(t) {
                // Pairing tiny work by tag over cores costs more hops than
                // the work: one instance, on core 0.
                *policy = Policy::Single;
            }
        }
        Layout::everywhere(name, machine, cores, policies)
    }

    /// The layout a build without a layout file runs with: the default,
    /// or with `spread` (`--spread`) every task spread.
    pub fn default_or_spread(
        p: &Program,
        name: &str,
        machine: &str,
        cores: u32,
        spread: bool,
    ) -> Layout {
        if spread {
            Layout::spread_for(p, name, machine, cores)
        } else {
            Layout::default_for(p, name, machine, cores)
        }
    }

    /// The default layout's instances with every one-parameter task's
    /// objects spread round-robin over all cores (`--spread`); tasks
    /// pairing by tag are routed as the default routes them.
    pub fn spread_for(p: &Program, name: &str, machine: &str, cores: u32) -> Layout {
        let mut policies = spread_policies(p, cores);
        route_home(p, &mut policies);
        Layout::everywhere(name, machine, cores, policies)
    }

    /// The layout with these policies where every task not `Single` has an
    /// instance on every core and the `Single` ones run on core 0, each
    /// task's objects routed to all its instances.
    pub fn everywhere(name: &str, machine: &str, cores: u32, policies: Vec<Policy>) -> Layout {
        let cores = cores.max(1);
        let hosts: Vec<Vec<TaskId>> = (0..cores)
            .map(|c| {
                (0..policies.len() as u32)
                    .map(TaskId)
                    .filter(|t| c == 0 || policies[t.0 as usize] != Policy::Single)
                    .collect()
            })
            .collect();
        let mut layout = Layout {
            program: name.to_string(),
            machine: machine.to_string(),
            policies,
            hosts,
            routes: Vec::new(),
        };
        layout.routes = layout.all_instance_routes();
        layout
    }

    /// This layout on `cores` cores (at least its own): the added cores
    /// host nothing and route every task to all its instances, so the
    /// program runs as on the smaller layout while they stay idle.
    pub fn widened(&self, cores: u32) -> Layout {
        let mut wide = self.clone();
        let per_task: Vec<Vec<u32>> = (0..self.policies.len() as u32)
            .map(|t| self.instances(TaskId(t)))
            .collect();
        while wide.cores() < cores {
            wide.hosts.push(Vec::new());
            wide.routes.push(per_task.clone());
        }
        wide
    }

    /// This layout without the cores after the last that hosts a task
    /// (which nothing routes to).
    pub fn trimmed(&self) -> Layout {
        let keep = self.cores_up_to_last_host();
        let mut l = self.clone();
        l.hosts.truncate(keep);
        l.routes.truncate(keep);
        l
    }

    /// Whether any task may run on more than one core: some task has
    /// several instances and a policy that sends objects between them.
    pub fn spreads(&self) -> bool {
        (0..self.policies.len())
            .any(|t| self.policies[t] != Policy::Here && self.instances(TaskId(t as u32)).len() > 1)
    }

    /// The cores a build of this layout runs on: up to the last that
    /// hosts a task (at least one).
    pub fn cores_up_to_last_host(&self) -> usize {
        self.hosts
            .iter()
            .rposition(|h| !h.is_empty())
            .map_or(1, |last| last + 1)
    }

    /// The cores that host at least one task.
    pub fn used_cores(&self) -> u32 {
        self.hosts.iter().filter(|h| !h.is_empty()).count() as u32
    }

    /// Routing tables that send each task's objects to all its instances.
    pub fn all_instance_routes(&self) -> Vec<Vec<Vec<u32>>> {
        let per_task: Vec<Vec<u32>> = (0..self.policies.len() as u32)
            .map(|t| self.instances(TaskId(t)))
            .collect();
        (0..self.cores()).map(|_| per_task.clone()).collect()
    }

    /// Parses and validates a layout file for `p`. `program` is the name
    /// the layout must have been made for.
    pub fn from_json(p: &Program, program: &str, text: &str) -> Result<Layout, LayoutError> {
        let file: LayoutFile =
            serde_json::from_str(text).map_err(|e| LayoutError::Syntax(e.to_string()))?;
        Layout::from_file(p, program, &file)
    }

    pub fn from_file(p: &Program, program: &str, f: &LayoutFile) -> Result<Layout, LayoutError> {
        if f.format != FORMAT {
            return Err(LayoutError::Format {
                found: f.format.clone(),
            });
        }
        if !(OLDEST_VERSION..=VERSION).contains(&f.version) {
            return Err(LayoutError::Version { found: f.version });
        }
        if f.program != program {
            return Err(LayoutError::Program {
                expected: program.to_string(),
                found: f.program.clone(),
            });
        }
        if f.version >= 2 {
            let expected = crate::synthesis::profile::fingerprint(p);
            if f.fingerprint.as_ref() != Some(&expected) {
                return Err(LayoutError::Fingerprint {
                    expected,
                    found: f.fingerprint.clone(),
                });
            }
        }
        if f.cores.is_empty() {
            return Err(LayoutError::NoCores);
        }
        if f.cores.len() > bambooc_runtime::MAX_CORES as usize {
            return Err(LayoutError::TooManyCores {
                cores: f.cores.len(),
            });
        }
        let by_name: BTreeMap<&str, TaskId> = p
            .tasks
            .iter()
            .enumerate()
            .map(|(i, t)| (t.name.as_str(), TaskId(i as u32)))
            .collect();
        let task = |name: &str, core: Option<u32>| {
            by_name
                .get(name)
                .copied()
                .ok_or_else(|| LayoutError::UnknownTask {
                    task: name.to_string(),
                    core,
                })
        };
        let mut policies = Vec::with_capacity(p.tasks.len());
        for t in &p.tasks {
            match f.policies.get(&t.name) {
                Some(&policy) => policies.push(policy),
                None => {
                    return Err(LayoutError::MissingPolicy {
                        task: t.name.clone(),
                    })
                }
            }
        }
        for name in f.policies.keys() {
            task(name, None)?;
        }
        let ncores = f.cores.len() as u32;
        let mut hosts = Vec::with_capacity(f.cores.len());
        for (c, core) in f.cores.iter().enumerate() {
            let mut ts = Vec::new();
            for name in &core.tasks {
                ts.push(task(name, Some(c as u32))?);
            }
            ts.sort();
            ts.dedup();
            hosts.push(ts);
        }
        let mut routes = Vec::with_capacity(f.cores.len());
        for (c, core) in f.cores.iter().enumerate() {
            let c = c as u32;
            let mut table = vec![Vec::new(); p.tasks.len()];
            for (name, to) in &core.routes {
                let t = task(name, Some(c))?;
                let mut to = to.clone();
                to.sort_unstable();
                to.dedup();
                table[t.0 as usize] = to;
            }
            routes.push(table);
        }
        let layout = Layout {
            program: f.program.clone(),
            machine: f.machine.clone(),
            policies,
            hosts,
            routes,
        };
        layout.validate(p, ncores)?;
        Ok(layout)
    }

    /// Checks the invariants in the module documentation.
    pub fn validate(&self, p: &Program, ncores: u32) -> Result<(), LayoutError> {
        let name = |t: usize| p.tasks[t].name.clone();
        for t in 0..p.tasks.len() {
            let inst = self.instances(TaskId(t as u32));
            if inst.is_empty() {
                return Err(LayoutError::NoInstance { task: name(t) });
            }
            match self.policies[t] {
                Policy::Single if inst.len() > 1 => {
                    return Err(LayoutError::SingleWithInstances {
                        task: name(t),
                        instances: inst.len(),
                    })
                }
                Policy::RoundRobin | Policy::Local | Policy::Here
                    if inst.len() > 1 && p.tasks[t].params.len() > 1 =>
                {
                    return Err(LayoutError::NeedsTagHash { task: name(t) })
                }
                Policy::TagHash | Policy::TagHome
                    if shared_tag_slot(p, TaskId(t as u32)).is_none() =>
                {
                    return Err(LayoutError::NeedsTagHash { task: name(t) })
                }
                _ => {}
            }
            for c in 0..ncores {
                let to = &self.routes[c as usize][t];
                if to.is_empty() {
                    return Err(LayoutError::MissingRoute {
                        core: c,
                        task: name(t),
                    });
                }
                for &d in to {
                    if d >= ncores {
                        return Err(LayoutError::CoreOutOfRange {
                            core: d,
                            cores: ncores,
                        });
                    }
                    if !inst.contains(&d) {
                        return Err(LayoutError::RouteToNonHost {
                            core: c,
                            task: name(t),
                            to: d,
                        });
                    }
                }
                let by_tag = matches!(self.policies[t], Policy::TagHash | Policy::TagHome);
                if by_tag && inst.len() > 1 && *to != inst {
                    return Err(LayoutError::UnevenTagRoutes {
                        task: name(t),
                        core: c,
                    });
                }
            }
        }
        Ok(())
    }

    /// The layout in the file's shape.
    pub fn to_file(&self, p: &Program) -> LayoutFile {
        let name = |t: TaskId| p.task(t).name.clone();
        LayoutFile {
            format: FORMAT.to_string(),
            version: VERSION,
            program: self.program.clone(),
            fingerprint: Some(crate::synthesis::profile::fingerprint(p)),
            machine: self.machine.clone(),
            policies: self
                .policies
                .iter()
                .enumerate()
                .map(|(t, &pol)| (name(TaskId(t as u32)), pol))
                .collect(),
            cores: self
                .hosts
                .iter()
                .zip(&self.routes)
                .map(|(hosts, routes)| CoreFile {
                    tasks: hosts.iter().map(|&t| name(t)).collect(),
                    routes: routes
                        .iter()
                        .enumerate()
                        .map(|(t, to)| (name(TaskId(t as u32)), to.clone()))
                        .collect(),
                })
                .collect(),
        }
    }

    /// Pretty JSON, byte-identical for equal layouts.
    pub fn to_json(&self, p: &Program) -> String {
        let mut s = serde_json::to_string_pretty(&self.to_file(p)).expect("layouts serialise");
        s.push('\n');
        s
    }
}

/// The smallest static estimate ([`crate::analysis::cost`], about a
/// nanosecond an operation) of a task the default layout spreads over
/// cores: a few times what handing an object to another core costs its
/// sender and receiver (`machine::SMP_COSTS`), so a spread task's work
/// outweighs its hand-off.
pub const SPREAD_MIN_OPS: f64 = 2000.0;

/// Per task, whether a task that runs on one core only (`Single`) can hand
/// objects on to it: one of its parameters is of a class related to the
/// task's parameter class (the static approximation of the CSTG's
/// transitions).
fn handed_by_single_tasks(p: &Program, policies: &[Policy]) -> Vec<bool> {
    let related =
        |a: crate::hir::ClassId, b: crate::hir::ClassId| p.is_subclass(a, b) || p.is_subclass(b, a);
    (0..p.tasks.len())
        .map(|t| {
            let Some(mine) = p.tasks[t].params.first() else {
                return false;
            };
            p.tasks.iter().enumerate().any(|(s, src)| {
                s != t
                    && policies[s] == Policy::Single
                    && !is_startup_task(p, TaskId(s as u32))
                    && src.params.iter().any(|par| related(par.class, mine.class))
            })
        })
        .collect()
}

/// Every task's [`default_policy`]: one-parameter tasks round-robin.
fn spread_policies(p: &Program, cores: u32) -> Vec<Policy> {
    (0..p.tasks.len())
        .map(|t| {
            let task = TaskId(t as u32);
            default_policy(
                cores,
                is_startup_task(p, task),
                p.task(task).params.len(),
                shared_tag_slot(p, task).is_some(),
            )
        })
        .collect()
}

/// Routes the `TagHash` tasks of [`routed_home`] by their tags' makers.
fn route_home(p: &Program, policies: &mut [Policy]) {
    let home = routed_home(p, policies);
    for (policy, home) in policies.iter_mut().zip(home) {
        if *policy == Policy::TagHash && home {
            // Its tags are made on many cores, next to the objects they
            // pair: routing to the maker keeps them there.
            *policy = Policy::TagHome;
        }
    }
}

/// Per task, whether the default layout routes it by tag to the core that
/// made the tag instance (`TagHome`): its parameters share a tag variable
/// whose every type is made by tasks whose instances are spread over the
/// cores (`RoundRobin` or `Local`) and by no other code. Such tags are made
/// next to the work they pair, on many cores, so hashing them would only
/// move the objects away.
fn routed_home(p: &Program, policies: &[Policy]) -> Vec<bool> {
    let makers = crate::analysis::callgraph::tags_made_by_tasks(p);
    let at_start = crate::analysis::callgraph::tags_made_by_fields(p);
    let spread = |t: usize| matches!(policies[t], Policy::RoundRobin | Policy::Local);
    let made_only_spread = |tt: crate::hir::TagTypeId| {
        let mut made = false;
        for (t, types) in makers.iter().enumerate() {
            if types.contains(&tt) {
                if !spread(t) {
                    return false;
                }
                made = true;
            }
        }
        // A field's initialiser (the original dialect's globals) makes its
        // tag once, at start, on core 0.
        made && !at_start.contains(&tt)
    };
    (0..p.tasks.len())
        .map(|t| {
            let task = TaskId(t as u32);
            let Some(slot) = shared_tag_slot(p, task) else {
                return false;
            };
            let types: Vec<_> = p.task(task).params[0]
                .tags
                .iter()
                .filter(|&&(_, local)| local == slot)
                .map(|&(tt, _)| tt)
                .collect();
            !types.is_empty() && types.into_iter().all(made_only_spread)
        })
        .collect()
}

/// The default layout's policy for a task (see [`Layout::default_for`]):
/// one instance for the startup task and on one core, else round-robin
/// for one parameter, tag hashing for parameters sharing a tag.
pub fn default_policy(cores: u32, startup: bool, params: usize, tag_shared: bool) -> Policy {
    if cores <= 1 || startup {
        Policy::Single
    } else if params == 1 {
        Policy::RoundRobin
    } else if tag_shared {
        Policy::TagHash
    } else {
        Policy::Single
    }
}

/// Whether `task` takes the `StartupObject` (it runs once, where the
/// runtime injects that object: core 0).
pub fn is_startup_task(p: &Program, task: TaskId) -> bool {
    p.task(task)
        .params
        .iter()
        .any(|par| par.class == p.well_known.startup)
}

/// A tag variable named on every parameter of `task`, if any: objects of
/// one invocation then share that tag instance, so hashing it keeps them
/// together.
pub fn shared_tag_slot(p: &Program, task: TaskId) -> Option<crate::hir::LocalId> {
    let params = &p.task(task).params;
    let first = params.first()?;
    first.tags.iter().map(|&(_, local)| local).find(|local| {
        params
            .iter()
            .all(|par| par.tags.iter().any(|&(_, l)| l == *local))
    })
}

#[cfg(test)]
mod tests;
