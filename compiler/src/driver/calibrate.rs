//! `bambooc calibrate`: builds the microbenchmarks of [`crate::synthesis::calibrate`],
//! runs them on one and two cores and writes the machine description
//! (paper 4.4: the simulator's costs of this machine).
//!
//! In: the number of runs of each measurement. Out: the medians as
//! [`crate::synthesis::calibrate::Measured`]; `calibrate::machine` turns them into
//! costs.

use super::cbuild;
use super::{
    compile_program, frontend, read_sources, report_failure, report_line, report_warning,
    CalibrateArgs, CodegenArgs, CommonArgs, DriverWarning, Failure, Frontend, Internal, StdoutWhat,
};
use std::path::{Path, PathBuf};

/// `bambooc calibrate`: builds the microbenchmarks of `calibrate`, runs
/// them on one and two cores (alternately, medians) and writes the machine
/// description.
pub(super) fn calibrate(args: &CalibrateArgs) -> i32 {
    let measured = (|| {
        // With `--mpi`, a machine without MPI fails before the long runs.
        let temp = args
            .mpi
            .then(|| cbuild::build_dir("calibrate-mpi"))
            .transpose()?;
        let bounce = temp
            .as_ref()
            .map(|t| super::calibrate_mpi::build_bounce(t.path(), args.ranks))
            .transpose()?;
        let (m, mut spreads) = calibrate_measure(args.runs)?;
        let machine = crate::synthesis::calibrate::machine(&m);
        let Some(bounce) = bounce else {
            return Ok((machine, spreads));
        };
        let net =
            super::calibrate_mpi::measure_network(&bounce, args.runs, args.ranks, &mut spreads)?;
        Ok((
            crate::synthesis::calibrate::cluster(&machine, &net),
            spreads,
        ))
    })();
    match measured {
        Ok((machine, spreads)) => {
            report_spreads(&spreads, args.runs);
            let text = crate::synthesis::calibrate::to_toml(&machine);
            let written = match &args.output {
                Some(path) => std::fs::write(path, &text)
                    .map(|()| report_line(format!("wrote {}", path.display())))
                    .map_err(|error| Failure::Write {
                        path: path.clone(),
                        error,
                    }),
                None => std::io::Write::write_all(&mut std::io::stdout(), text.as_bytes()).map_err(
                    |error| Failure::Stdout {
                        what: StdoutWhat::MachineDescription,
                        error,
                    },
                ),
            };
            match written {
                Ok(()) => 0,
                Err(f) => {
                    report_failure(&f);
                    1
                }
            }
        }
        Err(f) => {
            report_failure(&f);
            1
        }
    }
}

/// How far apart a measurement's runs were: (what, median seconds,
/// (slowest - fastest) / median).
pub(super) type Spread = (String, f64, f64);

/// Above this spread a measurement says more about the host than about
/// the runtime.
const NOISY_SPREAD: f64 = 0.2;

/// Prints each measurement's median and spread to standard error, and a
/// warning when runs of one measurement differ widely.
fn report_spreads(spreads: &[Spread], runs: u32) {
    report_line(format!(
        "{:<28} {:>10} {:>8}",
        "measurement", "median", "spread"
    ));
    for (what, median, spread) in spreads {
        report_line(format!(
            "{what:<28} {:>10} {:>7.0}%",
            seconds(*median),
            spread * 100.0
        ));
    }
    let noisy: Vec<String> = spreads
        .iter()
        .filter(|s| s.2 > NOISY_SPREAD)
        .map(|s| s.0.clone())
        .collect();
    if runs > 1 && !noisy.is_empty() {
        report_warning(&DriverWarning::NoisyCalibration {
            percent: NOISY_SPREAD * 100.0,
            measurements: noisy,
        });
    }
}

/// A measurement's time in the unit that shows its digits.
fn seconds(s: f64) -> String {
    if s >= 0.1 {
        format!("{s:.4}s")
    } else if s >= 1e-4 {
        format!("{:.3}ms", s * 1e3)
    } else {
        format!("{:.2}us", s * 1e6)
    }
}

/// The median of `v` and its spread.
pub(super) fn median_spread(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    let median = v[v.len() / 2];
    let spread = if median > 0.0 {
        (v[v.len() - 1] - v[0]) / median
    } else {
        0.0
    };
    (median, spread)
}

/// Writes the benchmark `name` (source `text`) into `dir` and compiles it
/// with `cg` to `dir/exe`.
pub(super) fn build_benchmark(
    dir: &Path,
    name: &str,
    text: &str,
    cg: &CodegenArgs,
    exe: &str,
) -> Result<(PathBuf, Frontend), Failure> {
    let src = dir.join(format!("{name}.bb"));
    std::fs::write(&src, text).map_err(|error| Failure::Write {
        path: src.clone(),
        error,
    })?;
    let (sources, ids, diags) = read_sources(std::slice::from_ref(&src));
    let fe = frontend(sources, ids, diags);
    if fe.has_errors() {
        return Err(Failure::Internal(Internal::BenchmarkUnchecked(
            name.to_string(),
        )));
    }
    let common = CommonArgs {
        files: vec![src],
        ..Default::default()
    };
    let exe = dir.join(exe);
    compile_program(&fe, &common, cg, &exe, &exe)?;
    Ok((exe, fe))
}

fn calibrate_measure(
    runs: u32,
) -> Result<(crate::synthesis::calibrate::Measured, Vec<Spread>), Failure> {
    use crate::synthesis::calibrate::*;
    let temp = cbuild::build_dir("calibrate")?;
    let dir = temp.path();
    let build = |name: &str, text: &str, profile_gen: bool| {
        let mut cg = CodegenArgs {
            opt_level: 2,
            no_bounds_checks: true,
            cores: if profile_gen { 1 } else { 2 },
            spread: !profile_gen,
            ..Default::default()
        };
        cg.profile.profile_gen = profile_gen;
        let exe = if profile_gen {
            format!("{name}-gen")
        } else {
            name.to_string()
        };
        build_benchmark(dir, name, text, &cg, &exe)
    };
    let time = |exe: &Path, args: &[u64], cores: u32| -> Result<f64, Failure> {
        let failed = |error| Failure::BenchmarkFailed {
            exe: exe.to_path_buf(),
            cores,
            error,
        };
        let start = std::time::Instant::now();
        let st = std::process::Command::new(exe)
            .args(args.iter().map(u64::to_string))
            .env("BAMBOO_CORES", cores.to_string())
            .env("BAMBOO_PROFILE_OUT", dir.join("calibrate.profile"))
            .stdout(std::process::Stdio::null())
            .status()
            .map_err(|e| failed(Some(e)))?;
        if !st.success() {
            return Err(failed(None));
        }
        Ok(start.elapsed().as_secs_f64())
    };
    // A short run on two cores with `BAMBOO_STATS=1`: the runtime's own
    // figures for when the other core began and what the end cost.
    let ends = |exe: &Path, args: &[u64]| -> Result<(f64, f64), Failure> {
        let failed = |error| Failure::BenchmarkFailed {
            exe: exe.to_path_buf(),
            cores: 2,
            error,
        };
        let stderr = stats_stderr(
            std::process::Command::new(exe)
                .args(args.iter().map(u64::to_string))
                .env("BAMBOO_CORES", "2"),
            |e| failed(Some(e)),
            || failed(None),
        )?;
        start_and_end_us(&stderr).ok_or_else(|| failed(None))
    };
    let mut spreads: Vec<Spread> = Vec::new();
    let mut median = |what: String, v: Vec<f64>| {
        let (m, s) = median_spread(v);
        spreads.push((what, m, s));
        m
    };
    let (dispatch, _) = build("dispatch", DISPATCH_BB, false)?;
    let (hop, _) = build("hop", HOP_BB, false)?;
    let (handoff, _) = build("handoff", HANDOFF_BB, false)?;
    let (handoff_gen, handoff_fe) = build("handoff", HANDOFF_BB, true)?;
    let (parkhop, _) = build("parkhop", PARKHOP_BB, false)?;
    let (dispatch_runs, dispatch_base_runs, hops) = (4_000_000, 1_000, 100_000);
    let (items, park_hops) = (2_000_000, 100);
    let mut samples: [Vec<f64>; 7] = Default::default();
    let (mut starts, mut end_times) = (Vec::new(), Vec::new());
    let mut park = vec![(Vec::new(), Vec::new()); PARK_WORK_US.len()];
    let mut shares = Vec::new();
    for _ in 0..runs {
        samples[0].push(time(&dispatch, &[dispatch_runs], 1)?);
        samples[1].push(time(&dispatch, &[dispatch_base_runs], 1)?);
        samples[2].push(time(&hop, &[hops], 1)?);
        samples[3].push(time(&hop, &[hops], 2)?);
        samples[4].push(time(&dispatch, &[dispatch_runs], 2)?);
        samples[5].push(time(&handoff, &[items], 1)?);
        samples[6].push(time(&handoff, &[items], 2)?);
        for _ in 0..START_RUNS_PER_ROUND {
            let (start, end) = ends(&hop, &[START_HOPS])?;
            starts.push(start * 1e-6);
            end_times.push(end * 1e-6);
        }
        time(&handoff_gen, &[items], 1)?;
        shares.push(produce_share(&handoff_fe, &dir.join("calibrate.profile"))?);
        for (k, (one, two)) in PARK_WORK_US.iter().zip(park.iter_mut()) {
            one.push(time(&parkhop, &[park_hops, *k], 1)?);
            two.push(time(&parkhop, &[park_hops, *k], 2)?);
        }
    }
    let names = [
        "dispatch, 1 core",
        "dispatch (start-up), 1 core",
        "hop, 1 core",
        "hop, 2 cores",
        "dispatch, 2 cores",
        "handoff, 1 core",
        "handoff, 2 cores",
    ];
    let [d, db, h1, h2, d2, ho1, ho2] = {
        let mut it = names.iter().zip(samples);
        std::array::from_fn(|_| {
            let (name, v) = it.next().expect("one name per measurement");
            median(name.to_string(), v)
        })
    };
    let produce_share = median_spread(shares).0;
    let core_start_s = median("another core's start".into(), starts);
    let end_s = median("the end on two cores".into(), end_times);
    let park = PARK_WORK_US
        .iter()
        .zip(park)
        .map(|(&k, (one, two))| {
            let one = median(format!("parkhop {k} us, 1 core"), one);
            (k, one, median(format!("parkhop {k} us, 2 cores"), two))
        })
        .collect();
    let measured = Measured {
        handoff1_s: ho1,
        handoff2_s: ho2,
        handoff_items: items,
        produce_share,
        park,
        park_hops,
        cores: std::thread::available_parallelism().map_or(1, |n| n.get() as u32),
        dispatch_s: d,
        dispatch_base_s: db,
        dispatch_runs,
        dispatch_base_runs,
        hop1_s: h1,
        hop2_s: h2,
        hops,
        dispatch_two_cores_s: d2,
        core_start_s,
        end_s,
    };
    Ok((measured, spreads))
}

/// Runs `cmd` (a benchmark, or `mpirun` launching one, which must pass
/// the variable on with `-x BAMBOO_STATS`) with `BAMBOO_STATS=1` and
/// returns its standard error; `spawn` words a failure to start it,
/// `failed` a run that did not succeed.
pub(super) fn stats_stderr(
    cmd: &mut std::process::Command,
    spawn: impl FnOnce(std::io::Error) -> Failure,
    failed: impl FnOnce() -> Failure,
) -> Result<String, Failure> {
    let out = cmd
        .env("BAMBOO_STATS", "1")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .output()
        .map_err(spawn)?;
    if !out.status.success() {
        return Err(failed());
    }
    Ok(String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Short runs of `hop` on two cores per round for the start and end
/// figures, which vary more between runs than the long measurements do.
const START_RUNS_PER_ROUND: usize = 5;
/// Hops of those runs: a few, so the run is mostly its two ends.
const START_HOPS: u64 = 100;

/// From `BAMBOO_STATS` output, core 1's start after core 0 and the end's
/// time after the last invocation, both in microseconds (startup.c,
/// `bb_print_start_and_end`).
fn start_and_end_us(stats: &str) -> Option<(f64, f64)> {
    let line = stats
        .lines()
        .find_map(|l| l.strip_prefix("bamboo: stats:   start-up: core 1 "))?;
    let (start, rest) = line.split_once(" us")?;
    let end = rest.split_once("the end: ")?.1.split_once(" us")?.0;
    Some((start.trim().parse().ok()?, end.trim().parse().ok()?))
}

/// The `produce` task's share of the bodies' and scheduler's time in a
/// profile of `handoff` (the rest is `consume`'s).
fn produce_share(fe: &Frontend, profile: &Path) -> Result<f64, Failure> {
    let program = fe
        .program
        .as_ref()
        .ok_or_else(|| Failure::Internal(Internal::BenchmarkUnchecked("handoff".into())))?;
    let text = std::fs::read_to_string(profile).map_err(|error| Failure::ProfileUnreadable {
        path: profile.to_path_buf(),
        error,
    })?;
    let prof = crate::synthesis::profile::Profile::from_json(program, &text).map_err(|error| {
        Failure::Profile {
            path: profile.to_path_buf(),
            error,
        }
    })?;
    let average = prof.sched_ns / prof.invocations.max(1) as f64;
    let time = |task: &str| -> f64 {
        prof.tasks
            .iter()
            .filter(|t| t.task == task)
            .flat_map(|t| &t.exits)
            .map(|e| e.count as f64 * (e.time_mean_ns + e.sched_mean_ns.unwrap_or(average)))
            .sum()
    };
    let (produce, consume) = (time("produce"), time("consume"));
    if produce + consume <= 0.0 {
        return Err(Failure::Internal(Internal::NoTaskTime));
    }
    Ok(produce / (produce + consume))
}

#[cfg(test)]
mod tests {
    use super::{median_spread, start_and_end_us};

    #[test]
    fn start_and_end_come_from_the_stats_line() {
        let stats = "bamboo: stats: 2 cores, 1.000 ms total\n\
                     bamboo: stats:   start-up: core 1 45.5 us after core 0; the end: 12.0 us after the last invocation\n";
        assert_eq!(start_and_end_us(stats), Some((45.5, 12.0)));
        assert_eq!(start_and_end_us("bamboo: stats: 1 core\n"), None);
    }

    #[test]
    fn spread_is_the_range_over_the_median() {
        assert_eq!(median_spread(vec![1.0, 3.0, 2.0]), (2.0, 1.0));
        assert_eq!(median_spread(vec![0.5]), (0.5, 0.0));
        assert_eq!(median_spread(vec![0.0, 0.0]), (0.0, 0.0));
    }
}
