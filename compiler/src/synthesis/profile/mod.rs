//! Profiles (paper 4.3.1): the file a `--profile-gen` build writes and its
//! validation against the program; `synthesis::markov` builds the Markov
//! model from it.
//!
//! In: a checked `hir::Program` and the profile's JSON text (the driver reads
//! the file). Out: a validated [`Profile`] or a [`ProfileError`] (data; the
//! wording is in `diagnostics::profile`).
//!
//! The format (`docs/profile-format.md`, version [`VERSION`]) is written by
//! the C runtime (`runtime-c/src/profile.c`). Exits in the file use the
//! runtime's numbering (0 = end of body, k >= 1 = the k-th `taskexit`);
//! [`exit_id`] converts to the HIR's `ExitId` (where the end of the body is
//! the last exit).
//!
//! Invariants after `Profile::from_json` succeeds: the format and version
//! are this module's; the fingerprint is `fingerprint(p)`; every task named
//! exists once; every exit number is in range and appears once per task;
//! counts add up (per task and in total); no figure is negative; the
//! probabilities of a task that ran sum to 1 (within 1e-6) and those of a
//! task that never ran are 0; every allocation site exists and allocates
//! the class named; every tag binding record names a parameter or site the
//! task and program have and a tag type of the program, with `fresh` and
//! each `from_params` count at most `bound`.

use crate::hir::{AllocSiteId, BodyOwner, ExitId, Guard, Program, Task, TaskId};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::hash::Hasher;

mod errors;

use errors::{find_out_of_range, json_error};
pub use errors::{ProfileError, TagBindingProblem};

/// The `format` field of every profile.
pub const FORMAT: &str = "bambooc-profile";
/// The version of the format this compiler's runtime writes.
pub const VERSION: u32 = 5;
/// The oldest version this compiler reads: version 3 lacks the heap
/// figures of version 4 (`gc_min_bytes`, `gc_live_bytes`, per exit
/// `alloc_bytes_mean`), so the simulator spreads its collections over the
/// body time as the 1-core run had them; versions 3 and 4 lack the object
/// sizes of version 5 (`param_bytes_mean`, `bytes_mean`), so objects
/// cross a network at its latency alone.
pub const MIN_VERSION: u32 = 3;
/// How far the probabilities of a task may sum away from 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-6;
/// The largest figure a profile may hold: 10^18 nanoseconds is 31 years of
/// run time, and no count of a real run comes near it. Larger figures only
/// come from damaged or edited files.
pub const MAX_FIGURE: f64 = 1e18;
/// The most task objects a simulation of a profile may make: the
/// simulator keeps every object it makes (tens of bytes each), so this
/// bounds the compiler's memory, whatever the file says. A simulation of
/// a window of the run makes at most a window's worth of invocations, each
/// at most a window's worth of objects per site, so a long real run fits;
/// only a full replay (`bambooc sim --full-replay`) makes every object.
pub const MAX_TASK_OBJECTS: u64 = 1 << 24;

/// The task objects a windowed simulation makes at most for one
/// allocation record: `total` objects over `count` invocations, at most
/// [`sim::WINDOW`](crate::synthesis::sim::WINDOW) of both.
fn simulated_objects(total: u64, count: u64, mean: f64) -> u64 {
    let window = crate::synthesis::sim::WINDOW;
    let per_invocation = mean.ceil().min(window as f64) as u64;
    total.min(count.min(window).saturating_mul(per_invocation))
}

/// A profile file (see `docs/profile-format.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub format: String,
    pub version: u32,
    /// The program's name (its first source file without `.bb`).
    pub program: String,
    /// [`fingerprint`] of the program that was profiled.
    pub fingerprint: String,
    /// False when the run ended through `System.exit` or a run-time error.
    #[serde(default = "yes")]
    pub complete: bool,
    /// The clock the runtime used (informational).
    #[serde(default)]
    pub clock: String,
    /// The cost of one clock reading, subtracted from every duration.
    #[serde(default)]
    pub clock_overhead_ns: u64,
    /// Wall time of the run, start-up to the writing of the profile.
    pub total_ns: u64,
    /// Time spent in task bodies: the sum over exits of count × mean.
    #[serde(default)]
    pub task_ns: f64,
    /// Runtime start-up to the start of the first body (initialisation,
    /// the startup object). Version 2; 0 when absent.
    #[serde(default)]
    pub init_ns: u64,
    /// The scheduler between bodies (dispatch, guards, locks, exits,
    /// routing), the profiler's own clock readings taken out.
    #[serde(default)]
    pub sched_ns: f64,
    /// The garbage collector, all collections together.
    #[serde(default)]
    pub gc_ns: u64,
    /// The marking part of `gc_ns` (the rest is the sweep). On N cores one
    /// core marks while every core sweeps its own heap. 0 when absent (an
    /// older profile): the simulator then treats the whole collection as
    /// serial.
    #[serde(default)]
    pub gc_mark_ns: u64,
    /// Collections.
    #[serde(default)]
    pub collections: u64,
    /// The heap's minimum collection threshold in bytes (version 4; 0 when
    /// absent): a core collects once it has allocated max(its live bytes,
    /// this) since the last collection.
    #[serde(default)]
    pub gc_min_bytes: u64,
    /// Mean bytes live after a collection (version 4; 0 when absent).
    #[serde(default)]
    pub gc_live_bytes: u64,
    /// The end of the last body to the writing of the profile (the last
    /// exit, termination detection, flushing the output).
    #[serde(default)]
    pub finish_ns: u64,
    /// The profiler's own time between the first and the last timed body
    /// (its clock readings and bookkeeping); 0 when absent.
    #[serde(default)]
    pub profiler_ns: f64,
    /// The invocations whose bodies were timed (the runtime samples
    /// fine-grained tasks); 0 when absent (every one).
    #[serde(default)]
    pub timed_invocations: u64,
    /// Task invocations, all tasks together.
    pub invocations: u64,
    /// Task objects allocated before the first task ran.
    #[serde(default)]
    pub allocations_outside_tasks: u64,
    pub tasks: Vec<TaskProfile>,
}

fn yes() -> bool {
    true
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskProfile {
    /// The task's name.
    pub task: String,
    pub invocations: u64,
    pub exits: Vec<ExitProfile>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExitProfile {
    /// Runtime exit number: 0 = end of body, k >= 1 = the k-th `taskexit`.
    pub exit: u32,
    /// Invocations that took this exit.
    pub count: u64,
    /// count / the task's invocations (0 when the task never ran).
    pub probability: f64,
    /// Mean body time of those invocations, nanoseconds.
    pub time_mean_ns: f64,
    /// Sample variance of that time (n - 1 in the denominator; 0 below 2).
    pub time_var_ns2: f64,
    /// Mean time of the scheduler between the body of one of those
    /// invocations and the next body (applying the exit, publishing,
    /// dispatching; collections and the profiler's clock reading left
    /// out). Absent from older profiles and for an exit only the run's
    /// last invocation took: the simulator then charges the run's average.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sched_mean_ns: Option<f64>,
    /// Mean heap bytes the bodies of those invocations allocated (version
    /// 4; absent for an exit no invocation took and in older profiles).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alloc_bytes_mean: Option<f64>,
    /// Per parameter, the mean packed bytes of its object's region after
    /// the body (what moving it to another rank sends; version 5, from a
    /// sample of the invocations; absent when none was measured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param_bytes_mean: Option<Vec<f64>>,
    /// Sites at which those invocations allocated task objects (sites with
    /// no allocation are left out).
    #[serde(default)]
    pub allocations: Vec<AllocProfile>,
    /// Tag bindings made by those invocations (version 3), per binding
    /// point and tag type; points with none are left out.
    #[serde(default)]
    pub tags: Vec<TagBindingProfile>,
}

/// The bindings of objects to tag instances of one type at one binding
/// point of one exit: the exit's `add` on a parameter, or an allocation
/// block's `add` at a site (version 3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagBindingProfile {
    /// The parameter whose object the exit binds (absent for a site).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub param: Option<u32>,
    /// The allocation site whose new objects are bound (absent for a
    /// parameter).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site: Option<u32>,
    /// The tag type's name.
    pub tag: String,
    /// Bindings made.
    pub bound: u64,
    /// Bindings to an instance no object had been bound to before.
    pub fresh: u64,
    /// Per parameter of the task: bindings to an instance that parameter's
    /// object held at the time.
    pub from_params: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AllocProfile {
    /// `hir::AllocSiteId` of the allocation block.
    pub site: u32,
    /// The class it allocates (checked against the program).
    pub class: String,
    /// Objects allocated there by invocations taking this exit.
    pub total: u64,
    /// total / count: objects per invocation taking this exit.
    pub mean: f64,
    /// The mean index of the site's first allocation among the
    /// allocations of an invocation that allocated there (version 3): the
    /// order in which the exit's sites allocate.
    #[serde(default)]
    pub order: f64,
    /// The mean packed bytes of the region of one of these objects when
    /// the body that made it ended (version 5, sampled; absent when none
    /// was measured).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_mean: Option<f64>,
}

/// A hash over what a profile describes: every task (name, parameters with
/// their classes, guards and tag requirements, exits with their state
/// changes) and every allocation site (class, initial state, owner), by
/// name, so unrelated edits (method bodies, new methods) keep it. FNV-1a
/// 64, 16 hex digits.
pub fn fingerprint(p: &Program) -> String {
    let mut text = String::from("bambooc-profile-fingerprint 1\n");
    for t in &p.tasks {
        text.push_str(&format!("task {}\n", t.name));
        for par in &t.params {
            let class = p.class(par.class);
            text.push_str(&format!(
                "  param {} {} guard {}",
                par.name,
                class.name,
                guard_text(p, par.class, &par.guard)
            ));
            for (tt, _) in &par.tags {
                text.push_str(&format!(" with {}", p.tag_types[tt.0 as usize]));
            }
            text.push('\n');
        }
        for (e, exit) in t.exits.iter().enumerate() {
            text.push_str(&format!("  exit {e} implicit={}", exit.implicit));
            for ch in &exit.changes {
                text.push_str(&format!(
                    " [set {:#x} clear {:#x} add {} clear {}]",
                    ch.set,
                    ch.clear,
                    ch.add_tags.len(),
                    ch.clear_tags.len()
                ));
            }
            text.push('\n');
        }
    }
    for (i, s) in p.alloc_sites.iter().enumerate() {
        let owner = match s.owner {
            Some(BodyOwner::Task(t)) => format!("task {}", p.task(t).name),
            Some(BodyOwner::Method(m)) => {
                let m = p.method(m);
                format!("method {}.{}", p.class(m.class).name, m.name)
            }
            None => "none".to_string(),
        };
        text.push_str(&format!("site {i} {} in {owner}\n", p.class(s.class).name));
    }
    let mut h = fnv::FnvHasher::default();
    h.write(text.as_bytes());
    format!("{:016x}", h.finish())
}

fn guard_text(p: &Program, class: crate::hir::ClassId, g: &Guard) -> String {
    match g {
        Guard::Const(b) => b.to_string(),
        Guard::Flag(bit) => p
            .class(class)
            .flags
            .get(bit.0 as usize)
            .map(|f| f.name.clone())
            .unwrap_or_else(|| format!("#{}", bit.0)),
        Guard::Not(a) => format!("!({})", guard_text(p, class, a)),
        Guard::And(a, b) => format!(
            "({} && {})",
            guard_text(p, class, a),
            guard_text(p, class, b)
        ),
        Guard::Or(a, b) => format!(
            "({} || {})",
            guard_text(p, class, a),
            guard_text(p, class, b)
        ),
    }
}

/// The HIR exit of a runtime exit number (runtime 0 = the end of the body,
/// the HIR's last exit; runtime k >= 1 = HIR exit k - 1). `None` when out of
/// range.
pub fn exit_id(task: &Task, runtime_exit: u32) -> Option<ExitId> {
    let n = task.exits.len() as u32;
    match runtime_exit {
        _ if runtime_exit >= n => None,
        0 => Some(ExitId(n - 1)),
        k => Some(ExitId(k - 1)),
    }
}

/// The runtime exit number of a HIR exit (the inverse of [`exit_id`]).
pub fn runtime_exit(task: &Task, exit: ExitId) -> u32 {
    crate::analysis::astg::runtime_exit_number(task, exit)
}

impl Profile {
    /// Reads and validates a profile of `p` (see the module invariants).
    pub fn from_json(p: &Program, text: &str) -> Result<Profile, ProfileError> {
        let value: serde_json::Value = serde_json::from_str(text).map_err(json_error)?;
        match value.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            other => {
                return Err(ProfileError::NotAProfile {
                    found: other.map(str::to_string),
                })
            }
        }
        match value.get("version") {
            Some(v)
                if v.as_u64()
                    .is_some_and(|v| (MIN_VERSION as u64..=VERSION as u64).contains(&v)) => {}
            Some(v) => {
                return Err(ProfileError::UnsupportedVersion {
                    found: v.to_string(),
                })
            }
            None => {
                return Err(ProfileError::UnsupportedVersion {
                    found: "none".to_string(),
                })
            }
        }
        find_out_of_range(&value, &mut String::new())?;
        let profile: Profile = serde_json::from_str(text).map_err(json_error)?;
        let structure = profile.check_against(p);
        let expected = fingerprint(p);
        if profile.fingerprint != expected {
            return Err(ProfileError::OtherProgram {
                program: profile.program.clone(),
                found: profile.fingerprint.clone(),
                expected,
                difference: structure.err().map(Box::new),
            });
        }
        structure?;
        Ok(profile)
    }

    /// Serialises the profile as the runtime writes it (tests, tools).
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("profiles serialise")
    }

    /// Checks names, exit numbers, counts, probabilities and sites against
    /// the program.
    fn check_against(&self, p: &Program) -> Result<(), ProfileError> {
        let mut seen = BTreeSet::new();
        let mut total = 0u64;
        let mut objects = self
            .allocations_outside_tasks
            .min(crate::synthesis::sim::WINDOW);
        for tp in &self.tasks {
            let Some(tid) = p.tasks.iter().position(|t| t.name == tp.task) else {
                return Err(ProfileError::UnknownTask {
                    name: tp.task.clone(),
                    suggestion: crate::sema::suggest(
                        &tp.task,
                        p.tasks.iter().map(|t| t.name.as_str()),
                    ),
                });
            };
            if !seen.insert(tid) {
                return Err(ProfileError::DuplicateTask {
                    name: tp.task.clone(),
                });
            }
            let task = p.task(TaskId(tid as u32));
            let nexits = task.exits.len() as u32;
            let mut exits = BTreeSet::new();
            let (mut sum, mut psum) = (0u64, 0.0f64);
            for ep in &tp.exits {
                if ep.exit >= nexits {
                    return Err(ProfileError::ExitOutOfRange {
                        task: tp.task.clone(),
                        exit: ep.exit,
                        nexits,
                    });
                }
                if !exits.insert(ep.exit) {
                    return Err(ProfileError::DuplicateExit {
                        task: tp.task.clone(),
                        exit: ep.exit,
                    });
                }
                if !(0.0..=1.0).contains(&ep.probability) {
                    return Err(ProfileError::BadProbability {
                        task: tp.task.clone(),
                        exit: ep.exit,
                        value: ep.probability,
                    });
                }
                sum = sum.saturating_add(ep.count);
                psum += ep.probability;
                let mut sites = BTreeSet::new();
                for a in &ep.allocations {
                    let nsites = p.alloc_sites.len() as u32;
                    if a.site >= nsites {
                        return Err(ProfileError::SiteOutOfRange {
                            task: tp.task.clone(),
                            exit: ep.exit,
                            site: a.site,
                            nsites,
                        });
                    }
                    if !sites.insert(a.site) {
                        return Err(ProfileError::DuplicateSite {
                            task: tp.task.clone(),
                            exit: ep.exit,
                            site: a.site,
                        });
                    }
                    // The simulator makes `mean` objects per invocation:
                    // it must be what the run made, total over count.
                    let made = a.mean * ep.count as f64;
                    if (made - a.total as f64).abs() > 1e-6 * (a.total as f64).max(1.0) {
                        return Err(ProfileError::AllocMeanMismatch {
                            task: tp.task.clone(),
                            exit: ep.exit,
                            site: a.site,
                            mean: a.mean,
                            total: a.total,
                            count: ep.count,
                        });
                    }
                    objects = objects.saturating_add(simulated_objects(a.total, ep.count, a.mean));
                    let expected = &p.class(p.alloc_site(AllocSiteId(a.site)).class).name;
                    if &a.class != expected {
                        return Err(ProfileError::SiteClassMismatch {
                            task: tp.task.clone(),
                            exit: ep.exit,
                            site: a.site,
                            found: a.class.clone(),
                            expected: expected.clone(),
                        });
                    }
                }
                check_tag_bindings(p, task, &tp.task, ep)?;
                let nparams = task.params.len();
                if let Some(bytes) = ep.param_bytes_mean.as_ref().filter(|b| b.len() != nparams) {
                    return Err(ProfileError::ParamBytesLength {
                        task: tp.task.clone(),
                        exit: ep.exit,
                        found: bytes.len() as u32,
                        nparams: nparams as u32,
                    });
                }
            }
            if sum != tp.invocations {
                return Err(ProfileError::CountMismatch {
                    task: Some(tp.task.clone()),
                    sum,
                    stated: tp.invocations,
                });
            }
            let ok = if tp.invocations == 0 {
                psum == 0.0
            } else {
                (psum - 1.0).abs() <= PROBABILITY_TOLERANCE
            };
            if !ok {
                return Err(ProfileError::ProbabilitySum {
                    task: tp.task.clone(),
                    sum: psum,
                    invocations: tp.invocations,
                });
            }
            total = total.saturating_add(tp.invocations);
        }
        if total != self.invocations {
            return Err(ProfileError::CountMismatch {
                task: None,
                sum: total,
                stated: self.invocations,
            });
        }
        if objects > MAX_TASK_OBJECTS {
            return Err(ProfileError::TooManyObjects { total: objects });
        }
        Ok(())
    }
}

/// Checks one exit's tag binding records against the program.
fn check_tag_bindings(
    p: &Program,
    task: &Task,
    name: &str,
    ep: &ExitProfile,
) -> Result<(), ProfileError> {
    let bad = |problem| ProfileError::BadTagBinding {
        task: name.to_string(),
        exit: ep.exit,
        problem,
    };
    let nparams = task.params.len() as u32;
    let mut seen = BTreeSet::new();
    for b in &ep.tags {
        match (b.param, b.site) {
            (Some(param), None) if param >= nparams => {
                return Err(bad(TagBindingProblem::ParamOutOfRange { param, nparams }))
            }
            (None, Some(site)) if site >= p.alloc_sites.len() as u32 => {
                return Err(bad(TagBindingProblem::SiteOutOfRange {
                    site,
                    nsites: p.alloc_sites.len() as u32,
                }))
            }
            (Some(_), None) | (None, Some(_)) => {}
            _ => return Err(bad(TagBindingProblem::NoPoint)),
        }
        if !p.tag_types.contains(&b.tag) {
            return Err(bad(TagBindingProblem::UnknownTagType {
                name: b.tag.clone(),
            }));
        }
        if !seen.insert((b.param, b.site, b.tag.as_str())) {
            return Err(bad(TagBindingProblem::Duplicate { tag: b.tag.clone() }));
        }
        if b.from_params.len() as u32 != nparams {
            return Err(bad(TagBindingProblem::FromParamsLength {
                tag: b.tag.clone(),
                found: b.from_params.len() as u32,
                nparams,
            }));
        }
        if b.fresh > b.bound || b.from_params.iter().any(|&n| n > b.bound) {
            return Err(bad(TagBindingProblem::CountAboveBound {
                tag: b.tag.clone(),
            }));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod size_tests;
