//! `bambooc sim`: the what-if mode (paper 4.4-4.5). Reads the program and
//! its profile, builds the simulator's model from the CSTG and the Markov
//! model, and for each machine and core count asked for either simulates
//! `--layout FILE` or searches a layout (`synthesis::synthesise`); prints a
//! table (or, with `--format json`, the same columns as JSON for scripts:
//! [`SimRow`]) and writes `--emit layout,sim-trace`. No C is emitted.
//!
//! Machines: `--machine NAME|FILE` (comma separated; a built-in name or a
//! TOML file, e.g. one `bambooc calibrate` wrote; docs/machine-format.md).
//! Without it, each core count N uses the built-in `smp:N`.

use super::{
    artifact_stem, load_profile, report_failure, run_frontend, CommonArgs, EmitKind, Failure,
    Internal, ProfileArgs,
};
use crate::hir::Program;
use crate::synthesis::anneal;
use crate::synthesis::layout::Layout;
use crate::synthesis::machine::{Machine, MachineError, Topology};
use crate::synthesis::sim::{self, Model, SimOptions, SimResult};
use crate::synthesis::{self, Outcome};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

/// The seed when `--seed` is not given.
pub const DEFAULT_SEED: u64 = 0x0bab_b00c;

#[derive(Args, Debug)]
pub struct SimArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    #[command(flatten)]
    pub profile: ProfileArgs,
    /// Core counts to compare (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "N", default_value = "1",
          value_parser = clap::value_parser!(u32).range(1..=4096))]
    pub cores: Vec<u32>,
    /// Machines: `tilepro64`, `smp:N`, `cluster:NODESxCORES` or a TOML file (comma separated).
    #[arg(long, value_delimiter = ',', value_name = "NAME|FILE")]
    pub machine: Vec<String>,
    /// Simulate this layout (JSON) instead of searching for one.
    #[arg(long = "layout", value_name = "FILE")]
    pub layout_file: Option<PathBuf>,
    /// Seed of every random choice of the search.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Measure the simulator: simulated task invocations per second on a
    /// generated model (no program needed).
    #[arg(long)]
    pub bench: bool,
    /// Compare the search from RUNS random starts with exhaustive
    /// enumeration, per core count.
    #[arg(long, value_name = "RUNS")]
    pub dsa_report: Option<u32>,
    /// Simulate a runtime that never hands queued work to idle cores (as
    /// the paper's, or a program run with `BAMBOO_BALANCE=0`), in the
    /// search and in the simulation of `--layout`.
    #[arg(long)]
    pub no_balance: bool,
    /// Simulate every profiled invocation instead of a window of them
    /// extrapolated to the run's length (slower on long profiles; for
    /// checking the window's error).
    #[arg(long)]
    pub full_replay: bool,
    /// How the results are printed: a table for people, or JSON (one
    /// object with a `rows` array, every column of the table) for scripts.
    #[arg(long, value_enum, default_value_t = SimFormat::Human)]
    pub format: SimFormat,
}

/// `bambooc sim --format`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum SimFormat {
    Human,
    Json,
}

/// One row of `bambooc sim`'s results: one machine and core count.
#[derive(Serialize, Debug)]
pub struct SimRow {
    pub machine: String,
    pub cores: u32,
    /// The estimated time in nanoseconds; `None` unless the simulation
    /// completed.
    pub estimated_ns: Option<f64>,
    /// The estimate as the table prints it (a time, `N% useful`, or
    /// `stalled after N invocations`).
    pub estimated: String,
    pub completed: bool,
    pub stalled: bool,
    pub invocations: u64,
    pub useful_fraction: f64,
    /// The estimated speedup over one core of the same machine.
    pub speedup: Option<f64>,
    /// Layouts simulated by the search.
    pub layouts: usize,
    pub search_seconds: f64,
    pub critical_path: String,
    /// Busy fraction of each core.
    pub utilisation: Vec<f64>,
    pub used_cores: u32,
    /// Objects sent between nodes (a cluster machine only), with the
    /// share of their flight hidden behind computation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<NetworkRow>,
}

/// `SimRow::network`: the run's traffic between nodes.
#[derive(Serialize, Debug)]
pub struct NetworkRow {
    #[serde(flatten)]
    pub traffic: sim::NetworkTraffic,
    pub hidden_share: f64,
}

/// The results as JSON: `{"rows": [SimRow, ...]}`.
#[derive(Serialize)]
struct SimReport<'a> {
    rows: &'a [SimRow],
}

/// Reads `--machine` entries: built-in names, else files.
pub fn read_machine(spec: &str) -> Result<Machine, Failure> {
    let bad = |error| Failure::Machine {
        source: spec.to_string(),
        error,
    };
    match Machine::builtin(spec) {
        Ok(m) => Ok(m),
        Err(MachineError::UnknownBuiltin(_)) if std::path::Path::new(spec).is_file() => {
            let text =
                std::fs::read_to_string(spec).map_err(|error| Failure::MachineUnreadable {
                    path: PathBuf::from(spec),
                    error,
                })?;
            Machine::from_toml(&text).map_err(bad)
        }
        Err(e) => Err(bad(e)),
    }
}

/// The machines to simulate `cores` cores on.
fn machines_for(args: &SimArgs, cores: u32) -> Result<Vec<Machine>, Failure> {
    let bad = |spec: &str, error| Failure::Machine {
        source: spec.to_string(),
        error,
    };
    if args.machine.is_empty() {
        return Ok(vec![Machine::smp(cores).map_err(|e| bad("smp", e))?]);
    }
    args.machine
        .iter()
        .map(|spec| {
            read_machine(spec)?
                .with_cores(cores)
                .map_err(|e| bad(spec, e))
        })
        .collect()
}

/// The progress of [`synthesis::synthesise`] for `cores` cores of a
/// machine: a spinner on stderr when it is a terminal, cleared when
/// dropped. Builds with `--profile` and `bambooc sim` show it.
pub struct Spinner {
    bar: Option<indicatif::ProgressBar>,
    cores: u32,
    machine: String,
}

impl Spinner {
    pub fn new(machine: &Machine, cores: u32) -> Spinner {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = indicatif::ProgressBar::new_spinner();
            b.set_message(format!(
                "searching layouts for {cores} cores on {}",
                machine.name
            ));
            b
        });
        Spinner {
            bar,
            cores,
            machine: machine.name.clone(),
        }
    }

    /// The search's `round` has ended with `best` the best estimate.
    pub fn progress(&self, round: u32, best: f64) {
        if let Some(b) = &self.bar {
            b.set_message(format!(
                "searching layouts for {} cores on {}: round {round}, best {}",
                self.cores,
                self.machine,
                show_ns(best)
            ));
            b.tick();
        }
    }
}

impl Drop for Spinner {
    fn drop(&mut self) {
        if let Some(b) = self.bar.take() {
            b.finish_and_clear();
        }
    }
}

fn show_ns(ns: f64) -> String {
    if !ns.is_finite() {
        "-".into()
    } else if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else {
        format!("{:.3} us", ns / 1e3)
    }
}

/// Each core's utilisation as `core:percent`, a run of neighbours with
/// the same rounded figure as `first-last:percent` (62 cores of which 58
/// idle would otherwise fill a screen).
fn utilisation_text(util: &[f64]) -> String {
    let pct: Vec<u32> = util.iter().map(|u| (u * 100.0).round() as u32).collect();
    let mut parts = Vec::new();
    let mut first = 0;
    for c in 0..pct.len() {
        if c + 1 == pct.len() || pct[c + 1] != pct[c] {
            parts.push(match c - first {
                0 => format!("{c}:{}%", pct[c]),
                1 => format!("{first}:{}% {c}:{}%", pct[c], pct[c]),
                _ => format!("{first}-{c}:{}%", pct[c]),
            });
            first = c + 1;
        }
    }
    parts.join(" ")
}

/// The critical path's tasks, repeats folded: `a > b x4 > c`, and a
/// repeated run of several tasks as `[a > b x4] x3`. A path of more than
/// [`PATH_ITEMS`] items after folding shows its first and last items
/// around the number of steps left out (the simulated run, critical path
/// included, is in `--emit sim-trace`).
fn path_text(model: &Model, r: &SimResult) -> String {
    let tasks: Vec<u32> = sim::critical_path(r)
        .iter()
        .map(|s| r.trace[s.inv as usize].task)
        .collect();
    let items = fold_path(&tasks);
    let show = |item: &PathItem| item.text(&|t| model.tasks[t as usize].name.as_str());
    if items.len() <= PATH_ITEMS {
        return items.iter().map(show).collect::<Vec<_>>().join(" > ");
    }
    let (head, tail) = (PATH_ITEMS * 2 / 3, PATH_ITEMS / 3);
    let hidden: usize = items[head..items.len() - tail]
        .iter()
        .map(PathItem::steps)
        .sum();
    let mut parts: Vec<String> = items[..head].iter().map(show).collect();
    parts.push(format!("... {hidden} steps ..."));
    parts.extend(items[items.len() - tail..].iter().map(show));
    parts.join(" > ")
}

/// The most items a critical path shows.
const PATH_ITEMS: usize = 24;
/// The longest run of items folded as one repeated block.
const PATH_BLOCK: usize = 24;

/// One item of a folded critical path: a task run `count` times in a row,
/// or a block of items repeated `count` times.
#[derive(Clone, Debug, PartialEq)]
enum PathItem {
    Task { task: u32, count: usize },
    Block { items: Vec<PathItem>, count: usize },
}

impl PathItem {
    /// The invocations it stands for.
    fn steps(&self) -> usize {
        match self {
            PathItem::Task { count, .. } => *count,
            PathItem::Block { items, count } => {
                count * items.iter().map(PathItem::steps).sum::<usize>()
            }
        }
    }

    fn text<'a>(&self, name: &dyn Fn(u32) -> &'a str) -> String {
        let (body, count) = match self {
            PathItem::Task { task, count } => (name(*task).to_string(), *count),
            PathItem::Block { items, count } => (
                format!(
                    "[{}]",
                    items
                        .iter()
                        .map(|i| i.text(name))
                        .collect::<Vec<_>>()
                        .join(" > ")
                ),
                *count,
            ),
        };
        if count > 1 {
            format!("{body} x{count}")
        } else {
            body
        }
    }
}

/// Folds a path of tasks: runs of one task first, then, left to right, the
/// repeated block (of up to [`PATH_BLOCK`] items) that covers the most
/// items from each position.
fn fold_path(tasks: &[u32]) -> Vec<PathItem> {
    let mut runs: Vec<PathItem> = Vec::new();
    for &task in tasks {
        match runs.last_mut() {
            Some(PathItem::Task { task: t, count }) if *t == task => *count += 1,
            _ => runs.push(PathItem::Task { task, count: 1 }),
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < runs.len() {
        let mut best = (1, 1); // (block length, repeats)
        for len in 2..=PATH_BLOCK.min((runs.len() - i) / 2) {
            let mut reps = 1;
            while i + (reps + 1) * len <= runs.len()
                && runs[i + reps * len..i + (reps + 1) * len] == runs[i..i + len]
            {
                reps += 1;
            }
            if reps > 1 && len * reps > best.0 * best.1 {
                best = (len, reps);
            }
        }
        let (len, reps) = best;
        if reps > 1 {
            out.push(PathItem::Block {
                items: runs[i..i + len].to_vec(),
                count: reps,
            });
        } else {
            out.push(runs[i].clone());
        }
        i += len * reps;
    }
    out
}

/// Every task on core 0.
pub fn sim(args: &SimArgs) -> i32 {
    if args.profile.profile_gen {
        report_failure(&Failure::SimReadsProfile);
        return 2;
    }
    if args.bench {
        super::simbench::bench();
        return 0;
    }
    let Some(fe) = run_frontend(&args.common) else {
        return 1;
    };
    if fe.has_errors() {
        return 1;
    }
    let Some(program) = &fe.program else {
        return 1;
    };
    let mm = match load_profile(&fe, &args.common, &args.profile) {
        Ok(Some(mm)) => mm,
        Ok(None) => {
            report_failure(&Failure::SimNeedsProfile);
            return 1;
        }
        Err(f) => {
            report_failure(&f);
            return 1;
        }
    };
    let name = super::program_name(&args.common);
    let (Some(cstg), Some(locks)) = (fe.cstg(), fe.lock_plan()) else {
        return 1;
    };
    let model = super::timed("simmodel", || {
        sim::model_from(program, &name, cstg, &mm, locks)
    });
    let limit = crate::synthesis::profile::MAX_TASK_OBJECTS;
    if args.full_replay && model.task_objects() > limit as f64 {
        report_failure(&Failure::FullReplayTooLarge {
            objects: model.task_objects(),
            limit,
        });
        return 1;
    }
    if let Some(runs) = args.dsa_report {
        return dsa_report(args, &model, runs);
    }
    let given = match &args.layout_file {
        None => None,
        Some(f) => match read_layout(program, &name, f) {
            Ok(l) => Some(l),
            Err(f) => {
                report_failure(&f);
                return 1;
            }
        },
    };
    let sim_opts = SimOptions {
        balance: !args.no_balance,
        window: if args.full_replay {
            u64::MAX
        } else {
            sim::WINDOW
        },
        max_invocations: if args.full_replay {
            u64::MAX
        } else {
            SimOptions::default().max_invocations
        },
        ..SimOptions::default()
    };
    // A cluster's layouts are for MPI builds, which keep the tasks of
    // merged lock groups on global core 0; made when a cluster is searched.
    let mut cluster_model: Option<Model> = None;
    let mut rows: Vec<(Machine, u32, Outcome)> = Vec::new();
    let cores_list: Vec<u32> = match &given {
        Some(l) => vec![l.cores()],
        None => args.cores.clone(),
    };
    for &cores in &cores_list {
        let machines = match machines_for(args, cores) {
            Ok(m) => m,
            Err(f) => {
                report_failure(&f);
                return 1;
            }
        };
        for machine in machines {
            let outcome = match &given {
                Some(l) => {
                    let t0 = Instant::now();
                    let result = sim::simulate(&model, &machine, l, sim_opts);
                    Outcome {
                        layout: l.clone(),
                        result,
                        simulated: 1,
                        seconds: t0.elapsed().as_secs_f64(),
                    }
                }
                None => {
                    let fewer: Vec<Layout> = rows
                        .iter()
                        .filter(|(m, c, _)| *c < cores && m.name == machine.name)
                        .map(|(_, _, o)| o.layout.clone())
                        .collect();
                    let spinner = Spinner::new(&machine, cores);
                    let model = match machine.topology {
                        Topology::Cluster { .. } => &*cluster_model.get_or_insert_with(|| {
                            let mut m = model.clone();
                            let pinned =
                                super::mpi::pinned_tasks(program, fe.astgs.as_deref(), locks);
                            for (tm, on_core0) in m.tasks.iter_mut().zip(pinned) {
                                tm.on_core0 = on_core0;
                            }
                            m
                        }),
                        _ => &model,
                    };
                    synthesis::synthesise(
                        model,
                        &machine,
                        cores,
                        args.seed,
                        sim_opts,
                        &fewer,
                        &mut |round, best| spinner.progress(round, best),
                    )
                }
            };
            rows.push((machine, cores, outcome));
        }
    }
    let results = sim_rows(&model, &rows);
    match args.format {
        SimFormat::Human => print!("{}", table(&results)),
        SimFormat::Json => match serde_json::to_string_pretty(&SimReport { rows: &results }) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                report_failure(&Failure::Internal(Internal::Json(e.to_string())));
                return 1;
            }
        },
    }
    if let Err(f) = write_artifacts(args, program, &model, &rows) {
        report_failure(&f);
        return 1;
    }
    0
}

fn read_layout(p: &Program, name: &str, f: &PathBuf) -> Result<Layout, Failure> {
    let text = std::fs::read_to_string(f).map_err(|error| Failure::LayoutUnreadable {
        path: f.clone(),
        error,
    })?;
    Layout::from_json(p, name, &text).map_err(|error| Failure::Layout {
        path: f.clone(),
        error,
    })
}

/// Every column of the results, one row per machine and core count.
fn sim_rows(model: &Model, rows: &[(Machine, u32, Outcome)]) -> Vec<SimRow> {
    let mut out = Vec::new();
    for (machine, cores, o) in rows {
        let base = sim::simulate(
            model,
            &machine.with_cores(1).expect("machines have a core"),
            &synthesis::one_core(model, &machine.name),
            SimOptions::default(),
        );
        let r = &o.result;
        let estimated = if r.stalled {
            format!("stalled after {} invocations", r.invocations)
        } else if r.completed {
            show_ns(r.time_ns)
        } else {
            format!("{:.1}% useful", r.useful_fraction * 100.0)
        };
        let speedup = if r.completed && base.completed && r.time_ns > 0.0 {
            Some(base.time_ns / r.time_ns)
        } else if !r.completed && !r.stalled && base.useful_fraction > 0.0 {
            Some(r.useful_fraction * f64::from(*cores) / base.useful_fraction)
        } else {
            None
        };
        out.push(SimRow {
            machine: machine.name.clone(),
            cores: *cores,
            estimated_ns: r.completed.then_some(r.time_ns),
            estimated,
            completed: r.completed,
            stalled: r.stalled,
            invocations: r.invocations,
            useful_fraction: r.useful_fraction,
            speedup,
            layouts: o.simulated,
            search_seconds: o.seconds,
            critical_path: path_text(model, r),
            utilisation: r.utilisation(),
            used_cores: o.layout.used_cores(),
            network: r.network.clone().map(|traffic| NetworkRow {
                hidden_share: traffic.hidden_share(),
                traffic,
            }),
        });
    }
    out
}

fn table(rows: &[SimRow]) -> String {
    // The machine column fits the longest name (`calibrated-smp:2`).
    let w = rows
        .iter()
        .map(|r| r.machine.chars().count())
        .max()
        .unwrap_or(0)
        .max(14);
    let mut s = format!(
        "{:<w$} {:>5} {:>14} {:>8} {:>9} {:>9}  critical path\n",
        "machine", "cores", "estimated", "speedup", "layouts", "search"
    );
    for r in rows {
        let speedup = r.speedup.map_or_else(|| "-".into(), |x| format!("{x:.2}x"));
        s.push_str(&format!(
            "{:<w$} {:>5} {:>14} {:>8} {:>9} {:>8.3}s  {}\n",
            r.machine, r.cores, r.estimated, speedup, r.layouts, r.search_seconds, r.critical_path
        ));
        s.push_str(&format!(
            "{:<w$} utilisation per core: {}\n",
            "",
            utilisation_text(&r.utilisation)
        ));
        if let Some(n) = &r.network {
            s.push_str(&format!(
                "{:<w$} between nodes: {} objects, {:.1} MB, {:.0}% of their flight hidden behind computation\n",
                "",
                n.traffic.messages,
                n.traffic.bytes / 1e6,
                n.hidden_share * 100.0
            ));
        }
        if r.used_cores < r.cores {
            s.push_str(&format!(
                "{:<w$} uses {} of {} cores: the model estimates no gain from more\n",
                "", r.used_cores, r.cores
            ));
        }
    }
    s
}

fn write_artifacts(
    args: &SimArgs,
    program: &Program,
    model: &Model,
    rows: &[(Machine, u32, Outcome)],
) -> Result<(), Failure> {
    let stem = artifact_stem(&args.common);
    for (machine, cores, o) in rows {
        let tag = if rows.len() == 1 {
            String::new()
        } else {
            let m: String = machine
                .name
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
                .collect();
            format!(".{m}.{cores}")
        };
        let mut out: Vec<(&str, String)> = Vec::new();
        if args.common.emit.contains(&EmitKind::Layout) {
            out.push(("layout.json", o.layout.to_json(program)));
        }
        if args.common.emit.contains(&EmitKind::SimTrace) {
            out.push(("sim-trace.json", sim::trace_json(model, &o.result)));
        }
        for (ext, text) in out {
            let path = PathBuf::from(format!("{}{tag}.{ext}", stem.display()));
            std::fs::write(&path, text).map_err(|error| Failure::Write { path, error })?;
        }
    }
    Ok(())
}

fn dsa_report(args: &SimArgs, model: &Model, runs: u32) -> i32 {
    for &cores in &args.cores {
        let machines = match machines_for(args, cores) {
            Ok(m) => m,
            Err(f) => {
                report_failure(&f);
                return 1;
            }
        };
        for machine in machines {
            match anneal::dsa_vs_exhaustive(model, &machine, cores, runs, args.seed) {
                Some((hits, runs, best, n, mean)) => println!(
                    "{} cores on {}: {hits}/{runs} searches ({:.1}%) reach the exhaustive optimum {} over {n} candidates ({mean:.0} simulated per search)",
                    cores,
                    machine.name,
                    f64::from(hits) * 100.0 / f64::from(runs),
                    show_ns(best)
                ),
                None => println!(
                    "{} cores on {}: too many candidates to enumerate",
                    cores, machine.name
                ),
            }
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::{fold_path, utilisation_text, PathItem};

    fn show(items: &[PathItem]) -> String {
        let names = ["a", "b", "c", "d"];
        items
            .iter()
            .map(|i| i.text(&|t| names[t as usize]))
            .collect::<Vec<_>>()
            .join(" > ")
    }

    #[test]
    fn a_path_folds_runs_and_repeated_blocks() {
        // a b b c | a b b c | a b b c d d: three passes of `a b x2 c`.
        let mut path = Vec::new();
        for _ in 0..3 {
            path.extend([0, 1, 1, 2]);
        }
        path.extend([3, 3]);
        let items = fold_path(&path);
        assert_eq!(show(&items), "[a > b x2 > c] x3 > d x2");
        assert_eq!(items.iter().map(PathItem::steps).sum::<usize>(), path.len());
        // Nothing repeats: every item stays.
        assert_eq!(show(&fold_path(&[0, 1, 2, 3])), "a > b > c > d");
    }

    #[test]
    fn utilisation_folds_runs_of_equal_cores() {
        let mut util = vec![0.99, 0.99, 0.99, 0.5, 0.2, 0.2];
        util.extend([0.0; 58]);
        assert_eq!(utilisation_text(&util), "0-2:99% 3:50% 4:20% 5:20% 6-63:0%");
        assert_eq!(utilisation_text(&[1.0]), "0:100%");
        assert_eq!(utilisation_text(&[]), "");
    }
}
